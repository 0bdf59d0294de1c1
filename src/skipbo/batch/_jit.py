"""Numba's ``njit`` for the batch's compiled kernels, when Numba is there and allowed.

One place decides whether the kernels of :mod:`skipbo.batch.compiled` and the
other ``compiled_*`` modules are compiled: Numba installed (the ``numpy`` and
``gymnasium`` extras bring it) and the environment variable ``SKIPBO_NO_NUMBA``
empty or unset.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["COMPILED", "kernel", "numba_jit", "sources_stamp", "uncached_kernel"]


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


def _uncached_jit() -> Callable[[Callable[..., Any]], Any] | None:
    if numba_jit() is None:
        return None
    import numba

    jit: Callable[[Callable[..., Any]], Any] = numba.njit(cache=False, nogil=True)
    return jit


_JIT = numba_jit()
COMPILED = _JIT is not None
"""Whether the kernels are compiled (else they are plain Python functions, never called)."""


def kernel(function: Callable[..., Any]) -> Any:
    """``function`` compiled (at its first call) when Numba is there; as it is otherwise.

    Compiled once per checkout: the machine code is cached on disk, next to the source.
    """
    return function if _JIT is None else _JIT(function)


_UNCACHED = _uncached_jit()


def uncached_kernel(function: Callable[..., Any]) -> Any:
    """:func:`kernel`, but compiled in each process that needs it, never cached.

    For a kernel that calls kernels of other files. Numba checks a cached kernel
    against its own file only, so a cached caller would keep the machine code of a
    callee whose file changed since; compiled each time, it cannot. (A cached kernel
    that calls it carries a stamp of those files instead: :func:`sources_stamp`.)
    """
    return function if _UNCACHED is None else _UNCACHED(function)


def sources_stamp(*modules: ModuleType) -> str:
    """A digest of the files of ``modules``: for a cached kernel that calls their kernels.

    Numba keys a cached kernel by its own file and by the values its closure holds,
    not by the files of the kernels it calls. A kernel made by a factory that takes
    this digest (and reads it, so that its closure holds it) is compiled anew when
    any of those files changes (``compiled_play.play_others``,
    ``compiled_single.single_game``).
    """
    digest = hashlib.sha256()
    for module in sorted(modules, key=lambda module: module.__name__):  # in any order given
        digest.update(Path(str(module.__file__)).read_bytes())
    return digest.hexdigest()
