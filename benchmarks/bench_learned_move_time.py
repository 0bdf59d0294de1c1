"""The learned bot's CPU time per move: mean, median, 95th and 99th percentile, most.

Its budget (issue 55): a mean of at most 10 ms and a 99th percentile of at most 100 ms
of CPU a move at the default settings. This plays ``--games`` seeded games of
``learned`` against ``heuristic`` in every other seat (the learned seat rotated, game g
dealt with ``derive_seed(seed, g)``), times each of the learned bot's moves in CPU
seconds of this process (``time.process_time``: other work on a shared machine counts
less than in wall time) and prints the figures. Most moves follow the plan made at
the turn's start (or are the only legal move); a turn's first move lists its end
positions.

Usage: python benchmarks/bench_learned_move_time.py [--players 2] [--games 50] [--seed 2026]
"""

from __future__ import annotations

import argparse
import statistics
import time

import skipbo
from skipbo.common.randomness import derive_seed
from skipbo.games.skipbo.bots import HeuristicBot, LearnedBot


def percentile(ordered: list[float], share: float) -> float:
    """The ``share`` percentile of ``ordered`` (nearest rank below)."""
    return ordered[int(share * (len(ordered) - 1))]


def main() -> None:
    """Play the games and print the learned bot's time per move."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rules = skipbo.Rules(players=args.players)
    times: list[float] = []
    for game in range(args.games):
        deal = derive_seed(args.seed, game)
        seat = game % args.players
        bot = LearnedBot(seed=derive_seed(deal, seat))
        others = HeuristicBot(seed=0)
        state = skipbo.new_game(rules, seed=deal)
        while state.outcome is None:
            seen = skipbo.view(state, state.current_player)
            if state.current_player == seat:
                started = time.process_time()
                move = bot.choose(seen)
                times.append(time.process_time() - started)
            else:
                move = others.choose(seen)
            state = skipbo.apply(state, move)
    ordered = sorted(times)
    print(
        f"learned vs heuristic, {args.players} players, {args.games} games, seed {args.seed}: "
        f"{len(times)} moves; CPU ms a move: "
        f"mean {statistics.fmean(ordered) * 1000:.2f}, "
        f"median {statistics.median(ordered) * 1000:.2f}, "
        f"95th percentile {percentile(ordered, 0.95) * 1000:.2f}, "
        f"99th percentile {percentile(ordered, 0.99) * 1000:.2f}, "
        f"most {ordered[-1] * 1000:.2f}"
    )


if __name__ == "__main__":
    main()
