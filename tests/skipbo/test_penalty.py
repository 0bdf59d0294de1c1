"""Scenario tests for the referee penalty of team play (R-TEAM-4): :func:`skipbo.penalize`."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

import skipbo
from skipbo import Outcome, PenaltyError, Rules, Termination, penalize
from skipbo.games.skipbo.invariants import all_cards
from tests.arrange import arrange
from tests.helpers import play

pytestmark = pytest.mark.rule("R-TEAM-4")

PARTNERS = Rules.partners(teams=((0, 2), (1, 3)))
SHARED = Rules.team_piles(teams=((0, 2, 4), (1, 3, 5)))


def partner_state(**kwargs: object) -> skipbo.GameState:
    """Seat 0 to move in a partner game; stock piles (bottom .. top) as given."""
    defaults: dict[str, object] = {
        "stocks": ((3, 7), (4, 8), (5, 9), (6, 10)),
        "hands": ((1, 2, 11, 12, 12), (), (), ()),
    }
    defaults.update(kwargs)
    return arrange(PARTNERS, **defaults)  # type: ignore[arg-type]


class TestPenalize:
    """R-TEAM-4: "a player who gives a forbidden hint [...] draws two cards from the draw
    pile and puts them, unseen, under their own stock pile. The engine offers this as an
    explicit referee action, outside normal turn order, that a frontend may apply to any
    player of a team game." """

    @pytest.mark.parametrize("seat", [0, 1, 2, 3])
    def test_two_draw_pile_cards_go_under_the_players_own_stock_pile(self, seat: int) -> None:
        state = partner_state()
        after = penalize(state, seat)
        top_two = state.draw_pile[-2:]  # R-DRAW-1: the top is the end
        assert after.stocks[seat] == top_two + state.stocks[seat]  # under: the bottom
        assert after.stocks[seat][-1] == state.stocks[seat][-1]  # the top card is unchanged
        assert after.draw_pile == state.draw_pile[:-2]
        others = [s for s in range(4) if s != seat]
        assert [after.stocks[s] for s in others] == [state.stocks[s] for s in others]
        skipbo.check_invariants(after)

    def test_it_is_outside_the_turn_order(self) -> None:
        state = partner_state()
        after = penalize(state, 3)  # not the player to move
        assert (after.current_player, after.turn, after.turn_moves) == (0, 1, 0)
        assert after.hands == state.hands
        assert after.discards == state.discards
        assert after.builds == state.builds
        assert skipbo.legal_moves(after) == skipbo.legal_moves(state)
        # Mid-turn too: the turn goes on as before.
        mid = play(state, "h1>b0")
        assert penalize(mid, 1).turn_moves == mid.turn_moves

    def test_in_the_shared_piles_form_the_cards_go_under_the_assigned_stock_pile(self) -> None:
        state = arrange(SHARED, stocks=((1,), (2,), (3,), (4,)), hands=((5,), (), (), (), (), ()))
        for seat in range(SHARED.players):
            after = penalize(state, seat)
            own = SHARED.seating.own_stock[seat]
            assert after.stocks[own] == state.draw_pile[-2:] + state.stocks[own]
            assert sum(map(len, after.stocks)) == sum(map(len, state.stocks)) + 2

    def test_the_completed_cards_are_reshuffled_when_the_draw_pile_runs_out(self) -> None:
        """R-DRAW-2: when a card must be drawn from an empty draw pile, the completed
        cards are shuffled to form the new draw pile."""
        completed = tuple(range(1, 13))
        base = partner_state(completed=completed)
        rest = Counter(base.draw_pile)
        # Keep one card on the draw pile; park the rest under stock pile 1.
        parked = tuple(sorted((rest - Counter({12: 1})).elements()))
        state = partner_state(
            completed=completed,
            stocks=((3, 7), parked + (4, 8), (5, 9), (6, 10)),
            draw_pile=(12,),
            penalty_cards=(0, len(parked), 0, 0),  # as if penalties had put them there
        )
        after = penalize(state, 0)
        assert after.completed == ()
        assert after.stocks[0][0] == 12  # the last card of the old draw pile came first ...
        assert after.stocks[0][1] in completed  # ... then one from the reshuffled cards
        assert len(after.draw_pile) == len(completed) - 1
        assert Counter(after.draw_pile) + Counter(after.stocks[0][1:2]) == Counter(completed)
        assert after.shuffle_seed != state.shuffle_seed  # the reshuffle used the seed
        skipbo.check_invariants(after)

    def test_with_no_cards_left_to_draw_the_player_takes_what_there_is(self) -> None:
        """R-DRAW-3: with the draw pile and the completed cards both empty, the player
        draws as many as there are (possibly none)."""
        base = partner_state()
        parked = tuple(sorted(base.draw_pile))
        state = partner_state(stocks=((3, 7), parked + (4, 8), (5, 9), (6, 10)), draw_pile=())
        assert penalize(state, 2) == state
        one = partner_state(
            stocks=((3, 7), parked[1:] + (4, 8), (5, 9), (6, 10)), draw_pile=parked[:1]
        )
        after = penalize(one, 2)
        assert after.stocks[2] == parked[:1] + (5, 9)
        assert after.draw_pile == ()

    def test_an_empty_stock_pile_is_formed_again_and_must_be_played(self) -> None:
        """Engine decision: a player whose stock pile is finished is penalised all the
        same; the two cards become that stock pile, and the team has to play them."""
        state = partner_state(stocks=((), (4, 8), (5,), (6, 10)), builds=((1, 2, 3, 4), (), (), ()))
        after = penalize(state, 0)
        assert after.stocks[0] == state.draw_pile[-2:]
        won_before = play(state, "s2>b0")
        assert won_before.outcome == Outcome(Termination.STOCK_EMPTIED, 0, (0, 2))
        not_won = play(after, "s2>b0")
        assert not_won.outcome is None
        skipbo.check_invariants(not_won)

    def test_cards_are_conserved(self) -> None:
        state = skipbo.new_game(PARTNERS, seed=4)
        after = penalize(penalize(state, 1), 1)
        assert Counter(all_cards(after)) == Counter(all_cards(state)) == PARTNERS.deck.counts()
        assert len(after.stocks[1]) == len(state.stocks[1]) + 4

    def test_it_is_deterministic_and_leaves_its_input_alone(self) -> None:
        state = skipbo.new_game(SHARED, seed=9)
        before = copy.deepcopy(state)
        assert penalize(state, 5) == penalize(state, 5)
        assert state == before


