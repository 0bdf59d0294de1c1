"""Drawing cards: from the draw pile, reshuffling the completed cards when it runs out.

Shared by everything that draws: the engine (a hand filled at the start of a turn,
R-TURN-1, and refilled when emptied by plays, R-TURN-4), the deal and the referee
penalty (R-TEAM-4). The draw pile's top is the end of its tuple (R-DRAW-1); when it
runs out, only the completed cards are shuffled into a new draw pile (R-DRAW-2),
with the state's shuffle seed; when both are empty nothing more can be drawn
(R-DRAW-3).

>>> take(2, (7, 8, 9), (), seed=0)
((8, 9), (7,), (), 0)
>>> fill_hand(4, (2,), (7, 8), (), seed=0)
((2, 7, 8), (), (), 0)
"""

from __future__ import annotations

from skipbo.common.randomness import shuffle
from skipbo.games.skipbo import spec  # noqa: F401  (the PEP 316 contracts below use it)
from skipbo.games.skipbo.cards import Card

__all__ = ["fill_hand", "take"]

Pile = tuple[Card, ...]


def fill_hand(
    hand_size: int, hand: Pile, draw_pile: Pile, completed: Pile, seed: int
) -> tuple[Pile, Pile, Pile, int]:
    """Fill ``hand`` to ``hand_size`` from the draw pile, reshuffling when it runs out.

    Returns the new hand (sorted), draw pile, completed cards and shuffle seed.

    pre: len(hand) <= hand_size
    pre: spec.is_sorted(hand)
    post: spec.same_cards(spec.flatten(__return__[:3]), hand + draw_pile + completed)
    post: spec.is_sorted(__return__[0]) and spec.contains_cards(__return__[0], hand)
    post: len(__return__[0]) == hand_size or not (__return__[1] or __return__[2])
    post: len(__return__[0]) <= hand_size
    """
    drawn, draw_pile, completed, seed = take(hand_size - len(hand), draw_pile, completed, seed)
    return tuple(sorted(hand + drawn)), draw_pile, completed, seed


def take(needed: int, draw_pile: Pile, completed: Pile, seed: int) -> tuple[Pile, Pile, Pile, int]:
    """Take up to ``needed`` cards from the draw pile, reshuffling when it runs out.

    Returns the cards taken (as they lay in the pile, the first drawn last), the draw
    pile, the completed cards and the shuffle seed. A draw pile shorter than
    ``needed`` is taken whole, in its order, before the reshuffle (R-DRAW-2): the
    completed cards alone make the new draw pile, and the rest is drawn from it.

    post: spec.same_cards(spec.flatten(__return__[:3]), draw_pile + completed)
    post: len(__return__[0]) == min(max(needed, 0), len(draw_pile) + len(completed))
    post: __return__[0][: len(draw_pile)] == draw_pile[max(len(draw_pile) - needed, 0) :]
    post: len(draw_pile) < needed or __return__[1] == draw_pile[: len(draw_pile) - needed]
    post: __return__[2] in (completed, ())
    post: (__return__[2] == completed) == (needed <= len(draw_pile) or not completed)
    post: __return__[3] == seed or __return__[2] != completed
    """
    drawn: Pile = ()
    while needed > 0:
        if not draw_pile:
            if not completed:
                break  # R-DRAW-3: nothing left to draw; play on with a smaller hand
            # R-DRAW-2: only the completed cards are shuffled into a new draw pile.
            draw_pile, seed = shuffle(completed, seed)
            completed = ()
        taken = min(needed, len(draw_pile))
        drawn += draw_pile[-taken:]  # R-DRAW-1: the top is the end of the tuple
        draw_pile = draw_pile[:-taken]
        needed -= taken
    return drawn, draw_pile, completed, seed
