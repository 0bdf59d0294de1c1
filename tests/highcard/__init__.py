"""High card, a toy third game on the pattern of :mod:`skipbo.games` (docs: Adding a game).

Each seat holds one hidden card of a shuffled deck 1..N; in seat order each keeps it
or swaps it for the deck's top card; then every card is shown and the highest wins.
Importing the package registers the game (its adapter); its modules for the outer
layers (:mod:`tests.highcard.observation`, :mod:`tests.highcard.pictures`) register
when imported.
"""

from tests.highcard import adapter  # noqa: F401  (registers the game)
from tests.highcard.engine import apply, is_over, legal_moves, new_game
from tests.highcard.moves import Move
from tests.highcard.records import GameRecord, replay
from tests.highcard.rules import Rules
from tests.highcard.state import GameState
from tests.highcard.views import View, view

__all__ = [
    "GameRecord",
    "GameState",
    "Move",
    "Rules",
    "View",
    "apply",
    "is_over",
    "legal_moves",
    "new_game",
    "replay",
    "view",
]
