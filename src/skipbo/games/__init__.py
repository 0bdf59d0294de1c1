"""The games by name, and any game's documents: :func:`names`, :func:`get`, :func:`load`.

>>> import skipbo.games
>>> skipbo.games.names()
['skipbo', 'skyjo']
>>> game = skipbo.games.get("skyjo")
>>> game.facade, game.bot_names()[:2]
('skipbo.skyjo', ('random', 'heuristic'))
>>> loaded = skipbo.games.load('{"type": "move", "game": "skyjo", "version": 1, "move": "draw"}')
>>> loaded.game is skipbo.games.SKYJO, loaded.value
(True, Draw())

Each game is a :class:`Game`: its facade's functions (``new_game``, ``view``,
``dumps``, ``play_game``, ``make_bot``, ...) typed by its own types, so one program,
generic in those types, plays every game (see the Embedding guide). The built-in games
(:data:`skipbo.games.SKIPBO`, :data:`skipbo.games.SKYJO`) are always known, whatever
was imported before; a distribution adds a game by an entry point in the group
``skipbo.games`` naming its :class:`Game` object.

Each game is a package here on one pattern, the same module name for the same role:
its rules core (``cards``, ``rules``, ``state``, ``moves``, ``engine``, ``views``,
``spec``), its services (``actions``, ``sampling``, ``invariants``, ``conformance``,
``serialization``, ``records``, ``text``), its ``bots``, its ``adapter``, which
registers it with :mod:`skipbo.common.game` for the game-agnostic layers (the arena,
the envs, the pictures, the web), and its ``facade`` additions. A game imports
``skipbo.common`` and itself, never another game; a user imports its facade
(:mod:`skipbo`, :mod:`skipbo.skyjo`) or this module, never the packages.
"""

from __future__ import annotations

import importlib
import pkgutil
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Literal, overload

import attrs

from skipbo.common import strictjson
from skipbo.common.frontend import Bot, DocumentKind, Game, GameBase, HasWinners
from skipbo.errors import ArgumentTypeError, DataError

if TYPE_CHECKING:
    from skipbo.games.skipbo.facade import GAME as SKIPBO
    from skipbo.games.skipbo.facade import Typed as SkipBoGame
    from skipbo.games.skyjo.facade import GAME as SKYJO
    from skipbo.games.skyjo.facade import Typed as SkyjoGame

__all__ = [
    "ENTRY_POINTS",
    "SKIPBO",
    "SKYJO",
    "Bot",
    "DocumentKind",
    "Game",
    "GameBase",
    "HasWinners",
    "Loaded",
    "get",
    "load",
    "names",
]

ENTRY_POINTS = "skipbo.games"
"""The entry-point group of further games: each entry point is named after its game
and loads to the game's :class:`Game`."""

_CONSTANTS = {"SKIPBO": "skipbo", "SKYJO": "skyjo"}


def __getattr__(name: str) -> object:
    # SKIPBO and SKYJO: a game's object is made by its package, imported when asked for.
    if name in _CONSTANTS:
        return get(_CONSTANTS[name])
    raise AttributeError(f"module 'skipbo.games' has no attribute {name!r}")


def _builtin() -> list[str]:
    """The built-in games: the packages of this package."""
    return [found.name for found in pkgutil.iter_modules(__path__) if found.ispkg]


def names() -> list[str]:
    """The names of every game: the built-in ones, then those of entry points."""
    builtin = _builtin()
    extra = sorted({point.name for point in entry_points(group=ENTRY_POINTS)} - set(builtin))
    return [*builtin, *extra]


@overload
def get(name: Literal["skipbo"]) -> SkipBoGame: ...
@overload
def get(name: Literal["skyjo"]) -> SkyjoGame: ...
@overload
def get(name: str) -> Game[Any, Any, Any, Any, Any, Any]: ...


def get(name: str) -> object:
    """The game called ``name`` (one of :func:`names`): its :class:`Game`.

    Raises:
        skipbo.errors.ArgumentTypeError: if ``name`` is not a str.
        ValueError: if no game has that name (the message lists the names).

    """
    if type(name) is not str:
        raise ArgumentTypeError(f"a game's name must be a str, not {type(name).__name__}")
    if name in _builtin():
        game = importlib.import_module(f"{__name__}.{name}.facade").GAME
        assert isinstance(game, Game)
        return game
    for point in entry_points(group=ENTRY_POINTS, name=name):
        loaded = point.load()
        if not isinstance(loaded, Game):
            raise ArgumentTypeError(
                f"the entry point {point.value!r} of {ENTRY_POINTS!r} is not a skipbo.games.Game"
            )
        return loaded
    raise ValueError(f"no game is called {name[:40]!r}; the games are: {', '.join(names())}")


@attrs.frozen
class Loaded:
    """A document read by :func:`load`: its game, and the value it holds."""

    game: GameBase
    """The game the document is of (:data:`skipbo.games.SKIPBO`, :data:`skipbo.games.SKYJO`)."""
    value: object
    """The value: the game's rules, state, move, view, outcome or record."""


def load(text: str | bytes) -> Loaded:
    """Read a JSON document of any game (today's format, or an older one), checking all.

    The document's ``"game"`` names its game; a document written before documents
    named their game is told by its ``"type"`` (Skyjo's were ``"skyjo-view"``, ...).
    A record's text form (``format_record``) is read too: its first line names its
    game (``skyjo-record 1``).

    Raises:
        skipbo.errors.DataError: if ``text`` is not strict JSON, not a document of any
            game, or not a valid one (the game's ``DataError``, with the JSON pointer).
        skipbo.errors.ReplayError: if it is a record with an illegal move.

    """
    if isinstance(text, str) and text.lstrip()[:1] not in ("{", "["):
        first = text.lstrip().split(maxsplit=1)[:1]
        game_name = first[0].removesuffix("-record") if first else ""
        if game_name in names() and first[0] == f"{game_name}-record":
            game = get(game_name)
            return Loaded(game, game.parse_record(text))
    data = strictjson.parse_json(text)
    for name in names():
        game = get(name)
        if game.claims(data):
            return Loaded(game, game.from_data(data))
    if isinstance(data, dict) and "game" in data:
        raise DataError(
            "/game", f"the games are {', '.join(names())}, got {strictjson.echo(data['game'])}"
        )
    kind = data.get("type") if isinstance(data, dict) else None
    raise DataError("/type", f"no game has a document of type {strictjson.echo(kind)}")
