"""Bots: computer players that choose a move from what their seat may see.

A bot is anything with a ``choose(view) -> Move`` method (the :class:`Bot`
protocol). It is given the :class:`~skipbo.games.skipbo.views.PlayerView` of its own seat, never
the :class:`~skipbo.GameState`, so it cannot read a hidden card; it draws its
randomness from its own seeded generator, never from the game, so a bot built with
the same seed makes the same choices. :data:`BOTS` names every shipped bot and
:func:`make_bot` builds one by name (the command line and the arena use it), with an
optional ``time_limit``: the most seconds (wall clock) a move may take. A searching
bot returns its best move so far when the time is up (:mod:`skipbo.common.budget`);
the others need far less than any budget. ``"heuristic@1"`` and ``"search@1"`` are
the heuristic and the search as they were at version 1, frozen
(:mod:`~skipbo.games.skipbo.bots.v1`): the references a bar is measured against.

>>> import skipbo
>>> from skipbo.games.skipbo.bots import make_bot
>>> state = skipbo.new_game(skipbo.Rules(players=2), seed=5)
>>> bot = make_bot("play-first", seed=0)
>>> bot.choose(skipbo.view(state, state.current_player)) in skipbo.legal_moves(state)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from skipbo.common import bots as common
from skipbo.common.game import Bot as AnyGameBot
from skipbo.common.game import BotFactory
from skipbo.games.skipbo.moves import Move, is_build_play
from skipbo.games.skipbo.views import PlayerView, legal_moves

__all__ = [
    "BOTS",
    "Bot",
    "HeuristicBot",
    "LearnedBot",
    "PlayFirstBot",
    "RandomBot",
    "ReferenceHeuristicBot",
    "SearchBot",
    "is_build_play",
    "make_bot",
]


class Bot(AnyGameBot[PlayerView, Move], Protocol):
    """Chooses a legal move for ``view.player``, the seat whose turn it is, from its view."""


class RandomBot(common.RandomBot[PlayerView, Move]):
    """Picks uniformly among the legal moves."""

    def __init__(self, seed: int | None = None, *, time_limit: float | None = None) -> None:
        super().__init__(legal_moves, seed, time_limit=time_limit)


class PlayFirstBot(common.SeededBot):
    """The "play-first" policy: a random build-pile play if there is one.

    Otherwise any random legal move, so it discards only when it cannot play.
    """

    def choose(self, view: PlayerView) -> Move:
        """A random build-pile play if any is legal, else a random legal move."""
        moves = legal_moves(view)
        plays = [move for move in moves if is_build_play(move)]
        return self._rng.choice(plays or moves)


# The bot modules build on the protocol above, so they are imported after it.
from skipbo.games.skipbo.bots.heuristic import HeuristicBot  # noqa: E402
from skipbo.games.skipbo.bots.learned import LearnedBot  # noqa: E402
from skipbo.games.skipbo.bots.reference import ReferenceHeuristicBot  # noqa: E402
from skipbo.games.skipbo.bots.search import SearchBot  # noqa: E402
from skipbo.games.skipbo.bots.v1 import HeuristicBot as HeuristicBotV1  # noqa: E402
from skipbo.games.skipbo.bots.v1 import SearchBot as SearchBotV1  # noqa: E402

BOTS: Mapping[str, BotFactory[Bot]] = {
    "random": RandomBot,
    "play-first": PlayFirstBot,
    "heuristic": HeuristicBot,
    "heuristic-1": ReferenceHeuristicBot,
    "search": SearchBot,
    "learned": LearnedBot,
    # The frozen references (see skipbo.games.skipbo.bots.v1): never changed.
    "heuristic@1": HeuristicBotV1,
    "search@1": SearchBotV1,
}
"""Every shipped bot by name: a factory taking the bot's seed and ``time_limit``."""


def make_bot(name: str, seed: int | None = None, *, time_limit: float | None = None) -> Bot:
    """The shipped bot called ``name`` (a key of :data:`BOTS`), seeded with ``seed``.

    ``time_limit`` is the most seconds (wall clock) one move may take; ``None``: the
    bot's iteration budget alone, which makes it reproducible from its seed.

    Raises:
        ValueError: if no bot has that name (the message lists the names), or the time
            limit is not ``None`` or a positive number.

    """
    return common.build_bot(BOTS, name, seed, "bot", time_limit=time_limit)
