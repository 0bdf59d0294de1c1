"""Tests for `skipbo.sampling`: full states consistent with a player's view."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import skipbo
from skipbo import Deck, GameState, InvalidStateError, Rules
from skipbo.sampling import sample_state, unseen_cards, view_violations
from skipbo.views import view
from tests.arrange import arrange
from tests.strategies import game_states

pytestmark = pytest.mark.rule("R-INFO-3")


class TestSampleState:
    """Samples keep what the view shows and re-deal only what it hides."""

    @given(data=st.data(), state=game_states(), seed=st.integers(0, 2**32))
    def test_a_sample_is_valid_and_shows_the_same_view(
        self, data: st.DataObject, state: GameState, seed: int
    ) -> None:
        player = data.draw(st.none() | st.integers(0, state.rules.players - 1), label="player")
        seen = view(state, player)
        assert view_violations(seen) == []
        sampled = sample_state(seen, random.Random(seed))
        skipbo.check_invariants(sampled)
        assert view(sampled, player) == seen
        assert sampled == sample_state(seen, random.Random(seed))  # reproducible

    def test_samples_differ_in_what_is_hidden(self) -> None:
        state = skipbo.new_game(Rules(players=3), seed=4)
        seen = view(state, 0)
        samples = [sample_state(seen, random.Random(seed)) for seed in range(10)]
        assert len({sample.draw_pile for sample in samples}) == 10
        assert len({sample.stocks for sample in samples}) == 10
        assert len({sample.shuffle_seed for sample in samples}) == 10
        # Every sample keeps the own hand and the stock tops.
        assert all(sample.hands[0] == state.hands[0] for sample in samples)
        assert all(
            [pile[-1] for pile in sample.stocks] == [pile[-1] for pile in state.stocks]
            for sample in samples
        )

    def test_completed_piles_get_wilds_where_numbers_run_out(self) -> None:
        # Deck 1 1 2 2 W. Seat 0 sees both 2s (stock tops) and a 1 (hand); a 1 and the
        # wild are unseen, and one complete pile (1, 2) is set aside. Its second card
        # cannot be a 2, so it must be the wild, and its first the 1 (R-BUILD-2/3/4):
        # a sampler that put the wild first would be stuck.
        rules = Rules(players=2, deck=Deck(copies=2, wilds=1, highest=2), stock_size=1, hand_size=1)
        state = arrange(rules, stocks=[(2,), (2,)], hands=[(1,), ()], completed=(1, 0))
        assert state.draw_pile == ()
        skipbo.check_invariants(state)
        seen = view(state, 0)
        assert +unseen_cards(seen) == Counter({1: 1, 0: 1})
        for seed in range(20):
            sampled = sample_state(seen, random.Random(seed))
            assert sampled.completed == (1, 0)
            skipbo.check_invariants(sampled)

    def test_unseen_cards(self) -> None:
        state = skipbo.new_game(Rules(players=2), seed=1)
        seen = view(state, 0)
        expected = Counter(state.draw_pile)
        for pile in state.stocks:
            expected.update(pile[:-1])
        assert unseen_cards(seen) == expected
        spectator = view(state, None)
        assert unseen_cards(spectator) == expected + Counter(state.hands[0])


class TestInconsistentViews:
    """A view that no valid state has is rejected, naming the reason."""

    @pytest.mark.parametrize(
        ("change", "reason"),
        [
            ({"draw_pile_size": 0}, "places for"),
            ({"completed_count": 12}, "places for"),
            ({"completed_count": 5}, "whole number"),
            ({"hand": (1, 2)}, "the hand holds 2 cards"),
            ({"hand": None}, "a hand exactly when it has a player"),
            ({"stock_tops": (None, 5)}, "does not fit its size"),
            ({"stock_sizes": (30,)}, "stock_sizes must be a tuple of 2 entries"),
            ({"hand_sizes": (6, 0)}, "more than 5"),
            ({"builds": ((2,), (), (), ())}, "not a valid run"),
            ({"builds": ((13,), (), (), ())}, "cards of the deck"),
            ({"discards": (((0,) * 19, (), (), ()), ((), (), (), ()))}, "more cards than the deck"),
            ({"current_player": 2}, "not a seat"),
            ({"draw_pile_size": -1}, "at least 0"),
        ],
    )
    def test_rejected(self, change: dict[str, object], reason: str) -> None:
        changes: dict[str, Any] = change
        seen = attrs.evolve(view(skipbo.new_game(Rules(players=2), seed=1), 0), **changes)
        assert any(reason in problem for problem in view_violations(seen))
        with pytest.raises(InvalidStateError, match=reason):
            sample_state(seen, random.Random(0))

    def test_the_end_of_the_game_is_checked_on_the_sample(self) -> None:
        seen = view(skipbo.new_game(Rules(players=2), seed=1), 0)
        # Stock pile 1 empty, its cards moved to the draw pile: fits every count, but
        # the game should have ended (R-WIN-1).
        bad = attrs.evolve(
            seen, stock_tops=(seen.stock_tops[0], None), stock_sizes=(30, 0), draw_pile_size=127
        )
        assert view_violations(bad) == []
        with pytest.raises(InvalidStateError, match="R-WIN-1"):
            sample_state(bad, random.Random(0))
