"""Skip-Bo with three decks of playing cards (R-DECK-3): display and input.

Three standard 52-card decks with two jokers each make a Skip-Bo deck: ace = 1,
2-10 at face value, jack = 11, queen = 12, and the twelve kings and six jokers are
the 18 wilds; suits carry no meaning. The rules are identical, so the engine plays
with its own cards (:data:`skipbo.WILD` and 1-12) and this module only translates:
:func:`format_card` and :func:`parse_card` for cards, :func:`format_move` and
:func:`parse_move` for moves in the move notation with playing-card ranks. A wild
is shown as ``K``; ``Joker`` (or ``JK``) is read as a wild too.

>>> [format_card(card) for card in (1, 10, 11, 12, WILD)]
['A', '10', 'J', 'Q', 'K']
>>> parse_card("Q"), parse_card("joker"), parse_card("10♥")
(12, 0, 10)
>>> deck() == Deck.mattel()  # the same composition as the standard deck
True
"""

from __future__ import annotations

import re

from skipbo.errors import MoveSyntaxError
from skipbo.games.skipbo.cards import HIGHEST_VALUE, WILD, Card, Deck
from skipbo.games.skipbo.moves import Discard, Move, PlayFromHand
from skipbo.games.skipbo.moves import parse_move as parse_standard_move

__all__ = ["deck", "format_card", "format_move", "parse_card", "parse_move"]

DECKS = 3
"""R-DECK-3: three decks of playing cards ..."""
SUITS = 4
"""... of four suits each (suits carry no meaning) ..."""
JOKERS_PER_DECK = 2
"""... and two jokers each."""

_RANKS = {1: "A", 11: "J", 12: "Q"}
"""Ranks that are not shown as their number; 2-10 are."""
_WILD_RANK = "K"
_WILD_NAMES = frozenset({"K", "JOKER", "JK"})
_SUIT = "[♠♥♦♣SHDC]?"
_CARD = re.compile(rf"(A|[2-9]|10|J|Q|K|JK|JOKER){_SUIT}", re.IGNORECASE)
_HAND_MOVE = re.compile(r"h([^>]+)>([bd])(0|[1-9][0-9]*)")


def deck() -> Deck:
    """The deck three decks of playing cards make (R-DECK-3): the Mattel composition.

    Ace to queen twelve times each (three decks of four suits); wilds: the twelve
    kings and the six jokers.
    """
    copies = DECKS * SUITS
    return Deck(copies=copies, wilds=copies + DECKS * JOKERS_PER_DECK, highest=HIGHEST_VALUE)


def format_card(card: Card) -> str:
    """A card as a playing-card rank: ``A``, ``2`` .. ``10``, ``J``, ``Q``, or ``K`` for a wild.

    Raises:
        ValueError: if ``card`` is not a card of the playing-card deck.

    >>> format_card(7), format_card(1)
    ('7', 'A')

    """
    if type(card) is not int or not WILD <= card <= HIGHEST_VALUE:
        raise ValueError(f"not a card of the playing-card deck: {card!r}")
    if card == WILD:
        return _WILD_RANK
    return _RANKS.get(card, str(card))


def parse_card(text: str) -> Card:
    """Read a playing card: a rank, optionally followed by a suit, which is ignored.

    Ranks: ``A``, ``2`` .. ``10``, ``J``, ``Q``, and ``K``, ``Joker`` or ``JK`` for
    a wild; suits: ``♠♥♦♣`` or ``S H D C``; any letter case.

    Raises:
        ValueError: if ``text`` is not a playing card.

    >>> parse_card("A♠"), parse_card("jh"), parse_card(" k ")
    (1, 11, 0)
    >>> parse_card("1")
    Traceback (most recent call last):
    ...
    ValueError: not a playing card: '1' (expected A, 2-10, J, Q, K or Joker, then a suit or nothing)

    """
    if not isinstance(text, str):
        raise ValueError(f"a playing card must be given as text, got {type(text).__name__}")
    match = _CARD.fullmatch(text.strip())
    if match is None:
        raise ValueError(
            f"not a playing card: {text!r} "
            "(expected A, 2-10, J, Q, K or Joker, then a suit or nothing)"
        )
    rank = match.group(1).upper()
    if rank in _WILD_NAMES:
        return WILD
    for card, name in _RANKS.items():
        if rank == name:
            return card
    return int(rank)


def format_move(move: Move) -> str:
    """A move in the move notation with playing-card ranks for hand cards.

    Only plays from the hand and discards name a card; other moves read as usual.

    >>> from skipbo import Discard, PlayFromHand, PlayFromStock
    >>> [format_move(m) for m in (PlayFromHand(WILD, 2), Discard(12, 0), PlayFromStock(1, 3))]
    ['hK>b2', 'hQ>d0', 's1>b3']
    """
    match move:
        case PlayFromHand(card=card, build=build):
            return f"h{format_card(card)}>b{build}"
        case Discard(card=card, pile=pile):
            return f"h{format_card(card)}>d{pile}"
        case _:
            return str(move)


def parse_move(text: str) -> Move:
    """Read a move written with playing-card ranks (see :func:`format_move`).

    Raises:
        MoveSyntaxError: if ``text`` is not a move.

    >>> parse_move("hA>b0"), parse_move("hJoker>d3")
    (PlayFromHand(card=1, build=0), Discard(card=0, pile=3))

    """
    if not isinstance(text, str):
        raise MoveSyntaxError(f"a move must be given as text, got {type(text).__name__}")
    match = _HAND_MOVE.fullmatch(text.strip())
    if match is None:
        return parse_standard_move(text)  # stock and discard-pile plays, pass: no card named
    rank, target, index = match.groups()
    try:
        card = parse_card(rank)
    except ValueError as error:
        raise MoveSyntaxError(f"not a move: {text!r} ({error})") from None
    if target == "b":
        return PlayFromHand(card, int(index))
    return Discard(card, int(index))
