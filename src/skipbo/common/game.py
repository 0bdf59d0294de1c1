"""What a referee needs of a game, and the registry that finds a game from its rules.

A game (Skip-Bo, Skyjo) describes itself to game-agnostic machinery, such as the arena
(:mod:`skipbo.arena`) and :func:`skipbo.check_conformance`, as a :class:`Game`, and
registers it for the type of its rules with :func:`register_game`. :func:`game_of`
then finds the game from a rules value alone: whoever holds Skyjo rules has imported
:mod:`skipbo.skyjo`, which registers Skyjo (``import skipbo`` registers Skip-Bo).

>>> import skipbo
>>> from skipbo import skyjo
>>> from skipbo.common.game import game_of
>>> game_of(skipbo.Rules()).game_type.short_name, game_of(skyjo.Rules()).game_type.short_name
('skipbo', 'skyjo')
>>> game_of("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
skipbo.errors.ArgumentTypeError: no game is registered for rules of type str; the known rules ...
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from skipbo.common.gameinfo import GameInfo, GameType
from skipbo.errors import ArgumentTypeError

__all__ = [
    "Bot",
    "BotFactory",
    "Conformance",
    "ConformanceCheck",
    "Game",
    "MakeRecord",
    "NewGame",
    "game_of",
    "register_game",
    "registered_games",
    "unknown_bot",
]

RulesT = TypeVar("RulesT", contravariant=True)
StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT")
MoveT = TypeVar("MoveT")
RecordT = TypeVar("RecordT", covariant=True)
SeenT = TypeVar("SeenT", contravariant=True)
ChosenT = TypeVar("ChosenT", covariant=True)
RulesIn = TypeVar("RulesIn", contravariant=True)
StateOut = TypeVar("StateOut", covariant=True)
MoveIn = TypeVar("MoveIn", contravariant=True)
RecordOut = TypeVar("RecordOut", covariant=True)
BotOut = TypeVar("BotOut", covariant=True)


class NewGame(Protocol[RulesIn, StateOut]):
    """A game's ``new_game``: the game of ``rules`` dealt with ``seed``."""

    def __call__(self, rules: RulesIn, *, seed: int) -> StateOut:
        """The dealt state."""
        ...


class Bot(Protocol[SeenT, ChosenT]):
    """A computer player of some game: chooses a move from what its seat sees."""

    def choose(self, view: SeenT) -> ChosenT:
        """A legal move for the player to move."""
        ...


class BotFactory(Protocol[BotOut]):
    """Makes a bot of a game's registry: from its seed, with an optional time budget.

    ``time_limit`` is the most seconds (wall clock) a move may take: a searching bot
    returns its best move so far when it runs out (:mod:`skipbo.common.budget`); a bot
    that does not search is far within any budget and ignores it. ``None`` means the
    bot's own iteration budget alone, which keeps it reproducible from its seed.
    """

    def __call__(self, seed: int | None = None, *, time_limit: float | None = None) -> BotOut:
        """The bot."""
        ...


class Conformance(Protocol):
    """What every game's conformance report tells (and prints)."""

    @property
    def games(self) -> int:
        """The number of games played."""
        ...

    @property
    def moves(self) -> int:
        """The number of moves played in all games."""
        ...


class MakeRecord(Protocol[RulesIn, MoveIn, RecordOut]):
    """A game's record type: made from rules, seed, moves and seat names."""

    def __call__(
        self, *, rules: RulesIn, seed: int, moves: tuple[MoveIn, ...], names: tuple[str, ...]
    ) -> RecordOut:
        """The record."""
        ...


class ConformanceCheck(Protocol[RulesIn]):
    """A game's ``check_conformance``."""

    def __call__(
        self, rules: RulesIn, games: int, *, seed: int, max_moves: int, illegal_per_step: int
    ) -> Conformance:
        """The report of the games played (raises at the first violation)."""
        ...


