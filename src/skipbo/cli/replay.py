"""``skipbo replay RECORD``: print a recorded game, or step through it turn by turn."""

from __future__ import annotations

import argparse

from skipbo.cli.errors import UsageError
from skipbo.cli.files import read_record
from skipbo.cli.narrate import narrate
from skipbo.cli.options import add_integer_option

NAME = "replay"
HELP = "print a recorded game (text form or JSON), or step through it with Enter"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the record and the ways to show it."""
    parser.add_argument("record", metavar="RECORD", help="a game record file; - reads stdin")
    parser.add_argument("--step", action="store_true", help="wait for Enter after each turn")
    add_integer_option(
        parser, "--seat", default=None, help="show only what this seat saw (default: everything)"
    )
    parser.add_argument("--quiet", action="store_true", help="print the moves, not each turn")


def _next_turn() -> bool:
    try:
        answer = input("-- Enter: next turn, q: quit -- ")
    except EOFError:
        return False
    return answer.strip().lower() not in ("q", "quit")


def run(args: argparse.Namespace) -> int:
    """Tell the game."""
    if args.step and args.record == "-":
        raise UsageError("--step reads Enter from standard input: give the record as a file")
    record = read_record(args.record)
    narrate(record, seat=args.seat, boards=not args.quiet, pause=_next_turn if args.step else None)
    return 0
