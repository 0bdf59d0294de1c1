"""What a seat sees of High card: its own card, the discards, the deck's size."""

from __future__ import annotations

import attrs

from tests.highcard.rules import Rules
from tests.highcard.state import GameState, Outcome


@attrs.frozen
class View:
    """A seat's view (``seat`` ``None``: a spectator, who sees no hand until the end)."""

    rules: Rules
    seat: int | None
    card: int | None
    discards: tuple[int, ...]
    deck_size: int
    current_player: int
    outcome: Outcome | None


def view(state: GameState, seat: int | None) -> View:
    """What ``seat`` sees of ``state``: never another seat's card before the showdown."""
    card = None if seat is None else state.hands[seat]
    return View(
        state.rules,
        seat,
        card,
        state.discards,
        len(state.deck),
        state.current_player,
        state.outcome,
    )
