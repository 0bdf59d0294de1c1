"""Differential tests: the engine against the independent reference of ``tests/skipbo/reference``.

Both are driven with the same moves from the same deal. At every step they must
agree on the set of legal moves, on the public information (R-INFO-1, read from
the engine's spectator view), on the outcome, and in fact on the whole state; an
illegal move must be refused by both and change neither.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import skipbo
from skipbo import GameState, Rules
from skipbo.games.skipbo.moves import is_build_play
from tests import strategies
from tests.skipbo.reference import ReferenceGame, public_information
from tests.skipbo.reference.game import IllegalMove

STEP_CAP = 4_000
"""Moves compared per game at most (random games of the standard deck can be long)."""

seeds = st.integers(0, 2**64 - 1)


def engine_public(state: GameState) -> dict[str, object]:
    """The engine's public information, from the spectator's view (R-INFO-1)."""
    seen = skipbo.spectator_view(state)
    return {
        "stock_tops": seen.stock_tops,
        "stock_sizes": seen.stock_sizes,
        "discards": seen.discards,
        "builds": seen.builds,
        "hand_sizes": seen.hand_sizes,
        "draw_pile_size": seen.draw_pile_size,
        "completed_count": seen.completed_count,
        "current_player": seen.current_player,
        "turn": seen.turn,
        "empty_passes": seen.empty_passes,
        "stall_turns": seen.stall_turns,
        "outcome": seen.outcome,
    }


def compare_games(rules: Rules, seed: int, *, play_first: bool) -> int:
    """Play one game in both implementations, comparing at every step; return its moves.

    Moves are chosen at random from the legal ones (with ``play_first``, among the
    build plays when there are any, so that games reach completions, reshuffles and
    wins); at each step one illegal move from the move space is tried on both.
    """
    rng = random.Random(seed)
    state = skipbo.new_game(rules, seed=seed)
    game = ReferenceGame(state)
    space = skipbo.all_moves(rules)
    for step in range(STEP_CAP):
        legal = skipbo.legal_moves(state)
        assert set(legal) == game.legal_moves(), f"legal moves differ at step {step}"
        assert engine_public(state) == public_information(game), f"public view, step {step}"
        assert state == game.state(), f"states differ at step {step}"
        if state.is_over:
            return step
        illegal = [move for move in rng.sample(space, min(len(space), 8)) if move not in legal]
        if illegal:
            before = game.state()
            with pytest.raises(skipbo.IllegalMoveError):
                skipbo.apply(state, illegal[0])
            with pytest.raises(IllegalMove):
                game.play(illegal[0])
            assert game.state() == before == state
        plays = [move for move in legal if is_build_play(move)] if play_first else []
        move = rng.choice(plays or legal)
        state = skipbo.apply(state, move)
        game.play(move)
    return STEP_CAP


@pytest.mark.rule(
    "R-TURN-1", "R-TURN-2", "R-TURN-3", "R-TURN-4", "R-TURN-5", "R-TURN-7", "R-TURN-8",
    "R-BUILD-2", "R-BUILD-3", "R-BUILD-4", "R-DISC-2", "R-DISC-3", "R-DRAW-1", "R-DRAW-2",
    "R-DRAW-3", "R-WIN-1", "R-WIN-2", "R-WIN-3", "R-INFO-1", "R-TEAM-1", "R-TEAM-2",
    "R-TEAM-3",
)  # fmt: skip
@given(strategies.rules(), seeds, st.booleans())
def test_engine_and_reference_agree_at_every_step(rules: Rules, seed: int, first: bool) -> None:
    """Every rule the reference implements, for any rules configuration of
    ``strategies.rules()``: the same legal moves, public information and outcome."""
    compare_games(rules, seed, play_first=first)


PLAYER_COUNTS = (
    *(Rules(players=players, stock_size=5) for players in range(2, 7)),
    Rules.partners(stock_size=5),
    Rules.partners(teams=((0, 3), (1, 4), (2, 5)), stock_size=5),
    Rules.team_piles(stock_size=5),
    Rules.team_piles(teams=((0, 3, 6), (1, 4, 7), (2, 5)), stock_size=4),
)
"""Every player count of individual play, and both team forms, with the Mattel deck."""


@pytest.mark.rule("R-SETUP-1", "R-TEAM-5", "R-TURN-7")
@pytest.mark.parametrize("rules", PLAYER_COUNTS, ids=repr)
@settings(max_examples=4)
@given(seed=seeds)
def test_engine_and_reference_agree_for_every_player_count(rules: Rules, seed: int) -> None:
    """2 to 6 players individually (R-SETUP-1) and team play up to 8 seats (R-TEAM-5),
    played to the end by play-first players."""
    moves = compare_games(rules, seed, play_first=True)
    assert moves < STEP_CAP
