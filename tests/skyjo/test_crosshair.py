"""The PEP 316 contracts of the Skyjo engine, checked by CrossHair, and proof of teeth.

``python -m tools.crosshair_check`` checks them with every other contract (its bounded
run is a test of its own, ``tests/skipbo/test_crosshair.py``); here: they are found, and a
copy of a contracted function with a deliberate bug makes the command report a
counterexample (for the functions over tuples of symbolic integers; the doubling and
column-removal bugs need budgets far beyond the bounded run, see docs/verification.md).
"""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from tools import crosshair_check

from skipbo.games.skyjo import engine


def test_the_skyjo_engine_is_contracted() -> None:
    assert "skipbo.games.skyjo.engine" in crosshair_check.CONTRACTED_MODULES
    targets = {f.target for f in crosshair_check.contracted_functions("skipbo.games.skyjo.engine")}
    assert targets == {
        f"skipbo.games.skyjo.engine.{name}"
        for name in (
            "first_round_starter",
            "_remove_column",
            "round_scores",
            "legal_moves",
            "apply",
            "_reveal",
            "_draw",
            "_take",
            "_place",
        )
    }


BUGS = (
    pytest.param(
        "first_round_starter",
        "(sums[seat], -seat)",
        "(sums[seat], seat)",
        id="a-tie-goes-to-the-last-seat",
        marks=pytest.mark.rule("S-SETUP-5"),
    ),
)


@pytest.mark.parametrize(("name", "original", "bug"), BUGS)
def test_crosshair_reports_an_injected_bug(
    tmp_path: Path, name: str, original: str, bug: str
) -> None:
    source = inspect.getsource(getattr(engine, name))
    assert original in source
    module = tmp_path / "buggy_skyjo.py"
    module.write_text(
        "from collections.abc import Sequence\n"
        "from skipbo.games.skyjo import spec\n"
        "from skipbo.games.skyjo.engine import *  # noqa: F403\n"
        "from skipbo.games.skyjo.engine import _replace\n"
        "from skipbo.games.skyjo.cards import *  # noqa: F403\n"
        "from skipbo.games.skyjo.state import Grid\n\n" + source.replace(original, bug),
        encoding="utf-8",
    )
    report = crosshair_check.run(twins=False, modules=[("buggy_skyjo", module)], path=[tmp_path])
    refuted = [p for p in report.problems if "not analyzed" not in p]
    assert any(str(module) in p and "false" in p for p in refuted), report.summary()
