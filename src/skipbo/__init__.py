"""skipbo: a typed, immutable, verified rules engine for the card games Skip-Bo and Skyjo.

``skipbo`` itself is Skip-Bo's public API, and :mod:`skipbo.skyjo` is Skyjo's, under
the same names and signatures: the core (``new_game``, ``legal_moves``, ``apply``,
``view``, ...), JSON (``dumps``, ``loads``, ``to_data``, ``from_data``,
``json_schema``), records (``GameRecord``, ``play_game``, ``format_record``,
``parse_record``, ``replay``, ``final_state``), bots (``make_bot``, ``bot_names``),
words (``describe_move``, ``render_view``) and ``__version__``. :mod:`skipbo.games`
finds a game by name (``skipbo.games.get("skyjo")``) and loads any game's document.
Both facades are over their game's package of :mod:`skipbo.games`. Importing
``skipbo`` loads the rules and their services, never a bot, NumPy or the web layer.

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

__all__ = [*_skipbo_api, "__version__"]
