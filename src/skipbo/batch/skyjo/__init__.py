"""Batched Skyjo: many games of one :class:`skipbo.skyjo.Rules` in arrays, and a fused loop.

The same API as Skip-Bo's batch (:mod:`skipbo.batch`): :class:`SkyjoBatch` holds ``B``
games as NumPy arrays, lists their legal actions as a ``(B, 92)`` mask in the action
layout of :mod:`skipbo.games.skyjo.actions`, steps one action per game, encodes the
observations of :mod:`skipbo.observation.skyjo`, rewards the ended games and deals new
ones (auto-reset). Game ``i`` converts to the core's :class:`~skipbo.skyjo.GameState`
(:meth:`SkyjoBatch.state`), and is tested equal to it move by move and card by card.
:func:`play` runs whole games with a built-in policy in compiled code (the fused loop).

Needs the ``numpy`` extra; with Numba (in the extra) the rules run compiled
(:mod:`skipbo.batch.skyjo.kernels`).
"""

from __future__ import annotations

from skipbo.batch.skyjo.engine import IllegalActionError, SkyjoBatch, SkyjoStepResult, read_state
from skipbo.batch.skyjo.fused import FusedResult, play, play_chunks
from skipbo.batch.skyjo.kernels import POLICIES

__all__ = [
    "POLICIES",
    "FusedResult",
    "IllegalActionError",
    "SkyjoBatch",
    "SkyjoStepResult",
    "play",
    "play_chunks",
    "read_state",
]
