"""Tests for `skipbo.envs.vector` and `skipbo.batch.policies`: the vectorised environment."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from gymnasium import spaces

import skipbo
import skipbo.games.skipbo.actions
from skipbo.batch import GameBatch, IllegalActionError, engine, policies
from skipbo.batch.compiled_path import CompiledPath
from skipbo.batch.numpy_path import NumpyPath
from skipbo.batch.policies import PlayFirstPolicy, PriorityPolicy, make_policy
from skipbo.envs import _lockstep
from skipbo.envs.vector import OutOfTurnError, SkipBoVectorEnv
from skipbo.games.skipbo.actions import ActionError, action_to_move, legal_action_mask
from skipbo.games.skipbo.moves import Discard, Pass, PlayFromStock
from skipbo.observation.skipbo import TRUNCATIONS, observation_array
from tests.envs.test_every_agent import skipbo_redeal

GAMES = 6


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return (rng.random(mask.shape) * mask).argmax(axis=1)  # type: ignore[no-any-return]


def expected_mask(state: skipbo.GameState, seat: int, lockstep: bool) -> bytes:
    """The agent's action mask of ``state``: its legal actions; in lockstep, the wait
    action alone where another seat is to move, no wait action where the agent is."""
    legal = legal_action_mask(state)
    if not lockstep:
        return legal
    if state.current_player == seat:
        return legal + b"\x00"
    return bytes(len(legal)) + b"\x01"


def check_own_view(
    envs: SkipBoVectorEnv, observations: np.ndarray, info: dict[str, np.ndarray], seed: int
) -> None:
    """Every game's observation and mask are the agent's own view's, and re-dealing the
    cards hidden from its seat (R-INFO-3) changes neither (nor ``to_move``)."""
    batch, seat = envs.batch, envs.seat
    states = batch.states()
    for slot, state in enumerate(states):
        np.testing.assert_array_equal(
            observations[slot], observation_array(skipbo.view(state, seat))
        )
        assert info["action_mask"][slot].tobytes() == expected_mask(state, seat, envs.lockstep)
    rng = random.Random(seed)
    redealt = GameBatch.from_states([skipbo_redeal(state, seat, rng) for state in states])
    envs._batch = redealt  # a test's look behind the table: the same games, other cards
    try:
        again, info_again = envs._observe()
    finally:
        envs._batch = batch
    np.testing.assert_array_equal(again, observations)
    assert info_again.keys() == info.keys() - {"final_obs", "_final_obs"}
    for key, value in info_again.items():
        np.testing.assert_array_equal(value, info[key])


@pytest.mark.rule("R-INFO-3")
@pytest.mark.parametrize("lockstep", [False, True])
@pytest.mark.parametrize(
    ("rules", "seat", "opponents"),
    [
        (skipbo.Rules(players=2, stock_size=2), 0, "play-first"),
        (skipbo.Rules(players=3, stock_size=2), 1, "priority"),
        (skipbo.Rules.partners(stock_size=2), 2, "play-first"),
    ],
)
def test_every_game_waits_at_the_agents_turn_with_its_own_view(
    rules: skipbo.Rules, seat: int, opponents: str, lockstep: bool
) -> None:
    envs = SkipBoVectorEnv(
        GAMES, rules, seat=seat, opponents=opponents, stock_reward=0.1, lockstep=lockstep
    )
    observations, info = envs.reset(seed=3)
    rng = np.random.default_rng(3)
    ended_games = 0
    for step in range(60 if lockstep else 25):
        batch = envs.batch
        if lockstep:
            np.testing.assert_array_equal(info["to_move"], batch.current_player == seat)
        else:
            assert (batch.current_player == seat).all()
        check_own_view(envs, observations, info, seed=step)
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
        ({"lockstep": 1}, TypeError),
        ({"copy": 0}, TypeError),
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
    first, priority = make_policy("play-first", rules, 1), make_policy("priority", rules)
    assert isinstance(priority, PriorityPolicy)
    assert isinstance(make_policy("heuristic", rules), PriorityPolicy)  # its older name
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


def test_the_random_policy_is_uniform_over_the_legal_actions() -> None:
    # One mask row with three legal actions, chosen in 3,000 steps: each about a third
    # (a step takes one random order for the whole batch, so the steps are the draws).
    rules = skipbo.Rules(players=2)
    mask = np.zeros((1, skipbo.games.skipbo.actions.action_count(rules)), dtype=np.bool_)
    mask[:, [0, 50, 144]] = True
    policy = make_policy("random", rules, 3)
    chosen = np.concatenate([policy(mask) for _ in range(3_000)])
    counts = np.bincount(chosen, minlength=mask.shape[1])[[0, 50, 144]]
    assert counts.sum() == 3_000
    assert (abs(counts - 1_000) < 100).all(), counts


@pytest.mark.parametrize("name", ["random", "play-first", "priority"])
def test_the_compiled_choice_is_the_numpy_choice(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Random masks, rows with no legal action among them, the same ranks for both.
    rules = skipbo.Rules(players=3)
    rng = np.random.default_rng(5)
    mask = rng.random((64, skipbo.games.skipbo.actions.action_count(rules))) < 0.05
    mask[:4] = False
    compiled, numpy = make_policy(name, rules, 7), make_policy(name, rules, 7)
    chosen = compiled(mask)
    monkeypatch.setattr(policies, "KERNELS", None)
    np.testing.assert_array_equal(numpy(mask), chosen)
    assert mask[np.arange(4, 64), chosen[4:]].all()


# --- lockstep mode --------------------------------------------------------------------


@pytest.fixture(params=["compiled", "numpy"])
def lockstep_checks(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run a test with the compiled lockstep checks and masks, then with their NumPy forms."""
    if request.param == "numpy":
        monkeypatch.setattr(_lockstep, "COMPILED", False)
    else:
        assert _lockstep.COMPILED  # the test command has Numba


