"""Tests for `skipbo.state`."""

from __future__ import annotations

import attrs
import pytest

import skipbo
from skipbo.state import GameState, Outcome, Termination, make_state


class TestMakeState:
    """`make_state` is the engine's fast constructor: it must build exactly a GameState."""

    def test_equals_the_attrs_constructor(self) -> None:
        state = skipbo.new_game(skipbo.Rules(players=3), seed=11)
        fields = [getattr(state, field.name) for field in attrs.fields(GameState)]
        fast = make_state(
            **{field.name: getattr(state, field.name) for field in attrs.fields(GameState)}
        )
        assert type(fast) is GameState
        assert fast == GameState(*fields)
        assert hash(fast) == hash(GameState(*fields))

    def test_each_field_lands_in_its_own_slot(self) -> None:
        # Distinct sentinel values expose any permutation of the fields.
        names = [field.name for field in attrs.fields(GameState)]
        values = [object() for _ in names]
        fast = make_state(**dict(zip(names, values, strict=True)))  # type: ignore[arg-type]
        assert [getattr(fast, name) for name in names] == values

    def test_states_are_frozen(self) -> None:
        state = skipbo.new_game(skipbo.Rules(players=2), seed=0)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            state.turn = 5  # type: ignore[misc]


class TestOutcome:
    def test_winner_is_the_single_winning_seat(self) -> None:
        assert Outcome(Termination.STOCK_EMPTIED, 1, (1,)).winner == 1
        assert Outcome(Termination.STOCK_EMPTIED, 0, (0, 2)).winner is None
        assert Outcome(Termination.BLOCKED).winner is None

    def test_text_names_the_winners(self) -> None:
        assert str(Outcome(Termination.STOCK_EMPTIED, 0, (0, 2))) == "team 0 (seats 0, 2) won"
        assert str(Outcome(Termination.TURN_LIMIT)) == "no winner (turn-limit)"
