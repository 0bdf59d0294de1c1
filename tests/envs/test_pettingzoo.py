"""Tests for `skipbo.envs.pettingzoo`: the AEC environment, every seat an agent.

Of `pettingzoo.test`, the checks for turn-based AEC environments run here: `api_test`,
`seed_test` and `render_test`. The others do not apply: `parallel_api_test` and
`parallel_seed_test` (the game is not parallelizable), `max_cycles_test` (no
`max_cycles` parameter: the rules' turn limit plays that part), `state_test` (a global
`state()` would show hidden cards, R-INFO-3), `test_save_obs` (image observations),
`manual_control_test` (no keyboard control), `bombardment_test` (its moves come from
the unseeded global `random`, which would make the test run differ from run to run)
and `performance_benchmark` (a timing, which tests do not take).
"""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from skipbo import ActionError, Deck, Rules, view
from skipbo.batch import single
from skipbo.envs import _adapter
from skipbo.envs.pettingzoo import SkipBoAECEnv, env, raw_env
from skipbo.games.skipbo.actions import legal_action_mask
from skipbo.observation.skipbo import observation_array
from tests.envs.test_gymnasium import VARIANTS, variant_id

SMALL_DECK = Rules(players=3, deck=Deck.small(highest=5, copies=3, wilds=2), stock_size=3)
"""Short games with many reshuffles (R-DRAW-2)."""


# PettingZoo's api_test suggests Box or Discrete observations, but the dictionary with
# an "action_mask" is PettingZoo's own convention for turn-based (classic) games.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.parametrize("rules", VARIANTS, ids=variant_id)
def test_pettingzoo_checks(rules: Rules) -> None:
    """PettingZoo's own checks for turn-based games, for 2-6 players and both team forms."""
    api_test(env(rules), num_cycles=200)
    seed_test(functools.partial(env, rules), num_cycles=200)
    render_test(functools.partial(env, rules))


def play_to_the_end(game: SkipBoAECEnv) -> dict[str, float]:
    """Play the first legal action of every agent to act; the final rewards."""
    final = {}
    for agent in game.agent_iter():
        observed, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            final[agent] = reward
            game.step(None)
            continue
        seat = int(agent.removeprefix("player_"))
        state = game.state_of_game
        assert seat == state.current_player
        np.testing.assert_array_equal(observed["observation"], observation_array(view(state, seat)))
        assert observed["action_mask"].tobytes() == legal_action_mask(state)
        game.step(int(np.flatnonzero(observed["action_mask"])[0]))
    return final


@pytest.mark.rule("R-WIN-1", "R-TEAM-3", "R-TEAM-2")
def test_the_winning_team_gets_plus_one_everyone_else_minus_one() -> None:
    rules = Rules.team_piles(stock_size=2)
    game = env(rules)
    game.reset(seed=9)
    rewards = play_to_the_end(game)
    final = game.state_of_game
    assert final.outcome is not None
    assert final.outcome.winners
    winners = set(final.outcome.winners)
    assert winners in [set(team) for team in rules.seating.team_seats]
    assert rewards == {
        f"player_{seat}": 1.0 if seat in winners else -1.0 for seat in range(rules.players)
    }


def test_only_the_agent_to_act_has_legal_actions() -> None:
    game = env(players=3)
    game.reset(seed=2)
    for agent in game.possible_agents:
        mask = game.observe(agent)["action_mask"]
        assert mask.any() == (agent == game.agent_selection)


def test_an_illegal_action_ends_the_game_for_its_agent() -> None:
    game = env(players=2)
    game.reset(seed=2)
    agent = game.agent_selection
    before = game.state_of_game
    mask = game.observe(agent)["action_mask"]
    game.step(int(np.flatnonzero(mask == 0)[0]))
    assert game.state_of_game == before
    assert all(game.terminations.values())
    assert game.rewards == {a: (-1.0 if a == agent else 0.0) for a in game.agents}
    assert "not a legal move" in game.infos[agent]["illegal_action"]


@pytest.mark.parametrize("action", [None, -1, 10_000])
def test_an_action_outside_the_space_raises(action: int | None) -> None:
    game = raw_env(players=2)
    game.reset(seed=2)
    before = game.state_of_game
    with pytest.raises(ActionError):
        game.step(action)
    assert game.state_of_game == before


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="contradicts"):
        env(Rules(players=2), players=4)
    with pytest.raises(ActionError, match="reset"):
        env().state_of_game  # noqa: B018


def table_env(rules: Rules) -> SkipBoAECEnv:
    """The AEC environment on the core's states (:class:`~skipbo.envs._adapter.Table`)."""
    game = raw_env(rules)
    game._table = _adapter.Table(game.env_game, rules, game.depth)
    return game


@pytest.mark.rule("R-DRAW-2", "R-WIN-1", "R-WIN-2")
@pytest.mark.parametrize("rules", [*VARIANTS, SMALL_DECK], ids=variant_id)
def test_the_compiled_game_gives_what_the_core_states_give(rules: Rules) -> None:
    """With Numba the AEC env runs on a SingleGame: every agent sees what the core's give.

    Both environments play the same random actions (one in fifty illegal) through
    several games: every agent's observation and mask, the rewards, flags and infos,
    and the state agree at every step.
    """
    fast, slow = raw_env(rules), table_env(rules)
    assert isinstance(fast._table, _adapter.CompiledTable)
    rng = random.Random(rules.players)
    for game in (fast, slow):
        game.reset(seed=4)
    games, steps = 1, 0
    while steps < 400:
        for agent in fast.possible_agents:
            one, other = fast.observe(agent), slow.observe(agent)
            np.testing.assert_array_equal(one["observation"], other["observation"])
            np.testing.assert_array_equal(one["action_mask"], other["action_mask"])
        for game in (fast, slow):
            assert game.agent_selection == fast.agent_selection
            assert game.rewards == slow.rewards
            assert game._cumulative_rewards == slow._cumulative_rewards
            assert game.terminations == slow.terminations
            assert game.truncations == slow.truncations
            assert game.infos == slow.infos
        assert fast.state_of_game == slow.state_of_game
        if all(fast.terminations.values()) or all(fast.truncations.values()):
            for game in (fast, slow):
                game.reset()
            games += 1
            continue
        mask = fast.observe(fast.agent_selection)["action_mask"]
        choices = np.flatnonzero(mask if rng.random() > 0.02 else mask == 0)
        action = int(choices[rng.randrange(len(choices))])
        for game in (fast, slow):
            game.step(action)
        steps += 1
    assert games >= 2


def test_the_core_states_serve_where_the_compiled_game_cannot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    wide = Rules(players=2, build_pile_count=17)  # more build piles than a batch codes
    assert type(raw_env(wide)._table) is _adapter.Table
    monkeypatch.setattr(single, "AVAILABLE", False)  # no Numba
    assert type(raw_env(Rules(players=2))._table) is _adapter.Table
