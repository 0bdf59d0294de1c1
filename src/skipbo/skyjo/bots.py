"""Skyjo bots: computer players that choose a move from the public view.

A bot has a ``choose(view) -> Move`` method, like Skip-Bo's bots; it is given the
:class:`~skipbo.skyjo.PublicView` (the same for every seat, S-INFO-2), so it cannot
read a face-down card, and it draws randomness from its own seeded generator.

>>> from skipbo import skyjo
>>> from skipbo.skyjo.bots import make_bot
>>> bots = [make_bot("heuristic", seed=0), make_bot("random", seed=1)]
>>> state = skyjo.new_game(skyjo.Rules(players=2), seed=5)
>>> while not skyjo.is_over(state):
...     seen = skyjo.view(state)
...     state = skyjo.apply(state, bots[seen.current_player].choose(seen))
>>> skyjo.outcome(state).winners
(0,)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from skipbo.common import bots as common
from skipbo.common.game import Bot as AnyGameBot
from skipbo.common.game import BotFactory
from skipbo.skyjo.cards import Card, column_places
from skipbo.skyjo.engine import legal_moves
from skipbo.skyjo.moves import DiscardFlip, Draw, Move, Reveal, Swap, TakeDiscard
from skipbo.skyjo.sampling import unseen_cards
from skipbo.skyjo.state import Phase, Source
from skipbo.skyjo.views import FACE_DOWN, PublicView, SeenGrid

__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "make_bot"]


class Bot(AnyGameBot[PublicView, Move], Protocol):
    """Chooses a legal move for ``view.current_player`` from the public view."""


class RandomBot(common.RandomBot[PublicView, Move]):
    """Picks uniformly among the legal moves."""

    def __init__(self, seed: int | None = None, *, time_limit: float | None = None) -> None:
        super().__init__(legal_moves, seed, time_limit=time_limit)


KEEP = 4
"""A card this low is worth keeping: taken from the discard pile, swapped in when drawn."""
PAIR_BONUS = 3
"""What a card is worth more next to a face-up card of its value (a column in the making)."""
PATIENCE = 15
"""Turns per player after which the bot ends a round even when it is unlikely to win it."""


class HeuristicBot(common.SeededBot):
    """A reasonable player that keeps low cards and builds columns of equal values.

    It ends a round only when it is likely to score lowest alone, or once the round has
    lasted ``PATIENCE`` turns per player (so that rounds among such bots end).
    Unknown cards are valued at the mean of the cards it has not seen.
    """

    def choose(self, view: PublicView) -> Move:
        """The move this policy prefers (always a legal one)."""
        moves = legal_moves(view)
        if view.phase is Phase.REVEAL:
            # Two cards of different columns: each may start a column of equal cards.
            reveals = [m for m in moves if isinstance(m, Reveal) and m.first // 3 != m.second // 3]
            return self._rng.choice(reveals or moves)
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


BOTS: Mapping[str, BotFactory[Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
}
"""Every Skyjo bot by name: a factory taking the bot's seed."""


def make_bot(name: str, seed: int | None = None, *, time_limit: float | None = None) -> Bot:
    """The Skyjo bot called ``name`` (a key of :data:`BOTS`), seeded with ``seed``.

    ``time_limit`` is the most seconds (wall clock) one move may take.

    Raises:
        ValueError: if no bot has that name (the message lists the names), or the time
            limit is not ``None`` or a positive number.

    """
    return common.build_bot(BOTS, name, seed, "Skyjo bot", time_limit=time_limit)
