"""Fixtures of the web's browser tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: the docs' folder if asked for, else a temporary one.

    ``SKIPBO_WEB_SCREENSHOTS=docs/_static/web`` has the tests take the docs' pictures
    of the web table again; the test command leaves it unset (a clean checkout).
    """
    folder = os.environ.get("SKIPBO_WEB_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("shots")
    path.mkdir(parents=True, exist_ok=True)
    return path
