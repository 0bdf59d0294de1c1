"""A seat's picture holds no hidden card: the swapped-hidden-card property, both games.

Whatever the seat cannot see is dealt again at random (``sample_state`` deals the
unseen cards over the hidden places: other hands, stock cards below the tops, the
draw pile's order, Skyjo's face-down cards); the seat's picture must stay the same
bytes. The full state's picture, made for referees, does change: that shows the
property is not met by a picture that draws nothing.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import skipbo
from skipbo import pictures, skyjo
from skipbo.games.skipbo import sampling as skipbo_sampling
from skipbo.games.skyjo import sampling as skyjo_sampling
from tests.pictures.helpers import played, played_skyjo

SKIPBO_RULES = [
    skipbo.Rules(players=2, stock_size=8),
    skipbo.Rules(players=3, stock_size=5),
    skipbo.Rules.partners(stock_size=5),
]


@settings(max_examples=25, deadline=None)
@given(
    rules=st.sampled_from(SKIPBO_RULES),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 150),
    seat=st.integers(0, 3),
    resample=st.integers(0, 2**32),
)
@pytest.mark.rule("R-INFO-2", "R-INFO-3")
def test_a_skipbo_seats_picture_is_the_same_whatever_it_cannot_see(
    rules: skipbo.Rules, seed: int, moves: int, seat: int, resample: int
) -> None:
    seat %= rules.players
    state = played(rules, seed, moves)
    other = skipbo_sampling.sample_state(skipbo.view(state, seat), random.Random(resample))
    assert skipbo.view(other, seat) == skipbo.view(state, seat)
    assert pictures.draw(other, seat=seat).svg == pictures.draw(state, seat=seat).svg
    spectator = skipbo.spectator_view
    assert pictures.draw(spectator(other)).svg == pictures.draw(spectator(state)).svg
    if other.hands != state.hands:  # the referee's picture does show the hidden hands
        assert pictures.draw(other).svg != pictures.draw(state).svg


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 120),
    seat=st.integers(0, 3),
    resample=st.integers(0, 2**32),
)
@pytest.mark.rule("S-INFO-1", "S-INFO-2")
def test_a_skyjo_seats_picture_is_the_same_whatever_it_cannot_see(
    players: int, seed: int, moves: int, seat: int, resample: int
) -> None:
    seat %= players
    state = played_skyjo(skyjo.Rules(players=players), seed, moves)
    other = skyjo_sampling.sample_state(skyjo.view(state), random.Random(resample))
    assert pictures.draw(other, seat=seat).svg == pictures.draw(state, seat=seat).svg
    if other.grids != state.grids:  # face-down cards differ: the full picture shows them
        assert pictures.draw(other).svg != pictures.draw(state).svg


def test_resampling_does_change_the_hidden_cards() -> None:
    """The property above is not vacuous: the resampled states differ from the real ones."""
    state = played(SKIPBO_RULES[0], 3, 20)
    other = skipbo_sampling.sample_state(skipbo.view(state, 0), random.Random(1))
    assert other.hands[1] != state.hands[1] or other.draw_pile != state.draw_pile
    grids = played_skyjo(skyjo.Rules(players=2), 3, 5)
    assert skyjo_sampling.sample_state(skyjo.view(grids), random.Random(1)).grids != grids.grids
