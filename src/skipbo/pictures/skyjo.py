"""Skyjo's table drawn as SVG: the draw and discard piles, the card in hand, every grid.

Skyjo hides a face-down card from its owner too (S-INFO-2), so every seat sees the
same public view; a seat's picture differs only in whose grid is at the bottom. The
view's picture draws face-down cards as backs; the full state's picture (for
referees) shows their values, faded and marked "down".

Importing this module registers :data:`PAINTER`, Skyjo's painter, for
:class:`skipbo.skyjo.Rules` (:func:`skipbo.pictures.drawing.register_painter`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skipbo.common.naming import type_name
from skipbo.errors import ArgumentTypeError
from skipbo.games.skyjo.cards import COLUMNS, ROWS
from skipbo.games.skyjo.moves import DiscardFlip, Draw, Reveal, Swap, TakeDiscard
from skipbo.games.skyjo.records import GameRecord, replay
from skipbo.games.skyjo.rules import Rules
from skipbo.games.skyjo.state import GameState, Phase
from skipbo.games.skyjo.text import describe_move
from skipbo.games.skyjo.views import FACE_DOWN, PublicView, SeenGrid, view
from skipbo.pictures import layout
from skipbo.pictures.drawing import Painter, register_painter
from skipbo.pictures.faces import CARD_RATIO, card_back, card_front, empty_place, skyjo_face
from skipbo.pictures.layout import Item, Options, flow, highlight, label, panel, pile_item
from skipbo.pictures.svg import document, element, group

__all__ = ["PAINTER", "draw", "marked_places", "say"]

CARD = 44.0
GAP = 10.0
WIDTH = 560.0
MARGIN = 12.0
CELL = 6.0
"""The space between a grid's cards."""

_DOING = {
    Phase.REVEAL: "turns two cards up",
    Phase.TAKE: "draws or takes the discard",
    Phase.PLACE: "places the card in hand",
}


def marked_places(move: object, mover: int) -> set[str]:
    """The piles and grid places (``g1.4``: seat 1's place 4) ``move`` touched."""
    match move:
        case Reveal(first, second):
            return {f"g{mover}.{first}", f"g{mover}.{second}"}
        case Draw():
            return {"draw"}
        case TakeDiscard():
            return {"discard"}
        case Swap(place):
            return {f"g{mover}.{place}", "discard"}
        case DiscardFlip(place):
            return {f"g{mover}.{place}", "discard"}
    return set()


def _place(
    x: float, y: float, seat: int, place: int, seen: object, hidden: int | None, marked: set[str]
) -> str:
    name = f"g{seat}.{place}"
    if seen is None:
        parts = [empty_place(x, y, CARD, role="removed")]
        state = "removed"
    elif seen == FACE_DOWN and hidden is None:
        parts = [card_back(x, y, CARD, colour=layout.BACK)]
        state = "down"
    elif seen == FACE_DOWN:
        assert hidden is not None
        face = card_front(x, y, CARD, skyjo_face(hidden), value=hidden, role="card hidden")
        parts = [
            group([face], opacity=0.55),
            label(x + CARD / 2, y + CARD * CARD_RATIO - 4, "down", size=10, anchor="middle"),
        ]
        state = "down"
    else:
        assert isinstance(seen, int)
        parts = [card_front(x, y, CARD, skyjo_face(seen), value=seen)]
        state = "up"
    if name in marked:
        parts.append(highlight(x, y, CARD, CARD * CARD_RATIO))
    return group(parts, class_="place", data_place=name, data_state=state)


def _grid_item(
    seen: PublicView,
    seat: int,
    hidden: Sequence[int | None] | None,
    marked: set[str],
    options: Options,
) -> Item:
    grid: SeenGrid = seen.grids[seat]
    width = COLUMNS * CARD + (COLUMNS - 1) * CELL + 2 * GAP
    height = 34 + ROWS * CARD * CARD_RATIO + (ROWS - 1) * CELL + GAP + 20

    def draw(x: float, y: float) -> str:
        active = seen.outcome is None and seen.current_player == seat
        title = options.seat_name(seat)
        if seen.outcome is not None and seat in seen.outcome.winners:
            title += " - won"
        elif active:
            title += " - to move"
        parts = [
            panel(x, y, width, height, active=active, role="seat", seat=str(seat)),
            label(x + GAP, y + 22, title, size=15, bold=active),
        ]
        for place, card in enumerate(grid):
            column, row = divmod(place, ROWS)
            left = x + GAP + column * (CARD + CELL)
            top = y + 34 + row * (CARD * CARD_RATIO + CELL)
            known = None if hidden is None else hidden[place]
            parts.append(_place(left, top, seat, place, card, known, marked))
        up = sum(card is not None and card != FACE_DOWN for card in grid)
        ender = "; ended the round" if seen.round_ender == seat else ""
        words = f"total {seen.totals[seat]}; {up} of {len(grid)} up{ender}"
        parts.append(label(x + GAP, y + height - 9, words, size=12, fill=layout.MUTED))
        return group(parts, class_="grid", data_seat=seat, data_total=seen.totals[seat])

    return Item(width, height, draw)


