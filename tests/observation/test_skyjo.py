"""Tests for `skipbo.observation.skyjo`: Skyjo's numeric observation and action mask."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from skipbo import skyjo
from skipbo.games.skyjo.actions import legal_action_mask
from skipbo.observation.skyjo import (
    ACTION_COUNT,
    DISCARD_DEPTH,
    PHASES,
    action_mask,
    card_values,
    observation,
    observation_array,
    observation_layout,
    text_observation,
)
from tests.skyjo.strategies import game_states, games, with_hidden_shuffled


def one_hot_index(entries: tuple[int, ...]) -> int | None:
    assert set(entries) <= {0, 1}
    assert sum(entries) <= 1
    return entries.index(1) if 1 in entries else None


@pytest.mark.rule("S-INFO-2")
@given(state=game_states(), seed=st.integers(0, 2**32))
def test_hidden_cards_change_no_seats_observation_or_mask(
    state: skyjo.GameState, seed: int
) -> None:
    """Re-dealing the face-down cards and the draw pile, other hidden reveal choices and
    another shuffle seed leave every seat's observation, mask and text unchanged."""
    other = with_hidden_shuffled(state, random.Random(seed))
    skyjo.check_invariants(other)
    for seat in range(state.rules.players):
        mine, theirs = skyjo.view(state), skyjo.view(other)
        assert observation(theirs, seat) == observation(mine, seat)
        assert action_mask(theirs, seat) == action_mask(mine, seat)
        assert text_observation(theirs, seat) == text_observation(mine, seat)


@given(state=game_states(), data=st.data())
def test_fields_decode_to_the_view_from_the_seat(
    state: skyjo.GameState, data: st.DataObject
) -> None:
    seen = skyjo.view(state)
    rules = seen.rules
    players = rules.players
    seat = data.draw(st.integers(0, players - 1), label="seat")
    depth = data.draw(st.integers(1, 4), label="depth")
    layout = observation_layout(rules, depth)
    vector = observation(seen, seat, depth)
    assert len(vector) == layout.size
    values = card_values(rules)
    width = 2 + len(values)

    def seat_of(row: int | None) -> int | None:
        return None if row is None else (seat + row) % players

    assert one_hot_index(layout.read(vector, "seat")) == seat
    assert seat_of(one_hot_index(layout.read(vector, "to_move"))) == seen.current_player
    assert seat_of(one_hot_index(layout.read(vector, "starter"))) == seen.starter
    assert seat_of(one_hot_index(layout.read(vector, "round_ender"))) == seen.round_ender
    assert PHASES[one_hot_index(layout.read(vector, "phase")) or 0] is seen.phase
    held = one_hot_index(layout.read(vector, "held"))
    assert (None if held is None else values[held]) == seen.held
    grids = layout.read(vector, "grids")
    for row in range(players):
        grid = seen.grids[(seat + row) % players]
        for place in range(12):
            entries = grids[(row * 12 + place) * width : (row * 12 + place + 1) * width]
            assert sum(entries) == 1
            card = grid[place]
            if card is None:
                assert entries[1] == 1
            elif card == skyjo.FACE_DOWN:
                assert entries[0] == 1
            else:
                assert values[entries.index(1) - 2] == card
    tops = layout.read(vector, "discard_top")
    shown = [one_hot_index(tops[i : i + len(values)]) for i in range(0, len(tops), len(values))]
    expected = list(reversed(seen.discard_pile))[:depth]
    assert [None if i is None else values[i] for i in shown] == expected + [None] * (
        depth - len(expected)
    )
    discards = Counter(seen.discard_pile)
    assert layout.read(vector, "discard_counts") == tuple(discards[v] for v in values)
    assert layout.read(vector, "discard_size") == (len(seen.discard_pile),)
    assert layout.read(vector, "draw_pile_size") == (seen.draw_pile_size,)
    # The cards not in view are exactly those of the draw pile and the face-down places.
    hidden = Counter(state.draw_pile) + Counter(
        card
        for grid, up in zip(state.grids, state.face_up, strict=True)
        for card, u in zip(grid, up, strict=True)
        if card is not None and not u
    )
    assert layout.read(vector, "unseen") == tuple(hidden[v] for v in values)
    totals = seen.totals
    expected_totals = tuple(
        max(totals[(seat + row) % players], -rules.end_score) for row in range(players)
    )
    assert layout.read(vector, "totals") == expected_totals
    assert all(
        low <= entry <= high
        for entry, low, high in zip(vector, layout.low, layout.high, strict=True)
    )


@given(state=game_states(), data=st.data())
def test_the_mask_is_the_movers_legal_actions_and_zero_for_the_others(
    state: skyjo.GameState, data: st.DataObject
) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1), label="seat")
    mask = action_mask(skyjo.view(state), seat)
    assert len(mask) == ACTION_COUNT
    if seat == state.current_player and not skyjo.is_over(state):
        assert mask == tuple(map(int, legal_action_mask(state)))
        assert any(mask)
    else:
        assert not any(mask)


def test_the_length_depends_only_on_the_rules() -> None:
    for players in (2, 5, 8):
        rules = skyjo.Rules(players=players)
        layout = observation_layout(rules)
        sizes = {
            len(observation(skyjo.view(before), seat))
            for before, _, _ in games(rules, seed=players)
            for seat in range(players)
        }
        assert sizes == {layout.size}
        assert layout.field("grids").shape == (players, 12, 17)
    assert observation_layout(skyjo.Rules()).depth == DISCARD_DEPTH


def test_each_seat_finds_its_own_grid_in_row_zero() -> None:
    state = skyjo.new_game(skyjo.Rules(players=3), seed=3)
    while state.phase is skyjo.Phase.REVEAL:
        state = skyjo.apply(state, skyjo.legal_moves(state)[0])
    seen = skyjo.view(state)
    layout = observation_layout(seen.rules)
    rows = {
        seat: np.array(layout.read(observation(seen, seat), "grids")).reshape(3, 12, 17)
        for seat in range(3)
    }
    for seat in range(3):
        for other in range(3):
            np.testing.assert_array_equal(rows[seat][(other - seat) % 3], rows[other][0])
    # Different seats see the same cards in different rows: the vectors differ.
    assert observation(seen, 0) != observation(seen, 1)


def test_array_holds_the_same_numbers() -> None:
    seen = skyjo.view(skyjo.new_game(skyjo.Rules(players=4), seed=2))
    array = observation_array(seen, 2)
    assert array.dtype == np.float32
    assert array.tolist() == list(observation(seen, 2))


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"seat": 2}, skyjo.ConfigurationError),
        ({"seat": True}, skyjo.ConfigurationError),
        ({"depth": 0}, skyjo.ConfigurationError),
        ({"depth": 151}, skyjo.ConfigurationError),
    ],
)
def test_bad_arguments_are_refused(arguments: dict[str, object], error: type[Exception]) -> None:
    seen = skyjo.view(skyjo.new_game(skyjo.Rules(), seed=1))
    with pytest.raises(error):
        observation(seen, **{"seat": 0, **arguments})  # type: ignore[arg-type]


def test_a_state_is_refused() -> None:
    state = skyjo.new_game(skyjo.Rules(), seed=1)
    with pytest.raises(skyjo.ArgumentTypeError, match="PublicView"):
        observation(state, 0)  # type: ignore[arg-type]
    with pytest.raises(skyjo.ArgumentTypeError, match="PublicView"):
        action_mask(state, 0)  # type: ignore[arg-type]
    with pytest.raises(skyjo.ArgumentTypeError, match="Rules"):
        observation_layout("rules")
