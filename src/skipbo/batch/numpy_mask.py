"""The legal action mask of a batch by NumPy: a few whole-batch passes, whatever the rules.

Every play block of :mod:`skipbo.games.skipbo.actions` is a ``(source, build pile)``
grid, so the plays are computed as one code per source: the bit set of the build
piles its card may go to (its "takers"). The codes are then expanded into rows of
booleans at once (``NumpyMask._build_bits_of``); broadcasting over the short
build axis instead costs NumPy's per-row overhead thousands of times. The compiled
path computes the same rows game by game (:mod:`skipbo.batch.compiled_mask`); the
tests compare both with the core's ``legal_action_mask``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from skipbo.batch.arrays import Array, BatchArrays
from skipbo.batch.tables import BatchTables

__all__ = ["TAKERS_TABLE_ROWS", "NumpyMask"]

TAKERS_TABLE_ROWS = 1 << 15
"""Up to this many combinations of build pile heights, the mask of a large batch reads a table."""

Codes = npt.NDArray[np.unsignedinteger[Any]]


class NumpyMask:
    """The mask rows of the games of ``arrays``, with the working arrays of ``size`` games.

    Attributes:
        takers_table: The takers of every combination of build pile heights, read by
            the masks of a batch large enough, else ``None``: the takers are then
            worked out per mask.

    """

    def __init__(self, tables: BatchTables, arrays: BatchArrays, size: int) -> None:
        t = self._t = tables
        self._a = arrays
        self._size = size
        self._slots = np.arange(size, dtype=np.int64)
        # Row `code` of _build_rows holds bit b of code at column b; _pile_rows is "no
        # discard pile" and "every discard pile".
        code_type = np.uint8 if t.builds <= 8 else np.uint16
        codes = np.arange(1 << t.builds)
        self._build_bits = [code_type(1 << build) for build in range(t.builds)]
        self._all_builds = code_type((1 << t.builds) - 1)
        self._build_rows = (codes[:, None] >> np.arange(t.builds) & 1).astype(np.bool_)
        self._pile_rows = np.array([[False] * t.piles, [True] * t.piles])
        self._takers: Codes = np.zeros((size, t.values + 1), dtype=code_type)
        # The takers of every combination of build pile heights, when they are few (the
        # default rules: 12 ** 4): one gather per mask instead of a scatter per build pile.
        # Only for batches large enough that the table adds at most a quarter to their memory.
        combinations = t.highest**t.builds
        table_bytes = combinations * self._takers[0].nbytes
        self.takers_table: Codes | None = None
        self._radix = t.highest ** np.arange(t.builds, dtype=np.int64)
        if combinations <= TAKERS_TABLE_ROWS and 4 * table_bytes <= arrays.nbytes:
            heights = np.arange(combinations)[:, None] // self._radix % t.highest
            self.takers_table = np.zeros((combinations, t.values + 1), dtype=code_type)
            self._fill_takers(self.takers_table, heights)
        self._one_table = t.piles == t.builds
        width = t.sources_end + (t.values if self._one_table else 0)
        # With four build piles, two codes fit in a byte and np.unpackbits expands the
        # codes (see _build_bits_of); an even width lets the codes be read in pairs.
        self._pairs = t.builds == 4
        width += width % 2 if self._pairs else 0
        self._codes: Codes = np.zeros((size, width), dtype=code_type)
        self._pile_positions = np.arange(t.piles, dtype=np.int64)
        # Flat views: one linear index per element is NumPy's fastest fancy indexing.
        self._hand_f = arrays.hand.reshape(-1)
        self._hand_len_f = arrays.hand_len.reshape(-1)
        self._stock_top_f = arrays.stock_top.reshape(-1)
        self._discard_top_f = arrays.discard_top.reshape(-1)

    @property
    def nbytes(self) -> int:
        """The memory of the working arrays and the table, in bytes."""
        table = 0 if self.takers_table is None else self.takers_table.nbytes
        return self._codes.nbytes + self._takers.nbytes + table

    def fill(self, out: npt.NDArray[np.bool_], slots: Array | None) -> None:
        """Row ``r`` of ``out``: the legal actions of game ``slots[r]`` (of every game if ``None``).

        The rows of every game use the working arrays made for them; rows of a few
        games cost in proportion to their number.
        """
        t, a = self._t, self._a
        values = t.values
        if slots is None:
            games = local = self._slots
            count = self._size
            seat, heights, over = a.current_player, a.build_len, a.termination != 0
            moved = a.turn_moves
            takers, codes = self._takers, self._codes
        else:
            games, count = slots, slots.size
            local = np.arange(count, dtype=np.int64)
            seat, heights = a.current_player[slots], a.build_len[slots]
            over = a.termination[slots] != 0
            moved = a.turn_moves[slots]
            takers = np.zeros((count, values + 1), dtype=self._takers.dtype)
            codes = np.zeros((count, self._codes.shape[1]), dtype=self._codes.dtype)
        held_at = games * t.players + seat
        held = np.take(self._hand_f.reshape(-1, values), held_at, axis=0) > 0
        # takers[r, 1 + c]: the builds that take card c (column 0: an empty pile, none).
        if self.takers_table is None:
            self._fill_takers(takers, heights)
        else:
            takers = np.take(self.takers_table, heights @ self._radix, axis=0)
        flat = takers.reshape(-1)
        rows = (local * (values + 1) + 1)[:, None]
        codes_f = codes.reshape(-1)
        held_bytes = held.view(np.uint8)  # 0 or 1: a same-type multiply is NumPy's fast loop
        np.multiply(takers[:, 1:], held_bytes, out=codes[:, :values])
        # R-TURN-2, R-TEAM-1, R-TEAM-2: only the seat's own (or its team's) stock and
        # discard piles are sources; the others keep code 0 (no build pile).
        codes[:, values : t.sources_end] = 0
        sources = t.source_stocks[seat]  # (games, sources a seat has)
        by_game = games[:, None]
        code_at = local[:, None] * codes.shape[1] + values
        tops = self._stock_top_f[by_game * t.stocks + sources]
        codes_f[code_at + sources] = flat[rows + tops]
        piles = (sources * t.piles)[:, :, None] + self._pile_positions
        tops = self._discard_top_f[by_game[:, :, None] * (t.stocks * t.piles) + piles]
        codes_f[code_at[:, :, None] + t.stocks + piles] = flat[rows[:, :, None] + tops]
        width = t.sources_end + values
        # R-TURN-5, R-DISC-2: any hand card onto any own discard pile.
        if self._one_table:
            # As many discard piles as build piles: the same table gives the discards.
            np.multiply(held_bytes, self._all_builds, out=codes[:, t.sources_end : width])
            out[:, : t.pass_action] = self._build_bits_of(codes)[:, : t.pass_action]
        else:
            out[:, : t.play_end] = self._build_bits_of(codes)[:, : t.play_end]
            out[:, t.play_end : t.pass_action] = np.take(
                self._pile_rows, held.view(np.uint8), axis=0
            ).reshape(count, -1)
        # R-TURN-8: a pass only with an empty hand.
        out[:, t.pass_action] = self._hand_len_f[held_at] == 0
        if t.turn_move_limit >= 0:
            # R-WIN-4 (a): a turn that has made its moves may only end: no play is left.
            spent = moved >= t.turn_move_limit
            if spent.any():
                out[spent, : t.play_end] = False
        if over.any():
            out[over] = False  # R-WIN-3

    def _fill_takers(self, takers: Codes, heights: Array) -> None:
        """``takers[j, 1 + c]``: the build piles (bits) that take card ``c`` at ``heights[j]``."""
        takers.fill(0)
        takers[:, 1] = self._all_builds  # R-BUILD-3: a wild goes on any build pile
        flat = takers.reshape(-1)
        rows = np.arange(len(takers)) * (self._t.values + 1) + 1
        for build, bit in enumerate(self._build_bits):
            # R-BUILD-2: build pile b takes the number len(b) + 1.
            flat[rows + heights[:, build] + 1] |= bit

    def _build_bits_of(self, codes: Codes) -> npt.NDArray[np.bool_]:
        """Each code's bits, build pile 0 first: ``(games, codes * build piles)`` booleans."""
        games = codes.shape[0]
        width = codes.shape[1] * self._t.builds  # explicit: no rows (no game) is a valid shape
        if self._pairs:
            # Two 4-bit codes a byte, the first in the low half, so that np.unpackbits
            # (little bit order) gives the bits of both in the mask's order; it expands
            # bytes without the index array a table lookup needs.
            pairs = codes.view("<u2")  # a pair of codes, the first in the low byte
            packed = (pairs | pairs >> 4).astype(np.uint8)  # the low byte: both codes
            # Rows are contiguous, so unpacking them as one flat run keeps them apart.
            bits = np.unpackbits(packed.reshape(-1), bitorder="little").view(np.bool_)
            return bits.reshape(games, width)
        return np.take(self._build_rows, codes, axis=0).reshape(games, width)
