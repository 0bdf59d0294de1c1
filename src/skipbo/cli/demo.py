"""``skipbo demo``: a seeded game between bots, told in a screenful (``--full``: every move)."""

from __future__ import annotations

import argparse

from skipbo.arena import play_game
from skipbo.cli.lineup import add_bot_option, fill_lineup, seat_bots
from skipbo.cli.narrate import narrate
from skipbo.cli.options import add_integer_option, add_rules_options, rules_from
from skipbo.cli.summary import summarize
from skipbo.games.skipbo.text import LEGEND

NAME = "demo"
HELP = "play and print a seeded game between bots"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the demo's options."""
    add_rules_options(parser, players=3)
    add_integer_option(parser, "--seed", default=7, help="seed of the deal and the bots")
    add_bot_option(parser, default="play-first")
    told = parser.add_mutually_exclusive_group()
    told.add_argument(
        "--full", action="store_true", help="print every move and the board at every turn"
    )
    told.add_argument(
        "--quiet", action="store_true", help="print every move, and the board only first and last"
    )


def run(args: argparse.Namespace) -> int:
    """Play the game, then tell it (the seed is given, so nothing is secret)."""
    rules = rules_from(args)
    bots = seat_bots(args.bots, rules.players, seed=args.seed, time_limit=args.bot_time)
    names = fill_lineup(args.bots, rules.players)
    record = play_game(rules, [bots[seat] for seat in range(rules.players)], args.seed, names=names)
    if not (args.full or args.quiet):
        print("\n".join(summarize(record)))
        print("(the same command with --full prints every move and board)")
        return 0
    print(LEGEND)
    print()
    narrate(record, boards=args.full)
    return 0
