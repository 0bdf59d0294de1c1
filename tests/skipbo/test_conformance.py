"""Tests for `skipbo.check_conformance`: it passes the engine and catches broken ones."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import skipbo
from skipbo import (
    ConformanceError,
    Deck,
    GameState,
    IllegalMoveError,
    Move,
    Rules,
    Termination,
)
from skipbo.games.skipbo import conformance
from tests import strategies

SMALL = Rules(players=2, deck=Deck(copies=2, wilds=2, highest=4), stock_size=2, hand_size=3)


class TestCheckConformance:
    """Tests for `check_conformance` on the real engine."""

    @pytest.mark.rule("R-WIN-2", "R-WIN-3", "R-INFO-3")
    @settings(max_examples=20)
    @given(strategies.rules(), st.integers(0, 2**64 - 1))
    def test_every_rules_configuration_conforms(self, rules: Rules, seed: int) -> None:
        """R-WIN-2: "under random play every game ends (the longest game seen is
        reported)" -- for every configuration, with invariants, legality, purity
        and determinism checked at every step."""
        report = skipbo.check_conformance(rules, games=2, seed=seed, illegal_per_step=2)
        assert report.games == 2
        assert report.moves == sum(report.game_lengths)
        assert report.longest_game == max(report.game_lengths)
        assert all(length > 0 for length in report.game_lengths)
        assert len(report.outcomes) == 2
        assert report.rules is rules
        assert report.seed == seed

    def test_the_figures_add_up(self) -> None:
        report = skipbo.check_conformance(SMALL, games=6, seed=3, illegal_per_step=3)
        assert report.games == 6
        assert sum(report.terminations.values()) == 6
        assert report.illegal_moves <= 3 * report.moves + 3 * report.games
        assert report.illegal_moves > 0
        text = str(report)
        assert text.startswith(f"6 games, {report.moves} moves (longest game ")

    def test_a_turn_limit_ends_every_game(self) -> None:
        rules = attrs.evolve(SMALL, turn_limit=3)
        report = skipbo.check_conformance(rules, games=6, seed=1)
        assert set(report.terminations) <= {Termination.TURN_LIMIT, Termination.STOCK_EMPTIED}
        assert report.terminations[Termination.TURN_LIMIT] > 0

    def test_the_same_seed_gives_the_same_report(self) -> None:
        first = skipbo.check_conformance(SMALL, games=3, seed=11)
        assert skipbo.check_conformance(SMALL, games=3, seed=11) == first
        assert skipbo.check_conformance(SMALL, games=3, seed=12) != first

    def test_rules_must_be_rules(self) -> None:
        with pytest.raises(TypeError, match=r"skipbo\.Rules"):
            skipbo.check_conformance("2 players", games=1)

    def test_a_game_that_does_not_end_fails(self) -> None:
        with pytest.raises(ConformanceError, match="did not end within 5 moves") as error:
            skipbo.check_conformance(Rules(players=2), games=1, max_moves=5)
        assert len(error.value.moves) == 5


Apply = Callable[[GameState, Move], GameState]


def _replayed(error: ConformanceError, apply: Apply) -> GameState:
    """The state that the error's seed and moves lead to (with the broken ``apply``)."""
    state = skipbo.new_game(error.rules, seed=error.seed)
    for move in error.moves[:-1]:
        state = apply(state, move)
    return state


def _accepts_anything(real: Apply) -> Apply:
    def apply(state: GameState, move: Move) -> GameState:
        try:
            return real(state, move)
        except IllegalMoveError:
            return state

    return apply


def _loses_a_card(real: Apply) -> Apply:
    def apply(state: GameState, move: Move) -> GameState:
        after = real(state, move)
        if len(after.draw_pile) > 1:
            return attrs.evolve(after, draw_pile=after.draw_pile[1:])
        return after

    return apply


def _not_deterministic(real: Apply) -> Apply:
    counter = itertools.count()

    def apply(state: GameState, move: Move) -> GameState:
        after = real(state, move)
        return attrs.evolve(after, shuffle_seed=after.shuffle_seed + next(counter) % 2)

    return apply


class TestFailures:
    """A broken engine (patched into the checker) is caught, with a reproducible game."""

    @pytest.mark.parametrize(
        ("breaking", "reason"),
        [
            (_accepts_anything, "accepted the illegal move"),
            (_loses_a_card, "lost or made cards"),
            (_not_deterministic, "not deterministic"),
        ],
    )
    def test_a_broken_apply_is_caught(
        self, monkeypatch: pytest.MonkeyPatch, breaking: Callable[[Apply], Apply], reason: str
    ) -> None:
        broken = breaking(skipbo.apply)
        monkeypatch.setattr(conformance, "apply", broken)
        with pytest.raises(ConformanceError, match=reason) as error:
            skipbo.check_conformance(SMALL, games=4, seed=5)
        assert error.value.rules is SMALL
        assert error.value.reason in str(error.value)
        assert f"seed={error.value.seed}" in str(error.value)
        assert not skipbo.is_over(_replayed(error.value, broken))  # the moves replay

    def test_a_move_listed_twice_is_caught(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(conformance, "legal_moves", lambda s: skipbo.legal_moves(s) * 2)
        with pytest.raises(ConformanceError, match="lists a move twice"):
            skipbo.check_conformance(SMALL, games=1)

    def test_an_illegal_move_listed_is_caught(self, monkeypatch: pytest.MonkeyPatch) -> None:
        def with_pass(state: GameState) -> list[Move]:
            moves = skipbo.legal_moves(state)
            return moves if skipbo.Pass() in moves else [*moves, skipbo.Pass()]

        monkeypatch.setattr(conformance, "legal_moves", with_pass)
        with pytest.raises(ConformanceError, match="which the rules do not allow") as error:
            skipbo.check_conformance(SMALL, games=1)
        assert error.value.moves == ()  # already at the deal

    def test_a_replay_that_differs_is_caught(self, monkeypatch: pytest.MonkeyPatch) -> None:
        calls = itertools.count()
        real = skipbo.new_game

        def new_game(rules: Rules, *, seed: int) -> GameState:
            # The first two deals agree (the determinism check); the replay's differs.
            return real(rules, seed=seed + (next(calls) >= 2))

        monkeypatch.setattr(conformance, "new_game", new_game)
        with pytest.raises(ConformanceError, match="replaying the same moves"):
            skipbo.check_conformance(SMALL, games=1)
