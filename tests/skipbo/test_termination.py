"""Termination under random play: a bounded version of ``benchmarks/bench_termination.py``.

A few hundred games, every player count 2-6, both random policies, mostly small stock
piles to stay fast; each must end within the benchmark's cap of moves.
"""

from __future__ import annotations

import pytest
from benchmarks.bench_termination import POLICIES, play_out

from skipbo import Rules, Termination

PLAYER_COUNTS = (2, 3, 4, 5, 6)


@pytest.mark.rule("R-WIN-2")
@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_games_end(players: int, policy: str) -> None:
    """R-WIN-2: "under random play every game ends": 52 games per player count and
    policy (stock sizes 1, 2, 3, 5, 8 and 10, and four games at the default size)."""
    games = [
        *(
            (Rules(players=players, stock_size=size), seed)
            for size in (1, 3, 5, 10)
            for seed in range(8)
        ),
        *((Rules(players=players), seed) for seed in range(4)),
    ]
    for rules, seed in games:
        record = play_out(rules, seed, policy)
        assert record.moves >= 1
        if record.outcome.termination is Termination.STOCK_EMPTIED:
            assert record.outcome.winner is not None


@pytest.mark.rule("R-WIN-2")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_with_a_turn_limit_every_game_ends_by_the_limit(players: int) -> None:
    """R-WIN-2: "with a turn limit every game ends" (at the latest at the limit)."""
    limit = 12
    for seed in range(10):
        record = play_out(Rules(players=players, turn_limit=limit), seed, "play-first")
        assert record.turns <= limit
        if record.outcome.termination is Termination.TURN_LIMIT:
            assert record.turns == limit


def test_a_game_that_does_not_end_within_the_cap_fails_with_its_seed() -> None:
    """The cap is enforced, and the failure names the seed to replay."""
    with pytest.raises(AssertionError, match="seed 3"):
        play_out(Rules(players=2), 3, "play-first", cap=5)
