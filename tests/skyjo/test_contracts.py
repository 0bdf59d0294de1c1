"""Skyjo's PEP 316 contracts, checked at run time on random games.

CrossHair checks the contracts of :mod:`skipbo.skyjo.engine` symbolically within a
budget (``tests/skyjo/test_crosshair.py``); here the same conditions are evaluated on
every call the engine makes while seeded random games are played (:mod:`tests.contracts`),
illegal moves tried at every step.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skipbo import skyjo
from skipbo.skyjo import Rules, engine
from tests.contracts import enforced
from tests.skyjo.strategies import rules


@pytest.mark.rule("S-SETUP-5", "S-COL-1", "S-COL-3", "S-SCORE-2")
@settings(max_examples=20)
@given(played=rules(limited=True), seed=st.integers(0, 2**32))
def test_contracts_hold_in_random_games(played: Rules, seed: int) -> None:
    """Every contracted call of the engine while a whole random game is played."""
    rng = random.Random(seed)
    space = skyjo.all_moves()
    with enforced(engine) as checked:
        assert {"first_round_starter", "round_scores"} <= set(checked)
        state = skyjo.new_game(played, seed=seed)
        while not skyjo.is_over(state):
            legal = engine.legal_moves(state)
            illegal = [move for move in space if move not in legal]
            with pytest.raises(skyjo.IllegalMoveError):
                engine.apply(state, rng.choice(illegal))
            state = engine.apply(state, rng.choice(legal))
