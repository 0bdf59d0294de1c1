"""Batched Skyjo rules: :class:`SkyjoBatch`, whose masks and steps equal the core's game by game.

The arrays, one row per game (``B`` games, ``P`` players, ``D`` cards in the deck),
``int64`` unless said otherwise:

* ``ints`` ``(B, 12)``: phase, seat to move, starter, turns, turns without progress,
  round ender (-1: none), round, card held, where it came from (0 none, 1 draw,
  2 discard), draw and discard pile sizes, moves played;
* ``seeds`` ``(B,)`` ``uint64``: the seed of the next shuffle (``shuffle_seed``);
* ``grid`` ``(B, P, 12)``: each grid's cards (places numbered as in the core);
* ``place`` ``(B, P, 12)`` ``int8``: 0 face down, 1 face up, 2 removed (S-COL-4);
* ``reveals`` ``(B, P, 2)``: the places chosen in phase ``REVEAL``, -1 before;
* ``draw``, ``discard`` ``(B, D)``: the piles, bottom first (the top at the size - 1);
* ``totals`` ``(B, P)``: every total over the finished rounds; ``sums`` ``(B, P)``: the
  grid sums of the last round scored;
* the history ``(B, H, P)`` and ``(B, H)``: each finished round's sums, scores and ender.

The history grows with the rounds played (``H`` doubles when a round would not fit),
so that :meth:`SkyjoBatch.state` gives the core's :class:`~skipbo.skyjo.GameState`,
history and all. The rules run in :mod:`skipbo.batch.skyjo.kernels`, compiled when
Numba is there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from skipbo.batch.skyjo import kernels as k
from skipbo.common.randomness import derive_seed
from skipbo.games.skyjo.actions import ACTION_COUNT, ActionError, action_to_move
from skipbo.games.skyjo.cards import GRID_SIZE
from skipbo.games.skyjo.engine import apply
from skipbo.games.skyjo.errors import ArgumentTypeError, ConfigurationError, IllegalMoveError
from skipbo.games.skyjo.moves import Move, Reveal, all_moves
from skipbo.games.skyjo.rules import Rules
from skipbo.games.skyjo.state import GameState, Outcome, Phase, RoundScore, Source
from skipbo.observation.skyjo import DISCARD_DEPTH, card_values, observation_layout

__all__ = [
    "IllegalActionError",
    "SkyjoBatch",
    "SkyjoState",
    "SkyjoStepResult",
    "policy_number",
    "read_state",
]

PHASES = (Phase.REVEAL, Phase.TAKE, Phase.PLACE, Phase.OVER)
"""The phases by their number in the arrays."""
_ROUNDS_A_CALL = 1
"""Rounds :meth:`SkyjoBatch.play_others` may end in a game: one at most, since every
round begins with every seat's reveal (S-SETUP-4), the caller's seat's among them."""
_SOURCES = (None, Source.DRAW_PILE, Source.DISCARD_PILE)
_FIELDS = (
    "seat", "to_move", "starter", "round_ender", "phase", "held", "held_from", "grids",
    "discard_top", "discard_counts", "unseen", "discard_size", "draw_pile_size", "totals",
)  # fmt: skip


class IllegalActionError(IllegalMoveError):
    """An action of :meth:`SkyjoBatch.step` that is not legal in its game (the batch is unchanged).

    The rule and reason are those :func:`skipbo.skyjo.apply` gives for the move.

    Attributes:
        game: The index of the game (its slot in the batch).
        action: The action index given for it.

    """

    def __init__(self, game: int, action: int, move: Move, rule: str, reason: str) -> None:
        super().__init__(move, rule, f"game {game}, action {action}: {reason}")
        self.game = game
        self.action = action


