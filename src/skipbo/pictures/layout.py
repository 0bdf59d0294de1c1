"""The layout primitives both games' pictures are made of: labels, piles, panels, rows.

Every primitive returns SVG text at the coordinates given (the picture's own units;
:func:`skipbo.pictures.svg.document` scales the whole). A pile's group carries
``data-pile`` (its name in the move notation), ``data-count`` and ``data-top``, which
the tests read back; a highlighted place (the last move's) gets a thick outline *and*
the class ``last-move`` (not ``highlight``, which web pages style for code), so that
it is not told by colour alone (the picture's caption says the move in words).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from skipbo.pictures.faces import CARD_RATIO, CardFace, card_back, card_front, empty_place
from skipbo.pictures.svg import element, group

__all__ = [
    "BACKGROUND",
    "HIGHLIGHT",
    "INK",
    "MUTED",
    "Item",
    "Options",
    "fan_step",
    "flow",
    "highlight",
    "label",
    "panel",
    "pile_height",
]

INK = "#1c1c28"
MUTED = "#50546a"
BACKGROUND = "#eef1f6"
HIGHLIGHT = "#f2a900"
BACK = "#3b4a8c"
"""The colour of a card's back."""

TEXT_WIDTH = 0.58
"""About how wide a character is, in font sizes (for fitting labels)."""

MAX_FAN = 4.2
"""A fanned pile is at most this many card widths tall, however many cards it holds."""


@attrs.frozen(kw_only=True)
class Options:
    """How to draw a picture; every game reads the same options."""

    size: float = 560
    """The width the picture is shown at, in pixels (its height follows)."""
    bottom: int | None = None
    """The seat drawn at the bottom; by default the viewer's seat, else seat 0."""
    last_move: object | None = None
    """The move that led to the position: its places are highlighted."""
    mover: int | None = None
    """The seat that made ``last_move`` (by default the seat to move; a discard ends
    the turn, so say who discarded to have the discard pile marked)."""
    caption: str | None = None
    """A line of words under the picture (e.g. the last move said in words)."""
    names: tuple[str, ...] = ()
    """The players' names by seat (a record's), or ``()``."""
    board: bool = False
    """Label piles and seats as a board for people does (from 1, seats by name) rather
    than in the move notation."""

    def __attrs_post_init__(self) -> None:
        size: object = self.size
        if not isinstance(size, int | float) or isinstance(size, bool):
            raise TypeError(f"size must be a number of pixels, got {self.size!r}")
        if not 40 <= self.size <= 10_000:
            raise ValueError(f"size must be from 40 to 10000 pixels, got {self.size!r}")
        if self.bottom is not None and type(self.bottom) is not int:
            raise TypeError(f"bottom must be a seat number, got {self.bottom!r}")
        if self.caption is not None and not isinstance(self.caption, str):
            raise TypeError(f"caption must be text, got {self.caption!r}")
        if type(self.board) is not bool:
            raise TypeError(f"board must be True or False, got {self.board!r}")
        if not all(isinstance(name, str) for name in self.names):
            raise TypeError(f"names must be text, got {self.names!r}")

    def seat_name(self, seat: int) -> str:
        """What a seat is called: ``seat 1``, with the player's name when known.

        With :attr:`board`, as a table for people calls it: by the player's name alone,
        else counted from 1 (``seat 1`` is seat 0).
        """
        named = seat < len(self.names) and self.names[seat]
        if self.board:
            return self.names[seat] if named else f"seat {seat + 1}"
        return f"seat {seat} {self.names[seat]}" if named else f"seat {seat}"


def label(
    x: float,
    y: float,
    text: str,
    *,
    size: float,
    anchor: str = "start",
    bold: bool = False,
    fill: str = INK,
    role: str | None = None,
) -> str:
    """A line of text whose baseline is at ``y``."""
    return element(
        "text",
        text,
        x=x,
        y=y,
        font_size=size,
        text_anchor=None if anchor == "start" else anchor,
        font_weight="bold" if bold else None,
        fill=fill,
        class_=role,
    )


def fan_step(cards: int, width: float) -> float:
    """How far apart the cards of a fanned pile lie: less as the pile grows."""
    if cards <= 1:
        return 0.0
    room = width * (MAX_FAN - CARD_RATIO)
    return min(width * 0.34, room / (cards - 1))


