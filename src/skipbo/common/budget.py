"""Time budgets for bots: an iteration budget and an anytime deadline, for every game.

A search bot repeats one step (a sampled deal, a playout) and keeps its best move so
far. A :class:`Budget` says how long it may go on: at most ``iterations`` steps, and,
if a ``time_limit`` is given, no step is started once that many seconds have passed
since the search began. The first step is always allowed, so a bot always has a move
to return; a move therefore takes at most the time limit plus one step.

The clock is the **wall clock** (``time.perf_counter``): a time limit is a promise
to whoever waits for the move (a person at a table, a server's worker), and the
waiting includes the time the machine spent on other work. The arena measures a bot's
*thinking* time as process time instead (:mod:`skipbo.arena`), which a loaded machine
does not inflate. Tests pass their own ``clock``.

Without a time limit a search is a function of its seed and its view (reproducible);
with one, how many steps fit depends on the machine.

>>> ticks = iter(range(100))
>>> budget = Budget(iterations=1_000, time_limit=2.5, clock=lambda: next(ticks))
>>> countdown = budget.start()  # the clock reads 0
>>> steps = 0
>>> while countdown.more():  # the first step is free; then it reads 1, 2, 3 (past 2.5)
...     steps += 1
>>> steps, countdown.steps
(3, 3)
>>> Budget(iterations=0)
Traceback (most recent call last):
...
ValueError: iterations must be an integer of at least 1, got 0
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import attrs

__all__ = ["Budget", "Clock", "Countdown", "check_time_limit"]

Clock = Callable[[], float]
"""A clock: seconds since some fixed moment, never decreasing."""


def check_time_limit(time_limit: object) -> float | None:
    """``time_limit`` if it is ``None`` or a positive, finite number of seconds.

    Every bot that takes a ``time_limit`` checks it with this, so that all bots of all
    games reject the same values the same way.

    >>> check_time_limit(0.5), check_time_limit(None)
    (0.5, None)
    >>> check_time_limit(-1)
    Traceback (most recent call last):
    ...
    ValueError: time_limit must be a positive number of seconds, got -1

    Raises:
        ValueError: if it is not a positive finite number (a bool is not a number here).

    """
    if time_limit is None:
        return None
    if (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, int | float)
        or not math.isfinite(time_limit)
        or not time_limit > 0
    ):
        raise ValueError(f"time_limit must be a positive number of seconds, got {time_limit!r}")
    return float(time_limit)


def _check_iterations(_budget: object, _attribute: object, iterations: int) -> None:
    if type(iterations) is not int or iterations < 1:
        raise ValueError(f"iterations must be an integer of at least 1, got {iterations!r}")


@attrs.frozen
class Budget:
    """How long a search may go on: at most ``iterations`` steps, and ``time_limit`` seconds.

    Raises:
        ValueError: if ``iterations`` is not an integer of at least 1, or the time limit
            is not ``None`` or a positive number.

    """

    iterations: int = attrs.field(validator=_check_iterations)
    """The most steps a search takes (at least 1)."""
    time_limit: float | None = attrs.field(default=None, converter=check_time_limit)
    """Seconds after which no new step starts (``None``: no limit)."""
    clock: Clock = attrs.field(default=time.perf_counter, eq=False, repr=False)
    """The clock the limit is read on: the wall clock unless a test passes its own."""

    def start(self) -> Countdown:
        """A countdown of this budget, starting now."""
        return Countdown(self)


class Countdown:
    """One search's use of a :class:`Budget`: ask :meth:`more` before every step."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.steps = 0
        """The steps allowed so far."""
        self.started = budget.clock()
        self._deadline = math.inf if budget.time_limit is None else self.started + budget.time_limit

    def more(self) -> bool:
        """Whether another step may start, counting it if so.

        The first step always may; later ones while fewer than ``iterations`` were
        taken and the time limit has not passed.
        """
        if self.steps >= self.budget.iterations or (
            self.steps and self.budget.clock() >= self._deadline
        ):
            return False
        self.steps += 1
        return True

    def elapsed(self) -> float:
        """Seconds since the countdown started, on the budget's clock."""
        return self.budget.clock() - self.started
