"""Train a small agent against a bot with REINFORCE, NumPy only.

The agent plays seat 0 of the Gymnasium environment :class:`skipbo.envs.gymnasium.SkipBoEnv`
(``pip install 'skipbo[gymnasium]'``) against the "play-first" bot, in a short game
(a few stock cards each, so that an episode takes a few dozen steps). Its policy is
a linear softmax over the legal actions: the score of action ``a`` is

    bias[kind(a)] + bias[a] + weights[a] @ observation

where ``kind(a)`` is the kind of move (:func:`skipbo.actions.action_blocks`: a play
from the hand, the stock pile or a discard pile, a discard, a pass). All parameters
start at zero, so the untrained agent picks uniformly among the legal moves (a
``RandomBot``). REINFORCE with a running-mean baseline learns from the win/loss
reward plus the environment's stock shaping reward, discounted.

Run: python examples/train_agent.py [--episodes N] [--seed S]
It prints the agent's win rate against the bot every few hundred episodes, next to
the bot's win rate against itself (the opponent's baseline: about 50%).
"""

from __future__ import annotations

import argparse

import numpy as np
import numpy.typing as npt

import skipbo
from skipbo.actions import action_blocks, action_count
from skipbo.arena import tournament
from skipbo.envs.gymnasium import SkipBoEnv
from skipbo.envs.observation import observation_layout

RULES = skipbo.Rules(players=2, stock_size=5)
"""A short two-player game: five stock cards each."""

OPPONENT = "play-first"
STOCK_REWARD = 0.2
"""Shaping: the reward per stock card the agent plays (a win is worth 1)."""
DISCOUNT = 0.8
"""Each step's return discounts later rewards, so that a move is credited mostly with
the stock cards played soon after it (a win is still felt a few steps back)."""
LEARNING_RATE = 0.05

Array = npt.NDArray[np.float64]


class LinearPolicy:
    """A linear softmax policy over the legal actions of ``rules``."""

    def __init__(self, rules: skipbo.Rules) -> None:
        layout = observation_layout(rules)
        actions = action_count(rules)
        self.kinds = np.zeros(actions, dtype=np.int64)
        for kind, block in enumerate(action_blocks(rules).values()):
            self.kinds[block.start : block.stop] = kind
        # Observation entries are counts up to the deck size: scale them to [0, 1].
        self.scale = 1.0 / np.maximum(np.array(layout.high, dtype=np.float64), 1.0)
        self.kind_bias = np.zeros(int(self.kinds.max()) + 1)
        self.bias = np.zeros(actions)
        self.weights = np.zeros((actions, layout.size))

    def probabilities(self, observation: Array, mask: npt.NDArray[np.int8]) -> Array:
        """The probability of each action (0 for the illegal ones)."""
        scores = self.kind_bias[self.kinds] + self.bias + self.weights @ (observation * self.scale)
        scores = np.where(mask.astype(bool), scores, -np.inf)
        scores -= scores.max()
        exp = np.exp(scores)
        return exp / exp.sum()  # type: ignore[no-any-return]

    def update(self, steps: list[tuple[Array, Array, int]], advantages: Array, rate: float) -> None:
        """One REINFORCE step: raise the log-probability of each action by its advantage."""
        for (observation, probabilities, action), advantage in zip(steps, advantages, strict=True):
            # The gradient of log softmax: one-hot(action) - probabilities.
            gradient = -probabilities
            gradient[action] += 1.0
            step = rate * advantage * gradient
            self.bias += step
            np.add.at(self.kind_bias, self.kinds, step)
            self.weights += np.outer(step, observation * self.scale)


def run_episode(
    env: SkipBoEnv, policy: LinearPolicy, rng: np.random.Generator, seed: int
) -> tuple[list[tuple[Array, Array, int]], list[float], bool]:
    """Play one game; the steps taken, the rewards and whether the agent won."""
    observation, info = env.reset(seed=seed)
    steps: list[tuple[Array, Array, int]] = []
    rewards: list[float] = []
    done = False
    while not done:
        obs = observation.astype(np.float64)
        probabilities = policy.probabilities(obs, info["action_mask"])
        action = int(rng.choice(len(probabilities), p=probabilities))
        observation, reward, terminated, truncated, info = env.step(action)
        steps.append((obs, probabilities, action))
        rewards.append(float(reward))
        done = terminated or truncated
    outcome = env.state.outcome
    return steps, rewards, outcome is not None and env.seat in outcome.winners


def win_rate(policy: LinearPolicy, games: int, seed: int) -> float:
    """The share of ``games`` evaluation games (their own seeds) that the agent wins."""
    env = SkipBoEnv(RULES, opponents=OPPONENT)
    rng = np.random.default_rng(seed)
    wins = sum(run_episode(env, policy, rng, seed=seed + game)[2] for game in range(games))
    return wins / games


def discounted_returns(rewards: list[float]) -> Array:
    """At each step, the discounted sum of the rewards from that step on."""
    returns = np.zeros(len(rewards))
    still_to_come = 0.0
    for step in range(len(rewards) - 1, -1, -1):
        still_to_come = rewards[step] + DISCOUNT * still_to_come
        returns[step] = still_to_come
    return returns


def train(episodes: int, seed: int, report: int = 0, games: int = 200) -> LinearPolicy:
    """Train a policy for ``episodes`` games; every ``report`` episodes print its win rate."""
    env = SkipBoEnv(RULES, opponents=OPPONENT, stock_reward=STOCK_REWARD)
    policy = LinearPolicy(RULES)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    for episode in range(1, episodes + 1):
        steps, rewards, _ = run_episode(env, policy, rng, seed=seed * 1_000_003 + episode)
        returns = discounted_returns(rewards)
        policy.update(steps, returns - baseline, LEARNING_RATE)
        baseline += 0.05 * (float(returns.mean()) - baseline)  # a running mean
        if report and episode % report == 0:
            rate_now = win_rate(policy, games, seed=10**6)
            print(f"after {episode:5} episodes: wins {rate_now:6.1%} against {OPPONENT}")
    return policy


def opponent_baseline(games: int, seed: int) -> float:
    """The opponent's win rate against itself, seats rotated (about 50%)."""
    result = tournament(RULES, [OPPONENT, OPPONENT], games=games, seed=seed)
    return result.entries[0].wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=400, help="evaluation games")
    arguments = parser.parse_args()
    print(f"{OPPONENT} against itself: {opponent_baseline(arguments.games, 0):6.1%}")
    untrained = LinearPolicy(RULES)
    print(f"untrained agent (uniform): wins {win_rate(untrained, arguments.games, 10**6):6.1%}")
    train(arguments.episodes, arguments.seed, report=arguments.episodes // 5, games=arguments.games)


if __name__ == "__main__":
    main()
