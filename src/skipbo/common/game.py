"""What a referee needs of a game, and the registry that finds a game from its rules.

A game (Skip-Bo, Skyjo) describes itself to game-agnostic machinery, such as the arena
(:mod:`skipbo.arena`) and :func:`skipbo.check_conformance`, as a :class:`Game`, and
registers it for the type of its rules with :func:`register_game`. :func:`game_of`
then finds the game from a rules value alone: whoever holds Skyjo rules has imported
:mod:`skipbo.games.skyjo`, which registers Skyjo (``import skipbo`` registers Skip-Bo).

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

import importlib
import pkgutil
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from skipbo.common.gameinfo import GameInfo, GameType
from skipbo.common.naming import public_name
from skipbo.common.registry import LayerRegistry
from skipbo.errors import ArgumentTypeError, DataError

if TYPE_CHECKING:
    from skipbo.common.match import MatchPlay

__all__ = [
    "Bot",
    "BotFactory",
    "Conformance",
    "ConformanceCheck",
    "Game",
    "MakeRecord",
    "NewGame",
    "game_named",
    "game_names",
    "game_of",
    "load_builtin_games",
    "max_moves",
    "register_game",
    "registered_games",
    "rules_from_data",
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
        self, rules: RulesIn, games: int, *, seed: int, max_moves: int | None, illegal_per_step: int
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

    @property
    def hint_bot(self) -> str:
        """The name of the bot whose choice :meth:`hint` gives (a good stand-in too)."""
        ...

    def info(self, rules: RulesT) -> GameInfo:
        """The numbers of the variant ``rules`` (players, actions, ...)."""
        ...

    def deal(self, rules: RulesT, seed: int) -> StateT:
        """A new game of ``rules`` dealt with ``seed``."""
        ...

    def view(self, state: StateT, seat: int | None) -> ViewT:
        """What ``seat`` (``None``: a spectator) may see of ``state``."""
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
        self, rules: RulesT, games: int, *, seed: int, max_moves: int | None, illegal_per_step: int
    ) -> Conformance:
        """The game's own conformance check of ``rules`` (raises at the first violation)."""
        ...

    # What a host showing the game to people needs (the web table).

    def to_data(self, value: Any) -> dict[str, Any]:
        """A value of the game with a document form (view, move, outcome, ...) as JSON data."""
        ...

    @property
    def rules_document(self) -> str:
        """The ``"type"`` of the game's rules document."""
        ...

    def claims(self, data: object) -> bool:
        """Whether ``data`` is (meant as) a document of this game, by its envelope."""
        ...

    def read_rules(self, data: object) -> Any:
        """The rules of an untrusted rules document (raising the game's ``DataError``)."""
        ...

    def parse_move(self, text: str) -> MoveT:
        """A move from the game's notation (raising the game's ``MoveSyntaxError``)."""
        ...

    def describe_move(self, move: MoveT, view: ViewT) -> str:
        """``move`` of the player to move in ``view``, in words (as the terminal says it)."""
        ...

    def round_end(self, state: StateT, move: MoveT) -> dict[str, Any] | None:
        """What a table shows of the end of the round ``move`` ends (JSON data), if any."""
        ...

    def say_move(self, move: MoveT, view: ViewT) -> str:
        """``move`` in words, its places numbered as a board for people labels them."""
        ...

    def say_revealed(self, state: StateT, move: MoveT) -> str:
        """The cards ``move`` turns face up, unseen before it, as words after its own."""
        ...

    def seating(self, rules: RulesT) -> dict[str, Any]:
        """Public facts of the seats a table shows, from the rules (JSON data)."""
        ...

    def hint(self, view: ViewT) -> MoveT:
        """A good move for the player to move, chosen from ``view`` alone (a heuristic bot)."""
        ...

    def new_match(self, rules: RulesT, seed: int, target: int | None) -> MatchPlay:
        """Games of ``rules`` played one after another (the game's match, to ``target``)."""
        ...


AnyGame = Game[Any, Any, Any, Any, Any]
"""A game of any types, as the registry holds it."""

_GAMES: LayerRegistry[AnyGame] = LayerRegistry("game")


def register_game(rules_type: type, game: AnyGame) -> None:
    """Register ``game`` as the game played with rules of type ``rules_type``.

    Registering the same game again does nothing (a module may be imported twice).

    Raises:
        skipbo.errors.ArgumentTypeError: if ``rules_type`` is not a class or ``game``
            has no :class:`~skipbo.common.gameinfo.GameType`.
        ValueError: if another game is registered for ``rules_type``.

    """
    # The registry is global: a wrong object in it would break every later lookup. (The
    # registry checks the class too; it is checked here first, so that it is named first.)
    if not isinstance(rules_type, type):
        raise ArgumentTypeError(f"rules_type must be a class, not {type(rules_type).__name__}")
    if not isinstance(getattr(game, "game_type", None), GameType):
        raise ArgumentTypeError(f"game must be a Game, not {type(game).__name__}")
    _GAMES.register(rules_type, game)


