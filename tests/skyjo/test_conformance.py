"""The Skyjo conformance checker: it passes the engine and catches broken ones."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from skipbo import skyjo
from skipbo.games.skyjo import Rules, conformance, engine
from skipbo.games.skyjo.conformance import ConformanceError, check_conformance


class TestConformance:
    @pytest.mark.parametrize("players", range(2, 9))
    def test_the_engine_conforms_for_every_player_count(self, players: int) -> None:
        report = check_conformance(Rules(players=players, turn_limit=25), games=2, seed=players)
        assert report.games == 2
        assert report.moves == sum(report.game_lengths) > 0
        assert report.illegal_moves > 0

    def test_without_a_turn_limit_and_with_a_small_deck(self) -> None:
        check_conformance(Rules(players=2), games=2, seed=1)
        check_conformance(Rules(players=2, deck=skyjo.Deck({0: 10, 1: 10, 2: 10})), games=2)

    def test_only_skyjo_rules_are_checked(self) -> None:
        import skipbo

        with pytest.raises(TypeError):
            check_conformance(skipbo.Rules(), games=1)  # type: ignore[arg-type]


Apply = Callable[[skyjo.GameState, skyjo.Move], skyjo.GameState]


def broken(
    monkeypatch: pytest.MonkeyPatch,
    wrap: Callable[[Apply, skyjo.GameState, skyjo.Move], skyjo.GameState],
) -> None:
    original = engine.apply
    monkeypatch.setattr(conformance, "apply", lambda state, move: wrap(original, state, move))


class TestTeeth:
    def test_a_lost_card_is_caught(self, monkeypatch: pytest.MonkeyPatch) -> None:
        def lose(original: Apply, state: skyjo.GameState, move: skyjo.Move) -> skyjo.GameState:
            after = original(state, move)
            if isinstance(move, skyjo.Swap) and len(after.discard_pile) > 1:
                return attrs.evolve(after, discard_pile=after.discard_pile[1:])
            return after

        broken(monkeypatch, lose)
        with pytest.raises(ConformanceError, match="invariant violated"):
            check_conformance(Rules(players=2, turn_limit=20), games=2)

    def test_accepting_an_illegal_move_is_caught(self, monkeypatch: pytest.MonkeyPatch) -> None:
        def lenient(original: Apply, state: skyjo.GameState, move: skyjo.Move) -> skyjo.GameState:
            try:
                return original(state, move)
            except skyjo.IllegalMoveError:
                return state

        broken(monkeypatch, lenient)
        with pytest.raises(ConformanceError, match="accepted the illegal move") as error:
            check_conformance(Rules(players=2, turn_limit=20), games=1, seed=3)
        game = skyjo.new_game(error.value.rules, seed=error.value.seed)
        for move in error.value.moves:
            game = skyjo.apply(game, move)  # the moves reproduce the game
