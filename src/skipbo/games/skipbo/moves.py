"""Moves and their text notation.

Five kinds of move (R-TURN-2, R-TURN-5, R-TURN-8):

=====================  ======================  ===========================================
move                   notation                meaning
=====================  ======================  ===========================================
``PlayFromHand``       ``h5>b0``, ``hW>b2``    a hand card onto build pile 0 / 2
``PlayFromStock``      ``s1>b0``               the top of stock pile 1 onto build pile 0
``PlayFromDiscard``    ``d1.3>b0``             the top of discard pile 3 of discard set 1
                                               onto build pile 0
``Discard``            ``h5>d2``               a hand card onto the player's own discard
                                               pile 2 (ends the turn)
``Pass``               ``pass``                end the turn with an empty hand
=====================  ======================  ===========================================

Indices count from 0. Stock piles and discard sets are numbered as in the state
(in individual play, seat ``p`` owns stock pile ``p`` and discard set ``p``), so a
move always names whose pile a card comes from. ``W`` is the wild.

Moves are small frozen hashable values; ``repr`` evaluates back to the move and
:func:`skipbo.parse_move` reads the notation:

>>> move = parse_move("hW>b2")
>>> move
PlayFromHand(card=0, build=2)
>>> str(move), parse_move(str(move)) == move
('hW>b2', True)
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TypeAlias

import attrs

from skipbo.common.naming import type_name
from skipbo.errors import ArgumentTypeError, InvalidMoveError, MoveSyntaxError
from skipbo.games.skipbo.cards import WILD, Card, format_card, parse_card
from skipbo.games.skipbo.rules import (
    Rules,  # the move table of a configuration is cached by its rules
)

__all__ = [
    "Discard",
    "Move",
    "Pass",
    "PlayFromDiscard",
    "PlayFromHand",
    "PlayFromStock",
    "all_moves",
    "is_build_play",
    "parse_move",
]


MAX_FIELD = 2**31 - 1
"""The largest card or pile index a move holds: far beyond any configuration whose
move table fits in memory, small enough that a move's text stays short."""