def opponents_move(state: skipbo.GameState) -> skipbo.Move:
    """The move the batch heuristic makes in ``state`` (it is deterministic)."""
    mask = np.frombuffer(legal_action_mask(state), dtype=np.bool_)[None, :]
    action = int(PriorityPolicy(state.rules)(mask.copy())[0])
    return action_to_move(state.rules, action)


def agents_reward(outcome: skipbo.Outcome, team: int) -> float:
    if outcome.team is None:
        return 0.0
    return 1.0 if outcome.team == team else -1.0


LOST_TO_AN_OPPONENT = (False, -1.0, False)
"""An ending (the agent moved, its reward, truncated): an opponent's move won."""


@pytest.mark.parametrize(
    ("rules", "seat", "seen"),
    [
        (
            skipbo.Rules(players=2, stock_size=2, turn_limit=12),
            1,
            {LOST_TO_AN_OPPONENT, (True, 1.0, False), (True, 0.0, True)},
        ),
        (skipbo.Rules(players=3, stock_size=2), 0, {LOST_TO_AN_OPPONENT, (True, 1.0, False)}),
        # The stall limit (R-WIN-4) truncates, whoever ends the last turn.
        (
            skipbo.Rules(players=2, turn_move_limit=2, stall_limit=3),
            0,
            {(True, 0.0, True), (False, 0.0, True)},
        ),
        # The partner's (a policy's) winning move is the agent's team's win (R-TEAM-3).
        (skipbo.Rules.partners(stock_size=1), 3, {LOST_TO_AN_OPPONENT, (False, 1.0, False)}),
    ],
)
@pytest.mark.usefixtures("lockstep_checks")
def test_a_lockstep_step_is_one_core_move_in_every_game(
    rules: skipbo.Rules, seat: int, seen: set[tuple[bool, float, bool]]
) -> None:
    """Each lockstep step is, game by game, the core's ``apply`` of one move: the
    agent's action where it is to move, the heuristic's choice elsewhere; a game that
    ends is scored for the agent's team in that step (also when an opponent ended it),
    truncated at the turn or stall limit, and its slot holds the core's next game."""
    envs = SkipBoVectorEnv(GAMES, rules, seat=seat, opponents="priority", lockstep=True)
    _, info = envs.reset(seed=4)
    rng = np.random.default_rng(4)
    team = rules.seating.team_of[seat]
    endings: set[tuple[bool, float, bool]] = set()  # (agent moved, reward, truncated)
    for _ in range(150):
        before = envs.batch.states()
        actions = random_legal(info["action_mask"], rng)
        _, rewards, terminated, truncated, info_after = envs.step(actions)
        for slot, state in enumerate(before):
            moved = state.current_player == seat
            assert bool(info["to_move"][slot]) == moved
            if moved:
                move = action_to_move(rules, int(actions[slot]))
            else:
                assert actions[slot] == envs.wait_action
                move = opponents_move(state)
            expected = skipbo.apply(state, move)
            if expected.outcome is None:
                assert envs.batch.state(slot) == expected
                assert rewards[slot] == 0
                assert not terminated[slot]
                assert not truncated[slot]
                continue
            limit = expected.outcome.termination in TRUNCATIONS
            assert (bool(terminated[slot]), bool(truncated[slot])) == (not limit, limit)
            assert rewards[slot] == agents_reward(expected.outcome, team)
            np.testing.assert_array_equal(
                info_after["final_obs"][slot], observation_array(skipbo.view(expected, seat))
            )
            fresh = skipbo.new_game(rules, seed=envs.batch.game_seed(slot))
            assert envs.batch.state(slot) == fresh
            endings.add((moved, float(rewards[slot]), limit))
        info = info_after
    assert seen <= endings, endings


