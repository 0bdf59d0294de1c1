"""Compiled kernels of the batch policies: their choice, and the other seats' steps.

:func:`ranked_choice` is the batch policies' choice (:func:`skipbo.batch.policies.choose`):
each row's legal action of highest rank. :func:`play_others` plays the other seats'
steps up to one seat's turn, all in one call, as an environment's opponents play
(:meth:`skipbo.batch.GameBatch.play_others`): each step is the mask
(:func:`~skipbo.batch.compiled_mask.legal_rows`), the choice and the moves
(:func:`~skipbo.batch.compiled_moves.move`) of the games whose other seats are to
move, without returning to Python between steps.

Numba checks a cached kernel against its own file only, and :func:`play_others`
calls kernels of two other files: so it holds a digest of those files in its
closure (``skipbo.batch._jit.sources_stamp``), which Numba's cache key includes: a
change to either compiles it anew.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from skipbo.batch import compiled_mask, compiled_moves
from skipbo.batch._jit import kernel, sources_stamp
from skipbo.batch.compiled_mask import legal_rows
from skipbo.batch.compiled_moves import MOVE_ARRAYS, move

__all__ = ["DONE", "MORE", "STOPPED", "play_others", "ranked_choice"]

# Where play_others finds the arrays the mask reads (constants, for the compiler).
_CURRENT_PLAYER = MOVE_ARRAYS.index("current_player")
_TERMINATION = MOVE_ARRAYS.index("termination")
_HAND, _HAND_LEN = MOVE_ARRAYS.index("hand"), MOVE_ARRAYS.index("hand_len")
_STOCK_TOP, _BUILD_LEN = MOVE_ARRAYS.index("stock_top"), MOVE_ARRAYS.index("build_len")
_DISCARD_TOP = MOVE_ARRAYS.index("discard_top")
_TURN_MOVES = MOVE_ARRAYS.index("turn_moves")

DONE, STOPPED, MORE = 0, 1, 2
""":func:`play_others`' answers: no game waits; a step ended games or waits for a
reshuffle; the rank rows ran out."""


@kernel
def ranked_choice(  # pragma: no cover - runs compiled (tested against the NumPy choice)
    mask: Any, ranks: Any, out: Any
) -> None:
    """``out[r]``: the legal action of highest rank in row ``r`` of ``mask`` (bytes, 0 or 1).

    A row with no legal action gives ``0``, as the NumPy choice does.
    """
    actions = _actions_of_rank(ranks)
    for row in range(mask.shape[0]):
        out[row] = actions[_best_rank(mask[row], ranks)]


@kernel
def _actions_of_rank(ranks: Any) -> Any:  # pragma: no cover - compiled
    """The action of each rank (rank 0, no legal action: action 0)."""
    actions = np.zeros(ranks.shape[0] + 1, dtype=np.int64)
    for action in range(ranks.shape[0]):
        actions[ranks[action]] = action
    return actions


@kernel
def _best_rank(line: Any, ranks: Any) -> Any:  # pragma: no cover - compiled
    """The highest rank of a legal action in ``line`` (``0`` if none is legal).

    Rank times flag, without branches, which the compiler vectorises.
    """
    best: Any = 0
    for action in range(line.shape[0]):
        best = max(best, np.int64(ranks[action]) * np.int64(line[action]))
    return best


def _play_others_kernel(stamp: str) -> Any:
    """:func:`play_others`, compiled with ``stamp`` in its closure (see the module docs)."""

    def play_others(  # pragma: no cover - runs compiled (tested against the NumPy path)
        seat: Any,
        ranks: Any,
        scratch: Any,
        ended: Any,
        reshuffling: Any,
        source_stocks: Any,
        tables: Any,
        arrays: Any,
        limits: Any,
        hand_size: Any,
    ) -> Any:
        """Steps of the running games where another seat than ``seat`` is to move.

        Step ``k`` moves each such game by its legal action of highest rank in
        ``ranks[k]`` (one batch step of those games, as
        :meth:`skipbo.batch.GameBatch.step` with ``only``). It stops after the first
        step that ended a game (``ended[game]`` set) or left a hand waiting for a
        reshuffle (``reshuffling[game]``: the seat, for the caller to reshuffle and
        draw; ``-1`` elsewhere). Returns ``(steps, answer)``: the rank rows used, and
        ``DONE`` (no game waits), ``STOPPED`` or ``MORE`` (the rows ran out).
        ``scratch`` is a ``(B, actions)`` boolean work array; ``tables`` and
        ``arrays`` are :func:`~skipbo.batch.compiled_moves.move`'s; ``limits`` the
        rules' turn limit, turn move limit and stall limit (R-WIN-2, R-WIN-4), ``-1``
        for none.
        """
        if not stamp:  # never: read, so that the closure holds it
            return 0, DONE
        current_player, termination = arrays[_CURRENT_PLAYER], arrays[_TERMINATION]
        hand, hand_len, stock_top = arrays[_HAND], arrays[_HAND_LEN], arrays[_STOCK_TOP]
        build_len, discard_top = arrays[_BUILD_LEN], arrays[_DISCARD_TOP]
        turn_moves = arrays[_TURN_MOVES]
        turn_limit, turn_move_limit, stall_limit = limits
        size = termination.shape[0]
        games = np.empty(size, dtype=np.int64)
        actions = np.empty(size, dtype=np.int64)
        fill = np.empty(size, dtype=np.int64)
        finished = np.empty(size, dtype=np.bool_)
        for step in range(ranks.shape[0]):
            count = 0
            for game in range(size):
                if termination[game] == 0 and current_player[game] != seat:
                    games[count] = game
                    count += 1
            if count == 0:
                return step, DONE
            moving, rows = games[:count], scratch[:count]
            legal_rows(
                rows, moving, current_player, hand, hand_len, stock_top, build_len, discard_top,
                termination, source_stocks, turn_moves, turn_move_limit,
            )  # fmt: skip
            action_of_rank = _actions_of_rank(ranks[step])
            for row in range(count):
                best = _best_rank(rows[row], ranks[step])
                if best == 0:
                    raise RuntimeError("a running game has no legal action")
                actions[row] = action_of_rank[best]
            move(
                moving, actions[:count], fill[:count], finished[:count], tables, arrays,
                turn_limit, stall_limit, hand_size,
            )  # fmt: skip
            stop = False
            for row in range(count):
                if fill[row] >= 0:
                    reshuffling[moving[row]] = fill[row]
                    stop = True
                if finished[row]:
                    ended[moving[row]] = True
                    stop = True
            if stop:
                return step + 1, STOPPED
        return ranks.shape[0], MORE

    return kernel(play_others)


play_others = _play_others_kernel(sources_stamp(compiled_mask, compiled_moves))
