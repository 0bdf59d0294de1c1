"""The compiled step of one game held in one buffer (:mod:`skipbo.batch.single`).

One call makes a move and computes what an environment asks of the next state: the
legal action mask and the observation of the seat to move. It runs the batch's own
kernels (:func:`~skipbo.batch.compiled_moves.move`,
:func:`~skipbo.batch.compiled_mask.legal_rows`,
:func:`~skipbo.batch.compiled.observe_rows`) on a batch of one game, whose arrays it
takes back from the buffer (:mod:`skipbo.batch.packed`): the rules are theirs.

The buffer's arrays are, in order, the batch's (:func:`~skipbo.batch.arrays.array_specs`,
the order of :data:`~skipbo.batch.compiled_moves.MOVE_ARRAYS`) and then
:data:`FIELDS`; each kernel below reads them by their row in that order, with the
types the specs give them (the Python side checks both).

Numba checks a cached kernel against its own file only, and these call kernels of
four other files: so the helpers below are compiled in each process
(``skipbo.batch._jit.uncached_kernel``), and :func:`single_game`, cached, holds
a digest of those files in its closure (``skipbo.batch._jit.sources_stamp``), which
Numba's cache key includes: a change to any of them compiles it anew.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from skipbo.batch import compiled, compiled_mask, compiled_moves, packed
from skipbo.batch._jit import kernel, sources_stamp, uncached_kernel
from skipbo.batch.compiled import observe_rows
from skipbo.batch.compiled_mask import legal_rows
from skipbo.batch.compiled_moves import MOVE_ARRAYS, move
from skipbo.batch.packed import view1, view2, view3, view4

__all__ = [
    "FIELDS",
    "FIELD_TYPES",
    "OBSERVE",
    "REFRESH",
    "REFUSED",
    "RESHUFFLE",
    "STEP",
    "single_game",
]

FIELDS = (
    "games",  # int64 (1,): the game's slot, 0, as the batch kernels take their games
    "actions",  # int64 (1,): the move's action
    "fill_seats",  # int64 (1,): the seat whose hand waits for a reshuffle, or -1
    "ended",  # bool (1,): whether the move ended the game
    "mask",  # bool (1, actions): the legal actions of the seat to move
    "observations",  # float32 (players, size): row s, the observation of seat s
    "seats",  # int64 (1,): the seat an observation is made for
    "seat_rows",  # float32 (players, size): the observation's fields of each seat alone
    "starts",  # int64 (7,): the observation layout's field starts (observe_rows)
    "tables",  # int64 (rows, actions): the action tables of compiled_moves.move
    "source_stocks",  # int64 (players, sources): the stock piles each seat plays from
    "scalars",  # int64 (5,): the turn limit, the hand size, the discard depth, the turn
    # move limit and the stall limit (the limits -1: none)
)
"""The arrays after the batch's, in the buffer's order."""

FIELD_TYPES = (
    (np.int8, 3), (np.int64, 2), (np.int8, 2), (np.int16, 3), (np.int64, 2),
    (np.int8, 4), (np.int64, 3), (np.int8, 3), (np.int8, 3), (np.int64, 2),
    (np.int8, 2), (np.int64, 1), (np.int8, 2), (np.int64, 1), (np.int64, 1),
    (np.int64, 1), (np.int64, 1), (np.int64, 1), (np.int8, 1), (np.int64, 1),
    (np.int64, 1),  # stall_turns, the last of the batch's arrays
    (np.int64, 1), (np.int64, 1), (np.int64, 1), (np.bool_, 1), (np.bool_, 2),
    (np.float32, 2), (np.int64, 1), (np.float32, 2), (np.int64, 1), (np.int64, 2),
    (np.int64, 2), (np.int64, 1),
)  # fmt: skip
"""The element type and number of axes of every array of the buffer, in order: what
the kernels below read them as (the batch's, then :data:`FIELDS`)."""

assert len(FIELD_TYPES) == len(MOVE_ARRAYS) + len(FIELDS)

STEP, REFRESH, OBSERVE = 0, 1, 2
"""The operations of :func:`single_game`."""
REFUSED, RESHUFFLE = -1, -2
"""What :func:`single_game` answers besides the seat to move: the action refused
(nothing changed); the move made, and a hand waits for the reshuffle (the caller's,
then :data:`REFRESH`)."""

# The rows of FIELDS in the layout (constants of the compiled kernels).
_GAMES, _ACTIONS, _FILL, _ENDED, _MASK, _OBSERVATIONS = (
    len(MOVE_ARRAYS) + FIELDS.index(name)
    for name in ("games", "actions", "fill_seats", "ended", "mask", "observations")
)
_SEATS, _SEAT_ROWS, _STARTS, _TABLES, _SOURCES, _SCALARS = (
    len(MOVE_ARRAYS) + FIELDS.index(name)
    for name in ("seats", "seat_rows", "starts", "tables", "source_stocks", "scalars")
)


@uncached_kernel
def _arrays(buffer: Any, layout: Any) -> Any:  # pragma: no cover - compiled
    """The batch's arrays, in the order of MOVE_ARRAYS."""
    return (
        view3(buffer, layout, 0, np.int8),  # stock
        view2(buffer, layout, 1, np.int64),  # stock_len
        view2(buffer, layout, 2, np.int8),  # stock_top
        view3(buffer, layout, 3, np.int16),  # hand
        view2(buffer, layout, 4, np.int64),  # hand_len
        view4(buffer, layout, 5, np.int8),  # discard
        view3(buffer, layout, 6, np.int64),  # discard_len
        view3(buffer, layout, 7, np.int8),  # discard_top
        view3(buffer, layout, 8, np.int8),  # build
        view2(buffer, layout, 9, np.int64),  # build_len
        view2(buffer, layout, 10, np.int8),  # draw
        view1(buffer, layout, 11, np.int64),  # draw_len
        view2(buffer, layout, 12, np.int8),  # completed
        view1(buffer, layout, 13, np.int64),  # completed_len
        view1(buffer, layout, 14, np.int64),  # current_player
        view1(buffer, layout, 15, np.int64),  # turn
        view1(buffer, layout, 16, np.int64),  # turn_moves
        view1(buffer, layout, 17, np.int64),  # empty_passes
        view1(buffer, layout, 18, np.int8),  # termination
        view1(buffer, layout, 19, np.int64),  # winning_team
        view1(buffer, layout, 20, np.int64),  # stall_turns
    )


@uncached_kernel
def _observe(buffer: Any, layout: Any, arrays: Any, seat: int) -> None:  # pragma: no cover
    """Row ``seat`` of the observations: the game seen by ``seat``."""
    seats = view1(buffer, layout, _SEATS, np.int64)
    seats[0] = seat
    observations = view2(buffer, layout, _OBSERVATIONS, np.float32)
    observe_rows(
        observations[seat : seat + 1],
        view1(buffer, layout, _GAMES, np.int64),
        seats,
        view2(buffer, layout, _SEAT_ROWS, np.float32),
        view1(buffer, layout, _STARTS, np.int64),
        view1(buffer, layout, _SCALARS, np.int64)[2],
        arrays[14], arrays[3], arrays[4], arrays[2], arrays[1], arrays[9],
        arrays[5], arrays[6], arrays[11], arrays[13],
    )  # fmt: skip


@uncached_kernel
def _refresh(buffer: Any, layout: Any, arrays: Any) -> None:  # pragma: no cover - compiled
    """The mask and the observation of the seat to move, of the game as it is."""
    legal_rows(
        view2(buffer, layout, _MASK, np.bool_),
        view1(buffer, layout, _GAMES, np.int64),
        arrays[14], arrays[3], arrays[4], arrays[2], arrays[9], arrays[7], arrays[18],
        view2(buffer, layout, _SOURCES, np.int64), arrays[16],
        view1(buffer, layout, _SCALARS, np.int64)[3],
    )  # fmt: skip
    _observe(buffer, layout, arrays, arrays[14][0])


def _single_game_kernel(stamp: str) -> Any:
    """:func:`single_game`, compiled with ``stamp`` in its closure (see the module docs)."""

    def single_game(  # pragma: no cover - compiled
        buffer: Any, layout: Any, operation: int, value: int
    ) -> Any:
        """One operation on the game of ``buffer``; returns the seat to move, or a status.

        * :data:`STEP`: make the move of action ``value`` if the mask allows it (else
          :data:`REFUSED`, nothing changed); then, unless a hand waits for a reshuffle
          (:data:`RESHUFFLE`), the mask and the observation of the seat to move.
        * :data:`REFRESH`: the mask and the observation of the seat to move.
        * :data:`OBSERVE`: the observation of seat ``value`` (its row).
        """
        if not stamp:  # never: read, so that the closure holds it
            return REFUSED
        arrays = _arrays(buffer, layout)
        if operation == OBSERVE:
            _observe(buffer, layout, arrays, value)
            return arrays[14][0]
        if operation == STEP:
            mask = view2(buffer, layout, _MASK, np.bool_)
            if value < 0 or value >= mask.shape[1] or not mask[0, value]:
                return REFUSED  # a finished game's mask is all False (R-WIN-3)
            actions = view1(buffer, layout, _ACTIONS, np.int64)
            actions[0] = value
            fill_seats = view1(buffer, layout, _FILL, np.int64)
            scalars = view1(buffer, layout, _SCALARS, np.int64)
            move(
                view1(buffer, layout, _GAMES, np.int64),
                actions,
                fill_seats,
                view1(buffer, layout, _ENDED, np.bool_),
                view2(buffer, layout, _TABLES, np.int64),
                arrays,
                scalars[0],
                scalars[4],
                scalars[1],
            )
            if fill_seats[0] >= 0:
                return RESHUFFLE
        _refresh(buffer, layout, arrays)
        return arrays[14][0]  # the seat to move

    return kernel(single_game)


single_game = _single_game_kernel(sources_stamp(compiled, compiled_mask, compiled_moves, packed))
