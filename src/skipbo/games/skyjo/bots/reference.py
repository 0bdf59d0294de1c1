"""The first Skyjo heuristic, kept as a reference bot to measure new bots against.

It keeps low cards and builds columns of equal values, values an unknown card at the
mean of the cards it has not seen, and ends a round only when it is likely to score
lowest alone (or once the round has lasted long).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from skipbo.common import bots as common
from skipbo.games.skyjo.cards import Card, column_places
from skipbo.games.skyjo.engine import legal_moves
from skipbo.games.skyjo.moves import DiscardFlip, Draw, Move, Reveal, Swap, TakeDiscard
from skipbo.games.skyjo.sampling import unseen_cards
from skipbo.games.skyjo.state import Phase, Source
from skipbo.games.skyjo.views import FACE_DOWN, PublicView, SeenGrid

__all__ = ["ReferenceHeuristicBot", "reveal_apart"]


KEEP = 4
"""A card this low is worth keeping: taken from the discard pile, swapped in when drawn."""
PAIR_BONUS = 3
"""What a card is worth more next to a face-up card of its value (a column in the making)."""
PATIENCE = 15
"""Turns per player after which the bot ends a round even when it is unlikely to win it.

The heuristic (:mod:`skipbo.games.skyjo.bots.heuristic`) takes it too: from then on
the doubling (S-SCORE-2) is no reason to keep a round going, so rounds among bots end."""


def reveal_apart(moves: Sequence[Move], rng: random.Random) -> Move:
    """A random reveal of two cards of different columns (each may start a column plan).

    Any of ``moves`` if none is such a reveal.
    """
    reveals = [m for m in moves if isinstance(m, Reveal) and m.first // 3 != m.second // 3]
    return rng.choice(reveals or list(moves))


class ReferenceHeuristicBot(common.SeededBot):
    """A reasonable player that keeps low cards and builds columns of equal values.

    It ends a round only when it is likely to score lowest alone, or once the round has
    lasted ``PATIENCE`` turns per player (so that rounds among such bots end).
    Unknown cards are valued at the mean of the cards it has not seen.
    """

    def choose(self, view: PublicView) -> Move:
        """The move this policy prefers (always a legal one)."""
        moves = legal_moves(view)
        if view.phase is Phase.REVEAL:
            return reveal_apart(moves, self._rng)
        unknown = _mean_unseen(view)
        grid = view.grids[view.current_player]
        if view.phase is Phase.TAKE:
            top = view.discard_pile[-1] if view.discard_pile else None
            wanted = top is not None and _best_gain(grid, top, unknown)[1] >= KEEP - 1
            if TakeDiscard() in moves and (wanted or Draw() not in moves):
                return TakeDiscard()
            return Draw()
        held = view.held
        assert held is not None  # phase PLACE
        place, gain = _best_gain(grid, held, unknown)
        flips: list[Move] = [m for m in moves if isinstance(m, DiscardFlip)]
        if view.source is Source.DRAW_PILE and flips and (gain < KEEP - 1 or place is None):
            return self._safe(view, flips, moves, unknown)
        if place is None:
            return self._rng.choice(moves)
        choice = Swap(place)
        if _ends_round(grid, choice) and not _likely_lowest(view, grid, place, held, unknown):
            keeps_going = [m for m in moves if not _ends_round(grid, m)]
            if keeps_going:
                return max(keeps_going, key=lambda m: _move_gain(grid, m, held, unknown))
        return choice

    def _safe(
        self, view: PublicView, flips: list[Move], moves: Sequence[Move], unknown: float
    ) -> Move:
        grid = view.grids[view.current_player]
        if len(flips) == 1 and not _likely_lowest(view, grid, None, None, unknown):
            # Turning up the last card would end the round without a likely win.
            held = view.held
            assert held is not None
            swaps = [m for m in moves if isinstance(m, Swap) and grid[m.place] != FACE_DOWN]
            if swaps:
                return max(swaps, key=lambda m: _move_gain(grid, m, held, unknown))
        return self._rng.choice(flips)


def _mean_unseen(view: PublicView) -> float:
    unseen = unseen_cards(view)
    count = sum(unseen.values())
    return sum(card * n for card, n in unseen.items()) / count if count else 5.0


def _value(place: Card | str | None, unknown: float) -> float:
    return unknown if place == FACE_DOWN else float(place)  # type: ignore[arg-type]


def _column_bonus(grid: SeenGrid, place: int, card: Card) -> float:
    others = [grid[p] for p in column_places(place // 3) if p != place]
    matching = sum(other == card for other in others)
    if matching == 2:
        # The column goes: its two other cards stop counting too.
        return 2 * card + PAIR_BONUS
    return PAIR_BONUS * matching if card > 0 else 0.0


def _gain(grid: SeenGrid, place: int, card: Card, unknown: float) -> float:
    return _value(grid[place], unknown) - card + _column_bonus(grid, place, card)


def _best_gain(grid: SeenGrid, card: Card, unknown: float) -> tuple[int | None, float]:
    places = [p for p, here in enumerate(grid) if here is not None]
    if not places:
        return None, float("-inf")
    best = max(places, key=lambda p: _gain(grid, p, card, unknown))
    return best, _gain(grid, best, card, unknown)


def _move_gain(grid: SeenGrid, move: Move, held: Card, unknown: float) -> float:
    return _gain(grid, move.place, held, unknown) if isinstance(move, Swap) else 0.0


def _ends_round(grid: SeenGrid, move: Move) -> bool:
    if not isinstance(move, Swap | DiscardFlip):
        return False
    down = [p for p, here in enumerate(grid) if here == FACE_DOWN]
    return down == [move.place]


def _likely_lowest(
    view: PublicView, grid: SeenGrid, place: int | None, card: Card | None, unknown: float
) -> bool:
    """Whether ending the round now is reasonable for the player to move.

    True if its last card turned up, it would likely score lowest alone, or if the
    round has lasted long enough to end it anyway.
    """
    if view.turns >= PATIENCE * view.rules.players:
        return True
    mine = sum(_value(here, unknown) for here in grid if here is not None)
    if place is not None and card is not None:
        mine += card - _value(grid[place], unknown)
    others = [
        sum(_value(here, unknown) for here in other if here is not None)
        for seat, other in enumerate(view.grids)
        if seat != view.current_player
    ]
    return mine < min(others) - 2
