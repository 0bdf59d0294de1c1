"""Tests for `skipbo.games.skipbo.spec`: each predicate on hand-made values with known answers.

The answers come from the rules: a build pile is the run 1, 2, .. (R-BUILD-2) with
wilds standing in (R-BUILD-3), shorter than a complete pile (R-BUILD-4), and so on.
"""

from __future__ import annotations

import attrs
import pytest

import skipbo
from skipbo import (
    WILD,
    Deck,
    Discard,
    Outcome,
    Pass,
    PlayFromDiscard,
    PlayFromHand,
    PlayFromStock,
    Rules,
    Termination,
)
from skipbo.games.skipbo import spec
from tests.arrange import arrange
from tests.helpers import forged

SMALL = Rules(players=2, deck=Deck(copies=2, wilds=2, highest=4), stock_size=2, hand_size=3)


class TestPiles:
    """Tests for the pile predicates."""

    @pytest.mark.parametrize(
        ("pile", "highest", "expected"),
        [
            ((), 4, True),
            ((1,), 4, True),
            ((WILD,), 4, True),
            ((1, 2, 3, 4), 4, True),  # a complete run is still a run
            ((WILD, WILD, 3), 4, True),
            ((1, 2, 3, 4, 5), 4, False),  # longer than a complete pile
            ((2,), 4, False),
            ((1, 3), 4, False),
            ((1, 1), 4, False),
            ((0, 2, 2), 12, False),
        ],
    )
    def test_is_run(self, pile: tuple[int, ...], highest: int, expected: bool) -> None:
        assert spec.is_run(pile, highest) is expected

    @pytest.mark.rule("R-BUILD-2", "R-BUILD-3", "R-BUILD-4")
    @pytest.mark.parametrize(
        ("pile", "expected"),
        [
            ((), True),
            ((1, 2, 3), True),
            ((WILD, 2, WILD), True),
            ((1, 2, 3, 4), False),  # complete: it has left the centre
            ((1, 2, 4), False),
            ((3,), False),
        ],
    )
    def test_is_valid_build_pile(self, pile: tuple[int, ...], expected: bool) -> None:
        assert spec.is_valid_build_pile(pile, 4) is expected

    @pytest.mark.parametrize(
        ("cards", "expected"),
        [
            ((), True),
            ((1, 2, 3), True),
            ((1, WILD, 3, WILD, 2, 3), True),
            ((1, 2), False),  # not a whole pile
            ((1, 2, 3, 1), False),
            ((2, 1, 3), False),
            ((1, 2, 3, 1, 2, 2), False),
        ],
    )
    def test_is_valid_completed(self, cards: tuple[int, ...], expected: bool) -> None:
        assert spec.is_valid_completed(cards, 3) is expected

    @pytest.mark.parametrize(
        ("cards", "expected"),
        [((), True), ((5,), True), ((WILD, 1, 1, 7), True), ((2, 1), False), ((1, 3, 2), False)],
    )
    def test_is_sorted(self, cards: tuple[int, ...], expected: bool) -> None:
        assert spec.is_sorted(cards) is expected

    def test_flatten_keeps_the_order(self) -> None:
        assert spec.flatten([(3, 1), (), (2,)]) == (3, 1, 2)
        assert spec.flatten([]) == ()

    def test_same_cards_is_multiset_equality(self) -> None:
        assert spec.same_cards((1, 2, 2), (2, 1, 2))
        assert not spec.same_cards((1, 2), (1, 2, 2))
        assert not spec.same_cards((1, 1), (1, 2))
        assert spec.same_cards_in([(1,), (2, 3)], [(3, 2, 1)])
        assert not spec.same_cards_in([(1,), (2,)], [(1,)])

    def test_contains_cards_is_multiset_inclusion(self) -> None:
        assert spec.contains_cards((1, 2, 2), (2, 2))
        assert spec.contains_cards((1,), ())
        assert not spec.contains_cards((1, 2), (2, 2))
        assert not spec.contains_cards((), (1,))


