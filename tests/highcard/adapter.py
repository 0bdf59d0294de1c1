"""High card as a :class:`skipbo.common.game.Game`, registered for its rules."""

from __future__ import annotations

from typing import Any

from skipbo.common.adapter import GameAdapter
from skipbo.common.game import register_game
from skipbo.common.gameinfo import Chance, GameInfo, GameType, Information
from skipbo.errors import ConfigurationError, DataError
from tests.highcard.bots import BOTS
from tests.highcard.conformance import check_conformance
from tests.highcard.engine import apply, is_over, legal_moves, new_game
from tests.highcard.moves import Move, parse_move
from tests.highcard.records import GameRecord
from tests.highcard.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from tests.highcard.state import GameState
from tests.highcard.views import View, view

GAME_TYPE = GameType(
    short_name="highcard",
    long_name="High card",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    chance=Chance.SAMPLED,
    information=Information.IMPERFECT,
)


def to_data(value: Any) -> dict[str, Any]:
    """Rules, a move or an outcome as JSON data."""
    if isinstance(value, Rules):
        return {"type": "highcard-rules", "players": value.players, "cards": value.cards}
    if isinstance(value, Move):
        return {"type": "highcard-move", "move": value.value}
    return {"type": "highcard-value", "text": str(value)}


def read_rules(data: object) -> Rules:
    """The rules of an untrusted ``"highcard-rules"`` document."""
    if not isinstance(data, dict) or data.get("type") != "highcard-rules":
        raise DataError("/type", "not a High card rules document")
    try:
        return Rules(players=data.get("players", 2), cards=data.get("cards", 10))
    except ConfigurationError as error:
        raise DataError(f"/{error.parameter}", str(error)) from None


def describe_move(move: Move, seen: View) -> str:
    """``move`` in words."""
    return "keep the card" if move is Move.KEEP else "swap the card for the deck's top card"


HIGH_CARD: GameAdapter[Rules, GameState, View, Move, GameRecord] = GameAdapter(
    game_type=GAME_TYPE,
    bots=BOTS,
    info=lambda rules: GameInfo(
        players=rules.players, action_count=2, max_game_length=rules.players
    ),
    new_game=new_game,
    view=view,
    legal_moves=legal_moves,
    apply=apply,
    is_over=is_over,
    turn=lambda state: state.moved,
    termination=lambda state: "showdown" if state.outcome is not None else "",
    record_type=GameRecord,
    rules_to_data=to_data,
    check_conformance=check_conformance,
    to_data=to_data,
    rules_document="highcard-rules",
    read_rules=read_rules,
    parse_move=parse_move,
    describe_move=describe_move,
    hint_bot="swap-low",
)
"""High card for the game-agnostic machinery (the arena, the conformance checker)."""

register_game(Rules, HIGH_CARD)
