"""Frozen copy of :mod:`skipbo.games.skipbo.bots.leaf` as of issue 55.

It is the fitted leaf of ``search@1``. Never edit it: it is a reference that bars are
measured against (see :mod:`skipbo.games.skipbo.bots.v1`), and
``tests/test_frozen_bots.py`` fails if its moves change. What follows is the live
module's description as it was then.

The search's fitted leaf: a seat's chance to win, estimated from a position's cards.

The search bot (:mod:`skipbo.games.skipbo.bots.v1.search`) ends each rollout at the start of
the turn
after its own next one (with two players, after the one after that) and values the
position it reaches: the seat valued has just ended its turn, as in the positions the
leaf was fitted on. Its first value was the
stock lead (how many stock cards fewer than the others), a count that moves only when
a stock card is played, so that most rollouts of two candidate moves end level. This
module's value is a logistic regression of the win on features of the full (sampled)
position, fitted on positions of the heuristic bot's self-play
(``python -m tools.fit_leaf``, which prints :data:`FITTED`): how close each stock pile
is to empty, in three shapes (the last cards count most), whether each stock top is
0-3 numbers above a build pile's next number, the wilds each seat holds in its hand
and on its discard tops, the size of each hand and of the draw pile, each seat in turn
order from the seat valued.

It is fitted for two tables, standard rules with two and with four players (individual
play), each on 8,000 games. Held out (their last fifth), its log-loss is 0.596 against
0.605 for the stock sizes alone and 0.693 for a constant with two players, and 0.474
against 0.481 and 0.551 with four (issue 24; the bots' guide has the figures of the
search with it). :func:`fitted_leaf` gives ``None`` for every other rules, where the
search keeps the stock lead.

>>> import skipbo
>>> state = skipbo.new_game(skipbo.Rules(players=4), seed=3)
>>> value = fitted_leaf(state.rules)
>>> value is not None and 0.1 < value(state, 0) < 0.4  # near an even share at the deal
True
>>> fitted_leaf(skipbo.Rules(players=3)) is None
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import attrs

from skipbo.games.skipbo.bots.reference import next_number
from skipbo.games.skipbo.cards import WILD
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.state import GameState

__all__ = ["FITTED", "Leaf", "fitted_leaf", "leaf_features"]

SEAT_FEATURES = 10
"""Features of each seat: see :func:`leaf_features`."""

# Each table's weights, as `python -m tools.fit_leaf --players N` prints them: the seat
# valued (it has just ended its turn), then the seats after it in turn order: stock
# share, its square, 1 / (stock + 1), a stock top 0, 1, 2, 3 above a build pile's next
# number, wilds in hand, wilds on discard tops, hand share; then the draw pile (in
# hundreds of cards) and the intercept.
FITTED: Mapping[Rules, tuple[float, ...]] = {
    Rules(players=2): (
        *(-7.7820, 2.3633, 2.6508, 0.0000, 0.0840, 0.0809, 0.0344, 0.0987, 0.2086, -0.0438),
        *(7.7922, -2.3528, -3.6225, -0.4552, -0.2235, -0.1410, -0.0888, -0.1562, -0.1834, 0.0478),
        0.0371,
        0.0478,
    ),
    Rules(players=4): (
        *(-8.4629, 2.4199, 2.3446, 0.0000, -0.0017, -0.0116, -0.0002, 0.1975, 0.1494, -0.2244),
        *(1.1768, 0.1984, -5.2066, -0.1666, -0.0837, -0.0582, -0.0439, -0.0621, -0.0222, 0.4223),
        *(3.0515, -0.9714, -3.6652, -0.0384, -0.0804, -0.0393, -0.0772, -0.0376, -0.0192, 0.0789),
        *(2.5272, -0.5089, -4.1625, -0.0241, -0.0142, -0.0323, -0.0105, -0.0979, -0.0029, 0.1176),
        0.0435,
        -0.5868,
    ),
}
"""The fitted weights of :func:`leaf_features` (intercept last), by the rules they were
fitted for (the first player and a turn limit aside)."""

Leaf = Callable[[GameState, int], float]
"""A value of a position for a seat: its estimated chance to win, between 0 and 1."""


def leaf_features(state: GameState, seat: int) -> list[float]:
    """The features of ``state`` for ``seat``'s chance to win (individual play).

    ``state`` is a full state: in the search it is a sampled deal, so the other
    hands are the sampled ones, never the real.
    """
    rules = state.rules
    players = rules.players
    highest = rules.deck.highest
    needs = [next_number(len(pile), highest) for pile in state.builds]
    features: list[float] = []
    for distance in range(players):
        other = (seat + distance) % players
        stock = state.stocks[other]
        size = len(stock)
        if not stock:
            gap = -1
        elif stock[-1] == WILD:
            gap = 0
        else:
            gap = min((stock[-1] - need) % highest for need in needs)
        hand = state.hands[other]
        share = size / rules.stock_size
        features += [
            share,
            share * share,
            1.0 / (size + 1),
            *(float(gap == number) for number in range(4)),
            float(hand.count(WILD)),
            float(sum(pile[-1] == WILD for pile in state.discards[other] if pile)),
            len(hand) / rules.hand_size,
        ]
    features.append(len(state.draw_pile) / 100)
    return features


def fitted_leaf(rules: Rules) -> Leaf | None:
    """The fitted leaf value for ``rules``, or ``None`` when none was fitted for them.

    The value of a finished game is 1 for a win and 0 otherwise (a loss or a block);
    of an unfinished one, the regression's estimate.
    """
    weights = FITTED.get(attrs.evolve(rules, first_player=0, turn_limit=None))
    if weights is None:
        return None

    def chance(state: GameState, seat: int) -> float:
        outcome = state.outcome
        if outcome is not None:
            return 1.0 if seat in outcome.winners else 0.0
        score = weights[-1]
        for feature, weight in zip(leaf_features(state, seat), weights[:-1], strict=True):
            score += feature * weight
        return 1.0 / (1.0 + math.exp(-score))

    return chance