class Game(Protocol[RulesT, StateT, ViewT, MoveT, RecordT]):
    """One game as game-agnostic machinery plays it: a referee loop's needs.

    A game is a function of (rules, seed, moves); the referee deals, shows each seat
    its view, asks that seat's bot for a move and applies it until the game is over.
    """

    @property
    def game_type(self) -> GameType:
        """The facts of every variant (name, player range, ...)."""
        ...

    @property
    def bots(self) -> Mapping[str, BotFactory[Bot[ViewT, MoveT]]]:
        """The game's bots by name: factories taking the bot's seed (and a time limit)."""
        ...

    def info(self, rules: RulesT) -> GameInfo:
        """The numbers of the variant ``rules`` (players, actions, ...)."""
        ...

    def deal(self, rules: RulesT, seed: int) -> StateT:
        """A new game of ``rules`` dealt with ``seed``."""
        ...

    def view(self, state: StateT, seat: int) -> ViewT:
        """What ``seat`` may see of ``state``."""
        ...

    def legal_moves(self, view: ViewT) -> Sequence[MoveT]:
        """The moves allowed to the player to move, from its view."""
        ...

    def apply(self, state: StateT, move: MoveT) -> StateT:
        """The state after ``move`` (raising the game's IllegalMoveError if not allowed)."""
        ...

    def current_player(self, state: StateT) -> int:
        """The seat to move."""
        ...

    def is_over(self, state: StateT) -> bool:
        """Whether the game has ended."""
        ...

    def turn(self, state: StateT) -> object:
        """Which turn ``state`` is in: a value that changes exactly when a turn ends.

        The arena counts a game's turns by it (a turn may hold several moves).
        """
        ...

    def winners(self, state: StateT) -> tuple[int, ...]:
        """The winning seats of an ended game (empty when nobody won)."""
        ...

    def termination(self, state: StateT) -> str:
        """How an ended game ended, in the game's words (e.g. ``"blocked"``)."""
        ...

    def record(
        self, rules: RulesT, seed: int, moves: Sequence[MoveT], names: Sequence[str]
    ) -> RecordT:
        """The game's record of (rules, seed, moves), with optional seat names."""
        ...

    def rules_to_data(self, rules: RulesT) -> dict[str, Any]:
        """The rules as the game's JSON document."""
        ...

    def check_conformance(
        self, rules: RulesT, games: int, *, seed: int, max_moves: int, illegal_per_step: int
    ) -> Conformance:
        """The game's own conformance check of ``rules`` (raises at the first violation)."""
        ...


AnyGame = Game[Any, Any, Any, Any, Any]
"""A game of any types, as the registry holds it."""

_GAMES: dict[type, AnyGame] = {}


def register_game(rules_type: type, game: AnyGame) -> None:
    """Register ``game`` as the game played with rules of type ``rules_type``.

    Registering the same game again does nothing (a module may be imported twice).

    Raises:
        skipbo.errors.ArgumentTypeError: if ``rules_type`` is not a class or ``game``
            has no :class:`~skipbo.common.gameinfo.GameType`.
        ValueError: if another game is registered for ``rules_type``.

    """
    # The registry is global: a wrong object in it would break every later lookup.
    if not isinstance(rules_type, type):
        raise ArgumentTypeError(f"rules_type must be a class, not {type(rules_type).__name__}")
    if not isinstance(getattr(game, "game_type", None), GameType):
        raise ArgumentTypeError(f"game must be a Game, not {type(game).__name__}")
    known = _GAMES.get(rules_type)
    if known is not None and known is not game:
        raise ValueError(f"another game is registered for {rules_type.__qualname__}")
    _GAMES[rules_type] = game


def registered_games() -> dict[type, AnyGame]:
    """Every registered game by its rules type (a copy)."""
    return dict(_GAMES)


def game_of(rules: object) -> AnyGame:
    """The game whose rules ``rules`` are.

    Raises:
        skipbo.errors.ArgumentTypeError: (a ``TypeError``) if no game is registered for
            the type of ``rules``; the message names the registered rules types.

    """
    game = _GAMES.get(type(rules))
    if game is None:
        known = ", ".join(map(_public_name, _GAMES))
        raise ArgumentTypeError(
            f"no game is registered for rules of type {type(rules).__qualname__}; "
            f"the known rules types are: {known or 'none'}"
        )
    return game


def _public_name(kind: type) -> str:
    """The shortest dotted name ``kind`` is exported under (``skipbo.Rules``)."""
    parts = kind.__module__.split(".")
    for end in range(1, len(parts) + 1):
        module = ".".join(parts[:end])
        if getattr(sys.modules.get(module), kind.__qualname__, None) is kind:
            return f"{module}.{kind.__qualname__}"
    return f"{kind.__module__}.{kind.__qualname__}"


def unknown_bot(name: str, bots: Iterable[str], kind: str = "bot") -> ValueError:
    """The error for a bot ``name`` that is none of ``bots``, for every game's registry.

    It shows the name cut to 40 characters (the name may be untrusted input) and lists
    the bots in the order given.

    >>> str(unknown_bot("x" * 50, ["random", "heuristic"]))[:24]
    "unknown bot 'xxxxxxxxxxx"
    >>> str(unknown_bot("nope", ["random", "heuristic"], "Skyjo bot"))
    "unknown Skyjo bot 'nope'; the bots are: random, heuristic"
    """
    return ValueError(f"unknown {kind} {name[:40]!r}; the bots are: {', '.join(bots)}")
