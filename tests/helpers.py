"""Small helpers for scenario tests: playing moves by notation, checking rejections.

States themselves are built with :func:`tests.arrange.arrange`; these helpers act
on them.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import TypeVar

import attrs
import pytest

import skipbo
from skipbo import GameState, Move
from skipbo.games.skipbo.state import Pile

M = TypeVar("M", bound=Move)


def play(state: GameState, *moves: str | Move) -> GameState:
    """Apply ``moves`` (in notation or as values) one after the other."""
    for move in moves:
        state = skipbo.apply(state, skipbo.parse_move(move) if isinstance(move, str) else move)
    return state


def rejected(state: GameState, move: str | Move) -> str:
    """Assert that ``move`` is illegal in ``state`` and changes nothing; return the rule named."""
    before = copy.deepcopy(state)
    value = skipbo.parse_move(move) if isinstance(move, str) else move
    assert value not in skipbo.legal_moves(state)
    with pytest.raises(skipbo.IllegalMoveError) as error:
        skipbo.apply(state, value)
    assert state == before
    assert error.value.move is value
    return error.value.rule


def forged(kind: type[M], *fields: object) -> M:
    """A move of ``kind`` holding ``fields`` that its constructor would refuse.

    Moves check their fields when made; tampering (``object.__setattr__``, a
    hand-made pickle) can still produce such a move, and the engine must refuse it.
    """
    move = object.__new__(kind)
    for field, value in zip(attrs.fields(kind), fields, strict=True):
        object.__setattr__(move, field.name, value)
    return move


def legal(state: GameState) -> list[str]:
    """The legal moves of ``state`` in notation, in their documented order."""
    return [str(move) for move in skipbo.legal_moves(state)]


def build_plays(state: GameState) -> set[str]:
    """The legal plays onto build piles, in notation."""
    return {text for text in legal(state) if ">b" in text}


def with_draw_pile(
    state: GameState, draw_pile: Pile, *, park: int, onto_discards: bool = False
) -> GameState:
    """``state`` with the given draw pile; the other cards go *under* stock pile ``park``.

    The stock pile's top stays the same, so the rest of the deck can be kept out of
    the way while conservation still holds. A stock pile that large is no reachable
    state (R-SETUP-2); with ``onto_discards`` the cards go instead, sorted (the
    highest on top), onto the empty discard pile 0 of discard set ``park``, for
    tests that check the invariants.

    Raises:
        ValueError: if ``draw_pile`` holds cards the old draw pile did not, or the stock
            pile is empty (parking would give it a new top).
    """
    rest = Counter(state.draw_pile)
    rest.subtract(draw_pile)
    if any(count < 0 for count in rest.values()):
        raise ValueError(f"{draw_pile} is not part of the draw pile")
    if onto_discards:
        piles = state.discards[park]
        if piles[0]:
            raise ValueError(f"discard pile {park}.0 is not empty")
        parked_set = (tuple(sorted(rest.elements())), *piles[1:])
        discards = state.discards[:park] + (parked_set,) + state.discards[park + 1 :]
        return attrs.evolve(state, draw_pile=draw_pile, discards=discards)
    stock = state.stocks[park]
    if not stock:
        raise ValueError(f"stock pile {park} is empty")
    parked = tuple(sorted(rest.elements())) + stock
    stocks = state.stocks[:park] + (parked,) + state.stocks[park + 1 :]
    return attrs.evolve(state, draw_pile=draw_pile, stocks=stocks)
