"""``skipbo demo``: a seeded game between bots, printed move by move with a legend."""

from __future__ import annotations

import argparse

from skipbo.arena import play_game
from skipbo.cli.lineup import add_bot_option, seat_bots
from skipbo.cli.narrate import narrate
from skipbo.cli.options import add_integer_option, add_rules_options, rules_from
from skipbo.text import LEGEND

NAME = "demo"
HELP = "play and print a seeded game between bots"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the demo's options."""
    add_rules_options(parser, players=3)
    add_integer_option(parser, "--seed", default=7, help="seed of the deal and the bots")
    add_bot_option(parser, default="play-first")
    parser.add_argument("--quiet", action="store_true", help="print the moves, not each turn")


def run(args: argparse.Namespace) -> int:
    """Play the game, then tell it (the seed is given, so nothing is secret)."""
    rules = rules_from(args)
    bots = seat_bots(args.bots, rules.players, seed=args.seed, time_limit=args.bot_time)
    record = play_game(rules, [bots[seat] for seat in range(rules.players)], args.seed)
    print(LEGEND)
    print()
    narrate(record, boards=not args.quiet)
    return 0
