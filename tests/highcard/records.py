"""A game of High card as (rules, seed, moves): it replays every state."""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from tests.highcard.engine import apply, new_game
from tests.highcard.moves import Move
from tests.highcard.rules import Rules
from tests.highcard.state import GameState


@attrs.frozen(kw_only=True)
class GameRecord:
    """The rules, the deal's seed, the moves and the seats' names."""

    rules: Rules
    seed: int
    moves: tuple[Move, ...]
    names: tuple[str, ...] = ()


def replay(record: GameRecord) -> Iterator[GameState]:
    """The deal, then the state after each move."""
    state = new_game(record.rules, seed=record.seed)
    yield state
    for move in record.moves:
        state = apply(state, move)
        yield state
