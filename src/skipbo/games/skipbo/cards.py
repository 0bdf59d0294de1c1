"""Cards and decks (R-DECK-1 .. R-DECK-4).

A card is a plain ``int``: ``1`` .. ``12`` are number cards and :data:`WILD` (``0``)
is the Skip-Bo card. Plain integers keep states small, hashable and fast to copy;
the alias :data:`Card` names the meaning in signatures. Colours carry no meaning
(R-DECK-1), so the engine does not model them.

>>> Deck.mattel().size
162
>>> format_card(WILD), format_card(7), parse_card("W")
('W', '7', 0)
"""

from __future__ import annotations

from collections import Counter
from typing import TypeAlias

import attrs

from skipbo.errors import ConfigurationError

__all__ = [
    "HIGHEST_VALUE",
    "WILD",
    "Card",
    "Deck",
    "format_card",
    "parse_card",
]

Card: TypeAlias = int
"""A card: ``WILD`` (0) or a number from 1 to the deck's highest value."""

WILD: Card = 0
"""The wild Skip-Bo card. It has no number until it is played on a build pile (R-BUILD-3)."""

HIGHEST_VALUE = 12
"""The highest number of the standard deck; a build pile is complete at this value (R-BUILD-4)."""

_WILD_TEXT = "W"


@attrs.frozen(slots=True)
class Deck:
    """A deck composition (R-DECK-2): copies of each number, wilds, highest number.

    >>> Deck(copies=2, wilds=1, highest=3).cards()
    (0, 1, 1, 2, 2, 3, 3)
    """

    copies: int = 12
    """How many cards of each number 1 .. ``highest`` the deck holds."""

    wilds: int = 18
    """How many wild Skip-Bo cards the deck holds."""

    highest: int = HIGHEST_VALUE
    """The highest number; a build pile is complete when it reaches it (R-BUILD-4)."""

    def __attrs_post_init__(self) -> None:
        for name, value, low in (
            ("copies", self.copies, 1),
            ("wilds", self.wilds, 0),
            ("highest", self.highest, 1),
        ):
            if type(value) is not int or value < low:
                raise ConfigurationError(
                    f"deck.{name}", f"must be an integer of at least {low}, got {value!r}"
                )

    @classmethod
    def mattel(cls) -> Deck:
        """The Mattel deck of R-DECK-1: 12 x (1..12) + 18 wilds = 162 cards (the default)."""
        return cls(copies=12, wilds=18, highest=HIGHEST_VALUE)

    @classmethod
    def international_games(cls) -> Deck:
        """The earlier International Games deck of R-DECK-4: 144 numbers + 24 wilds = 168."""
        return cls(copies=12, wilds=24, highest=HIGHEST_VALUE)

    @classmethod
    def small(cls, highest: int = 4, copies: int = 2, wilds: int = 2) -> Deck:
        """A small deck for tests and exhaustive checking (R-DECK-2)."""
        return cls(copies=copies, wilds=wilds, highest=highest)

    @property
    def size(self) -> int:
        """The number of cards in the deck."""
        return self.copies * self.highest + self.wilds

    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, sorted (wilds first)."""
        return (WILD,) * self.wilds + tuple(
            value for value in range(1, self.highest + 1) for _ in range(self.copies)
        )

    def counts(self) -> Counter[Card]:
        """The deck as a multiset: card -> number of copies."""
        counts: Counter[Card] = Counter(dict.fromkeys(range(1, self.highest + 1), self.copies))
        if self.wilds:
            counts[WILD] = self.wilds
        return counts

    def is_card(self, card: object) -> bool:
        """Whether ``card`` is a card that exists in this deck."""
        return type(card) is int and (
            (card == WILD and self.wilds > 0) or 1 <= card <= self.highest
        )


def format_card(card: Card) -> str:
    """The text of a card: ``"W"`` for the wild, the number otherwise."""
    return _WILD_TEXT if card == WILD else str(card)


def parse_card(text: str) -> Card:
    """Parse the text of a card (``"W"`` or a number); raises :class:`ValueError` if malformed.

    The result is not checked against a deck: see :meth:`Deck.is_card`.
    """
    stripped = text.strip()
    if stripped.upper() == _WILD_TEXT:
        return WILD
    if stripped.isdecimal() and not stripped.startswith("0"):
        return int(stripped)
    raise ValueError(f"not a card: {text!r} (expected W or a number from 1)")
