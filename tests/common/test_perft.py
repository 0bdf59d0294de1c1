"""Perft counts: the engine's against an independent count, and the documented deals.

Skip-Bo's counts are compared with the reference model of tests/skipbo/reference (the rules
restated by the book), which enumerates and plays moves on its own; Skyjo's opening
counts follow from its rules by hand. The documented counts (docs/perft/counts.json,
written by ``python -m tools.perft_deals``) must stay what the engine computes.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from tools import perft_deals

import skipbo
from skipbo import skyjo
from skipbo.common.game import game_of
from skipbo.common.perft import MAX_DEPTH, count_levels, perft
from skipbo.errors import ArgumentTypeError, ConfigurationError
from skipbo.games.skipbo import serialization as skipbo_json
from tests.skipbo.reference.game import ReferenceGame

COUNTS = json.loads(perft_deals.COUNTS.read_text(encoding="utf-8"))
SKIPBO_DEALS = [name for name in perft_deals.VARIANTS if name.startswith("skipbo")]
ROOT = Path(__file__).resolve().parents[2]


def reference_perft(state: skipbo.GameState, depth: int) -> list[list[int]]:
    """Sequences and positions per depth, with the reference model's moves and play."""

    def children(position: skipbo.GameState) -> Iterator[skipbo.GameState]:
        for move in ReferenceGame(position).legal_moves():
            game = ReferenceGame(position)
            game.play(move)
            yield game.state()

    levels = count_levels(state, depth, children, lambda position: position.outcome is not None)
    return [[level.depth, level.sequences, level.positions, level.ended] for level in levels]


@pytest.mark.rule("R-TURN-1", "R-TURN-2", "R-TURN-5", "R-BUILD-1", "R-BUILD-2", "R-WIN-2")
@pytest.mark.parametrize("name", SKIPBO_DEALS)
def test_skipbo_counts_agree_with_the_reference_model(name: str) -> None:
    state = perft_deals.load(name)
    engine = [
        [level.depth, level.sequences, level.positions, level.ended]
        for level in perft(game_of(state.rules), state, 3)
    ]
    assert engine == reference_perft(state, 3)


@pytest.mark.rule("S-SETUP-4", "S-TURN-1", "S-TURN-2", "S-TURN-3")
def test_skyjo_opening_counts_follow_from_the_rules() -> None:
    """Two players: each turns two of 12 cards up (S-SETUP-4), C(12, 2) ways; then the
    first turn takes the discard top or draws (S-TURN-1); a taken card is swapped into
    one of 12 places (S-TURN-2), a drawn one swapped (12) or discarded with one of the
    10 face-down cards turned up (S-TURN-3)."""
    state = perft_deals.load("skyjo-2")
    game = game_of(state.rules)
    pairs = math.comb(12, 2)
    levels = perft(game, state, 3)
    assert [level.sequences for level in levels] == [1, pairs, pairs**2, pairs**2 * 2]
    # Each seat's choice of cards is its own: the reveals never transpose.
    assert levels[2].positions == pairs**2
    # The fourth move, after each way of starting the turn, from one opening.
    opened = state
    for _ in range(2):
        opened = game.apply(opened, game.legal_moves(game.view(opened, None))[0])
    after = {
        type(move).__name__: game.apply(opened, move)
        for move in game.legal_moves(game.view(opened, None))
    }
    assert sorted(after) == ["Draw", "TakeDiscard"]
    assert perft(game, after["TakeDiscard"], 1)[1].sequences == 12
    assert perft(game, after["Draw"], 1)[1].sequences == 12 + 10
    assert COUNTS["skyjo-2"][4][1] == pairs**2 * (12 + (12 + 10))


@pytest.mark.rule("R-WIN-2")
def test_a_turn_limit_ends_every_line_with_the_first_turn() -> None:
    state = perft_deals.load("skipbo-turn-limit-2")
    levels = perft(game_of(state.rules), state, 6)
    assert state.rules.turn_limit == 1
    # Every sequence that ended stops there: nothing lies below the deepest ended level.
    deepest = max(level.depth for level in levels if level.ended)
    assert all(level.sequences == 0 for level in levels if level.depth > deepest)
    assert sum(level.ended for level in levels) > 0


@pytest.mark.parametrize("name", list(perft_deals.VARIANTS))
def test_the_documented_counts_are_the_engines(name: str) -> None:
    state = perft_deals.load(name)
    # Depths to 3 (2 where each seat's reveal multiplies the positions by 66) here;
    # `python -m tools.perft_deals --check` counts every documented depth.
    depth = 2 if name in perft_deals.SHALLOW else 3
    expected = COUNTS[name][: depth + 1]
    found = [
        [level.depth, level.sequences, level.positions, level.ended]
        for level in perft(game_of(state.rules), state, depth)
    ]
    assert found == expected
    assert state.rules == perft_deals.VARIANTS[name]()


def test_the_depth_is_checked() -> None:
    state = skipbo.new_game(skipbo.Rules(), seed=1)
    with pytest.raises(ConfigurationError, match="from 0 to"):
        perft(game_of(state.rules), state, MAX_DEPTH + 1)
    with pytest.raises(ConfigurationError):
        perft(game_of(state.rules), state, -1)
    with pytest.raises(ArgumentTypeError):
        perft(game_of(state.rules), state, 2.0)  # type: ignore[arg-type]


def test_depth_zero_is_the_position_itself() -> None:
    state = skyjo.new_game(skyjo.Rules(players=3), seed=4)
    assert [
        (level.sequences, level.positions) for level in perft(game_of(state.rules), state, 0)
    ] == [(1, 1)]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "skipbo", "perft", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )


def test_the_command_prints_the_counts_of_a_deal_file() -> None:
    result = run_cli("docs/perft/skyjo-4.json", "--depth", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["depth", "sequences", "positions", "ended"]
    assert [[int(x) for x in line.split()] for line in lines[1:]] == COUNTS["skyjo-4"][:3]


def test_the_command_refuses_what_is_not_a_state(tmp_path: Path) -> None:
    rules = tmp_path / "rules.json"
    rules.write_text(skipbo_json.dumps(skipbo.Rules()), encoding="utf-8")
    result = run_cli(str(rules))
    assert result.returncode == 2
    assert "perft takes a state" in result.stderr
    deep = run_cli("docs/perft/skipbo-standard-2.json", "--depth", str(MAX_DEPTH + 1))
    assert deep.returncode == 2
    assert "--depth" in deep.stderr
