"""Tests for `skipbo.games.skipbo.position.set_up`: a position from what one seat sees at the
table."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import skipbo
from skipbo import WILD, Deck, GameState, Rules
from skipbo.games.skipbo.position import Place, PositionError, Unseen, set_up
from tests import strategies

SMALL = Rules(players=2, deck=Deck.small(), stock_size=3, hand_size=3)


def as_seen_by(state: GameState, seat: int, seed: int) -> GameState:
    """``state`` set up again from what ``seat`` sees of it: its hand and the public places."""
    hands: list[Place] = [
        hand if index == seat else Unseen(len(hand)) for index, hand in enumerate(state.hands)
    ]
    stocks = [Unseen(len(pile), top=pile[-1] if pile else None) for pile in state.stocks]
    return set_up(
        state.rules,
        hands=hands,
        stocks=stocks,
        builds=state.builds,
        discards=state.discards,
        draw_pile=Unseen(len(state.draw_pile)),
        completed=Unseen(len(state.completed)),
        current_player=state.current_player,
        turn=state.turn,
        turn_moves=state.turn_moves,
        empty_passes=state.empty_passes,
        stall_turns=state.stall_turns,
        seed=seed,
    )


class TestSetUp:
    """Tests for `set_up`."""

    @pytest.mark.rule("R-INFO-1", "R-INFO-2")
    @given(strategies.game_states(), st.data())
    def test_what_a_seat_sees_is_kept_and_the_rest_dealt(
        self, state: GameState, data: st.DataObject
    ) -> None:
        """Any unfinished reachable position, as one seat sees it, sets up a valid state
        that shows that seat exactly what it saw."""
        if state.outcome is not None:
            return
        seat = data.draw(st.integers(0, state.rules.players - 1))
        made = as_seen_by(state, seat, data.draw(st.integers(0, 2**32)))
        skipbo.check_invariants(made)
        assert skipbo.view(made, seat) == skipbo.view(state, seat)

    def test_the_seed_decides_the_unseen_cards(self) -> None:
        state = skipbo.new_game(Rules(players=3), seed=4)
        assert as_seen_by(state, 0, seed=1) == as_seen_by(state, 0, seed=1)
        assert as_seen_by(state, 0, seed=1).draw_pile != as_seen_by(state, 0, seed=2).draw_pile

    def test_without_a_seed_the_deal_is_fresh(self) -> None:
        first, second = (
            set_up(SMALL, hands=[Unseen(3), ()], stocks=[Unseen(3), Unseen(3)]) for _ in range(2)
        )
        skipbo.check_invariants(first)
        assert (first.stocks, first.hands, first.draw_pile, first.shuffle_seed) != (
            second.stocks,
            second.hands,
            second.draw_pile,
            second.shuffle_seed,
        )

    def test_every_card_given(self) -> None:
        """A puzzle: every place given, nothing dealt."""
        state = set_up(
            SMALL,
            hands=[(1, 2, WILD), ()],
            stocks=[(4, 4, 3), (3, 2, 1)],
            draw_pile=(WILD,),
            builds=[(), (), (), ()],
            seed=0,
        )
        assert state.hands[0] == (WILD, 1, 2)
        assert state.stocks == ((4, 4, 3), (3, 2, 1))

    @pytest.mark.rule("R-BUILD-4")
    def test_unseen_completed_piles_are_complete_runs(self) -> None:
        rules = Rules(players=2, deck=Deck.small(copies=3), stock_size=3, hand_size=3)
        state = set_up(
            rules,
            hands=[Unseen(3), ()],
            stocks=[Unseen(2, top=4), Unseen(1, top=4)],
            completed=Unseen(8),
            seed=3,
        )
        assert state.completed == (1, 2, 3, 4, 1, 2, 3, WILD)


class TestImpossiblePositions:
    """`set_up` refuses what no game reaches, and says why."""

    @pytest.mark.rule("R-DECK-1")
    def test_more_of_a_card_than_the_deck_holds(self) -> None:
        with pytest.raises(PositionError, match="more cards than the deck holds: 3 of 4"):
            set_up(SMALL, hands=[(4, 4), ()], stocks=[Unseen(3, top=4), Unseen(3)])

    def test_unseen_places_need_more_cards_than_are_left(self) -> None:
        with pytest.raises(PositionError, match="needs 9 unseen cards, but only"):
            set_up(SMALL, hands=[Unseen(3), ()], stocks=[Unseen(3), Unseen(3)], draw_pile=Unseen(9))

    def test_cards_without_a_place(self) -> None:
        with pytest.raises(PositionError, match="cards of the deck have no place"):
            set_up(SMALL, hands=[Unseen(3), ()], stocks=[Unseen(3), Unseen(3)], draw_pile=Unseen(0))

    @pytest.mark.rule("R-TURN-1")
    def test_a_short_hand_at_the_start_of_a_turn(self) -> None:
        with pytest.raises(PositionError, match=r"hands\.0: seat 0 holds 1 cards .* \(R-TURN-1\)"):
            set_up(SMALL, hands=[(1,), ()], stocks=[Unseen(3), Unseen(3)])

    @pytest.mark.rule("R-SETUP-2")
    def test_a_stock_pile_larger_than_dealt(self) -> None:
        with pytest.raises(PositionError, match=r"stocks\.0: .* \(R-SETUP-2, R-TEAM-4\)"):
            set_up(SMALL, hands=[Unseen(3), ()], stocks=[Unseen(4), Unseen(3)])

    @pytest.mark.rule("R-BUILD-4")
    def test_completed_cards_not_in_complete_piles(self) -> None:
        with pytest.raises(PositionError, match=r"complete build piles of 4 \(R-BUILD-4\)"):
            set_up(SMALL, hands=[Unseen(3), ()], stocks=[Unseen(3), Unseen(3)], completed=Unseen(3))

    @pytest.mark.parametrize(
        "make",
        [
            lambda: Unseen(-1),
            lambda: Unseen(True),
            lambda: Unseen(0, top=3),
            lambda: Unseen(2, top="W"),  # type: ignore[arg-type]
        ],
    )
    def test_an_unseen_place_is_a_count(self, make: object) -> None:
        with pytest.raises(PositionError):
            make()  # type: ignore[operator]

    def test_rules_must_be_rules(self) -> None:
        with pytest.raises(TypeError, match=r"set_up needs a skipbo\.Rules, not dict"):
            set_up({}, hands=[], stocks=[])  # type: ignore[arg-type]
