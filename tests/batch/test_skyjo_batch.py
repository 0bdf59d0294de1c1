"""Skyjo's batch and fused loop against the core (a bounded tools.skyjo_batch_differential)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from tools import skyjo_batch_differential
from tools.skyjo_batch_differential import CONFIGURATIONS, GOLDEN, golden_text, replay_fused, run

from skipbo.batch.skyjo import IllegalActionError, SkyjoBatch, kernels, play, play_chunks
from skipbo.common.randomness import derive_seed
from skipbo.games import skyjo
from skipbo.games.skyjo.actions import ActionError

GAMES = 8
STEPS = 250


@pytest.mark.rule("S-DRAW-1", "S-COL-1", "S-END-1", "S-END-3", "S-SCORE-2", "S-SCORE-3")
@pytest.mark.parametrize(
    "index", range(len(CONFIGURATIONS)), ids=[repr(r)[6:60] for r in CONFIGURATIONS]
)
def test_batch_equals_core(index: int) -> None:
    """After every step and for every game: the mask equals the core's legal moves, the
    state (every card, the piles in order, the shuffle seed, the history) the core's
    after the same move, the observations the core's view's; ended games' totals and
    rewards are the core's outcome's; auto-reset deals the core's next game."""
    for auto_reset in (False, True):
        tally = run(CONFIGURATIONS[index], GAMES, STEPS, seed=index, auto_reset=auto_reset)
        assert tally.problems == []
        assert tally.rounds > 0
        assert tally.steps > 0


@pytest.mark.parametrize("policy", sorted(kernels.POLICIES))
@pytest.mark.parametrize("index", [0, 3, 6, 7, 9, 10, 12])
def test_fused_games_equal_the_core(index: int, policy: str) -> None:
    assert replay_fused(CONFIGURATIONS[index], 2, seed=index, policy=policy) == []


def test_the_runs_cover_reshuffles_rounds_and_every_bound() -> None:
    tiny = run(CONFIGURATIONS[7], GAMES, STEPS, seed=1, auto_reset=True)
    assert tiny.reshuffles > 20
    assert tiny.rounds > GAMES
    assert tiny.games >= GAMES
    # The round limit of 1 ends every game at its first round's end.
    one = run(CONFIGURATIONS[11], GAMES, STEPS, seed=1)
    assert one.games == one.rounds == GAMES


def test_the_run_notices_a_wrong_mask(monkeypatch: pytest.MonkeyPatch) -> None:
    right = SkyjoBatch.legal_action_mask

    def wrong(batch: SkyjoBatch) -> npt.NDArray[np.bool_]:
        mask = right(batch).copy()
        mask[:, 1] = False  # never take the discard pile's top
        return mask

    monkeypatch.setattr(SkyjoBatch, "legal_action_mask", wrong)
    tally = run(skyjo.Rules(players=2), 2, 20, seed=0)
    assert any("mask differs" in problem for problem in tally.problems)


def test_the_run_notices_a_wrong_shuffle(monkeypatch: pytest.MonkeyPatch) -> None:
    def reversed_deal(seed: int, index: int) -> int:
        return derive_seed(seed, index) ^ 1  # the batch deals other games than the core

    monkeypatch.setattr(skyjo_batch_differential, "derive_seed", reversed_deal)
    tally = run(skyjo.Rules(players=2), 2, 5, seed=0)
    assert any("differs" in problem for problem in tally.problems)


def test_games_follow_from_the_seed() -> None:
    rules = skyjo.Rules(players=4)
    first, second = (SkyjoBatch.new(rules, 6, seed=5) for _ in range(2))
    rng = np.random.default_rng(0)
    for _ in range(60):
        mask = first.legal_action_mask()
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        first.step(actions)
        second.step(actions)
    assert first.states() == second.states()
    moved = SkyjoBatch.new(rules, 2, seed=5, first=4)
    assert moved.states() == SkyjoBatch.new(rules, 6, seed=5).states()[4:]
    assert moved.state(1) == skyjo.new_game(rules, seed=derive_seed(5, 5))


