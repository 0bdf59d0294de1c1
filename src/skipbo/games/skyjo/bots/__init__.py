"""Skyjo bots: computer players that choose a move from the public view.

A bot has a ``choose(view) -> Move`` method, like Skip-Bo's bots; it is given the
:class:`~skipbo.skyjo.PublicView` (the same for every seat, S-INFO-2), so it cannot
read a face-down card, and it draws randomness from its own seeded generator.

The bots (:data:`BOTS`, by name):

* ``"heuristic"`` (:mod:`~skipbo.games.skyjo.bots.heuristic`): values every move in points
  from the public view (expected values of unseen cards, column plans, when to end
  a round);
* ``"search"`` (:mod:`~skipbo.games.skyjo.bots.search`): searches the close choices near a
  round's end by sampling the hidden cards and playing on with the heuristic;
* reference bots to measure them against: ``"heuristic-1"``, the first heuristic
  (:mod:`~skipbo.games.skyjo.bots.reference`), and two simple published-style strategies,
  ``"low-discard"`` and ``"reveal-first"`` (:mod:`~skipbo.games.skyjo.bots.baselines`);
* ``"random"``: a uniformly random legal move;
* ``"heuristic@1"`` and ``"search@1"``: the heuristic and the search as they were at
  version 1, frozen (:mod:`~skipbo.games.skyjo.bots.v1`), to measure against.

>>> from skipbo import skyjo
>>> from skipbo.games.skyjo.bots import make_bot
>>> bots = [make_bot("heuristic", seed=0), make_bot("random", seed=1)]
>>> state = skyjo.new_game(skyjo.Rules(players=2), seed=5)
>>> while not skyjo.is_over(state):
...     seen = skyjo.view(state)
...     state = skyjo.apply(state, bots[seen.current_player].choose(seen))
>>> skyjo.outcome(state).winners
(0,)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from skipbo.common import bots as common
from skipbo.common.game import Bot as AnyGameBot
from skipbo.common.game import BotFactory
from skipbo.games.skyjo.engine import legal_moves
from skipbo.games.skyjo.moves import Move
from skipbo.games.skyjo.views import PublicView

__all__ = [
    "BOTS",
    "Bot",
    "HeuristicBot",
    "LowDiscardBot",
    "RandomBot",
    "ReferenceHeuristicBot",
    "RevealFirstBot",
    "SearchBot",
    "make_bot",
]


class Bot(AnyGameBot[PublicView, Move], Protocol):
    """Chooses a legal move for ``view.current_player`` from the public view."""


class RandomBot(common.RandomBot[PublicView, Move]):
    """Picks uniformly among the legal moves."""

    def __init__(self, seed: int | None = None, *, time_limit: float | None = None) -> None:
        super().__init__(legal_moves, seed, time_limit=time_limit)


# The bot modules build on the protocol above, so they are imported after it.
from skipbo.games.skyjo.bots.baselines import LowDiscardBot, RevealFirstBot  # noqa: E402
from skipbo.games.skyjo.bots.heuristic import HeuristicBot  # noqa: E402
from skipbo.games.skyjo.bots.reference import ReferenceHeuristicBot  # noqa: E402
from skipbo.games.skyjo.bots.search import SearchBot  # noqa: E402
from skipbo.games.skyjo.bots.v1 import HeuristicBot as HeuristicBotV1  # noqa: E402
from skipbo.games.skyjo.bots.v1 import SearchBot as SearchBotV1  # noqa: E402

BOTS: Mapping[str, BotFactory[Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "heuristic-1": ReferenceHeuristicBot,
    "low-discard": LowDiscardBot,
    "reveal-first": RevealFirstBot,
    "search": SearchBot,
    # The frozen references (see skipbo.games.skyjo.bots.v1): never changed.
    "heuristic@1": HeuristicBotV1,
    "search@1": SearchBotV1,
}
"""Every Skyjo bot by name: a factory taking the bot's seed."""


def make_bot(name: str, seed: int | None = None, *, time_limit: float | None = None) -> Bot:
    """The Skyjo bot called ``name`` (a key of :data:`BOTS`), seeded with ``seed``.

    ``time_limit`` is the most seconds (wall clock) one move may take.

    Raises:
        ValueError: if no bot has that name (the message lists the names), or the time
            limit is not ``None`` or a positive number.

    """
    return common.build_bot(BOTS, name, seed, "Skyjo bot", time_limit=time_limit)