@attrs.frozen(slots=True, eq=False)
class SkyjoStepResult:
    """What one :meth:`SkyjoBatch.step` ended, per game (arrays of length ``B``)."""

    ended: npt.NDArray[np.bool_]
    """Whether the game in each slot ended with this step."""
    round_ended: npt.NDArray[np.bool_]
    """Whether a round ended (the game's last round included)."""
    rewards: npt.NDArray[np.float32]
    """``(B, P)``: for ended games, +1 for each winner (the lowest total, S-SCORE-3)
    and -1 for every other seat, as the environments reward; 0 elsewhere."""
    totals: npt.NDArray[np.int64]
    """``(B, P)``: the final totals of the games that ended; 0 elsewhere."""
    game_index: npt.NDArray[np.int64]
    """The index of the game each slot held during the step (with auto-reset, the
    slot holds a new game afterwards)."""


def _rules_array(rules: Rules) -> npt.NDArray[np.int64]:
    def limit(value: int | None) -> int:
        return -1 if value is None else value

    return np.array(
        [
            rules.players,
            rules.end_score,
            limit(rules.turn_limit),
            limit(rules.stall_limit),
            limit(rules.round_limit),
        ],
        dtype=np.int64,
    )


def _pairs() -> npt.NDArray[np.int64]:
    reveals = [move for move in all_moves() if isinstance(move, Reveal)]
    return np.array([(move.first, move.second) for move in reveals], dtype=np.int64)


class SkyjoState:
    """The arrays of ``size`` Skyjo games of ``rules`` (see the module's table)."""

    def __init__(self, rules: Rules, size: int, history: int = 4) -> None:
        players, cards = rules.players, rules.deck.size
        self.ints = np.zeros((size, k.INT_FIELDS), dtype=np.int64)
        self.seeds = np.zeros(size, dtype=np.uint64)
        self.grid = np.zeros((size, players, GRID_SIZE), dtype=np.int64)
        self.place = np.zeros((size, players, GRID_SIZE), dtype=np.int8)
        self.reveals = np.full((size, players, 2), -1, dtype=np.int64)
        self.draw = np.zeros((size, cards), dtype=np.int64)
        self.discard = np.zeros((size, cards), dtype=np.int64)
        self.totals = np.zeros((size, players), dtype=np.int64)
        self.history_sums = np.zeros((size, history, players), dtype=np.int64)
        self.history_scores = np.zeros((size, history, players), dtype=np.int64)
        self.history_ender = np.full((size, history), -1, dtype=np.int64)
        self.sums = np.zeros((size, players), dtype=np.int64)

    def tuple(self) -> tuple[Any, ...]:
        """The arrays in the order the kernels take them."""
        return (
            self.ints,
            self.seeds,
            self.grid,
            self.place,
            self.reveals,
            self.draw,
            self.discard,
            self.totals,
            self.history_sums,
            self.history_scores,
            self.history_ender,
            self.sums,
        )

    def grow_history(self, rounds: int) -> None:
        """Make room for ``rounds`` finished rounds per game."""
        held = self.history_ender.shape[1]
        if rounds <= held:
            return
        wanted = max(rounds, 2 * held)
        size, players = self.totals.shape

        def grown(old: npt.NDArray[np.int64], shape: tuple[int, ...], fill: int) -> Any:
            new = np.full(shape, fill, dtype=np.int64)
            new[:, :held] = old
            return new

        self.history_sums = grown(self.history_sums, (size, wanted, players), 0)
        self.history_scores = grown(self.history_scores, (size, wanted, players), 0)
        self.history_ender = grown(self.history_ender, (size, wanted), -1)

    @property
    def nbytes(self) -> int:
        """Memory held by the arrays, in bytes."""
        return sum(array.nbytes for array in self.tuple())


