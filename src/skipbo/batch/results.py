"""What a batch step answers: which games it ended and how, or why it refused an action.

:class:`~skipbo.batch.GameBatch` returns a :class:`StepResult` per step (arrays of
one entry per game, as a vectorised learner reads them), and refuses an illegal
action with an :class:`IllegalActionError` naming the game and the rule, as
:func:`skipbo.apply` names it for one game.
"""

from __future__ import annotations

import attrs
import numpy as np
import numpy.typing as npt

from skipbo.errors import IllegalMoveError
from skipbo.games.skipbo.actions import ActionError, action_to_move
from skipbo.games.skipbo.engine import apply
from skipbo.games.skipbo.moves import Move
from skipbo.games.skipbo.state import GameState

__all__ = ["IllegalActionError", "StepResult", "illegal_action", "outside_action"]


class IllegalActionError(IllegalMoveError):
    """An action of :meth:`~skipbo.batch.GameBatch.step` that is not legal in its game.

    The batch is unchanged. The rule and reason are those :func:`skipbo.apply` gives
    for the move in that game's state.

    Attributes:
        game: The index of the game (its slot in the batch).
        action: The action index given for it.

    """

    def __init__(self, game: int, action: int, move: Move, rule: str, reason: str) -> None:
        super().__init__(move, rule, f"game {game}, action {action}: {reason}")
        self.game = game
        self.action = action


def outside_action(game: int, action: int, count: int) -> ActionError:
    """The error for ``action`` of game ``game``, not one of the ``count`` actions of the rules."""
    return ActionError(f"game {game}: action {action} is not in 0..{count - 1}")


def illegal_action(state: GameState, game: int, action: int) -> IllegalActionError:
    """The error for ``action``, refused by the mask in ``state`` (game ``game``): the core's rule.

    Raises:
        AssertionError: if the core accepts the move (the mask is wrong).

    """
    move = action_to_move(state.rules, action)
    try:
        apply(state, move)
    except IllegalMoveError as error:
        return IllegalActionError(game, action, move, error.rule, error.reason)
    raise AssertionError(f"game {game}: the mask refused {move}, which the core accepts")


@attrs.frozen(slots=True, eq=False)
class StepResult:
    """What one :meth:`~skipbo.batch.GameBatch.step` ended, per game (arrays of length ``B``)."""

    ended: npt.NDArray[np.bool_]
    """Whether the game in each slot ended with this step."""

    termination: npt.NDArray[np.int8]
    """For games that ended: the index of their :class:`~skipbo.Termination` in
    :data:`skipbo.batch.arrays.TERMINATIONS` (1 stock emptied, 2 blocked, 3 turn
    limit, 4 stalled); 0 elsewhere."""

    winning_team: npt.NDArray[np.int64]
    """For games won: the winning team (in individual play, the seat); -1 elsewhere."""

    game_index: npt.NDArray[np.int64]
    """The index of the game each slot held during the step (with auto-reset, the
    slot holds a new game afterwards)."""
