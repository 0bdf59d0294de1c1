"""One game in one buffer, stepped by one compiled call a move: a single game's fast engine.

An environment of one game (the PettingZoo AEC environment) asks, at every step, for a
move, then the legal action mask and the observation of the seat to move next. With
the core's immutable states that is three passes in Python, each costing about one
:func:`skipbo.apply`. :class:`SingleGame` holds the game as a
:class:`~skipbo.batch.GameBatch` of one game, whose arrays are views of one buffer
(:mod:`skipbo.batch.packed`), and makes all three in one compiled call
(:func:`skipbo.batch.compiled_single.single_game`), by the batch's own kernels: the
numbers are the batch's, and so the core's (the tests compare them move by move).
The reshuffle (R-DRAW-2) is the batch's, the core's seeded shuffle. The
:class:`~skipbo.GameState` is made from the arrays only when asked for.

It needs the compiled kernels (Numba: ``pip install 'skipbo[numpy]'``); :data:`AVAILABLE`
says whether they are there.

>>> import skipbo
>>> from skipbo.games.skipbo.actions import legal_action_mask
>>> from skipbo.observation.skipbo import seat_observation_array
>>> state = skipbo.new_game(skipbo.Rules(players=2), seed=4)
>>> if AVAILABLE:
...     game = SingleGame(state.rules)
...     game.load(state)
...     game.step(int(game.mask.argmax()))  # the first legal action
...     later = game.state
...     assert game.mask.tobytes() == legal_action_mask(later)
...     seat = later.current_player
...     assert (game.observation(seat) == seat_observation_array(later, seat)).all()
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from skipbo.batch.arrays import (
    ArraySpec,
    BatchArrays,
    array_specs,
    check_holdable,
    read_state,
    write_state,
)
from skipbo.batch.compiled import KERNELS
from skipbo.batch.compiled_single import (
    FIELD_TYPES,
    FIELDS,
    OBSERVE,
    REFRESH,
    REFUSED,
    RESHUFFLE,
    STEP,
    single_game,
)
from skipbo.batch.engine import GameBatch
from skipbo.batch.observation import _encoder
from skipbo.batch.packed import Packed
from skipbo.batch.results import illegal_action
from skipbo.batch.tables import BatchTables
from skipbo.common.naming import type_name
from skipbo.common.strictjson import echo
from skipbo.errors import ArgumentTypeError, ConfigurationError
from skipbo.games.skipbo.actions import ActionError
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.state import GameState, Outcome
from skipbo.observation.skipbo import DISCARD_DEPTH

__all__ = ["AVAILABLE", "SingleGame"]

AVAILABLE = KERNELS is not None
"""Whether :class:`SingleGame` can run here: the compiled kernels are there."""


class SingleGame:
    """One game of ``rules``, stepped by one compiled call a move (see :mod:`skipbo.batch.single`).

    Load a state with :meth:`load`, then :meth:`step` action indices of
    :mod:`skipbo.games.skipbo.actions`. :attr:`mask` and :meth:`observation` are the game's own
    arrays, rewritten by the next step: copy them to keep them.

    Args:
        rules: The variant (one a :class:`~skipbo.batch.GameBatch` holds).
        depth: The observation's discard depth (:mod:`skipbo.observation.skipbo`).

    Raises:
        RuntimeError: if the compiled kernels are not there (:data:`AVAILABLE`).
        TypeError: if ``rules`` is not a :class:`~skipbo.Rules`.
        ValueError: if a batch cannot hold the rules, or ``depth`` is below 1.

    """

    def __init__(self, rules: Rules, depth: int = DISCARD_DEPTH) -> None:
        if not AVAILABLE:
            raise RuntimeError(
                "SingleGame needs the compiled kernels: install Numba"
                " (pip install 'skipbo[numpy]') and leave SKIPBO_NO_NUMBA unset"
            )
        if not isinstance(rules, Rules):
            raise ArgumentTypeError(
                f"the batch engine plays Skip-Bo: rules must be a skipbo.Rules, got "
                f"{type_name(rules)}"
            )
        encoder = _encoder(rules, depth)  # checks the depth
        # Both refuse rules a batch cannot hold (cards above int8, too many build piles).
        batch_specs = array_specs(rules, 1)
        numbers = BatchTables(rules)  # the action tables the kernels read
        actions, players = numbers.action_count, rules.players
        tables, sources = numbers.move_tables, numbers.source_stocks
        own = (
            ArraySpec("games", (1,), np.int64, 0),
            ArraySpec("actions", (1,), np.int64, 0),
            ArraySpec("fill_seats", (1,), np.int64, -1),
            ArraySpec("ended", (1,), np.bool_, 0),
            ArraySpec("mask", (1, actions), np.bool_, 0),
            ArraySpec("observations", (players, encoder.size), np.float32, 0),
            ArraySpec("seats", (1,), np.int64, 0),
            ArraySpec("seat_rows", encoder.seat_rows.shape, np.float32, 0),
            ArraySpec("starts", encoder.kernel_starts.shape, np.int64, 0),
            ArraySpec("tables", tables.shape, np.int64, 0),
            ArraySpec("source_stocks", sources.shape, np.int64, 0),
            ArraySpec("scalars", (5,), np.int64, 0),
        )
        specs = (*batch_specs, *own)
        # The kernel reads each array by its row, as the type it was compiled for.
        assert tuple(spec.name for spec in own) == FIELDS
        assert [(spec.dtype, len(spec.shape)) for spec in specs] == list(FIELD_TYPES)
        packed = Packed(specs)
        views = packed.arrays
        views["seat_rows"][...] = encoder.seat_rows
        views["starts"][...] = encoder.kernel_starts
        views["tables"][...] = tables
        views["source_stocks"][...] = sources
        views["scalars"][...] = (
            numbers.turn_limit,
            numbers.hand_size,
            depth,
            numbers.turn_move_limit,
            numbers.stall_limit,
        )
        named = {spec.name: views[spec.name] for spec in batch_specs}
        arrays = BatchArrays(**named, shuffle_seed=[0])
        self.rules = rules
        self.depth = depth
        self.action_count = actions
        self._batch = GameBatch(rules, 1, arrays=arrays)  # the reshuffle's path (R-DRAW-2)
        self._arrays = arrays
        self._buffer, self._layout = packed.buffer, packed.layout
        mask = views["mask"][0]
        self.mask: npt.NDArray[np.bool_] = mask.view()
        """The legal actions of the seat to move (read-only; all ``False`` once it ended)."""
        self.mask.flags.writeable = False
        self._mask_bytes = mask.view(np.int8)  # the mask as environments give it
        self._observations = views["observations"]
        self._fill_seats = views["fill_seats"]
        self._slot = np.zeros(1, dtype=np.int64)  # the batch's one game
        self._termination = arrays.termination
        self._state: GameState | None = None
        self._loaded = False
        # Which state each seat's observation row was made for: a count of the changes.
        self._version = 0
        self._observed = [-1] * players
        self._mover = 0

    @property
    def loaded(self) -> bool:
        """Whether a state has been loaded."""
        return self._loaded

    def load(self, state: GameState) -> None:
        """Hold ``state``, checked with :func:`skipbo.check_invariants` first.

        Raises:
            TypeError: if ``state`` is not a :class:`~skipbo.GameState`.
            ValueError: if it has other rules, or had a referee penalty (R-TEAM-4).
            InvariantViolation: if it is not valid.

        """
        if not isinstance(state, GameState):
            raise ArgumentTypeError(f"not a skipbo.GameState: {type_name(state)}")
        if state.rules != self.rules:
            raise ConfigurationError("state", "has other rules than the game")
        check_holdable(state, "the state")
        write_state(self._arrays, 0, state)
        self._changed(single_game(self._buffer, self._layout, REFRESH, 0))
        self._state = state
        self._loaded = True

    def deal(self, seed: int) -> None:
        """Deal ``skipbo.new_game(rules, seed=seed)``, laid out in the arrays directly.

        Raises:
            TypeError: if ``seed`` is not an ``int``.

        """
        if type(seed) is not int:
            raise ArgumentTypeError(f"seed must be an int, got {type(seed).__name__}")
        self._batch._path.deal(self._slot, [seed])
        self._changed(single_game(self._buffer, self._layout, REFRESH, 0))
        self._loaded = True

    @property
    def state(self) -> GameState:
        """The game's :class:`~skipbo.GameState` (made from the arrays once a state).

        Raises:
            ~skipbo.ActionError: before the first :meth:`load`.

        """
        if self._state is None:
            if not self._loaded:
                raise ActionError("the game has no state yet: load one first")
            self._state = read_state(self._arrays, 0, self.rules)
        return self._state

    @property
    def current_player(self) -> int:
        """The seat to move."""
        return self._mover

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return bool(self._termination[0])

    @property
    def outcome(self) -> Outcome | None:
        """The game's :class:`~skipbo.Outcome`, ``None`` while it runs."""
        return self._batch.outcome(0)

    def step(self, action: int) -> None:
        """Make the move of ``action`` (an index of :mod:`skipbo.games.skipbo.actions`).

        Raises:
            ~skipbo.ActionError: before the first :meth:`load`, or if ``action`` is
                not an action of the rules.
            ~skipbo.batch.IllegalActionError: if it is not legal now (or the game
                has ended): the rule it breaks, as :func:`skipbo.apply` names it.

        In every error case the game is unchanged.

        """
        if self.step_if_legal(action) < 0:
            if not self._loaded:
                raise ActionError("the game has no state yet: load one first")
            if not 0 <= action < self.action_count:
                raise ActionError(f"action {action} is not in 0..{self.action_count - 1}")
            raise illegal_action(self.state, 0, action)

    def step_if_legal(self, action: int) -> int:
        """:meth:`step` if ``action`` is legal now: the seat to move then; else ``-1``.

        A refused action changes nothing. Before the first :meth:`load` no action is
        legal (the mask is all ``False``).
        """
        seat: int = single_game(self._buffer, self._layout, STEP, action)
        if seat == REFUSED:
            return seat
        if seat == RESHUFFLE:  # the hand waits for the set-aside cards (R-DRAW-2)
            self._batch._path.draw(self._slot, self._fill_seats.copy())
            seat = single_game(self._buffer, self._layout, REFRESH, 0)
        self._changed(seat)
        return seat

    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        """``seat_observation_array(state, seat, depth)``: the game's own row, rewritten later.

        Raises:
            ~skipbo.ActionError: before the first :meth:`load`.
            IndexError: if ``seat`` is not a seat of the game.

        """
        if type(seat) is not int or not 0 <= seat < self.rules.players:
            raise IndexError(
                f"seat {echo(seat)} is not in this game (seats 0 to {self.rules.players - 1})"
            )
        if self._observed[seat] != self._version:
            if not self._loaded:
                raise ActionError("the game has no state yet: load one first")
            single_game(self._buffer, self._layout, OBSERVE, seat)
            self._observed[seat] = self._version
        row: Any = self._observations[seat]
        return row  # type: ignore[no-any-return]

    def observe(
        self, seat: int, *, to_act: bool
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """What an environment gives ``seat``: its observation and its action mask, new arrays.

        The mask (``int8``) holds the legal actions if ``to_act`` and ``seat`` is to
        move, else zeros.

        Raises:
            ~skipbo.ActionError: before the first :meth:`load`.
            IndexError: if ``seat`` is not a seat of the game.

        """
        return self.observation(seat).copy(), self.action_mask(seat, to_act=to_act)

    def action_mask(self, seat: int, *, to_act: bool) -> npt.NDArray[np.int8]:
        """``seat``'s action mask, a new ``int8`` array: the legal actions if it acts, else 0s."""
        if to_act and seat == self._mover:
            mask: npt.NDArray[np.int8] = self._mask_bytes.copy()
            return mask
        return np.zeros(self.action_count, dtype=np.int8)

    def _changed(self, seat: int) -> None:
        """A new state: its GameState not made, and only the row of ``seat`` (to move) observed."""
        self._state = None
        self._mover = seat
        self._version += 1
        self._observed[seat] = self._version
