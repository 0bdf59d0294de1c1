"""The bounded run of the learning example (examples/train_agent.py)."""

from __future__ import annotations

import numpy as np
from examples.train_agent import RULES, LinearPolicy, evaluate, report_line, returns_of, train

from skipbo.envs.vector import SkipBoVectorEnv


def test_a_short_training_run_learns_and_reports() -> None:
    """A few updates move the policy away from uniform; evaluation counts whole games."""
    trained = train(3, seed=1)
    assert np.abs(trained.weights).sum() > 0
    wins, games = evaluate(trained, "priority", 8, seed=2)
    assert games >= 8
    assert 0 <= wins <= games
    assert "[" in report_line("trained", wins, games)


def test_the_policy_samples_only_legal_actions() -> None:
    envs = SkipBoVectorEnv(16, RULES)
    observations, info = envs.reset(seed=3)
    policy = LinearPolicy(RULES)
    policy.bias[:] = np.random.default_rng(0).normal(size=policy.bias.shape)
    probabilities = policy.probabilities(observations.astype(np.float64), info["action_mask"])
    np.testing.assert_allclose(probabilities.sum(axis=1), 1.0)
    assert (probabilities[info["action_mask"] == 0] == 0).all()
    for _ in range(20):
        actions = policy.sample(probabilities, np.random.default_rng(1))
        assert info["action_mask"][np.arange(16), actions].all()


def test_returns_are_cut_at_the_end_of_a_game() -> None:
    rewards = np.array([[0.0], [1.0], [0.0]])
    ends = np.array([[False], [True], [False]])
    returns = returns_of(rewards, ends, np.array([5.0]))
    np.testing.assert_allclose(returns[:, 0], [0.8, 1.0, 4.0])
