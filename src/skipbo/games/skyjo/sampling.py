"""Determinization: full Skyjo states consistent with the public view.

Bots that search sample the hidden part of the game and search the samples:
:func:`sample_state` deals the cards the view does not show (the face-down grid cards
and the draw pile, S-INFO-2) at random, chooses the reveal places of the seats that
have chosen in a reveal phase, and draws a fresh shuffle seed.

>>> import random
>>> from skipbo import skyjo
>>> from skipbo.games.skyjo.sampling import sample_state
>>> seen = skyjo.view(skyjo.new_game(skyjo.Rules(players=3), seed=8))
>>> guess = sample_state(seen, random.Random(1))
>>> skyjo.view(guess) == seen
True

The samples are uniform given the view alone, not given the moves that led to it.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from skipbo.common.naming import type_name
from skipbo.common.randomness import SEED_BITS
from skipbo.games.skyjo.cards import GRID_SIZE, Card
from skipbo.games.skyjo.errors import ArgumentTypeError, InvalidStateError
from skipbo.games.skyjo.invariants import invariant_violations
from skipbo.games.skyjo.state import GameState, Phase
from skipbo.games.skyjo.views import FACE_DOWN, SHOWN_AS_HELD, PublicView

__all__ = ["sample_state", "unseen_cards"]

_PAIRS = tuple(combinations(range(GRID_SIZE), 2))


def unseen_cards(seen: PublicView) -> Counter[Card]:
    """The cards ``seen`` does not show: the deck minus every visible card.

    A count below zero means the view shows more of a card than the deck holds.

    >>> from skipbo import skyjo
    >>> seen = skyjo.view(skyjo.new_game(skyjo.Rules(players=2), seed=1))
    >>> sum(unseen_cards(seen).values())  # 150 cards - the discard pile's first card
    149
    """
    if not isinstance(seen, PublicView):
        raise ArgumentTypeError(
            f"unseen_cards() takes a skipbo.skyjo.PublicView, got {type_name(seen)}"
        )
    unseen = seen.rules.deck.counts()
    unseen.subtract(seen.discard_pile)
    for grid in seen.grids:
        unseen.subtract(card for card in grid if card is not None and card != FACE_DOWN)
    if seen.held is not None:
        unseen[seen.held] -= 1
    return unseen


def sample_state(seen: PublicView, rng: random.Random) -> GameState:
    """A random state whose view is ``seen``, for bots that search.

    Raises:
        ArgumentTypeError: if ``seen`` is not a :class:`~skipbo.skyjo.PublicView` or
            ``rng`` not a :class:`random.Random`.
        InvalidStateError: if no valid state has this view (it shows more cards than
            the deck holds, or its parts contradict each other).

    """
    if not isinstance(seen, PublicView):
        raise ArgumentTypeError(
            f"sample_state() takes a skipbo.skyjo.PublicView, got {type_name(seen)}"
        )
    if not isinstance(rng, random.Random):
        raise ArgumentTypeError(f"sample_state() takes a random.Random, got {type_name(rng)}")
    unseen = unseen_cards(seen)
    short = sorted(card for card, count in unseen.items() if count < 0)
    if short:
        raise InvalidStateError(f"the view shows more cards of {short} than the deck holds")
    hidden = list(unseen.elements())
    face_down = sum(place == FACE_DOWN for grid in seen.grids for place in grid)
    if len(hidden) != face_down + seen.draw_pile_size:
        raise InvalidStateError(
            f"{len(hidden)} unseen cards for {face_down} face-down cards and a draw pile "
            f"of {seen.draw_pile_size}"
        )
    rng.shuffle(hidden)
    cards = iter(hidden)
    grids = tuple(
        tuple(next(cards) if place == FACE_DOWN else place for place in grid) for grid in seen.grids
    )
    state = GameState(
        **{name: getattr(seen, name) for name in SHOWN_AS_HELD},
        grids=grids,
        face_up=tuple(
            tuple(place not in (FACE_DOWN, None) for place in grid) for grid in seen.grids
        ),
        draw_pile=tuple(cards),
        reveals=tuple(
            rng.choice(_PAIRS)
            if seen.phase is Phase.REVEAL and seat < seen.current_player
            else None
            for seat in range(seen.rules.players)
        ),
        shuffle_seed=rng.getrandbits(SEED_BITS),
    )
    problems = invariant_violations(state)
    if problems:
        raise InvalidStateError("no valid state has this view: " + "; ".join(problems))
    return state
