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
from skipbo import Rules, Termination
from skipbo.batch.compiled_moves import MOVE_ARRAYS
from skipbo.batch.shuffle import Shuffler
from skipbo.batch.tables import BatchTables

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


@pytest.mark.rule("R-WIN-4")
@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "numpy"])
def test_the_run_reaches_the_bounds(compiled: bool) -> None:
    """The configurations with small bounds are played to them, and batch equals core
    there: turns reach their move bound, after which only a discard (or the pass)
    is legal, and games end stalled after ``stall_limit`` turns without a stock play."""
    small = [
        (index, rules)
        for index, rules in enumerate(CONFIGURATIONS)
        if rules.stall_limit is not None and rules.stall_limit <= 20
    ]
    assert len(small) >= 5
    tallies = [
        run(rules, GAMES, STEPS, seed=index, auto_reset=True, compiled=compiled)
        for index, rules in small
    ]
    assert [problem for tally in tallies for problem in tally.problems] == []
    assert sum(tally.spent_turns for tally in tallies) >= 100
    assert sum(tally.endings[Termination.STALLED] for tally in tallies) >= 50
    # Where the turn limit and the stall limit fall on one turn end, the turn limit wins.
    assert any(tally.endings[Termination.TURN_LIMIT] for tally in tallies)


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "numpy"])
@pytest.mark.parametrize(
    ("bound", "found"), [("turn_move_limit", "mask"), ("stall_limit", "ended")]
)
def test_the_run_notices_an_ignored_bound(
    monkeypatch: pytest.MonkeyPatch, compiled: bool, bound: str, found: str
) -> None:
    tables = BatchTables.__init__

    def unbounded(self: BatchTables, rules: Rules) -> None:
        tables(self, rules)
        setattr(self, bound, -1)  # as if the rules had no such bound

    monkeypatch.setattr(BatchTables, "__init__", unbounded)
    rules = Rules(players=2, turn_move_limit=3, stall_limit=20)
    tally = run(rules, GAMES, STEPS, seed=0, auto_reset=True, compiled=compiled)
    assert any(problem.endswith(found) for problem in tally.problems)


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
