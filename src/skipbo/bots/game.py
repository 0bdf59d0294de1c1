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

from typing import Any

from skipbo.bots import BOTS
from skipbo.checking.conformance import check_conformance
from skipbo.common.adapter import GameAdapter
from skipbo.common.game import Game, register_game
from skipbo.common.match import MatchPlay
from skipbo.deal import new_game
from skipbo.engine import apply, is_over
from skipbo.game import GAME_TYPE, game_info
from skipbo.io.records import GameRecord
from skipbo.io.serialization import from_data, to_data
from skipbo.moves import Move, parse_move
from skipbo.rules import Rules
from skipbo.state import GameState
from skipbo.text.words import describe_move
from skipbo.variants.match import DEFAULT_TARGET, new_match
from skipbo.views import PlayerView, legal_moves, view

__all__ = ["SKIPBO", "SkipBoGame"]


def _turn(state: GameState) -> int:
    """The state's turn number (R-TURN: a turn runs up to its discard)."""
    return state.turn


def _read_rules(data: object) -> Rules:
    """The rules of an untrusted ``"rules"`` document."""
    return from_data(data, "rules")


def _seating(rules: Rules) -> dict[str, Any]:
    """Which stock pile, discard set and team each seat has (R-TEAM: public)."""
    seating = rules.seating
    return {
        "seat_stock": list(seating.own_stock),
        "seat_discards": list(seating.own_discards),
        "seat_team": list(seating.team_of),
    }


def _termination(state: GameState) -> str:
    """The :class:`~skipbo.Termination` value, e.g. ``"blocked"``."""
    return "" if state.outcome is None else state.outcome.termination.value


class SkipBoGame(GameAdapter[Rules, GameState, PlayerView, Move, GameRecord]):
    """Skip-Bo's functions under the names of :class:`~skipbo.common.game.Game`.

    Each seat sees its own view (:func:`skipbo.views.view`, R-INFO); a turn is the
    state's turn number (a turn runs up to its discard, R-TURN); the termination is the
    :class:`~skipbo.Termination` value (e.g. ``"blocked"``); the winners are a team's
    seats in team play (R-TEAM-3); moves are said in the words of
    :func:`skipbo.text.words.describe_move`; its match is :class:`skipbo.Match` (R-SCORE).
    """

    def __init__(self) -> None:
        super().__init__(
            game_type=GAME_TYPE,
            bots=BOTS,
            info=game_info,
            new_game=new_game,
            view=view,
            legal_moves=legal_moves,
            apply=apply,
            is_over=is_over,
            turn=_turn,
            termination=_termination,
            record_type=GameRecord,
            rules_to_data=to_data,
            check_conformance=check_conformance,
            to_data=to_data,
            rules_document="rules",
            read_rules=_read_rules,
            parse_move=parse_move,
            describe_move=describe_move,
            seating=_seating,
        )

    def new_match(self, rules: Rules, seed: int, target: int | None) -> MatchPlay:
        """A Skip-Bo match (R-SCORE) to ``target`` (``None``: 500, R-SCORE-3)."""
        return new_match(rules, seed=seed, target=DEFAULT_TARGET if target is None else target)


SKIPBO: Game[Rules, GameState, PlayerView, Move, GameRecord] = SkipBoGame()
"""Skip-Bo for game-agnostic machinery."""

register_game(Rules, SKIPBO)
