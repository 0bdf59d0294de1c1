"""Two simple Skyjo strategies of the kind published for beginners, kept as yardsticks.

Neither looks at the other players or at the cards already seen; both are what a
new player is told to do, and what simple Skyjo bots elsewhere play:

* :class:`LowDiscardBot` ("low-discard"): take the discard pile's top if it is low,
  else draw; a card is kept in place of the highest card it beats.
* :class:`RevealFirstBot` ("reveal-first"): always draw; a low card replaces a
  face-down card, a higher one is discarded and a face-down card turned up, so the
  grid is uncovered (and the round ended) as fast as possible.

Both choose their two reveals at random, and break ties at random from their seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from skipbo.common import bots as common
from skipbo.games.skyjo.cards import Card
from skipbo.games.skyjo.engine import legal_moves
from skipbo.games.skyjo.moves import DiscardFlip, Draw, Move, Swap, TakeDiscard
from skipbo.games.skyjo.state import Phase, Source
from skipbo.games.skyjo.views import FACE_DOWN, PublicView, SeenGrid

__all__ = ["LOW", "LowDiscardBot", "RevealFirstBot"]

LOW = 3
"""A card this low or lower is "low": worth taking and keeping for both strategies."""


def _face_up(grid: SeenGrid) -> list[int]:
    return [place for place, card in enumerate(grid) if card is not None and card != FACE_DOWN]


def _face_down(grid: SeenGrid) -> list[int]:
    return [place for place, card in enumerate(grid) if card == FACE_DOWN]


def _highest(grid: SeenGrid, rng: random.Random) -> int | None:
    """The face-up place of the highest card (a random one of several), if any."""
    up = _face_up(grid)
    if not up:
        return None
    top = max(grid[place] for place in up)  # type: ignore[type-var]
    return rng.choice([place for place in up if grid[place] == top])


def _least_harm(grid: SeenGrid, card: Card, moves: Sequence[Move], rng: random.Random) -> Move:
    """A forced swap where it costs least: in place of the highest face-up card."""
    highest = _highest(grid, rng)
    if highest is not None and Swap(highest) in moves:
        return Swap(highest)
    return rng.choice(list(moves))


def _low_face_down(view: PublicView, card: Card, moves: Sequence[Move], rng: random.Random) -> Move:
    """A low card, or one that must be swapped in, replaces a random face-down card.

    A high one is discarded and a random face-down card turned up.
    """
    grid = view.grids[view.current_player]
    down = _face_down(grid)
    if down and (card <= LOW or view.source is Source.DISCARD_PILE):
        return Swap(rng.choice(down))
    if down:
        return DiscardFlip(rng.choice(down))
    return _least_harm(grid, card, moves, rng)


class LowDiscardBot(common.SeededBot):
    """Take the discard if it is low, else draw; replace the highest card.

    Taking: the discard pile's top when it is at most ``LOW`` (else draw).
    Placing: the card goes in place of the highest face-up card if it is lower; if it
    beats no face-up card, a low card (or one taken from the discard pile, which must
    be swapped in) replaces a random face-down card, and a high drawn card is
    discarded and a random face-down card turned up.
    """

    def choose(self, view: PublicView) -> Move:
        """The move of this strategy (always a legal one)."""
        moves = legal_moves(view)
        grid = view.grids[view.current_player]
        if view.phase is Phase.TAKE:
            top = view.discard_pile[-1] if view.discard_pile else None
            if TakeDiscard() in moves and ((top is not None and top <= LOW) or Draw() not in moves):
                return TakeDiscard()
            return Draw()
        if view.phase is not Phase.PLACE or view.held is None:
            return self._rng.choice(moves)
        card = view.held
        highest = _highest(grid, self._rng)
        if highest is not None and card < grid[highest]:  # type: ignore[operator]
            return Swap(highest)
        return _low_face_down(view, card, moves, self._rng)


class RevealFirstBot(common.SeededBot):
    """Always draw; a low card replaces a face-down card, else turn one up.

    Taking: always the draw pile (the discard pile only when it cannot draw).
    Placing: a card of at most ``LOW`` replaces a random face-down card; a
    higher drawn card is discarded and a random face-down card turned up. Once no
    card is face down, the card replaces the highest face-up card if it is lower.
    """

    def choose(self, view: PublicView) -> Move:
        """The move of this strategy (always a legal one)."""
        moves = legal_moves(view)
        if view.phase is Phase.TAKE:
            return Draw() if Draw() in moves else TakeDiscard()
        if view.phase is not Phase.PLACE or view.held is None:
            return self._rng.choice(moves)
        card = view.held
        return _low_face_down(view, card, moves, self._rng)
