"""What every game's records share: a record is rules, a seed and moves, replayed.

A game is a function of its rules, its seed and its moves (its only randomness is
seeded), so those three reproduce every state. Each game keeps its own record type
(its rules, moves and metadata differ); this module holds what is the same for all:
checking a record's common fields (:func:`check_record`), replaying the moves through
the game's ``apply`` with a :class:`ReplayError` naming the first illegal one
(:func:`replay_moves`), and the last state of a replay (:func:`last_state`).

>>> import skipbo
>>> rules = skipbo.Rules(players=2)
>>> moves = [skipbo.parse_move("s0>b9")]
>>> list(replay_moves(skipbo.new_game, rules, 1, moves, skipbo.apply))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
skipbo.errors.ReplayError: /moves/0: move 0 (s0>b9) is illegal: ... (R-BUILD-1)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

from skipbo.common.game import NewGame
from skipbo.common.strictjson import echo
from skipbo.errors import DataError, IllegalMoveError, ReplayError

__all__ = [
    "Record",
    "ReplayError",
    "Seated",
    "as_tuple",
    "check_record",
    "last_state",
    "replay_moves",
]

RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")


def as_tuple(value: Any) -> Any:
    """A record field from untrusted input: any iterable but a string becomes a tuple.

    Anything else is left as it is, for the record's checks to reject.
    """
    if isinstance(value, Iterable) and not isinstance(value, str | bytes):
        return tuple(value)
    return value


class Seated(Protocol):
    """Rules that say how many players (seats) a game has."""

    @property
    def players(self) -> int:
        """The number of players."""
        ...


class Record(Protocol):
    """The fields every game's record has (of any type, until checked)."""

    @property
    def rules(self) -> object:
        """The rules played."""
        ...

    @property
    def seed(self) -> object:
        """The seed the game was dealt with."""
        ...

    @property
    def moves(self) -> object:
        """Every move, in order."""
        ...

    @property
    def names(self) -> object:
        """The players' names by seat, or none."""
        ...


def check_record(
    record: Record,
    *,
    rules_type: type[Seated],
    rules_name: str,
    move_types: tuple[type, ...],
    move_name: str = "a move",
    sequences: Sequence[str] = ("moves", "names"),
    error_type: type[DataError] = DataError,
) -> None:
    """Check the fields every record has: rules, an integer seed, moves, names by seat.

    Args:
        record: The record, just made from untrusted input.
        rules_type: The game's rules class.
        rules_name: What messages call an instance of it (``"a skipbo.Rules"``).
        move_types: The game's move classes.
        move_name: What messages call a move (``"a Skyjo move"``).
        sequences: The record's fields that must be tuples (see :func:`as_tuple`):
            ``moves`` and ``names``, and any others of the game's records.
        error_type: The game's ``DataError`` class.

    Raises:
        DataError: (``error_type``) naming the field (``/rules``, ``/seed``,
            ``/moves/3``, ...) if ``rules`` is not of ``rules_type``, the seed is not an
            ``int``, a sequence is not a tuple, a move is none of ``move_types``, or
            there are names but not one per seat.

    """
    if not isinstance(record.rules, rules_type):
        raise error_type("/rules", f"must be {rules_name}, got {echo(record.rules)}")
    if type(record.seed) is not int:
        raise error_type("/seed", f"must be an int, got {echo(record.seed)}")
    for name in sequences:
        value = getattr(record, name)
        if not isinstance(value, tuple):
            raise error_type(f"/{name}", f"must be a sequence, got {echo(value)}")
    moves, names = record.moves, record.names
    # Checked just above.
    assert isinstance(moves, tuple)
    assert isinstance(names, tuple)
    for index, move in enumerate(moves):
        if type(move) not in move_types:
            raise error_type(f"/moves/{index}", f"not {move_name}: {echo(move)}")
    players = record.rules.players
    if names and len(names) != players:
        raise error_type("/names", f"must name all {players} seats or none")


def replay_moves(
    new_game: NewGame[RulesT, StateT],
    rules: RulesT,
    seed: int,
    moves: Sequence[MoveT],
    apply: Callable[[StateT, MoveT], StateT],
    *,
    illegal_move_error: type[IllegalMoveError] = IllegalMoveError,
    replay_error: type[ReplayError] = ReplayError,
) -> Iterator[StateT]:
    """Every state of a recorded game: the dealt state, then one after each move.

    The game is dealt when the iteration starts.

    Raises:
        ReplayError: (``replay_error``) when the iteration reaches a move that ``apply``
            refuses with ``illegal_move_error``; the refusal is the ``__cause__``.

    """
    state = new_game(rules, seed=seed)
    yield state
    for index, move in enumerate(moves):
        try:
            state = apply(state, move)
        except illegal_move_error as error:
            raise replay_error(index, move, error.rule, error.reason) from error
        yield state


def last_state(states: Iterable[StateT]) -> StateT:
    """The last of ``states`` (the final state of a replay, all of it checked)."""
    (state,) = deque(states, maxlen=1)
    return state
