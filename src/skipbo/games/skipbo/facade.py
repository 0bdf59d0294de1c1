"""What Skip-Bo's facade (``skipbo``) adds to the package's modules: bots by name, played games.

The bots and the words (the ``text`` module) are imported when first asked for, so
that importing the facade loads neither. The functions have the same names and
signatures in both games' facades.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias

from skipbo import arena
from skipbo.common.frontend import Game
from skipbo.games.skipbo.moves import Move
from skipbo.games.skipbo.records import GameRecord
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.state import GameState, Outcome
from skipbo.games.skipbo.views import PlayerView

if TYPE_CHECKING:
    from skipbo.common.game import Bot as AnyBot

    Bot = AnyBot[PlayerView, Move]

__all__ = [
    "GAME",
    "Typed",
    "bot_names",
    "describe_move",
    "make_bot",
    "play_game",
    "render_view",
]

Typed: TypeAlias = Game[Rules, GameState, PlayerView, Move, Outcome, GameRecord]
"""The type of :data:`GAME`: a :class:`~skipbo.games.Game` of this game's types."""

GAME: Typed = Game("skipbo", "skipbo.games.skipbo", "skipbo")
"""The game as a frontend plays it (:data:`skipbo.games.SKIPBO`): the facade's functions."""


def make_bot(name: str, seed: int | None = None, *, time_limit: float | None = None) -> Bot:
    """The bot called ``name`` (one of :func:`bot_names`), seeded with ``seed``.

    ``time_limit`` is the most seconds (wall clock) one move may take; ``None``: the
    bot's own budget alone, which makes it reproducible from its seed.

    Raises:
        ValueError: if no bot has that name (the message lists the names), or the time
            limit is not ``None`` or a positive number.

    """
    from skipbo.games.skipbo import bots

    return bots.make_bot(name, seed, time_limit=time_limit)


def bot_names() -> tuple[str, ...]:
    """The names of the game's bots, as :func:`make_bot` takes them.

    The bots that do the same in both games have the same name in both (``random``,
    ``heuristic``, ``search``, ...).
    """
    from skipbo.games.skipbo.bots import BOTS

    return tuple(BOTS)


def play_game(
    rules: Rules, bots: Sequence[Bot], seed: int, *, names: Sequence[str] = ()
) -> GameRecord:
    """Play one game of ``rules`` dealt with ``seed``, ``bots[s]`` playing seat ``s``.

    Each bot is shown only its own seat's view. Returns the game's record (with
    ``names`` for the seats, if given), which :func:`~skipbo.replay` plays back.

    Raises:
        ValueError: if there is not one bot per seat.
        IllegalMoveError: if a bot makes an illegal move.

    """
    record = arena.play_game(rules, bots, seed, names=names)
    assert isinstance(record, GameRecord)  # the game of these rules is this one
    return record


def describe_move(move: Move, seen: PlayerView, *, board: bool = False) -> str:
    """``move`` of the player to move in ``seen``, in plain words.

    With ``board`` the places are numbered as a board for people labels them.
    """
    from skipbo.games.skipbo import text

    return text.describe_move(move, seen, board=board)


def render_view(seen: PlayerView) -> str:
    """``seen`` drawn as plain text for a terminal."""
    from skipbo.games.skipbo import text

    return text.render_view(seen)
