"""Card faces of both games, and the shapes every picture draws cards with.

A card shows its value twice: as a digit (or ``SB``, the wild Skip-Bo card) and as a
colour, so that colour is never the only sign. Skip-Bo's numbers come in three
colour bands, as on the printed cards (1-4, 5-8, 9-12) and the wild in its own; Skyjo's
values in five (-2..-1, 0, 1-4, 5-8, 9-12). The web table and the SVG pictures use
the same faces.

>>> skipbo_face(7)
CardFace(label='7', fill='#ffffff', ink='#1b7a2f', edge='#1b7a2f', band='5-8')
>>> skipbo_face(0).label, skyjo_face(-2).band
('SB', '-2..-1')
>>> standalone(skyjo_face(12), 60).startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
"""

from __future__ import annotations

import attrs

from skipbo.pictures.svg import document, element, group, number

__all__ = [
    "CARD_RATIO",
    "CardFace",
    "card_back",
    "card_front",
    "empty_place",
    "skipbo_face",
    "skyjo_face",
    "standalone",
]

CARD_RATIO = 1.4
"""A card's height over its width (the printed cards' proportions)."""


@attrs.frozen
class CardFace:
    """How one card value looks: its label, its colours and the band they come from."""

    label: str
    """The value as printed: a number, or ``SB`` for the wild Skip-Bo card."""
    fill: str
    """The card's background colour."""
    ink: str
    """The colour of the digits (chosen to contrast with ``fill``)."""
    edge: str
    """The colour of the card's border."""
    band: str
    """The colour band's name, e.g. ``"1-4"`` or ``"wild"``."""


_SKIPBO_BANDS = (
    (range(1, 5), "#1d4fa8", "1-4"),
    (range(5, 9), "#1b7a2f", "5-8"),
    (range(9, 13), "#b3261e", "9-12"),
)
_WILD = CardFace(label="SB", fill="#e8590c", ink="#ffffff", edge="#a63d00", band="wild")


def skipbo_face(card: int) -> CardFace:
    """The face of a Skip-Bo card (``0`` is the wild; numbers above 12 share the last band)."""
    if card == 0:
        return _WILD
    for values, colour, band in _SKIPBO_BANDS:
        if card in values:
            return CardFace(label=str(card), fill="#ffffff", ink=colour, edge=colour, band=band)
    return CardFace(label=str(card), fill="#ffffff", ink="#5f1690", edge="#5f1690", band="13+")


_SKYJO_BANDS = (
    (range(-99, 0), "#23328f", "#ffffff", "-2..-1"),
    (range(1), "#7fd3f7", "#0b2540", "0"),
    (range(1, 5), "#6cc070", "#0b2a0d", "1-4"),
    (range(5, 9), "#f7d63c", "#3a2c00", "5-8"),
    (range(9, 100), "#d93a32", "#ffffff", "9-12"),
)


def skyjo_face(value: int) -> CardFace:
    """The face of a Skyjo card of ``value``."""
    for values, fill, ink, band in _SKYJO_BANDS:
        if value in values:
            return CardFace(label=str(value), fill=fill, ink=ink, edge="#33333d", band=band)
    raise ValueError(f"not a Skyjo card value: {value!r}")


def _outline(
    x: float, y: float, width: float, *, fill: str, stroke: str, line: float, **more: object
) -> str:
    """A card's rounded rectangle (``more``: further attributes)."""
    return element(
        "rect",
        x=x,
        y=y,
        width=width,
        height=width * CARD_RATIO,
        rx=width * 0.12,
        fill=fill,
        stroke=stroke,
        stroke_width=line,
        **more,
    )


def card_front(
    x: float, y: float, width: float, face: CardFace, *, value: int | str, role: str = "card"
) -> str:
    """A face-up card at (``x``, ``y``): the big label in the middle, the small one in a corner.

    The group carries ``data-value`` (the card) so that a test can read what is drawn.
    """
    height = width * CARD_RATIO
    big = width * (0.42 if len(face.label) > 1 else 0.55)
    small = width * 0.24
    parts = [
        element(
            "rect",
            x=x,
            y=y,
            width=width,
            height=height,
            rx=width * 0.12,
            fill=face.fill,
            stroke=face.edge,
            stroke_width=max(1.5, width * 0.06),
        ),
        element(
            "text",
            face.label,
            x=x + width * 0.1,
            y=y + small * 1.05,
            font_size=small,
            font_weight="bold",
            fill=face.ink,
        ),
        element(
            "text",
            face.label,
            x=x + width / 2,
            y=y + height / 2 + big * 0.36,
            font_size=big,
            font_weight="bold",
            text_anchor="middle",
            fill=face.ink,
        ),
    ]
    return group(parts, class_=role, data_value=value, data_band=face.band)


def card_back(x: float, y: float, width: float, *, colour: str, role: str = "back") -> str:
    """A face-down card: it shows nothing of its value."""
    height = width * CARD_RATIO
    inset = width * 0.14
    parts = [
        _outline(x, y, width, fill=colour, stroke="#1c1c28", line=max(1, width * 0.03)),
        element(
            "rect",
            x=x + inset,
            y=y + inset,
            width=width - 2 * inset,
            height=height - 2 * inset,
            rx=width * 0.08,
            fill="none",
            stroke="#ffffff",
            stroke_opacity=0.55,
            stroke_width=max(1, width * 0.04),
        ),
    ]
    return group(parts, class_=role)


def empty_place(x: float, y: float, width: float, *, role: str = "empty") -> str:
    """The outline of a place that holds no card (an empty pile, a removed column)."""
    dashes = f"{number(width * 0.1)} {number(width * 0.07)}"
    line = max(1, width * 0.03)
    return _outline(
        x, y, width, fill="none", stroke="#8a8fa3", line=line, stroke_dasharray=dashes, class_=role
    )


def standalone(face: CardFace, width: float, *, value: int | None = None) -> str:
    """One card as an SVG document ``width`` pixels wide (for the web table's cards)."""
    pad = max(2.0, width * 0.04)
    inner = width - 2 * pad
    body = [card_front(pad, pad, inner, face, value=face.label if value is None else value)]
    return document(
        width, inner * CARD_RATIO + 2 * pad, body, title=f"card {face.label}", size=width
    )