class TestStates:
    """Tests for the state predicates, on arranged states."""

    def test_a_dealt_state_is_consistent(self) -> None:
        state = skipbo.new_game(SMALL, seed=1)
        assert spec.is_consistent(state)
        assert spec.builds_valid(state)
        assert spec.hands_valid(state)
        assert sorted(spec.all_cards(state)) == sorted(SMALL.deck.cards())

    def test_a_lost_card_is_inconsistent(self) -> None:
        state = skipbo.new_game(SMALL, seed=1)
        broken = attrs.evolve(state, draw_pile=state.draw_pile[1:])
        assert not spec.is_consistent(broken)
        assert not spec.conserves(state, broken)
        assert spec.conserves(state, state)

    def test_an_invalid_build_pile_is_caught(self) -> None:
        state = arrange(SMALL, builds=((1, 2), (2,), (), ()))
        assert not spec.builds_valid(state)
        assert not spec.is_consistent(state)
        assert spec.builds_valid(arrange(SMALL, builds=((1, 2), (), (), ())))

    def test_invalid_completed_cards_are_caught(self) -> None:
        assert not spec.builds_valid(arrange(SMALL, completed=(1, 2)))
        assert spec.builds_valid(arrange(SMALL, completed=(1, 2, 3, 4)))

    def test_hands_must_be_sorted_and_within_the_hand_size(self) -> None:
        good = arrange(SMALL, hands=((1, 2, 3), ()))
        assert spec.hands_valid(good)
        assert not spec.hands_valid(attrs.evolve(good, hands=((3, 2, 1), ())))
        assert not spec.hands_valid(arrange(SMALL, hands=((1, 1, 2, 2), ())))
        assert not spec.is_consistent(attrs.evolve(good, hands=((3, 2, 1), ())))

    def test_next_seat_goes_clockwise(self) -> None:
        state = arrange(Rules(players=3, deck=SMALL.deck, stock_size=1, hand_size=1))
        assert spec.next_seat(state) == 1
        assert spec.next_seat(attrs.evolve(state, current_player=2)) == 0

    def test_team_stocks_empty(self) -> None:
        rules = attrs.evolve(
            Rules.partners(), deck=Deck(copies=3, wilds=2, highest=4), stock_size=1
        )
        state = arrange(rules, stocks=((1,), (), (), (2,)))
        assert not spec.team_stocks_empty(state, 0)  # seats 0 and 2: stock 0 holds a card
        assert not spec.team_stocks_empty(state, 1)
        assert spec.team_stocks_empty(arrange(rules, stocks=((), (1,), (), (2,))), 2)


class TestMoveEffects:
    """Tests for the predicates about one move's effect."""

    def test_played_onto(self) -> None:
        before = arrange(SMALL, builds=((1, 2, 3), (1,), (), ()))
        grown = attrs.evolve(before, builds=((1, 2, 3), (1, 2), (), ()))
        completed = attrs.evolve(before, builds=((), (1,), (), ()))
        assert spec.played_onto(before, grown, 1)
        assert spec.played_onto(before, completed, 0)
        assert not spec.played_onto(before, grown, 0)
        assert not spec.played_onto(before, completed, 1)
        both = attrs.evolve(before, builds=((1, 2, 3), (1, 2), (1,), ()))
        assert not spec.played_onto(before, both, 1)  # another pile changed too
        emptied = attrs.evolve(before, builds=((1, 2, 3), (), (), ()))
        assert not spec.played_onto(before, emptied, 1)  # only a complete pile leaves
        replaced = attrs.evolve(before, builds=((1, 2, 3), (WILD, 2), (), ()))
        assert not spec.played_onto(before, replaced, 1)  # the old cards must stay

    def test_took_top(self) -> None:
        assert spec.took_top(((1, 2, 3), (3,)), ((1, 2), (3,)), 0)
        assert not spec.took_top(((1, 2, 3), (3,)), ((1,), (3,)), 0)
        assert spec.took_top(((1, 2), (3,)), ((1,), (3,)), 0)
        assert not spec.took_top(((1, 2), (3,)), ((2,), (3,)), 0)
        assert not spec.took_top(((1, 2), (3,)), ((1,), ()), 0)
        assert not spec.took_top(((1, 2),), ((1,), ()), 0)

    def test_took_discard_top(self) -> None:
        before = arrange(SMALL, discards=(((1, 2), (3,), (), ()), ((), (), (), (4,))))
        after = attrs.evolve(before, discards=(((1,), (3,), (), ()), ((), (), (), (4,))))
        assert spec.took_discard_top(before, after, 0, 0)
        assert not spec.took_discard_top(before, after, 0, 1)
        assert not spec.took_discard_top(before, after, 1, 0)
        other = attrs.evolve(after, discards=(((1,), (3,), (), ()), ((), (), (), ())))
        assert not spec.took_discard_top(before, other, 0, 0)

    def test_took_from_hand(self) -> None:
        before = arrange(SMALL, hands=((1, 2, 3), (4,)))
        after = attrs.evolve(before, hands=((1, 3), (4,)))
        assert spec.took_from_hand(before, after, 2)
        assert not spec.took_from_hand(before, after, 1)
        assert not spec.took_from_hand(before, attrs.evolve(after, hands=((1, 3), ())), 2)
        single = arrange(SMALL, hands=((2,), ()))
        refilled = attrs.evolve(single, hands=((1, 3, 4), ()))
        assert spec.took_from_hand(single, refilled, 2)  # emptied, then refilled (R-TURN-4)
        too_many = attrs.evolve(single, hands=((1, 1, 3, 4), ()))
        assert not spec.took_from_hand(single, too_many, 2)

    def test_discarded(self) -> None:
        before = arrange(SMALL, hands=((1, 2, 3), ()), discards=(((4,), (), (), ()),) * 2)
        after = attrs.evolve(
            before, hands=((1, 3), ()), discards=(((4,), (2,), (), ()), before.discards[1])
        )
        assert spec.discarded(before, after, 2, 1)
        assert not spec.discarded(before, after, 2, 0)
        assert not spec.discarded(before, after, 3, 1)
        wrong_set = attrs.evolve(after, discards=(((4,), (), (), ()), ((4,), (2,), (), ())))
        assert not spec.discarded(before, wrong_set, 2, 1)


