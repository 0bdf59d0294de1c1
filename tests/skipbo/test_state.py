"""Tests for `skipbo.games.skipbo.state`."""

from __future__ import annotations

import inspect

import attrs
import pytest

import skipbo
from skipbo.games.skipbo.state import GameState, Outcome, Termination, replace


class TestReplace:
    """`replace` is the engine's fast `attrs.evolve`: it must build exactly a GameState."""

    def test_equals_attrs_evolve(self) -> None:
        state = skipbo.new_game(skipbo.Rules.partners(), seed=11)
        fast = replace(state, turn=4, current_player=2, penalty_cards=(0, 2, 0, 0))
        slow = attrs.evolve(state, turn=4, current_player=2, penalty_cards=(0, 2, 0, 0))
        assert type(fast) is GameState
        assert fast == slow
        assert hash(fast) == hash(slow)
        assert replace(state) == state
        assert replace(state) is not state

    def test_each_field_lands_in_its_own_slot(self) -> None:
        # Distinct sentinel values expose any permutation of the fields.
        names = [field.name for field in attrs.fields(GameState)]
        values = [object() for _ in names]
        state = skipbo.new_game(skipbo.Rules(players=2), seed=0)
        fast = replace(state, **dict(zip(names, values, strict=True)))  # type: ignore[arg-type]
        assert [getattr(fast, name) for name in names] == values
        kept = replace(fast)
        assert [getattr(kept, name) for name in names] == values

    def test_every_field_can_be_changed(self) -> None:
        parameters = set(inspect.signature(replace).parameters) - {"state"}
        assert parameters == {field.name for field in attrs.fields(GameState)}

    def test_an_unknown_field_is_refused(self) -> None:
        state = skipbo.new_game(skipbo.Rules(players=2), seed=0)
        with pytest.raises(TypeError):
            replace(state, colour="red")  # type: ignore[call-arg]

    def test_penalty_cards_default_to_zeros_per_stock_pile(self) -> None:
        state = skipbo.new_game(skipbo.Rules.partners(), seed=0)
        fields = {f.name: getattr(state, f.name) for f in attrs.fields(GameState)}
        del fields["penalty_cards"]
        assert GameState(**fields).penalty_cards == (0, 0, 0, 0) == state.penalty_cards

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
