"""Tests for `skipbo.envs.gymnasium`: the single-agent environment against bots."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import skipbo
from skipbo import ActionError, Rules, view
from skipbo.envs.gymnasium import ENV_ID, SkipBoEnv
from skipbo.games.skipbo.actions import action_to_move, legal_action_mask
from skipbo.observation.skipbo import observation_array

VARIANTS = [
    Rules(players=2),
    Rules(players=3),
    Rules(players=4),
    Rules(players=5),
    Rules(players=6),
    Rules.partners(),
    Rules.partners(teams=((0, 3), (1, 4), (2, 5))),
    Rules.team_piles(),
    Rules(players=3, stock_size=2),  # games that end within the checks' cycles
    Rules.partners(stock_size=2),
]


def variant_id(rules: Rules) -> str:
    """A short test id: players, team form, stock size."""
    form = "shared" if rules.shared_piles else "partners" if rules.team_play else "solo"
    return f"{rules.players}p-{form}-stock{rules.stock_size}"


def first_legal(info: dict[str, np.ndarray]) -> int:
    return int(np.flatnonzero(info["action_mask"])[0])


@pytest.mark.parametrize("rules", VARIANTS, ids=variant_id)
def test_gymnasium_check_env(rules: Rules) -> None:
    """Gymnasium's own conformance checks, for 2-6 players and both team forms."""
    env = gymnasium.make(ENV_ID, rules=rules, disable_env_checker=True)
    check_env(env.unwrapped)


def test_registered_id_makes_the_environment() -> None:
    env = gymnasium.make(ENV_ID, players=3, opponents="random")
    assert isinstance(env.unwrapped, SkipBoEnv)
    assert env.unwrapped.rules == Rules(players=3)


def play(env: SkipBoEnv, seed: int) -> list[tuple[list[float], float, bool, bool]]:
    """An episode taking the first legal action each step, with what was seen."""
    obs, info = env.reset(seed=seed)
    steps: list[tuple[list[float], float, bool, bool]] = [(obs.tolist(), 0.0, False, False)]
    terminated = truncated = False
    while not (terminated or truncated):
        obs, reward, terminated, truncated, info = env.step(first_legal(info))
        steps.append((obs.tolist(), float(reward), terminated, truncated))
    return steps


def test_reset_with_a_seed_repeats_the_episode() -> None:
    rules = Rules.short(players=3)
    first = play(SkipBoEnv(rules, opponents="random"), seed=5)
    again = play(SkipBoEnv(rules, opponents="random"), seed=5)
    other = play(SkipBoEnv(rules, opponents="random"), seed=6)
    assert first == again
    assert first != other


def test_the_agent_moves_only_on_its_turn_and_sees_its_view() -> None:
    env = SkipBoEnv(Rules(players=3), seat=1)
    obs, info = env.reset(seed=2)
    for _ in range(30):
        state = env.state
        if state.is_over:
            break
        assert state.current_player == 1
        np.testing.assert_array_equal(obs, observation_array(view(state, 1)))
        assert info["action_mask"].tobytes() == legal_action_mask(state)
        obs, _, _terminated, _truncated, info = env.step(first_legal(info))


@pytest.mark.rule("R-WIN-1", "R-TEAM-3")
def test_rewards_follow_the_winning_team() -> None:
    """The final reward is +1 when the agent's team emptied its stock piles, -1 when
    another team did (the agent's own stock pile may be empty or not)."""
    rules = Rules.partners(stock_size=2)
    rewards = {}
    for seed in range(12):
        env = SkipBoEnv(rules, seat=0)
        steps = play(env, seed)
        outcome = env.state.outcome
        assert outcome is not None
        assert steps[-1][2]
        team_won = 0 in outcome.winners
        rewards[seed] = steps[-1][1]
        assert rewards[seed] == (1.0 if team_won else -1.0 if outcome.winners else 0.0)
    assert {1.0, -1.0} <= set(rewards.values())


def test_stock_shaping_pays_for_each_stock_card_played() -> None:
    env = SkipBoEnv(Rules.short(players=2), stock_reward=0.25)
    _, info = env.reset(seed=3)
    for _ in range(200):
        state = env.state
        mine = state.rules.seating.own_stock[0]
        before = len(state.stocks[mine])
        _obs, reward, terminated, truncated, info = env.step(first_legal(info))
        played = before - len(env.state.stocks[mine])
        outcome = 0.0 if not terminated else (1.0 if 0 in env.state.outcome.winners else -1.0)  # type: ignore[union-attr]
        assert reward == pytest.approx(0.25 * played + outcome)
        if terminated or truncated:
            break


