"""Tests for `skipbo.envs.vector` and `skipbo.batch.policies`: the vectorised environment."""

from __future__ import annotations

import numpy as np
import pytest

import skipbo
from skipbo.actions import legal_action_mask
from skipbo.batch import GameBatch, IllegalActionError
from skipbo.batch.policies import PlayFirstPolicy, PriorityPolicy, make_policy
from skipbo.envs.observation import observation_array
from skipbo.envs.vector import SkipBoVectorEnv
from skipbo.moves import Discard, Pass, PlayFromStock

GAMES = 6


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return (rng.random(mask.shape) * mask).argmax(axis=1)  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("rules", "seat", "opponents"),
    [
        (skipbo.Rules(players=2, stock_size=2), 0, "play-first"),
        (skipbo.Rules(players=3, stock_size=2), 1, "heuristic"),
        (skipbo.Rules.partners(stock_size=2), 2, "play-first"),
    ],
)
def test_every_game_waits_at_the_agents_turn_with_its_own_view(
    rules: skipbo.Rules, seat: int, opponents: str
) -> None:
    envs = SkipBoVectorEnv(GAMES, rules, seat=seat, opponents=opponents, stock_reward=0.1)
    observations, info = envs.reset(seed=3)
    rng = np.random.default_rng(3)
    ended_games = 0
    for _ in range(25):
        batch = envs.batch
        assert (batch.current_player == seat).all()
        for slot in range(GAMES):
            state = batch.state(slot)
            np.testing.assert_array_equal(
                observations[slot], observation_array(skipbo.view(state, seat))
            )
            assert info["action_mask"][slot].tobytes() == legal_action_mask(state)
        team = rules.seating.team_of[seat]
        stocks = rules.seating.team_stocks[team]
        before = [sum(len(batch.state(slot).stocks[s]) for s in stocks) for slot in range(GAMES)]
        observations, rewards, terminated, truncated, info = envs.step(
            random_legal(info["action_mask"], rng)
        )
        assert not truncated.any()
        for done in np.flatnonzero(terminated).tolist():
            ended_games += 1
            final = info["final_obs"][done]
            assert info["_final_obs"][done]
            assert final[seat] == 1  # the agent's own view: its seat's one-hot
            # +1 or -1 when a team emptied its stock piles, 0 for a blocked game (R-WIN-2).
            assert rewards[done] in (1.0, -1.0, 0.0)
        for going in np.flatnonzero(~terminated).tolist():
            after = sum(len(envs.batch.state(going).stocks[s]) for s in stocks)
            assert rewards[going] == pytest.approx(0.1 * (before[going] - after))
    assert ended_games > 0


def test_the_final_reward_is_the_agents_teams_result() -> None:
    """The agent's reward is +1 in the games its seat won, -1 in those it lost."""
    envs = SkipBoVectorEnv(32, skipbo.Rules(players=2, stock_size=2))
    _, info = envs.reset(seed=5)
    rng = np.random.default_rng(5)
    seen = set()
    for _ in range(200):
        _, rewards, terminated, _, info = envs.step(random_legal(info["action_mask"], rng))
        for slot in np.flatnonzero(terminated):
            final = info["final_obs"][slot]
            # stock_size field: 2 entries after seat, current, teammates, hand, own, playable, tops.
            sizes = final[2 + 2 + 2 + 13 + 2 + 2 + 26 :][:2]
            if rewards[slot] == 1.0:
                assert sizes[0] == 0
            elif rewards[slot] == -1.0:
                assert sizes[1] == 0
            seen.add(float(rewards[slot]))
        if {1.0, -1.0} <= seen:
            break
    assert {1.0, -1.0} <= seen


def test_reset_with_a_seed_repeats_and_an_illegal_action_raises() -> None:
    rules = skipbo.Rules.short(players=2)
    first, second = SkipBoVectorEnv(4, rules), SkipBoVectorEnv(4, rules)
    a, info = first.reset(seed=9)
    b, _ = second.reset(seed=9)
    np.testing.assert_array_equal(a, b)
    illegal = (info["action_mask"] == 0).argmax(axis=1)
    before = first.batch.states()
    with pytest.raises(IllegalActionError):
        first.step(illegal)
    assert first.batch.states() == before


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"num_envs": 0}, ValueError),
        ({"seat": 2}, ValueError),
        ({"opponents": "nobody"}, ValueError),
        ({"opponents": 3}, TypeError),
    ],
)
def test_bad_arguments(arguments: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        SkipBoVectorEnv(**{"num_envs": 2, **arguments})  # type: ignore[arg-type]


def test_the_rows_of_some_games_are_their_rows_of_the_mask() -> None:
    for rules in (skipbo.Rules(players=2), skipbo.Rules.partners(), skipbo.Rules(players=5)):
        batch = GameBatch.new(rules, 24, seed=3, auto_reset=True)
        policy = PlayFirstPolicy(rules, 1)
        for _ in range(60):
            mask = batch.legal_action_mask().copy()
            some = np.arange(0, 24, 5)
            np.testing.assert_array_equal(batch.legal_action_rows(some), mask[some])
            batch.step(policy(mask))


def test_only_the_games_given_move() -> None:
    rules = skipbo.Rules(players=2)
    batch = GameBatch.new(rules, 6, seed=2)
    before = batch.states()
    only = np.array([True, False, True, False, False, False])
    batch.step(batch.legal_action_mask().argmax(axis=1), only=only)
    after = batch.states()
    assert [a != b for a, b in zip(before, after, strict=True)] == only.tolist()


def test_the_policies_choose_legal_moves_and_prefer_plays() -> None:
    rules = skipbo.Rules(players=2)
    batch = GameBatch.new(rules, 32, seed=4, auto_reset=True)
    first, priority = make_policy("play-first", rules, 1), make_policy("heuristic", rules)
    assert isinstance(priority, PriorityPolicy)
    moves = skipbo.all_moves(rules)
    for _ in range(100):
        mask = batch.legal_action_mask()
        for chosen in (first(mask), priority(mask)):
            assert mask[np.arange(32), chosen].all()
            for slot, action in enumerate(chosen):
                legal = [moves[i] for i in np.flatnonzero(mask[slot])]
                plays = [m for m in legal if not isinstance(m, Discard | Pass)]
                assert bool(plays) == (not isinstance(moves[action], Discard | Pass))
        for slot, action in enumerate(priority(mask)):
            legal = [moves[i] for i in np.flatnonzero(mask[slot])]
            if any(isinstance(m, PlayFromStock) for m in legal):
                assert isinstance(moves[action], PlayFromStock)
        batch.step(first(mask))
    with pytest.raises(ValueError, match="unknown batch policy"):
        make_policy("nobody", rules)
