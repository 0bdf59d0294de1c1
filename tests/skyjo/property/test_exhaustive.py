"""Exhaustive checks of tiny Skyjo configurations (the bounded set of tests.skyjo.exhaustive).

Every reachable position is checked for the invariants, for legal moves that apply
and illegal ones that are refused, and for a way to the end of the round. The full
set runs with ``python -m tools.skyjo_exhaustive``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tools.skyjo_exhaustive import BOUNDED, explore

from skipbo.games.skyjo import GameState


@pytest.mark.rule("S-END-1", "S-END-2", "S-END-3", "S-DRAW-1", "S-COL-1", "S-COL-3")
@pytest.mark.parametrize(("name", "starts"), BOUNDED, ids=[name for name, _ in BOUNDED])
def test_every_reachable_position_is_sound_and_every_round_can_end(
    name: str, starts: Callable[[], list[GameState]]
) -> None:
    result = explore(name, starts())
    assert result.positions > 100
    assert result.round_ends > 0
