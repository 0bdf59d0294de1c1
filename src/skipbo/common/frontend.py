"""A game as a frontend plays it, typed by the game's own types: :class:`Game`.

Each game's facade (:mod:`skipbo`, :mod:`skipbo.skyjo`) offers the same functions
under the same names; a :class:`Game` holds one game's and is typed by its rules,
state, view, move, outcome and record types, so that one program, generic in those
types, plays every game and type-checks without ``Any``. Find one with
:func:`skipbo.games.get` (``skipbo.games.get("skyjo")``) or take a typed constant
(:data:`skipbo.games.SKIPBO`, :data:`skipbo.games.SKYJO`).

The object imports its game when first used, so that holding it costs nothing; it is
the game's functions, not a copy of them: ``game.apply`` is the facade's ``apply``.

>>> import skipbo.games
>>> game = skipbo.games.get("skyjo")
>>> state = game.new_game(game.rules(players=2), seed=1)
>>> game.to_data(game.legal_moves(state)[0])
{'type': 'move', 'game': 'skyjo', 'version': 1, 'move': 'r0+1'}
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Generic, Literal, Protocol, TypeAlias, TypeVar, cast, overload

from skipbo.arena import TournamentResult
from skipbo.common.game import AnyGame, Bot

__all__ = ["Bot", "DocumentKind", "Game", "GameBase", "HasWinners"]

DocumentKind: TypeAlias = Literal["rules", "state", "move", "view", "outcome", "record"]
"""The ``"type"`` of a document: the same types in every game."""


class HasWinners(Protocol):
    """What every game's outcome tells: the winning seats (and ``str`` says it in words)."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won (several when they share the win; none when nobody won)."""
        ...


RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT")
MoveT = TypeVar("MoveT")
OutcomeT = TypeVar("OutcomeT", bound=HasWinners)
RecordT = TypeVar("RecordT")


class GameBase:
    """What every game object answers without its types: its names, its documents.

    :func:`skipbo.games.load` returns the game of a document as one of these (the
    game is known only when the document is read); each game's :class:`Game` is one.
    """

    def __init__(self, name: str, package: str, facade: str) -> None:
        self._name = name
        self._package = package
        self._facade = facade

    @property
    def name(self) -> str:
        """The game's short name (``"skipbo"``, ``"skyjo"``): its name in documents."""
        return self._name

    @property
    def facade(self) -> str:
        """The dotted name of the game's facade module (``"skipbo.skyjo"``)."""
        return self._facade

    @property
    def module(self) -> ModuleType:
        """The module holding the game's functions (imported on first use)."""
        return importlib.import_module(self._package)

    @property
    def registered(self) -> AnyGame:
        """The game as game-agnostic machinery (the arena, the web) plays it."""
        from skipbo.common.game import game_named

        self.module  # noqa: B018  (importing the game registers it)
        return game_named(self._name)

    def claims(self, data: object) -> bool:
        """Whether ``data`` (a parsed JSON document) is this game's, by its envelope."""
        return bool(self.registered.claims(data))

    def bot_names(self) -> tuple[str, ...]:
        """The names of the game's bots (see :func:`skipbo.bot_names`)."""
        return cast(tuple[str, ...], self.module.bot_names())

    def json_schema(self, kind: DocumentKind | None = None) -> dict[str, object]:
        """The JSON Schema of the game's documents (of ``kind``), see :func:`skipbo.json_schema`."""
        return cast(dict[str, object], self.module.json_schema(kind))

    def __repr__(self) -> str:
        return f"skipbo.games.get({self._name!r})"


