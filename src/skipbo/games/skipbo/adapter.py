"""Skip-Bo's metadata (:data:`GAME_TYPE`, :func:`game_info`) and :data:`SKIPBO`, its Game.

:data:`SKIPBO` is Skip-Bo as a :class:`skipbo.common.game.Game`, registered for
:class:`skipbo.Rules` when :mod:`skipbo.games.skipbo` is imported.

The game-agnostic arena (:mod:`skipbo.arena`) plays Skip-Bo through :data:`SKIPBO`.
It sits above the game's services (records, serialization, conformance, match play),
which it names for game-agnostic machinery; its bots load only when one is first
wanted (:class:`~skipbo.common.bots.BotsOf`), so that ``import skipbo`` registers
Skip-Bo without loading a bot.

>>> import skipbo
>>> from skipbo.games.skipbo.adapter import SKIPBO
>>> from skipbo.common.game import game_of
>>> game_of(skipbo.Rules()) is SKIPBO
True
"""

from __future__ import annotations

from typing import Any

from skipbo.common.adapter import GameAdapter
from skipbo.common.bots import BotsOf
from skipbo.common.game import Game, register_game
from skipbo.common.gameinfo import Chance, GameInfo, GameType, Information
from skipbo.common.match import MatchPlay
from skipbo.games.skipbo.conformance import check_conformance
from skipbo.games.skipbo.deal import new_game
from skipbo.games.skipbo.engine import apply, is_over
from skipbo.games.skipbo.moves import Move, move_table, parse_move
from skipbo.games.skipbo.records import GameRecord
from skipbo.games.skipbo.rules import MAX_TEAM_PLAYERS, MIN_PLAYERS, Rules, max_moves
from skipbo.games.skipbo.serialization import claims, from_data, to_data
from skipbo.games.skipbo.state import GameState
from skipbo.games.skipbo.variants.match import DEFAULT_TARGET, new_match
from skipbo.games.skipbo.views import PlayerView, legal_moves, view

__all__ = ["GAME_TYPE", "SKIPBO", "SkipBoGame", "game_info"]

GAME_TYPE = GameType(
    short_name="skipbo",
    long_name="Skip-Bo",
    min_players=MIN_PLAYERS,
    max_players=MAX_TEAM_PLAYERS,
    # The reshuffles of R-DRAW-2 draw from the state's hidden shuffle seed.
    chance=Chance.SAMPLED,
    # Hands, stock cards below the tops and the draw pile are hidden (R-INFO-3).
    information=Information.IMPERFECT,
)
"""Facts of every Skip-Bo variant: 2 to 12 players (R-SETUP-1, R-TEAM-5), sampled
chance, imperfect information, one player moves at a time."""


def game_info(rules: Rules) -> GameInfo:
    """The numbers of the variant ``rules``: players, distinct actions, game length bound.

    ``max_game_length`` is the proved bound on a game's moves,
    :func:`skipbo.max_moves` (R-WIN-4); ``None`` when the rules lift
    the turn-move or the stall limit.
    """
    return GameInfo(
        players=rules.players,
        action_count=len(move_table(rules).moves),
        max_game_length=max_moves(rules),
    )


def _turn(state: GameState) -> int:
    """The state's turn number (R-TURN: a turn runs up to its discard)."""
    return state.turn


def _read_rules(data: object) -> Rules:
    """The rules of an untrusted ``"rules"`` document."""
    return from_data(data, "rules")


def _describe_move(move: Move, seen: PlayerView) -> str:
    """:func:`skipbo.games.skipbo.text.describe_move`, imported when first used.

    ``import skipbo`` imports this module, and must not load the text layer.
    """
    from skipbo.games.skipbo.text.words import describe_move

    return describe_move(move, seen)


def _say_move(move: Move, seen: PlayerView) -> str:
    """:func:`skipbo.games.skipbo.text.describe_move` as a board for people labels piles."""
    from skipbo.games.skipbo.text.words import describe_move

    return describe_move(move, seen, board=True)


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

    Each seat sees its own view (:func:`skipbo.games.skipbo.views.view`, R-INFO); a turn is the
    state's turn number (a turn runs up to its discard, R-TURN); the termination is the
    :class:`~skipbo.Termination` value (e.g. ``"blocked"``); the winners are a team's
    seats in team play (R-TEAM-3); moves are said in the words of
    :func:`skipbo.games.skipbo.text.describe_move`; its match is :class:`skipbo.Match` (R-SCORE).
    """

    def __init__(self) -> None:
        super().__init__(
            game_type=GAME_TYPE,
            bots=BotsOf("skipbo.games.skipbo.bots"),
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
            claims_document=claims,
            read_rules=_read_rules,
            parse_move=parse_move,
            describe_move=_describe_move,
            say_move=_say_move,
            seating=_seating,
        )

    def new_match(self, rules: Rules, seed: int, target: int | None) -> MatchPlay:
        """A Skip-Bo match (R-SCORE) to ``target`` (``None``: 500, R-SCORE-3)."""
        return new_match(rules, seed=seed, target=DEFAULT_TARGET if target is None else target)


SKIPBO: Game[Rules, GameState, PlayerView, Move, GameRecord] = SkipBoGame()
"""Skip-Bo for game-agnostic machinery."""

register_game(Rules, SKIPBO)