def _index(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    """Validate a move field: an ``int`` (not a ``bool``) and not negative.

    A move is a value that every rules configuration reads the same way, so its
    fields are checked when it is made: ``PlayFromHand(True, 0)`` would otherwise
    equal ``PlayFromHand(1, 0)``, test as ``in legal_moves(...)``, and write a text
    (``hTrue>b0``) that no parser reads back. The upper bounds depend on the rules;
    :func:`skipbo.apply` checks them.
    """
    if type(value) is not int:
        kind = type(instance).__name__
        raise ArgumentTypeError(f"{kind}.{attribute.name} must be an int, got {type_name(value)}")
    if not 0 <= value <= MAX_FIELD:
        kind = type(instance).__name__
        shown = value if abs(value) <= MAX_FIELD else f"an integer of {value.bit_length()} bits"
        raise InvalidMoveError(
            f"{kind}.{attribute.name} must be from 0 to {MAX_FIELD}, got {shown}"
        )


@attrs.frozen(slots=True)
class PlayFromHand:
    """Play a hand card onto a build pile (R-TURN-2)."""

    card: Card = attrs.field(validator=_index)
    """The hand card (``WILD`` or a number)."""
    build: int = attrs.field(validator=_index)
    """The build pile's index."""

    def __str__(self) -> str:
        return f"h{format_card(self.card)}>b{self.build}"


@attrs.frozen(slots=True)
class PlayFromStock:
    """Play the top card of a stock pile onto a build pile (R-TURN-2, R-TEAM-1/2)."""

    stock: int = attrs.field(validator=_index)
    """The stock pile's index (the player's own, or in team play a teammate's)."""
    build: int = attrs.field(validator=_index)
    """The build pile's index."""

    def __str__(self) -> str:
        return f"s{self.stock}>b{self.build}"


@attrs.frozen(slots=True)
class PlayFromDiscard:
    """Play the top card of a discard pile onto a build pile (R-TURN-2, R-DISC-3)."""

    discard_set: int = attrs.field(validator=_index)
    """The discard set's index (the player's own, or in team play a teammate's)."""
    pile: int = attrs.field(validator=_index)
    """The discard pile's index within the set."""
    build: int = attrs.field(validator=_index)
    """The build pile's index."""

    def __str__(self) -> str:
        return f"d{self.discard_set}.{self.pile}>b{self.build}"


@attrs.frozen(slots=True)
class Discard:
    """Put a hand card on one of the player's own discard piles; ends the turn (R-TURN-5)."""

    card: Card = attrs.field(validator=_index)
    """The hand card."""
    pile: int = attrs.field(validator=_index)
    """The index of the discard pile in the player's own discard set."""

    def __str__(self) -> str:
        return f"h{format_card(self.card)}>d{self.pile}"


@attrs.frozen(slots=True)
class Pass:
    """End the turn without a discard; legal only with an empty hand (R-TURN-8)."""

    def __str__(self) -> str:
        return "pass"


Move: TypeAlias = PlayFromHand | PlayFromStock | PlayFromDiscard | Discard | Pass
"""Any move."""

PASS = Pass()

_CARD = r"(W|w|[1-9][0-9]*)"
_NUMBER = r"(0|[1-9][0-9]*)"
_PATTERNS: tuple[tuple[re.Pattern[str], type], ...] = (
    (re.compile(rf"h{_CARD}>b{_NUMBER}"), PlayFromHand),
    (re.compile(rf"s{_NUMBER}>b{_NUMBER}"), PlayFromStock),
    (re.compile(rf"d{_NUMBER}\.{_NUMBER}>b{_NUMBER}"), PlayFromDiscard),
    (re.compile(rf"h{_CARD}>d{_NUMBER}"), Discard),
)


MAX_MOVE_TEXT = 40
"""The longest text :func:`parse_move` reads (a move is a few characters; the limit
keeps a hostile megabyte, or a number of thousands of digits, out of the parser)."""


def is_build_play(move: Move) -> bool:
    """Whether ``move`` plays a card onto a build pile (not a discard or a pass)."""
    return not isinstance(move, Discard | Pass)


def parse_move(text: str) -> Move:
    """Read a move in the move notation (see the module docs).

    The result is only syntactically valid; whether it is legal depends on the state.
    Letters may be of either case and spaces may surround the move, as people type
    it in a chat (``str(move)`` is the one spelling documents use).

    Raises:
        MoveSyntaxError: if ``text`` is not a move.

    >>> parse_move("d0.3>b1")
    PlayFromDiscard(discard_set=0, pile=3, build=1)
    >>> parse_move(" H5>B0 "), parse_move("PASS")
    (PlayFromHand(card=5, build=0), Pass())
    >>> parse_move("h13x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    skipbo.errors.MoveSyntaxError: not a move: 'h13x' (expected e.g. h5>b0, ...)

    """
    if not isinstance(text, str):
        raise MoveSyntaxError(f"a move must be given as text, got {type(text).__name__}")
    if len(text) > MAX_MOVE_TEXT:
        raise MoveSyntaxError(
            f"not a move: {text[:MAX_MOVE_TEXT]!r}... ({len(text)} characters; a move has "
            f"at most {MAX_MOVE_TEXT})"
        )
    stripped = text.strip().lower() if text.isascii() else text  # "PASS", " H5>B0 "
    if stripped == "pass":
        return PASS
    for pattern, kind in _PATTERNS:
        match = pattern.fullmatch(stripped)
        if match is None:
            continue
        first, *rest = match.groups()
        head = parse_card(first) if kind in (PlayFromHand, Discard) else int(first)
        move: Move = kind(head, *map(int, rest))
        return move
    raise MoveSyntaxError(
        f"not a move: {text!r} (expected e.g. h5>b0, hW>b1, s0>b2, d0.3>b1, h5>d2 or pass)"
    )


@attrs.frozen(slots=True)
class MoveTable:
    """Every move of a rules configuration, made once and shared (moves are values).

    ``moves`` lists them in the fixed order that :func:`skipbo.legal_moves` follows
    (and that an action index uses): hand plays by card (wild first) then build pile;
    stock plays by stock pile then build pile; discard-pile plays by discard set,
    pile, build pile; discards by card then pile; pass last.
    """

    hand_plays: tuple[tuple[PlayFromHand, ...], ...]
    """``hand_plays[card][build]``."""
    stock_plays: tuple[tuple[PlayFromStock, ...], ...]
    """``stock_plays[stock][build]``."""
    discard_plays: tuple[tuple[tuple[PlayFromDiscard, ...], ...], ...]
    """``discard_plays[discard_set][pile][build]``."""
    discards: tuple[tuple[Discard, ...], ...]
    """``discards[card][pile]``."""
    moves: tuple[Move, ...]
    """All of the above, in order, then ``Pass()``."""
    index_by_identity: dict[int, int] = attrs.field(eq=False, repr=False)
    """``id(move)`` to the move's index in ``moves``, for the table's own move objects
    (those :func:`skipbo.legal_moves` returns): a lookup without hashing the fields.
    Valid only while the table is held (ids of objects that live are unique)."""


@lru_cache(maxsize=64)
def _table(highest: int, builds: int, stocks: int, piles: int) -> MoveTable:
    cards = range(WILD, highest + 1)
    hand_plays = tuple(tuple(PlayFromHand(c, b) for b in range(builds)) for c in cards)
    stock_plays = tuple(tuple(PlayFromStock(s, b) for b in range(builds)) for s in range(stocks))
    discard_plays = tuple(
        tuple(tuple(PlayFromDiscard(d, p, b) for b in range(builds)) for p in range(piles))
        for d in range(stocks)
    )
    discards = tuple(tuple(Discard(c, p) for p in range(piles)) for c in cards)
    moves: tuple[Move, ...] = (
        *(m for row in hand_plays for m in row),
        *(m for row in stock_plays for m in row),
        *(m for rows in discard_plays for row in rows for m in row),
        *(m for row in discards for m in row),
        PASS,
    )
    by_identity = {id(move): index for index, move in enumerate(moves)}
    return MoveTable(hand_plays, stock_plays, discard_plays, discards, moves, by_identity)


_TABLES: dict[int, tuple[Rules, MoveTable]] = {}
"""The move table of each rules object seen, by ``id``: the engine asks for it on every
move list, and an ``id`` hashes in C where ``Rules.__hash__`` is a Python call. Each
entry keeps its rules alive, so an ``id`` is not reused while its entry exists."""
_TABLES_KEPT = 256


def move_table(rules: Rules) -> MoveTable:
    """The :class:`MoveTable` of ``rules``: every move, made once and shared (cached)."""
    entry = _TABLES.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    if len(_TABLES) >= _TABLES_KEPT:
        _TABLES.clear()  # bounded: a server loading many configurations
    table = _table(
        rules.deck.highest,
        rules.build_pile_count,
        rules.stock_pile_count,
        rules.discard_pile_count,
    )
    _TABLES[id(rules)] = (rules, table)
    return table


def all_moves(rules: Rules | None = None) -> tuple[Move, ...]:
    """Every move that can be legal in some state of ``rules``, in legal-move order.

    ``rules`` left out means the default :class:`~skipbo.Rules` (the signature is
    Skyjo's, :func:`skipbo.skyjo.all_moves`).

    >>> from skipbo import Rules
    >>> len(all_moves(Rules(players=2)))  # 13*4 + 2*4 + 2*4*4 + 13*4 + 1
    145

    Raises:
        TypeError: if ``rules`` is not a :class:`~skipbo.Rules`.

    """
    if rules is None:
        rules = Rules()
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"all_moves needs a skipbo.Rules, not {type_name(rules)}")
    return move_table(rules).moves
