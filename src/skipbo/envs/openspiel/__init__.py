"""OpenSpiel games, for OpenSpiel's algorithms and bots: ``python_skipbo``.

Needs the ``openspiel`` extra (``pip install 'skipbo[openspiel]'``). Importing this
package registers the games with OpenSpiel; :mod:`skipbo.envs.openspiel.skipbo_game`
holds Skip-Bo's.
"""

from __future__ import annotations

from skipbo.envs.openspiel.skipbo_game import (
    GAME_NAME,
    SkipBoGame,
    SkipBoObserver,
    SkipBoState,
    rules_from_parameters,
)

__all__ = ["GAME_NAME", "SkipBoGame", "SkipBoObserver", "SkipBoState", "rules_from_parameters"]
