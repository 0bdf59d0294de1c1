"""Optional compiled kernels of the batch: the sequential loops NumPy cannot vectorise.

With Numba installed (it comes with the ``numpy`` and ``gymnasium`` extras:
``pip install 'skipbo[numpy]'``), :data:`KERNELS` holds functions compiled by
``numba.njit`` at their first call and cached on disk (about three seconds once,
then about half a second to load in each new process); without Numba, or with the
environment variable ``SKIPBO_NO_NUMBA`` set to a non-empty value, it is ``None``
and the batch runs its Python and NumPy paths. Both paths give the same numbers,
bit for bit: the tests run both against the core.

The kernels:

* ``shuffle_runs``: the core's seeded shuffle (:mod:`skipbo.batch.shuffle`) of many
  runs of cards at once: CPython's seeding of its Mersenne Twister
  (``init_by_array``, from its fixed starting state computed once), the outputs,
  and the Fisher-Yates swaps with ``randrange``'s retries. Each is a sequential
  recurrence (each swap depends on the last, each retry moves the rest), so it is
  one loop in machine code rather than NumPy passes.
* ``observe``: the observation rows of :func:`skipbo.batch.observations`, one game
  after another, instead of a dozen whole-batch NumPy passes and their temporaries.
* the legal actions, from :mod:`skipbo.batch.compiled_mask`: ``legal_rows`` (the
  mask) and ``first_refused`` (a step's checks);
* the moves, from :mod:`skipbo.batch.compiled_moves`: ``move`` (plays, discards,
  ends of turns and the draws that need no reshuffle), ``draw_hands``,
  ``set_aside`` and ``lay_under`` (the reshuffle's cards, around the shuffle) and
  ``deal`` (a new game's layout);
* the policies, from :mod:`skipbo.batch.compiled_play`: ``ranked_choice`` (the
  batch policies' choice) and ``play_others`` (the other seats' steps up to a
  seat's turn).

>>> from skipbo.batch.compiled import KERNELS
>>> KERNELS is None or callable(KERNELS.shuffle_runs)
True
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
import numpy.typing as npt

from skipbo.batch import compiled_mask, compiled_moves, compiled_play
from skipbo.batch._jit import COMPILED as _COMPILED
from skipbo.batch._jit import kernel as _kernel

__all__ = ["KERNELS", "observe_rows"]


_N = 624
_M = 397


def _initial_state() -> npt.NDArray[np.uint64]:
    """``init_genrand(19650218)``, where ``init_by_array`` starts from: the same for every seed."""
    state = [19650218]
    for i in range(1, _N):
        previous = state[-1]
        state.append((1812433253 * (previous ^ (previous >> 30)) + i) & 0xFFFFFFFF)
    return np.array(state, dtype=np.uint64)


_INITIAL = _initial_state()


_BLOCK = 32
"""Runs seeded together: their generators' state, side by side, is one ``(624, 32)`` block."""


@_kernel
def _seed_block(  # pragma: no cover - compiled
    states: Any, initial: Any, keys: Any, key_lengths: Any, first: int
) -> None:
    """CPython's ``random.seed(n)`` of runs ``first ..``, one per column of ``states``.

    That is ``init_by_array`` of the 32-bit words of ``n >= 0``.

    The seeding is a chain of about 1,250 dependent steps; the runs' chains are
    independent, so they are stepped side by side (the processor overlaps them).
    A key has one or two words (the seeds have 64 bits), so both loops take 624 steps.
    """
    mask = np.uint64(0xFFFFFFFF)
    width = states.shape[1]
    for i in range(_N):
        for column in range(width):
            states[i, column] = initial[i]
    # What step k adds, by the parity of k: key word j = k mod the key's length (1 or 2),
    # plus j. Looked up once here, so that the steps' inner loop is plain arithmetic.
    added = np.empty((2, width), dtype=np.uint64)
    for column in range(width):
        run = first + column
        for parity in range(2):
            j = parity & (key_lengths[run] - 1)
            added[parity, column] = keys[run, j] + np.uint64(j)
    i = 1
    for k in range(_N):
        adding = added[k & 1]
        for column in range(width):
            previous = states[i - 1, column]
            mixed = (previous ^ (previous >> np.uint64(30))) * np.uint64(1664525)
            states[i, column] = ((states[i, column] ^ mixed) + adding[column]) & mask
        i += 1
        if i >= _N:
            for column in range(width):
                states[0, column] = states[_N - 1, column]
            i = 1
    for _ in range(_N - 1):
        for column in range(width):
            previous = states[i - 1, column]
            mixed = (previous ^ (previous >> np.uint64(30))) * np.uint64(1566083941)
            states[i, column] = ((states[i, column] ^ mixed) - np.uint64(i)) & mask
        i += 1
        if i >= _N:
            for column in range(width):
                states[0, column] = states[_N - 1, column]
            i = 1
    for column in range(width):
        states[0, column] = np.uint64(0x80000000)


