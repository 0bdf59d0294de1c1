"""The conformance loop every game's checker shares (OpenSpiel's ``random_sim_test``).

A game's checker (:func:`skipbo.check_conformance`,
:func:`skipbo.skyjo.check_conformance`) plays seeded games and checks every
step; what it checks of a state and how it picks moves are the game's own, the loop
around them is the same for every game and lives here, in :class:`GameCheck`:

* the same seed deals the same game;
* at every step the game's invariants and its checks of the legal moves
  (:meth:`GameCheck.check_legal`), then some illegal moves, each refused with the
  game's ``IllegalMoveError`` without changing the state;
* the game's ``apply`` of the chosen move leaves its input unchanged and gives equal
  results for equal arguments;
* the game ends within ``max_moves`` (by default the proved bound of its rules,
  :func:`move_limit`), with no legal move left;
* the moves replay from the seed to the very same states.

The first violation raises the game's :class:`ConformanceError` with the seed and the
moves that reproduce it. This module imports no game.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

import attrs

from skipbo.common.game import NewGame
from skipbo.errors import SHOWN_MOVES, ConformanceError, IllegalMoveError

__all__ = [
    "MAX_MOVES",
    "SHOWN_MOVES",
    "ConformanceError",
    "GameCheck",
    "ReportFigures",
    "RulesFunctions",
    "move_limit",
]

RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT", bound=attrs.AttrsInstance)  # compared field by field
MoveT = TypeVar("MoveT")

MAX_MOVES = 100_000
"""The cap on the moves of one game for rules that lift a bound (and so have no proved
bound): far more than any random game takes (a game that has not ended by then fails
the check)."""


def move_limit(bound: int | None, max_moves: int | None) -> int:
    """The moves a checked game may take: ``max_moves``, else the proved bound, else 100 000.

    The last is :data:`MAX_MOVES`, for rules that lift a bound.
    ``bound`` is the game's proved bound of its rules (``max_moves(rules)``), ``None``
    when the rules lift one; a game longer than the limit fails the check.

    >>> move_limit(61_122_501, None), move_limit(None, None), move_limit(61_122_501, 500)
    (61122501, 100000, 500)
    """
    if max_moves is not None:
        return max_moves
    return MAX_MOVES if bound is None else bound


@attrs.frozen
class RulesFunctions(Generic[RulesT, StateT, MoveT]):
    """The functions of a game's rules that the conformance loop checks."""

    new_game: NewGame[RulesT, StateT]
    """Deals a game of the rules with a seed."""
    apply: Callable[[StateT, MoveT], StateT]
    """The state after a move (raising the game's IllegalMoveError if not allowed)."""
    legal_moves: Callable[[StateT], Sequence[MoveT]]
    """The moves allowed in a state, each once."""
    is_over: Callable[[StateT], bool]
    """Whether the game has ended."""
    invariant_violations: Callable[[StateT], list[str]]
    """What is wrong with a state, one line each (nothing for a valid state)."""


class ReportFigures:
    """The figures every conformance report derives from its games' lengths.

    A mixin for a game's (attrs) report class, which has the field ``game_lengths``.
    """

    __slots__ = ()

    game_lengths: tuple[int, ...]
    """The number of moves of each game, in order."""

    @property
    def games(self) -> int:
        """The number of games played."""
        return len(self.game_lengths)

    @property
    def moves(self) -> int:
        """The number of moves played in all games."""
        return sum(self.game_lengths)

    @property
    def longest_game(self) -> int:
        """The number of moves of the longest game."""
        return max(self.game_lengths, default=0)