class Game(GameBase, Generic[RulesT, StateT, ViewT, MoveT, OutcomeT, RecordT]):
    """One game's facade functions, typed by the game's types.

    The type parameters are the game's rules, state, view, move, outcome and record
    types (for Skyjo: ``skipbo.skyjo.Rules``, ``GameState``, ``PublicView``, ``Move``,
    ``Outcome``, ``GameRecord``). Each method is the facade function of the same name
    (see :mod:`skipbo` for what each does and raises).
    """

    # --- the core --------------------------------------------------------------------

    def rules(self, players: int | None = None) -> RulesT:
        """The game's default rules (for ``players`` players, if given)."""
        kind = self.module.Rules
        return cast(RulesT, kind() if players is None else kind(players=players))

    def new_game(self, rules: RulesT, *, seed: int | None = None) -> StateT:
        """A new game of ``rules``, dealt with ``seed`` (a secret one if ``None``)."""
        return cast(StateT, self.module.new_game(rules, seed=seed))

    def legal_moves(self, state: StateT | ViewT) -> list[MoveT]:
        """The moves the player to move may make, from the state or its view."""
        return cast(list[MoveT], self.module.legal_moves(state))

    def apply(self, state: StateT, move: MoveT) -> StateT:
        """The state after ``move`` (raising the game's ``IllegalMoveError``)."""
        return cast(StateT, self.module.apply(state, move))

    def is_over(self, state: StateT | ViewT) -> bool:
        """Whether the game has ended."""
        return cast(bool, self.module.is_over(state))

    def outcome(self, state: StateT | ViewT) -> OutcomeT | None:
        """The outcome of an ended game, ``None`` while it goes on."""
        return cast("OutcomeT | None", self.module.outcome(state))

    def current_player(self, state: StateT | ViewT) -> int:
        """The seat to move."""
        return cast(int, self.module.current_player(state))

    def view(self, state: StateT, player: int | None = None) -> ViewT:
        """What seat ``player`` may see of ``state`` (``None``: a spectator)."""
        return cast(ViewT, self.module.view(state, player))

    def spectator_view(self, state: StateT) -> ViewT:
        """What someone who plays no seat may see of ``state``."""
        return cast(ViewT, self.module.spectator_view(state))

    def all_moves(self, rules: RulesT | None = None) -> tuple[MoveT, ...]:
        """Every move of the rules, in legal-move order."""
        return cast(tuple[MoveT, ...], self.module.all_moves(rules))

    def parse_move(self, text: str) -> MoveT:
        """A move from the game's notation (any case, spaces around it allowed)."""
        return cast(MoveT, self.module.parse_move(text))

    def check_invariants(self, state: StateT) -> None:
        """Raise the game's ``InvariantViolation`` if ``state`` breaks an invariant."""
        self.module.check_invariants(state)

    # --- JSON ------------------------------------------------------------------------

    def dumps(
        self,
        value: RulesT | StateT | ViewT | MoveT | OutcomeT | RecordT,
        *,
        indent: int | None = None,
    ) -> str:
        """The JSON document of ``value``."""
        return cast(str, self.module.dumps(value, indent=indent))

    def to_data(
        self, value: RulesT | StateT | ViewT | MoveT | OutcomeT | RecordT
    ) -> dict[str, object]:
        """The document of ``value`` as a dict of JSON values."""
        return cast(dict[str, object], self.module.to_data(value))

    @overload
    def loads(self, text: str | bytes, kind: Literal["rules"]) -> RulesT: ...
    @overload
    def loads(self, text: str | bytes, kind: Literal["state"]) -> StateT: ...
    @overload
    def loads(self, text: str | bytes, kind: Literal["move"]) -> MoveT: ...
    @overload
    def loads(self, text: str | bytes, kind: Literal["view"]) -> ViewT: ...
    @overload
    def loads(self, text: str | bytes, kind: Literal["outcome"]) -> OutcomeT: ...
    @overload
    def loads(self, text: str | bytes, kind: Literal["record"]) -> RecordT: ...
    @overload
    def loads(
        self, text: str | bytes, kind: None = None
    ) -> RulesT | StateT | ViewT | MoveT | OutcomeT | RecordT: ...

    def loads(self, text: str | bytes, kind: DocumentKind | None = None) -> object:
        """Load a document of the game from JSON text, checking everything."""
        loaded: object = self.module.loads(text, kind)
        return loaded

    @overload
    def from_data(self, data: object, kind: Literal["rules"]) -> RulesT: ...
    @overload
    def from_data(self, data: object, kind: Literal["state"]) -> StateT: ...
    @overload
    def from_data(self, data: object, kind: Literal["move"]) -> MoveT: ...
    @overload
    def from_data(self, data: object, kind: Literal["view"]) -> ViewT: ...
    @overload
    def from_data(self, data: object, kind: Literal["outcome"]) -> OutcomeT: ...
    @overload
    def from_data(self, data: object, kind: Literal["record"]) -> RecordT: ...
    @overload
    def from_data(
        self, data: object, kind: None = None
    ) -> RulesT | StateT | ViewT | MoveT | OutcomeT | RecordT: ...

    def from_data(self, data: object, kind: DocumentKind | None = None) -> object:
        """Load a document of the game (a dict as ``json.loads`` gives), checking everything."""
        loaded: object = self.module.from_data(data, kind)
        return loaded

    # --- records ---------------------------------------------------------------------

    def record(
        self,
        rules: RulesT,
        seed: int,
        moves: Sequence[MoveT] = (),
        names: Sequence[str] = (),
    ) -> RecordT:
        """The game's record of (rules, seed, moves), with optional seat names."""
        return cast(
            RecordT, self.module.GameRecord(rules=rules, seed=seed, moves=moves, names=names)
        )

    def play_game(
        self,
        rules: RulesT,
        bots: Sequence[Bot[ViewT, MoveT]],
        seed: int,
        *,
        names: Sequence[str] = (),
    ) -> RecordT:
        """Play one game between ``bots`` (one a seat) and return its record."""
        return cast(RecordT, self.module.play_game(rules, bots, seed, names=names))

    def tournament(
        self,
        rules: RulesT,
        lineup: Sequence[str],
        *,
        games: int,
        seed: int,
        workers: int = 1,
        paired: bool = False,
    ) -> TournamentResult:
        """Games between the game's bots named in ``lineup``, the seats rotating.

        :func:`skipbo.arena.tournament` for this game's rules (see it for the rest).
        """
        from skipbo.arena import tournament

        return tournament(rules, lineup, games=games, seed=seed, workers=workers, paired=paired)

    def format_record(self, record: RecordT) -> str:
        """The record's compact text form."""
        return cast(str, self.module.format_record(record))

    def parse_record(self, text: str) -> RecordT:
        """A record from its text form, every move replayed."""
        return cast(RecordT, self.module.parse_record(text))

    def replay(self, record: RecordT) -> Iterator[StateT]:
        """Every state of the recorded game."""
        return cast(Iterator[StateT], self.module.replay(record))

    def final_state(self, record: RecordT) -> StateT:
        """The state after the record's last move."""
        return cast(StateT, self.module.final_state(record))

    # --- bots and words --------------------------------------------------------------

    def make_bot(
        self, name: str, seed: int | None = None, *, time_limit: float | None = None
    ) -> Bot[ViewT, MoveT]:
        """The game's bot called ``name`` (one of :meth:`~skipbo.games.GameBase.bot_names`)."""
        return cast(Bot[ViewT, MoveT], self.module.make_bot(name, seed, time_limit=time_limit))

    def describe_move(self, move: MoveT, view: ViewT) -> str:
        """``move`` of the player to move in ``view``, in words."""
        return cast(str, self.module.describe_move(move, view))

    def render_view(self, view: ViewT) -> str:
        """``view`` drawn as plain text for a terminal."""
        return cast(str, self.module.render_view(view))