@_kernel
def _twist(state: Any) -> None:  # pragma: no cover - compiled
    """The next 624 words of one generator's state: CPython's Mersenne Twister (``genrand_uint32``).

    In three loops, by where the word 397 ahead lies (this pass's words or the last
    pass's), so that no index wraps inside a loop: about five times faster than one
    loop that wraps its indices.
    """
    upper, lower = np.uint64(0x80000000), np.uint64(0x7FFFFFFF)
    matrix, one = np.uint64(0x9908B0DF), np.uint64(1)
    for k in range(_N - _M):
        y = (state[k] & upper) | (state[k + 1] & lower)
        state[k] = state[k + _M] ^ (y >> one) ^ ((y & one) * matrix)
    for k in range(_N - _M, _N - 1):
        y = (state[k] & upper) | (state[k + 1] & lower)
        state[k] = state[k + _M - _N] ^ (y >> one) ^ ((y & one) * matrix)
    y = (state[_N - 1] & upper) | (state[0] & lower)
    state[_N - 1] = state[_M - 1] ^ (y >> one) ^ ((y & one) * matrix)


@_kernel
def _temper(y: Any) -> Any:  # pragma: no cover - compiled
    mask = np.uint64(0xFFFFFFFF)
    y ^= y >> np.uint64(11)
    y ^= (y << np.uint64(7)) & np.uint64(0x9D2C5680)
    y ^= (y << np.uint64(15)) & np.uint64(0xEFC60000)
    y ^= y >> np.uint64(18)
    return y & mask


@_kernel
def _shuffle_runs(
    items: Any, lengths: Any, keys: Any, key_lengths: Any, initial: Any, next_seeds: Any
) -> None:  # pragma: no cover - runs compiled (tested against the core's shuffle)
    """Shuffle consecutive runs of ``items`` in place, as the core's seeded shuffle does.

    Run ``r`` is the next ``lengths[r]`` items; its seed is the integer whose 32-bit
    words, lowest first, are ``keys[r, :key_lengths[r]]``. Each run: the generator
    seeded as ``random.Random(seed)``, then ``randrange(i + 1)`` for ``i`` from the last
    position down to 1 (the top bits of an output, retried while above ``i``, as
    CPython's ``_randbelow_with_getrandbits``) and the swap of ``permute``; its next
    seed, ``getrandbits(64)``, into ``next_seeds[r]``.
    """
    state = np.empty(_N, dtype=np.uint64)  # one run's generator
    runs = lengths.shape[0]
    # As wide as the runs need: a small block is not a fresh mapping of memory (and its
    # page faults) at every call, as 160 KB would be.
    block = np.empty((_N, min(_BLOCK, runs)), dtype=np.uint64)
    start = 0
    for run in range(runs):
        column = run % _BLOCK
        if column == 0:  # the next runs' generators, seeded together
            states = block[:, : min(_BLOCK, runs - run)]
            _seed_block(states, initial, keys, key_lengths, run)
        for i in range(_N):
            state[i] = states[i, column]
        _twist(state)  # the first output twists the seeded state
        at = 0
        count = lengths[run]
        for i in range(count - 1, 0, -1):
            bits = 0
            while (i + 1) >> bits:
                bits += 1
            shift = np.uint64(32 - bits)
            choice: Any = i + 1  # above i: at least one output is drawn
            while choice > i:
                if at >= _N:
                    _twist(state)
                    at = 0
                choice = np.int64(_temper(state[at]) >> shift)
                at += 1
            held = items[start + i]
            items[start + i] = items[start + choice]
            items[start + choice] = held
        halves = np.zeros(2, dtype=np.uint64)
        for half in range(2):
            if at >= _N:
                _twist(state)
                at = 0
            halves[half] = _temper(state[at])
            at += 1
        next_seeds[run] = halves[0] | (halves[1] << np.uint64(32))
        start += count


