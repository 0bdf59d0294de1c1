"""What a path of the batch does, and what its two paths share: the seeded shuffles.

A :class:`skipbo.batch.GameBatch` runs its masks, moves, draws and deals by one of
two paths over the same arrays: NumPy passes over whole arrays
(:class:`~skipbo.batch.numpy_path.NumpyPath`) or compiled loops, one game after
another (:class:`~skipbo.batch.compiled_path.CompiledPath`, when Numba is there).
:class:`BatchPath` is what the batch asks of either; both give the same games, bit
for bit.

The shuffles are the same in both, and here: the reshuffle of the completed cards
(R-DRAW-2) and the deal of a new game use each game's shuffle seed as the core does,
through :class:`~skipbo.batch.shuffle.Shuffler` (the core's shuffle, faster), so the
order is the core's exactly. The games that reshuffle in a step are shuffled in one
call; a path only gathers their cards and lays them back
(:meth:`BatchPath.set_aside`, :meth:`BatchPath.lay_under`), and lays out a shuffled
deck (:meth:`BatchPath.lay_out`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from skipbo.batch.arrays import Array, BatchArrays, write_states
from skipbo.batch.policies import RankedPolicy
from skipbo.batch.shuffle import Shuffler
from skipbo.batch.tables import BatchTables
from skipbo.games.skipbo.deal import deal
from skipbo.games.skipbo.rules import FirstPlayer, Rules
from skipbo.games.skipbo.state import GameState

__all__ = ["BatchPath"]


class BatchPath(ABC):
    """The mask, moves, draws and deals of the games of ``arrays``, by one implementation.

    The actions given to its moves are legal (the batch checks them first, with
    :meth:`first_refused`) and ``int64``; a finished game's action is ignored.
    """

    def __init__(self, rules: Rules, tables: BatchTables, arrays: BatchArrays) -> None:
        self.rules = rules
        self.tables = tables
        self.arrays = arrays
        self._shuffle = Shuffler()

    @property
    def nbytes(self) -> int:
        """The memory of the path's own working arrays and tables, in bytes."""
        return 0

    @abstractmethod
    def mask(self, out: npt.NDArray[np.bool_], slots: Array | None) -> None:
        """Row ``r`` of ``out``: the legal actions of game ``slots[r]`` (all games if ``None``)."""

    @abstractmethod
    def first_refused(
        self, actions: npt.NDArray[Any], mask: npt.NDArray[np.bool_]
    ) -> tuple[int, int]:
        """``(outside, illegal)``: the first running games whose action is refused, or ``-1``.

        ``outside`` is the first whose action is not an action of the rules; ``illegal``,
        read only when there is none, the first whose action the mask refuses.
        ``actions`` are one per game, as given (any integer type); ``mask`` is the
        batch's mask of every game.
        """

    @abstractmethod
    def move_all(self, actions: Array) -> npt.NDArray[np.bool_]:
        """Make the move of ``actions[g]`` in every running game ``g``; whether each game ended."""

    @abstractmethod
    def move(self, games: Array, actions: Array) -> npt.NDArray[np.bool_]:
        """Make the move of ``actions[r]`` in game ``games[r]``; whether each of them ended."""

    @abstractmethod
    def play_others(
        self, seat: int, policy: RankedPolicy, max_steps: int
    ) -> tuple[npt.NDArray[np.bool_], bool] | None:
        """Step the running games where another seat than ``seat`` is to move, by ``policy``.

        Each step moves each such game by its legal action of highest rank in the
        policy's next rank row, and consumes the row. Returns which games ended and
        whether ``seat`` is to move in every running game (else the last step ended
        games), or ``None`` if that took more than ``max_steps`` steps (see
        :meth:`skipbo.batch.GameBatch.play_others`).
        """

    @abstractmethod
    def draw(self, games: Array, seats: Array) -> None:
        """Fill the hands of ``seats`` in ``games`` from the draw pile (R-DRAW-1..3)."""

    @abstractmethod
    def set_aside(self, games: Array, count: Array) -> Array:
        """The completed cards of each of ``games``, one run of ``count`` after another."""

    @abstractmethod
    def lay_under(self, games: Array, cards: Array, count: Array) -> None:
        """Put each game's run of ``cards`` under its draw pile; nothing is set aside then."""

    @abstractmethod
    def lay_out(self, slots: Array, decks: Array, first: int) -> None:
        """Lay out the shuffled deck ``decks[r]`` as a new game in ``slots[r]``, ``first`` to move.

        No hand is drawn yet: :meth:`deal` fills the first player's as every hand is.
        """

    def reshuffle_under(self, games: Array) -> None:
        """Shuffle the completed cards of ``games`` in under their draw piles (R-DRAW-2).

        The core draws the rest of the draw pile, then shuffles the completed cards
        into a new draw pile and draws on from its top. Putting the shuffled cards
        under the remaining ones gives the same draws and the same pile left, so the
        ordinary draw follows. The order and the next seed are the core's shuffle's.
        """
        count = self.arrays.completed_len[games]
        cards = self.set_aside(games, count)
        seeds = self.arrays.shuffle_seed
        order = games.tolist()
        next_seeds = self._shuffle.shuffle_array(
            cards, count.tolist(), [seeds[game] for game in order]
        )
        for game, seed in zip(order, next_seeds, strict=True):
            seeds[game] = seed
        self.lay_under(games, cards, count)

    def deal(self, slots: Array, seeds: Sequence[int]) -> None:
        """Deal ``new_game(rules, seed=seeds[j])`` into ``slots[j]``.

        With a fixed first player (R-SETUP-5 c) the deal is laid out in the arrays
        directly: each game's shuffle (the core's, per game, all in one call), then
        the path's layout and the starting hands drawn as every later hand is
        (:meth:`draw`). The other first-player rules take the core's deal (``deal``).
        """
        first = self.rules.first_player
        if isinstance(first, FirstPlayer):
            write_states(self.arrays, slots.tolist(), [self._new_game(seed) for seed in seeds])
            return
        t = self.tables
        deck = np.tile(t.deck_array, slots.size)
        after = self._shuffle.shuffle_array(deck, [t.deck_size] * slots.size, list(seeds))
        for slot, seed in zip(slots.tolist(), after, strict=True):  # the seeds after the deal
            self.arrays.shuffle_seed[slot] = seed
        self.lay_out(slots, deck.reshape(slots.size, t.deck_size), first)
        # R-SETUP-7, R-TURN-1: the first player fills the hand.
        self.draw(slots, np.full(slots.size, first, dtype=np.int64))

    def _new_game(self, seed: int) -> GameState:
        """``new_game(rules, seed=seed)``."""
        # new_game shuffles the deck, then deals it; the shuffle is the fast twin's.
        cards, next_seed = self._shuffle(self.tables.deck_cards, seed)
        return deal(self.rules, cards, seed=next_seed)
