"""The server's limits on the rules of a table people may open (settings, safe defaults).

The rules schema admits any legal variant; a public server should not let one
visitor open a table whose every move is slow (six-player tables of the largest
decks, each seat a searching bot). These limits are checked when a table is
created; a variant beyond them is refused with ``422`` naming the limit.
A rules type without one of the fields (another game's) is not checked on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from http import HTTPStatus

import attrs

from skipbo.web.protocol import HUMAN, WebError

__all__ = ["TableLimits", "check_table"]


@attrs.frozen(slots=True, kw_only=True)
class TableLimits:
    """The largest table a client may open, and the bots it may seat."""

    max_players: int = 12
    """Seats at a table: every game's whole range (Skip-Bo's shared-piles form seats 12,
    Skyjo 8; each game's rules refuse more than it seats). A seat costs one socket and,
    as a bot, one move at a time in the bot pool: 12 stay well within the budget."""
    max_deck_size: int = 162
    """Cards in the deck (the Mattel deck has 162)."""
    max_stock_size: int = 30
    max_hand_size: int = 10
    max_piles: int = 8
    """Build piles, and each seat's discard piles."""
    bots: tuple[str, ...] | None = None
    """The only bot kinds a table may seat (``None``: every bot of the game)."""


def _size(rules: object, *path: str) -> int | None:
    value: object = rules
    for name in path:
        value = getattr(value, name, None)
    return value if isinstance(value, int) else None


def check_table(rules: object, seats: Sequence[str], limits: TableLimits) -> None:
    """Refuse a new table beyond ``limits``.

    Raises:
        WebError: 422, naming the limit passed or the bot not allowed.

    """
    checks = [
        ("players", _size(rules, "players"), limits.max_players),
        ("deck size", _size(rules, "deck", "size"), limits.max_deck_size),
        ("stock size", _size(rules, "stock_size"), limits.max_stock_size),
        ("hand size", _size(rules, "hand_size"), limits.max_hand_size),
        ("build piles", _size(rules, "build_pile_count"), limits.max_piles),
        ("discard piles", _size(rules, "discard_pile_count"), limits.max_piles),
    ]
    for name, value, largest in checks:
        if value is not None and value > largest:
            raise WebError(
                HTTPStatus.UNPROCESSABLE_ENTITY, f"this server allows {name} up to {largest}"
            )
    for seat, kind in enumerate(seats):
        if kind != HUMAN and limits.bots is not None and kind not in limits.bots:
            allowed = ", ".join(limits.bots) or "none"
            raise WebError(
                HTTPStatus.UNPROCESSABLE_ENTITY,
                f"/seats/{seat}: this server seats these bots only: {allowed}",
            )
