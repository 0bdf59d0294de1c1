"""Adapters for research frameworks: observations and environments around the engine.

Everything here sits around the rules core and imports it; the core imports none of
it. :mod:`skipbo.observation.skipbo` needs nothing but the standard library (NumPy
only for :func:`~skipbo.observation.skipbo.observation_array`). Each framework adapter
needs its extra and raises an :class:`ImportError` naming it when it is missing:

=============================  =====================================
module                         install
=============================  =====================================
:mod:`skipbo.envs.gymnasium`   ``pip install 'skipbo[gymnasium]'``
:mod:`skipbo.envs.pettingzoo`  ``pip install 'skipbo[pettingzoo]'``
:mod:`skipbo.envs.openspiel`   ``pip install 'skipbo[openspiel]'``
:mod:`skipbo.envs.dask`        ``pip install 'skipbo[dask]'``
=============================  =====================================
"""

from __future__ import annotations

from skipbo.observation import skipbo as _observation
from skipbo.observation.skipbo import *  # noqa: F403

__all__ = _observation.__all__  # the observations: all of the adapters that needs no framework
