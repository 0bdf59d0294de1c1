"""The Skyjo vector environment over the compiled batch (skipbo.envs.skyjo_vector)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from skipbo.batch.skyjo import IllegalActionError
from skipbo.envs.skyjo_vector import SkyjoVectorEnv
from skipbo.games import skyjo
from skipbo.observation.skyjo import observation_array


def _play(envs: SkyjoVectorEnv, steps: int, seed: int) -> list[float]:
    rng = np.random.default_rng(seed)
    _, info = envs.reset(seed=seed)
    rewards = []
    for _ in range(steps):
        mask = info["action_mask"].astype(bool)
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        _, reward, terminated, truncated, info = envs.step(actions)
        rewards.extend(reward.tolist())
        assert not truncated.any()
        assert (reward[~terminated] == 0).all()
        assert set(np.abs(reward[terminated]).tolist()) <= {1.0}
        if terminated.any():
            assert info["_final_obs"].tolist() == terminated.tolist()
    return rewards


@pytest.mark.rule("S-SCORE-3")
@pytest.mark.parametrize("players", [2, 5, 8])
def test_observations_and_masks_are_the_cores_and_the_agent_always_moves(players: int) -> None:
    envs = SkyjoVectorEnv(6, players=players, seat=1, opponents="random")
    rng = np.random.default_rng(players)
    observed, info = envs.reset(seed=players)
    ended = 0
    for _ in range(150):
        for game in range(envs.num_envs):
            state = envs.batch.state(game)
            assert state.current_player == 1
            assert np.array_equal(observed[game], observation_array(skyjo.view(state), 1))
            wanted = np.frombuffer(skyjo.actions.legal_action_mask(state), dtype=np.int8)
            assert np.array_equal(info["action_mask"][game], wanted)
        mask = info["action_mask"].astype(bool)
        observed, _, terminated, _, info = envs.step((rng.random(mask.shape) * mask).argmax(1))
        ended += int(terminated.sum())
    assert ended > 0


def test_episodes_follow_from_the_seed_and_end_with_rewards() -> None:
    first = _play(SkyjoVectorEnv(16, players=3, opponents="random"), 200, seed=4)
    second = _play(SkyjoVectorEnv(16, players=3, opponents="random"), 200, seed=4)
    assert first == second
    assert 1.0 in first
    assert -1.0 in first


def test_an_illegal_action_changes_nothing() -> None:
    envs = SkyjoVectorEnv(3, players=2)
    envs.reset(seed=0)
    before = envs.batch.states()
    with pytest.raises(IllegalActionError):
        envs.step(np.zeros(3, dtype=np.int64))  # a draw while the cards are revealed
    assert envs.batch.states() == before


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="opponents"):
        SkyjoVectorEnv(2, opponents="heuristic")
    with pytest.raises(ValueError, match="seat"):
        SkyjoVectorEnv(2, players=2, seat=2)
