"""Exhaustive checking, bounded: every deal, every reshuffle order and every reachable
position of tiny games.

The configurations are ``tools.exhaustive.BOUNDED`` (the full run, ``python -m
tools.exhaustive``, adds larger ones). See that module for what a position is and
which symmetry of the deals is used.
"""

from __future__ import annotations

import math
import os
from collections import Counter

import attrs
import pytest
from tools import exhaustive

import skipbo
from skipbo import WILD, Deck, Rules, Termination
from skipbo.games.skipbo.deal import deal
from tests.arrange import arrange

CONFIGURATIONS = (
    exhaustive.BOUNDED[:-2]
    if os.environ.get("HYPOTHESIS_PROFILE") == "mutation"
    else exhaustive.BOUNDED
)
"""Mutation testing runs the tests once per mutant: it leaves the two largest
configurations (the team games, most of the positions) to the normal run."""


@pytest.mark.rule(
    "R-BUILD-2", "R-BUILD-3", "R-BUILD-4", "R-TURN-2", "R-TURN-5", "R-TURN-6", "R-TURN-8",
    "R-DRAW-3", "R-WIN-1", "R-WIN-2", "R-WIN-3", "R-DECK-2",
)  # fmt: skip
@pytest.mark.parametrize("rules", CONFIGURATIONS, ids=repr)
def test_every_reachable_position_is_sound_and_can_end(rules: Rules) -> None:
    """In every position reachable from every deal: the invariants hold, every move
    of the move space is either legal and accepted or refused, and the game can
    still end (R-WIN-2: "without a turn limit, every game in which no card can ever
    be played again ends"; here: from everywhere some sequence ends it)."""
    result = exhaustive.explore(rules, max_positions=200_000)
    assert result.problems == ()
    assert result.deals == len(set(exhaustive.orders(rules.deck.cards())))
    assert result.positions > result.deals
    assert sum(result.endings.values()) > 0
    assert set(result.endings) <= set(Termination)


class TestOrders:
    """Tests for `orders`: the deals of the search."""

    def test_orders_are_the_distinct_permutations(self) -> None:
        cards = Deck(copies=2, wilds=1, highest=2).cards()  # 0 1 1 2 2
        found = list(exhaustive.orders(cards))
        assert len(found) == len(set(found))
        expected = math.factorial(5) // (math.factorial(2) * math.factorial(2))
        assert len(found) == expected
        assert all(Counter(order) == Counter(cards) for order in found)


class TestPositions:
    """Tests for `position`: what the search identifies."""

    def test_counters_and_seed_are_left_out(self) -> None:
        rules = exhaustive.BOUNDED[0]
        state = deal(rules, rules.deck.cards(), seed=0)
        later = skipbo.apply(state, skipbo.legal_moves(state)[0])
        assert exhaustive.position(state) != exhaustive.position(later)
        same = attrs.evolve(state, shuffle_seed=99, turn=7)
        assert exhaustive.position(same) == exhaustive.position(state)
        assert exhaustive.position(attrs.evolve(state, turn_moves=3)) == exhaustive.position(
            attrs.evolve(state, turn_moves=1)
        )

    def test_the_turn_counts_under_a_turn_limit(self) -> None:
        rules = attrs.evolve(exhaustive.BOUNDED[0], turn_limit=5)
        state = deal(rules, rules.deck.cards(), seed=0)
        assert exhaustive.position(state) != exhaustive.position(attrs.evolve(state, turn=2))


@pytest.mark.rule("R-DRAW-2")
def test_a_reshuffle_is_followed_in_every_order() -> None:
    """A move whose refill reshuffles the four completed cards 1-4 is made in each of the
    24 orders, each with the old draw pile's wild drawn first and the completed
    cards alone in the rest of the hand and the new draw pile."""
    rules = Rules(players=2, deck=Deck(copies=3, wilds=2, highest=4), stock_size=2, hand_size=3)
    state = arrange(
        rules,
        completed=(1, 2, 3, 4),
        draw_pile=(WILD,),
        hands=((3,), ()),
        builds=((1, 2), (WILD,), (), ()),
        stocks=((1, 2), (3, 4)),
        discards=(((), (), (), ()), ((4,), (), (), ())),
    )
    states, reshuffles = exhaustive.outcomes(state, skipbo.parse_move("h3>d0"))
    assert reshuffles == len(states) == math.factorial(4)
    # A hand is sorted, so the order of the two cards drawn from the new pile is lost:
    # 4!/2! distinct states, each new draw pile (in order) with the rest in the hand.
    distinct = {(after.hands[1], after.draw_pile) for after in states}
    assert len(distinct) == math.factorial(4) // math.factorial(2)
    for after in states:
        assert WILD in after.hands[1]
        assert Counter(after.hands[1]) + Counter(after.draw_pile) == Counter((WILD, 1, 2, 3, 4))
        assert skipbo.invariant_violations(after) == []
    # the engine's own seeded order is one of them
    assert skipbo.apply(state, skipbo.parse_move("h3>d0")).draw_pile in {
        after.draw_pile for after in states
    }


def test_a_move_without_reshuffle_has_one_outcome() -> None:
    rules = exhaustive.BOUNDED[0]
    state = deal(rules, rules.deck.cards(), seed=0)
    move = skipbo.legal_moves(state)[0]
    assert exhaustive.outcomes(state, move) == ([skipbo.apply(state, move)], 0)


def test_a_trap_is_reported() -> None:
    """The no-trap check finds positions from which the game cannot end."""
    rules = Rules(players=2, deck=Deck(copies=2, wilds=0, highest=2), stock_size=1, hand_size=1)
    first, second = (deal(rules, order, seed=0) for order in [(1, 1, 2, 2), (2, 2, 1, 1)])
    index = {first: 0, second: 1}
    # Two positions that lead only to each other: neither can reach an end.
    problems = exhaustive.traps(index, [[1], [0]], [False, False])
    assert len(problems) == 2
    assert all(problem.startswith("trap") for problem in problems)
    # The first leads to the second, which is final: no trap.
    assert exhaustive.traps(index, [[1], []], [False, True]) == []