def test_fused_results_follow_from_the_seed_whatever_the_chunks() -> None:
    rules = skyjo.Rules(players=3)
    whole = play(rules, 12, seed=9, policy="replace-highest")
    again = play(rules, 12, seed=9, policy="replace-highest")
    chunks = list(play_chunks(rules, 12, seed=9, policy="replace-highest", every=97))
    assert len(chunks) > 5
    assert chunks[0].finished < 12 == chunks[-1].finished
    for result in (again, chunks[-1]):
        assert np.array_equal(whole.totals, result.totals)
        assert np.array_equal(whole.moves, result.moves)
        assert np.array_equal(whole.rounds, result.rounds)
    assert whole.winners.any(axis=1).all()
    other = play(rules, 12, seed=10, policy="replace-highest")
    assert not np.array_equal(whole.totals, other.totals)


def test_golden_file() -> None:
    """The fused loop still plays the games it played when the file was written."""
    assert golden_text() == GOLDEN.read_text()


def test_an_illegal_action_names_the_core_rule_and_changes_nothing() -> None:
    batch = SkyjoBatch.new(skyjo.Rules(players=2), 3, seed=2)
    before = batch.states()
    with pytest.raises(IllegalActionError) as caught:
        batch.step(np.array([26, 0, 26]))  # a draw while cards are being revealed
    assert caught.value.game == 1
    assert caught.value.rule == "S-TURN-1"
    with pytest.raises(ActionError):
        batch.step(np.array([26, 92, 26]))
    with pytest.raises(ActionError):
        batch.step(np.array([26, 26]))
    assert batch.states() == before
    batch.step(np.array([26, 0, 26]), only=np.array([True, False, True]))
    assert batch.state(1) == before[1]
    assert batch.state(0) != before[0]


def test_the_python_path_plays_the_same_games() -> None:
    """Without Numba the same kernels run as Python, the shuffles by the core's function."""
    root = Path(__file__).resolve().parents[2]
    script = (
        "from tools.skyjo_batch_differential import CONFIGURATIONS, run, replay_fused\n"
        "from skipbo.batch.skyjo import kernels\n"
        "assert not hasattr(kernels.apply_action, 'py_func')\n"
        "tally = run(CONFIGURATIONS[7], 3, 60, seed=3, auto_reset=True)\n"
        "assert tally.problems == [] and tally.steps == 60, tally.problems\n"
        "assert replay_fused(CONFIGURATIONS[10], 1, seed=1, policy='random') == []\n"
    )
    environment = {**os.environ, "SKIPBO_NO_NUMBA": "1"}
    environment["PYTHONPATH"] = f"{root / 'src'}{os.pathsep}{root}"
    done = subprocess.run(
        [sys.executable, "-c", script], env=environment, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.mark.parametrize("policy", sorted(kernels.POLICIES))
def test_play_others_is_the_policys_steps_up_to_the_seats_turn(policy: str) -> None:
    """``play_others`` (an environment's opponents) makes the moves ``policy_actions``
    chooses, step after step, until the seat is to move: the core's moves, checked by
    the step API."""
    rules = skyjo.Rules(players=4, stall_limit=5)
    fast, slow = (SkyjoBatch.new(rules, 12, seed=3) for _ in range(2))
    fast_rng, slow_rng = fast.policy_rng(), slow.policy_rng()
    agent = np.random.default_rng(0)
    for _ in range(40):
        ended = fast.play_others(2, policy, fast_rng)
        for _ in range(1000):
            waiting = ~slow.is_over & (slow.current_player != 2)
            if not waiting.any():
                break
            drawn = slow_rng.copy()  # the generators of the games that move advance
            actions = slow.policy_actions(policy, drawn)
            slow_rng[waiting] = drawn[waiting]
            slow.step(np.maximum(actions, 0), only=waiting)
        assert fast.states() == slow.states()
        assert np.array_equal(ended, fast.is_over)
        mask = fast.legal_action_mask()
        actions = (agent.random(mask.shape) * mask).argmax(axis=1)
        ended |= fast.step(actions).ended
        slow.step(actions)
        if ended.any():
            slots = np.flatnonzero(ended)
            fast.deal_next(slots)
            slow.deal_next(slots)
            fast_rng[slots] = slow_rng[slots] = 7
    observed = fast.observations(2, games=[5, 1])
    assert np.array_equal(observed, fast.observations(2)[[5, 1]])
