"""``skipbo render FILE [--seat N] [--svg OUT]``: draw a saved state, view or record.

Either game: a Skyjo document is drawn with Skyjo's display. ``--svg`` writes the
picture (:func:`skipbo.pictures.draw`) instead of printing text.
"""

from __future__ import annotations

import argparse
from typing import Any

from skipbo import GameRecord, GameState, PlayerView, skyjo, view
from skipbo.cli.errors import UsageError
from skipbo.cli.files import read_document, write_text
from skipbo.cli.options import add_integer_option
from skipbo.games.skipbo.records import final_state
from skipbo.games.skipbo.text import describe, render_view
from skipbo.games.skyjo import records as skyjo_records
from skipbo.games.skyjo import text as skyjo_display

NAME = "render"
HELP = "draw a saved game state, player view or record (its last state), as text or SVG"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the file, ``--seat``, ``--svg`` and ``--size``."""
    parser.add_argument(
        "file", metavar="FILE", help="a JSON state or view, or a record; - reads stdin"
    )
    add_integer_option(
        parser, "--seat", default=None, help="show only what this seat sees (default: everything)"
    )
    parser.add_argument(
        "--svg", metavar="OUT", help="write the picture as SVG to OUT (- : standard output)"
    )
    add_integer_option(
        parser, "--size", default=560, help="the SVG's width in pixels (default 560; 360: phone)"
    )


def _text(document: Any, seat: int | None) -> str:
    match document:
        case GameState():
            return describe(document) if seat is None else render_view(view(document, seat))
        case PlayerView():
            return render_view(document)
        case skyjo.GameState():
            return skyjo_display.render_view(skyjo.view(document))
        case skyjo.PublicView():
            return skyjo_display.render_view(document)
    raise AssertionError(document)


def _svg(document: Any, seat: int | None, size: int) -> str:
    from skipbo import pictures  # the pictures layer, loaded only when asked for

    if isinstance(document, PlayerView | skyjo.PublicView):
        return pictures.draw(document, size=size, bottom=seat).svg
    return pictures.draw(document, seat=seat, size=size).svg


def run(args: argparse.Namespace) -> int:
    """Print the drawing, or write the picture."""
    document = read_document(args.file)
    if isinstance(document, GameRecord):
        document = final_state(document)
    elif isinstance(document, skyjo_records.GameRecord):
        document = skyjo_records.final_state(document)
    if not isinstance(document, GameState | PlayerView | skyjo.GameState | skyjo.PublicView):
        kind = type(document).__name__
        raise UsageError(f"{args.file} holds a {kind}; render takes a state, a view or a record")
    if isinstance(document, PlayerView) and args.seat is not None and args.seat != document.player:
        raise UsageError(
            f"the file holds the view of seat {document.player}, it cannot show seat {args.seat}"
        )
    players = document.rules.players
    if args.seat is not None and not 0 <= args.seat < players:
        raise UsageError(
            f"--seat {args.seat} is not a seat of this game (seats 0 to {players - 1})"
        )
    if args.svg is None:
        print(_text(document, args.seat))
        return 0
    if not 40 <= args.size <= 10_000:
        raise UsageError(f"--size must be from 40 to 10000 pixels, got {args.size}")
    write_text(args.svg, _svg(document, args.seat, args.size))
    return 0
