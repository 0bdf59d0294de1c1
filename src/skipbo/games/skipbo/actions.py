"""The integer action space: every move of a rules configuration numbered once.

For reinforcement-learning libraries and OpenSpiel-style tools. The actions of a
:class:`~skipbo.Rules` value are the indices of :func:`skipbo.all_moves`, the fixed
order that :func:`skipbo.legal_moves` follows, so the legal actions of a state are
ascending and its mask is cheap. With ``H`` the deck's highest number, ``B`` build
piles, ``S`` stock piles (= discard sets) and ``P`` discard piles a set, the actions
come in five blocks (``WILD`` is card 0):

===================  =================  ==========================================
block                size               index within the block
===================  =================  ==========================================
``PlayFromHand``     ``(H + 1) * B``    ``card * B + build``
``PlayFromStock``    ``S * B``          ``stock * B + build``
``PlayFromDiscard``  ``S * P * B``      ``(discard_set * P + pile) * B + build``
``Discard``          ``(H + 1) * P``    ``card * P + pile``
``Pass``             ``1``              ``0``
===================  =================  ==========================================

:func:`action_blocks` gives each block's range of indices.

>>> import skipbo
>>> rules = skipbo.Rules(players=2)
>>> action_count(rules)  # 13*4 + 2*4 + 2*4*4 + 13*4 + 1
145
>>> move_to_action(rules, skipbo.PlayFromStock(stock=1, build=2))
58
>>> action_to_move(rules, 58)
PlayFromStock(stock=1, build=2)
>>> state = skipbo.new_game(rules, seed=3)
>>> mask = legal_action_mask(state)
>>> [index for index, legal in enumerate(mask) if legal] == legal_actions(state)
True
"""

from __future__ import annotations

from functools import lru_cache

import attrs

from skipbo.common.strictjson import echo
from skipbo.errors import ActionError
from skipbo.games.skipbo.moves import Move, move_table
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.state import GameState
from skipbo.games.skipbo.views import PlayerView, legal_moves

__all__ = [
    "ActionError",
    "action_blocks",
    "action_count",
    "action_to_move",
    "legal_action_mask",
    "legal_actions",
    "move_to_action",
]


@lru_cache(maxsize=64)
def _indices(rules: Rules) -> dict[Move, int]:
    """Each move's action index (Rules caches its hash, so the lookup is cheap)."""
    return {move: index for index, move in enumerate(move_table(rules).moves)}


def action_count(rules: Rules) -> int:
    """The number of distinct actions of ``rules`` (the same in every state)."""
    return len(move_table(rules).moves)


def action_blocks(rules: Rules) -> dict[str, range]:
    """The range of action indices of each kind of move, by move class name, in order.

    >>> import skipbo
    >>> action_blocks(skipbo.Rules(players=2))["PlayFromStock"]
    range(52, 60)
    """
    table = move_table(rules)
    sizes = (
        ("PlayFromHand", sum(map(len, table.hand_plays))),
        ("PlayFromStock", sum(map(len, table.stock_plays))),
        ("PlayFromDiscard", sum(len(row) for rows in table.discard_plays for row in rows)),
        ("Discard", sum(map(len, table.discards))),
        ("Pass", 1),
    )
    blocks = {}
    start = 0
    for name, size in sizes:
        blocks[name] = range(start, start + size)
        start += size
    return blocks


def move_to_action(rules: Rules, move: Move) -> int:
    """The action index of ``move`` under ``rules``.

    Raises:
        ActionError: if ``move`` names a card or pile that ``rules`` does not have.

    """
    try:
        index = _indices(rules)[move]
    except (KeyError, TypeError):  # TypeError: an unhashable non-move
        index = None
    # True == 1 and 1.0 == 1: a move equal to one of the table need not be one.
    if index is None or not all(type(value) is int for value in attrs.astuple(move)):
        raise ActionError(f"{move!r} is not in the action space of these rules")
    return index


def action_to_move(rules: Rules, action: int) -> Move:
    """The move of action index ``action`` under ``rules``.

    Raises:
        ActionError: if ``action`` is not an integer from 0 to ``action_count(rules) - 1``.

    """
    moves = move_table(rules).moves
    if type(action) is not int or not 0 <= action < len(moves):
        raise ActionError(f"action {echo(action)} is not in 0..{len(moves) - 1}")
    return moves[action]


def legal_actions(state: GameState | PlayerView) -> list[int]:
    """The indices of the legal moves, ascending (OpenSpiel's ``legal_actions``).

    ``state`` may be the :class:`~skipbo.games.skipbo.views.PlayerView` of the player to move.
    """
    moves = legal_moves(state)  # first: it checks that ``state`` is a state or a view
    rules = state.rules
    # The legal moves are the move table's own objects: found by identity, not by the
    # hash of their fields (most of the cost of a mask). Any other move by its value.
    table = move_table(rules)  # held: its moves stay alive, so their ids stay theirs
    by_identity = table.index_by_identity
    indices = _indices(rules)
    return [
        index if (index := by_identity.get(id(move))) is not None else indices[move]
        for move in moves
    ]


def legal_action_mask(state: GameState | PlayerView) -> bytes:
    """One byte per action: ``1`` where the move is legal, ``0`` elsewhere.

    ``numpy.frombuffer(mask, dtype=bool)`` turns it into a boolean array without a
    copy. ``state`` may be the :class:`~skipbo.games.skipbo.views.PlayerView` of the player to move.
    """
    legal = legal_actions(state)  # first: it checks that ``state`` is a state or a view
    mask = bytearray(len(move_table(state.rules).moves))  # action_count, without its record
    for index in legal:
        mask[index] = 1
    return bytes(mask)
