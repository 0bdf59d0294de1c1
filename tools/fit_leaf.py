"""Fit the search bot's leaf (:mod:`skipbo.games.skipbo.bots.leaf`) again and print its weights.

It plays ``--games`` games of the heuristic bot in every seat at standard rules for
``--players`` players (a table of :data:`skipbo.games.skipbo.bots.leaf.FITTED`; game g dealt with
``derive_seed(555, g)``),
keeps 30% of the positions at a turn's start (drawn with ``random.Random(0)``), each
valued for the seat that has just ended its turn, with whether that seat went on to
win; it fits a logistic regression of the win on
:func:`~skipbo.games.skipbo.bots.leaf.leaf_features`
(Newton's method, an L2 penalty of 0.001) on the first four fifths of the games and
prints the held-out log-loss beside two simpler models and a constant, then the
weights as :data:`~skipbo.games.skipbo.bots.leaf.FITTED` holds them for that table. The heuristic
draws no randomness, so the same code prints the same weights. About five minutes of
one core at the default 8,000 games (four players; two take about as long); needs
NumPy (``skipbo[numpy]``).

Usage: python -m tools.fit_leaf [--games 8000] [--players 4]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

import skipbo
from skipbo.arena import is_evaluation_seed
from skipbo.common.randomness import derive_seed
from skipbo.games.skipbo.bots.heuristic import HeuristicBot
from skipbo.games.skipbo.bots.leaf import FITTED, SEAT_FEATURES, leaf_features
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.state import GameState

KEPT = 0.3
"""The share of the turns' starts kept (neighbouring positions are much alike)."""

PENALTY = 1e-3
"""The L2 penalty of the regression."""

Matrix = npt.NDArray[np.float64]


def turn_starts(
    games: int, rules: Rules, seed: int = 555
) -> Iterator[tuple[list[tuple[GameState, int]], tuple[int, ...]]]:
    """Each game's positions at a turn's start, with the seat that has just ended its
    turn, and the game's winners: ``heuristic`` in every seat at ``rules``, game g
    dealt with ``derive_seed(seed, g)``; a seed reserved for evaluation
    (:data:`skipbo.arena.EVALUATION_SEEDS`) is refused with a ValueError."""
    if is_evaluation_seed(seed):
        # A leaf fitted on the deals a bot is then measured on would flatter the bot.
        raise ValueError(f"seed {seed} is reserved for evaluation: fit on other deals")
    bot = HeuristicBot()
    for game in range(games):
        state = skipbo.new_game(rules, seed=derive_seed(seed, game))
        starts: list[tuple[GameState, int]] = []
        turn, previous = state.turn, state.current_player
        while state.outcome is None:
            if state.turn != turn:
                turn = state.turn
                starts.append((state, previous))
            previous = state.current_player
            state = skipbo.apply(state, bot.choose(skipbo.view(state, previous)))
        yield starts, state.outcome.winners


def positions(games: int, rules: Rules) -> tuple[Matrix, Matrix, npt.NDArray[np.int64]]:
    """The features, the wins and the game of every kept position, in game order."""
    keep = random.Random(0)
    rows: list[list[float]] = []
    wins: list[float] = []
    of_game: list[int] = []
    for game, (starts, winners) in enumerate(turn_starts(games, rules)):
        for state, seat in starts:
            if keep.random() < KEPT:
                rows.append([*leaf_features(state, seat), 1.0])
                wins.append(1.0 if seat in winners else 0.0)
                of_game.append(game)
    return np.array(rows), np.array(wins), np.array(of_game)


def fit(x: Matrix, y: Matrix, steps: int = 30) -> Matrix:
    """The logistic regression's weights by Newton's method (L2 penalty ``PENALTY``)."""
    weights = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ weights))
        hessian = (x * (p * (1 - p))[:, None]).T @ x + PENALTY * np.eye(x.shape[1])
        weights -= np.linalg.solve(hessian, x.T @ (p - y) + PENALTY * weights)
    return weights


def log_loss(x: Matrix, y: Matrix, weights: Matrix) -> float:
    """The mean log-loss of ``weights`` on ``x``, ``y``."""
    p = np.clip(1 / (1 + np.exp(-x @ weights)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    """Play the games, fit, and print the figures and the weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8_000)
    parser.add_argument(
        "--players", type=int, default=4, choices=sorted(table.players for table in FITTED)
    )
    args = parser.parse_args()
    rules = Rules(players=args.players)
    x, y, of_game = positions(args.games, rules)
    train, test = of_game < args.games * 4 // 5, of_game >= args.games * 4 // 5
    weights = fit(x[train], y[train])
    seats = rules.players
    intercept = [x.shape[1] - 1]
    stock_only = [SEAT_FEATURES * seat for seat in range(seats)] + intercept
    stock_shapes = [SEAT_FEATURES * seat + k for seat in range(seats) for k in range(3)] + intercept
    print(f"{len(y)} positions of {args.games} games, {y.mean():.3f} of them won")
    print(f"held-out log-loss: all features {log_loss(x[test], y[test], weights):.4f}")
    for name, columns in (("stock sizes", stock_only), ("stock shapes", stock_shapes)):
        part = fit(x[train][:, columns], y[train])
        print(f"held-out log-loss: {name} {log_loss(x[test][:, columns], y[test], part):.4f}")
    rate = y[train].mean()
    constant = -np.mean(y[test] * np.log(rate) + (1 - y[test]) * np.log(1 - rate))
    print(f"held-out log-loss: constant {constant:.4f}")
    print(
        f"FITTED[Rules(players={rules.players})] =",
        ", ".join(f"{weight:.4f}" for weight in weights),
    )
    shipped = np.array(FITTED[rules])
    print(f"largest difference from the shipped weights: {np.max(np.abs(weights - shipped)):.4f}")


if __name__ == "__main__":
    main()
