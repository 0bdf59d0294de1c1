"""The bounded run of the learning example (examples/train_agent.py)."""

from __future__ import annotations

from examples.train_agent import RULES, LinearPolicy, opponent_baseline, train, win_rate

GAMES = 100
"""Evaluation games: the same deals for every policy compared."""


def test_training_beats_the_opponents_baseline() -> None:
    """After 400 episodes the agent wins more often against "play-first" than
    "play-first" wins against itself, and more than the untrained agent."""
    untrained = win_rate(LinearPolicy(RULES), GAMES, seed=10**6)
    baseline = opponent_baseline(GAMES, seed=0)
    trained = win_rate(train(400, seed=1), GAMES, seed=10**6)
    assert trained > baseline
    assert trained > untrained + 0.3
