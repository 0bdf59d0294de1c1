"""Observations: each game's view as a fixed-length vector and as text, one module a game.

The layout of a vector (:mod:`skipbo.observation.layout`) is game-agnostic; each game's
module (:mod:`skipbo.observation.skipbo`, :mod:`skipbo.observation.skyjo`) encodes its
own view. The research adapters (:mod:`skipbo.envs`) and the batch engine
(:mod:`skipbo.batch`) both read them; NumPy is needed only for the arrays.
"""