def test_an_illegal_action_ends_the_episode_and_changes_nothing() -> None:
    env = SkipBoEnv()
    _, info = env.reset(seed=1)
    before = env.state
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert str(action_to_move(before.rules, illegal)) in info["illegal_action"]
    assert env.state == before
    assert not info["action_mask"].any()
    with pytest.raises(ActionError, match="reset"):
        env.step(0)


@pytest.mark.parametrize("action", [-1, 145, 2.5, "1"])
def test_an_action_outside_the_space_raises(action: object) -> None:
    env = SkipBoEnv()
    env.reset(seed=1)
    before = env.state
    with pytest.raises(ActionError):
        env.step(action)  # type: ignore[arg-type]
    assert env.state == before


@pytest.mark.parametrize(
    "rules",
    [Rules(players=2, turn_limit=2), Rules(players=2, turn_move_limit=1, stall_limit=2)],
    ids=["turn limit", "stall limit"],
)
def test_a_bound_of_the_rules_truncates(rules: Rules) -> None:
    """The turn limit (R-WIN-2) and the stall limit (R-WIN-4) cut a game short: truncated."""
    env = SkipBoEnv(rules)
    _, info = env.reset(seed=1)
    truncated = terminated = False
    while not (terminated or truncated):
        _, reward, terminated, truncated, info = env.step(first_legal(info))
    assert truncated
    assert not terminated
    assert reward == 0.0


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"seat": 2}, "seat"),
        ({"opponents": "nobody"}, "unknown bot"),
        ({"opponents": ["random", "random"]}, "opponents needed"),
        ({"render_mode": "rgb_array"}, "render_mode"),
        ({"players": 3}, "contradicts"),
    ],
)
def test_bad_arguments(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SkipBoEnv(Rules(players=2), **arguments)  # type: ignore[arg-type]


def test_no_game_before_reset() -> None:
    with pytest.raises(ActionError, match="reset"):
        SkipBoEnv().state  # noqa: B018


def test_render_shows_the_agents_view(capsys: pytest.CaptureFixture[str]) -> None:
    env = SkipBoEnv(render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    assert text is not None
    assert text.startswith("You are seat 0.")
    human = SkipBoEnv(render_mode="human")
    human.reset(seed=4)
    assert human.render() is None
    assert capsys.readouterr().out.strip() == text
    assert skipbo.format_card(env.state.hands[0][0]) in text.splitlines()[-1]


@pytest.mark.parametrize(
    "action", [True, False, np.bool_(True), 10**5000], ids=["True", "False", "np-True", "huge"]
)
def test_a_bool_or_a_huge_int_is_not_an_action(action: object) -> None:
    # Found by the probe of session 2: Gymnasium's Discrete space holds True as 1, and
    # the message's repr of an integer of 5,000 digits raised ValueError.
    env = SkipBoEnv()
    env.reset(seed=1)
    before = env.state
    with pytest.raises(ActionError, match="not in"):
        env.step(action)  # type: ignore[arg-type]
    assert env.state == before


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"rules": 5}, skipbo.errors.ArgumentTypeError),
        ({"opponents": 5}, skipbo.errors.ArgumentTypeError),
        ({"opponents": [5]}, skipbo.errors.ArgumentTypeError),
        ({"seat": True}, skipbo.ConfigurationError),
        ({"players": 3}, skipbo.ConfigurationError),
        ({"opponents": ["random", "random"]}, skipbo.ConfigurationError),
        ({"render_mode": "rgb_array"}, skipbo.ConfigurationError),
        # Found by the probe of session 2: a huge depth allocated gigabytes (no pile
        # can hold more than the deck's 162 cards).
        ({"depth": 163}, skipbo.ConfigurationError),
        ({"depth": 10**9}, skipbo.ConfigurationError),
    ],
)
def test_bad_arguments_raise_the_librarys_errors(
    arguments: dict[str, object], error: type[Exception]
) -> None:
    with pytest.raises(error):
        SkipBoEnv(**{"rules": Rules(players=2), **arguments})  # type: ignore[arg-type]