def registered_games() -> dict[type, AnyGame]:
    """Every registered game by its rules type (a copy)."""
    return _GAMES.entries()


def game_of(rules: object) -> AnyGame:
    """The game whose rules ``rules`` are.

    Raises:
        skipbo.errors.ArgumentTypeError: (a ``TypeError``) if no game is registered for
            the type of ``rules``; the message names the registered rules types.

    """
    game = _GAMES.find(type(rules))
    if game is None:
        known = ", ".join(map(public_name, _GAMES.entries()))
        raise ArgumentTypeError(
            f"no game is registered for rules of type {type(rules).__qualname__}; "
            f"the known rules types are: {known or 'none'}"
        )
    return game


def max_moves(rules: object) -> int | None:
    """The proved bound on the moves of a game of ``rules``, of any registered game.

    The game's :attr:`GameInfo.max_game_length <skipbo.common.gameinfo.GameInfo.max_game_length>`:
    every game of ``rules`` ends within that many moves, whatever its players do
    (Skip-Bo: :func:`skipbo.max_moves`, R-WIN-4; Skyjo: :func:`skipbo.skyjo.max_moves`,
    S-END-3). ``None`` when the rules lift a bound (``stall_limit=None``, ...): no bound
    is proved, and a game may never end. The runners (the arena, the checks, the
    environments) read it here.

    >>> import skipbo
    >>> from skipbo import skyjo
    >>> max_moves(skipbo.Rules(players=2)), max_moves(skyjo.Rules(players=2))
    (61122501, 3306900)
    >>> max_moves(skyjo.Rules(stall_limit=None)) is None
    True

    Raises:
        skipbo.errors.ArgumentTypeError: if ``rules`` are of no registered game.

    """
    return game_of(rules).info(rules).max_game_length


def game_named(short_name: str) -> AnyGame:
    """The registered game called ``short_name``.

    The name is its :attr:`~skipbo.common.gameinfo.GameType.short_name` (``"skyjo"``);
    the built-in games are known whatever was imported before
    (:func:`load_builtin_games`).

    Raises:
        ValueError: if no registered game has that name; the message lists them.

    """
    load_builtin_games()
    for game in _GAMES.entries().values():
        if game.game_type.short_name == short_name:
            return game
    names = ", ".join(game_names())
    raise ValueError(f"no game is called {str(short_name)[:40]!r}; the games are: {names}")


def rules_from_data(data: object) -> tuple[AnyGame, Any]:
    """The game and rules of an untrusted rules document of any game.

    The document's ``"game"`` names the game (a document written before documents
    named their game is told by its ``"type"``: ``"rules"`` Skip-Bo's,
    ``"skyjo-rules"`` Skyjo's); the game then reads it strictly.

    Raises:
        skipbo.errors.DataError: if ``data`` is no rules document of a known game, or
            its game refuses it (the message gives the JSON pointer).

    """
    load_builtin_games()
    for game in _GAMES.entries().values():
        if game.claims(data):
            return game, game.read_rules(data)
    if isinstance(data, dict) and "game" in data:
        names = ", ".join(game_names())
        raise DataError("/game", f"the games are {names}, got {str(data['game'])[:40]!r}")
    kind = data.get("type") if isinstance(data, dict) else None
    kinds = ", ".join(repr(game.rules_document) for game in _GAMES.entries().values())
    raise DataError("/type", f"a rules document has the type {kinds}, got {str(kind)[:40]!r}")


_BUILTIN_PACKAGE = "skipbo.games"
"""The package whose subpackages are the built-in games, each registering itself."""


def load_builtin_games() -> None:
    """Import every built-in game (each package of :mod:`skipbo.games`), registering it.

    Whatever was imported before, the built-in games are then known by name.
    """
    package = importlib.import_module(_BUILTIN_PACKAGE)
    for found in pkgutil.iter_modules(package.__path__):
        if found.ispkg:
            importlib.import_module(f"{_BUILTIN_PACKAGE}.{found.name}")


def game_names() -> list[str]:
    """The short names of the registered games (the built-in ones always among them)."""
    load_builtin_games()
    return [game.game_type.short_name for game in _GAMES.entries().values()]


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