class GameCheck(ABC, Generic[RulesT, StateT, MoveT]):
    """One seeded game under check: deals it, plays it checking every step, replays it.

    A game's checker derives from it, names its errors (:attr:`error_type`,
    :attr:`illegal_move_error`), passes its rules' functions (read when the check starts,
    so that a test can patch a broken one in) and supplies how to pick moves
    (:meth:`illegal_moves`, :meth:`choose`) and its own checks of a state
    (:meth:`check_legal`), of a move applied (:meth:`check_step`) and of the ended game
    (:meth:`check_end`); :meth:`play` runs the loop. ``rng`` (seeded with the game's
    seed) draws the illegal moves tried and whatever else the game's checks want at
    random.
    """

    error_type: ClassVar[type[ConformanceError[Any, Any]]] = ConformanceError
    """The game's :class:`ConformanceError`."""

    illegal_move_error: ClassVar[type[Exception]] = IllegalMoveError
    """The error the game's ``apply`` must raise for an illegal move."""

    def __init__(
        self,
        rules: RulesT,
        seed: int,
        functions: RulesFunctions[RulesT, StateT, MoveT],
        *,
        max_moves: int,
        illegal_per_step: int,
    ) -> None:
        self.rules = rules
        self.functions = functions
        self.seed = seed
        self.max_moves = max_moves
        self.illegal_per_step = illegal_per_step
        self.moves: list[MoveT] = []
        """The moves played so far: with the seed, they reproduce a failure."""
        self.rng = random.Random(seed)

    # --- what the game supplies ----------------------------------------------------------

    @abstractmethod
    def illegal_moves(self, state: StateT, legal: Sequence[MoveT]) -> list[MoveT]:
        """Some distinct moves of the game that are not in ``legal``, to try at this step."""

    @abstractmethod
    def choose(self, state: StateT, legal: Sequence[MoveT]) -> MoveT:
        """The move to play next, one of ``legal`` (raise :meth:`fail` if it is not)."""

    def check_legal(self, state: StateT, legal: Sequence[MoveT]) -> None:
        """The game's checks of a valid state and its legal moves (none by default)."""

    def check_step(self, state: StateT, move: MoveT, after: StateT) -> None:
        """The game's checks of one legal move applied (none by default)."""

    def check_end(self, states: Sequence[StateT]) -> None:
        """The game's checks of a whole ended game, every state in order (none by default)."""

    # --- the loop ------------------------------------------------------------------------

    def deal(self) -> StateT:
        """The game's deal with its seed."""
        return self.functions.new_game(self.rules, seed=self.seed)

    def fail(self, reason: str) -> ConformanceError[RulesT, MoveT]:
        """The error for ``reason``, reproducible from the seed and the moves so far."""
        return self.error_type(self.rules, self.seed, tuple(self.moves), reason)

    def play(self) -> tuple[StateT, int]:
        """Play and check the game; return its last state and the illegal moves tried."""
        state = self.deal()
        if self.deal() != state:
            raise self.fail("new_game is not deterministic: the same seed dealt differently")
        states = [state]
        tried = 0
        while not self.functions.is_over(state):
            if len(self.moves) >= self.max_moves:
                raise self.fail(f"the game did not end within {self.max_moves} moves")
            legal = self.check_state(state)
            tried += self.check_illegal(state, self.illegal_moves(state, legal))
            move = self.choose(state, legal)
            self.moves.append(move)
            state = self.check_apply(state, move)
            states.append(state)
        if self.check_state(state):
            raise self.fail("an ended game has legal moves")
        self.check_replay(states)
        self.check_end(states)
        return state, tried

    def check_state(self, state: StateT) -> Sequence[MoveT]:
        """The invariants and the legal moves of one state; returns the legal moves."""
        problems = self.functions.invariant_violations(state)
        if problems:
            raise self.fail("invariant violated: " + "; ".join(problems))
        legal = self.functions.legal_moves(state)
        self.check_legal(state, legal)
        return legal

    def check_illegal(self, state: StateT, chosen: Sequence[MoveT]) -> int:
        """Apply each illegal move: it must raise IllegalMoveError and change nothing."""
        before = attrs.astuple(state, recurse=False)
        for move in chosen:
            try:
                self.functions.apply(state, move)
            except self.illegal_move_error:
                pass
            else:
                raise self.fail(f"apply accepted the illegal move {move}")
            if attrs.astuple(state, recurse=False) != before:
                raise self.fail(f"refusing {move} changed the state")
        return len(chosen)

    def check_apply(self, state: StateT, move: MoveT) -> StateT:
        """Apply a legal move: pure (input unchanged) and deterministic."""
        before = attrs.astuple(state, recurse=False)
        try:
            after = self.functions.apply(state, move)
            again = self.functions.apply(state, move)
        except Exception as error:
            raise self.fail(f"apply raised {error!r} for the legal move {move}") from error
        if attrs.astuple(state, recurse=False) != before:
            raise self.fail(f"apply changed its input state ({move})")
        if after != again:
            raise self.fail(f"apply is not deterministic ({move})")
        self.check_step(state, move, after)
        return after

    def check_replay(self, states: Sequence[StateT]) -> None:
        """Replay the moves from the seed: every state must come out equal."""
        state = self.deal()
        for index, move in enumerate(self.moves):
            state = self.functions.apply(state, move)
            if state != states[index + 1]:
                del self.moves[index + 1 :]
                raise self.fail("replaying the same moves from the same seed gave another state")
