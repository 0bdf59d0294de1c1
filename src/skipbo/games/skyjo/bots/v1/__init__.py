"""Skyjo's frozen references ``heuristic@1`` and ``search@1``: today's bots, kept unchanged.

A bar such as "more than an even share against the heuristic" means something only
while the heuristic stays the same bot. The live ``heuristic`` and ``search``
(:mod:`skipbo.games.skyjo.bots.heuristic`, :mod:`skipbo.games.skyjo.bots.search`) are
meant to improve, so this package holds a copy of their code as it was at issue 55 (the
heuristic, its outlook and the search, with their constants), and
:data:`skipbo.games.skyjo.bots.BOTS` names them ``"heuristic@1"`` and ``"search@1"``.

A copy, not an alias or a subclass of the live classes: an improvement changes the code
path as well as the numbers, and a subclass would follow it. The copies share only what
is frozen itself: the first heuristic's way of revealing cards
(:mod:`skipbo.games.skyjo.bots.reference`, ``heuristic-1``) and the rules engine.
``tests/test_frozen_bots.py`` checks their identity against the moves recorded in
``tests/golden/frozen_bots.txt`` (``python -m tools.frozen_bots``). A later version is a
new package (``v2``) and a new name (``heuristic@2``).

>>> from skipbo import skyjo
>>> from skipbo.games.skyjo.bots import make_bot
>>> seen = skyjo.view(skyjo.new_game(skyjo.Rules(players=2), seed=4))
>>> make_bot("heuristic@1", seed=0).choose(seen) in skyjo.legal_moves(seen)
True
"""

from __future__ import annotations

from skipbo.games.skyjo.bots.v1.heuristic import HeuristicBot
from skipbo.games.skyjo.bots.v1.search import SearchBot

__all__ = ["HeuristicBot", "SearchBot"]
