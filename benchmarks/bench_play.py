"""Throughput of random play with the "play-first" policy.

At each step: if any build-pile play is legal, pick one at random, else pick any
legal move at random (``random.Random(seed)`` per game). Prints moves per second
and games per second for 2, 4 and 6 players at default stock sizes, and the ratio
to the 130,000 moves/s goal (a mutable pure-Python engine's figure on this machine).

Usage: python benchmarks/bench_play.py [--games N] [--seconds S]
"""

from __future__ import annotations

import argparse
import random
import time

import skipbo
from skipbo import Discard, Pass

GOAL_MOVES_PER_SECOND = 130_000


def play_first_game(rules: skipbo.Rules, seed: int) -> int:
    """Play one game with the play-first policy; return the number of moves."""
    rng = random.Random(seed)
    state = skipbo.new_game(rules, seed=seed)
    legal_moves = skipbo.legal_moves
    apply = skipbo.apply
    choice = rng.choice
    moves = 0
    while state.outcome is None:
        legal = legal_moves(state)
        plays = [m for m in legal if type(m) is not Discard and type(m) is not Pass]
        state = apply(state, choice(plays or legal))
        moves += 1
    return moves


def measure(players: int, games: int) -> tuple[int, int, float]:
    rules = skipbo.Rules(players=players)
    start = time.perf_counter()
    total = sum(play_first_game(rules, seed) for seed in range(games))
    return games, total, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    print(f"{'players':>7} {'games':>6} {'moves':>9} {'moves/s':>10} {'games/s':>8} {'vs goal':>7}")
    for players in (2, 4, 6):
        games, moves, seconds = measure(players, args.games)
        rate = moves / seconds
        print(
            f"{players:>7} {games:>6} {moves:>9} {rate:>10,.0f} {games / seconds:>8.1f}"
            f" {rate / GOAL_MOVES_PER_SECOND:>7.2f}"
        )


if __name__ == "__main__":
    main()
