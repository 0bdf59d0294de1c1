"""The batched rules: :class:`GameBatch`, whose masks and steps equal the core's, game by game.

A batch is mutable on purpose: stepping thousands of games costs a few NumPy
operations over whole arrays only if the arrays are updated in place. Each game's
history is still the core's: :meth:`GameBatch.state` converts game ``i`` to the
:class:`~skipbo.GameState` that :func:`skipbo.apply` reaches by the same actions.

The reshuffle of the completed cards (R-DRAW-2) uses each game's shuffle seed as the
core does, through :mod:`skipbo.batch.shuffle` (the core's shuffle, faster): the
reshuffled order is the core's exactly. The games that reshuffle in a step are
shuffled in one call; only that shuffle (and the deal of new games) runs per game
in Python, since it is a sequential recurrence of the core's seeded generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import attrs
import numpy as np
import numpy.typing as npt

from skipbo.batch.arrays import (
    TERMINATIONS,
    Array,
    BatchArrays,
    allocate,
    positions,
    read_state,
    write_states,
)
from skipbo.batch.compiled import KERNELS
from skipbo.batch.compiled_moves import BLOCKED as _BLOCKED
from skipbo.batch.compiled_moves import DONE as _DONE
from skipbo.batch.compiled_moves import MOVE_ARRAYS
from skipbo.batch.compiled_moves import STOCK_EMPTIED as _STOCK_EMPTIED
from skipbo.batch.compiled_moves import TURN_LIMIT as _TURN_LIMIT
from skipbo.batch.policies import RankedPolicy, choose
from skipbo.batch.shuffle import Shuffler
from skipbo.common.randomness import derive_seed
from skipbo.errors import ArgumentTypeError, ConfigurationError, IllegalMoveError
from skipbo.games.skipbo.actions import ActionError, action_count, action_to_move
from skipbo.games.skipbo.deal import deal
from skipbo.games.skipbo.engine import apply
from skipbo.games.skipbo.invariants import check_invariants
from skipbo.games.skipbo.moves import Move
from skipbo.games.skipbo.rules import FirstPlayer, Rules
from skipbo.games.skipbo.state import GameState, Outcome, Termination

__all__ = ["GameBatch", "IllegalActionError", "StepResult"]


MAX_BUILD_PILES = 16
"""The mask codes a card's build piles as bits; more build piles are refused."""
SMALL_DRAW = 32
"""Up to this many games drawing in a step, their cards are counted by one ``np.add.at``."""
TAKERS_TABLE_ROWS = 1 << 15
"""Up to this many combinations of build pile heights, the mask of a large batch reads a table."""


class IllegalActionError(IllegalMoveError):
    """An action of :meth:`GameBatch.step` that is not legal in its game.

    The batch is unchanged. The rule and reason are those :func:`skipbo.apply` gives
    for the move in that game's state.

    Attributes:
        game: The index of the game (its slot in the batch).
        action: The action index given for it.

    """

    def __init__(self, game: int, action: int, move: Move, rule: str, reason: str) -> None:
        super().__init__(move, rule, f"game {game}, action {action}: {reason}")
        self.game = game
        self.action = action


ArrayT = TypeVar("ArrayT", bound="np.ndarray[Any, Any]")


def _readonly(array: ArrayT) -> ArrayT:
    view = array.view()
    view.flags.writeable = False
    return view


