"""Numba's ``njit`` for the batch's compiled kernels, when Numba is there and allowed.

One place decides whether the kernels of :mod:`skipbo.batch.compiled` and
:mod:`skipbo.batch.compiled_moves` are compiled: Numba installed (the ``numpy`` and
``gymnasium`` extras bring it) and the environment variable ``SKIPBO_NO_NUMBA``
empty or unset.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

__all__ = ["COMPILED", "kernel", "numba_jit"]


def numba_jit() -> Callable[[Callable[..., Any]], Any] | None:
    """Numba's ``njit`` as the kernels use it, or ``None`` (no Numba, or ``SKIPBO_NO_NUMBA``)."""
    if os.environ.get("SKIPBO_NO_NUMBA"):
        return None
    try:
        import numba
    except ImportError:
        return None
    jit: Callable[[Callable[..., Any]], Any] = numba.njit(cache=True, nogil=True)
    return jit


_JIT = numba_jit()
COMPILED = _JIT is not None
"""Whether the kernels are compiled (else they are plain Python functions, never called)."""


def kernel(function: Callable[..., Any]) -> Any:
    """``function`` compiled (at its first call) when Numba is there; as it is otherwise."""
    return function if _JIT is None else _JIT(function)
