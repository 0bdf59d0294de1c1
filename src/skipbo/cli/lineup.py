"""Bots by name for the seats of a game: ``--bots NAME...``."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from skipbo.cli.errors import UsageError
from skipbo.common.budget import check_time_limit
from skipbo.common.randomness import derive_seed
from skipbo.games.skipbo.bots import BOTS, Bot, make_bot

__all__ = ["add_bot_option", "fill_lineup", "seat_bots"]


def _seconds(text: str) -> float:
    """``--bot-time``'s value: a positive number of seconds."""
    try:
        seconds = float(text)
        check_time_limit(seconds)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a positive number of seconds, got {text[:40]!r}"
        ) from None
    return seconds


def add_bot_option(parser: argparse.ArgumentParser, *, default: str) -> None:
    """Add ``--bots NAME...`` (the last name fills the remaining seats) and ``--bot-time``."""
    parser.add_argument(
        "--bots",
        nargs="+",
        default=[default],
        metavar="NAME",
        help=f"bots by seat, the last one repeated for the rest (default {default}; "
        f"bots: {', '.join(BOTS)})",
    )
    parser.add_argument(
        "--bot-time",
        type=_seconds,
        default=None,
        metavar="SECONDS",
        help="the most time a bot's move may take (a searching bot plays its best move so "
        "far when the time is up; default: its own iteration budget)",
    )


def fill_lineup(names: Sequence[str], seats: int) -> list[str]:
    """One bot name for each of ``seats`` seats: ``names`` in order, the last one repeated.

    >>> fill_lineup(["heuristic", "random"], 4)
    ['heuristic', 'random', 'random', 'random']

    Raises:
        UsageError: if there are more names than seats, or none.

    """
    if not names or len(names) > seats:
        raise UsageError(f"{len(names)} bots named for {seats} seats")
    return [*names, *[names[-1]] * (seats - len(names))]


def seat_bots(
    names: Sequence[str],
    seats: int | Sequence[int],
    *,
    seed: int,
    time_limit: float | None = None,
) -> dict[int, Bot]:
    """A bot for each seat (``range(seats)`` or the seats given), by name, seeded from ``seed``.

    Each bot's seed is derived from ``seed`` and its seat as the arena derives it, so
    the same seed makes the same game; ``time_limit`` is each bot's time for a move.

    Raises:
        UsageError: if the names do not fit the seats.
        ValueError: if a name is not a bot.

    """
    chosen = list(range(seats)) if isinstance(seats, int) else list(seats)
    lineup = fill_lineup(names, len(chosen))
    return {
        seat: make_bot(name, derive_seed(seed, seat), time_limit=time_limit)
        for seat, name in zip(chosen, lineup, strict=True)
    }
