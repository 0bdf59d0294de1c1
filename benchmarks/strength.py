"""Strength of the shipped bots: win rates with 95% Wilson intervals, and time per move.

Plays seeded tournaments with :func:`skipbo.arena.tournament` (seats rotated every
game, so no bot keeps the first move) and prints, per line-up, each entry's wins,
win rate, 95% Wilson interval and average thinking time per move (CPU time on one
core, so that other work on a shared machine does not count), with the average
game length and the share of blocked games. The line-ups (standard rules, 30 stock
cards):

* heuristic against play-first, 2 players (default 2,000 games);
* search against heuristic, 2 players (default 1,000 games);
* 4 players, one bot against three of the other kind: heuristic against three
  play-first bots, search against three heuristic bots (default 400 games each).

The goals of issue 9: heuristic wins at least 90% against play-first; search's
Wilson lower bound against heuristic is above 55% at an average of at most 100 ms
a move on one core. With ``--workers N`` the games run in N processes (one core
each); the results do not depend on N, the times do depend on the machine's load.
The games are played in parts of P (default 100) of the one tournament, and the
figures so far are printed after each part.

Usage: python benchmarks/strength.py [--scale F] [--workers N] [--seed S] [--part P]
       [--only NAME ...]   (NAME: heuristic-2p, heuristic-4p, search-2p, search-4p)
"""

from __future__ import annotations

import argparse
import sys
import time

import skipbo
from skipbo.arena import TournamentResult, combine, tournament

LINEUPS = {
    "heuristic-2p": (("heuristic", "play-first"), 2_000),
    "heuristic-4p": (("heuristic", "play-first", "play-first", "play-first"), 400),
    "search-2p": (("search", "heuristic"), 1_000),
    "search-4p": (("search", "heuristic", "heuristic", "heuristic"), 400),
}
"""Each line-up by name: the bots (one a seat of the first game) and the default games."""


def report(name: str, result: TournamentResult, seconds: float) -> str:
    """The lines printed for one tournament."""
    lines = [
        f"{name}: {result.games} games, {result.rules.players} players, "
        f"{result.average_turns:.1f} turns a game, blocked {result.blocked_share:.1%}, "
        f"turn limit {result.turn_limit_share:.1%}, {seconds:.0f} s"
    ]
    for entry in result.entries:
        low, high = entry.interval
        lines.append(
            f"  {entry.entry} {entry.bot:<10} wins {entry.wins:>5}  rate {entry.win_rate:6.1%}"
            f"  95% Wilson [{low:6.1%}, {high:6.1%}]"
            f"  {entry.seconds_per_move * 1000:7.2f} ms/move ({entry.moves} moves)"
        )
    return "\n".join(lines)


class Progress:
    """Counts finished games on standard error (the figures go to standard output)."""

    def __init__(self, name: str, games: int) -> None:
        self.name, self.games, self.done = name, games, 0

    def __call__(self, finished: int) -> None:
        self.done += finished
        print(f"\r{self.name}: {self.done}/{self.games} games", end="", file=sys.stderr)


def main() -> None:
    """Run the line-ups and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the games")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--part", type=int, default=100, help="games between reports")
    parser.add_argument("--only", nargs="*", choices=sorted(LINEUPS), default=list(LINEUPS))
    args = parser.parse_args()
    print(f"skipbo {skipbo.__version__}, seed {args.seed}, workers {args.workers}", flush=True)
    for name in args.only:
        lineup, games = LINEUPS[name]
        games = max(1, round(games * args.scale))
        rules = skipbo.Rules(players=len(lineup))
        started = time.perf_counter()
        progress = Progress(name, games)
        parts: list[TournamentResult] = []
        # Played in parts of one tournament, each reported as it ends, so that a run
        # stopped early still leaves the figures of every game it finished.
        for first in range(0, games, args.part):
            part = tournament(
                rules,
                lineup,
                games=min(args.part, games - first),
                seed=args.seed,
                workers=args.workers,
                progress=progress,
                first=first,
            )
            parts.append(part)
            result = combine(parts)
            label = name if result.games == games else f"{name} (so far)"
            print(file=sys.stderr)
            print(report(label, result, time.perf_counter() - started), flush=True)


if __name__ == "__main__":
    main()
