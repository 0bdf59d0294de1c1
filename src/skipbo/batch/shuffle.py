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

Seeding the generator is most of a small shuffle (its 624-word state is built by a
sequential loop in C, about 3 µs whatever the number of cards), and that loop is the
floor in Python: a :class:`Shuffler` reseeds one generator object instead of building
one per shuffle, which saves the allocation but not the loop.

With Numba installed, a :class:`Shuffler` hands whole runs to the compiled kernel of
:mod:`skipbo.batch.compiled` instead: the seeding, the outputs and the swaps in
machine code, the generators of up to 32 runs seeded side by side (the same cards
and next seeds; the tests compare both paths with the core).
"""

from __future__ import annotations

import _random
import sys
from array import array
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from skipbo.batch.compiled import KERNELS
from skipbo.common.randomness import shuffle

__all__ = ["Shuffler", "shuffled"]

_WORD_BITS = 32
_LITTLE_ENDIAN = sys.byteorder == "little" and array("I").itemsize == 4
"""Whether a memoryview of native 32-bit words reads little-endian words directly."""
_SPARE_WORDS = 16
"""Outputs drawn beyond two per card: a retry is needed with probability below 1/2."""


class Shuffler:
    """The core's shuffle with one generator, reseeded for every shuffle.

    Not thread-safe (the generator is shared by its calls): a batch owns one.

    >>> from skipbo.common.randomness import shuffle
    >>> cards, next_seed = Shuffler()(range(5), 42)
    >>> (tuple(cards), next_seed) == shuffle(range(5), 42)
    True
    """

    __slots__ = ("_generator", "_kernel")

    def __init__(self, *, compiled: bool = True) -> None:
        # The C generator that random.Random extends, seeded the same way for an int
        # without random.Random's Python-level wrapper.
        self._generator = _random.Random()
        # The swaps in machine code when Numba is there (skipbo.batch.compiled); the
        # Python loop otherwise, or with compiled=False (the tests compare the two).
        self._kernel = KERNELS.shuffle_runs if compiled and KERNELS is not None else None

    def __call__(self, items: Sequence[int], seed: int) -> tuple[list[int], int]:
        """``shuffle(items, seed)`` of the core, as a list: the shuffled items and the next seed."""
        result = list(items)
        (next_seed,) = self.runs(result, (len(result),), (seed,))
        return result, next_seed

    def runs(self, items: list[int], lengths: Iterable[int], seeds: Iterable[int]) -> list[int]:
        """Shuffle consecutive runs of ``items`` in place, as the core's ``shuffle`` does.

        Run ``j`` is the next ``lengths[j]`` items, shuffled with ``seeds[j]``; returns the
        next seed of each run. One call for the reshuffles of a whole batch step.

        >>> from skipbo.common.randomness import shuffle
        >>> items = [1, 2, 3, 4, 5, 6]
        >>> seeds = Shuffler().runs(items, (2, 4), (7, 8))
        >>> [(tuple(items[:2]), seeds[0]), (tuple(items[2:]), seeds[1])] == [
        ...     shuffle((1, 2), 7), shuffle((3, 4, 5, 6), 8)]
        True
        """
        if self._kernel is not None:
            cards = np.array(items, dtype=np.int64)
            next_seeds = self.shuffle_array(cards, list(lengths), list(seeds))
            items[:] = cards.tolist()
            return next_seeds
        return self._python_runs(items, lengths, seeds)

    def _python_runs(
        self, items: list[int], lengths: Iterable[int], seeds: Iterable[int]
    ) -> list[int]:
        """:meth:`runs` in Python: the outputs drawn in one call, the swaps in a loop."""
        generator = self._generator
        next_seeds = []
        start = 0
        for count, seed in zip(lengths, seeds, strict=True):
            end = start + count
            words = 2 * count + _SPARE_WORDS
            generator.seed(seed)
            # getrandbits(32 * n) is n outputs of the generator, the first in the lowest bits.
            stream = _words(generator.getrandbits(_WORD_BITS * words).to_bytes(4 * words, "little"))
            run = items[start:end]
            try:
                for i, shift in _steps(count):
                    # randrange(i + 1), then permute's swap of positions i and the choice.
                    choice = next(stream) >> shift
                    while choice > i:
                        choice = next(stream) >> shift
                    run[i], run[choice] = run[choice], run[i]
                # The next seed is getrandbits(64): the next two outputs, the first the low half.
                next_seeds.append(next(stream) | next(stream) << _WORD_BITS)
            except StopIteration:  # pragma: no cover - more retries than spare outputs: 2**-40
                cards, next_seed = shuffle(items[start:end], seed)
                run = list(cards)
                next_seeds.append(next_seed)
            items[start:end] = run
            start = end
        return next_seeds

    def shuffle_array(
        self, cards: npt.NDArray[np.int64], lengths: Sequence[int], seeds: Sequence[int]
    ) -> list[int]:
        """:meth:`runs` over an ``int64`` array of cards, shuffled in place.

        The batch's own cards are arrays: with the compiled kernel they are shuffled
        where they are, without the conversions to and from a list.
        """
        if self._kernel is None or cards.dtype != np.int64 or not cards.flags.c_contiguous:
            return self._python_array(cards, lengths, seeds)
        try:
            # random.seed(n) seeds with the 32-bit words of abs(n), lowest first.
            wholes = np.array([abs(seed) for seed in seeds], dtype=np.uint64)
        except OverflowError:  # pragma: no cover - the batch's seeds have 64 bits
            return self._python_array(cards, lengths, seeds)
        keys = np.empty((len(seeds), 2), dtype=np.uint64)
        keys[:, 0] = wholes & np.uint64(0xFFFFFFFF)
        keys[:, 1] = wholes >> np.uint64(32)
        key_lengths = np.where(keys[:, 1] != 0, 2, 1)
        next_seeds_array = np.zeros(len(seeds), dtype=np.uint64)
        counts = np.asarray(lengths, dtype=np.int64)
        assert KERNELS is not None
        self._kernel(cards, counts, keys, key_lengths, KERNELS.initial, next_seeds_array)
        result: list[int] = next_seeds_array.tolist()
        return result

    def _python_array(
        self, cards: npt.NDArray[np.int64], lengths: Sequence[int], seeds: Sequence[int]
    ) -> list[int]:
        """:meth:`shuffle_array` by the Python loop, through a list."""
        items = cards.tolist()
        next_seeds = self._python_runs(items, lengths, seeds)
        cards[:] = items
        return next_seeds


def shuffled(items: Sequence[int], seed: int) -> tuple[list[int], int]:
    """``shuffle(items, seed)`` of the core, as a list: the shuffled items and the next seed.

    >>> from skipbo.common.randomness import shuffle
    >>> cards, next_seed = shuffled(range(5), 42)
    >>> (tuple(cards), next_seed) == shuffle(range(5), 42)
    True
    """
    return Shuffler()(items, seed)


def _words(bits: bytes) -> Iterator[int]:
    """The little-endian 32-bit words of ``bits``, in order."""
    if _LITTLE_ENDIAN:
        return iter(memoryview(bits).cast("I"))
    return iter(np.frombuffer(bits, "<u4").tolist())  # pragma: no cover - big-endian hosts


@lru_cache(maxsize=64)
def _steps(count: int) -> tuple[tuple[int, int], ...]:
    """The Fisher-Yates steps for ``count`` items: ``(i, shift)`` for ``i`` from the last down to 1.

    ``shift`` is how far an output is shifted to keep the top bits ``randrange(i + 1)`` uses.
    """
    return tuple((i, _WORD_BITS - (i + 1).bit_length()) for i in range(count - 1, 0, -1))
