"""skipbo: a typed, immutable, verified rules engine for the card games Skip-Bo and Skyjo.

Each game is a package of :mod:`skipbo.games`, on one pattern (rules, cards, state,
moves, engine, views, serialization, records, bots, adapter, ...). ``skipbo`` itself
is Skip-Bo's public API, and :mod:`skipbo.skyjo` is Skyjo's: both are facades over
their game's package. Importing ``skipbo`` loads the rules and their services, never
a bot, NumPy or the web layer.

>>> import random, skipbo
>>> state = skipbo.new_game(skipbo.Rules(players=3), seed=42)
>>> rng = random.Random(0)
>>> while not skipbo.is_over(state):
...     state = skipbo.apply(state, rng.choice(skipbo.legal_moves(state)))
>>> skipbo.outcome(state) is not None
True
"""

from skipbo.games.skipbo import *  # noqa: F403  (Skip-Bo's API is the package's)
from skipbo.games.skipbo import __all__ as _skipbo_api

__version__ = "0.1.0"

__all__ = [*_skipbo_api]