def _centre(seen: PublicView, marked: set[str]) -> list[Item]:
    top = seen.discard_pile[-1] if seen.discard_pile else None
    items = [
        pile_item(
            "draw",
            marked,
            CARD,
            room=CARD * 0.3,
            title="draw",
            backs=seen.draw_pile_size,
            count=seen.draw_pile_size,
        ),
        pile_item(
            "discard",
            marked,
            CARD,
            room=CARD * 0.3,
            title="discard",
            faces=[] if top is None else [(skyjo_face(top), top)],
            count=len(seen.discard_pile),
            top=top,
        ),
    ]
    if seen.held is not None:
        source = (
            "drawn" if seen.source is not None and seen.source.value == "draw-pile" else "taken"
        )
        items.append(
            pile_item(
                "held",
                marked,
                CARD,
                room=CARD * 0.3,
                title="in hand",
                faces=[(skyjo_face(seen.held), seen.held)],
                top=seen.held,
                note=source,
            )
        )
    return items


def _headline(seen: PublicView, options: Options) -> str:
    if seen.outcome is not None:
        winners = ", ".join(options.seat_name(seat) for seat in seen.outcome.winners)
        return f"Game over after round {seen.round} - {winners} won"
    who = options.seat_name(seen.current_player)
    return f"Round {seen.round} - {who} {_DOING[seen.phase]}"


def _picture(
    seen: PublicView, hidden: Sequence[Sequence[int | None]] | None, options: Options, title: str
) -> str:
    players = seen.rules.players
    bottom = 0 if options.bottom is None else options.bottom
    if not 0 <= bottom < players:
        raise ValueError(f"bottom seat {bottom} is not in this game (seats 0 to {players - 1})")
    mover = options.mover if options.mover is not None else seen.current_player
    marked = marked_places(options.last_move, mover) if options.last_move is not None else set()
    inner = WIDTH - 2 * MARGIN
    parts = [label(MARGIN, 24, _headline(seen, options), size=17, bold=True, role="headline")]
    y = 36.0
    drawn, height = flow(_centre(seen, marked), MARGIN, y, inner, GAP)
    parts.append(group([drawn], class_="centre"))
    y += height + GAP
    others = [(bottom + step) % players for step in range(1, players)]
    grids = [
        _grid_item(seen, seat, None if hidden is None else hidden[seat], marked, options)
        for seat in others
    ]
    drawn, height = flow(grids, MARGIN, y, inner, GAP)
    parts.append(drawn)
    y += height + GAP if grids else 0
    mine = _grid_item(seen, bottom, None if hidden is None else hidden[bottom], marked, options)
    parts.append(mine.draw(MARGIN, y))
    y += mine.height + GAP
    if options.caption:
        parts.append(label(MARGIN, y + 16, options.caption, size=15, role="caption"))
        y += 26
    background = element("rect", width=WIDTH, height=y + MARGIN, fill=layout.BACKGROUND)
    return document(
        WIDTH, y + MARGIN - GAP / 2, [background, *parts], title=title, size=options.size
    )


def draw(value: GameState | PublicView, options: Options) -> str:
    """The SVG of the public view, or of a full state (face-down values shown, faded).

    Raises:
        ArgumentTypeError: if ``value`` is neither a Skyjo state nor its view.
        ValueError: if ``options.bottom`` is not a seat of the game.

    """
    if type(value) is GameState:
        return _picture(view(value), value.grids, options, "Skyjo: the whole table")
    if type(value) is PublicView:
        return _picture(value, None, options, "Skyjo: the table as every player sees it")
    raise ArgumentTypeError(f"not a Skyjo state or view: {type_name(value)}")


def say(move: Any, before: GameState, seat: int | None) -> str:
    """``move`` in words, headed by the mover's seat (every seat hears the same, S-INFO-2)."""
    return f"seat {before.current_player}: {describe_move(move, view(before))}"


PAINTER = Painter(
    draw=draw,
    say=say,
    state_types=(GameState, PublicView),
    record_type=GameRecord,
    replay=replay,
)
"""Skyjo's painter: its tables, its moves in words, its records."""

register_painter(Rules, PAINTER)
