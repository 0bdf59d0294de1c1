"""The Skip-Bo search bot's thinking time per move: median, mean, 90th percentile, most.

The strength benchmark (``benchmarks/bench_strength.py``) prints the mean CPU time per move;
the search bot's bar (issue 24) is on the median, and most of its moves are no real
choice (a play that reaches a stock top, a single sensible move), so the mean and the
median differ a lot. This plays ``--games`` seeded games of ``search`` against
``heuristic`` (seats rotated, game g dealt with ``derive_seed(seed, g)``), times each
of the search bot's moves in CPU seconds of this process (``time.process_time``, so
that other work on a shared machine counts less than in wall time) and prints the
median, mean, 90th percentile and most, with the share of moves that were searched
(more than one candidate move) and their median.

Usage: python benchmarks/bench_move_time.py [--players 2] [--games 10] [--seed 2026]
"""

from __future__ import annotations

import argparse
import statistics
import time

import skipbo
from skipbo.common.randomness import derive_seed
from skipbo.games.skipbo.bots import HeuristicBot, SearchBot


def main() -> None:
    """Play the games and print the search bot's time per move."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rules = skipbo.Rules(players=args.players)
    times: list[float] = []
    searched: list[float] = []  # the times of the moves that were searched
    for game in range(args.games):
        deal = derive_seed(args.seed, game)
        seat = game % args.players  # the search bot's seat, rotated
        bot = SearchBot(seed=derive_seed(deal, seat))
        others = HeuristicBot(seed=0)
        state = skipbo.new_game(rules, seed=deal)
        while state.outcome is None:
            seen = skipbo.view(state, state.current_player)
            if state.current_player == seat:
                started = time.process_time()
                move = bot.choose(seen)
                times.append(time.process_time() - started)
                if len(bot.candidates(seen)) > 1:
                    searched.append(times[-1])
            else:
                move = others.choose(seen)
            state = skipbo.apply(state, move)
    ordered = sorted(times)
    print(
        f"search vs heuristic, {args.players} players, {args.games} games, seed {args.seed}: "
        f"{len(times)} moves, {len(searched) / len(times):.0%} searched; CPU ms a move: "
        f"median {statistics.median(ordered) * 1000:.2f}, "
        f"mean {statistics.fmean(ordered) * 1000:.2f}, "
        f"90th percentile {ordered[int(0.9 * (len(ordered) - 1))] * 1000:.2f}, "
        f"most {ordered[-1] * 1000:.2f}; median of the searched moves "
        f"{statistics.median(searched or [0.0]) * 1000:.2f}"
    )


if __name__ == "__main__":
    main()
