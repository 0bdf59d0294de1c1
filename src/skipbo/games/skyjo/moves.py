"""Skyjo's moves and their text notation.

A turn takes two moves (S-TURN-1 to S-TURN-3): take a card, then place it. Each round
begins with every player choosing two cards to turn up (S-SETUP-4).

=================  ============  ==============================================
move               notation      meaning
=================  ============  ==============================================
``Reveal``         ``r0+5``      turn up grid places 0 and 5 (S-SETUP-4)
``Draw``           ``draw``      take the top of the draw pile (S-TURN-3)
``TakeDiscard``    ``take``      take the top of the discard pile (S-TURN-2)
``Swap``           ``s7``        put the card taken at place 7, face up; the card
                                 there goes on the discard pile (S-TURN-2/3)
``DiscardFlip``    ``f7``        discard the drawn card and turn place 7 face up
                                 (S-TURN-3)
=================  ============  ==============================================

Places are numbered 0 to 11 column by column (:mod:`skipbo.games.skyjo.cards`).

>>> parse_move("r0+5")
Reveal(first=0, second=5)
>>> all(parse_move(str(move)) == move for move in all_moves())  # every move reads back
True
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import TypeAlias

import attrs

from skipbo.common.naming import type_name
from skipbo.games.skyjo.cards import GRID_SIZE
from skipbo.games.skyjo.errors import ArgumentTypeError, InvalidMoveError, MoveSyntaxError
from skipbo.games.skyjo.rules import Rules

__all__ = [
    "DiscardFlip",
    "Draw",
    "Move",
    "Reveal",
    "Swap",
    "TakeDiscard",
    "all_moves",
    "parse_move",
]


MAX_PLACE = 2**31 - 1
"""The largest place (and the smallest negative one) a move holds; :func:`apply` refuses
every place but 0 to 11, and it names the place, so the place must be printable."""


def _place(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    """Validate a place: an ``int`` (not a ``bool``) of at most :data:`MAX_PLACE` in size.

    ``Swap(True)`` would otherwise equal ``Swap(1)``, test as ``in legal_moves(...)``
    and write a text (``sTrue``) no parser reads back. The range 0 to 11 is the
    rules' (S-SETUP-2): :func:`~skipbo.skyjo.apply` refuses other places.
    """
    kind = type(instance).__name__
    if type(value) is not int:
        raise ArgumentTypeError(f"{kind}.{attribute.name} must be an int, got {type_name(value)}")
    if abs(value) > MAX_PLACE:
        raise InvalidMoveError(
            f"{kind}.{attribute.name} must be from {-MAX_PLACE} to {MAX_PLACE}, "
            f"got an integer of {value.bit_length()} bits"
        )


@attrs.frozen(slots=True)
class Reveal:
    """Turn two grid cards face up at the start of a round (S-SETUP-4); ``first < second``."""

    first: int = attrs.field(validator=_place)
    """A grid place."""
    second: int = attrs.field(validator=_place)
    """Another grid place, after ``first``."""

    def __str__(self) -> str:
        return f"r{self.first}+{self.second}"


@attrs.frozen(slots=True)
class Draw:
    """Take the top card of the draw pile (S-TURN-1, S-TURN-3, S-DRAW-1)."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen(slots=True)
class TakeDiscard:
    """Take the top card of the discard pile; it must then be swapped in (S-TURN-2)."""

    def __str__(self) -> str:
        return "take"


@attrs.frozen(slots=True)
class Swap:
    """Put the card taken face up at a grid place; the card there is discarded (S-TURN-2)."""

    place: int = attrs.field(validator=_place)
    """The grid place."""

    def __str__(self) -> str:
        return f"s{self.place}"


@attrs.frozen(slots=True)
class DiscardFlip:
    """Discard the drawn card and turn a face-down grid card face up (S-TURN-3)."""

    place: int = attrs.field(validator=_place)
    """The face-down grid place to turn up."""

    def __str__(self) -> str:
        return f"f{self.place}"


Move: TypeAlias = Reveal | Draw | TakeDiscard | Swap | DiscardFlip
"""Any Skyjo move."""


_ALL_MOVES: tuple[Move, ...] = (
    Draw(),
    TakeDiscard(),
    *(Swap(place) for place in range(GRID_SIZE)),
    *(DiscardFlip(place) for place in range(GRID_SIZE)),
    *(Reveal(first, second) for first, second in combinations(range(GRID_SIZE), 2)),
)


def all_moves(rules: Rules | None = None) -> tuple[Move, ...]:
    """Every Skyjo move once, in the fixed order :func:`skipbo.skyjo.legal_moves` follows.

    Draw, take, the swaps by place, the discard-and-flips by place, then the reveals
    by their places. The moves are the same for every rules configuration (every grid
    has 12 places, S-SETUP-2), so ``rules`` may be left out; it is taken, and checked,
    so that ``all_moves(rules)`` means what Skip-Bo's :func:`skipbo.all_moves` means.

    >>> from skipbo import skyjo
    >>> len(all_moves())  # 1 + 1 + 12 + 12 + 66
    92
    >>> all_moves(skyjo.Rules(players=5)) == all_moves()
    True

    Raises:
        TypeError: if ``rules`` is given and is not a Skyjo :class:`~skipbo.skyjo.Rules`.

    """
    if rules is not None and not isinstance(rules, Rules):
        raise ArgumentTypeError(f"all_moves() takes a skipbo.skyjo.Rules, got {type_name(rules)}")
    return _ALL_MOVES


MAX_MOVE_TEXT = 40
"""The longest text :func:`parse_move` reads (as Skip-Bo's)."""

_PLACE = r"(0|1[01]?|[2-9])"
_NOTATION = re.compile(rf"r{_PLACE}\+{_PLACE}|draw|take|[sf]{_PLACE}")


def parse_move(text: str) -> Move:
    """Read a move in the notation above; the inverse of ``str(move)``.

    Letters may be of either case and spaces may surround the move, as people type
    it in a chat (``str(move)`` is the one spelling documents use).

    Raises:
        MoveSyntaxError: for text that is not a move (places are 0 to 11, a reveal
            names two places in increasing order).

    >>> parse_move("s11"), parse_move("take"), parse_move(" Draw ")
    (Swap(place=11), TakeDiscard(), Draw())

    """
    if type(text) is not str:
        raise MoveSyntaxError(f"a move is written as a str, got {type(text).__name__}")
    written = text
    text = text.strip().lower() if text.isascii() else text  # "Draw", " S3 "
    if len(written) > MAX_MOVE_TEXT or _NOTATION.fullmatch(text) is None:
        raise MoveSyntaxError(
            f"not a Skyjo move: {written[:40]!r} (write draw, take, s<place>, f<place> or "
            "r<place>+<place>, places 0 to 11)"
        )
    if text == "draw":
        return Draw()
    if text == "take":
        return TakeDiscard()
    if text[0] == "s":
        return Swap(int(text[1:]))
    if text[0] == "f":
        return DiscardFlip(int(text[1:]))
    first, second = (int(part) for part in text[1:].split("+"))
    if first >= second:
        raise MoveSyntaxError(f"a reveal names two places in increasing order, got {text!r}")
    return Reveal(first, second)
