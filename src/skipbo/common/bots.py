"""What every game's bots share: seeded randomness, the random bot, a registry by name.

A bot of any game is a :class:`~skipbo.common.game.Bot`: it chooses a move from what
its seat sees, drawing randomness only from its own generator, so that a bot made with
the same seed makes the same choices (:class:`SeededBot`). :class:`RandomBot` picks
uniformly among the legal moves of any game, given that game's ``legal_moves``; each
game derives its own random bot from it. :func:`build_bot` makes a bot by name from a
game's registry of bot factories (:class:`~skipbo.common.game.BotFactory`), passing
the time budget of a move on; :mod:`skipbo.common.budget` is what a searching bot
spends it with.

>>> import skipbo
>>> bot = RandomBot(skipbo.legal_moves, seed=3)
>>> state = skipbo.new_game(skipbo.Rules(players=2), seed=1)
>>> bot.choose(state) in skipbo.legal_moves(state)
True
>>> build_bot({"random": RandomBot}, "best", None, "Skip-Bo bot")
Traceback (most recent call last):
...
ValueError: unknown Skip-Bo bot 'best'; the bots are: random
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Generic, TypeVar

import attrs

from skipbo.common.budget import Budget, Clock, check_time_limit
from skipbo.common.game import BotFactory, unknown_bot
from skipbo.errors import ArgumentTypeError

__all__ = ["BotsOf", "RandomBot", "SearchingBot", "SeededBot", "build_bot"]

ViewT = TypeVar("ViewT")
MoveT = TypeVar("MoveT")
BotT = TypeVar("BotT")


class SeededBot:
    """A bot that draws its randomness from its own generator, seeded when it is made.

    Never from the game's: a bot made with the same seed makes the same choices.
    ``time_limit`` is the most seconds a move may take (checked, and kept as
    ``time_limit``); a bot that does not search needs far less and ignores it.

    Raises:
        ValueError: if ``time_limit`` is not ``None`` or a positive number.

    """

    def __init__(self, seed: int | None = None, *, time_limit: float | None = None) -> None:
        self._rng = random.Random(seed)
        self.time_limit = check_time_limit(time_limit)

    def limit_time(self, time_limit: float | None) -> None:
        """Think at most ``time_limit`` seconds a move from now on (``None``: no limit).

        A server that counts the time a move waited for a worker gives the bot only
        what is left of the move's budget.

        Raises:
            ValueError: if ``time_limit`` is not ``None`` or a positive number.

        """
        self.time_limit = check_time_limit(time_limit)


class SearchingBot(SeededBot):
    """A bot that searches within a :class:`~skipbo.common.budget.Budget`, both games'.

    ``iterations`` steps (deals sampled) a choice at most, and no new step after
    ``time_limit`` seconds on ``clock`` (the wall clock unless a test passes its own);
    :attr:`deals` counts the deals its last choice sampled.

    Raises:
        ValueError: if ``iterations`` is below 1 or ``time_limit`` is not positive.

    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int,
        time_limit: float | None = None,
        clock: Clock | None = None,
    ) -> None:
        super().__init__(seed, time_limit=time_limit)
        self.budget = (
            Budget(iterations, time_limit)
            if clock is None
            else Budget(iterations, time_limit, clock)
        )
        self.iterations = iterations
        self.deals = 0
        """How many deals the last choice sampled (0 when it did not search)."""

    def limit_time(self, time_limit: float | None) -> None:
        """Search at most ``time_limit`` seconds a move from now on (``None``: no limit).

        Raises:
            ValueError: if ``time_limit`` is not ``None`` or a positive number.

        """
        super().limit_time(time_limit)
        self.budget = attrs.evolve(self.budget, time_limit=self.time_limit)


class RandomBot(SeededBot, Generic[ViewT, MoveT]):
    """Picks uniformly among the legal moves, which ``legal_moves`` lists from a view."""

    def __init__(
        self,
        legal_moves: Callable[[ViewT], Sequence[MoveT]],
        seed: int | None = None,
        *,
        time_limit: float | None = None,
    ) -> None:
        super().__init__(seed, time_limit=time_limit)
        self._legal_moves = legal_moves

    def choose(self, view: ViewT) -> MoveT:
        """A uniformly random legal move."""
        return self._rng.choice(self._legal_moves(view))


def build_bot(
    bots: Mapping[str, BotFactory[BotT]],
    name: str,
    seed: int | None,
    kind: str,
    *,
    time_limit: float | None = None,
) -> BotT:
    """The bot called ``name`` in the registry ``bots``, seeded with ``seed``.

    ``time_limit`` (seconds a move may take, wall clock) is passed on to the factory.

    Raises:
        ValueError: if no bot has that name; the message (see
            :func:`~skipbo.common.game.unknown_bot`) calls it a ``kind`` and lists the
            names sorted.
        skipbo.errors.ArgumentTypeError: if ``name`` is not a str.
        ValueError: if ``time_limit`` is not ``None`` or a positive number.

    """
    if type(name) is not str:
        # Else a list fails as unhashable, an int where the message cuts the name.
        raise ArgumentTypeError(f"a {kind}'s name must be a str, not {type(name).__name__}")
    try:
        factory = bots[name]
    except KeyError:
        raise unknown_bot(name, sorted(bots), kind) from None
    return factory(seed, time_limit=check_time_limit(time_limit))


class BotsOf(Mapping[str, BotFactory[Any]]):
    """A game's bots by name, imported from the game's bots module when first asked for.

    A game registers itself when its core is imported; its bots, and the search behind
    them, load only when a bot is first looked up, so that ``import skipbo`` loads no
    bot.

    >>> bots = BotsOf("skipbo.games.skipbo.bots")
    >>> "heuristic" in bots
    True
    """

    def __init__(self, module: str) -> None:
        self._module = module
        self._bots: Mapping[str, BotFactory[Any]] | None = None

    def _loaded(self) -> Mapping[str, BotFactory[Any]]:
        if self._bots is None:
            bots: Mapping[str, BotFactory[Any]] = importlib.import_module(self._module).BOTS
            self._bots = bots
        return self._bots

    def __getitem__(self, name: str) -> BotFactory[Any]:
        return self._loaded()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())