@pytest.mark.usefixtures("lockstep_checks")
def test_lockstep_reset_waits_where_an_opponent_starts() -> None:
    rules = skipbo.Rules(players=3)  # seat 0 starts (R-SETUP-5)
    envs = SkipBoVectorEnv(4, rules, seat=1, lockstep=True)
    assert envs.single_action_space == spaces.Discrete(
        skipbo.games.skipbo.actions.action_count(rules) + 1
    )
    assert envs.wait_action == skipbo.games.skipbo.actions.action_count(rules)
    observations, info = envs.reset(seed=2)
    assert not info["to_move"].any()
    assert (envs.batch.turn == 1).all()  # nobody moved
    mask = info["action_mask"]
    assert (mask.sum(axis=1) == 1).all()
    assert (mask[:, envs.wait_action] == 1).all()
    again = SkipBoVectorEnv(4, rules, seat=1, lockstep=True).reset(seed=2)[0]
    np.testing.assert_array_equal(observations, again)
    # One wait: seat 0 makes one move in every game.
    before = envs.batch.states()
    envs.step(np.full(4, envs.wait_action))
    assert all(state.turn_moves == 1 or state.turn == 2 for state in envs.batch.states()), (
        "each game one move on"
    )
    assert all(a != b for a, b in zip(before, envs.batch.states(), strict=True))
    assert SkipBoVectorEnv(4, rules).wait_action is None


@pytest.mark.usefixtures("lockstep_checks")
def test_a_lockstep_action_that_does_not_fit_the_turn_is_refused() -> None:
    rules = skipbo.Rules(players=2)
    envs = SkipBoVectorEnv(4, rules, seat=1, lockstep=True)
    _, info = envs.reset(seed=6)
    rng = np.random.default_rng(6)
    while info["to_move"].all() or not info["to_move"].any():
        _, _, _, _, info = envs.step(random_legal(info["action_mask"], rng))
    mask, to_move = info["action_mask"], info["to_move"]
    wait = envs.wait_action
    assert wait is not None
    good = random_legal(mask, rng)
    waiting, moving = int(np.flatnonzero(~to_move)[0]), int(np.flatnonzero(to_move)[0])
    legal_there = np.flatnonzero(legal_action_mask(envs.batch.state(waiting)))
    illegal = int(np.flatnonzero(mask[moving] == 0)[0])
    wrong: list[tuple[dict[int, int], type[Exception], str]] = [
        ({waiting: int(legal_there[0])}, OutOfTurnError, "an opponent is to move"),
        ({moving: wait}, OutOfTurnError, "the agent is to move"),
        ({moving: illegal}, IllegalActionError, f"game {moving}"),
        ({moving: wait + 1}, ActionError, "not in 0.."),
        ({moving: -1}, ActionError, "not in 0.."),
        ({moving: illegal, waiting: int(legal_there[0])}, OutOfTurnError, "opponent is to move"),
    ]
    before = envs.batch.states()
    generator = envs._policy.rng.bit_generator.state  # type: ignore[attr-defined]
    for changes, error, message in wrong:
        actions = good.copy()
        for slot, action in changes.items():
            actions[slot] = action
        with pytest.raises(error, match=message) as raised:
            envs.step(actions)
        if isinstance(raised.value, OutOfTurnError):
            assert raised.value.rule == "R-TURN-7"
            assert raised.value.game in changes
        assert envs.batch.states() == before
        assert envs._policy.rng.bit_generator.state == generator  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        envs.step(good.astype(np.float64))
    with pytest.raises(ActionError, match="shape"):
        envs.step(good[:2])
    envs.step(good)  # the right actions still step
    assert envs.batch.states() != before