class TestPenaltyErrors:
    """The penalty exists only in team games, only while the game goes on, and only
    for a seat of the game; a refused penalty changes nothing."""

    @pytest.mark.parametrize("rules", [Rules(players=2), Rules.standard(players=4)])
    def test_individual_play_has_no_penalty(self, rules: Rules) -> None:
        state = skipbo.new_game(rules, seed=0)
        with pytest.raises(PenaltyError) as error:
            penalize(state, 0)
        assert error.value.rule == "R-TEAM-4"

    def test_a_finished_game_takes_no_penalty(self) -> None:
        state = partner_state(stocks=((), (4, 8), (5,), (6, 10)), builds=((1, 2, 3, 4), (), (), ()))
        won = play(state, "s2>b0")
        before = copy.deepcopy(won)
        with pytest.raises(PenaltyError) as error:
            penalize(won, 1)
        assert error.value.rule == "R-WIN-3"
        assert won == before

    @pytest.mark.parametrize("seat", [-1, 4, True, 1.0, "1", None])
    def test_the_seat_must_be_a_seat_of_the_game(self, seat: object) -> None:
        state = partner_state()
        with pytest.raises(PenaltyError, match="no seat"):
            penalize(state, seat)  # type: ignore[arg-type]

    def test_the_error_is_a_value_error(self) -> None:
        assert issubclass(PenaltyError, ValueError)
        assert issubclass(PenaltyError, skipbo.SkipBoError)
