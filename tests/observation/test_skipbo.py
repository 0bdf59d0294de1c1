"""Tests for `skipbo.observation.skipbo`: the numeric and text observations of a view."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import skipbo
from skipbo import GameState, Rules, view
from skipbo.observation.skipbo import (
    DISCARD_DEPTH,
    IncrementalObservations,
    observation,
    observation_array,
    observation_layout,
    seat_observation_array,
    text_observation,
)
from tests.strategies import game_states, hidden_redeals, random_game


def seat_or_spectator(state: GameState) -> st.SearchStrategy[int | None]:
    return st.none() | st.integers(0, state.rules.players - 1)


def one_hot_index(entries: tuple[int, ...]) -> int | None:
    """The index of the single 1 in ``entries``; ``None`` when all are 0."""
    assert set(entries) <= {0, 1}
    assert sum(entries) <= 1
    return entries.index(1) if 1 in entries else None


class TestNonInterference:
    """R-INFO-3: an observation holds nothing its seat cannot see."""

    @pytest.mark.rule("R-INFO-3")
    @given(data=st.data(), state=game_states())
    def test_redealing_the_hidden_cards_changes_no_observation(
        self, data: st.DataObject, state: GameState
    ) -> None:
        """Re-dealing every card hidden from a seat (other hands, stock cards below
        the tops, the draw pile, the completed cards, the shuffle seed) leaves its
        numeric and text observations unchanged."""
        player = data.draw(seat_or_spectator(state), label="player")
        other = data.draw(hidden_redeals(state, player), label="redealt")
        skipbo.check_invariants(other)
        depth = data.draw(st.integers(1, 4), label="depth")
        assert observation(view(other, player), depth) == observation(view(state, player), depth)
        assert text_observation(view(other, player)) == text_observation(view(state, player))


class TestObservation:
    """Tests for `observation` and `observation_layout`."""

    @given(data=st.data(), state=game_states())
    def test_fields_decode_to_the_view(self, data: st.DataObject, state: GameState) -> None:
        """Each field, read back, says what the view shows (R-INFO-1, R-INFO-2)."""
        player = data.draw(seat_or_spectator(state), label="player")
        depth = data.draw(st.integers(1, 4), label="depth")
        seen = view(state, player)
        rules = seen.rules
        layout = observation_layout(rules, depth)
        vector = observation(seen, depth)
        assert len(vector) == layout.size
        cards = rules.deck.highest + 1

        def rows(name: str, width: int) -> list[tuple[int, ...]]:
            flat = layout.read(vector, name)
            return [flat[i : i + width] for i in range(0, len(flat), width)]

        assert one_hot_index(layout.read(vector, "seat")) == player
        assert one_hot_index(layout.read(vector, "current_player")) == seen.current_player
        hand = Counter(seen.hand or ())
        assert layout.read(vector, "hand") == tuple(hand[card] for card in range(cards))
        assert [one_hot_index(row) for row in rows("stock_top", cards)] == list(seen.stock_tops)
        assert layout.read(vector, "stock_size") == seen.stock_sizes
        needs = [one_hot_index(row) for row in rows("build_need", rules.deck.highest)]
        assert needs == [len(pile) for pile in seen.builds]  # index n - 1 means "needs n"
        tops = [one_hot_index(row) for row in rows("discard_top", cards)]
        expected = []
        for piles in seen.discards:
            for pile in piles:
                top_first = list(reversed(pile))[:depth]
                expected += top_first + [None] * (depth - len(top_first))
        assert tops == expected
        sizes = [len(pile) for piles in seen.discards for pile in piles]
        assert list(layout.read(vector, "discard_size")) == sizes
        assert layout.read(vector, "hand_size") == seen.hand_sizes
        assert layout.read(vector, "draw_pile_size") == (seen.draw_pile_size,)
        assert layout.read(vector, "completed_count") == (seen.completed_count,)
        if player is None:
            assert set(layout.read(vector, "teammates")) == {0}
        else:
            team = rules.seating.team_of[player]
            mates = tuple(int(rules.seating.team_of[seat] == team) for seat in range(rules.players))
            assert layout.read(vector, "teammates") == mates
            playable = layout.read(vector, "stock_playable")
            assert [i for i, flag in enumerate(playable) if flag] == list(
                rules.seating.stock_sources[player]
            )
            assert (
                one_hot_index(layout.read(vector, "stock_own")) == rules.seating.own_stock[player]
            )

    @given(data=st.data(), state=game_states())
    def test_entries_stay_within_the_bounds(self, data: st.DataObject, state: GameState) -> None:
        player = data.draw(seat_or_spectator(state), label="player")
        vector = observation(view(state, player))
        high = observation_layout(state.rules).high
        assert len(high) == len(vector)
        assert all(0 <= value <= bound for value, bound in zip(vector, high, strict=True))

    @pytest.mark.rule("R-TEAM-4")
    def test_penalty_cards_stay_within_the_bounds(self) -> None:
        """Penalty cards go under a stock pile (R-TEAM-4), past its dealt size."""
        state = _penalized(4)
        rules = state.rules
        vector = observation(view(state, 1))
        layout = observation_layout(rules)
        assert layout.read(vector, "stock_size")[rules.seating.own_stock[0]] == 3 + 4 * 2
        assert all(v <= high for v, high in zip(vector, layout.high, strict=True))

    def test_fields_lie_one_after_another(self) -> None:
        layout = observation_layout(Rules.partners(teams=((0, 1), (2, 3), (4, 5))))
        assert layout.fields[0].start == 0
        for before, after in zip(layout.fields, layout.fields[1:], strict=False):
            assert before.stop == after.start
        assert layout.size == sum(field.size for field in layout.fields)

    def test_the_length_depends_only_on_the_rules(self) -> None:
        rules = Rules(players=4)
        lengths = {len(observation(view(state, 1))) for state in _states(rules)}
        assert lengths == {observation_layout(rules).size}

    def test_array_holds_the_same_numbers(self) -> None:
        seen = view(skipbo.new_game(Rules(players=3), seed=4), 0)
        array = observation_array(seen)
        assert array.dtype == np.float32
        assert array.tolist() == list(observation(seen))

    def test_a_state_is_refused(self) -> None:
        state = skipbo.new_game(Rules(), seed=1)
        with pytest.raises(TypeError, match="PlayerView"):
            observation(state)  # type: ignore[arg-type]

    @pytest.mark.parametrize("depth", [0, -1, 1.5, True])
    def test_a_bad_depth_is_refused(self, depth: object) -> None:
        seen = view(skipbo.new_game(Rules(), seed=1), 0)
        with pytest.raises(ValueError, match="depth"):
            observation(seen, depth)  # type: ignore[arg-type]

    def test_unknown_field(self) -> None:
        with pytest.raises(KeyError, match="no observation field"):
            observation_layout(Rules()).field("nope")

    def test_default_depth(self) -> None:
        assert observation_layout(Rules()).depth == DISCARD_DEPTH


class TestSeatObservationArray:
    """`seat_observation_array`: the state-direct fast path, equal to the view's encoding."""

    @given(data=st.data(), state=game_states())
    def test_equals_the_encoding_of_the_seats_view(
        self, data: st.DataObject, state: GameState
    ) -> None:
        """Every entry equals `observation_array(view(state, seat))`'s, at any depth."""
        seat = data.draw(st.integers(0, state.rules.players - 1), label="seat")
        depth = data.draw(st.integers(1, 5), label="depth")
        fast = seat_observation_array(state, seat, depth)
        assert fast.dtype == np.float32
        assert fast.tolist() == observation_array(view(state, seat), depth).tolist()

    @pytest.mark.rule("R-TEAM-4")
    def test_penalty_cards_are_counted_as_the_view_counts_them(self) -> None:
        state = _penalized(3)
        for seat in range(state.rules.players):
            expected = observation_array(view(state, seat)).tolist()
            assert seat_observation_array(state, seat).tolist() == expected

    @pytest.mark.rule("R-INFO-3")
    @given(data=st.data(), state=game_states())
    def test_redealing_the_hidden_cards_changes_nothing(
        self, data: st.DataObject, state: GameState
    ) -> None:
        seat = data.draw(st.integers(0, state.rules.players - 1), label="seat")
        other = data.draw(hidden_redeals(state, seat), label="redealt")
        expected = seat_observation_array(state, seat).tolist()
        assert seat_observation_array(other, seat).tolist() == expected

    @pytest.mark.parametrize("seat", [-1, 2, True, 0.0, None])
    def test_a_seat_outside_the_game_is_refused(self, seat: object) -> None:
        state = skipbo.new_game(Rules(players=2), seed=1)
        with pytest.raises(IndexError, match="not in this game"):
            seat_observation_array(state, seat)  # type: ignore[arg-type]

    def test_a_bad_depth_is_refused(self) -> None:
        state = skipbo.new_game(Rules(players=2), seed=1)
        with pytest.raises(ValueError, match="depth"):
            seat_observation_array(state, 0, 0)


