"""The batched rules: :class:`GameBatch`, whose masks and steps equal the core's, game by game.

A batch is mutable on purpose: stepping thousands of games costs a few NumPy
operations over whole arrays only if the arrays are updated in place. Each game's
history is still the core's: :meth:`GameBatch.state` converts game ``i`` to the
:class:`~skipbo.GameState` that :func:`skipbo.apply` reaches by the same actions.

:class:`GameBatch` is what a caller sees: construction, queries, the checks of a
step's actions (the same errors as the core's) and the bookkeeping of the mask and
of auto-reset. The rules themselves run in one of two paths over the same arrays
(:mod:`skipbo.batch.path`): compiled kernels when Numba is there
(:mod:`skipbo.batch.compiled_path`), NumPy passes otherwise
(:mod:`skipbo.batch.numpy_path`); both give the same games, bit for bit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from skipbo.batch.arrays import (
    Array,
    BatchArrays,
    allocate,
    check_holdable,
    read_outcome,
    read_state,
    write_states,
)
from skipbo.batch.compiled import KERNELS
from skipbo.batch.compiled_path import CompiledPath
from skipbo.batch.numpy_path import NumpyPath
from skipbo.batch.path import BatchPath
from skipbo.batch.policies import RankedPolicy
from skipbo.batch.results import IllegalActionError, StepResult, illegal_action, outside_action
from skipbo.batch.tables import BatchTables
from skipbo.common.naming import type_name
from skipbo.common.randomness import derive_seed
from skipbo.errors import ArgumentTypeError, ConfigurationError
from skipbo.games.skipbo.actions import ActionError
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.state import GameState, Outcome

__all__ = ["GameBatch", "IllegalActionError", "StepResult"]


ArrayT = TypeVar("ArrayT", bound="np.ndarray[Any, Any]")


def _readonly(array: ArrayT) -> ArrayT:
    view = array.view()
    view.flags.writeable = False
    return view


class GameBatch:
    """``B`` games of one :class:`~skipbo.Rules`, stepped together.

    Build one with :meth:`new` (a seeded deal per game) or :meth:`from_states`. The
    actions are those of :mod:`skipbo.games.skipbo.actions` (indices of :func:`skipbo.all_moves`).
    Actions given for finished games are ignored (their masks are all ``False``),
    unless ``auto_reset`` deals a new game into the slot as soon as one ends.
    """

    def __init__(
        self, rules: Rules, size: int, *, compiled: bool = True, arrays: BatchArrays | None = None
    ) -> None:
        # Private: use new() or from_states(). Allocates empty games, or holds the
        # games of `arrays` (skipbo.batch.single: one game's arrays in one buffer).
        self.rules = rules
        self.size = size
        self._a = allocate(rules, size) if arrays is None else arrays
        self._seed: int | None = None
        self._auto_reset = False
        self._next_game = size
        self._game_index = np.arange(size, dtype=np.int64)
        self._slots = np.arange(size, dtype=np.int64)
        tables = BatchTables(rules)
        self.action_count = tables.action_count
        # The compiled mask, moves and draws when Numba is there and wanted; the NumPy
        # path otherwise (the tests compare both).
        self._path: BatchPath = (
            CompiledPath(KERNELS, rules, tables, self._a, size)
            if compiled and KERNELS is not None
            else NumpyPath(rules, tables, self._a, size)
        )
        self._mask = np.zeros((size, self.action_count), dtype=np.bool_)
        self._mask_view = _readonly(self._mask)
        self._mask_valid = False
        # The rows legal_action_rows gave last, until the next change: (slots, rows).
        # An environment asks for the waiting games' rows to choose their actions and
        # then steps those games; the step's legality check reads them from here.
        self._rows_cache: tuple[Array, npt.NDArray[np.bool_]] | None = None

    # --- construction ------------------------------------------------------------------

    @classmethod
    def new(
        cls, rules: Rules, size: int, *, seed: int, auto_reset: bool = False, compiled: bool = True
    ) -> GameBatch:
        """``size`` new games; game ``i`` is ``skipbo.new_game(rules, seed=derive_seed(seed, i))``.

        With ``auto_reset``, a slot whose game ends takes the next game (``size``,
        ``size + 1``, ... in slot order) at the end of the step. With ``compiled``
        (the default) the masks, moves and draws run as compiled kernels
        (:mod:`skipbo.batch.compiled_path`) when Numba is installed; ``False`` keeps
        the NumPy path (:mod:`skipbo.batch.numpy_path`). Both give the same games,
        bit for bit.

        Raises:
            TypeError: if ``rules`` is not a :class:`~skipbo.Rules` or ``size``/``seed``
                not an ``int``.
            ValueError: if ``size`` is less than 1.

        """
        if not isinstance(rules, Rules):
            raise ArgumentTypeError(
                f"the batch engine plays Skip-Bo: rules must be a skipbo.Rules, got "
                f"{type_name(rules)}"
            )
        for name, value in (("size", size), ("seed", seed)):
            if type(value) is not int:
                raise ArgumentTypeError(f"{name} must be an int, got {type(value).__name__}")
        if size < 1:
            raise ConfigurationError("size", f"must be at least 1, got {size}")
        batch = cls(rules, size, compiled=bool(compiled))
        batch._seed = seed
        batch._auto_reset = bool(auto_reset)
        batch._path.deal(batch._slots, [derive_seed(seed, index) for index in range(size)])
        return batch

    @classmethod
    def from_states(cls, states: Sequence[GameState], *, compiled: bool = True) -> GameBatch:
        """A batch holding ``states`` (game ``i`` is ``states[i]``), all of one rules.

        Each state is checked with :func:`skipbo.check_invariants` first. ``compiled``
        is as for :meth:`new`.

        Raises:
            TypeError: if an item is not a :class:`~skipbo.GameState`.
            ValueError: if ``states`` is empty, the states have different rules, or a
                state had a referee penalty (R-TEAM-4: the batch has no penalty, and
                its stock rows hold the cards dealt).
            InvariantViolation: if a state is not valid.

        """
        states = list(states)
        if not states:
            raise ConfigurationError("states", "from_states needs at least one state")
        for state in states:
            if not isinstance(state, GameState):
                raise ArgumentTypeError(f"not a skipbo.GameState: {type_name(state)}")
        rules = states[0].rules
        for index, state in enumerate(states):
            if state.rules != rules:
                raise ConfigurationError("states", f"state {index} has other rules than state 0")
            check_holdable(state, f"state {index}")
        batch = cls(rules, len(states), compiled=bool(compiled))
        write_states(batch._a, range(len(states)), states)
        return batch

    # --- queries -----------------------------------------------------------------------

    @property
    def arrays(self) -> BatchArrays:
        """The arrays of the batch (see :mod:`skipbo.batch.arrays`); treat them as read-only.

        They hold hidden information (stock piles, hands, the draw pile): never hand
        them to a player.
        """
        return self._a

    @property
    def current_player(self) -> npt.NDArray[np.int64]:
        """The seat to move in each game (read-only)."""
        return _readonly(self._a.current_player)

    @property
    def turn(self) -> npt.NDArray[np.int64]:
        """The turn number of each game, from 1 (read-only)."""
        return _readonly(self._a.turn)

    @property
    def is_over(self) -> npt.NDArray[np.bool_]:
        """Whether each game has ended (a new array)."""
        over: npt.NDArray[np.bool_] = self._a.termination != 0
        return over

    @property
    def termination(self) -> npt.NDArray[np.int8]:
        """Each game's termination code: 0 running, else an index of ``TERMINATIONS``."""
        return _readonly(self._a.termination)

    @property
    def winning_team(self) -> npt.NDArray[np.int64]:
        """Each game's winning team (in individual play, the seat); -1 if none (read-only)."""
        return _readonly(self._a.winning_team)

    @property
    def game_index(self) -> npt.NDArray[np.int64]:
        """The index ``i`` of the game each slot holds (changes with auto-reset; read-only)."""
        return _readonly(self._game_index)

    def game_seed(self, slot: int) -> int:
        """The seed of the game in ``slot``: ``derive_seed(seed, game_index[slot])``.

        Raises:
            ValueError: if the batch was built by :meth:`from_states` (it has no seed).

        """
        if self._seed is None:
            raise ValueError("a batch built from states has no seed")
        return derive_seed(self._seed, int(self._game_index[self._slot(slot)]))

    def _slot(self, slot: int) -> int:
        if type(slot) is not int and not isinstance(slot, np.integer):
            raise ArgumentTypeError(f"a game index must be an int, got {type(slot).__name__}")
        if not 0 <= slot < self.size:
            raise IndexError(f"game {slot} is not in 0..{self.size - 1}")
        return int(slot)

    def state(self, slot: int) -> GameState:
        """The :class:`~skipbo.GameState` of the game in ``slot``.

        Raises:
            IndexError: if there is no such game.

        """
        return read_state(self._a, self._slot(slot), self.rules)

    def states(self) -> list[GameState]:
        """The state of every game, in slot order."""
        return [read_state(self._a, slot, self.rules) for slot in range(self.size)]

    def outcome(self, slot: int) -> Outcome | None:
        """The :class:`~skipbo.Outcome` of the game in ``slot``, ``None`` while it runs."""
        return read_outcome(self._a, self._slot(slot), self.rules)

    @property
    def nbytes(self) -> int:
        """Memory held by the batch's arrays, mask and working arrays and tables, in bytes."""
        return self._a.nbytes + self._mask.nbytes + self._path.nbytes

    # --- legal actions -----------------------------------------------------------------

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every game: ``(B, action_count)``, read-only.

        Row ``i`` equals ``skipbo.games.skipbo.actions.legal_action_mask(batch.state(i))``; a
        finished game's row is all ``False`` (R-WIN-3). The array is the batch's own
        and is overwritten by the next step's mask: copy it to keep it.
        """
        if not self._mask_valid:
            self._compute_mask()
            self._mask_valid = True
        return self._mask_view

    def _compute_mask(self) -> None:
        self._path.mask(self._mask, None)

    def legal_action_rows(self, games: npt.ArrayLike) -> npt.NDArray[np.bool_]:
        """The rows of :meth:`legal_action_mask` of ``games`` only (a new array).

        Its cost grows with the number of games asked for, not with the batch: an
        environment that steps the few games whose opponents are still to move asks
        for their rows alone.
        """
        # Indexed first: NumPy's checks (and negative slots) before machine code reads.
        slots = self._slots[np.asarray(games, dtype=np.int64).reshape(-1)]
        mask = np.empty((slots.size, self.action_count), dtype=np.bool_)
        self._path.mask(mask, slots)
        self._rows_cache = (slots, mask.copy())  # the caller may write to its own
        return mask

    # --- step --------------------------------------------------------------------------

    def action_array(self, actions: npt.ArrayLike) -> npt.NDArray[Any]:
        """``actions`` as an array of one integer per game, as :meth:`step` takes them.

        Not checked against the action space (an environment may add actions of its own).

        Raises:
            TypeError: if ``actions`` is not an integer array-like.
            ~skipbo.ActionError: if it does not hold exactly one action per game.

        """
        chosen = np.asarray(actions)
        if chosen.dtype == np.bool_ or not np.issubdtype(chosen.dtype, np.integer):
            raise ArgumentTypeError(f"actions must be integers, got dtype {chosen.dtype}")
        if chosen.shape != (self.size,):
            raise ActionError(f"actions must have shape ({self.size},), got {chosen.shape}")
        return chosen

    def step(
        self, actions: npt.ArrayLike, *, only: npt.NDArray[np.bool_] | None = None
    ) -> StepResult:
        """Apply one action per game (ignored for finished games); return what ended.

        With ``only`` (one flag per game), only the flagged games move; the actions of
        the others are ignored as those of finished games are (an environment steps
        the games whose opponents are to move while the agent's wait).

        Raises:
            TypeError: if ``actions`` is not an integer array-like.
            ValueError: if ``actions`` does not hold exactly one action per game.
            skipbo.ActionError: if a running game's action is not an action index of the rules.
            IllegalActionError: if a running game's action is not legal there; it
                names the first such game and the rule, as :func:`skipbo.apply` does.

        In every error case the batch is unchanged.

        """
        chosen = self.action_array(actions)
        if only is not None:
            if only.shape != (self.size,) or only.dtype != np.bool_:
                raise ActionError(f"only must be {self.size} booleans, got {only.shape}")
            if not only.all():
                return self._step_some(chosen, only)
        self.legal_action_mask()  # computed if not yet
        outside, illegal = self._path.first_refused(chosen, self._mask)
        if outside >= 0:
            raise outside_action(outside, int(chosen[outside]), self.action_count)
        if illegal >= 0:
            raise illegal_action(self.state(illegal), illegal, int(chosen[illegal]))
        game_index = self._game_index.copy()
        ended = self._path.move_all(chosen.astype(np.int64, copy=False))
        self._changed()
        return self._result(ended, game_index)

    def _step_some(self, chosen: npt.NDArray[Any], only: npt.NDArray[np.bool_]) -> StepResult:
        """:meth:`step` of the flagged games: the work grows with their number, not B's.

        An environment's opponents' phase steps fewer and fewer games (the longest
        turn sets the number of steps), so every operation here reads only their rows.
        """
        moving = np.flatnonzero(only)
        moving = moving[self._a.termination[moving] == 0]
        wanted = chosen[moving]
        outside = (wanted < 0) | (wanted >= self.action_count)
        if outside.any():
            game = int(moving[outside][0])
            raise outside_action(game, int(chosen[game]), self.action_count)
        wanted = wanted.astype(np.int64, copy=False)
        cached = self._rows_cache
        if cached is not None and np.array_equal(cached[0], moving):
            rows = cached[1]  # the rows the caller chose from (unchanged since)
        else:
            rows = self.legal_action_rows(moving)
        legal = rows[np.arange(moving.size), wanted]
        if not legal.all():
            game = int(moving[~legal][0])
            raise illegal_action(self.state(game), game, int(chosen[game]))
        game_index = self._game_index.copy()
        ended = np.zeros(self.size, dtype=np.bool_)
        ended[moving] = self._path.move(moving, wanted)
        self._changed()
        return self._result(ended, game_index)

    def play_others(
        self, seat: int, policy: RankedPolicy, *, max_steps: int = 100_000
    ) -> tuple[StepResult, bool]:
        """Step the running games where another seat than ``seat`` is to move, by ``policy``.

        Each batch step moves those games (as :meth:`step` with ``only``), each by
        its legal action of highest rank in the policy's next rank row
        (:mod:`skipbo.batch.policies`), until ``seat`` is to move in every running
        game: then it returns ``(result, True)``. A step that ends games stops
        there: ``(its result, False)``, for the caller to see the ended games (and
        deal new ones) before calling again. An environment's opponents play this
        way, all their moves in one call when Numba is there.

        Raises:
            TypeError: if ``seat`` is not an ``int`` or ``policy`` not a batch policy.
            ValueError: if ``seat`` is not a seat of the rules.
            RuntimeError: if ``seat`` is still not to move everywhere after
                ``max_steps`` batch steps (the rules end every game, R-WIN-2).

        """
        if type(seat) is not int:
            raise ArgumentTypeError(f"seat must be an int, got {type(seat).__name__}")
        players = self.rules.players
        if not 0 <= seat < players:
            raise ConfigurationError("seat", f"must be from 0 to {players - 1}, got {seat}")
        if not isinstance(policy, RankedPolicy):
            raise ArgumentTypeError(
                f"policy must be a policy of skipbo.batch.policies, not {type(policy).__name__}"
            )
        game_index = self._game_index.copy()
        try:
            played = self._path.play_others(seat, policy, max_steps)
        finally:
            self._changed()
        if played is None:
            raise RuntimeError(f"seat {seat} was not to move everywhere after {max_steps} steps")
        ended, done = played
        return self._result(ended, game_index), done

    def _changed(self) -> None:
        """The games changed: the mask and the cached rows are out of date."""
        self._mask_valid = False
        self._rows_cache = None

    def _result(self, ended: npt.NDArray[np.bool_], game_index: Array) -> StepResult:
        a = self._a
        result = StepResult(
            ended=ended,
            termination=np.where(ended, a.termination, 0).astype(np.int8),
            winning_team=np.where(ended, a.winning_team, -1),
            game_index=game_index,
        )
        if self._auto_reset and ended.any():
            self._reset(np.flatnonzero(ended))
        return result

    # --- new games ---------------------------------------------------------------------

    def deal_next(self, slots: npt.ArrayLike) -> None:
        """Deal the next games of the seed into ``slots`` now, as auto-reset does.

        For a caller that reads an ended game before its slot takes a new one (an
        environment's final observation).

        Raises:
            ValueError: if the batch was built by :meth:`from_states` (it has no seed).

        """
        if self._seed is None:
            raise ValueError("a batch built from states has no seed to deal new games from")
        chosen = np.asarray(slots, dtype=np.int64).reshape(-1)
        if chosen.size:
            self._reset(chosen)
            self._changed()

    def _reset(self, slots: Array) -> None:
        """Deal the next games of the seed into ``slots`` (auto-reset)."""
        first = self._next_game
        self._next_game += slots.size
        self._game_index[slots] = np.arange(first, self._next_game)
        assert self._seed is not None  # only new() deals games
        seeds = [derive_seed(self._seed, index) for index in range(first, self._next_game)]
        self._path.deal(slots, seeds)
