"""Termination of random play: every game ends (R-WIN-2, "under random play every game
ends (the longest game seen is reported)").

Plays ``--games`` games (2,000 by default) for each player count 2..6 at the default
stock sizes (30 cards for 2-4 players, 20 for 5-6), once with the play-first policy and
once with the uniform-random policy (:mod:`skipbo.games.skipbo.bots`, seeded with the game's seed),
fails if any game does not end within a generous cap of moves, and prints for each
player count and policy: games, outcomes, mean and longest game in moves and turns,
and the seed of the longest game (replay it with ``skipbo.new_game(rules, seed=...)``
and the same bot seed).

Usage (a few minutes; the normal test run plays a bounded version in
``tests/skipbo/test_termination.py``)::

    nice .venv/bin/python benchmarks/bench_termination.py
    nice .venv/bin/python benchmarks/bench_termination.py --games 200 --players 2 6
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterable

import attrs

import skipbo
from skipbo.games.skipbo.bots import Bot, PlayFirstBot, RandomBot

POLICIES: dict[str, type[PlayFirstBot] | type[RandomBot]] = {
    "play-first": PlayFirstBot,
    "uniform": RandomBot,
}
"""The random policies: a build-pile play when there is one, or any legal move."""

MOVE_CAP = 100_000
"""A game longer than this counts as not ending (the longest seen is far shorter)."""


@attrs.frozen
class GameRecord:
    """How one game went."""

    seed: int
    moves: int
    turns: int
    outcome: skipbo.Outcome


def play_out(rules: skipbo.Rules, seed: int, policy: str, cap: int = MOVE_CAP) -> GameRecord:
    """Play one game, every seat with the same policy, seeded with ``seed``.

    Raises:
        AssertionError: if the game has not ended after ``cap`` moves; the message
            names the rules, the policy and the seed to replay it.
    """
    bot: Bot = POLICIES[policy](seed)
    state = skipbo.new_game(rules, seed=seed)
    moves = 0
    while state.outcome is None:
        if moves == cap:
            raise AssertionError(
                f"no end after {cap} moves: {rules!r}, policy {policy}, seed {seed}"
            )
        state = skipbo.apply(state, bot.choose(skipbo.view(state, state.current_player)))
        moves += 1
    return GameRecord(seed, moves, state.turn, state.outcome)


def summary(records: Iterable[GameRecord]) -> str:
    """One line: games, outcomes, mean and longest game, the seed of the longest."""
    games = list(records)
    outcomes = Counter(record.outcome.termination.value for record in games)
    longest = max(games, key=lambda record: (record.moves, -record.seed))
    mean_moves = sum(record.moves for record in games) / len(games)
    mean_turns = sum(record.turns for record in games) / len(games)
    ends = ", ".join(f"{name} {count}" for name, count in sorted(outcomes.items()))
    return (
        f"{len(games):>6} {mean_moves:>8.1f} {mean_turns:>7.1f} {longest.moves:>7}"
        f" {longest.turns:>6} {longest.seed:>6}  {ends}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2_000, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    args = parser.parse_args(argv)
    print(
        f"{'players':>7} {'policy':>10} {'games':>6} {'mean mv':>8} {'mean tn':>7}"
        f" {'max mv':>7} {'max tn':>6} {'seed':>6}  outcomes"
    )
    start = time.perf_counter()
    for players in args.players:
        rules = skipbo.Rules(players=players)
        for policy in POLICIES:
            records = [play_out(rules, seed, policy) for seed in range(args.games)]
            print(f"{players:>7} {policy:>10} {summary(records)}", flush=True)
    print(f"every game ended ({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