class TestIncrementalObservations:
    """`IncrementalObservations`: `seat_observation_array` of successive states, updated."""

    @pytest.mark.parametrize(
        "rules",
        [Rules(players=2), Rules(players=5), Rules.partners(), Rules.partners(stock_size=3)],
    )
    @pytest.mark.parametrize("depth", [1, 3])
    def test_equals_the_whole_encoding_along_games(self, rules: Rules, depth: int) -> None:
        tracker = IncrementalObservations(rules, depth)
        states = random_game(rules, seed=3)
        # Then a state of another game, a penalty (R-TEAM-4) and a step back in time.
        states += [skipbo.new_game(rules, seed=9), states[len(states) // 2], states[0]]
        if rules.teams is not None:
            states.append(skipbo.penalize(states[-1], 1))
        for state in states:
            for seat in range(rules.players):
                expected = seat_observation_array(state, seat, depth)
                assert np.array_equal(tracker.observe(state, seat), expected)
                assert np.array_equal(tracker.observe(state, seat), expected)  # asked again

    @pytest.mark.parametrize("seat", [-1, 2, True, 0.0, None])
    def test_a_seat_outside_the_game_is_refused(self, seat: object) -> None:
        tracker = IncrementalObservations(Rules(players=2))
        tracker.observe(skipbo.new_game(Rules(players=2), seed=1), 1)
        with pytest.raises(IndexError, match="not in this game"):
            tracker.observe(skipbo.new_game(Rules(players=2), seed=1), seat)  # type: ignore[arg-type]

    def test_other_rules_are_refused(self) -> None:
        tracker = IncrementalObservations(Rules(players=2))
        with pytest.raises(ValueError, match="other rules"):
            tracker.observe(skipbo.new_game(Rules(players=3), seed=1), 0)


class TestTextObservation:
    """Tests for `text_observation`."""

    def test_own_hand_only(self) -> None:
        state = skipbo.new_game(Rules(players=2), seed=2)
        mover = state.current_player
        text = text_observation(view(state, mover))
        assert f"You are seat {mover}." in text
        assert "Your hand: [" + " ".join(map(skipbo.format_card, state.hand)) + "]" in text
        assert "Your hand" not in text_observation(skipbo.spectator_view(state))

    def test_partners_are_named(self) -> None:
        state = skipbo.new_game(Rules.partners(), seed=2)
        text = text_observation(view(state, 0))
        assert "Seat 2 (your partner)" in text
        assert "Seat 1 (your partner)" not in text

    def test_the_end_is_told(self) -> None:
        final = _states(Rules.short(players=2))[-1]
        assert final.outcome is not None
        assert f"The game is over: {final.outcome}." in text_observation(view(final, 0))


def _penalized(times: int) -> GameState:
    """A partners' game of 3-card stock piles after ``times`` penalties of seat 0 (R-TEAM-4)."""
    state = skipbo.new_game(Rules.partners(stock_size=3), seed=5)
    for _ in range(times):
        state = skipbo.penalize(state, 0)
    return state


def _states(rules: Rules) -> list[GameState]:
    return random_game(rules, seed=3)
