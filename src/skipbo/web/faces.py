"""The web table's card colours, from the pictures' card faces (one look everywhere).

:func:`faces_css` writes a style sheet with one rule per card value of each game,
taken from :mod:`skipbo.pictures.faces`, so that a card looks the same in the browser
as in the SVG pictures. The page marks each card with its game (``sb``, ``sk``) and
its value (``v7``, ``v-2``).

>>> print(faces_css().splitlines()[2])
.card.sb.v1 { background: #ffffff; color: #1d4fa8; border-color: #1d4fa8; }
"""

from __future__ import annotations

from functools import cache

from skipbo.pictures.faces import CardFace, skipbo_face, skyjo_face

__all__ = ["SKIPBO_VALUES", "SKYJO_VALUES", "faces_css"]

SKIPBO_VALUES = range(13)
"""Skip-Bo's card values on the table: 0 (the wild) and 1 to 12."""

SKYJO_VALUES = range(-2, 13)
"""Skyjo's card values: -2 to 12."""


def _rule(game: str, value: int, face: CardFace) -> str:
    return (
        f".card.{game}.v{value} {{ background: {face.fill}; color: {face.ink}; "
        f"border-color: {face.edge}; }}"
    )


@cache
def faces_css() -> str:
    """The style sheet: a rule per value of each game (Skip-Bo ``sb``, Skyjo ``sk``)."""
    lines = ["/* Card faces from skipbo.pictures.faces: the colours of the SVG pictures. */"]
    lines += [_rule("sb", value, skipbo_face(value)) for value in SKIPBO_VALUES]
    lines += [_rule("sk", value, skyjo_face(value)) for value in SKYJO_VALUES]
    return "\n".join(lines) + "\n"