def pile_height(cards: int, width: float) -> float:
    """The height a fanned pile of ``cards`` takes."""
    return width * CARD_RATIO + fan_step(cards, width) * max(0, cards - 1)


def highlight(x: float, y: float, width: float, height: float) -> str:
    """The outline that marks a place of the last move."""
    pad = width * 0.1
    return element(
        "rect",
        x=x - pad,
        y=y - pad,
        width=width + 2 * pad,
        height=height + 2 * pad,
        rx=width * 0.16,
        fill="none",
        stroke=HIGHLIGHT,
        stroke_width=max(2.5, width * 0.09),
        class_="last-move",
    )


def panel(
    x: float, y: float, width: float, height: float, *, active: bool, role: str, seat: str
) -> str:
    """A seat's (or team's) area; the seat to move gets a thick border."""
    return element(
        "rect",
        x=x,
        y=y,
        width=width,
        height=height,
        rx=10,
        fill="#ffffff" if active else "#f8f9fc",
        stroke=INK if active else "#c3c8d6",
        stroke_width=3 if active else 1,
        class_=role,
        data_seat=seat,
    )


@attrs.frozen
class Item:
    """A thing a row lays out: its size and how to draw it at a place (top left)."""

    width: float
    height: float
    draw: Callable[[float, float], str]


def flow(items: Sequence[Item], x: float, y: float, width: float, gap: float) -> tuple[str, float]:
    """``items`` left to right from (``x``, ``y``), wrapping within ``width``; and the height."""
    parts: list[str] = []
    left, top, row = x, y, 0.0
    for item in items:
        if left > x and left + item.width > x + width:
            left, top, row = x, top + row + gap, 0.0
        parts.append(item.draw(left, top))
        left += item.width + gap
        row = max(row, item.height)
    return "".join(parts), top + row - y


TITLE_ROOM = 0.42
"""The room above a pile for its name, in card widths."""
COUNT_ROOM = 0.5
"""The room below a pile for its count, in card widths."""


def pile_item(
    name: str,
    marked: set[str],
    width: float,
    *,
    title: str,
    faces: Sequence[tuple[CardFace, int | str]] = (),
    backs: int = 0,
    count: int | None = None,
    top: int | str | None = None,
    fan: bool = False,
    note: str | None = None,
    room: float = 0.0,
) -> Item:
    """A pile to lay out: its title above, face-down cards under its face-up ones, its count below.

    ``faces`` are the face-up cards bottom to top (fanned downwards if ``fan``, else
    stacked so only the top shows); ``backs`` face-down cards lie under them (at most
    three drawn, offset, to show depth). ``count`` is written below (default: the
    cards drawn); ``note`` replaces that text. The pile is outlined if ``name`` is
    among ``marked``; ``room`` is left free on each side.
    """
    count = len(faces) + backs if count is None else count
    height = pile_height(len(faces) if fan else 1, width)
    below = note if note is not None else (f"{count} card" + ("" if count == 1 else "s"))

    def draw(left: float, top_y: float) -> str:
        x, y = left + room, top_y + width * TITLE_ROOM
        parts = [label(x + width / 2, y - width * 0.1, title, size=width * 0.3, anchor="middle")]
        depth = min(backs, 3)
        for layer in range(depth):
            shift = (depth - layer) * width * 0.05
            parts.append(card_back(x + shift, y + shift, width, colour=BACK))
        step = fan_step(len(faces), width) if fan else 0.0
        if not faces and not backs:
            parts.append(empty_place(x, y, width))
        for index, (face, value) in enumerate(faces if fan else faces[-1:]):
            parts.append(card_front(x, y + index * step, width, face, value=value))
        if name in marked:
            parts.append(highlight(x, y, width, height))
        # The count may be wider than the card: shrink it to the card and half a gap.
        size = min(width * 0.28, width * 1.2 / (len(below) * TEXT_WIDTH))
        parts.append(
            label(
                x + width / 2,
                y + height + width * 0.38,
                below,
                size=size,
                anchor="middle",
                fill=MUTED,
            )
        )
        attributes = {"class_": "pile", "data_pile": name, "data_count": count}
        return group(parts, **attributes, data_top="" if top is None else top)

    return Item(width + 2 * room, width * (TITLE_ROOM + COUNT_ROOM) + height, draw)
