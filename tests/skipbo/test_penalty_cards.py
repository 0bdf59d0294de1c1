"""The state counts the referee penalty's cards (R-TEAM-4), so team stock piles are bounded.

Before, :func:`skipbo.games.skipbo.spec.stock_within_deal` exempted team play, because a penalty
puts cards under a stock pile that the state did not count: a tampered team document
with any stock size loaded. Each test here that tampers with a team state failed then.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import skipbo
from skipbo import DataError, GameState, InvariantViolation, Rules
from skipbo.batch import GameBatch
from skipbo.games.skipbo.position import Place, PositionError, Unseen, set_up
from skipbo.games.skipbo.sampling import sample_state
from skipbo.games.skipbo.serialization import dumps, from_data, loads, to_data
from skipbo.games.skipbo.spec import MAX_COUNTER, penalties_in_range, stock_within_deal
from skipbo.games.skipbo.variants.penalty import PENALTY_CARDS, penalize
from tests.arrange import arrange

PARTNERS = Rules.partners()
SHARED = Rules.team_piles()


def penalised(rules: Rules = PARTNERS, *seats: int) -> GameState:
    state = skipbo.new_game(rules, seed=3)
    for seat in seats:
        state = penalize(state, seat)
    return state


def refused_at(data: dict[str, Any], pointer: str, *words: str) -> DataError:
    with pytest.raises(DataError) as error:
        from_data(data, "state")
    assert error.value.path == pointer, error.value
    assert all(word in error.value.reason for word in words), error.value
    return error.value


def grown(data: dict[str, Any], stock: int, cards: int) -> dict[str, Any]:
    """``data`` with ``cards`` cards moved from the draw pile under stock pile ``stock``."""
    moved = data["draw_pile"][:cards]
    data["draw_pile"] = data["draw_pile"][cards:]
    data["stocks"][stock] = moved + data["stocks"][stock]
    return data


class TestTheCount:
    @pytest.mark.rule("R-TEAM-4")
    def test_each_penalty_counts_its_cards_on_the_players_own_stock_pile(self) -> None:
        state = penalised(PARTNERS, 1, 1, 2)
        assert state.penalty_cards == (0, 2 * PENALTY_CARDS, PENALTY_CARDS, 0)
        for stock, pile in enumerate(state.stocks):
            assert len(pile) == PARTNERS.stock_size + state.penalty_cards[stock]
        skipbo.check_invariants(state)

    @pytest.mark.rule("R-TEAM-2", "R-TEAM-4")
    def test_in_the_shared_piles_form_the_count_goes_to_the_assigned_pile(self) -> None:
        state = penalised(SHARED, 3)
        own = SHARED.seating.own_stock[3]
        assert state.penalty_cards[own] == PENALTY_CARDS
        assert sum(state.penalty_cards) == PENALTY_CARDS

    @pytest.mark.rule("R-TEAM-4", "R-DRAW-3")
    def test_only_the_cards_taken_count_when_too_few_are_left(self) -> None:
        # Every card but one placed; the draw pile holds one card, nothing is completed.
        base = arrange(PARTNERS, hands=((1, 2, 11, 12, 12), (), (), ()))
        rest = base.draw_pile
        state = arrange(
            PARTNERS,
            hands=((1, 2, 11, 12, 12), (), (), ()),
            stocks=(rest[1:], (), (), ()),
            draw_pile=rest[:1],
            penalty_cards=(len(rest) - 1, 0, 0, 0),
        )
        after = penalize(state, 1)
        assert after.penalty_cards == (len(rest) - 1, 1, 0, 0)
        skipbo.check_invariants(after)

    def test_a_new_game_and_a_game_without_penalties_count_zero(self) -> None:
        assert skipbo.new_game(PARTNERS, seed=0).penalty_cards == (0, 0, 0, 0)
        assert skipbo.new_game(Rules(players=3), seed=0).penalty_cards == (0, 0, 0)


class TestTeamStockBound:
    """Point 1 of issue 10: "stock piles no larger than dealt plus the penalty cards"."""

    @pytest.mark.rule("R-SETUP-2", "R-TEAM-4")
    def test_a_tampered_team_document_with_an_oversized_stock_is_refused(self) -> None:
        data = grown(to_data(penalised()), 1, 3)
        refused_at(data, "/stocks/1", "R-SETUP-2", "R-TEAM-4", "30 dealt and 0 penalty cards")

    @pytest.mark.rule("R-SETUP-2", "R-TEAM-4")
    def test_penalties_explain_only_the_cards_they_gave(self) -> None:
        state = penalised(PARTNERS, 2)
        skipbo.check_invariants(state)
        data = grown(to_data(state), 2, 1)
        refused_at(data, "/stocks/2", "holds 33 cards", "2 penalty cards")

    @pytest.mark.rule("R-SETUP-2", "R-TEAM-4")
    def test_the_predicate_and_the_invariants_agree(self) -> None:
        state = penalised(PARTNERS, 0)
        assert stock_within_deal(state, 0)
        uncounted = attrs.evolve(state, penalty_cards=(0, 0, 0, 0))
        assert not stock_within_deal(uncounted, 0)
        assert not skipbo.games.skipbo.spec.is_reachable(uncounted)
        with pytest.raises(InvariantViolation, match=r"stock pile 0 holds 32 cards"):
            skipbo.check_invariants(uncounted)

    @pytest.mark.rule("R-TEAM-4")
    def test_no_penalty_cards_outside_team_play(self) -> None:
        state = skipbo.new_game(Rules(players=2), seed=1)
        data = grown(to_data(state), 0, 2)
        data["penalty_cards"] = [2, 0]
        refused_at(data, "/penalty_cards", "only in team games (R-TEAM-4)")
        assert not penalties_in_range(attrs.evolve(state, penalty_cards=(2, 0)))

    @pytest.mark.parametrize(
        ("counts", "pointer"),
        [
            ([-1, 0, 0, 0], "/penalty_cards/0"),
            ([0, MAX_COUNTER + 1, 0, 0], "/penalty_cards/1"),
            ([0, 0, 0], "/penalty_cards"),
            ([0, 0, True, 0], "/penalty_cards/2"),
            ("2", "/penalty_cards"),
        ],
        ids=["negative", "past the counter range", "too few", "a boolean", "a string"],
    )
    def test_malformed_counts_are_refused_at_their_place(
        self, counts: object, pointer: str
    ) -> None:
        data = to_data(penalised())
        data["penalty_cards"] = counts
        refused_at(data, pointer)

    def test_a_hand_built_state_with_malformed_counts_is_reported(self) -> None:
        malformed: list[Any] = [(0, 0), (0, 0, 0, "1"), None]
        for counts in malformed:
            state = attrs.evolve(penalised(), penalty_cards=counts)
            [message] = skipbo.invariant_violations(state)
            assert message in {
                "penalty_cards must be a tuple of 4 entries",
                "penalty_cards must hold ints",
            }


class TestDocuments:
    def test_a_penalised_state_and_its_views_round_trip(self) -> None:
        state = penalised(PARTNERS, 1)
        data = to_data(state)
        assert data["penalty_cards"] == [0, 2, 0, 0]
        assert from_data(data, "state") == state
        seen = skipbo.view(state, 3)
        assert seen.penalty_cards == (0, 2, 0, 0)  # public (R-INFO-1)
        assert loads(dumps(seen), "view") == seen

    def test_documents_without_penalties_do_not_name_them(self) -> None:
        """Documents of earlier releases hold no such field: they load as no penalties,
        and a game without penalties writes the same document as before."""
        data = to_data(skipbo.new_game(PARTNERS, seed=2))
        assert "penalty_cards" not in data
        assert from_data(data, "state").penalty_cards == (0, 0, 0, 0)
        data["penalty_cards"] = [0, 0, 0, 0]  # explicit zeros mean the same
        assert from_data(data, "state") == skipbo.new_game(PARTNERS, seed=2)


class TestEveryBuilder:
    @pytest.mark.rule("R-TEAM-4")
    def test_a_sampled_state_keeps_the_penalties_of_the_view(self) -> None:
        state = penalised(PARTNERS, 1, 3)
        seen = skipbo.view(state, 0)
        guess = sample_state(seen, random.Random(4))
        assert guess.penalty_cards == state.penalty_cards
        assert skipbo.view(guess, 0) == seen
        skipbo.check_invariants(guess)

    @pytest.mark.rule("R-SETUP-2", "R-TEAM-4")
    def test_set_up_takes_the_penalties_given(self) -> None:
        size = PARTNERS.stock_size
        hands: list[Place] = [Unseen(5), (), (), ()]
        stocks = [Unseen(size + 2, top=4), Unseen(size), Unseen(size), Unseen(size)]
        state = set_up(PARTNERS, hands=hands, stocks=stocks, penalty_cards=(2, 0, 0, 0), seed=1)
        assert state.penalty_cards == (2, 0, 0, 0)
        assert len(state.stocks[0]) == size + 2
        with pytest.raises(PositionError, match=r"stocks\.0: .*\(R-SETUP-2, R-TEAM-4\)"):
            set_up(PARTNERS, hands=hands, stocks=stocks, seed=1)

    def test_the_batch_holds_no_penalties(self) -> None:
        with pytest.raises(ValueError, match=r"referee penalty \(R-TEAM-4\)"):
            GameBatch.from_states([penalised(PARTNERS, 0)])
        state = skipbo.new_game(PARTNERS, seed=5)
        assert GameBatch.from_states([state]).states() == [state]
