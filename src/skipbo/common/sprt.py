"""The sequential probability ratio test (SPRT) of a win rate: play until the games decide.

Wald's sequential test of two simple hypotheses about ``p``, the share of games the
first entry of a line-up wins, each game a Bernoulli trial (won, or not won):
``H0: p = h0`` against ``H1: p = h1`` with ``h0 < h1``. After ``w`` wins in ``n`` games
the log-likelihood ratio of H1 to H0 is

    LLR = w ln(h1 / h0) + (n - w) ln((1 - h1) / (1 - h0))

and the test accepts H1 once ``LLR >= ln((1 - beta) / alpha)``, accepts H0 once
``LLR <= ln(beta / (1 - alpha))``, and plays on in between. Accepting H1 when H0 is
true happens with probability at most about ``alpha``, accepting H0 when H1 is true at
most about ``beta`` (0.05 each by default, bounds of ``±ln 19 ≈ ±2.944``). This is
the test chess engines are accepted by (fishtest, cutechess-cli), there on Elo with
draws; here the hypotheses are win-rate points, because a bot against a field of
``N - 1`` copies of another at an ``N``-seat table has the yardstick ``1/N`` (an even
share), and a game it does not win counts as a loss whoever won it (a blocked
Skip-Bo game is won by nobody).

>>> test = Sprt(0.5, 0.6)
>>> round(test.lower, 3), round(test.upper, 3)
(-2.944, 2.944)
>>> round(test.llr(wins=24, games=40), 3)
0.805
>>> test.decide(wins=24, games=40) is None  # not yet: play on
True
>>> test.decide(wins=60, games=80)
<Decision.H1: 'H1'>
>>> Sprt(0.3, 0.25)
Traceback (most recent call last):
...
skipbo.common.sprt.HypothesisError: H0 must be below H1: the win rates 0.3 and 0.25 ...

This module imports no game: the arena runs the test on any game's tournaments
(:func:`skipbo.arena.sprt`).
"""

from __future__ import annotations

import enum
import math

import attrs

from skipbo.errors import ArgumentTypeError, SkipBoError

__all__ = ["ALPHA", "BETA", "Decision", "HypothesisError", "Sprt"]

ALPHA = 0.05
"""The default chance of accepting H1 when H0 is true (a false gain)."""
BETA = 0.05
"""The default chance of accepting H0 when H1 is true (a missed gain)."""


class HypothesisError(SkipBoError, ValueError):
    """Hypotheses or error rates no sequential test can be run with.

    H0 not below H1, a win rate outside ``(0, 1)``, an error rate outside ``(0, 1/2)``.
    """


class Decision(enum.Enum):
    """What a sequential test concluded."""

    H0 = "H0"
    """The win rate is H0's (or below): no gain of H1's size."""
    H1 = "H1"
    """The win rate is H1's (or above)."""
    INCONCLUSIVE = "inconclusive"
    """The game cap came before either bound: the games did not decide."""


def _rate(name: str, value: object, high: float = 1.0) -> float:
    # bool is an int: True would pass as a rate of 1, so it is refused by type.
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ArgumentTypeError(f"{name} must be a number, not {type(value).__name__}")
    if not 0.0 < value < high:  # also refuses NaN
        raise HypothesisError(f"{name} must lie strictly between 0 and {high:g}, got {value!r}")
    return float(value)


@attrs.frozen(slots=True)
class Sprt:
    """A sequential test of ``H0: p = h0`` against ``H1: p = h1`` (win rates, ``h0 < h1``).

    Raises:
        HypothesisError: if ``h0`` or ``h1`` is not strictly between 0 and 1, ``h0`` is
            not below ``h1``, or ``alpha`` or ``beta`` is not strictly between 0 and 1/2
            (larger error rates would put the bounds on the wrong side of 0).
        skipbo.errors.ArgumentTypeError: if any of them is not a number.

    """

    h0: float
    """The win rate of the null hypothesis (e.g. an even share, ``1/N``)."""
    h1: float
    """The win rate of the alternative (e.g. an even share plus 3 points)."""
    alpha: float = ALPHA
    """The chance of accepting H1 when H0 is true."""
    beta: float = BETA
    """The chance of accepting H0 when H1 is true."""

    def __attrs_post_init__(self) -> None:
        h0, h1 = _rate("H0", self.h0), _rate("H1", self.h1)
        _rate("alpha", self.alpha, 0.5)
        _rate("beta", self.beta, 0.5)
        if h0 >= h1:
            raise HypothesisError(
                f"H0 must be below H1: the win rates {h0:g} and {h1:g} test no gain "
                "(give the rate of no gain first, then the rate of the gain sought)"
            )

    @property
    def lower(self) -> float:
        """The bound at or below which H0 is accepted: ``ln(beta / (1 - alpha))``."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """The bound at or above which H1 is accepted: ``ln((1 - beta) / alpha)``."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, wins: int, games: int) -> float:
        """The log-likelihood ratio of H1 to H0 after ``wins`` wins in ``games`` games.

        Raises:
            ValueError: if ``wins`` is not between 0 and ``games``.

        """
        if not 0 <= wins <= games:
            raise ValueError(f"wins must be between 0 and the {games} games, got {wins}")
        return wins * math.log(self.h1 / self.h0) + (games - wins) * math.log(
            (1 - self.h1) / (1 - self.h0)
        )

    def decide(self, wins: int, games: int) -> Decision | None:
        """H0 or H1 if the games so far decide, ``None`` while the test plays on.

        Raises:
            ValueError: if ``wins`` is not between 0 and ``games``.

        """
        llr = self.llr(wins, games)
        if llr >= self.upper:
            return Decision.H1
        if llr <= self.lower:
            return Decision.H0
        return None
