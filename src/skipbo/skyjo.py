"""Skyjo's public API: a facade over :mod:`skipbo.games.skyjo`.

Its names are Skip-Bo's (:mod:`skipbo`), with the same signatures and meaning: the
core, JSON (``dumps``, ``loads``, ``to_data``, ``from_data``, ``json_schema``),
records (``GameRecord``, ``play_game``, ``format_record``, ``parse_record``,
``replay``, ``final_state``), bots (``make_bot``, ``bot_names``), words
(``describe_move``, ``render_view``) and ``__version__``; so code written for one
game plays the other (see :mod:`skipbo.games` to choose a game by name).

>>> import random
>>> from skipbo import skyjo
>>> state = skyjo.new_game(skyjo.Rules(players=4), seed=42)
>>> rng = random.Random(0)
>>> while not skyjo.is_over(state):
...     state = skyjo.apply(state, rng.choice(skyjo.legal_moves(state)))
>>> skyjo.check_invariants(state)
"""

from skipbo import __version__
from skipbo.games.skyjo import *  # noqa: F403  (Skyjo's API is the package's)
from skipbo.games.skyjo import __all__ as _skyjo_api

__all__ = [*_skyjo_api, "__version__"]