@attrs.frozen(slots=True, eq=False)
class StepResult:
    """What one :meth:`GameBatch.step` ended, per game (arrays of length ``B``)."""

    ended: npt.NDArray[np.bool_]
    """Whether the game in each slot ended with this step."""

    termination: npt.NDArray[np.int8]
    """For games that ended: the index of their :class:`~skipbo.Termination` in
    :data:`skipbo.batch.arrays.TERMINATIONS` (1 stock emptied, 2 blocked, 3 turn
    limit); 0 elsewhere."""

    winning_team: npt.NDArray[np.int64]
    """For games won: the winning team (in individual play, the seat); -1 elsewhere."""

    game_index: npt.NDArray[np.int64]
    """The index of the game each slot held during the step (with auto-reset, the
    slot holds a new game afterwards)."""


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
        self._prepare_constants()
        self._mask = np.zeros((size, self.action_count), dtype=np.bool_)
        self._mask_view = _readonly(self._mask)
        self._mask_f = self._mask.reshape(-1)
        self._mask_rows = np.arange(size, dtype=np.int64) * self.action_count
        self._mask_valid = False
        # The rows legal_action_rows gave last, until the next change: (slots, rows).
        # An environment asks for the waiting games' rows to choose their actions and
        # then steps those games; the step's legality check reads them from here.
        self._rows_cache: tuple[Array, npt.NDArray[np.bool_]] | None = None
        self._shuffle = Shuffler()
        # The compiled mask, moves and draws (skipbo.batch.compiled_moves) when Numba
        # is there and wanted; the NumPy path otherwise (the tests compare both).
        self._kernels = KERNELS if compiled else None
        self._found = np.empty(2, dtype=np.int64)  # the compiled checks' answer (first_refused)
        self._scratch: npt.NDArray[np.bool_] | None = None  # play_others' rows of the mask

    # --- construction ------------------------------------------------------------------

    @classmethod
    def new(
        cls, rules: Rules, size: int, *, seed: int, auto_reset: bool = False, compiled: bool = True
    ) -> GameBatch:
        """``size`` new games; game ``i`` is ``skipbo.new_game(rules, seed=derive_seed(seed, i))``.

        With ``auto_reset``, a slot whose game ends takes the next game (``size``,
        ``size + 1``, ... in slot order) at the end of the step. With ``compiled``
        (the default) the masks, moves and draws run as the compiled kernels of
        :mod:`skipbo.batch.compiled_moves` when Numba is installed; ``False`` keeps
        the NumPy path. Both give the same games, bit for bit.

        Raises:
            TypeError: if ``rules`` is not a :class:`~skipbo.Rules` or ``size``/``seed``
                not an ``int``.
            ValueError: if ``size`` is less than 1.

        """
        if not isinstance(rules, Rules):
            raise ArgumentTypeError(f"rules must be a skipbo.Rules, got {type(rules).__name__}")
        for name, value in (("size", size), ("seed", seed)):
            if type(value) is not int:
                raise ArgumentTypeError(f"{name} must be an int, got {type(value).__name__}")
        if size < 1:
            raise ConfigurationError("size", f"must be at least 1, got {size}")
        batch = cls(rules, size, compiled=bool(compiled))
        batch._seed = seed
        batch._auto_reset = bool(auto_reset)
        batch._deal_games(batch._slots, [derive_seed(seed, index) for index in range(size)])
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
                raise ArgumentTypeError(f"not a GameState: {type(state).__name__}")
        rules = states[0].rules
        for index, state in enumerate(states):
            if state.rules != rules:
                raise ConfigurationError("states", f"state {index} has other rules than state 0")
            check_invariants(state)
            if any(state.penalty_cards):
                raise ValueError(
                    f"state {index} had a referee penalty (R-TEAM-4), which a batch does not hold"
                )
        batch = cls(rules, len(states), compiled=bool(compiled))
        write_states(batch._a, range(len(states)), states)
        return batch

    def _prepare_constants(self) -> None:
        rules = self.rules
        self.action_count = action_count(rules)
        self._players = rules.players
        self._stocks = rules.stock_pile_count
        self._piles = rules.discard_pile_count
        self._builds = rules.build_pile_count
        self._highest = rules.deck.highest
        self._values = rules.deck.highest + 1
        self._deck = rules.deck.size
        self._hand_size = rules.hand_size
        self._deck_cards = rules.deck.cards()
        self._deck_array = np.array(self._deck_cards, dtype=np.int64)
        # Action blocks, in the order of skipbo.games.skipbo.actions.
        self._hand_end = self._values * self._builds
        self._stock_end = self._hand_end + self._stocks * self._builds
        self._play_end = self._stock_end + self._stocks * self._piles * self._builds
        self._pass = self._play_end + self._values * self._piles
        # Every action split into its two coordinates: a play into its source (a card
        # value, then the stock piles, then the discard piles) and build pile, a discard
        # into its card value and discard pile. Looked up, not divided: NumPy's integer
        # division is several times slower than a gather from a table this small.
        plays, discards = np.arange(self._play_end), np.arange(self._pass - self._play_end)
        self._action_major = np.concatenate(
            [plays // self._builds, discards // self._piles, [0]]
        ).astype(np.int64)
        self._action_minor = np.concatenate(
            [plays % self._builds, discards % self._piles, [0]]
        ).astype(np.int64)
        self._own_discards = np.array(rules.seating.own_discards, dtype=np.int64)
        self._seat_team = np.array(rules.seating.team_of, dtype=np.int64)
        team_stocks = np.zeros((len(rules.seating.team_stocks), self._stocks), dtype=np.int64)
        for team, stocks in enumerate(rules.seating.team_stocks):
            team_stocks[team, list(stocks)] = 1
        self._team_stocks = team_stocks
        self._slots = np.arange(self.size, dtype=np.int64)
        self._card_values = np.arange(self._values, dtype=np.int64)
        self._hand_positions = np.arange(self._hand_size, dtype=np.int64)
        self._build_positions = np.arange(self._highest, dtype=np.int64)
        # The mask's tables (see _compute_mask): row `code` of _build_rows holds bit b of
        # code at column b; _pile_rows is "no discard pile" and "every discard pile".
        if self._builds > MAX_BUILD_PILES:
            raise ValueError(f"skipbo.batch handles at most {MAX_BUILD_PILES} build piles")
        code_type = np.uint8 if self._builds <= 8 else np.uint16
        codes = np.arange(1 << self._builds)
        self._build_bits = [code_type(1 << build) for build in range(self._builds)]
        self._all_builds = code_type((1 << self._builds) - 1)
        self._build_rows = (codes[:, None] >> np.arange(self._builds) & 1).astype(np.bool_)
        self._pile_rows = np.array([[False] * self._piles, [True] * self._piles])
        self._takers = np.zeros((self.size, self._values + 1), dtype=code_type)
        # The takers of every combination of build pile heights, when they are few (the
        # default rules: 12 ** 4): one gather per mask instead of a scatter per build pile.
        # Only for batches large enough that the table adds at most a quarter to their memory.
        combinations = self._highest**self._builds
        table_bytes = combinations * self._takers[0].nbytes
        self._takers_table: npt.NDArray[np.unsignedinteger[Any]] | None = None
        self._radix = self._highest ** np.arange(self._builds, dtype=np.int64)
        if combinations <= TAKERS_TABLE_ROWS and 4 * table_bytes <= self._a.nbytes:
            heights = np.arange(combinations)[:, None] // self._radix % self._highest
            self._takers_table = np.zeros((combinations, self._values + 1), dtype=code_type)
            self._fill_takers(self._takers_table, heights)
        self._sources_end = self._play_end // self._builds  # codes of the play sources
        self._sources_stock_end = self._values + self._stocks  # the first discard source
        self._one_table = self._piles == self._builds
        width = self._sources_end + (self._values if self._one_table else 0)
        # With four build piles, two codes fit in a byte and np.unpackbits expands the
        # codes (see _build_bits_of); an even width lets the codes be read in pairs.
        self._pairs = self._builds == 4
        width += width % 2 if self._pairs else 0
        self._codes = np.zeros((self.size, width), dtype=code_type)
        self._codes_f = self._codes.reshape(-1)
        # Every seat has as many sources as its team has stock piles (1 individually).
        self._source_stocks = np.array(rules.seating.stock_sources, dtype=np.int64)
        self._pile_positions = np.arange(self._piles, dtype=np.int64)
        # Flat views: one linear index per element is NumPy's fastest fancy indexing.
        a = self._a
        self._stock_f = a.stock.reshape(-1)
        self._stock_len_f = a.stock_len.reshape(-1)
        self._stock_top_f = a.stock_top.reshape(-1)
        self._hand_f = a.hand.reshape(-1)
        self._hand_len_f = a.hand_len.reshape(-1)
        self._discard_f = a.discard.reshape(-1)
        self._discard_len_f = a.discard_len.reshape(-1)
        self._discard_top_f = a.discard_top.reshape(-1)
        self._build_f = a.build.reshape(-1)
        self._build_len_f = a.build_len.reshape(-1)
        self._draw_f = a.draw.reshape(-1)
        self._completed_f = a.completed.reshape(-1)
        # The action tables of the compiled moves, one row each (compiled_moves.move).
        tables = np.zeros((4 + len(team_stocks), self.action_count), dtype=np.int64)
        tables[0], tables[1] = self._action_major, self._action_minor
        tables[2, : self._players] = self._own_discards
        tables[3, : self._players] = self._seat_team
        tables[4:, : self._stocks] = team_stocks
        self._tables = tables
        self._turn_limit = -1 if rules.turn_limit is None else rules.turn_limit
        self._move_arrays = tuple(getattr(a, name) for name in MOVE_ARRAYS)

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
        slot = self._slot(slot)
        termination = TERMINATIONS[int(self._a.termination[slot])]
        if termination is None:
            return None
        if termination is Termination.STOCK_EMPTIED:
            team = int(self._a.winning_team[slot])
            return Outcome(termination, team, self.rules.seating.team_seats[team])
        return Outcome(termination)

    @property
    def nbytes(self) -> int:
        """Memory held by the batch's arrays, mask and working arrays and tables, in bytes."""
        table = 0 if self._takers_table is None else self._takers_table.nbytes
        return self._a.nbytes + self._mask.nbytes + self._codes.nbytes + self._takers.nbytes + table

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
        # Every play block is a (source, build) grid, so the plays are computed as one
        # code per source: the bit set of the build piles its card may go to. The codes
        # are then expanded into rows of booleans at once (_build_bits_of); broadcasting
        # over the short build axis instead costs NumPy's per-row overhead thousands of
        # times.
        a = self._a
        if self._kernels is not None:
            self._kernels.legal_rows(self._mask, self._slots, *self._mask_arrays())
            return
        size, values = self.size, self._values
        seat = a.current_player
        held_at = self._slots * self._players + seat
        held = np.take(self._hand_f.reshape(size * self._players, values), held_at, axis=0) > 0
        # takers[g, 1 + c]: the builds that take card c (column 0: an empty pile, none).
        if self._takers_table is None:
            takers = self._takers
            self._fill_takers(takers, a.build_len)
        else:
            takers = np.take(self._takers_table, a.build_len @ self._radix, axis=0)
        flat = takers.reshape(-1)
        rows = self._slots * (values + 1) + 1
        codes = self._codes
        held_bytes = held.view(np.uint8)  # 0 or 1: a same-type multiply is NumPy's fast loop
        np.multiply(takers[:, 1:], held_bytes, out=codes[:, :values])
        # R-TURN-2, R-TEAM-1, R-TEAM-2: only the seat's own (or its team's) stock and
        # discard piles are sources; the others keep code 0 (no build pile).
        codes[:, values : self._sources_end] = 0
        sources = self._source_stocks[seat]  # (games, sources a seat has)
        by_game = self._slots[:, None]
        tops = self._stock_top_f[by_game * self._stocks + sources]
        code_at = by_game * codes.shape[1] + values
        rows = rows[:, None]
        self._codes_f[code_at + sources] = flat[rows + tops]
        piles = (sources * self._piles)[:, :, None] + self._pile_positions
        tops = self._discard_top_f[by_game[:, :, None] * (self._stocks * self._piles) + piles]
        self._codes_f[code_at[:, :, None] + self._stocks + piles] = flat[rows[:, :, None] + tops]
        mask = self._mask
        width = self._sources_end + self._values
        # R-TURN-5, R-DISC-2: any hand card onto any own discard pile.
        if self._one_table:
            # As many discard piles as build piles: the same table gives the discards.
            np.multiply(held_bytes, self._all_builds, out=codes[:, self._sources_end : width])
            mask[:, : self._pass] = self._build_bits_of(codes)[:, : self._pass]
        else:
            mask[:, : self._play_end] = self._build_bits_of(codes)[:, : self._play_end]
            mask[:, self._play_end : self._pass] = np.take(
                self._pile_rows, held.view(np.uint8), axis=0
            ).reshape(size, -1)
        # R-TURN-8: a pass only with an empty hand.
        mask[:, self._pass] = self._hand_len_f[held_at] == 0
        over = a.termination != 0
        if over.any():
            mask[over] = False  # R-WIN-3

    def legal_action_rows(self, games: npt.ArrayLike) -> npt.NDArray[np.bool_]:
        """The rows of :meth:`legal_action_mask` of ``games`` only (a new array).

        Its cost grows with the number of games asked for, not with the batch: an
        environment that steps the few games whose opponents are still to move asks
        for their rows alone.
        """
        slots = np.asarray(games, dtype=np.int64).reshape(-1)
        if self._kernels is not None:
            # Indexed first: NumPy's checks (and negative slots) before machine code reads.
            slots = self._slots[slots]
            mask = np.empty((slots.size, self.action_count), dtype=np.bool_)
            self._kernels.legal_rows(mask, slots, *self._mask_arrays())
            self._rows_cache = (slots, mask.copy())  # the caller may write to its own
            return mask
        a = self._a
        count, values = slots.size, self._values
        seat = a.current_player[slots]
        held_at = slots * self._players + seat
        held = np.take(self._hand_f.reshape(self.size * self._players, values), held_at, axis=0) > 0
        if self._takers_table is None:
            takers = np.zeros((count, values + 1), dtype=self._takers.dtype)
            self._fill_takers(takers, a.build_len[slots])
        else:
            takers = np.take(self._takers_table, a.build_len[slots] @ self._radix, axis=0)
        flat = takers.reshape(-1)
        local = np.arange(count, dtype=np.int64)
        rows = (local * (values + 1) + 1)[:, None]
        codes = np.zeros((count, self._codes.shape[1]), dtype=self._codes.dtype)
        codes_f = codes.reshape(-1)
        held_bytes = held.view(np.uint8)
        np.multiply(takers[:, 1:], held_bytes, out=codes[:, :values])
        sources = self._source_stocks[seat]
        by_game = slots[:, None]
        code_at = local[:, None] * codes.shape[1] + values
        tops = self._stock_top_f[by_game * self._stocks + sources]
        codes_f[code_at + sources] = flat[rows + tops]
        piles = (sources * self._piles)[:, :, None] + self._pile_positions
        tops = self._discard_top_f[by_game[:, :, None] * (self._stocks * self._piles) + piles]
        codes_f[code_at[:, :, None] + self._stocks + piles] = flat[rows[:, :, None] + tops]
        mask = np.zeros((count, self.action_count), dtype=np.bool_)
        width = self._sources_end + values
        if self._one_table:
            np.multiply(held_bytes, self._all_builds, out=codes[:, self._sources_end : width])
            mask[:, : self._pass] = self._build_bits_of(codes, count)[:, : self._pass]
        else:
            mask[:, : self._play_end] = self._build_bits_of(codes, count)[:, : self._play_end]
            mask[:, self._play_end : self._pass] = np.take(
                self._pile_rows, held.view(np.uint8), axis=0
            ).reshape(count, -1)
        mask[:, self._pass] = self._hand_len_f[held_at] == 0
        over = a.termination[slots] != 0
        if over.any():
            mask[over] = False
        self._rows_cache = (slots.copy(), mask.copy())  # the caller may write to its own
        return mask

    def _mask_arrays(self) -> tuple[Any, ...]:
        """The arrays the compiled mask reads (compiled_moves.legal_rows), after its rows."""
        a = self._a
        return (
            a.current_player, a.hand, a.hand_len, a.stock_top, a.build_len, a.discard_top,
            a.termination, self._source_stocks,
        )  # fmt: skip

    def _fill_takers(self, takers: npt.NDArray[np.unsignedinteger[Any]], heights: Array) -> None:
        """``takers[j, 1 + c]``: the build piles (bits) that take card ``c`` at ``heights[j]``."""
        takers.fill(0)
        takers[:, 1] = self._all_builds  # R-BUILD-3: a wild goes on any build pile
        flat = takers.reshape(-1)
        rows = np.arange(len(takers)) * (self._values + 1) + 1
        for build, bit in enumerate(self._build_bits):
            # R-BUILD-2: build pile b takes the number len(b) + 1.
            flat[rows + heights[:, build] + 1] |= bit

    def _build_bits_of(
        self, codes: npt.NDArray[np.uint8], rows: int | None = None
    ) -> npt.NDArray[np.bool_]:
        """Each code's bits, build pile 0 first: ``(games, codes * build piles)`` booleans."""
        games = self.size if rows is None else rows
        width = codes.shape[1] * self._builds  # explicit: no rows (no game) is a valid shape
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
        a = self._a
        if only is not None:
            if only.shape != (self.size,) or only.dtype != np.bool_:
                raise ActionError(f"only must be {self.size} booleans, got {only.shape}")
            if not only.all():
                return self._step_some(chosen, only)
        if self._kernels is not None:
            return self._step_compiled(chosen)
        running = a.termination == 0
        # Checked before the cast to int64, which would wrap a large uint64 to a
        # negative action and name that instead of the action given.
        outside = running & ((chosen < 0) | (chosen >= self.action_count))
        if outside.any():
            game = int(np.flatnonzero(outside)[0])
            raise ActionError(
                f"game {game}: action {int(chosen[game])} is not in 0..{self.action_count - 1}"
            )
        chosen = chosen.astype(np.int64, copy=False)
        all_running = bool(running.all())
        self.legal_action_mask()  # computed if not yet (into self._mask_f)
        # One flat index per game: NumPy's fastest gather.
        if all_running:  # as with auto-reset: no game to leave out
            legal = np.take(self._mask_f, self._mask_rows + chosen)
        else:
            picked = self._mask_rows + np.where(running, chosen, 0)
            legal = np.take(self._mask_f, picked) | ~running
        if not legal.all():
            game = int(np.flatnonzero(~legal)[0])
            raise self._illegal(game, int(chosen[game]))
        game_index = self._game_index.copy()
        playing = chosen < self._play_end
        plays = np.flatnonzero(playing if all_running else running & playing)
        ends = np.flatnonzero(~playing if all_running else running & ~playing)
        self._move(plays, chosen[plays], ends, chosen[ends])
        ended = (a.termination != 0) if all_running else (running & (a.termination != 0))
        return self._result(ended, game_index)

    def _step_compiled(self, chosen: npt.NDArray[Any]) -> StepResult:
        """:meth:`step` of every game by the compiled kernels: the same checks, in one pass."""
        assert self._kernels is not None
        self.legal_action_mask()  # computed if not yet
        found = self._found
        # On the actions as given: a cast to int64 first would wrap a large uint64 to
        # a negative action and name that instead.
        self._kernels.first_refused(chosen, self._a.termination, self._mask, found)
        outside, illegal = found.tolist()
        if outside >= 0:
            raise ActionError(
                f"game {outside}: action {int(chosen[outside])} is not in"
                f" 0..{self.action_count - 1}"
            )
        if illegal >= 0:
            raise self._illegal(illegal, int(chosen[illegal]))
        game_index = self._game_index.copy()
        ended = self._move_compiled(self._slots, chosen.astype(np.int64, copy=False))
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
        if not 0 <= seat < self._players:
            raise ConfigurationError("seat", f"must be from 0 to {self._players - 1}, got {seat}")
        if not isinstance(policy, RankedPolicy):
            raise ArgumentTypeError(
                f"policy must be a policy of skipbo.batch.policies, not {type(policy).__name__}"
            )
        if self._kernels is None:
            return self._play_others_numpy(seat, policy, max_steps)
        game_index = self._game_index.copy()
        ended = np.zeros(self.size, dtype=np.bool_)
        reshuffling = np.full(self.size, -1, dtype=np.int64)
        if self._scratch is None:
            self._scratch = np.empty_like(self._mask)
        steps = 0
        while steps < max_steps:
            ranks = policy.upcoming()[: max_steps - steps]
            used, answer = self._kernels.play_others(
                seat, ranks, self._scratch, ended, reshuffling, self._source_stocks,
                self._tables, self._move_arrays, self._turn_limit, self._hand_size,
            )  # fmt: skip
            policy.consume(used)
            steps += used
            self._mask_valid = False
            self._rows_cache = None
            waiting = np.flatnonzero(reshuffling >= 0)
            if waiting.size:  # the hands left for the reshuffle (R-DRAW-2)
                self._draw(waiting, reshuffling[waiting])
                reshuffling[waiting] = -1
            if answer == _DONE:
                return self._result(ended, game_index), True
            if ended.any():
                return self._result(ended, game_index), False
        raise RuntimeError(f"seat {seat} was not to move everywhere after {max_steps} steps")

    def _play_others_numpy(
        self, seat: int, policy: RankedPolicy, max_steps: int
    ) -> tuple[StepResult, bool]:
        """:meth:`play_others` by the NumPy path: one :meth:`step` a batch step."""
        a = self._a
        actions = np.zeros(self.size, dtype=np.int64)
        for _ in range(max_steps):
            waiting = (a.current_player != seat) & (a.termination == 0)
            moving = np.flatnonzero(waiting)
            if not moving.size:
                nothing = np.zeros(self.size, dtype=np.bool_)
                return self._result(nothing, self._game_index.copy()), True
            ranks = policy.upcoming()[0]
            policy.consume(1)
            actions[moving] = choose(self.legal_action_rows(moving), ranks)
            result = self.step(actions, only=waiting)
            if result.ended.any():
                return result, False
        raise RuntimeError(f"seat {seat} was not to move everywhere after {max_steps} steps")

    def _step_some(self, chosen: npt.NDArray[Any], only: npt.NDArray[np.bool_]) -> StepResult:
        """:meth:`step` of the flagged games: the work grows with their number, not B's.

        An environment's opponents' phase steps fewer and fewer games (the longest
        turn sets the number of steps), so every operation here reads only their rows.
        """
        a = self._a
        moving = np.flatnonzero(only)
        moving = moving[a.termination[moving] == 0]
        wanted = chosen[moving]
        outside = (wanted < 0) | (wanted >= self.action_count)
        if outside.any():
            game = int(moving[outside][0])
            raise ActionError(
                f"game {game}: action {int(chosen[game])} is not in 0..{self.action_count - 1}"
            )
        wanted = wanted.astype(np.int64, copy=False)
        cached = self._rows_cache
        if cached is not None and np.array_equal(cached[0], moving):
            rows = cached[1]  # the rows the caller chose from (unchanged since)
        else:
            rows = self.legal_action_rows(moving)
        legal = rows[np.arange(moving.size), wanted]
        if not legal.all():
            game = int(moving[~legal][0])
            raise self._illegal(game, int(chosen[game]))
        game_index = self._game_index.copy()
        ended = np.zeros(self.size, dtype=np.bool_)
        if self._kernels is not None:
            ended[moving] = self._move_compiled(moving, wanted)
        else:
            playing = wanted < self._play_end
            self._move(moving[playing], wanted[playing], moving[~playing], wanted[~playing])
            ended[moving] = a.termination[moving] != 0
        return self._result(ended, game_index)

    def _move(self, plays: Array, playing: Array, ends: Array, ending: Array) -> None:
        """Play ``playing`` in games ``plays``, and discard or pass ``ending`` in ``ends``."""
        a = self._a
        seat = a.current_player
        fills: list[tuple[Array, Array]] = []  # (games, seats): hands to fill after the move
        if plays.size:
            fills.append(self._play(plays, playing, seat[plays]))
        if ends.size:
            # R-WIN-2: a pass as the first move of a turn is an empty pass.
            empty = (ending == self._pass) & (a.turn_moves[ends] == 0)
            discards = ending < self._pass
            if discards.all():
                self._discard(ends, ending, seat[ends])
            elif discards.any():
                self._discard(ends[discards], ending[discards], seat[ends[discards]])
            fills.append(self._end_turn(ends, empty))
        if fills:
            # A game either plays or ends its turn: the two sets of games are disjoint,
            # so their hands are filled together, in one draw.
            games, seats = (np.concatenate(parts) for parts in zip(*fills, strict=True))
            if games.size:
                self._draw(games, seats)
        self._mask_valid = False
        self._rows_cache = None

    def _move_compiled(self, games: Array, actions: Array) -> npt.NDArray[np.bool_]:
        """:meth:`_move` by the compiled kernel: each game's legal ``actions`` made in place.

        Returns whether each of ``games`` ended (a finished game is left as it is).
        """
        assert self._kernels is not None
        waiting = np.empty(games.size, dtype=np.int64)
        ended = np.empty(games.size, dtype=np.bool_)
        self._kernels.move(
            games, actions, waiting, ended, self._tables, self._move_arrays,
            self._turn_limit, self._hand_size,
        )  # fmt: skip
        reshuffling = waiting >= 0
        if reshuffling.any():  # the hands left for the reshuffle (R-DRAW-2)
            self._draw(games[reshuffling], waiting[reshuffling])
        self._mask_valid = False
        self._rows_cache = None
        return ended

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

    def _illegal(self, game: int, action: int) -> IllegalActionError:
        move = action_to_move(self.rules, action)
        try:
            apply(self.state(game), move)
        except IllegalMoveError as error:
            return IllegalActionError(game, action, move, error.rule, error.reason)
        raise AssertionError(f"game {game}: the mask refused {move}, which the core accepts")

    def _play(self, games: Array, chosen: Array, seat: Array) -> tuple[Array, Array]:
        """Play onto build piles (R-TURN-2, R-TURN-3, R-BUILD-*, R-WIN-1, R-TURN-4).

        Returns the games and seats whose hand is to be filled (:meth:`_draw`).
        """
        a = self._a
        players, values, builds = self._players, self._values, self._builds
        card = np.empty(games.size, dtype=np.int64)
        source = self._action_major[chosen]  # a card value, stock pile or discard pile
        build = self._action_minor[chosen]
        from_hand = chosen < self._hand_end
        from_stock = ~from_hand & (chosen < self._stock_end)
        from_discard = chosen >= self._stock_end

        if from_hand.any():
            g = games[from_hand]
            held = (g * players + seat[from_hand]) * values
            cards = source[from_hand]
            card[from_hand] = cards
            self._hand_f[held + cards] -= 1
            self._hand_len_f[g * players + seat[from_hand]] -= 1
        emptied_stock = np.zeros(0, dtype=np.int64)
        if from_stock.any():
            g = games[from_stock]
            pile = g * self._stocks + source[from_stock] - values
            card[from_stock] = self._stock_top_f[pile]
            # R-TURN-3: the next card of the stock pile becomes the top.
            left = self._stock_len_f[pile] - 1
            self._stock_len_f[pile] = left
            below = self._stock_f[pile * self.rules.stock_size + left - 1]
            self._stock_top_f[pile] = np.where(left > 0, below, -1)
            emptied_stock = np.flatnonzero(from_stock)[left == 0]
        if from_discard.any():
            g = games[from_discard]
            pile = g * (self._stocks * self._piles) + source[from_discard] - self._sources_stock_end
            card[from_discard] = self._discard_top_f[pile]
            left = self._discard_len_f[pile] - 1
            self._discard_len_f[pile] = left
            below = self._discard_f[pile * self._deck + left - 1]
            self._discard_top_f[pile] = np.where(left > 0, below, -1)

        target = games * builds + build
        height = self._build_len_f[target]
        self._build_f[target * self._highest + height] = card
        height += 1
        complete = height == self._highest
        self._build_len_f[target] = np.where(complete, 0, height)
        if complete.any():
            # R-BUILD-4: the complete pile is set aside, wilds included.
            g = games[complete]
            end = a.completed_len[g]
            whole = (target[complete] * self._highest)[:, None] + self._build_positions
            self._completed_f[(g * self._deck + end)[:, None] + self._build_positions] = (
                self._build_f[whole]
            )
            a.completed_len[g] = end + self._highest
        a.turn_moves[games] += 1

        if emptied_stock.size:
            # R-WIN-1 / R-TEAM-3: the team's last stock card wins at once.
            g = games[emptied_stock]
            team = self._seat_team[seat[emptied_stock]]
            left = (a.stock_len[g] * self._team_stocks[team]).sum(axis=1)
            won = left == 0
            a.termination[g[won]] = _STOCK_EMPTIED
            a.winning_team[g[won]] = team[won]
        # R-TURN-4 / R-DRAW-3: a hand emptied by plays is refilled at once.
        held_at = games * players + seat
        refill = (self._hand_len_f[held_at] == 0) & (a.termination[games] == 0)
        return games[refill], seat[refill]

    def _discard(self, games: Array, chosen: Array, seat: Array) -> None:
        """Put a hand card on an own discard pile (R-TURN-5, R-DISC-2)."""
        cards = self._action_major[chosen]
        held = games * self._players + seat
        self._hand_f[held * self._values + cards] -= 1
        self._hand_len_f[held] -= 1
        pile = (games * self._stocks + self._own_discards[seat]) * self._piles + self._action_minor[
            chosen
        ]
        height = self._discard_len_f[pile]
        self._discard_f[pile * self._deck + height] = cards
        self._discard_len_f[pile] = height + 1
        self._discard_top_f[pile] = cards

    def _end_turn(self, games: Array, empty: npt.NDArray[np.bool_]) -> tuple[Array, Array]:
        """End the turn (R-TURN-7, R-WIN-2).

        Returns the games and seats whose hand is to be filled: the next player's, when
        short (R-TURN-1; :meth:`_draw`).
        """
        a = self._a
        passes = np.where(empty, a.empty_passes[games] + 1, 0)
        a.empty_passes[games] = passes
        blocked = passes >= self._players
        over = blocked
        limit = self.rules.turn_limit
        if limit is not None:
            timed_out = ~blocked & (a.turn[games] >= limit)
            a.termination[games[timed_out]] = _TURN_LIMIT
            over = blocked | timed_out
        a.termination[games[blocked]] = _BLOCKED
        if over.any():
            a.turn_moves[games[over]] += 1
            games = games[~over]
        following = a.current_player[games] + 1
        following[following == self._players] = 0
        a.current_player[games] = following
        a.turn[games] += 1
        a.turn_moves[games] = 0
        short = self._hand_len_f[games * self._players + following] < self._hand_size
        return games[short], following[short]

    def _draw(self, games: Array, seat: Array) -> None:
        """Fill the hands of ``seat`` in ``games`` from the draw pile (R-DRAW-1..3)."""
        a = self._a
        if self._kernels is not None:
            kernels = self._kernels
            arrays = (a.hand, a.hand_len, a.draw, a.draw_len, a.completed_len, self._hand_size)
            pending = np.empty(games.size, dtype=np.int64)
            waiting = kernels.draw_hands(games, seat, pending, *arrays)
            if waiting:  # those hands need the set-aside cards (R-DRAW-2): then they draw
                rows = pending[:waiting]
                self._reshuffle_under(games[rows])
                kernels.draw_hands(games[rows], seat[rows], pending, *arrays)
            return
        held = games * self._players + seat
        have = self._hand_len_f[held]
        needed = self._hand_size - have
        available = a.draw_len[games]
        reshuffle = (needed > available) & (a.completed_len[games] > 0)
        if reshuffle.any():
            self._reshuffle_under(games[reshuffle])
            available = a.draw_len[games]
        taken = np.minimum(needed, available)
        # The top `taken` cards, top (end of the pile) first.
        depth = self._hand_positions
        drawn = depth < taken[:, None]
        position = np.where(drawn, available[:, None] - 1 - depth, 0)
        cards = self._draw_f[(games * self._deck)[:, None] + position]
        at = (held * self._values)[:, None] + cards
        if games.size <= SMALL_DRAW:
            # A few games (an opponents' phase): one np.add.at, which counts repeated
            # cards, costs less than the loop's fixed costs.
            np.add.at(self._hand_f, at[drawn], 1)
        else:
            for card in range(int(taken.max(initial=0))):
                # One card a game at a time: no index repeats, so a plain += counts every
                # card (np.add.at, which allows repeats, is three times slower for many).
                self._hand_f[at[taken > card, card]] += 1
        self._hand_len_f[held] = have + taken
        a.draw_len[games] = available - taken

    def _reshuffle_under(self, games: Array) -> None:
        """Shuffle the completed cards of ``games`` in under their draw piles (R-DRAW-2).

        The core draws the rest of the draw pile, then shuffles the completed cards
        into a new draw pile and draws on from its top. Putting the shuffled cards
        under the remaining ones gives the same draws and the same pile left, so the
        ordinary draw follows. The order and the next seed are the core's shuffle's.
        """
        a = self._a
        count = a.completed_len[games]
        if self._kernels is not None:
            cards = np.empty(int(count.sum()), dtype=np.int64)
            self._kernels.set_aside(games, a.completed, a.completed_len, cards)
        else:
            # One gather for all games, then the shuffle of each game's run.
            start = games * self._deck
            taken_at = np.repeat(start, count) + positions(count)
            cards = self._completed_f[taken_at].astype(np.int64)
        seeds = a.shuffle_seed
        order = games.tolist()
        next_seeds = self._shuffle.shuffle_array(
            cards, count.tolist(), [seeds[game] for game in order]
        )
        for game, seed in zip(order, next_seeds, strict=True):
            seeds[game] = seed
        if self._kernels is not None:
            self._kernels.lay_under(games, cards, a.draw, a.draw_len, a.completed_len)
            return
        have = a.draw_len[games]
        below = positions(have)
        kept = self._draw_f[np.repeat(start, have) + below]
        self._draw_f[np.repeat(start + count, have) + below] = kept
        self._draw_f[taken_at] = cards
        a.draw_len[games] = have + count
        a.completed_len[games] = 0

    def _new_game(self, seed: int) -> GameState:
        """``new_game(rules, seed=seed)``."""
        # new_game shuffles the deck, then deals it; the shuffle is the fast twin's.
        cards, next_seed = self._shuffle(self._deck_cards, seed)
        return deal(self.rules, cards, seed=next_seed)

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
            self._mask_valid = False
            self._rows_cache = None

    def _reset(self, slots: Array) -> None:
        """Deal the next games of the seed into ``slots`` (auto-reset)."""
        first = self._next_game
        self._next_game += slots.size
        self._game_index[slots] = np.arange(first, self._next_game)
        assert self._seed is not None  # only new() deals games
        seeds = [derive_seed(self._seed, index) for index in range(first, self._next_game)]
        self._deal_games(slots, seeds)

    def _deal_games(self, slots: Array, seeds: Sequence[int]) -> None:
        """Deal ``new_game(rules, seed=seeds[j])`` into ``slots[j]``.

        With a fixed first player (R-SETUP-5 c) the deal is laid out in the arrays
        directly: each game's shuffle (the core's, per game), then a few writes for all
        of them and the starting hands drawn as every later hand is (:meth:`_draw`).
        The other first-player rules take the core's deal (``deal``).
        """
        first = self.rules.first_player
        if isinstance(first, FirstPlayer):
            write_states(self._a, slots.tolist(), [self._new_game(seed) for seed in seeds])
            return
        # Every game's deck shuffled in one call (each with its own seed, as new_game).
        deck = np.tile(self._deck_array, slots.size)
        after = self._shuffle.shuffle_array(deck, [self._deck] * slots.size, list(seeds))
        deck = deck.reshape(slots.size, self._deck)
        a = self._a
        for slot, seed in zip(slots.tolist(), after, strict=True):  # the seeds after the deal
            a.shuffle_seed[slot] = seed
        if self._kernels is not None:
            self._kernels.deal(slots, deck, first, self._move_arrays)
            self._draw(slots, np.full(slots.size, first, dtype=np.int64))
            return
        stock_size = self.rules.stock_size
        dealt = self._stocks * stock_size
        # R-SETUP-2, R-SETUP-3: stock pile s takes the cards s * n .. (s + 1) * n, top last.
        a.stock[slots, :, :stock_size] = deck[:, :dealt].reshape(slots.size, self._stocks, -1)
        a.stock_len[slots] = stock_size
        a.stock_top[slots] = deck[:, stock_size - 1 : dealt : stock_size]
        # R-SETUP-4: the rest is the draw pile, top last; nothing else holds a card.
        a.draw[slots, : self._deck - dealt] = deck[:, dealt:]
        a.draw_len[slots] = self._deck - dealt
        for name in ("discard_len", "build_len", "completed_len", "hand", "hand_len"):
            getattr(a, name)[slots] = 0
        a.discard_top[slots] = -1
        a.current_player[slots] = first
        a.turn[slots] = 1
        a.turn_moves[slots] = 0
        a.empty_passes[slots] = 0
        a.termination[slots] = 0
        a.winning_team[slots] = -1
        # R-SETUP-7, R-TURN-1: the first player fills the hand.
        self._draw(slots, np.full(slots.size, first, dtype=np.int64))
