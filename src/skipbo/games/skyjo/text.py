"""Text pictures of a Skyjo position and plain words for its moves.

>>> from skipbo import skyjo
>>> seen = skyjo.view(skyjo.new_game(skyjo.Rules(players=2), seed=1))
>>> print(render_view(seen).splitlines()[0])
round 1, reveal phase: seat 0 turns two cards up; totals 0 0
>>> describe_move(skyjo.parse_move("r0+4"), seen)
'turn up the cards at places 0 and 4 (column 1, row 1 and column 2, row 2)'
>>> describe_move(skyjo.parse_move("r0+4"), seen, board=True)
'turn up the cards at column 1, row 1 and column 2, row 2'
"""

from __future__ import annotations

from skipbo.games.skyjo.cards import COLUMNS, ROWS
from skipbo.games.skyjo.errors import ArgumentTypeError
from skipbo.games.skyjo.moves import DiscardFlip, Draw, Move, Reveal, Swap, TakeDiscard
from skipbo.games.skyjo.state import Phase
from skipbo.games.skyjo.views import FACE_DOWN, PublicView, SeenGrid

__all__ = ["describe_move", "render_grid", "render_view"]

_PHASES = {
    Phase.REVEAL: "turns two cards up",
    Phase.TAKE: "draws or takes the discard",
    Phase.PLACE: "places the card in hand",
}


def render_grid(grid: SeenGrid) -> list[str]:
    """Three lines: the grid's rows, ``?`` face down, ``.`` a removed place."""

    def cell(place: int) -> str:
        card = grid[place]
        return " ." if card is None else " ?" if card == FACE_DOWN else f"{card:2d}"

    return [" ".join(cell(column * ROWS + row) for column in range(COLUMNS)) for row in range(ROWS)]


def render_view(seen: PublicView) -> str:
    """The public view as text: phase, totals, the piles and every grid."""
    totals = " ".join(map(str, seen.totals))
    if seen.outcome is not None:
        head = f"game over after round {seen.round}; totals {totals}"
    else:
        doing = _PHASES[seen.phase]
        head = f"round {seen.round}, {seen.phase.value} phase: seat {seen.current_player} {doing}"
        head += f"; totals {totals}"
    top = seen.discard_pile[-1] if seen.discard_pile else "none"
    lines = [head, f"discard pile top: {top}; draw pile: {seen.draw_pile_size} cards"]
    if seen.held is not None:
        lines.append(
            f"card in hand: {seen.held} (from the {seen.source.value if seen.source else ''})"
        )
    for seat, grid in enumerate(seen.grids):
        ender = " (ended the round)" if seen.round_ender == seat else ""
        rows = render_grid(grid)
        lines.append(f"seat {seat}{ender}:")
        lines.extend(f"   {row}" for row in rows)
    return "\n".join(lines)


def _where(place: int) -> str:
    """A grid place as people find it: its column and row, counted from 1."""
    return f"column {place // ROWS + 1}, row {place % ROWS + 1}"


def describe_move(move: Move, seen: PublicView, *, board: bool = False) -> str:
    """``move`` of the player to move in ``seen``, in plain words.

    A placing move names the card in hand, the place (and its column and row) and the
    card it replaces, as far as ``seen`` shows them: a face-down card stays unnamed.
    With ``board``, a place is said as a board for people shows it: by its column
    and row alone (the place numbers are the notation's).
    """
    held = "the card in hand" if seen.held is None else f"the {seen.held} in hand"

    def at(place: int) -> str:
        return _where(place) if board else f"place {place} ({_where(place)})"

    match move:
        case Reveal(first, second):
            if board:
                return f"turn up the cards at {_where(first)} and {_where(second)}"
            return (
                f"turn up the cards at places {first} and {second} "
                f"({_where(first)} and {_where(second)})"
            )
        case Draw():
            return f"draw from the draw pile ({seen.draw_pile_size} cards)"
        case TakeDiscard():
            top = seen.discard_pile[-1] if seen.discard_pile else None
            return f"take the {top} from the discard pile"
        case Swap(place):
            grid = seen.grids[seen.current_player]
            there = grid[place] if 0 <= place < len(grid) else None
            old = "the face-down card" if there == FACE_DOWN else f"the {there}"
            return f"swap {held} for the card at {at(place)}: {old} there goes on the discard pile"
        case DiscardFlip(place):
            where = f"the card at {at(place)}" if board else at(place)
            return f"discard {held} and turn up {where}"
    raise ArgumentTypeError(f"not a Skyjo move: {move!r}")
