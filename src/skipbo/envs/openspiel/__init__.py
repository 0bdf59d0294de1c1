"""OpenSpiel games, for OpenSpiel's algorithms and bots: ``python_skipbo`` and ``python_skyjo``.

Needs the ``openspiel`` extra (``pip install 'skipbo[openspiel]'``). Importing this
package registers both games with OpenSpiel. One adapter
(:mod:`skipbo.envs.openspiel.adapter`) makes every game an OpenSpiel game, with the
rules' shuffles as chance nodes a card each; each game supplies its part:
:mod:`skipbo.envs.openspiel.skipbo` and :mod:`skipbo.envs.openspiel.skyjo`.
"""

from __future__ import annotations

from skipbo.envs.openspiel.adapter import ChanceModel, Shuffle, SpielGame, SpielObserver, SpielState
from skipbo.envs.openspiel.skipbo import (
    GAME_NAME,
    SkipBoGame,
    SkipBoModel,
    rules_from_parameters,
)
from skipbo.envs.openspiel.skyjo import SkyjoGame, SkyjoModel

__all__ = [
    "GAME_NAME",
    "ChanceModel",
    "Shuffle",
    "SkipBoGame",
    "SkipBoModel",
    "SkyjoGame",
    "SkyjoModel",
    "SpielGame",
    "SpielObserver",
    "SpielState",
    "rules_from_parameters",
]