@pytest.mark.parametrize("lockstep", [False, True])
def test_without_copies_the_arrays_are_the_envs_own_and_the_numbers_the_same(
    lockstep: bool,
) -> None:
    # Small games (a short deck): games end, so final observations are handed out too.
    rules = skipbo.Rules(players=2, stock_size=5)
    copying = SkipBoVectorEnv(6, rules, lockstep=lockstep)
    sharing = SkipBoVectorEnv(6, rules, lockstep=lockstep, copy=False)
    observed, info = copying.reset(seed=4)
    shared, shared_info = sharing.reset(seed=4)
    rng = np.random.default_rng(0)
    buffers = {id(shared), id(shared_info["action_mask"])}
    ended = 0
    for _ in range(150):
        assert np.array_equal(observed, shared)
        assert info.keys() == shared_info.keys()
        for key in info:
            assert np.array_equal(info[key], shared_info[key])
        actions = random_legal(info["action_mask"], rng)
        kept = observed
        observed, rewards, terminated, truncated, info = copying.step(actions)
        assert kept is not observed  # a new array each step
        results = sharing.step(actions)
        shared, shared_info = results[0], results[4]
        assert {id(shared), id(shared_info["action_mask"])} == buffers  # rewritten in place
        for mine, theirs in zip((rewards, terminated, truncated), results[1:4], strict=True):
            assert np.array_equal(mine, theirs)
        ended += int(terminated.sum() + truncated.sum())
    assert ended > 0


@pytest.mark.parametrize("lockstep", [False, True])
def test_with_copies_what_the_caller_keeps_is_never_rewritten(lockstep: bool) -> None:
    # The env writes again only arrays nothing outside it refers to: kept arrays, and
    # arrays of which only a view is kept, must hold their step's numbers for good.
    rules = skipbo.Rules(players=2, stock_size=5)  # short games: final observations too
    envs = SkipBoVectorEnv(6, rules, lockstep=lockstep)
    observed, info = envs.reset(seed=9)
    rng = np.random.default_rng(2)
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    ended = 0
    for step in range(120):
        actions = random_legal(info["action_mask"], rng)
        observed, _, terminated, truncated, info = envs.step(actions)
        ended += int((terminated | truncated).sum())
        if step % 3 == 0:
            kept.append((observed, observed.copy()))
        elif step % 3 == 1:
            view = observed[2:]  # only a view of the observations
            kept.append((view, view.copy()))
        for key in ("action_mask", "final_obs", "to_move"):
            if key in info and step % 2 == 0:
                kept.append((info[key], info[key].copy()))
    assert ended > 0  # final observations were handed out, and some kept
    assert any(array.dtype == np.float32 and array.shape[0] == 6 for array, _ in kept)
    for array, snapshot in kept:
        assert np.array_equal(array, snapshot)


@pytest.mark.parametrize("lockstep", [False, True])
@pytest.mark.parametrize("opponents", ["play-first", "priority"])
def test_the_compiled_and_the_numpy_batch_give_the_same_episodes(
    lockstep: bool, opponents: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The opponents' phase runs in one compiled call with Numba, one batch step at a
    # time without: the same rank rows, moves, rewards and final observations.
    rules = skipbo.Rules(players=3, stock_size=4)
    compiled = SkipBoVectorEnv(8, rules, seat=1, opponents=opponents, lockstep=lockstep)
    first: tuple[Any, ...] = compiled.reset(seed=11)
    monkeypatch.setattr(engine, "KERNELS", None)
    numpy = SkipBoVectorEnv(8, rules, seat=1, opponents=opponents, lockstep=lockstep)
    second: tuple[Any, ...] = numpy.reset(seed=11)
    assert isinstance(numpy.batch._path, NumpyPath)
    assert isinstance(compiled.batch._path, CompiledPath)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(120):
        assert np.array_equal(first[0], second[0])
        assert first[-1].keys() == second[-1].keys()
        for key in first[-1]:
            assert np.array_equal(first[-1][key], second[-1][key]), key
        actions = random_legal(first[-1]["action_mask"], rng)
        first, second = compiled.step(actions), numpy.step(actions)
        for mine, theirs in zip(first[1:4], second[1:4], strict=True):
            assert np.array_equal(mine, theirs)
        ended += int(first[2].sum() + first[3].sum())
    assert ended > 0
    assert compiled.batch.states() == numpy.batch.states()
