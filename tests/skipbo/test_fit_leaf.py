"""Tests for ``tools.fit_leaf``, the tool that fits the search's leaf again."""

from __future__ import annotations

import numpy as np
import pytest
from tools.fit_leaf import fit, log_loss, positions, turn_starts

from skipbo.arena import EVALUATION_SEED
from skipbo.games.skipbo.bots.leaf import FITTED, fitted_leaf
from skipbo.games.skipbo.rules import Rules


def test_fit_recovers_known_weights() -> None:
    # Wins drawn from a known logistic model: the fit must find its weights again.
    rng = np.random.default_rng(3)
    x = np.hstack([rng.normal(size=(20_000, 3)), np.ones((20_000, 1))])
    truth = np.array([1.5, -2.0, 0.5, -0.25])
    y = (rng.random(20_000) < 1 / (1 + np.exp(-x @ truth))).astype(float)
    weights = fit(x, y)
    assert np.allclose(weights, truth, atol=0.1)
    assert log_loss(x, y, weights) < log_loss(x, y, np.zeros(4))


@pytest.mark.parametrize("players", [2, 4])
def test_positions_are_valued_for_the_seat_that_just_moved(players: int) -> None:
    rules = Rules(players=players)
    x, y, of_game = positions(6, rules)
    assert x.shape[1] == len(FITTED[rules])
    assert np.all(x[:, -1] == 1.0)  # the intercept's column
    assert set(np.unique(y)) <= {0.0, 1.0}
    assert list(of_game) == sorted(of_game)
    # Each game has one winner: about one position in `players` is won.
    assert 0.4 / players < y.mean() < 1.8 / players
    # The seat valued has just ended its turn, and the heuristic plays a stock top
    # whenever it can: none of its tops is playable at once ("gap 0"), where the
    # next seat's is at times.
    assert np.all(x[:, 3] == 0.0)
    assert np.any(x[:, 13] == 1.0)


def test_positions_are_reproducible() -> None:
    rules = Rules(players=4)
    first, again = positions(5, rules), positions(5, rules)
    for a, b in zip(first, again, strict=True):
        assert np.array_equal(a, b)


@pytest.mark.parametrize("players", [2, 4])
def test_the_leaf_foretells_the_winner_better_than_an_even_share(players: int) -> None:
    # Positions of heuristic games the weights were not fitted on (seed 777, not
    # 555): the fitted chances must beat an even share on the Brier score. Forty
    # games, since a dozen can be far from the whole (0.95 of the even share's
    # score on 12 two-player games, 0.78 on 200).
    rules = Rules(players=players)
    value = fitted_leaf(rules)
    assert value is not None
    fitted = constant = 0.0
    for starts, winners in turn_starts(40, rules, seed=777):
        for position, seat in starts:
            won = float(seat in winners)
            fitted += (value(position, seat) - won) ** 2
            constant += (1 / players - won) ** 2
    assert fitted < 0.9 * constant


def test_the_fit_refuses_the_seeds_reserved_for_evaluation() -> None:
    with pytest.raises(ValueError, match="reserved for evaluation"):
        next(turn_starts(1, Rules(players=2), seed=EVALUATION_SEED))
