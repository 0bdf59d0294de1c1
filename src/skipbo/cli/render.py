"""``skipbo render FILE [--seat N]``: draw a saved state, view or record."""

from __future__ import annotations

import argparse

from skipbo import GameRecord, GameState, PlayerView, view
from skipbo.cli.errors import UsageError
from skipbo.cli.files import read_document
from skipbo.cli.options import add_integer_option
from skipbo.io.records import final_state
from skipbo.text import describe, render_view

NAME = "render"
HELP = "draw a saved game state, player view or record (its last state)"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the file and ``--seat``."""
    parser.add_argument(
        "file", metavar="FILE", help="a JSON state or view, or a record; - reads stdin"
    )
    add_integer_option(
        parser, "--seat", default=None, help="show only what this seat sees (default: everything)"
    )


def run(args: argparse.Namespace) -> int:
    """Print the drawing."""
    document = read_document(args.file)
    if isinstance(document, GameRecord):
        document = final_state(document)
    match document:
        case GameState():
            print(
                describe(document) if args.seat is None else render_view(view(document, args.seat))
            )
        case PlayerView():
            if args.seat is not None and args.seat != document.player:
                raise UsageError(
                    f"the file holds the view of seat {document.player}, "
                    f"it cannot show seat {args.seat}"
                )
            print(render_view(document))
        case _:
            kind = type(document).__name__
            raise UsageError(
                f"{args.file} holds a {kind}; render takes a state, a view or a record"
            )
    return 0
