"""Throughput of random play with the "play-first" policy.

At each step: if any build-pile play is legal, pick one at random, else pick any
legal move at random (``random.Random(seed)`` per game). For 2, 4 and 6 players at
default stock sizes it prints skipbo's moves and games per second and, measured in
the same run with rounds interleaved, the moves per second of a straightforward
mutable pure-Python engine (``mutable_baseline.py``). The machine is noisy, so the
ratio between the two is the figure to report, not the absolute rates.

Usage: python benchmarks/bench_play.py [--games N] [--rounds R]
"""

from __future__ import annotations

import argparse
import random
import time

import mutable_baseline

import skipbo
from skipbo import Discard, Pass


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


def measure(players: int, games: int, rounds: int) -> tuple[int, float, int, float]:
    """Moves and seconds of skipbo and of the mutable baseline, rounds interleaved."""
    rules = skipbo.Rules(players=players)
    moves = seconds = base_moves = base_seconds = 0.0
    for round_ in range(rounds):
        seeds = range(round_ * games, (round_ + 1) * games)
        start = time.perf_counter()
        moves += sum(play_first_game(rules, seed) for seed in seeds)
        seconds += time.perf_counter() - start
        start = time.perf_counter()
        base_moves += sum(
            mutable_baseline.play_first_game(players, rules.stock_size, seed) for seed in seeds
        )
        base_seconds += time.perf_counter() - start
    return int(moves), seconds, int(base_moves), base_seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50, help="games per round")
    parser.add_argument("--rounds", type=int, default=4, help="interleaved rounds")
    args = parser.parse_args()
    print(
        f"{'players':>7} {'games':>6} {'moves':>9} {'moves/s':>10} {'games/s':>8}"
        f" {'mutable moves/s':>16} {'ratio':>6}"
    )
    for players in (2, 4, 6):
        moves, seconds, base_moves, base_seconds = measure(players, args.games, args.rounds)
        games = args.games * args.rounds
        rate = moves / seconds
        base_rate = base_moves / base_seconds
        print(
            f"{players:>7} {games:>6} {moves:>9} {rate:>10,.0f} {games / seconds:>8.1f}"
            f" {base_rate:>16,.0f} {rate / base_rate:>6.2f}"
        )


if __name__ == "__main__":
    main()
