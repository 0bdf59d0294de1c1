"""A Skip-Bo bot's thinking time per move: median, mean, percentiles, most.

The strength benchmark (``benchmarks/bench_strength.py``) prints the mean CPU time per
move. A bot's time budget is on the shape of the whole distribution: the search's bar
(issue 24) is on the median, the learned bot's (issue 55) on the mean and the 99th
percentile, and most moves of either are no real choice (the search: a single sensible
move; the learned bot: a move of the plan made at its turn's start). This plays
``--games`` seeded games of ``--bot`` against ``heuristic`` in every other seat (the
bot's seat rotated, game g dealt with ``derive_seed(seed, g)``), times each of the
bot's moves in CPU seconds of this process (``time.process_time``, so that other work
on a shared machine counts less than in wall time) and prints the median, mean, 90th,
95th and 99th percentile (nearest rank, :class:`skipbo.arena.CpuTimes`) and most; for
the search, also the share of moves that were searched (more than one candidate move)
and their median.

Usage: python benchmarks/bench_move_time.py [--bot search|learned] [--players 2]
       [--games 10] [--seed 2026]
"""

from __future__ import annotations

import argparse
import statistics
import time

import skipbo
from skipbo.arena import CpuTimes
from skipbo.common.randomness import derive_seed
from skipbo.games.skipbo.bots import HeuristicBot, LearnedBot, SearchBot

BOTS = {"search": SearchBot, "learned": LearnedBot}
"""The bots timed, by name."""


def main() -> None:
    """Play the games and print the bot's time per move."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", choices=sorted(BOTS), default="search")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rules = skipbo.Rules(players=args.players)
    times: list[float] = []
    searched: list[float] = []  # the search's times of the moves that were searched
    for game in range(args.games):
        deal = derive_seed(args.seed, game)
        seat = game % args.players  # the timed bot's seat, rotated
        bot = BOTS[args.bot](seed=derive_seed(deal, seat))
        others = HeuristicBot(seed=0)
        state = skipbo.new_game(rules, seed=deal)
        while state.outcome is None:
            seen = skipbo.view(state, state.current_player)
            if state.current_player == seat:
                started = time.process_time()
                move = bot.choose(seen)
                times.append(time.process_time() - started)
                if isinstance(bot, SearchBot) and len(bot.candidates(seen)) > 1:
                    searched.append(times[-1])
            else:
                move = others.choose(seen)
            state = skipbo.apply(state, move)
    ordered = sorted(times)
    cpu = CpuTimes.of(ordered)
    line = (
        f"{args.bot} vs heuristic, {args.players} players, {args.games} games, "
        f"seed {args.seed}: {cpu.moves} moves; CPU ms a move: "
        f"median {statistics.median(ordered) * 1000:.2f}, mean {cpu.mean * 1000:.2f}, "
        f"90th percentile {ordered[int(0.9 * (len(ordered) - 1))] * 1000:.2f}, "
        f"95th percentile {cpu.p95 * 1000:.2f}, 99th percentile {cpu.p99 * 1000:.2f}, "
        f"most {cpu.most * 1000:.2f}"
    )
    if args.bot == "search":
        line += (
            f"; {len(searched) / len(times):.0%} searched, median of the searched moves "
            f"{statistics.median(searched or [0.0]) * 1000:.2f}"
        )
    print(line)


if __name__ == "__main__":
    main()
