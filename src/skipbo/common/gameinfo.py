"""What every game declares about itself, in the manner of OpenSpiel's ``GameType``/``GameInfo``.

A game module publishes one :class:`GameType` (facts true of every variant: its
name, the player range, how chance enters, what the players see) and a function
from its rules to a :class:`GameInfo` (the numbers of one variant: how many
distinct actions, how many players, how long a game can last). The integer action
space and the adapters for learning frameworks read these instead of working the
numbers out again.
"""

from __future__ import annotations

import enum

import attrs

__all__ = ["Chance", "GameInfo", "GameType", "Information"]


class Chance(enum.Enum):
    """How chance enters the game."""

    DETERMINISTIC = "deterministic"
    """No chance at all."""
    SAMPLED = "sampled"
    """Chance outcomes (shuffles) are drawn from a seed the state carries, not chosen
    at chance nodes (OpenSpiel's ``SAMPLED_STOCHASTIC``)."""


class Information(enum.Enum):
    """What the players see of the state."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"
    """Some cards are hidden from some or all players."""


@attrs.frozen(kw_only=True)
class GameType:
    """Facts about a game that hold in every variant."""

    short_name: str
    """A name for registries, e.g. ``"skipbo"``."""
    long_name: str
    """The game's name for people, e.g. ``"Skip-Bo"``."""
    min_players: int
    """The fewest players of any variant."""
    max_players: int
    """The most players of any variant."""
    chance: Chance
    information: Information
    simultaneous: bool = False
    """Whether players move at the same time (``False``: one player moves at a time)."""


@attrs.frozen(kw_only=True)
class GameInfo:
    """The numbers of one variant (one rules configuration) of a game."""

    players: int
    """The number of players (seats)."""
    action_count: int
    """The number of distinct actions: every move of the variant gets an index."""
    max_game_length: int | None
    """The most moves (decisions, not chance outcomes) a game can take from its deal: a
    proved bound (Skip-Bo's :func:`skipbo.max_moves`, Skyjo's
    :func:`skipbo.skyjo.max_moves`), or ``None`` when the rules lift a bound and none is
    proved (a game may then never end)."""
