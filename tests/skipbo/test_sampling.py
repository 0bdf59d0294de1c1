"""Tests for `skipbo.games.skipbo.sampling`: full states consistent with a player's view."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import skipbo
from skipbo import Deck, GameState, InvalidStateError, Rules
from skipbo.games.skipbo.bots import HeuristicBot
from skipbo.games.skipbo.cards import WILD
from skipbo.games.skipbo.sampling import sample_state, unseen_cards, view_violations
from skipbo.games.skipbo.views import PlayerView, view
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


def _with_completed_piles(piles: int) -> GameState:
    """A position of a heuristic four-player game with ``piles`` completed build piles."""
    bot = HeuristicBot()
    state = skipbo.new_game(Rules(players=4), seed=1)
    while len(state.completed) < piles * state.rules.deck.highest:
        assert state.outcome is None
        state = skipbo.apply(state, bot.choose(view(state, state.current_player)))
    return state


def _fewest_wilds(seen: PlayerView) -> int:
    """The fewest wilds the view's completed piles can hold: one for each missing number."""
    unseen = unseen_cards(seen)
    piles = seen.completed_count // seen.rules.deck.highest
    return sum(max(0, piles - unseen[number]) for number in range(1, seen.rules.deck.highest + 1))


class TestCompletedWilds:
    """``completed_wilds`` sets how often a completed pile's card is a wild."""

    @given(
        data=st.data(),
        state=game_states(),
        seed=st.integers(0, 2**32),
        share=st.floats(0, 1),
    )
    def test_a_sample_is_valid_and_shows_the_same_view(
        self, data: st.DataObject, state: GameState, seed: int, share: float
    ) -> None:
        player = data.draw(st.none() | st.integers(0, state.rules.players - 1), label="player")
        seen = view(state, player)
        sampled = sample_state(seen, random.Random(seed), completed_wilds=share)
        skipbo.check_invariants(sampled)
        assert view(sampled, player) == seen
        assert sampled == sample_state(seen, random.Random(seed), completed_wilds=share)

    def test_a_share_of_0_holds_the_fewest_wilds(self) -> None:
        seen = view(_with_completed_piles(3), 0)
        for seed in range(20):
            completed = sample_state(seen, random.Random(seed), completed_wilds=0).completed
            assert completed.count(WILD) == _fewest_wilds(seen)

    def test_the_share_is_held_where_uniform_deals_hold_far_more(self) -> None:
        seen = view(_with_completed_piles(3), 0)
        assert _fewest_wilds(seen) == 0  # every position is free to take a number

        def share(completed_wilds: float | None) -> float:
            cards = [
                card
                for seed in range(100)
                for card in sample_state(
                    seen, random.Random(seed), completed_wilds=completed_wilds
                ).completed
            ]
            return cards.count(WILD) / len(cards)

        # 3,600 cards: the standard error of a share near 0.15 is 0.006.
        assert 0.12 < share(0.15) < 0.18
        assert share(None) > 0.3  # the unseen wilds outnumber any one number's cards
        assert share(1.0) > share(None)

    @pytest.mark.parametrize("completed_wilds", [0.0, 1.0])
    def test_a_wild_where_the_number_ran_out_whatever_the_share(
        self, completed_wilds: float
    ) -> None:
        # As in TestSampleState: the only completed pile must be (1, wild).
        rules = Rules(players=2, deck=Deck(copies=2, wilds=1, highest=2), stock_size=1, hand_size=1)
        state = arrange(rules, stocks=[(2,), (2,)], hands=[(1,), ()], completed=(1, 0))
        for seed in range(10):
            sampled = sample_state(
                view(state, 0), random.Random(seed), completed_wilds=completed_wilds
            )
            assert sampled.completed == (1, WILD)

    @pytest.mark.parametrize(
        ("completed_wilds", "error"),
        [
            (-0.1, ValueError),
            (1.5, ValueError),
            (math.nan, ValueError),
            ("0.5", TypeError),
            (True, TypeError),
        ],
    )
    def test_a_bad_share_is_rejected_and_draws_nothing(
        self, completed_wilds: Any, error: type[Exception]
    ) -> None:
        rng = random.Random(3)
        before = rng.getstate()
        with pytest.raises(error, match="completed_wilds"):
            sample_state(
                view(skipbo.new_game(Rules(players=2), seed=1), 0),
                rng,
                completed_wilds=completed_wilds,
            )
        assert rng.getstate() == before


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
