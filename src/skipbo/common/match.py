"""Games played one after another at one table: what a host needs of a game's match.

A host (the web table, :mod:`skipbo.web`) keeps a *match* per table: the game being
played, the games finished so far and their scores, and how to deal the next game.
Skip-Bo has match play of its own (:class:`skipbo.Match`, R-SCORE); a game without
match rules (Skyjo: a game is already a series of scored rounds) is played as a
:class:`Series`: one game after another with the same rules, each dealt with the
seed ``derive_seed(seed, n)``, scored by the games each seat won, never over.

>>> from skipbo import skyjo
>>> from skipbo.games.skyjo.adapter import SKYJO
>>> series = Series.start(SKYJO, skyjo.Rules(players=2), seed=5)
>>> series.number, series.scores, series.target, series.winners
(1, (0, 0), None, ())
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import attrs

from skipbo.common.randomness import derive_seed
from skipbo.errors import SkipBoError

__all__ = ["MatchPlay", "PlayedGame", "Series", "SeriesError", "SeriesResult"]


class PlayedGame(Protocol):
    """One finished game of a match: its number, outcome and the points it scored."""

    @property
    def number(self) -> int:
        """The game's number in the match, from 1."""
        ...

    @property
    def outcome(self) -> Any:
        """The game's outcome (the game's own type, with its winning seats)."""
        ...

    @property
    def points(self) -> int:
        """What the game scored for its winners (0 without a winner)."""
        ...


class MatchPlay(Protocol):
    """A match as a host plays it: an immutable value, changed by its two methods."""

    @property
    def game(self) -> Any:
        """The game being played (or the last one, once it is over): the full state."""
        ...

    @property
    def number(self) -> int:
        """The number of the current game, from 1."""
        ...

    @property
    def target(self) -> int | None:
        """The score that wins the match; ``None``: the match goes on for ever."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """The score of each team (in individual play, each seat)."""
        ...

    @property
    def results(self) -> Sequence[PlayedGame]:
        """The finished games, in order."""
        ...

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the match; empty while it goes on."""
        ...

    def apply(self, move: Any) -> MatchPlay:
        """The match after ``move`` in the current game (the game's IllegalMoveError if not)."""
        ...

    def next_game(self) -> MatchPlay:
        """The match with its next game dealt (a RuleError while the game goes on)."""
        ...


class SeriesError(SkipBoError, ValueError):
    """The next game of a :class:`Series` was asked for while the current one goes on."""


@attrs.frozen(slots=True)
class SeriesResult:
    """One finished game of a :class:`Series`."""

    number: int
    """The game's number, from 1."""
    outcome: Any
    """The game's outcome."""
    winners: tuple[int, ...]
    """Its winning seats."""
    points: int = 1
    """Each winner scores one game won."""


@attrs.frozen(slots=True)
class Series:
    """Games of one rules played one after another; each seat scores the games it won.

    Holds hidden information (the seed of every game), like a game state: it is the
    host's value, never a player's.
    """

    play: Any
    """The game (a :class:`~skipbo.common.game.Game`) being played."""
    rules: Any
    """The rules of every game."""
    seed: int
    """Game ``n`` is dealt with ``derive_seed(seed, n)``. Hidden."""
    game: Any
    """The game being played (or the last one, once it is over)."""
    number: int
    """The number of the current game, from 1."""
    scores: tuple[int, ...]
    """The games each seat has won."""
    results: tuple[SeriesResult, ...] = ()
    """The finished games, in order."""

    target: None = None
    """A series has no target: it is never over."""

    @classmethod
    def start(cls, play: Any, rules: Any, seed: int) -> Series:
        """The series of ``play`` with ``rules``, its first game dealt."""
        game = play.deal(rules, derive_seed(seed, 1))
        return cls(play, rules, seed, game, 1, (0,) * play.info(rules).players)

    @property
    def winners(self) -> tuple[int, ...]:
        """Nobody wins a series: it goes on as long as its players like."""
        return ()

    def apply(self, move: Any) -> Series:
        """The series after ``move``; a game that ends is recorded as a result."""
        game = self.play.apply(self.game, move)
        if not self.play.is_over(game):
            return attrs.evolve(self, game=game)
        winners = tuple(self.play.winners(game))
        scores = tuple(score + (seat in winners) for seat, score in enumerate(self.scores))
        result = SeriesResult(self.number, game.outcome, winners)
        return attrs.evolve(self, game=game, scores=scores, results=(*self.results, result))

    def next_game(self) -> Series:
        """The series with its next game dealt.

        Raises:
            SeriesError: if the current game is not over.

        """
        if not self.play.is_over(self.game):
            raise SeriesError(f"game {self.number} is not over")
        number = self.number + 1
        game = self.play.deal(self.rules, derive_seed(self.seed, number))
        return attrs.evolve(self, game=game, number=number)
