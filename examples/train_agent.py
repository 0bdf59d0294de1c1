"""Train a small agent on the vectorised environment with REINFORCE, NumPy only.

The agent plays seat 0 of :class:`skipbo.envs.vector.SkipBoVectorEnv`
(``pip install 'skipbo[gymnasium]'``): ``GAMES`` games at once against the batch's
"play-first" policy, in a short game (five stock cards each). Its policy is a linear
softmax over the legal actions: the score of action ``a`` is

    bias[kind(a)] + bias[a] + weights[a] @ observation

where ``kind(a)`` is the kind of move (:func:`skipbo.games.skipbo.actions.action_blocks`: a play
from the hand, the stock pile or a discard pile, a discard, a pass). All parameters
start at zero, so the untrained agent picks uniformly among the legal moves. Every
update takes ``ROLLOUT`` steps of all games and raises the log-probability of each
action by its advantage: the discounted return (the win/loss reward plus the stock
shaping reward, cut at the end of each game) less a running-mean baseline.

At the end it reports, with 95% Wilson intervals (:func:`skipbo.arena.wilson`), the
trained and the untrained agent's win rates against the play-first policy (the one
it trained against) and against the batch's heuristic (which it never met).

Run: python examples/train_agent.py [--updates N] [--seed S] [--games G]
(the defaults take a few minutes on one core).
"""

from __future__ import annotations

import argparse

import numpy as np
import numpy.typing as npt

import skipbo
from skipbo.arena import wilson
from skipbo.envs.vector import SkipBoVectorEnv
from skipbo.games.skipbo.actions import action_blocks, action_count
from skipbo.observation.skipbo import observation_layout

RULES = skipbo.Rules(players=2, stock_size=5)
"""A short two-player game: five stock cards each."""

GAMES = 64
"""Games stepped together."""
ROLLOUT = 8
"""Steps of every game between two updates."""
STOCK_REWARD = 0.2
"""Shaping: the reward per stock card the agent plays (a win is worth 1)."""
DISCOUNT = 0.8
"""Each step's return discounts later rewards, so that a move is credited mostly with
the stock cards played soon after it (a win is still felt a few steps back)."""
LEARNING_RATE = 0.2

Array = npt.NDArray[np.float64]


