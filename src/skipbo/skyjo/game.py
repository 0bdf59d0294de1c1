"""Skyjo's metadata: :data:`GAME_TYPE` and :func:`game_info` (see :mod:`skipbo.common.gameinfo`).

>>> from skipbo import skyjo
>>> from skipbo.skyjo.game import GAME_TYPE, game_info
>>> GAME_TYPE.short_name, GAME_TYPE.min_players, GAME_TYPE.max_players
('skyjo', 2, 8)
>>> game_info(skyjo.Rules(players=4)).action_count
92
"""

from __future__ import annotations

from skipbo.common.gameinfo import Chance, GameInfo, GameType, Information
from skipbo.skyjo.moves import all_moves
from skipbo.skyjo.rules import MAX_PLAYERS, MIN_PLAYERS, Rules

__all__ = ["GAME_TYPE", "game_info"]

GAME_TYPE = GameType(
    short_name="skyjo",
    long_name="Skyjo",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    # Every deal and reshuffle (S-SETUP-2, S-DRAW-1) draws from the state's hidden seed.
    chance=Chance.SAMPLED,
    # Face-down grid cards and the draw pile are hidden from everyone (S-INFO-2).
    information=Information.IMPERFECT,
)
"""Facts of every Skyjo variant: 2 to 8 players (S-SETUP-1), sampled chance,
imperfect information, one player moves at a time (the reveals of S-SETUP-4 are
chosen in seat order)."""


def game_info(rules: Rules) -> GameInfo:
    """The numbers of the variant ``rules``: players, distinct actions, game length bound.

    ``max_game_length`` is ``None``: a round without a turn limit has no bound on its
    moves, and even with one the number of rounds depends on the scores.
    """
    return GameInfo(players=rules.players, action_count=len(all_moves()), max_game_length=None)
