"""The layout of a fixed-length observation vector: named fields, one after another.

Both games' observations (:mod:`skipbo.observation.skipbo` for Skip-Bo,
:mod:`skipbo.observation.skyjo` for Skyjo) describe their vectors with an
:class:`ObservationLayout` made by :func:`make_layout`, so that a framework adapter
reads the size and the bounds of either game's vector the same way.

>>> layout = make_layout("rules", 1, [("a", (2,), 0, 1, "two flags"), ("b", (1,), -5, 9, "")])
>>> layout.size, layout.field("b").start, layout.low, layout.high
(3, 2, (0, 0, -5), (1, 1, 9))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

__all__ = ["ObservationField", "ObservationLayout", "make_layout"]


@attrs.frozen(slots=True)
class ObservationField:
    """One named part of the observation vector."""

    name: str
    """The field's name, e.g. ``"hand"``."""

    start: int
    """The index of its first entry in the vector."""

    shape: tuple[int, ...]
    """Its shape; the entries lie row by row (C order) from ``start``."""

    high: int
    """The largest value an entry can take."""

    description: str
    """What the entries mean."""

    low: int = 0
    """The smallest value an entry can take (0 but for Skyjo's totals)."""

    @property
    def size(self) -> int:
        """The number of entries."""
        size = 1
        for length in self.shape:
            size *= length
        return size

    @property
    def stop(self) -> int:
        """The index after its last entry."""
        return self.start + self.size


@attrs.frozen(slots=True)
class ObservationLayout:
    """Where each field lies in the observation vector of one variant."""

    rules: Any
    """The variant (a :class:`skipbo.Rules` or a :class:`skipbo.skyjo.Rules`)."""

    depth: int
    """How many cards of each discard pile are encoded (from the top)."""

    fields: tuple[ObservationField, ...]
    """The fields in vector order, without gaps."""

    @property
    def size(self) -> int:
        """The length of the vector."""
        return self.fields[-1].stop

    @property
    def high(self) -> tuple[int, ...]:
        """The largest value of each entry (for a ``Box`` space's upper bound)."""
        return tuple(field.high for field in self.fields for _ in range(field.size))

    @property
    def low(self) -> tuple[int, ...]:
        """The smallest value of each entry (for a ``Box`` space's lower bound)."""
        return tuple(field.low for field in self.fields for _ in range(field.size))

    def field(self, name: str) -> ObservationField:
        """The field called ``name``.

        Raises:
            KeyError: if there is no such field.

        """
        for field in self.fields:
            if field.name == name:
                return field
        raise KeyError(f"no observation field {name!r}")

    def read(self, vector: Any, name: str) -> tuple[Any, ...]:
        """The flat entries of field ``name`` in ``vector`` (a tuple, list or array)."""
        field = self.field(name)
        return tuple(vector[field.start : field.stop])


FieldSpec = tuple[str, tuple[int, ...], int, int, str]
"""A field before it is placed: name, shape, lowest and highest value, description."""


def make_layout(rules: Any, depth: int, specs: Iterable[FieldSpec]) -> ObservationLayout:
    """The layout of the fields ``specs``, placed one after another in their order."""
    fields = []
    start = 0
    for name, shape, low, high, description in specs:
        field = ObservationField(name, start, shape, high, description, low)
        fields.append(field)
        start = field.stop
    return ObservationLayout(rules, depth, tuple(fields))