@_kernel
def observe_rows(
    out: Any,
    games: Any,
    seats: Any,
    seat_rows: Any,
    starts: Any,
    depth: int,
    current_player: Any,
    hand: Any,
    hand_len: Any,
    stock_top: Any,
    stock_len: Any,
    build_len: Any,
    discard: Any,
    discard_len: Any,
    draw_len: Any,
    completed_len: Any,
) -> None:  # pragma: no cover - runs compiled (tested against the NumPy encoding)
    """Row ``r`` of ``out``: game ``games[r]`` seen by ``seats[r]`` (skipbo.batch.observation).

    ``starts`` are the layout's field starts: the current player, the hand, the stock
    tops, the stock sizes, the build piles' needs, the discard tops, then the counts
    (discard sizes, hand sizes, draw pile, completed cards, one after another).
    Reads only what the seat's view shows: its own hand, tops and sizes.
    """
    at_current, at_hand, at_top, at_size = starts[0], starts[1], starts[2], starts[3]
    at_need, at_discard, at_counts = starts[4], starts[5], starts[6]
    players, values = hand.shape[1], hand.shape[2]
    stocks, piles = discard_len.shape[1], discard_len.shape[2]
    builds, highest = build_len.shape[1], values - 1
    for row in range(games.shape[0]):
        game, seat = games[row], seats[row]
        line = out[row]
        template = seat_rows[seat]
        for at in range(line.shape[0]):  # a loop: a slice copy checks for overlap, a cost a row
            line[at] = template[at]
        line[at_current + current_player[game]] = 1
        for card in range(values):  # the viewer's own hand (R-INFO-2)
            line[at_hand + card] = hand[game, seat, card]
        for stock in range(stocks):
            top = stock_top[game, stock]
            if top >= 0:
                line[at_top + stock * values + top] = 1
            line[at_size + stock] = stock_len[game, stock]
        for build in range(builds):  # a pile of n cards needs n + 1 (R-BUILD-2)
            line[at_need + build * highest + build_len[game, build]] = 1
        pile = 0
        for stock in range(stocks):
            for index in range(piles):
                size = discard_len[game, stock, index]
                for below in range(min(depth, size)):  # the top first
                    card = discard[game, stock, index, size - 1 - below]
                    line[at_discard + (pile * depth + below) * values + card] = 1
                line[at_counts + pile] = size
                pile += 1
        for one in range(players):
            line[at_counts + pile + one] = hand_len[game, one]
        line[at_counts + pile + players] = draw_len[game]
        line[at_counts + pile + players + 1] = completed_len[game]


KERNELS = (
    SimpleNamespace(
        shuffle_runs=_shuffle_runs,
        initial=_INITIAL,
        observe=observe_rows,
        legal_rows=compiled_mask.legal_rows,
        first_refused=compiled_mask.first_refused,
        move=compiled_moves.move,
        draw_hands=compiled_moves.draw_hands,
        deal=compiled_moves.deal,
        set_aside=compiled_moves.set_aside,
        lay_under=compiled_moves.lay_under,
        ranked_choice=compiled_play.ranked_choice,
        play_others=compiled_play.play_others,
    )
    if _COMPILED
    else None
)
"""The compiled kernels (compiled at their first call), or ``None`` for the Python paths."""
