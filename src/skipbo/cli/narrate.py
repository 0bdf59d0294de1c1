"""A recorded game told move by move: shared by ``skipbo demo`` and ``skipbo replay``."""

from __future__ import annotations

from collections.abc import Callable

from skipbo import GameRecord, PlayerView, replay, spectator_view, view
from skipbo.games.skipbo.text import describe, describe_move, render_view

__all__ = ["narrate"]


def narrate(
    record: GameRecord,
    *,
    seat: int | None = None,
    boards: bool = True,
    pause: Callable[[], bool] | None = None,
) -> None:
    """Print the game of ``record``: a board at each turn, then each move in notation and words.

    Args:
        record: The game (checked as it is replayed).
        seat: Tell it as this seat saw it (its view only); ``None``: the referee's picture.
        boards: Print the board at the start of every turn, not only first and last.
        pause: Called after each turn; the narration stops when it returns ``False``.

    Raises:
        ReplayError: if a move of the record is illegal.

    """

    def board(seen: PlayerView) -> str:
        return render_view(seen) if seat is not None else describe(state)

    states = replay(record)
    state = next(states)
    print(board(view(state, seat)))
    for move, after in zip(record.moves, states, strict=False):
        seen = spectator_view(state) if seat is None else view(state, seat)
        print(f"  {move!s:8} {describe_move(move, seen)}")
        turn_ended = after.turn != state.turn and after.outcome is None
        state = after
        if turn_ended:
            if pause is not None and not pause():
                return
            if boards:
                print(board(view(state, seat)))
    print(board(view(state, seat)))
    moves = len(record.moves)
    ending = f": {state.outcome}" if state.outcome is not None else " (not finished)"
    print(f"{moves} moves, {state.turn} turns{ending}")
