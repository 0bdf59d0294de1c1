"""What every game's records share: a record is rules, a seed and moves, replayed.

A game is a function of its rules, its seed and its moves (its only randomness is
seeded), so those three reproduce every state. Each game keeps its own record type
(its rules, moves and metadata differ); this module holds what is the same for all:
checking a record's common fields (:func:`check_record`), replaying the moves through
the game's ``apply`` with a :class:`ReplayError` naming the first illegal one
(:func:`replay_moves`), the last state of a replay (:func:`last_state`), and the
compact text form every game's ``format_record`` and ``parse_record`` write and read
(:func:`format_text`, :func:`parse_text`).

>>> import skipbo
>>> rules = skipbo.Rules(players=2)
>>> moves = [skipbo.parse_move("s0>b9")]
>>> list(replay_moves(skipbo.new_game, rules, 1, moves, skipbo.apply))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
skipbo.errors.ReplayError: /moves/0: move 0 (s0>b9) is illegal: ... (R-BUILD-1)
"""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs

from skipbo.common import strictjson
from skipbo.common.game import NewGame
from skipbo.common.strictjson import echo
from skipbo.errors import DataError, IllegalMoveError, ReplayError

__all__ = [
    "MAX_SEAT_DIGITS",
    "Record",
    "RecordText",
    "ReplayError",
    "Seated",
    "as_tuple",
    "check_record",
    "format_text",
    "last_state",
    "parse_text",
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


# --- the text form -----------------------------------------------------------------------

_SEED = re.compile(r"-?(0|[1-9][0-9]{0,999})")
"""A seed in the text form: a decimal integer (of at most 1,000 digits)."""

MAX_SEAT_DIGITS = 3
"""The longest seat number of a ``name`` line (a game has at most a dozen seats)."""


def format_text(
    first_line: str,
    rules: dict[str, Any],
    record: Record,
    *,
    tags: Sequence[tuple[str, str]] = (),
    ends_turn: Callable[[Any], bool] = lambda move: True,
) -> str:
    """A record's compact text form, ending with a newline.

    Line by line: ``first_line`` (the format's name and version, e.g.
    ``skyjo-record 1``); ``rules`` and the rules document's fields as one line of JSON;
    ``seed`` and the seed; ``name <seat> <name>`` for each seat if the record has
    names; ``tag <key> <value>`` for each tag; ``moves``; then the moves in the game's
    notation, separated by spaces, a line ending after each move that ``ends_turn``.
    """
    names: Sequence[str] = record.names  # type: ignore[assignment]  # checked by the record
    moves: Sequence[object] = record.moves  # type: ignore[assignment]
    lines = [
        first_line,
        "rules " + json.dumps(rules, separators=(",", ":")),
        f"seed {record.seed}",
        *(f"name {seat} {name}" for seat, name in enumerate(names)),
        *(f"tag {key} {value}".rstrip() for key, value in tags),
        "moves",
    ]
    turn: list[str] = []
    for move in moves:
        turn.append(str(move))
        if ends_turn(move):
            lines.append(" ".join(turn))
            turn = []
    if turn:
        lines.append(" ".join(turn))
    return "\n".join(lines) + "\n"


@attrs.frozen
class RecordText(Generic[RulesT]):
    """The fields read from a record's text form (see :func:`parse_text`)."""

    rules: RulesT
    """The rules, read by the game's reader."""
    seed: int
    """The seed."""
    names: tuple[str, ...]
    """The names by seat, or ``()``."""
    tags: tuple[tuple[str, str], ...]
    """The tags, in order."""
    moves: tuple[str, ...]
    """The moves' tokens, unread."""


def parse_text(
    text: object,
    first_line: str,
    read_rules: Callable[[object, str], RulesT],
    *,
    tags: bool = True,
) -> RecordText[RulesT]:
    """The fields of a record's text form (see :func:`format_text`), each checked.

    Args:
        text: The untrusted text.
        first_line: The line the text must begin with (``skipbo-record 1``).
        read_rules: The game's reader of a rules document's fields (from the data and
            its path).
        tags: Whether the game's records have tags (a ``tag`` line is refused if not).

    Raises:
        DataError: if the text is malformed (``error.path`` is ``"line N"``).

    """
    if type(text) is not str:
        strictjson.fail("", f"a record's text must be a str, got {type(text).__name__}")
    lines = text.splitlines()
    if not lines or lines[0].strip() != first_line:
        strictjson.fail("line 1", f"must be {first_line!r}")
    header: dict[str, Any] = {"names": {}, "tags": []}
    expected = "rules, seed, name, tag or moves" if tags else "rules, seed, name or moves"
    number = 1
    for number, line in enumerate(lines[1:], start=2):
        where = f"line {number}"
        word, _, rest = line.partition(" ")
        if word == "moves" and not rest.strip():
            break
        if word in ("rules", "seed") and word in header:
            strictjson.fail(where, f"a second {word!r} line")
        if word == "rules":
            header["rules"] = read_rules(strictjson.parse_json(rest, where), where)
        elif word == "seed":
            if _SEED.fullmatch(rest) is None:
                strictjson.fail(where, f"the seed must be an integer, got {echo(rest)}")
            header["seed"] = int(rest)
        elif word == "name":
            seat, _, name = rest.partition(" ")
            # At most a few digits: int() refuses numbers of more than 4,300 digits.
            if not seat.isdecimal() or len(seat) > MAX_SEAT_DIGITS or int(seat) in header["names"]:
                strictjson.fail(
                    where, f"'name' needs a new seat number and a name, got {echo(rest)}"
                )
            header["names"][int(seat)] = name
        elif word == "tag" and tags:
            key, _, value = rest.partition(" ")
            header["tags"].append((key, value))
        elif line.strip():
            strictjson.fail(where, f"expected {expected}, got {echo(word)}")
    else:
        strictjson.fail(f"line {number + 1}", "missing the 'moves' line")
    for word in ("rules", "seed"):
        if word not in header:
            strictjson.fail(f"line {number}", f"missing the {word!r} line before 'moves'")
    names = header["names"]
    if sorted(names) != list(range(len(names))):
        strictjson.fail("/names", "name lines must number the seats 0, 1, .. without gaps")
    return RecordText(
        rules=header["rules"],
        seed=header["seed"],
        names=tuple(names[seat] for seat in range(len(names))),
        tags=tuple(header["tags"]),
        moves=tuple(" ".join(lines[number:]).split()),
    )
