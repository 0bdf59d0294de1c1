"""The frozen references ``heuristic@1`` and ``search@1`` of both games (issue 55).

Their identity is their moves: seeded games of each must make exactly the moves recorded
in ``tests/golden/frozen_bots.txt`` (written once by ``python -m tools.frozen_bots
--write``). The file is not regenerated when this fails: a frozen bot changed, or
something it uses did.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest
from tools import frozen_bots
from tools.golden import difference

import skipbo
from skipbo import skyjo
from skipbo.games.skipbo import bots as skipbo_bots
from skipbo.games.skyjo import bots as skyjo_bots

SOURCE = Path(__file__).resolve().parent.parent / "src"

LIVE = {
    "skipbo": ("heuristic", "search", "leaf", "inference"),
    "skyjo": ("heuristic", "search", "outlook"),
}
"""The live modules of each game that the frozen ones are copies of."""


def test_the_frozen_bots_play_the_golden_moves() -> None:
    stored = frozen_bots.GOLDEN.read_text(encoding="utf-8")
    diff = difference(stored, frozen_bots.generate("v1"))
    assert not diff, (
        "a frozen bot (heuristic@1 or search@1) no longer plays as it did: undo the change "
        "to it or to what it uses; do not regenerate the file:\n" + diff
    )


def test_the_golden_file_covers_both_games_and_both_bots() -> None:
    stored = frozen_bots.GOLDEN.read_text(encoding="utf-8")
    heads = [line for line in stored.splitlines() if line.startswith(("skipbo ", "skyjo "))]
    assert sum("seats=search@1" in line for line in heads) == 2  # one game of each
    assert sum(line.startswith("skyjo ") and "heuristic@1,heuristic@1" in line for line in heads)
    searched = [line for line in heads if " ply=" in line]
    assert len(searched) == 2 * frozen_bots.SEARCH_POSITIONS
    assert len(stored.encode()) < 16_000


@pytest.mark.parametrize(
    ("game", "make"), [("skipbo", skipbo_bots.make_bot), ("skyjo", skyjo_bots.make_bot)]
)
def test_make_bot_knows_the_frozen_names(game: str, make: object) -> None:
    registry = skipbo_bots.BOTS if game == "skipbo" else skyjo_bots.BOTS
    frozen = importlib.import_module(f"skipbo.games.{game}.bots.v1")
    assert registry["heuristic@1"] is frozen.HeuristicBot
    assert registry["search@1"] is frozen.SearchBot
    # Copies, not the live classes (which may change).
    assert registry["heuristic@1"] is not registry["heuristic"]
    assert registry["search@1"] is not registry["search"]


def test_the_frozen_bots_choose_legal_moves() -> None:
    state = skipbo.new_game(skipbo.Rules(players=3), seed=9)
    seen = skipbo.view(state, state.current_player)
    for name in ("heuristic@1", "search@1"):
        bot = skipbo_bots.make_bot(name, seed=1)
        assert bot.choose(seen) in skipbo.legal_moves(state)
    table = skyjo.new_game(skyjo.Rules(players=3), seed=9)
    for name in ("heuristic@1", "search@1"):
        assert skyjo_bots.make_bot(name, seed=1).choose(skyjo.view(table)) in skyjo.legal_moves(
            table
        )


@pytest.mark.parametrize("game", sorted(LIVE))
def test_the_frozen_modules_import_no_live_module(game: str) -> None:
    """A frozen module that imported the live heuristic would change with it."""
    live = {f"skipbo.games.{game}.bots.{name}" for name in LIVE[game]}
    folder = SOURCE / "skipbo" / "games" / game / "bots" / "v1"
    copies = sorted(folder.glob("*.py"))
    assert {path.stem for path in copies} == {"__init__", *LIVE[game]}
    for path in copies:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {
            node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
        } | {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
             for alias in node.names}  # fmt: skip
        assert not imported & live, f"{path.name} imports {sorted(imported & live)}"
