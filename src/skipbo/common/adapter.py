"""A :class:`~skipbo.common.game.Game` made of a game's own functions: :class:`GameAdapter`.

Most of what the arena and the checks ask of a game (deal, view, legal moves, apply,
is it over, its record, its conformance check) a game module already has as
functions; :class:`GameAdapter` holds them under the protocol's names, and derives
what is the same for every game: :meth:`~GameAdapter.deal` calls ``new_game`` with the
seed, :meth:`~GameAdapter.current_player` and :meth:`~GameAdapter.winners` read the
state's ``current_player`` and ``outcome``, :meth:`~GameAdapter.record` makes the game's
record type from (rules, seed, moves, names). A game registers its adapter with
:func:`~skipbo.common.game.register_game` (Skip-Bo: :data:`skipbo.games.skipbo.adapter.SKIPBO`,
Skyjo: :data:`skipbo.games.skyjo.adapter.SKYJO`).

A host that shows a game to people (the web table) needs a little more, also given
by each game: its documents (:attr:`~GameAdapter.to_data`,
:attr:`~GameAdapter.read_rules`), its move notation (:attr:`~GameAdapter.parse_move`),
its moves in words (:attr:`~GameAdapter.describe_move`), a hint from its heuristic
bot (:meth:`~GameAdapter.hint`) and its match (:meth:`~GameAdapter.new_match`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs

from skipbo.common.game import Bot, BotFactory, ConformanceCheck, MakeRecord, NewGame
from skipbo.common.gameinfo import GameInfo, GameType
from skipbo.common.match import MatchPlay, Series

__all__ = ["GameAdapter", "HasWinners", "PlayedState"]

RulesT = TypeVar("RulesT")
ViewT = TypeVar("ViewT")
MoveT = TypeVar("MoveT")
RecordT = TypeVar("RecordT")


class HasWinners(Protocol):
    """A game's outcome: it names the winning seats."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats."""
        ...


class PlayedState(Protocol):
    """What every game's state tells: the seat to move and, once ended, the outcome."""

    @property
    def current_player(self) -> int:
        """The seat to move."""
        ...

    @property
    def outcome(self) -> HasWinners | None:
        """The result (with its winning seats) once the game is over, else ``None``."""
        ...


StateT = TypeVar("StateT", bound=PlayedState)


def _no_round_end(state: Any, move: Any) -> None:
    """A game without rounds within it: no move ends one."""
    return None


def _no_seating(rules: object) -> dict[str, Any]:
    """No public facts of the seats (a module function: adapters are pickled with states)."""
    return {}