class LinearPolicy:
    """A linear softmax policy over the legal actions of ``rules``, for a batch of games."""

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

    def probabilities(self, observations: Array, masks: npt.NDArray[np.int8]) -> Array:
        """Each game's probability of each action (0 for the illegal ones)."""
        scores = (observations * self.scale) @ self.weights.T
        scores += self.kind_bias[self.kinds] + self.bias
        scores = np.where(masks.astype(bool), scores, -np.inf)
        scores -= scores.max(axis=1, keepdims=True)
        exp = np.exp(scores)
        return exp / exp.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]

    def sample(self, probabilities: Array, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        """One action per game, drawn from its probabilities."""
        cumulative = probabilities.cumsum(axis=1)
        draws = rng.random((len(probabilities), 1)) * cumulative[:, -1:]
        chosen = (cumulative < draws).sum(axis=1)
        # Never an illegal action through rounding: the last legal one at most.
        last_legal = probabilities.shape[1] - 1 - (probabilities[:, ::-1] > 0).argmax(axis=1)
        return np.minimum(chosen, last_legal)  # type: ignore[no-any-return]

    def update(
        self,
        observations: Array,
        probabilities: Array,
        actions: npt.NDArray[np.int64],
        advantages: Array,
    ) -> None:
        """One REINFORCE step over rows of (observation, probabilities, action, advantage)."""
        # The gradient of log softmax: one-hot(action) - probabilities, times the advantage.
        gradient = -probabilities
        gradient[np.arange(len(actions)), actions] += 1.0
        gradient *= advantages[:, None] * (LEARNING_RATE / GAMES)  # summed over steps
        self.bias += gradient.sum(axis=0)
        np.add.at(self.kind_bias, self.kinds, gradient.sum(axis=0))
        self.weights += gradient.T @ (observations * self.scale)


def returns_of(rewards: Array, ends: npt.NDArray[np.bool_], tail: Array) -> Array:
    """Discounted returns of a rollout (steps x games), cut where a game ended.

    ``tail`` is each game's estimate of what is still to come after the rollout.
    """
    returns = np.zeros_like(rewards)
    still_to_come = tail
    for step in range(len(rewards) - 1, -1, -1):
        still_to_come = rewards[step] + DISCOUNT * still_to_come * ~ends[step]
        returns[step] = still_to_come
    return returns


def train(updates: int, seed: int, report: int = 0) -> LinearPolicy:
    """Train a policy for ``updates`` rollouts of all games; report now and then."""
    envs = SkipBoVectorEnv(GAMES, RULES, opponents="play-first", stock_reward=STOCK_REWARD)
    policy = LinearPolicy(RULES)
    rng = np.random.default_rng(seed)
    observations, info = envs.reset(seed=seed)
    baseline = 0.0
    wins = games = 0
    for update in range(1, updates + 1):
        seen, chances, chosen, rewards, ends = [], [], [], [], []
        for _ in range(ROLLOUT):
            obs = observations.astype(np.float64)
            probabilities = policy.probabilities(obs, info["action_mask"])
            actions = policy.sample(probabilities, rng)
            observations, reward, terminated, truncated, info = envs.step(actions)
            done = terminated | truncated
            wins += int((reward[done] > 0.5).sum())
            games += int(done.sum())
            seen.append(obs)
            chances.append(probabilities)
            chosen.append(actions)
            rewards.append(reward)
            ends.append(done)
        returns = returns_of(np.array(rewards), np.array(ends), np.full(GAMES, baseline))
        policy.update(
            np.concatenate(seen),
            np.concatenate(chances),
            np.concatenate(chosen),
            (returns - baseline).reshape(-1),
        )
        baseline += 0.1 * (float(returns.mean()) - baseline)  # a running mean
        if report and update % report == 0:
            rate = wins / max(games, 1)
            print(f"after {update:4} updates: won {rate:6.1%} of {games} training games")
            wins = games = 0
    return policy


def evaluate(policy: LinearPolicy, opponents: str, games: int, seed: int) -> tuple[int, int]:
    """Wins and games of ``policy`` (sampling) against ``opponents``, ``games`` games."""
    envs = SkipBoVectorEnv(min(games, GAMES), RULES, opponents=opponents)
    rng = np.random.default_rng(seed)
    observations, info = envs.reset(seed=seed)
    wins = played = 0
    while played < games:
        probabilities = policy.probabilities(observations.astype(np.float64), info["action_mask"])
        observations, reward, terminated, truncated, info = envs.step(
            policy.sample(probabilities, rng)
        )
        done = terminated | truncated
        wins += int((reward[done] > 0.5).sum())
        played += int(done.sum())
    return wins, played


def report_line(name: str, wins: int, games: int) -> str:
    """``name``'s win rate with its 95% Wilson interval."""
    low, high = wilson(wins, games)
    return f"{name:34} {wins / games:6.1%}  [{low:6.1%}, {high:6.1%}]  ({games} games)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=1_000, help="evaluation games")
    arguments = parser.parse_args()
    untrained = LinearPolicy(RULES)
    trained = train(arguments.updates, arguments.seed, report=max(1, arguments.updates // 5))
    print("win rates of seat 0 (the second seat is the opponent), 95% Wilson intervals:")
    for opponents in ("play-first", "priority"):
        for name, policy in (("untrained", untrained), ("trained", trained)):
            wins, games = evaluate(policy, opponents, arguments.games, seed=10**6)
            print(report_line(f"{name} against {opponents}", wins, games))


if __name__ == "__main__":
    main()
