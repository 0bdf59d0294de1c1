"""What the web's browser tests share beside their own servers: axe-core's verdict."""

from __future__ import annotations

from typing import Any

import pytest
from tools import webbrowser


def axe_clean(page: Any, where: str) -> None:
    """Assert that axe-core finds no serious or critical violation on ``page`` now."""
    if not webbrowser.AXE.exists():  # pragma: no cover - tools/check installs it
        pytest.skip("needs axe-core: npm install --prefix tools/.npm axe-core (tools/check)")
    problems = webbrowser.axe_problems(page)
    assert problems == [], f"{where}: {problems}"
