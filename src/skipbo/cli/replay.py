"""``skipbo replay RECORD``: print a recorded game, step through it, or write it as HTML.

``--html OUT`` writes the self-contained replay page of :mod:`skipbo.pictures.replay`
(either game); Skyjo records are told in text move by move.
"""

from __future__ import annotations

import argparse

from skipbo import GameRecord
from skipbo.cli.errors import UsageError
from skipbo.cli.files import read_record, write_text
from skipbo.cli.narrate import narrate
from skipbo.cli.options import add_integer_option
from skipbo.games.skyjo import records as skyjo_records
from skipbo.games.skyjo import text as skyjo_display
from skipbo.games.skyjo import view as skyjo_view

NAME = "replay"
HELP = "print a recorded game (text form or JSON), step through it with Enter, or write HTML"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the record and the ways to show it."""
    parser.add_argument("record", metavar="RECORD", help="a game record file; - reads stdin")
    parser.add_argument("--step", action="store_true", help="wait for Enter after each turn")
    add_integer_option(
        parser, "--seat", default=None, help="show only what this seat saw (default: everything)"
    )
    parser.add_argument("--quiet", action="store_true", help="print the moves, not each turn")
    parser.add_argument(
        "--html",
        metavar="OUT",
        help="write the game as one HTML page (pictures, step and play controls) to OUT",
    )


def _next_turn() -> bool:
    try:
        answer = input("-- Enter: next turn, q: quit -- ")
    except EOFError:
        return False
    return answer.strip().lower() not in ("q", "quit")


def _tell_skyjo(record: skyjo_records.GameRecord, *, boards: bool) -> None:
    states = skyjo_records.replay(record)
    state = next(states)
    for move, after in zip(record.moves, states, strict=True):
        words = skyjo_display.describe_move(move, skyjo_view(state))
        print(f"seat {state.current_player}: {move}  {words}")
        state = after
    if boards:
        print(skyjo_display.render_view(skyjo_view(state)))


def run(args: argparse.Namespace) -> int:
    """Tell the game, or write its page."""
    if args.step and args.record == "-":
        raise UsageError("--step reads Enter from standard input: give the record as a file")
    record = read_record(args.record)
    players = record.rules.players
    if args.seat is not None and not 0 <= args.seat < players:
        raise UsageError(
            f"--seat {args.seat} is not a seat of this game (seats 0 to {players - 1})"
        )
    if args.html is not None:
        from skipbo.pictures.replay import replay_html  # loaded only when asked for

        write_text(args.html, replay_html(record, seat=args.seat))
        return 0
    if isinstance(record, GameRecord):
        narrate(
            record, seat=args.seat, boards=not args.quiet, pause=_next_turn if args.step else None
        )
    else:
        # Every Skyjo seat sees the same (S-INFO-2), and its record is told move by move.
        for flag, given in (("--seat", args.seat is not None), ("--step", args.step)):
            if given:
                raise UsageError(f"{flag} does not apply to a Skyjo record (without --html)")
        _tell_skyjo(record, boards=not args.quiet)
    return 0
