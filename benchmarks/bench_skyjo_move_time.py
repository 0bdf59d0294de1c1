"""Thinking time per move of the Skyjo search bot: median, mean, 90th percentile, most.

``benchmarks/bench_strength.py`` prints each bot's average time per move; the issue's bar
for a search bot is a median. This plays seeded games of one search bot against
heuristic bots (seats rotated: game ``g`` puts the search bot in seat ``g % players``,
dealt with ``derive_seed(seed, g)``) with 2, 4 and 8 players, and prints the
distribution of the search bot's CPU time per move (``time.process_time``, so that
other work on a shared machine counts less), over all its moves and over the moves
it searched (those with more than one candidate; the others are the heuristic's).

Usage: python benchmarks/bench_skyjo_move_time.py [--games G] [--seed S] [--players P ...]
"""

from __future__ import annotations

import argparse
import statistics
import time

from skipbo import skyjo
from skipbo.common.randomness import derive_seed
from skipbo.games.skyjo.bots import HeuristicBot, SearchBot


def play(players: int, game: int, seed: int) -> tuple[list[float], list[float]]:
    """One game; the search bot's seconds per move, all and searched."""
    searcher, dealt = game % players, derive_seed(seed, game)
    bots: list[skyjo.bots.Bot] = [
        (SearchBot if seat == searcher else HeuristicBot)(derive_seed(dealt, seat))
        for seat in range(players)
    ]
    state = skyjo.new_game(skyjo.Rules(players=players), seed=dealt)
    every, searched = [], []
    while not skyjo.is_over(state):
        seen = skyjo.view(state)
        bot = bots[seen.current_player]
        started = time.process_time()
        move = bot.choose(seen)
        took = time.process_time() - started
        if isinstance(bot, SearchBot):
            every.append(took)
            if bot.deals:
                searched.append(took)
        state = skyjo.apply(state, move)
    return every, searched


def describe(times: list[float]) -> str:
    """Median, mean, 90th percentile and most, in milliseconds."""
    if not times:
        return "no moves"
    ordered = sorted(times)
    tenth = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    median, mean = statistics.median(ordered), statistics.fmean(ordered)
    return (
        f"median {median * 1000:7.2f} ms, mean {mean * 1000:7.2f} ms, "
        f"90% {tenth * 1000:7.2f} ms, most {ordered[-1] * 1000:7.1f} ms ({len(ordered)} moves)"
    )


def main() -> None:
    """Play the games and print the distributions."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4, 8])
    args = parser.parse_args()
    print(f"seed {args.seed}, {args.games} games per table size, CPU time per move")
    for players in args.players:
        every, searched = [], []
        for game in range(args.games):
            some, deep = play(players, game, args.seed)
            every += some
            searched += deep
        share = len(searched) / len(every)
        print(f"{players} players: every move:     {describe(every)}")
        print(f"{players} players: searched ({share:4.0%}): {describe(searched)}")


if __name__ == "__main__":
    main()
