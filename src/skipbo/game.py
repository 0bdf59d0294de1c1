"""Skip-Bo's metadata: :data:`GAME_TYPE` and :func:`game_info` (see :mod:`skipbo.common.gameinfo`).

>>> import skipbo
>>> from skipbo.game import GAME_TYPE, game_info
>>> GAME_TYPE.min_players, GAME_TYPE.max_players, GAME_TYPE.information.value
(2, 12, 'imperfect')
>>> game_info(skipbo.Rules(players=2)).action_count == len(skipbo.all_moves(skipbo.Rules()))
True
"""

from __future__ import annotations

from skipbo.common.gameinfo import Chance, GameInfo, GameType, Information
from skipbo.moves import move_table
from skipbo.rules import MAX_TEAM_PLAYERS, MIN_PLAYERS, Rules

__all__ = ["GAME_TYPE", "game_info"]

GAME_TYPE = GameType(
    short_name="skipbo",
    long_name="Skip-Bo",
    min_players=MIN_PLAYERS,
    max_players=MAX_TEAM_PLAYERS,
    # The reshuffles of R-DRAW-2 draw from the state's hidden shuffle seed.
    chance=Chance.SAMPLED,
    # Hands, stock cards below the tops and the draw pile are hidden (R-INFO-3).
    information=Information.IMPERFECT,
)
"""Facts of every Skip-Bo variant: 2 to 12 players (R-SETUP-1, R-TEAM-5), sampled
chance, imperfect information, one player moves at a time."""


def game_info(rules: Rules) -> GameInfo:
    """The numbers of the variant ``rules``: players, distinct actions, game length bound.

    ``max_game_length`` is ``None``: the rules bound no number of moves (an optional
    turn limit, R-WIN-2, counts turns, and a turn may hold many plays); every game
    still ends (see the termination checks in the verification docs).
    """
    return GameInfo(
        players=rules.players,
        action_count=len(move_table(rules).moves),
        max_game_length=None,
    )