def read_state(a: SkyjoState, b: int, rules: Rules) -> GameState:
    """The core's :class:`~skipbo.skyjo.GameState` of game ``b``."""
    row = [int(value) for value in a.ints[b]]
    players = rules.players
    phase = PHASES[row[k.I_PHASE]]
    finished = row[k.I_ROUND] if phase is Phase.OVER else row[k.I_ROUND] - 1
    history = tuple(
        RoundScore(
            tuple(int(v) for v in a.history_sums[b, r]),
            None if a.history_ender[b, r] < 0 else int(a.history_ender[b, r]),
            tuple(int(v) for v in a.history_scores[b, r]),
        )
        for r in range(finished)
    )
    totals = tuple(int(v) for v in a.totals[b])
    outcome = None
    if phase is Phase.OVER:
        best = min(totals)
        outcome = Outcome(tuple(p for p in range(players) if totals[p] == best), totals)
    source = _SOURCES[row[k.I_SOURCE]]
    return GameState(
        rules=rules,
        round=row[k.I_ROUND],
        phase=phase,
        grids=tuple(
            tuple(
                None if a.place[b, p, i] == k.REMOVED else int(a.grid[b, p, i])
                for i in range(GRID_SIZE)
            )
            for p in range(players)
        ),
        face_up=tuple(
            tuple(bool(a.place[b, p, i] == k.UP) for i in range(GRID_SIZE)) for p in range(players)
        ),
        discard_pile=tuple(int(v) for v in a.discard[b, : row[k.I_DISCARD_LEN]]),
        draw_pile=tuple(int(v) for v in a.draw[b, : row[k.I_DRAW_LEN]]),
        held=None if source is None else row[k.I_HELD],
        source=source,
        current_player=row[k.I_CURRENT],
        starter=row[k.I_STARTER],
        turns=row[k.I_TURNS],
        round_ender=None if row[k.I_ENDER] < 0 else row[k.I_ENDER],
        reveals=tuple(
            None if a.reveals[b, p, 0] < 0 else (int(a.reveals[b, p, 0]), int(a.reveals[b, p, 1]))
            for p in range(players)
        ),
        history=history,
        outcome=outcome,
        shuffle_seed=int(a.seeds[b]),
        stall_turns=row[k.I_STALL],
    )


def _readonly(array: Any) -> Any:
    view = array.view()
    view.flags.writeable = False
    return view


