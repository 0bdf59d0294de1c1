"""The frozen references ``heuristic@1`` and ``search@1``: today's bots, kept unchanged.

A bar such as "wins 30% as one against three" means something only while the three
stay the same bots. The live ``heuristic`` and ``search``
(:mod:`skipbo.games.skipbo.bots.heuristic`, :mod:`skipbo.games.skipbo.bots.search`) are
meant to improve, and each gain moved every bar measured against them (issue 55). So
this package holds a copy of their code as it was at issue 55 (the heuristic, the
search, its fitted leaf and its inference of the last discard, with their weights), and
:data:`skipbo.games.skipbo.bots.BOTS` names them ``"heuristic@1"`` and ``"search@1"``.

A copy, not an alias of the live classes or a subclass pinning their parameters:
an improvement changes the code path as well as the numbers, and a subclass would
follow it. The copies share only what is frozen itself: the first heuristic
(:mod:`skipbo.games.skipbo.bots.reference`, ``heuristic-1``), whose building blocks both
use, and the rules engine. ``tests/test_frozen_bots.py`` checks their identity: seeded
games of each must make exactly the moves recorded in ``tests/golden/frozen_bots.txt``
(``python -m tools.frozen_bots`` writes it). A later version is a new package (``v2``)
and a new name (``heuristic@2``); this one never changes.

>>> import skipbo
>>> from skipbo.games.skipbo.bots import make_bot
>>> seen = skipbo.view(skipbo.new_game(skipbo.Rules(players=2), seed=4), 0)
>>> make_bot("heuristic@1").choose(seen) in skipbo.legal_moves(seen)
True
"""

from __future__ import annotations

from skipbo.games.skipbo.bots.v1.heuristic import HeuristicBot
from skipbo.games.skipbo.bots.v1.search import SearchBot

__all__ = ["HeuristicBot", "SearchBot"]