class TestIsLegal:
    """Tests for `is_legal`, against hand-arranged positions (R-TURN-*, R-BUILD-*)."""

    def state(self, **fields: object) -> skipbo.GameState:
        return arrange(SMALL, **fields)  # type: ignore[arg-type]

    @pytest.mark.rule("R-TURN-2", "R-BUILD-2", "R-BUILD-3")
    def test_plays_from_the_hand(self) -> None:
        state = self.state(hands=((WILD, 2, 3), ()), builds=((1,), (), (), ()))
        assert spec.is_legal(state, PlayFromHand(2, 0))
        assert spec.is_legal(state, PlayFromHand(WILD, 3))
        assert not spec.is_legal(state, PlayFromHand(3, 0))
        assert not spec.is_legal(state, PlayFromHand(2, 1))
        assert not spec.is_legal(state, PlayFromHand(1, 1))  # not in the hand
        assert not spec.is_legal(state, PlayFromHand(2, 4))  # no build pile 4
        assert not spec.is_legal(state, forged(PlayFromHand, True, 0))

    @pytest.mark.rule("R-TURN-2", "R-TURN-3")
    def test_plays_from_a_stock_pile(self) -> None:
        state = self.state(stocks=((2, 1), (1,)), hands=((3,), ()))
        assert spec.is_legal(state, PlayFromStock(0, 0))
        assert not spec.is_legal(state, PlayFromStock(1, 0))  # another player's stock
        assert not spec.is_legal(state, forged(PlayFromStock, True, 0))
        assert not spec.is_legal(
            self.state(stocks=((), (1,)), hands=((3,), ())), PlayFromStock(0, 0)
        )

    @pytest.mark.rule("R-DISC-3")
    def test_plays_from_a_discard_pile(self) -> None:
        discards = (((2, 1), (), (), (WILD,)), ((1,), (), (), ()))
        state = self.state(discards=discards, hands=((3,), ()))
        assert spec.is_legal(state, PlayFromDiscard(0, 0, 0))
        assert spec.is_legal(state, PlayFromDiscard(0, 3, 2))
        assert not spec.is_legal(state, PlayFromDiscard(0, 1, 0))  # empty
        assert not spec.is_legal(state, PlayFromDiscard(1, 0, 0))  # another player's
        assert not spec.is_legal(state, PlayFromDiscard(0, 4, 0))  # no such pile

    @pytest.mark.rule("R-TURN-5", "R-TURN-6", "R-TURN-8", "R-DISC-2")
    def test_discards_and_passes(self) -> None:
        state = self.state(hands=((3,), ()))
        assert spec.is_legal(state, Discard(3, 3))
        assert not spec.is_legal(state, Discard(3, 4))
        assert not spec.is_legal(state, Discard(2, 0))
        assert not spec.is_legal(state, Pass())
        assert spec.is_legal(self.state(hands=((), ())), Pass())

    @pytest.mark.rule("R-WIN-3")
    def test_nothing_is_legal_after_the_end(self) -> None:
        state = self.state(hands=((3,), ()), outcome=Outcome(Termination.BLOCKED), empty_passes=2)
        assert not spec.is_legal(state, Discard(3, 0))

    def test_anything_else_is_not_a_legal_move(self) -> None:
        assert not spec.is_legal(self.state(hands=((3,), ())), "h3>d0")  # type: ignore[arg-type]

    def test_is_legal_agrees_with_legal_moves_on_a_game(self) -> None:
        state = skipbo.new_game(SMALL, seed=4)
        for _ in range(40):
            if state.is_over:
                break
            legal = skipbo.legal_moves(state)
            assert [m for m in skipbo.all_moves(SMALL) if spec.is_legal(state, m)] == legal
            state = skipbo.apply(state, legal[0])
