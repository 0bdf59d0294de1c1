"""Skyjo's cards, its deck and the geometry of a grid.

A card is its value, an ``int`` from -2 to 12 (S-DECK-1). A grid is 12 places in four
columns of three (S-SETUP-2), numbered column by column, top to bottom::

    0  3  6  9
    1  4  7  10
    2  5  8  11

so place ``i`` lies in column ``i // 3``.

>>> Deck.standard().size
150
>>> column_places(2)
(6, 7, 8)
"""

from __future__ import annotations

from collections import Counter
from typing import TypeAlias

import attrs

from skipbo.common.strictjson import echo
from skipbo.games.skyjo.errors import ArgumentTypeError, ConfigurationError

__all__ = [
    "COLUMNS",
    "GRID_SIZE",
    "ROWS",
    "Card",
    "Deck",
    "column_of",
    "column_places",
]

Card: TypeAlias = int
"""A card: its value (-2 to 12 in the standard deck)."""

ROWS = 3
"""Cards per column (S-SETUP-2)."""
COLUMNS = 4
"""Columns per grid (S-SETUP-2)."""
GRID_SIZE = ROWS * COLUMNS
"""Cards dealt to each player (S-SETUP-2)."""

LOWEST_VALUE = -20
HIGHEST_VALUE = 99
"""Card values a deck may hold: far beyond the real -2..12, and bounded, so that a
loaded deck cannot describe absurd cards."""


def column_of(place: int) -> int:
    """The column of grid place ``place``."""
    return place // ROWS


def column_places(column: int) -> tuple[int, ...]:
    """The grid places of ``column``, top to bottom."""
    return tuple(range(column * ROWS, column * ROWS + ROWS))


def _copies(value: object) -> tuple[tuple[Card, int], ...]:
    if isinstance(value, dict):
        value = tuple(value.items())
    if not isinstance(value, tuple):
        raise ArgumentTypeError(
            f"copies must be a dict or a tuple of (value, count) pairs, got {echo(value)}"
        )
    return tuple(sorted(value))


@attrs.frozen(slots=True)
class Deck:
    """The deck: how many copies of each card value it holds (S-DECK-2).

    >>> Deck({0: 30, 5: 2}).cards()[:2], Deck({0: 30, 5: 2}).size
    ((0, 0), 32)

    Raises:
        ConfigurationError: for a value outside -20..99 or a count below 1.

    """

    copies: tuple[tuple[Card, int], ...] = attrs.field(converter=_copies)
    """``(value, count)`` pairs in increasing order of value, each value once."""

    def __attrs_post_init__(self) -> None:
        values = [value for value, _ in self.copies]
        for value, count in self.copies:
            if type(value) is not int or not LOWEST_VALUE <= value <= HIGHEST_VALUE:
                raise ConfigurationError(
                    "deck", f"a card value must be an integer from -20 to 99, got {echo(value)}"
                )
            if type(count) is not int or count < 1:
                raise ConfigurationError(
                    "deck",
                    f"the count of value {value} must be a positive integer, got {echo(count)}",
                )
        if len(set(values)) != len(values):
            raise ConfigurationError("deck", "each value may appear once")
        if not values:
            raise ConfigurationError("deck", "a deck holds at least one card")

    @classmethod
    def standard(cls) -> Deck:
        """The 150 cards of S-DECK-1: five -2, ten -1, fifteen 0, ten each of 1 to 12."""
        return cls(((-2, 5), (-1, 10), (0, 15), *((value, 10) for value in range(1, 13))))

    @property
    def size(self) -> int:
        """The number of cards."""
        return sum(count for _, count in self.copies)

    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, in increasing order (the order before a shuffle)."""
        return tuple(value for value, count in self.copies for _ in range(count))

    def counts(self) -> Counter[Card]:
        """The deck as a multiset."""
        return Counter(dict(self.copies))
