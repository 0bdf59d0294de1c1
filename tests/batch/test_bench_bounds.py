"""The measurement of the bounds (``benchmarks/bench_bounds.py``): its figures are right.

The batch job's longest turn and longest stretch without a stock play are checked
against the same games replayed in the core and measured there from the moves alone
(not from the counters the batch keeps); the cap, the core and Skyjo jobs on a few games.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from benchmarks import bench_bounds
from benchmarks.bench_bounds import merge, skipbo_batch, skipbo_core, skyjo_games

import skipbo
from skipbo.batch.policies import PriorityPolicy
from skipbo.common.randomness import derive_seed
from skipbo.games.skipbo.actions import action_to_move, legal_action_mask

GAMES = 12


def replayed(rules: skipbo.Rules, seed: int, games: int) -> tuple[int, int]:
    """The longest turn (moves) and stall (turn ends without a stock play) of the core's
    replay of a priority batch job's games (the priority policy is deterministic)."""
    policy = PriorityPolicy(rules)
    longest_turn = longest_stall = 0
    for index in range(games):
        state = skipbo.new_game(rules, seed=derive_seed(seed, index))
        turn, made, stall = state.turn, 0, 0
        while state.outcome is None:
            mask = np.frombuffer(legal_action_mask(state), dtype=np.bool_)[None, :].copy()
            move = action_to_move(rules, int(policy(mask)[0]))
            state = skipbo.apply(state, move)
            made += 1
            longest_turn = max(longest_turn, made)
            if isinstance(move, skipbo.PlayFromStock):
                stall = 0
            elif isinstance(move, skipbo.Discard | skipbo.Pass):
                stall += 1
                longest_stall = max(longest_stall, stall)
            if state.turn != turn:
                turn, made = state.turn, 0
    return longest_turn, longest_stall


@pytest.mark.rule("R-WIN-4")
def test_the_batch_figures_are_the_cores() -> None:
    figures = skipbo_batch("short-2", "priority", GAMES, 5, 4, bench_bounds.CAP, math.inf)
    rules = bench_bounds.unbounded_skipbo(bench_bounds.SKIPBO_VARIANTS["short-2"])
    assert figures.games == GAMES
    assert sum(figures.ends.values()) == GAMES
    assert (figures.peaks["turn"].value, figures.peaks["stall"].value) == replayed(rules, 5, GAMES)
    assert figures.endless == []


def test_a_turn_past_the_cap_is_endless_and_left() -> None:
    figures = skipbo_batch("short-2", "play-first", 6, 1, 6, 2, math.inf)
    assert figures.games == 6
    assert figures.ends["endless"] == len(figures.endless) > 0


def test_the_time_limit_stops_dealing() -> None:
    figures = skipbo_batch("short-2", "random", 1_000, 1, 4, bench_bounds.CAP, 0.0)
    assert figures.games == 4  # the first batch is played out, no game dealt after it


def test_the_core_and_skyjo_jobs_and_their_merge() -> None:
    core = skipbo_core("short-2", "play-first", 3, 1, bench_bounds.CAP, math.inf)
    assert core.games == 3
    assert core.peaks["turn"].value >= 1
    parts = [skyjo_games(2, "reveal-first", range(s, 4, 2), 1, 1_000, math.inf) for s in (0, 1)]
    whole = merge(parts)
    assert whole.games == 4
    assert whole.peaks["rounds"].value == max(part.peaks["rounds"].value for part in parts)
    assert whole.peaks["rounds"].value >= 1
    assert whole.line().startswith(" skyjo")
