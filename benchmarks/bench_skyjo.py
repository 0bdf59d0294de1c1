"""Throughput of uniformly random Skyjo play for 2, 4 and 8 players.

Each game is played to its end (a total of 100) by picking a uniformly random legal
move (``random.Random(seed)`` per game); every move goes through ``legal_moves`` and
the checking ``apply``. It prints moves, games and rounds per second for each player
count and, measured in the same run with rounds interleaved, the moves per second of
Skip-Bo's engine under its play-first policy for 4 players, as a reference: the
machine is noisy, so the ratio is the figure to compare between runs.

Usage: python benchmarks/bench_skyjo.py [--games N] [--rounds R]
"""

from __future__ import annotations

import argparse
import random
import time

import skipbo
from skipbo import Discard, Pass, skyjo


def random_game(rules: skyjo.Rules, seed: int) -> tuple[int, int]:
    """Play one Skyjo game with random moves; return its moves and rounds."""
    rng = random.Random(seed)
    state = skyjo.new_game(rules, seed=seed)
    legal_moves, apply, choice = skyjo.legal_moves, skyjo.apply, rng.choice
    moves = 0
    while state.outcome is None:
        state = apply(state, choice(legal_moves(state)))
        moves += 1
    return moves, state.round


def skipbo_game(rules: skipbo.Rules, seed: int) -> int:
    """Play one Skip-Bo game with the play-first policy; return its moves."""
    rng = random.Random(seed)
    state = skipbo.new_game(rules, seed=seed)
    moves = 0
    while state.outcome is None:
        legal = skipbo.legal_moves(state)
        plays = [m for m in legal if type(m) is not Discard and type(m) is not Pass]
        state = skipbo.apply(state, rng.choice(plays or legal))
        moves += 1
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per round")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    args = parser.parse_args()
    reference = skipbo.Rules(players=4)
    totals = {players: [0.0, 0.0, 0.0] for players in (2, 4, 8)}  # moves, rounds, seconds
    ref_moves, ref_seconds = 0, 0.0
    for round_ in range(args.rounds):
        seeds = range(round_ * args.games, (round_ + 1) * args.games)
        for players, total in totals.items():
            rules = skyjo.Rules(players=players)
            start = time.perf_counter()
            for seed in seeds:
                played, rounds = random_game(rules, seed)
                total[0] += played
                total[1] += rounds
            total[2] += time.perf_counter() - start
        start = time.perf_counter()
        ref_moves += sum(skipbo_game(reference, seed) for seed in seeds)
        ref_seconds += time.perf_counter() - start
    games = args.games * args.rounds
    ref_rate = ref_moves / ref_seconds
    print(f"Skyjo, uniformly random play, {games} games per player count")
    print("players  moves/s  games/s  rounds/s  moves/game  vs Skip-Bo moves/s")
    for players, (moves, rounds, seconds) in totals.items():
        rate = moves / seconds
        print(
            f"{players:7d}  {rate:7.0f}  {games / seconds:7.1f}  {rounds / seconds:8.1f}  "
            f"{moves / games:10.0f}  {rate / ref_rate:18.2f}"
        )
    print(f"Skip-Bo (play-first, 4 players) in the same run: {ref_rate:.0f} moves/s")


if __name__ == "__main__":
    main()
