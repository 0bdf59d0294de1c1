"""The Skyjo engine's PEP 316 contracts, evaluated at run time on random games.

CrossHair checks them symbolically on a corpus of small states
(``tests/skyjo/crosshair_states.py``); here the same conditions are evaluated
(:mod:`tests.contracts`) on every call the engine makes while random games of 2-8
players are played, illegal moves tried and the public view asked for its moves.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from skipbo import skyjo
from skipbo.games.skyjo import Rules, all_moves, engine
from tests.contracts import ContractBroken, enforced
from tests.skyjo.strategies import rules


@pytest.mark.rule("S-TURN-1", "S-TURN-2", "S-TURN-3", "S-COL-1", "S-COL-2", "S-DRAW-1")
@given(played=rules(), seed=st.integers(0, 2**32))
def test_contracts_hold_in_random_games(played: Rules, seed: int) -> None:
    rng = random.Random(seed)
    with enforced(engine) as checked:
        assert {"apply", "legal_moves", "_reveal", "_draw", "_take", "_place"} <= set(checked)
        state = skyjo.new_game(played, seed=seed)
        for _ in range(300):
            if skyjo.is_over(state):
                break
            legal = engine.legal_moves(state)
            assert engine.legal_moves(skyjo.view(state)) == legal
            illegal = [move for move in all_moves() if move not in legal]
            with pytest.raises(skyjo.IllegalMoveError):
                engine.apply(state, rng.choice(illegal))
            state = engine.apply(state, rng.choice(legal))


def test_a_broken_apply_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A take that leaves the card on the discard pile breaks the contract of ``_take``."""
    original = engine._take

    def keeps_the_card(state: skyjo.GameState, move: skyjo.TakeDiscard) -> skyjo.GameState:
        return attrs.evolve(original(state, move), discard_pile=state.discard_pile)

    keeps_the_card.__doc__ = original.__doc__
    keeps_the_card.__module__ = engine.__name__
    monkeypatch.setattr(engine, "_take", keeps_the_card)
    state = skyjo.new_game(Rules(players=2), seed=4)
    for move in ("r0+1", "r0+1"):
        state = skyjo.apply(state, skyjo.parse_move(move))
    with (
        enforced(engine),
        pytest.raises(ContractBroken, match=r"keeps_the_card: post: __return__\.discard_pile =="),
    ):
        engine.apply(state, skyjo.TakeDiscard())
