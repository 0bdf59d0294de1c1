"""Time of `check_conformance` at the largest configurations the loader accepts.

The JSON loader bounds every size an untrusted document may ask for
(``skipbo.games.skipbo.codec.LIMITS``: decks of up to 50 numbers x 50 copies + 500 wilds,
hands of 50, 16 build and discard piles, 12 seats). A server that checks a
configuration it was sent runs the checker there, so it must take seconds per game
(before issue 10 a step cost about half a second: four games did not finish in ten
minutes). Prints, for an individual and a team configuration, the games, moves,
seconds per game and checked moves per second of one run.

Usage: python benchmarks/bench_conformance.py [--games N]
"""

from __future__ import annotations

import argparse
import time

import skipbo
from skipbo import Deck, Rules
from skipbo.games.skipbo.codec import LIMITS

DECK = Deck(copies=LIMITS["copies"], wilds=LIMITS["wilds"], highest=LIMITS["highest"])


def largest(players: int, teams: tuple[tuple[int, ...], ...] | None = None) -> Rules:
    """The largest configuration for ``players`` (in ``teams`` sharing piles if given)."""
    return Rules(
        players=players,
        teams=teams,
        shared_piles=teams is not None,
        deck=DECK,
        hand_size=LIMITS["hand_size"],
        build_pile_count=LIMITS["build_piles"],
        discard_pile_count=LIMITS["discard_piles"],
    )


CONFIGURATIONS = {
    "6 players": largest(6),
    "12 players, 3 teams sharing piles": largest(12, ((0, 3, 6, 9), (1, 4, 7, 10), (2, 5, 8, 11))),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    print(f"{'configuration':36} {'games':>5} {'moves':>7} {'s/game':>7} {'moves/s':>8}")
    for name, rules in CONFIGURATIONS.items():
        start = time.perf_counter()
        report = skipbo.check_conformance(rules, games=args.games, seed=1)
        elapsed = time.perf_counter() - start
        print(
            f"{name:36} {report.games:>5} {report.moves:>7} "
            f"{elapsed / report.games:>7.1f} {report.moves / elapsed:>8,.0f}"
        )


if __name__ == "__main__":
    main()
