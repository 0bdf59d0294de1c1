"""Skyjo in Gymnasium and PettingZoo: the frameworks' own checks, rewards and misuse."""

from __future__ import annotations

import functools

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

from skipbo import ActionError, skyjo
from skipbo.envs.gymnasium import SKYJO_ENV_ID, SkyjoEnv
from skipbo.envs.pettingzoo import SkyjoAECEnv, env, skyjo_env
from skipbo.observation.skyjo import observation_array

VARIANTS = [
    skyjo.Rules(players=2),
    skyjo.Rules(players=5, end_score=30),
    skyjo.Rules(players=8, end_score=1, turn_limit=5),  # games that end within the checks
]


def variant_id(rules: skyjo.Rules) -> str:
    return f"{rules.players}p-end{rules.end_score}"


@pytest.mark.parametrize("rules", VARIANTS, ids=variant_id)
def test_gymnasium_check_env(rules: skyjo.Rules) -> None:
    check_env(gymnasium.make(SKYJO_ENV_ID, rules=rules, disable_env_checker=True).unwrapped)


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.parametrize("rules", VARIANTS, ids=variant_id)
def test_pettingzoo_checks(rules: skyjo.Rules) -> None:
    api_test(env(rules), num_cycles=200)
    seed_test(functools.partial(skyjo_env, rules), num_cycles=200)
    render_test(functools.partial(skyjo_env, rules))


@pytest.mark.rule("S-SCORE-3")
def test_a_gymnasium_episode_ends_with_the_lowest_total_winning() -> None:
    rules = skyjo.Rules(players=3, end_score=20, turn_limit=30)
    rng = np.random.default_rng(0)
    rewards = set()
    for seed in range(4):
        game = SkyjoEnv(rules, seat=1, opponents="random")
        obs, info = game.reset(seed=seed)
        done = False
        while not done:
            state = game.state
            assert state.current_player == 1
            np.testing.assert_array_equal(obs, observation_array(skyjo.view(state), 1))
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, terminated, truncated, info = game.step(action)
            assert not truncated
            done = terminated
        outcome = skyjo.outcome(game.state)
        assert outcome is not None
        assert reward == (1.0 if 1 in outcome.winners else -1.0)
        assert min(outcome.totals) == outcome.totals[outcome.winners[0]]
        rewards.add(reward)
    assert not info["action_mask"].any()


def test_every_seat_gets_its_final_reward_in_pettingzoo() -> None:
    game = env(skyjo.Rules(players=3, end_score=10, turn_limit=30))
    game.reset(seed=4)
    rng = np.random.default_rng(4)
    final = {}
    for agent in game.agent_iter():
        observed, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            final[agent] = reward
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(observed["action_mask"]))))
    outcome = skyjo.outcome(game.state_of_game)
    assert outcome is not None
    assert final == {
        f"player_{seat}": 1.0 if seat in outcome.winners else -1.0 for seat in range(3)
    }


def test_an_illegal_action_ends_the_episode_and_changes_nothing() -> None:
    game = SkyjoEnv()
    _, info = game.reset(seed=1)
    before = game.state
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = game.step(illegal)
    assert (reward, terminated) == (-1.0, True)
    assert "not a legal move" in info["illegal_action"]
    assert game.state == before
    with pytest.raises(ActionError, match="reset"):
        game.step(0)


@pytest.mark.parametrize("action", [-1, 92, 2.5, "1", True, None])
def test_an_action_outside_the_space_raises(action: object) -> None:
    game = skyjo_env(players=2)
    game.reset(seed=2)
    before = game.state_of_game
    with pytest.raises(ActionError):
        game.step(action)  # type: ignore[arg-type]
    assert game.state_of_game == before


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"seat": 2}, ValueError),
        ({"opponents": "nobody"}, ValueError),
        ({"opponents": ["random", "random"]}, ValueError),
        ({"render_mode": "rgb_array"}, ValueError),
        ({"players": 3}, ValueError),
        ({"rules": "skyjo"}, TypeError),
        ({"depth": 0}, ValueError),
    ],
)
def test_bad_arguments(arguments: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        SkyjoEnv(**{"rules": skyjo.Rules(players=2), **arguments})  # type: ignore[arg-type]


def test_render_shows_the_seat_and_the_public_view() -> None:
    game = SkyjoAECEnv(players=2, render_mode="ansi")
    game.reset(seed=3)
    text = game.render()
    assert text is not None
    assert text.startswith("You are seat 0.")
    assert "?" in text  # face-down cards stay face down
    with pytest.raises(TypeError):
        env("skyjo")  # rules of no game
