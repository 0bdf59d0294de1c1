"""Arranged Skyjo positions and helpers for scenario tests.

:func:`arrange` deals a chosen deck order through :func:`skipbo.games.skyjo.deal`, so every
arranged state is a real deal of the deck; :func:`play` applies moves by notation.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence

import pytest

from skipbo import skyjo
from skipbo.games.skyjo import GameState, Move, Rules

SEED = 12345
"""The shuffle seed of arranged states (reshuffles and later rounds draw from it)."""


def arrange(
    rules: Rules,
    grids: Sequence[Sequence[int]],
    discard: int,
    draw: Sequence[int] = (),
    *,
    round: int = 1,
    starter: int = 0,
) -> GameState:
    """A round dealt with these grids (places 0-11, column by column) and discard card.

    ``draw`` lists the top cards of the draw pile, top first; the rest of the deck lies
    below them in increasing order.
    """
    rest = rules.deck.counts()
    used = Counter(card for grid in grids for card in grid)
    used[discard] += 1
    used.update(draw)
    rest.subtract(used)
    assert all(count >= 0 for count in rest.values()), "the arrangement uses cards the deck lacks"
    below = sorted(rest.elements())
    order = [card for grid in grids for card in grid] + [discard] + below + list(reversed(draw))
    return skyjo.deal(rules, order, SEED, round=round, starter=starter)


def play(state: GameState, *moves: str | Move) -> GameState:
    """Apply ``moves`` (in notation or as values) one after the other."""
    for move in moves:
        state = skyjo.apply(state, skyjo.parse_move(move) if isinstance(move, str) else move)
        skyjo.check_invariants(state)
    return state


def reveal_all(state: GameState, *pairs: str) -> GameState:
    """Play the reveal phase: one ``"r<a>+<b>"`` per seat, in seat order."""
    assert len(pairs) == state.rules.players
    return play(state, *pairs)


def rejected(state: GameState, move: str | Move) -> str:
    """Assert that ``move`` is illegal in ``state`` and changes nothing; return the rule named."""
    before = copy.deepcopy(state)
    value = skyjo.parse_move(move) if isinstance(move, str) else move
    assert value not in skyjo.legal_moves(state)
    with pytest.raises(skyjo.IllegalMoveError) as error:
        skyjo.apply(state, value)
    assert state == before
    assert error.value.move is value
    return error.value.rule


def legal(state: GameState) -> list[str]:
    """The legal moves of ``state`` in notation."""
    return [str(move) for move in skyjo.legal_moves(state)]


def face_up_cards(state: GameState, seat: int) -> list[int]:
    """The face-up cards of ``seat``'s grid, by place."""
    return [
        card
        for card, up in zip(state.grids[seat], state.face_up[seat], strict=True)
        if up and card is not None
    ]


# Grids used by several tests: a grid is 12 cards, columns of three.
HIGH = [12, -2, 5, 6, 7, 8, 9, 10, 11, 3, 4, 1]
"""Places 0 and 1 hold 12 and -2 (sum 10)."""
LOW = [4, 2, 5, 6, 7, 8, 9, 10, 11, 3, 4, 1]
"""Places 0 and 1 hold 4 and 2 (sum 6)."""
