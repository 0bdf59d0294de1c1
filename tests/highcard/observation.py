"""High card for agents: its observation and actions, registered when imported."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from skipbo.observation.encoder import Encoder, register_encoder
from skipbo.observation.layout import ObservationLayout, make_layout
from tests.highcard.engine import legal_moves
from tests.highcard.moves import Move
from tests.highcard.rules import Rules
from tests.highcard.views import View


def layout(rules: Rules, depth: int) -> ObservationLayout:
    """The seat, its card (one-hot), the discarded cards (flags), the deck's size."""
    return make_layout(
        rules,
        depth,
        [
            ("seat", (rules.players,), 0, 1, "the viewing seat, one-hot"),
            ("card", (rules.cards,), 0, 1, "the seat's card, one-hot"),
            ("discards", (rules.cards,), 0, 1, "the cards swapped away"),
            ("deck_size", (1,), 0, rules.cards, "the cards left in the deck"),
        ],
    )


def encode(seen: View, seat: int, depth: int) -> npt.NDArray[np.float32]:
    """``seat``'s vector, from its own view alone."""
    rules = seen.rules
    vector = np.zeros(layout(rules, depth).size, dtype=np.float32)
    vector[seat] = 1
    if seen.card is not None:
        vector[rules.players + seen.card - 1] = 1
    for card in seen.discards:
        vector[rules.players + rules.cards + card - 1] = 1
    vector[-1] = seen.deck_size
    return vector


ENCODER = Encoder(
    name="High card",
    default_rules=lambda players: Rules(players=players),
    default_depth=0,
    layout=layout,
    encode=encode,
    legal_mask=lambda state: bytes(move in legal_moves(state) for move in Move),
    action_count=lambda rules: len(Move),
    to_move=lambda rules, index: list(Move)[index],
    text=lambda seen, seat: f"You are seat {seat}; your card is {seen.card}.",
)
"""High card for the environments (action 0 keeps, 1 swaps)."""

register_encoder(Rules, ENCODER)
