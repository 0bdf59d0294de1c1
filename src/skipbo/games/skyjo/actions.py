"""The integer action space: every Skyjo move numbered once.

For reinforcement-learning libraries and OpenSpiel-style tools. The actions are the
indices of :func:`skipbo.skyjo.all_moves` (the same for every rules configuration),
the order :func:`skipbo.skyjo.legal_moves` follows, so a state's legal actions are
ascending:

===============  ======  ==================================================
block            size    actions
===============  ======  ==================================================
``Draw``         1       0
``TakeDiscard``  1       1
``Swap``         12      2 + place
``DiscardFlip``  12      14 + place
``Reveal``       66      26 + the pair's index in increasing order of places
===============  ======  ==================================================

>>> from skipbo import skyjo
>>> ACTION_COUNT
92
>>> move_to_action(skyjo.Swap(3)), action_to_move(17)
(5, DiscardFlip(place=3))
>>> state = skyjo.new_game(skyjo.Rules(), seed=1)
>>> sum(legal_action_mask(state)) == len(legal_actions(state)) == 66
True
"""

from __future__ import annotations

from skipbo import errors
from skipbo.common.strictjson import echo
from skipbo.games.skyjo.engine import legal_moves
from skipbo.games.skyjo.errors import SkyjoError
from skipbo.games.skyjo.moves import Move, all_moves
from skipbo.games.skyjo.state import GameState
from skipbo.games.skyjo.views import PublicView

__all__ = [
    "ACTION_COUNT",
    "ActionError",
    "action_to_move",
    "legal_action_mask",
    "legal_actions",
    "move_to_action",
]

ACTION_COUNT = len(all_moves())  # the same for every rules configuration
"""The number of actions."""

_INDEX = {move: index for index, move in enumerate(all_moves())}


class ActionError(SkyjoError, errors.ActionError):
    """An action index or move outside Skyjo's action space."""


def move_to_action(move: Move) -> int:
    """The action of ``move``.

    Raises:
        ActionError: for a value that is not a move of the action space.

    """
    try:
        return _INDEX[move]
    except (KeyError, TypeError):
        raise ActionError(f"not a move of Skyjo's action space: {move!r}") from None


def action_to_move(action: int) -> Move:
    """The move of ``action``.

    Raises:
        ActionError: for anything but an integer from 0 to ``ACTION_COUNT - 1``.

    """
    if type(action) is not int or not 0 <= action < ACTION_COUNT:
        raise ActionError(f"an action is an int from 0 to {ACTION_COUNT - 1}, got {echo(action)}")
    return all_moves()[action]


def legal_actions(state: GameState | PublicView) -> list[int]:
    """The legal actions of ``state`` (or of its view), ascending."""
    return [_INDEX[move] for move in legal_moves(state)]


def legal_action_mask(state: GameState | PublicView) -> bytes:
    """One byte per action: ``1`` where the move is legal in ``state``, ``0`` elsewhere.

    As Skip-Bo's (:func:`skipbo.games.skipbo.actions.legal_action_mask`):
    ``numpy.frombuffer(mask, dtype=bool)`` turns it into a boolean array without a copy.
    """
    mask = bytearray(ACTION_COUNT)
    for action in legal_actions(state):
        mask[action] = 1
    return bytes(mask)
