"""Batched simulation: many games of one :class:`~skipbo.Rules` stepped together with NumPy.

Needs the ``numpy`` extra (``pip install 'skipbo[numpy]'``); the core does not import
this package. A :class:`GameBatch` holds ``B`` games as NumPy arrays (see
:mod:`skipbo.batch.arrays` for the layout), lists the legal actions of every game as a
``(B, action_count)`` boolean mask in the action layout of :mod:`skipbo.games.skipbo.actions`, and
applies one action per game with :meth:`GameBatch.step`. Game ``i`` converts to the
:class:`~skipbo.GameState` the core would reach by the same moves
(:meth:`GameBatch.state`): the batch is tested to be equal to the core step by step.

>>> import skipbo
>>> from skipbo.batch import GameBatch
>>> batch = GameBatch.new(skipbo.Rules(players=2), 8, seed=1)
>>> start = batch.state(3)
>>> mask = batch.legal_action_mask()
>>> mask.shape
(8, 145)
>>> result = batch.step(mask.argmax(axis=1))  # each game's first legal action
>>> batch.state(3) == skipbo.apply(start, skipbo.legal_moves(start)[0])
True
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401  (checked here so that the error names the extra)
except ImportError as error:  # pragma: no cover - the test environment has numpy
    raise ImportError(
        "skipbo.batch needs NumPy: pip install 'skipbo[numpy]'", name=error.name
    ) from error

from skipbo.batch.engine import GameBatch
from skipbo.batch.invariants import batch_invariant_violations, check_batch_invariants
from skipbo.batch.observation import observations
from skipbo.batch.results import IllegalActionError, StepResult

__all__ = [
    "GameBatch",
    "IllegalActionError",
    "StepResult",
    "batch_invariant_violations",
    "check_batch_invariants",
    "observations",
]
