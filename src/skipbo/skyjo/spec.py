"""Specification predicates: the Skyjo rules as plain functions, for contracts and checks.

Written from the rules' text, apart from the engine's code: the engine's PEP 316
contracts and :mod:`skipbo.skyjo.verify` state what must hold with them, so a
mistake in the engine is not repeated in its own check.

>>> complete_column((4, 4, 4) + (1,) * 9, (True,) * 3 + (False,) * 9, 0)
True
>>> grid_cards((3, None, -2))
[-2, 3]
"""

from __future__ import annotations

from collections.abc import Sequence

from skipbo.skyjo.cards import Card, column_places

__all__ = ["complete_column", "doubled", "grid_cards", "lowest_alone"]


def complete_column(grid: Sequence[Card | None], up: Sequence[bool], column: int) -> bool:
    """Whether ``column`` holds three face-up cards of one value (S-COL-1)."""
    places = column_places(column)
    cards = {grid[place] for place in places}
    return None not in cards and len(cards) == 1 and all(up[place] for place in places)


def grid_cards(grid: Sequence[Card | None]) -> list[Card]:
    """The cards of a grid (removed places left out), in increasing order."""
    return sorted(card for card in grid if card is not None)


def lowest_alone(sums: Sequence[int], seat: int) -> bool:
    """Whether ``seat`` has the lowest sum and nobody else has it (S-SCORE-2)."""
    return list(sums).count(min(sums)) == 1 and sums[seat] == min(sums)


def doubled(sums: Sequence[int], ender: int) -> bool:
    """Whether the round ender's score is doubled: positive, not lowest alone (S-SCORE-2)."""
    return sums[ender] > 0 and not lowest_alone(sums, ender)
