"""High card's pictures: one card a seat, face up where the picture may show it."""

from __future__ import annotations

from typing import Any

from skipbo.pictures.drawing import Painter, register_painter
from skipbo.pictures.faces import CARD_RATIO, CardFace, card_back, card_front
from skipbo.pictures.layout import BACK, Options, label
from skipbo.pictures.svg import document
from tests.highcard.adapter import describe_move
from tests.highcard.records import GameRecord, replay
from tests.highcard.rules import Rules
from tests.highcard.state import GameState
from tests.highcard.views import View, view

CARD = 60.0


def draw(value: GameState | View, options: Options) -> str:
    """Every seat's card: a state shows all, a view its own (all after the showdown)."""
    players = value.rules.players
    if isinstance(value, GameState):
        shown: list[int | None] = list(value.hands)
    else:
        shown = [value.card if seat == value.seat else None for seat in range(players)]
        if value.outcome is not None:
            shown = list(value.outcome.hands)
    parts = []
    for seat, card in enumerate(shown):
        x = 10 + seat * (CARD + 10)
        parts.append(label(x, 20, options.seat_name(seat), size=12))
        if card is None:
            parts.append(card_back(x, 30, CARD, colour=BACK))
        else:
            face = CardFace(label=str(card), fill="#ffffff", ink="#1c1c28", edge="#1c1c28", band="")
            parts.append(card_front(x, 30, CARD, face, value=card))
    width, height = 10 + players * (CARD + 10), 40 + CARD * CARD_RATIO
    return document(width, height, parts, title="High card", size=options.size)


def say(move: Any, before: GameState, seat: int | None) -> str:
    """``move`` in words, headed by the mover's seat."""
    return f"seat {before.current_player}: {describe_move(move, view(before, seat))}"


PAINTER = Painter(
    draw=draw, say=say, state_types=(GameState, View), record_type=GameRecord, replay=replay
)
"""High card's painter."""

register_painter(Rules, PAINTER)
