"""The batched engine against the core, step by step (bounded run of tools.batch_differential)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import pytest
from tools import batch_differential
from tools.batch_differential import CONFIGURATIONS, run

import skipbo.batch.compiled
import skipbo.batch.engine
from skipbo import Rules
from skipbo.batch.compiled_moves import MOVE_ARRAYS
from skipbo.batch.shuffle import Shuffler

GAMES = 16
STEPS = 150


@pytest.mark.rule("R-DRAW-2", "R-WIN-3")
@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "numpy"])
@pytest.mark.parametrize(
    "index", range(len(CONFIGURATIONS)), ids=[repr(r)[:60] for r in CONFIGURATIONS]
)
def test_batch_equals_core(index: int, compiled: bool) -> None:
    """At every step and for every game the mask equals the core's legal moves, the
    next state equals the core's ``apply`` (a reshuffle in the core's order, R-DRAW-2:
    "the set-aside cards of completed build piles are shuffled to form the new draw
    pile") and the array invariants hold; finished games have no legal action
    (R-WIN-3)."""
    tally = run(
        CONFIGURATIONS[index],
        GAMES,
        STEPS,
        seed=index,
        auto_reset=index % 2 == 1,
        compiled=compiled,
    )
    assert tally.problems == []
    assert tally.steps > 0


def test_the_run_covers_thousands_of_steps_and_reshuffles() -> None:
    # The bounded run must exercise what it claims: many steps, finished games and
    # reshuffles, with and without auto-reset.
    standard = [run(Rules(players=p), GAMES, STEPS, seed=p, auto_reset=True) for p in (2, 6)]
    assert sum(t.steps for t in standard) >= 2 * GAMES * STEPS
    assert all(t.reshuffles > 0 and t.games > 0 for t in standard)


def test_the_run_notices_a_wrong_reshuffle_order(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Rules(players=2)

    def reversed_runs(
        shuffler: Shuffler,
        cards: npt.NDArray[np.int64],
        lengths: Sequence[int],
        seeds: Sequence[int],
    ) -> list[int]:
        next_seeds = right(shuffler, cards, lengths, seeds)
        start = 0
        for length in lengths:
            # Deals are left alone, so that only reshuffles break.
            if length != rules.deck.size:
                cards[start : start + length] = cards[start : start + length][::-1].copy()
            start += length
        return next_seeds

    right = Shuffler.shuffle_array
    monkeypatch.setattr(Shuffler, "shuffle_array", reversed_runs)
    tally = batch_differential.run(rules, GAMES, STEPS, seed=0, auto_reset=False)
    assert any("state differs" in problem for problem in tally.problems)


def test_the_run_notices_a_wrong_mask(monkeypatch: pytest.MonkeyPatch) -> None:
    compute = skipbo.batch.engine.GameBatch._compute_mask

    def no_pass(batch: skipbo.batch.engine.GameBatch) -> None:
        compute(batch)
        batch._mask[:, -1] = False  # the pass is never legal (breaks R-TURN-8)

    monkeypatch.setattr(skipbo.batch.engine.GameBatch, "_compute_mask", no_pass)
    rules = CONFIGURATIONS[-8]  # tiny deck: passes are common
    tally = batch_differential.run(rules, GAMES, STEPS, seed=0, auto_reset=False)
    assert any("mask" in problem for problem in tally.problems)


def test_the_run_notices_a_wrong_compiled_move(monkeypatch: pytest.MonkeyPatch) -> None:
    # The compiled path is the one the run checks (the test command has Numba): a
    # kernel that forgets a move's count of the turn's moves is caught.
    kernels = skipbo.batch.compiled.KERNELS
    assert kernels is not None
    move = kernels.move

    def forgetful(games: npt.NDArray[np.int64], *args: object) -> None:
        move(games, *args)
        arrays = args[4]  # after games: actions, fill_seats, ended, tables, the arrays
        assert isinstance(arrays, tuple)
        arrays[MOVE_ARRAYS.index("turn_moves")][games] = 0

    monkeypatch.setattr(kernels, "move", forgetful)
    tally = batch_differential.run(Rules(players=2), GAMES, STEPS, seed=0, auto_reset=False)
    assert any("state differs" in problem for problem in tally.problems)
