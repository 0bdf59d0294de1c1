"""The lockstep vector environment's per-game checks and masks, compiled when Numba is there.

Two passes over the batch that NumPy makes as a dozen whole-array operations each
(:class:`skipbo.envs.vector.SkipBoVectorEnv` with ``lockstep=True``): checking the
agent's actions against whose turn it is and against the legal moves, and writing
the agent's masks (the legal moves where it is to move, the wait action elsewhere).
Compiled by :mod:`skipbo.batch._jit`'s rule; the NumPy forms are used otherwise and
give the same answers (the tests run both).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from skipbo.batch._jit import COMPILED, kernel

__all__ = ["COMPILED", "first_refused", "write_masks"]

OUT_OF_TURN = 0
"""``first_refused``'s code: a move where an opponent is to move, or the wait where the agent is."""
ILLEGAL = 1
"""``first_refused``'s code: a move outside the actions or not legal in its game."""


@kernel
def _first_refused(  # pragma: no cover - runs compiled (tested against the NumPy form)
    actions: Any, to_move: Any, mask: Any, wait: int, found: Any
) -> None:
    found[0] = -1
    found[1] = -1
    for game in range(actions.shape[0]):
        action = actions[game]
        if to_move[game]:
            if action == wait:
                if found[OUT_OF_TURN] < 0:
                    found[OUT_OF_TURN] = game
            elif found[ILLEGAL] < 0 and (action < 0 or action >= wait or not mask[game, action]):
                found[ILLEGAL] = game
        elif action != wait and found[OUT_OF_TURN] < 0:
            found[OUT_OF_TURN] = game


def first_refused(
    actions: npt.NDArray[Any], to_move: npt.NDArray[np.bool_], mask: npt.NDArray[np.bool_]
) -> tuple[int, int]:
    """The first games whose lockstep action is refused: ``(out of turn, illegal)``, ``-1`` if none.

    ``mask`` is the batch's legal mask (its width is the wait action's index).
    Out of turn: the wait action where the agent is to move, a move where it waits.
    Illegal: where the agent is to move, a move outside the actions or not legal.
    """
    wait = mask.shape[1]
    if COMPILED:
        found = np.empty(2, dtype=np.int64)
        _first_refused(actions, to_move, mask, wait, found)
        return int(found[0]), int(found[1])
    wrong = np.where(to_move, actions == wait, actions != wait)
    inside = (actions >= 0) & (actions < wait)
    picked = np.where(inside & to_move, actions, 0).astype(np.int64)
    legal = mask[np.arange(actions.size), picked] & inside
    illegal = to_move & (actions != wait) & ~legal
    return _first(wrong), _first(illegal)


def _first(flags: npt.NDArray[np.bool_]) -> int:
    return int(flags.argmax()) if flags.any() else -1


@kernel
def _write_masks(  # pragma: no cover - runs compiled (tested against the NumPy form)
    legal: Any, current_player: Any, seat: int, masks: Any, to_move: Any
) -> None:
    wait = legal.shape[1]
    for game in range(legal.shape[0]):
        moving = current_player[game] == seat
        to_move[game] = moving
        line, row = masks[game], legal[game]
        if moving:
            for action in range(wait):
                line[action] = row[action]
        else:
            for action in range(wait):
                line[action] = 0
        line[wait] = not moving


def write_masks(
    legal: npt.NDArray[np.bool_],
    current_player: npt.NDArray[np.int64],
    seat: int,
    masks: npt.NDArray[np.int8],
    to_move: npt.NDArray[np.bool_],
) -> None:
    """The agent's lockstep masks into ``masks`` (one column more: the wait) and ``to_move``.

    Where ``seat`` is to move its row of ``legal`` and not the wait; elsewhere only the wait.
    """
    if COMPILED:
        _write_masks(legal, current_player, seat, masks, to_move)
        return
    np.equal(current_player, seat, out=to_move)
    flags = masks.view(np.bool_)  # NumPy's same-type loops, no casts
    wait = legal.shape[1]
    np.logical_and(legal, to_move[:, None], out=flags[:, :wait])
    np.logical_not(to_move, out=flags[:, wait])
