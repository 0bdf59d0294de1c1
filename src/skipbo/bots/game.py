"""Skip-Bo as a :class:`skipbo.common.game.Game`, registered for :class:`skipbo.Rules`.

The game-agnostic arena (:mod:`skipbo.arena`) plays Skip-Bo through :data:`SKIPBO`.
It lives in the players layer, not beside :mod:`skipbo.game` in the core, because it
hands out the bots and the seats' views, which the core never imports; ``import skipbo``
imports it, so Skip-Bo is registered whenever Skip-Bo rules exist.

>>> import skipbo
>>> from skipbo.bots.game import SKIPBO
>>> from skipbo.common.game import game_of
>>> game_of(skipbo.Rules()) is SKIPBO
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from skipbo.bots import BOTS
from skipbo.checking.conformance import ConformanceReport, check_conformance
from skipbo.common.game import Bot, Game, register_game
from skipbo.common.gameinfo import GameInfo, GameType
from skipbo.deal import new_game
from skipbo.engine import apply
from skipbo.game import GAME_TYPE, game_info
from skipbo.io.records import GameRecord
from skipbo.io.serialization import to_data
from skipbo.moves import Move
from skipbo.rules import Rules
from skipbo.state import GameState
from skipbo.views import PlayerView, legal_moves, view

__all__ = ["SKIPBO", "SkipBoGame"]


class SkipBoGame:
    """Skip-Bo's functions under the names of :class:`~skipbo.common.game.Game`."""

    @property
    def game_type(self) -> GameType:
        """:data:`skipbo.game.GAME_TYPE`."""
        return GAME_TYPE

    @property
    def bots(self) -> Mapping[str, Callable[[int | None], Bot[PlayerView, Move]]]:
        """:data:`skipbo.bots.BOTS`."""
        return BOTS

    def info(self, rules: Rules) -> GameInfo:
        """:func:`skipbo.game.game_info`."""
        return game_info(rules)

    def deal(self, rules: Rules, seed: int) -> GameState:
        """:func:`skipbo.new_game`."""
        return new_game(rules, seed=seed)

    def view(self, state: GameState, seat: int) -> PlayerView:
        """:func:`skipbo.views.view`: the seat's own view (R-INFO)."""
        return view(state, seat)

    def legal_moves(self, view: PlayerView) -> Sequence[Move]:
        """:func:`skipbo.legal_moves`."""
        return legal_moves(view)

    def apply(self, state: GameState, move: Move) -> GameState:
        """:func:`skipbo.apply`."""
        return apply(state, move)

    def current_player(self, state: GameState) -> int:
        """The seat to move."""
        return state.current_player

    def is_over(self, state: GameState) -> bool:
        """Whether the game has an outcome."""
        return state.outcome is not None

    def turn(self, state: GameState) -> int:
        """The state's turn number (R-TURN: a turn runs up to its discard)."""
        return state.turn

    def winners(self, state: GameState) -> tuple[int, ...]:
        """The outcome's winning seats (a team's seats in team play, R-TEAM-3)."""
        return () if state.outcome is None else state.outcome.winners

    def termination(self, state: GameState) -> str:
        """The :class:`~skipbo.Termination` value, e.g. ``"blocked"``."""
        return "" if state.outcome is None else state.outcome.termination.value

    def record(
        self, rules: Rules, seed: int, moves: Sequence[Move], names: Sequence[str]
    ) -> GameRecord:
        """A :class:`~skipbo.io.records.GameRecord`."""
        return GameRecord(rules=rules, seed=seed, moves=tuple(moves), names=tuple(names))

    def rules_to_data(self, rules: Rules) -> dict[str, Any]:
        """The rules' :mod:`skipbo.io.serialization` document."""
        return to_data(rules)

    def check_conformance(
        self, rules: Rules, games: int, *, seed: int, max_moves: int, illegal_per_step: int
    ) -> ConformanceReport:
        """:func:`skipbo.check_conformance`."""
        return check_conformance(
            rules, games, seed=seed, max_moves=max_moves, illegal_per_step=illegal_per_step
        )


SKIPBO: Game[Rules, GameState, PlayerView, Move, GameRecord] = SkipBoGame()
"""Skip-Bo for game-agnostic machinery."""

register_game(Rules, SKIPBO)
