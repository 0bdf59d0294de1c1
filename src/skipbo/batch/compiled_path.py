"""The batch's compiled path: its masks, moves, draws and deals by the compiled kernels.

Where Numba is there, :class:`skipbo.batch.GameBatch` hands each of these to a
kernel (:mod:`skipbo.batch.compiled_mask`, :mod:`skipbo.batch.compiled_moves`,
:mod:`skipbo.batch.compiled_play`) that loops over the games in machine code,
reading and writing the batch's own arrays in place. This module is the Python
side: it passes each kernel the arrays it reads, and does between kernel calls what
they leave to Python, the reshuffle (R-DRAW-2: the core's seeded shuffle, whose
seeds are Python integers). The kernels are called through the
:data:`~skipbo.batch.compiled.KERNELS` namespace, so that a test can replace one.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
import numpy.typing as npt

from skipbo.batch.arrays import Array, BatchArrays
from skipbo.batch.compiled_moves import MOVE_ARRAYS
from skipbo.batch.compiled_play import DONE
from skipbo.batch.path import BatchPath
from skipbo.batch.policies import RankedPolicy
from skipbo.batch.tables import BatchTables
from skipbo.games.skipbo.rules import Rules

__all__ = ["CompiledPath"]


class CompiledPath(BatchPath):
    """The mask, moves, draws and deals of ``size`` games by the compiled ``kernels``.

    Attributes:
        move_arrays: The batch's arrays named by :data:`~skipbo.batch.compiled_moves.MOVE_ARRAYS`,
            in that order: what the moves' kernels take.

    """

    def __init__(
        self,
        kernels: SimpleNamespace,
        rules: Rules,
        tables: BatchTables,
        arrays: BatchArrays,
        size: int,
    ) -> None:
        super().__init__(rules, tables, arrays)
        self._kernels = kernels
        self._slots = np.arange(size, dtype=np.int64)
        self._found = np.empty(2, dtype=np.int64)  # first_refused's answer
        self._scratch: npt.NDArray[np.bool_] | None = None  # play_others' rows of the mask
        self.move_arrays = tuple(getattr(arrays, name) for name in MOVE_ARRAYS)
        a = arrays
        # The arrays the mask reads (compiled_mask.legal_rows), after its rows.
        self._mask_arrays = (
            a.current_player, a.hand, a.hand_len, a.stock_top, a.build_len, a.discard_top,
            a.termination, tables.source_stocks, a.turn_moves, tables.turn_move_limit,
        )  # fmt: skip
        # The rules' bounds as play_others takes them (R-WIN-2, R-WIN-4), -1 for none.
        self._limits = (tables.turn_limit, tables.turn_move_limit, tables.stall_limit)

    def mask(self, out: npt.NDArray[np.bool_], slots: Array | None) -> None:
        """Row ``r`` of ``out``: the legal actions of game ``slots[r]`` (of every game if ``None``).

        ``slots`` must be slots of the batch: the kernel reads the arrays unchecked.
        """
        games = self._slots if slots is None else slots
        self._kernels.legal_rows(out, games, *self._mask_arrays)

    def first_refused(
        self, actions: npt.NDArray[Any], mask: npt.NDArray[np.bool_]
    ) -> tuple[int, int]:
        """``(outside, illegal)``: the first running games whose action is refused, or ``-1``."""
        # On the actions as given: a cast to int64 first would wrap a large uint64 to
        # a negative action and name that instead.
        self._kernels.first_refused(actions, self.arrays.termination, mask, self._found)
        outside, illegal = self._found.tolist()
        return outside, illegal

    def move_all(self, actions: Array) -> npt.NDArray[np.bool_]:
        """Make the move of ``actions[g]`` in every running game ``g``; whether each game ended."""
        return self.move(self._slots, actions)

    def move(self, games: Array, actions: Array) -> npt.NDArray[np.bool_]:
        """Make the move of ``actions[r]`` in game ``games[r]``; whether each of them ended.

        The kernel draws the hands the move empties or the next turn needs, except
        those that need the reshuffle: those are drawn here, after it.
        """
        waiting = np.empty(games.size, dtype=np.int64)
        ended = np.empty(games.size, dtype=np.bool_)
        t = self.tables
        self._kernels.move(
            games, actions, waiting, ended, t.move_tables, self.move_arrays,
            t.turn_limit, t.stall_limit, t.hand_size,
        )  # fmt: skip
        reshuffling = waiting >= 0
        if reshuffling.any():  # the hands left for the reshuffle (R-DRAW-2)
            self.draw(games[reshuffling], waiting[reshuffling])
        return ended

    def draw(self, games: Array, seats: Array) -> None:
        """Fill the hands of ``seats`` in ``games`` from the draw pile (R-DRAW-1..3)."""
        a = self.arrays
        arrays = (a.hand, a.hand_len, a.draw, a.draw_len, a.completed_len, self.tables.hand_size)
        pending = np.empty(games.size, dtype=np.int64)
        waiting = self._kernels.draw_hands(games, seats, pending, *arrays)
        if waiting:  # those hands need the set-aside cards (R-DRAW-2): then they draw
            rows = pending[:waiting]
            self.reshuffle_under(games[rows])
            self._kernels.draw_hands(games[rows], seats[rows], pending, *arrays)

    def set_aside(self, games: Array, count: Array) -> Array:
        """The completed cards of each of ``games``, one run of ``count`` after another."""
        cards = np.empty(int(count.sum()), dtype=np.int64)
        self._kernels.set_aside(games, self.arrays.completed, self.arrays.completed_len, cards)
        return cards

    def lay_under(self, games: Array, cards: Array, count: Array) -> None:
        """Put each game's run of ``cards`` under its draw pile; nothing is set aside then."""
        a = self.arrays
        self._kernels.lay_under(games, cards, a.draw, a.draw_len, a.completed_len)

    def lay_out(self, slots: Array, decks: Array, first: int) -> None:
        """Lay out the shuffled deck ``decks[r]`` as the new game of ``slots[r]``."""
        self._kernels.deal(slots, decks, first, self.move_arrays)

    def play_others(
        self, seat: int, policy: RankedPolicy, max_steps: int
    ) -> tuple[npt.NDArray[np.bool_], bool] | None:
        """:meth:`~skipbo.batch.path.BatchPath.play_others`, many steps in one kernel call.

        The kernel stops where a hand waits for the reshuffle (R-DRAW-2): it is drawn
        here, after it, and the kernel called again.
        """
        size = self._slots.size
        ended = np.zeros(size, dtype=np.bool_)
        reshuffling = np.full(size, -1, dtype=np.int64)
        if self._scratch is None:
            self._scratch = np.empty((size, self.tables.action_count), dtype=np.bool_)
        t = self.tables
        steps = 0
        while steps < max_steps:
            ranks = policy.upcoming()[: max_steps - steps]
            used, answer = self._kernels.play_others(
                seat, ranks, self._scratch, ended, reshuffling, t.source_stocks,
                t.move_tables, self.move_arrays, self._limits, t.hand_size,
            )  # fmt: skip
            policy.consume(used)
            steps += used
            waiting = np.flatnonzero(reshuffling >= 0)
            if waiting.size:  # the hands left for the reshuffle (R-DRAW-2)
                self.draw(waiting, reshuffling[waiting])
                reshuffling[waiting] = -1
            if answer == DONE:
                return ended, True
            if ended.any():
                return ended, False
        return None
