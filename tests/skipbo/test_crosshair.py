"""The engine's PEP 316 contracts, checked by CrossHair (bounded run), and proof of teeth.

The bounded run is ``python -m tools.crosshair_check`` with the budgets of its
settings; it must analyse every postcondition and refute none. The teeth tests copy
a contracted function into a temporary module with a deliberate bug and require
CrossHair, through the same command, to report a counterexample.
"""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from tools import crosshair_check

from skipbo.games.skipbo import draw, engine

CONTRACT_RULES = (
    "R-BUILD-2", "R-BUILD-3", "R-BUILD-4", "R-TURN-2", "R-TURN-3", "R-TURN-4", "R-TURN-5",
    "R-TURN-8", "R-DISC-2", "R-DISC-3", "R-DRAW-1", "R-DRAW-2", "R-DRAW-3", "R-WIN-1",
    "R-WIN-3",
)  # fmt: skip
"""The rules whose statements the contracts check (see the docstrings in engine.py)."""


class TestContractInventory:
    """What the command will check, read from the source without running CrossHair."""

    def test_every_contracted_function_has_a_budget(self) -> None:
        functions = [
            function
            for module in crosshair_check.CONTRACTED_MODULES
            for function in crosshair_check.contracted_functions(module)
        ]
        assert [f.target for f in functions if f.budget is None] == []
        # and no budget is left for a function that has lost its contract
        assert set(crosshair_check.BUDGETS) == {f.target for f in functions}

    def test_the_core_functions_are_contracted(self) -> None:
        """Placing a card, completing a pile, drawing with reshuffle, the legality check,
        the move list and apply for each kind of move (issue 5, item 1)."""
        targets = {
            f.target
            for module in crosshair_check.CONTRACTED_MODULES
            for f in crosshair_check.contracted_functions(module)
        }
        expected = {
            "skipbo.common.randomness.permute",
            "skipbo.games.skipbo.draw.fill_hand",
            "skipbo.games.skipbo.draw.take",
            *(
                f"skipbo.games.skipbo.engine.{name}"
                for name in (
                    "legal_moves",
                    "apply",
                    "_accepts",
                    "_without",
                    "_placed",
                    "_play_from_hand",
                    "_play_from_stock",
                    "_play_from_discard",
                    "_discard",
                    "_pass",
                )
            ),
        }
        assert expected <= targets

    def test_unanalysed_conditions_are_problems(self) -> None:
        """A condition without an ``info`` line, an unmet precondition or an error line
        fails the run (they make ``crosshair check`` exit 0 without checking)."""
        function = crosshair_check.contracted_functions("skipbo.games.skipbo.engine")[0]
        first, *rest = function.conditions
        output = "\n".join(
            [
                f"{first.file}:{first.line}: info: Not confirmed.",
                f"{first.file}:{first.line - 3}: info: Unable to meet precondition.",
            ]
        )
        problems, _, checked = crosshair_check.interpret([function], output)
        assert checked == {0}
        assert any("Unable to meet precondition" in p for p in problems)
        assert sum("not analyzed" in p for p in problems) == len(rest)


@pytest.mark.rule(*CONTRACT_RULES)
def test_crosshair_finds_no_counterexample_and_checks_every_condition() -> None:
    """The bounded CrossHair run: every postcondition analysed, none refuted, and the
    engine's small functions behave as their reference twins."""
    report = crosshair_check.run()
    assert report.ok, report.summary()
    assert len(report.confirmed) + len(report.checked) == len(report.conditions)
    assert set(report.twins) == {name for name, _ in crosshair_check.TWINS}


BUGS = (
    pytest.param(
        "_placed",
        "    if len(pile) == highest:\n",
        "    if len(pile) > highest:\n",
        id="a-full-pile-is-not-completed",
    ),
    pytest.param(
        "_without",
        "    return hand[:index] + hand[index + 1 :]\n",
        "    return hand[:index] + hand[index + 2 :]\n",
        id="taking-a-card-drops-two",
    ),
    pytest.param(
        "take",
        "            completed = ()\n",
        "            pass\n",
        id="reshuffled-cards-stay-completed",
    ),
    pytest.param(
        "take",
        "    drawn: Pile = ()\n",
        "    drawn: Pile = ()\n"
        "    if 0 < len(draw_pile) < needed and completed:\n"
        "        draw_pile, seed = shuffle(completed + draw_pile, seed)\n"
        "        completed = ()\n",
        id="B02-a-short-draw-pile-is-reshuffled-in",
    ),
    pytest.param(
        "_discard",
        "    discards = _replace_set(state.discards, own, index, "
        "state.discards[own][index] + (move.card,))\n",
        "    discards = _replace_set(state.discards, own, 0, "
        "state.discards[own][0] + (move.card,))\n",
        id="every-discard-goes-on-pile-0",
    ),
)


@pytest.mark.parametrize(("name", "original", "bug"), BUGS)
def test_crosshair_reports_an_injected_bug(
    tmp_path: Path, name: str, original: str, bug: str
) -> None:
    """A copy of a contracted function with one deliberate bug, in a module of its own
    that imports the rest from the engine, must make the command report a
    counterexample for it."""
    home = draw if hasattr(draw, name) else engine
    source = inspect.getsource(getattr(home, name))
    assert original in source
    private = [n for n in vars(engine) if n.startswith("_") and not n.startswith("__")]
    helpers = ", ".join(sorted(n for n in private if n != name))
    module = tmp_path / "buggy_engine.py"
    module.write_text(
        "from skipbo.games.skipbo import spec\n"
        "from skipbo.games.skipbo.engine import *  # noqa: F403\n"
        f"from skipbo.games.skipbo.engine import {helpers}\n"
        "from skipbo.errors import IllegalMoveError\n"
        "from skipbo.games.skipbo.moves import *  # noqa: F403\n"
        "from skipbo.games.skipbo.state import GameState, Pile\n"
        "from skipbo.games.skipbo.cards import Card, WILD\n"
        "from skipbo.common.randomness import shuffle\n"
        "from skipbo.games.skipbo.draw import fill_hand, take\n\n" + source.replace(original, bug),
        encoding="utf-8",
    )
    report = crosshair_check.run(twins=False, modules=[("buggy_engine", module)], path=[tmp_path])
    refuted = [p for p in report.problems if "not analyzed" not in p]
    assert any(str(module) in p and "false" in p for p in refuted), report.summary()
