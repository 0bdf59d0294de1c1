"""Skyjo's metadata (:data:`GAME_TYPE`, :func:`game_info`) and :data:`SKYJO`, its Game.

:data:`SKYJO` is Skyjo as a :class:`skipbo.common.game.Game`, registered for
:class:`skipbo.skyjo.Rules` when :mod:`skipbo.skyjo` is imported: the arena and
:func:`skipbo.check_conformance` play Skyjo through it.

>>> from skipbo import skyjo
>>> from skipbo.skyjo.game import GAME_TYPE, game_info
>>> GAME_TYPE.short_name, GAME_TYPE.min_players, GAME_TYPE.max_players
('skyjo', 2, 8)
>>> game_info(skyjo.Rules(players=4)).action_count
92
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from skipbo.common.game import Bot, Game, register_game
from skipbo.common.gameinfo import Chance, GameInfo, GameType, Information
from skipbo.skyjo.bots import BOTS
from skipbo.skyjo.conformance import ConformanceReport, check_conformance
from skipbo.skyjo.engine import apply, is_over, legal_moves, new_game
from skipbo.skyjo.moves import Move, all_moves
from skipbo.skyjo.records import GameRecord
from skipbo.skyjo.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from skipbo.skyjo.serialization import to_data
from skipbo.skyjo.state import GameState, Phase
from skipbo.skyjo.views import PublicView, view

__all__ = ["GAME_TYPE", "SKYJO", "SkyjoGame", "game_info"]

GAME_TYPE = GameType(
    short_name="skyjo",
    long_name="Skyjo",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    # Every deal and reshuffle (S-SETUP-2, S-DRAW-1) draws from the state's hidden seed.
    chance=Chance.SAMPLED,
    # Face-down grid cards and the draw pile are hidden from everyone (S-INFO-2).
    information=Information.IMPERFECT,
)
"""Facts of every Skyjo variant: 2 to 8 players (S-SETUP-1), sampled chance,
imperfect information, one player moves at a time (the reveals of S-SETUP-4 are
chosen in seat order)."""


def game_info(rules: Rules) -> GameInfo:
    """The numbers of the variant ``rules``: players, distinct actions, game length bound.

    ``max_game_length`` is ``None``: a round without a turn limit has no bound on its
    moves, and even with one the number of rounds depends on the scores.
    """
    return GameInfo(players=rules.players, action_count=len(all_moves()), max_game_length=None)


class SkyjoGame:
    """Skyjo's functions under the names of :class:`~skipbo.common.game.Game`."""

    @property
    def game_type(self) -> GameType:
        """:data:`GAME_TYPE`."""
        return GAME_TYPE

    @property
    def bots(self) -> Mapping[str, Callable[[int | None], Bot[PublicView, Move]]]:
        """:data:`skipbo.skyjo.bots.BOTS`."""
        return BOTS

    def info(self, rules: Rules) -> GameInfo:
        """:func:`game_info`."""
        return game_info(rules)

    def deal(self, rules: Rules, seed: int) -> GameState:
        """:func:`skipbo.skyjo.new_game`."""
        return new_game(rules, seed=seed)

    def view(self, state: GameState, seat: int) -> PublicView:
        """The public view: the same for every seat (S-INFO-2)."""
        return view(state)

    def legal_moves(self, view: PublicView) -> Sequence[Move]:
        """:func:`skipbo.skyjo.legal_moves`."""
        return legal_moves(view)

    def apply(self, state: GameState, move: Move) -> GameState:
        """:func:`skipbo.skyjo.apply`."""
        return apply(state, move)

    def current_player(self, state: GameState) -> int:
        """The seat to move."""
        return state.current_player

    def is_over(self, state: GameState) -> bool:
        """:func:`skipbo.skyjo.is_over`."""
        return is_over(state)

    def turn(self, state: GameState) -> tuple[int, int, int, bool]:
        """The round, its completed turns, the seat to move, and whether it reveals.

        A reveal of S-SETUP-4 counts as a turn of its own: one a seat, before the
        round's first turn (which its starter may begin right after its reveal).
        """
        return state.round, state.turns, state.current_player, state.phase is Phase.REVEAL

    def winners(self, state: GameState) -> tuple[int, ...]:
        """The seats with the lowest total (S-SCORE-3)."""
        return () if state.outcome is None else state.outcome.winners

    def termination(self, state: GameState) -> str:
        """``"end-score"``: a Skyjo game ends only when a total reaches the end score."""
        return "end-score" if state.outcome is not None else ""

    def record(
        self, rules: Rules, seed: int, moves: Sequence[Move], names: Sequence[str]
    ) -> GameRecord:
        """A :class:`skipbo.skyjo.records.GameRecord`."""
        return GameRecord(rules=rules, seed=seed, moves=tuple(moves), names=tuple(names))

    def rules_to_data(self, rules: Rules) -> dict[str, Any]:
        """The rules' ``skyjo-rules`` document."""
        return to_data(rules)

    def check_conformance(
        self, rules: Rules, games: int, *, seed: int, max_moves: int, illegal_per_step: int
    ) -> ConformanceReport:
        """:func:`skipbo.skyjo.conformance.check_conformance`."""
        return check_conformance(
            rules, games, seed=seed, max_moves=max_moves, illegal_per_step=illegal_per_step
        )


SKYJO: Game[Rules, GameState, PublicView, Move, GameRecord] = SkyjoGame()
"""Skyjo for game-agnostic machinery."""

register_game(Rules, SKYJO)
