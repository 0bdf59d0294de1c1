"""A game drawn in plain text: what a player sees, or the referee's whole picture.

Piles are written bottom to top (``[9 7]``: the 7 is the top) with the indices of
the move notation: build pile ``b2``, stock pile ``s1``, discard pile ``d1.3``
(pile 3 of discard set 1). A build pile shows the number on top and the number it
needs next. In team play the seats, stock piles and discard sets of a team are drawn
together.

>>> import skipbo
>>> state = skipbo.new_game(skipbo.Rules(players=2), seed=1)
>>> print(render_view(skipbo.view(state, 0)))
turn 1: seat 0 to move (you are seat 0); draw pile 97, completed 0
build piles: b0 empty (needs 1)  b1 empty (needs 1)  b2 empty (needs 1)  b3 empty (needs 1)
seat 0 (you, hand 5): stock s0 top 11 (30 cards)
  discards: d0.0 []  d0.1 []  d0.2 []  d0.3 []
seat 1 (hand 0): stock s1 top 9 (30 cards)
  discards: d1.0 []  d1.1 []  d1.2 []  d1.3 []
your hand: W 2 2 4 11
"""

from __future__ import annotations

from skipbo.games.skipbo.cards import format_card
from skipbo.games.skipbo.state import GameState, Pile
from skipbo.games.skipbo.views import PlayerView, spectator_view

__all__ = ["describe", "format_pile", "render_view"]


def format_pile(pile: Pile) -> str:
    """Cards bottom to top, e.g. ``[1 W 3]``; ``[]`` for an empty pile."""
    return "[" + " ".join(map(format_card, pile)) + "]"


def _build(index: int, pile: Pile) -> str:
    # R-BUILD-2: a pile of n cards is the run 1..n (wilds standing in), so n is on top.
    if not pile:
        return f"b{index} empty (needs 1)"
    return f"b{index} {len(pile)} (needs {len(pile) + 1})"


def _seats(seen: PlayerView, seats: tuple[int, ...]) -> str:
    return ", ".join(
        f"seat {seat} ({'you, ' if seat == seen.player else ''}hand {seen.hand_sizes[seat]})"
        for seat in seats
    )


def _stock(seen: PlayerView, stock: int) -> str:
    # Only the top of a stock pile is public (R-SETUP-3); its size is too (R-INFO-1).
    top = seen.stock_tops[stock]
    shown = "-" if top is None else format_card(top)
    return f"stock s{stock} top {shown} ({seen.stock_sizes[stock]} cards)"


def _public(seen: PlayerView) -> list[str]:
    """The lines every player sees alike: the turn, the centre and every team's piles."""
    rules = seen.rules
    whose = "" if seen.player is None else f" (you are seat {seen.player})"
    lines = [
        f"turn {seen.turn}: seat {seen.current_player} to move{whose}; "
        f"draw pile {seen.draw_pile_size}, completed {seen.completed_count}",
        "build piles: " + "  ".join(_build(i, pile) for i, pile in enumerate(seen.builds)),
    ]
    for team, seats in enumerate(rules.seating.team_seats):
        who = _seats(seen, seats) if len(seats) == 1 else f"team {team}: {_seats(seen, seats)}"
        stocks = "; ".join(_stock(seen, stock) for stock in rules.seating.team_stocks[team])
        lines.append(f"{who}: {stocks}")
        for discard_set in sorted({rules.seating.own_discards[seat] for seat in seats}):
            piles = seen.discards[discard_set]
            lines.append(
                "  discards: "
                + "  ".join(f"d{discard_set}.{i} {format_pile(p)}" for i, p in enumerate(piles))
            )
    return lines


def _hand(hand: Pile) -> str:
    return " ".join(map(format_card, hand)) if hand else "(empty)"


def _ending(seen: PlayerView) -> list[str]:
    return [] if seen.outcome is None else [f"game over: {seen.outcome}"]


def render_view(seen: PlayerView) -> str:
    """What ``seen`` shows, drawn for its player (or a spectator); nothing hidden.

    It draws only the fields of the view, so it cannot show another hand, a stock
    card below a top or the order of the draw pile (R-INFO-3).
    """
    lines = _public(seen)
    if seen.hand is not None:
        lines.append(f"your hand: {_hand(seen.hand)}")
    return "\n".join(lines + _ending(seen))


def describe(state: GameState) -> str:
    """The referee's picture of ``state``: the public piles and every hand (not for players).

    >>> import skipbo
    >>> state = skipbo.new_game(skipbo.Rules(players=2), seed=1)
    >>> print(describe(state).splitlines()[-2])
    hand of seat 0: W 2 2 4 11
    """
    seen = spectator_view(state)
    hands = [f"hand of seat {seat}: {_hand(hand)}" for seat, hand in enumerate(state.hands)]
    return "\n".join(_public(seen) + hands + _ending(seen))
