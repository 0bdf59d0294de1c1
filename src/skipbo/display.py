"""Plain-text rendering of a game for terminals, logs and the demo.

>>> import skipbo
>>> from skipbo.display import describe
>>> print(describe(skipbo.new_game(skipbo.Rules(players=2), seed=1)).splitlines()[0])
turn 1, seat 0 to move; draw pile 97, completed 0
"""

from __future__ import annotations

from skipbo.cards import format_card
from skipbo.state import GameState, Pile

__all__ = ["describe", "format_pile"]


def format_pile(pile: Pile) -> str:
    """Cards bottom to top, e.g. ``[1 W 3]``; ``[]`` for an empty pile."""
    return "[" + " ".join(map(format_card, pile)) + "]"


def describe(state: GameState) -> str:
    """The referee's picture of ``state`` (it shows the current hand: not for players)."""
    rules = state.rules
    lines = [
        f"turn {state.turn}, seat {state.current_player} to move; "
        f"draw pile {len(state.draw_pile)}, completed {len(state.completed)}",
        "build piles: " + " ".join(format_pile(pile) for pile in state.builds),
    ]
    for seat in range(rules.players):
        stock = state.stocks[rules.seating.own_stock[seat]]
        top = format_card(stock[-1]) if stock else "-"
        discards = " ".join(
            format_pile(p) for p in state.discards[rules.seating.own_discards[seat]]
        )
        lines.append(
            f"seat {seat}: stock {top} ({len(stock)} cards), "
            f"hand {len(state.hands[seat])}, discards {discards}"
        )
    lines.append(f"hand of seat {state.current_player}: {format_pile(state.hand)}")
    if state.outcome is not None:
        lines.append(f"game over: {state.outcome}")
    return "\n".join(lines)
