"""Skyjo's public API: a facade over :mod:`skipbo.games.skyjo`.

>>> import random
>>> from skipbo import skyjo
>>> state = skyjo.new_game(skyjo.Rules(players=4), seed=42)
>>> rng = random.Random(0)
>>> while not skyjo.is_over(state):
...     state = skyjo.apply(state, rng.choice(skyjo.legal_moves(state)))
>>> skyjo.check_invariants(state)
"""

from skipbo.games.skyjo import *  # noqa: F403  (Skyjo's API is the package's)
from skipbo.games.skyjo import __all__ as _skyjo_api

__all__ = [*_skyjo_api]
