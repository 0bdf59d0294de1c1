"""Observations: each game's view as a fixed-length vector and as text, one module a game.

The layer's generic part is game-agnostic: the layout of a vector
(:mod:`skipbo.observation.layout`) and what an agent framework needs of a game, its
:class:`~skipbo.observation.encoder.Encoder` (:mod:`skipbo.observation.encoder`). Each
game's module (:mod:`skipbo.observation.skipbo`, :mod:`skipbo.observation.skyjo`)
encodes its own view and registers its encoder when imported; this package imports the
modules of the games that come with skipbo. The research adapters (:mod:`skipbo.envs`)
and the batch engine (:mod:`skipbo.batch`) both read them; NumPy is needed only for the
arrays.
"""

# Imported for their effect: each registers its game's encoder.
from skipbo.observation import skipbo, skyjo  # noqa: F401
