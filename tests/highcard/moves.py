"""High card's two moves: keep the card in hand, or swap it for the deck's top card."""

from __future__ import annotations

import enum

from skipbo.errors import MoveSyntaxError


class Move(enum.Enum):
    """A seat's one move."""

    KEEP = "keep"
    SWAP = "swap"

    def __str__(self) -> str:
        return self.value


def parse_move(text: str) -> Move:
    """The move written ``text`` (``"keep"`` or ``"swap"``)."""
    try:
        return Move(text)
    except ValueError:
        raise MoveSyntaxError(f"a move is keep or swap, not {text[:20]!r}") from None
