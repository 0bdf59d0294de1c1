"""The only randomness in skipbo: seeded shuffles.

The shuffle is split in two (so that the pure half can be checked symbolically):
:func:`permute` applies a permutation given as Fisher-Yates swap choices and is
pure; :func:`shuffle` draws those choices from :class:`random.Random` seeded by an
integer and also returns the seed for the next shuffle. A state stores that next
seed, so a game is a function of (rules, seed, moves) alone.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

SEED_BITS = 64
"""Size of the seeds chained from one shuffle to the next."""

SEED_LIMIT = 2**SEED_BITS
"""A state's shuffle seed lies in ``0 .. SEED_LIMIT - 1`` (the games' loaders check it)."""


def permute(items: Sequence[T], swaps: Sequence[int]) -> tuple[T, ...]:
    """Apply a Fisher-Yates permutation given by its swap choices.

    For ``i`` from the last index down to 1, swap position ``i`` with position
    ``swaps[len - 1 - i]``, which lies in ``0..i``.

    pre: len(swaps) == max(len(items) - 1, 0)
    pre: all(0 <= j <= len(items) - 1 - k for k, j in enumerate(swaps))
    post: len(__return__) == len(items)
    post: all(__return__.count(item) == tuple(items).count(item) for item in items)
    """
    result = list(items)
    for k, j in enumerate(swaps):
        i = len(result) - 1 - k
        result[i], result[j] = result[j], result[i]
    return tuple(result)


def swap_choices(rng: random.Random, length: int) -> list[int]:
    """Uniform Fisher-Yates swap choices for :func:`permute` drawn from ``rng``."""
    return [rng.randrange(i + 1) for i in range(length - 1, 0, -1)]


def shuffle(items: Sequence[T], seed: int) -> tuple[tuple[T, ...], int]:
    """Shuffle ``items`` uniformly with ``seed``; return the result and the next seed.

    >>> shuffle((1, 2, 3), 7) == shuffle((1, 2, 3), 7)
    True
    """
    rng = random.Random(seed)
    shuffled = permute(items, swap_choices(rng, len(items)))
    return shuffled, rng.getrandbits(SEED_BITS)


def secret_seed() -> int:
    """A fresh :data:`SEED_BITS`-bit seed from the operating system's randomness.

    For anything that deals for real: a seed a person picks (``7``, a date) can be
    found by trying seeds until the dealt game matches what one player sees, and
    then every hidden card follows from it.
    """
    return secrets.randbits(SEED_BITS)


def derive_seed(seed: int, index: int) -> int:
    """An independent seed for part ``index`` of something seeded with ``seed``.

    A match seeds game ``n`` with ``derive_seed(seed, n)``. (A string seed is hashed
    with SHA-512 by :class:`random.Random`, the same in every run and Python process.)

    >>> derive_seed(7, 1) == derive_seed(7, 1) != derive_seed(7, 2)
    True
    """
    return random.Random(f"{seed}/{index}").getrandbits(SEED_BITS)
