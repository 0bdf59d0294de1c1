"""Tests for time budgets: :mod:`skipbo.common.budget` and the bots that take one."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator

import pytest

import skipbo
import skipbo.games.skipbo.bots
import skipbo.games.skyjo.bots
from skipbo import Rules
from skipbo.common.budget import Budget, check_time_limit
from skipbo.games import skyjo
from skipbo.games.skipbo.bots import BOTS, SearchBot, make_bot

BUDGET = 0.05
"""The time limit of a move in the timing test, in seconds."""

MARGIN = 2.0
"""How much a move may exceed ``BUDGET`` (wall clock) before the test calls it too slow.

A move overruns its limit by at most one deal's rollouts (a few milliseconds here)
plus the time the machine spends on other work while it thinks; 2 s is 40 times the
budget, so a loaded machine three times slower than the development one still passes,
and a search that ignored its limit (a million deals, minutes) fails.
"""


def ticking(step: float = 1.0) -> Iterator[float]:
    """A fake clock's readings: 0, step, 2 step, ..."""
    now = 0.0
    while True:
        yield now
        now += step


class TestBudget:
    """Tests for `Budget` and its `Countdown`."""

    def test_the_iteration_budget_caps_the_steps(self) -> None:
        countdown = Budget(7).start()
        assert sum(1 for _ in iter(countdown.more, False)) == 7
        assert not countdown.more()

    def test_the_time_limit_stops_early_but_the_first_step_is_free(self) -> None:
        clock = ticking(1.0)
        countdown = Budget(1_000, 0.5, clock=lambda: next(clock)).start()
        # The first step starts without reading the clock; the next reading (1.0) is
        # past the 0.5 s limit.
        assert countdown.more()
        assert not countdown.more()
        assert countdown.steps == 1

    def test_steps_start_until_the_deadline(self) -> None:
        clock = ticking(0.1)
        countdown = Budget(1_000, 1.0, clock=lambda: next(clock)).start()
        while countdown.more():
            pass
        # Readings 0.1 .. 0.9 (about, in floating point) allow nine steps after the free one.
        assert countdown.steps in (10, 11)
        assert countdown.elapsed() >= 1.0

    @pytest.mark.parametrize("bad", [0, -1, 1.5, True, "3"])
    def test_rejects_bad_iterations(self, bad: object) -> None:
        with pytest.raises(ValueError, match="iterations"):
            Budget(bad)  # type: ignore[arg-type]

    @pytest.mark.parametrize("bad", [0, -0.5, math.nan, math.inf, True, "1"])
    def test_rejects_bad_time_limits(self, bad: object) -> None:
        with pytest.raises(ValueError, match="time_limit"):
            check_time_limit(bad)
        with pytest.raises(ValueError, match="time_limit"):
            Budget(1, bad)

    def test_an_integer_limit_is_seconds(self) -> None:
        assert Budget(1, 2).time_limit == 2.0


class TestBotsTakeABudget:
    """Every bot of both games takes ``time_limit`` by name."""

    @pytest.mark.parametrize("name", sorted(BOTS))
    def test_every_skipbo_bot(self, name: str) -> None:
        state = skipbo.new_game(Rules(players=2, stock_size=5), seed=3)
        seen = skipbo.view(state, state.current_player)
        bot = make_bot(name, 1, time_limit=0.5)
        assert bot.choose(seen) in skipbo.legal_moves(state)
        with pytest.raises(ValueError, match="time_limit"):
            make_bot(name, 1, time_limit=-1)

    @pytest.mark.parametrize("name", sorted(skyjo.bots.BOTS))
    def test_every_skyjo_bot(self, name: str) -> None:
        state = skyjo.new_game(skyjo.Rules(players=2), seed=3)
        seen = skyjo.view(state)
        assert skyjo.bots.make_bot(name, 1, time_limit=0.5).choose(seen) in skyjo.legal_moves(seen)
        with pytest.raises(ValueError, match="time_limit"):
            skyjo.bots.make_bot(name, 1, time_limit=0)

    @pytest.mark.parametrize("name", ["search"])
    def test_a_search_move_keeps_to_its_time_limit(self, name: str) -> None:
        """With an iteration budget far beyond the limit, the move ends near the limit."""
        bot = make_bot(name, 2, time_limit=BUDGET)
        assert isinstance(bot, SearchBot)
        bot.budget = Budget(10**6, BUDGET)  # a million deals: minutes without the limit
        state = skipbo.new_game(Rules(players=4), seed=12)
        searched = 0
        for _ in range(40):  # the first moves of a game, until a few were searched
            seen = skipbo.view(state, state.current_player)
            started = time.perf_counter()
            move = bot.choose(seen)
            took = time.perf_counter() - started
            assert took < BUDGET + MARGIN, f"too slow: {took:.2f} s for a {BUDGET} s budget"
            if len(bot.candidates(seen)) > 1:
                searched += 1
                assert 1 <= bot.deals < 10**6  # it stopped on time, not on iterations
            state = skipbo.apply(state, move)
            if searched >= 3:
                break
        assert searched >= 3
