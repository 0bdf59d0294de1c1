"""The core's shuffle, faster: the result of ``skipbo.common.randomness.shuffle``.

A batch reshuffles (R-DRAW-2) and deals new games (auto-reset) often enough that
the core's shuffle, one ``randrange`` call per card, costs more than all the
vectorized moves of a step. This module draws the same Mersenne Twister outputs in
one ``getrandbits`` call and turns them into the swap choices the way
``random.Random.randrange`` does (CPython's ``_randbelow_with_getrandbits``: the
top ``k`` bits of an output, ``k`` the bit length of the bound, retried while not
below the bound), then swaps as ``permute`` does.
It draws a fixed supply of outputs; the rare shuffle that needs more is left to
the core's ``shuffle``. Tests check that both give the same
order and next seed.
"""

from __future__ import annotations

import _random
import sys
from array import array
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from skipbo.common.randomness import shuffle

__all__ = ["shuffled"]

_WORD_BITS = 32
_LITTLE_ENDIAN = sys.byteorder == "little" and array("I").itemsize == 4
"""Whether a memoryview of native 32-bit words reads little-endian words directly."""
_SPARE_WORDS = 16
"""Outputs drawn beyond two per card: a retry is needed with probability below 1/2."""


def shuffled(items: Sequence[int], seed: int) -> tuple[list[int], int]:
    """``shuffle(items, seed)`` of the core, as a list: the shuffled items and the next seed.

    >>> from skipbo.common.randomness import shuffle
    >>> cards, next_seed = shuffled(range(5), 42)
    >>> (tuple(cards), next_seed) == shuffle(range(5), 42)
    True
    """
    count = len(items)
    words = 2 * count + _SPARE_WORDS
    # The C generator that random.Random extends, seeded the same way for an int
    # without random.Random's Python-level wrapper (seeding is most of a small shuffle).
    # getrandbits(32 * n) is n outputs of the generator, the first in the lowest bits.
    bits = _random.Random(seed).getrandbits(_WORD_BITS * words).to_bytes(4 * words, "little")
    stream: Sequence[int] = (
        memoryview(bits).cast("I") if _LITTLE_ENDIAN else np.frombuffer(bits, "<u4").tolist()
    )
    result = list(items)
    shifts = _shifts(count)
    position = 0
    try:
        for i in range(count - 1, 0, -1):
            # randrange(i + 1), then permute's swap of positions i and the choice.
            bound = i + 1
            shift = shifts[bound]
            choice = stream[position] >> shift
            position += 1
            while choice >= bound:
                choice = stream[position] >> shift
                position += 1
            result[i], result[choice] = result[choice], result[i]
        # The next seed is getrandbits(64): the next two outputs, the first the low half.
        next_seed = stream[position] | stream[position + 1] << _WORD_BITS
    except IndexError:  # pragma: no cover - more retries than spare outputs: about 2**-40
        cards, next_seed = shuffle(items, seed)
        return list(cards), next_seed
    return result, next_seed


@lru_cache(maxsize=16)
def _shifts(count: int) -> tuple[int, ...]:
    """For each bound up to ``count``: how far an output is shifted to keep its top bits."""
    return tuple(_WORD_BITS - bound.bit_length() for bound in range(count + 1))