class SkyjoBatch:
    """``B`` Skyjo games of one :class:`~skipbo.skyjo.Rules`, stepped together.

    As :class:`skipbo.batch.GameBatch` for Skip-Bo: build one with :meth:`new`; the
    actions are those of :mod:`skipbo.games.skyjo.actions` (92 for every variant);
    actions given for finished games are ignored (their masks are all ``False``),
    unless ``auto_reset`` deals the next game into a slot as soon as one ends.

    >>> from skipbo import skyjo
    >>> batch = SkyjoBatch.new(skyjo.Rules(players=3), 4, seed=1)
    >>> start = batch.state(2)
    >>> mask = batch.legal_action_mask()
    >>> result = batch.step(mask.argmax(axis=1))  # each game's first legal action
    >>> batch.state(2) == skyjo.apply(start, skyjo.legal_moves(start)[0])
    True
    """

    def __init__(self, rules: Rules, size: int) -> None:
        # Private: use new().
        self.rules = rules
        self.size = size
        self.action_count = ACTION_COUNT
        self._a = SkyjoState(rules, size)
        self._rules = _rules_array(rules)
        self._deck = np.array(rules.deck.cards(), dtype=np.int64)
        self._pairs = _pairs()
        self._seed = 0
        self._auto_reset = False
        self._next_game = size
        self._game_index = np.arange(size, dtype=np.int64)
        self._mask = np.zeros((size, ACTION_COUNT), dtype=np.bool_)
        self._mask_valid = False
        self._outcome = np.zeros(size, dtype=np.int64)
        self._all = np.ones(size, dtype=np.bool_)

    @classmethod
    def new(
        cls, rules: Rules, size: int, *, seed: int, auto_reset: bool = False, first: int = 0
    ) -> SkyjoBatch:
        """``size`` new games: slot ``i`` holds game ``first + i``.

        Game ``g`` is ``skyjo.new_game(rules, seed=derive_seed(seed, g))``; auto-reset
        deals the games after them.

        Raises:
            TypeError: if ``rules`` is not a Skyjo :class:`~skipbo.skyjo.Rules` or
                ``size``/``seed`` not an ``int``.
            ValueError: if ``size`` is less than 1.

        """
        if not isinstance(rules, Rules):
            raise ArgumentTypeError(f"rules must be a skyjo Rules, got {type(rules).__name__}")
        for name, value in (("size", size), ("seed", seed), ("first", first)):
            if type(value) is not int:
                raise ArgumentTypeError(f"{name} must be an int, got {type(value).__name__}")
        if size < 1 or first < 0:
            raise ConfigurationError(
                "size", f"size must be at least 1 and first at least 0, got {size}, {first}"
            )
        batch = cls(rules, size)
        batch._seed = seed
        batch._auto_reset = bool(auto_reset)
        batch._game_index += first
        batch._next_game += first
        batch._deal(np.arange(size), [int(game) for game in batch._game_index])
        return batch

    def _deal(self, slots: Sequence[int] | npt.NDArray[np.int64], games: Sequence[int]) -> None:
        seeds = np.array([derive_seed(self._seed, game) for game in games], dtype=np.uint64)
        chosen = np.asarray(slots, dtype=np.int64)
        k.new_games(chosen, seeds, self._a.tuple(), self._rules, self._deck)

    # --- queries ---------------------------------------------------------------------

    @property
    def arrays(self) -> SkyjoState:
        """The batch's arrays (hidden cards included: never hand them to a player)."""
        return self._a

    @property
    def current_player(self) -> npt.NDArray[np.int64]:
        """The seat to move in each game (read-only)."""
        result: npt.NDArray[np.int64] = _readonly(self._a.ints[:, k.I_CURRENT])
        return result

    @property
    def is_over(self) -> npt.NDArray[np.bool_]:
        """Whether each game has ended (a new array)."""
        over: npt.NDArray[np.bool_] = self._a.ints[:, k.I_PHASE] == k.OVER
        return over

    @property
    def game_index(self) -> npt.NDArray[np.int64]:
        """The index ``i`` of the game each slot holds (changes with auto-reset; read-only)."""
        result: npt.NDArray[np.int64] = _readonly(self._game_index)
        return result

    def game_seed(self, slot: int) -> int:
        """The seed of the game in ``slot``: ``derive_seed(seed, game_index[slot])``."""
        return derive_seed(self._seed, int(self._game_index[self._slot(slot)]))

    def _slot(self, slot: int) -> int:
        if type(slot) is not int and not isinstance(slot, np.integer):
            raise ArgumentTypeError(f"a game index must be an int, got {type(slot).__name__}")
        if not 0 <= slot < self.size:
            raise IndexError(f"game {slot} is not in 0..{self.size - 1}")
        return int(slot)

    def state(self, slot: int) -> GameState:
        """The core's :class:`~skipbo.skyjo.GameState` of the game in ``slot``."""
        return read_state(self._a, self._slot(slot), self.rules)

    def states(self) -> list[GameState]:
        """The state of every game, in slot order."""
        return [read_state(self._a, slot, self.rules) for slot in range(self.size)]

    # --- legal actions ---------------------------------------------------------------

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every game: ``(B, 92)``, read-only.

        Row ``i`` equals ``legal_action_mask(batch.state(i))`` of
        :mod:`skipbo.games.skyjo.actions`; a finished game's row is all ``False``.

        The array is the batch's own, overwritten after the next step: copy it to keep it.
        """
        if not self._mask_valid:
            k.mask_rows(self._mask, self._a.tuple(), self._rules, self._pairs)
            self._mask_valid = True
        result: npt.NDArray[np.bool_] = _readonly(self._mask)
        return result

    # --- step ------------------------------------------------------------------------

    def step(
        self, actions: npt.ArrayLike, *, only: npt.NDArray[np.bool_] | None = None
    ) -> SkyjoStepResult:
        """Apply one action per game (ignored for finished games, or those not in ``only``).

        Raises:
            TypeError: if ``actions`` is not an integer array-like.
            ActionError: if it is not one action per game, or a running game's action
                is not an action index.
            IllegalActionError: if a running game's action is not legal there (the
                first such game, with the core's rule). The batch is then unchanged.

        """
        chosen = np.asarray(actions)
        if chosen.dtype == np.bool_ or not np.issubdtype(chosen.dtype, np.integer):
            raise ArgumentTypeError(f"actions must be integers, got dtype {chosen.dtype}")
        if chosen.shape != (self.size,):
            raise ActionError(f"actions must have shape ({self.size},), got {chosen.shape}")
        moving = self._a.ints[:, k.I_PHASE] != k.OVER
        if only is not None:
            if only.shape != (self.size,) or only.dtype != np.bool_:
                raise ActionError(f"only must be {self.size} booleans, got {only.shape}")
            moving &= only
        outside = moving & ((chosen < 0) | (chosen >= ACTION_COUNT))
        if outside.any():
            game = int(np.flatnonzero(outside)[0])
            raise ActionError(f"game {game}: action {int(chosen[game])} is not in 0..91")
        chosen = chosen.astype(np.int64, copy=False)
        mask = self.legal_action_mask()
        legal = mask[np.arange(self.size), np.where(moving, chosen, 0)] | ~moving
        if not legal.all():
            game = int(np.flatnonzero(~legal)[0])
            raise self._illegal(game, int(chosen[game]))
        return self._apply(chosen, moving)

    def _apply(
        self, chosen: npt.NDArray[np.int64], moving: npt.NDArray[np.bool_]
    ) -> SkyjoStepResult:
        a = self._a
        a.grow_history(int(a.ints[:, k.I_ROUND].max()))
        outcome = self._outcome
        k.step_games(chosen, moving, outcome, a.tuple(), self._rules, self._deck, self._pairs)
        self._mask_valid = False
        ended = outcome == k.GAME_OVER
        game_index = self._game_index.copy()
        rewards = np.zeros(a.totals.shape, dtype=np.float32)
        totals = np.zeros_like(a.totals)
        if ended.any():
            final = a.totals[ended]
            totals[ended] = final
            rewards[ended] = np.where(final == final.min(axis=1, keepdims=True), 1.0, -1.0)
        result = SkyjoStepResult(
            ended=ended,
            round_ended=outcome != 0,
            rewards=rewards,
            totals=totals,
            game_index=game_index,
        )
        if self._auto_reset and ended.any():
            self.deal_next(np.flatnonzero(ended))
        return result

    def _illegal(self, game: int, action: int) -> IllegalActionError:
        state = self.state(game)
        move = action_to_move(action)
        try:
            apply(state, move)
        except IllegalMoveError as error:
            return IllegalActionError(game, action, move, error.rule, error.reason)
        raise AssertionError(f"game {game}: the mask refused {move}, which the core accepts")

    def deal_next(self, slots: npt.ArrayLike) -> None:
        """Deal the next games of the seed into ``slots`` now, as auto-reset does."""
        chosen = np.asarray(slots, dtype=np.int64).reshape(-1)
        first = self._next_game
        self._next_game += chosen.size
        games = list(range(first, self._next_game))
        self._game_index[chosen] = games
        self._deal(chosen, games)
        self._mask_valid = False

    # --- policies and observations ----------------------------------------------------

    def policy_rng(self) -> npt.NDArray[np.uint64]:
        """A generator state per game for :meth:`policy_actions`, from each game's seed."""
        return np.array(
            [k.seed_generator(np.uint64(self.game_seed(slot))) for slot in range(self.size)],
            dtype=np.uint64,
        )

    def policy_actions(self, policy: str, rng: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
        """The action a built-in policy chooses in each game (-1 in finished ones).

        The policies are :data:`~skipbo.batch.skyjo.kernels.POLICIES`; they draw from
        ``rng`` (one state per game, updated) as the fused loop does.

        Raises:
            ValueError: for an unknown policy.

        """
        number = policy_number(policy)
        out = np.empty(self.size, dtype=np.int64)
        k.policy_actions(number, out, self._a.tuple(), self._rules, self._pairs, rng)
        return out

    def play_others(
        self, seat: int, policy: str, rng: npt.NDArray[np.uint64]
    ) -> npt.NDArray[np.bool_]:
        """Move the running games by ``policy`` until ``seat`` is to move in each, or it ends.

        ``rng`` is as for :meth:`policy_actions`. Returns which games ended (they are not
        dealt anew: :meth:`deal_next`). An environment's opponents play this way.

        Raises:
            ValueError: for an unknown policy or a seat outside the rules.

        """
        number = policy_number(policy)
        if type(seat) is not int or not 0 <= seat < self.rules.players:
            raise ConfigurationError("seat", f"must be a seat of the rules, got {seat!r}")
        a = self._a
        a.grow_history(int(a.ints[:, k.I_ROUND].max()) + _ROUNDS_A_CALL)
        outcome = self._outcome
        k.play_others(seat, number, outcome, a.tuple(), self._rules, self._deck, self._pairs, rng)
        self._mask_valid = False
        ended: npt.NDArray[np.bool_] = outcome == k.GAME_OVER
        return ended

    def observations(
        self,
        seats: npt.ArrayLike | None = None,
        *,
        depth: int = DISCARD_DEPTH,
        games: npt.ArrayLike | None = None,
    ) -> npt.NDArray[np.float32]:
        """The observation of every game (or of ``games``): ``(B, L)`` float32.

        Row ``i`` equals ``observation_array(view(state(i)), seats[i])`` of
        :mod:`skipbo.observation.skyjo` (by default each game's seat to move). With
        ``games``, row ``r`` is game ``games[r]``'s, seen from ``seats[r]``.

        Raises:
            ValueError: if a seat is not a seat of the rules.

        """
        layout = observation_layout(self.rules, depth)
        rows = (
            np.arange(self.size)
            if games is None
            else np.arange(self.size)[np.asarray(games, dtype=np.int64).reshape(-1)]
        )
        if seats is None:
            chosen = self._a.ints[rows, k.I_CURRENT]
        else:
            chosen = np.broadcast_to(np.asarray(seats, dtype=np.int64), rows.shape).copy()
        if ((chosen < 0) | (chosen >= self.rules.players)).any():
            raise ConfigurationError("seats", f"must be seats from 0 to {self.rules.players - 1}")
        starts = np.array([layout.field(name).start for name in _FIELDS], dtype=np.int64)
        values = card_values(self.rules)
        low = min(values)
        index = np.zeros(max(values) - low + 1, dtype=np.int64)
        for position, value in enumerate(values):
            index[value - low] = position
        copies = np.array([count for _, count in self.rules.deck.copies], dtype=np.int64)
        out = np.empty((rows.size, layout.size), dtype=np.float32)
        k.observe_rows(
            out,
            rows,
            chosen,
            starts,
            depth,
            index,
            low,
            copies,
            self.rules.end_score,
            self._a.tuple(),
        )
        return out


def policy_number(policy: str) -> int:
    """The kernels' number of a built-in policy's name.

    Raises:
        ValueError: for an unknown name.

    """
    if policy not in k.POLICIES:
        raise ConfigurationError("policy", f"must be one of {sorted(k.POLICIES)}, got {policy!r}")
    return k.POLICIES[policy]