@attrs.frozen(kw_only=True)
class GameAdapter(Generic[RulesT, StateT, ViewT, MoveT, RecordT]):
    """One game's functions under the names of :class:`~skipbo.common.game.Game`."""

    game_type: GameType
    """The facts of every variant."""
    bots: Mapping[str, BotFactory[Bot[ViewT, MoveT]]]
    """The game's bots by name: factories taking the bot's seed (and a time limit)."""
    info: Callable[[RulesT], GameInfo]
    """The numbers of a variant."""
    new_game: NewGame[RulesT, StateT]
    """The game's ``new_game(rules, *, seed)``."""
    view: Callable[[StateT, int | None], ViewT]
    """What a seat (``None``: a spectator) may see of a state."""
    legal_moves: Callable[[ViewT], Sequence[MoveT]]
    """The moves allowed to the player to move, from its view."""
    apply: Callable[[StateT, MoveT], StateT]
    """The state after a move (raising the game's IllegalMoveError if not allowed)."""
    is_over: Callable[[StateT], bool]
    """Whether the game has ended."""
    turn: Callable[[StateT], object]
    """Which turn a state is in: a value that changes exactly when a turn ends."""
    termination: Callable[[StateT], str]
    """How an ended game ended, in the game's words."""
    record_type: MakeRecord[RulesT, MoveT, RecordT]
    """The game's record class."""
    rules_to_data: Callable[[RulesT], dict[str, Any]]
    """The rules as the game's JSON document."""
    check_conformance: ConformanceCheck[RulesT]
    """The game's conformance check."""
    to_data: Callable[[Any], dict[str, Any]]
    """Any of the game's values with a document form (rules, view, move, outcome,
    record) as its JSON document."""
    rules_document: str
    """The ``"type"`` of the game's rules document (``"rules"``) in documents without a
    ``"game"`` field (Skyjo's were ``"skyjo-rules"`` before documents named their game)."""
    read_rules: Callable[[object], RulesT]
    """The rules of an untrusted rules document (raising the game's ``DataError``)."""
    parse_move: Callable[[str], MoveT]
    """A move from the game's notation (raising the game's ``MoveSyntaxError``)."""
    describe_move: Callable[[MoveT, ViewT], str]
    """A move of the player to move in a view, in the words the terminal uses."""
    say_move: Callable[[MoveT, ViewT], str] = attrs.field(
        default=attrs.Factory(lambda adapter: adapter.describe_move, takes_self=True)
    )
    """The same move in the words of a board for people (the web table), which
    numbers piles and places as that board labels them (from 1; Skyjo's places by
    column and row). By default the terminal's words, for a game whose board labels
    its places as its notation does."""
    round_end: Callable[[StateT, MoveT], dict[str, Any] | None] = attrs.field(default=_no_round_end)
    """What a table shows of the end of the round a move ends, before the next deal,
    as JSON data (Skyjo: every grid turned up, and the round's score); ``None`` for a
    move that ends no round or the game, and for a game without rounds (the default)."""
    hint_bot: str = "heuristic"
    """The bot whose choice :meth:`~skipbo.common.adapter.GameAdapter.hint` gives."""
    seating: Callable[[RulesT], dict[str, Any]] = attrs.field(default=_no_seating)
    """Public facts of the seats that a table shows, from the rules (JSON data), such
    as which piles each seat plays; none by default."""
    claims_document: Callable[[object], bool] | None = None
    """Whether a document is the game's, going by its envelope (its ``"game"``, or for
    a document written before documents named their game, its ``"type"``). By default:
    its ``"game"`` is the game's name, or it has none and is a :attr:`rules_document`."""

    def claims(self, data: object) -> bool:
        """Whether ``data`` is (meant as) a document of this game (:attr:`claims_document`)."""
        if self.claims_document is not None:
            return self.claims_document(data)
        if type(data) is not dict:
            return False
        if "game" in data:
            return bool(data["game"] == self.game_type.short_name)
        return bool(data.get("type") == self.rules_document)

    def deal(self, rules: RulesT, seed: int) -> StateT:
        """:attr:`new_game` of ``rules`` with ``seed``."""
        return self.new_game(rules, seed=seed)

    def current_player(self, state: StateT) -> int:
        """The seat to move."""
        return state.current_player

    def winners(self, state: StateT) -> tuple[int, ...]:
        """The outcome's winning seats (empty while the game goes on)."""
        return () if state.outcome is None else state.outcome.winners

    def record(
        self, rules: RulesT, seed: int, moves: Sequence[MoveT], names: Sequence[str]
    ) -> RecordT:
        """The game's record (:attr:`record_type`) of (rules, seed, moves), with seat names."""
        return self.record_type(rules=rules, seed=seed, moves=tuple(moves), names=tuple(names))

    def hint(self, view: ViewT) -> MoveT:
        """The move the :attr:`hint_bot` would make from ``view`` (the mover's own view).

        The bot sees only ``view``, so a hint can never tell a hidden card.
        """
        return self.bots[self.hint_bot](None).choose(view)

    def new_match(self, rules: RulesT, seed: int, target: int | None) -> MatchPlay:
        """A match of ``rules`` dealt with ``seed``: here a :class:`~skipbo.common.match.Series`.

        A game with match rules of its own (Skip-Bo, R-SCORE) overrides this and
        plays to ``target``; a series has none (``target`` must be ``None``).

        Raises:
            ValueError: for a ``target``: this game has no match target.

        """
        if target is not None:
            raise ValueError(f"{self.game_type.long_name} has no match target")
        return Series.start(self, rules, seed)
