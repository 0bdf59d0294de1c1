"""What players see: S-INFO-1 and S-INFO-2, with the view non-interference property."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from skipbo import skyjo
from skipbo.games.skyjo import FACE_DOWN, Phase, PublicView, Rules, Source
from tests.skyjo.helpers import HIGH, LOW, arrange, play
from tests.skyjo.strategies import game_states, with_hidden_shuffled


def started() -> skyjo.GameState:
    state = arrange(Rules(players=2), [HIGH, LOW], discard=3, draw=[8, 9])
    return play(state, "r0+1", "r0+1", "draw")


class TestPublic:
    @pytest.mark.rule("S-INFO-1")
    def test_the_view_shows_every_public_fact(self) -> None:
        state = started()
        seen = skyjo.view(state)
        assert seen.grids[0] == (12, -2) + (FACE_DOWN,) * 10
        assert seen.grids[1] == (4, 2) + (FACE_DOWN,) * 10
        assert seen.discard_pile == (3,)
        assert seen.draw_pile_size == len(state.draw_pile)
        assert (seen.held, seen.source) == (8, Source.DRAW_PILE)
        assert seen.current_player == 0
        assert seen.phase is Phase.PLACE
        assert seen.totals == (0, 0)
        assert seen.history == state.history

    @pytest.mark.rule("S-INFO-1")
    def test_scores_and_the_round_ender_are_public(self) -> None:
        rules = Rules(players=2, turn_limit=1)
        state = play(arrange(rules, [HIGH, LOW], discard=3, draw=[8]), "r0+1", "r0+1", "draw", "f5")
        seen = skyjo.view(state)
        assert seen.history == state.history
        assert seen.totals == state.totals == (sum(HIGH), sum(LOW))


class TestHidden:
    @pytest.mark.rule("S-INFO-2")
    def test_the_view_has_no_hidden_field(self) -> None:
        names = {field.name for field in attrs.fields(PublicView)}
        assert not names & {"draw_pile", "shuffle_seed", "reveals", "face_up"}
        assert skyjo.view(started()).draw_pile_size == 150 - 25 - 1

    @pytest.mark.rule("S-INFO-2")
    def test_face_down_cards_are_hidden_from_their_owner_too(self) -> None:
        state = started()
        seen = skyjo.view(state)
        for seat in range(2):
            for place in range(2, 12):
                assert seen.grids[seat][place] == FACE_DOWN

    @pytest.mark.rule("S-INFO-2")
    def test_every_seat_has_the_same_view(self) -> None:
        # view() takes a seat, as Skip-Bo's does, but what the owner of a grid sees of
        # it is what everybody sees: every seat's view is the spectator's.
        state = started()
        spectator = skyjo.spectator_view(state)
        assert spectator == skyjo.view(state)
        assert all(skyjo.view(state, seat) == spectator for seat in range(2))

    @pytest.mark.rule("S-INFO-2")
    @pytest.mark.parametrize("seat", [2, -1, True, "0", 0.0])
    def test_a_seat_the_game_does_not_have_gets_no_view(self, seat: object) -> None:
        with pytest.raises(skyjo.ViewError, match="is not in this game"):
            skyjo.view(started(), seat)  # type: ignore[arg-type]

    @pytest.mark.rule("S-INFO-2")
    @given(state=game_states(), seed=st.integers(0, 2**32))
    def test_hidden_facts_do_not_change_the_view(self, state: skyjo.GameState, seed: int) -> None:
        """Non-interference: states that differ only in hidden facts look the same."""
        other = with_hidden_shuffled(state, random.Random(seed))
        skyjo.check_invariants(other)
        assert skyjo.view(other) == skyjo.view(state)
        assert skyjo.legal_moves(skyjo.view(state)) == skyjo.legal_moves(state)
        assert skyjo.legal_moves(other) == skyjo.legal_moves(state)
