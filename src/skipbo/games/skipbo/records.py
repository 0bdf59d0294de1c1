"""Game records: the rules, the seed and the moves of a game, and their replay.

A game is a function of its rules, its seed and its moves (the engine's only
randomness is seeded), so a :class:`GameRecord` of those three reproduces every
state exactly. It may carry metadata: the players' names and free tags such as
timestamps. :func:`replay` yields every state and checks every move;
:func:`format_record` and :func:`parse_record` write and read a compact text form
with one move a token in the move notation, a turn a line:

>>> import skipbo
>>> from skipbo.games.skipbo.bots import PlayFirstBot
>>> rules = skipbo.Rules(players=2, stock_size=2)
>>> state = skipbo.new_game(rules, seed=4)
>>> record = GameRecord(rules=rules, seed=4, names=("Ann", "Bo"))
>>> bot = PlayFirstBot(seed=0)
>>> while not skipbo.is_over(state):
...     move = bot.choose(skipbo.view(state, state.current_player))
...     state = skipbo.apply(state, move)
...     record = record.with_move(move)
>>> final_state(record) == state
True
>>> text = format_record(record)
>>> print(text.splitlines()[0])
skipbo-record 1
>>> parse_record(text) == record
True

The text form, line by line: ``skipbo-record 1`` (the format and its version);
``rules`` and the rules as one line of JSON (see :mod:`skipbo.games.skipbo.serialization`);
``seed`` and the seed; ``name <seat> <name>`` for each seat if the record has
names; ``tag <key> <value>`` for each tag; ``moves``; then the moves, separated by
spaces and line breaks (a line per turn when written; any whitespace when read).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import attrs

from skipbo.common import records, strictjson
from skipbo.common.naming import type_name
from skipbo.common.strictjson import echo
from skipbo.errors import ArgumentTypeError, DataError
from skipbo.games.skipbo import codec as _codec
from skipbo.games.skipbo.deal import new_game
from skipbo.games.skipbo.engine import apply
from skipbo.games.skipbo.moves import (
    Discard,
    Move,
    Pass,
    PlayFromDiscard,
    PlayFromHand,
    PlayFromStock,
)
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.state import GameState

__all__ = [
    "TEXT_FORMAT",
    "GameRecord",
    "ReplayError",
    "final_state",
    "format_record",
    "parse_record",
    "replay",
]


class ReplayError(records.ReplayError):
    """A game record whose moves cannot be replayed: move ``index`` is illegal.

    The :class:`~skipbo.IllegalMoveError` that :func:`skipbo.apply` raised is the
    ``__cause__``; its rule ID is repeated in ``rule``.

    Attributes:
        index: The index of the first bad move in the record (counting from 0).
        move: That move.
        rule: The ID of the rule it breaks.

    """


TEXT_FORMAT = "skipbo-record 1"
"""The first line of a record's text form: the format's name and version."""

RECORD_FIELDS = ("rules", "seed", "moves", "names", "tags")

_MOVE_TYPES = (PlayFromHand, PlayFromStock, PlayFromDiscard, Discard, Pass)


def _text_ok(value: object, *, empty: bool) -> bool:
    # One line of printable text without surrounding spaces, so the text form keeps it.
    return (
        type(value) is str
        and value.isprintable()
        and value.strip() == value
        and (empty or value != "")
    )


def _moves(value: Iterable[Move]) -> tuple[Move, ...]:
    moves: tuple[Move, ...] = records.as_tuple(value)
    return moves


def _names(value: Iterable[str]) -> tuple[str, ...]:
    names: tuple[str, ...] = records.as_tuple(value)
    return names


def _tags(value: Any) -> Any:
    # Pairs (or a mapping) to a tuple of tuples; anything else is left for the checks.
    if isinstance(value, Mapping):
        value = value.items()
    if not isinstance(value, Iterable):
        return value
    return tuple(tuple(pair) if isinstance(pair, tuple | list) else pair for pair in value)


@attrs.frozen(slots=True, kw_only=True)
class GameRecord:
    """A whole game: rules, seed and moves, with optional names and tags.

    Raises:
        DataError: if a field has the wrong type, a name or tag is not one line of
            printable text without surrounding spaces, there are names but not one
            per seat, or a tag key repeats (``error.path`` says which).

    """

    rules: Rules
    """The variant played."""

    seed: int
    """The seed given to :func:`skipbo.new_game`."""

    moves: tuple[Move, ...] = attrs.field(default=(), converter=_moves)
    """Every move of the game, in order."""

    names: tuple[str, ...] = attrs.field(default=(), converter=_names)
    """The players' names by seat, or ``()`` for none."""

    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_tags)
    """Free metadata as ``(key, value)`` pairs with distinct keys, e.g.
    ``(("started", "2026-05-01T12:00:00Z"),)``. Keys have no spaces."""

    def __attrs_post_init__(self) -> None:
        records.check_record(
            self,
            rules_type=Rules,
            rules_name="a skipbo.Rules",
            move_types=_MOVE_TYPES,
            sequences=("moves", "names", "tags"),
        )
        for seat, name in enumerate(self.names):
            if not _text_ok(name, empty=False):
                raise DataError(f"/names/{seat}", f"must be one line of text, got {echo(name)}")
        keys = set()
        pairs: tuple[object, ...] = self.tags
        for index, pair in enumerate(pairs):
            if not isinstance(pair, tuple) or len(pair) != len(("key", "value")):
                raise DataError(f"/tags/{index}", f"must be a (key, value) pair, got {echo(pair)}")
            key, value = pair
            if not _text_ok(key, empty=False) or " " in key or key in keys:
                raise DataError(f"/tags/{key}", "tag keys must be distinct words")
            if not _text_ok(value, empty=True):
                raise DataError(f"/tags/{key}", f"must be one line of text, got {echo(value)}")
            keys.add(key)

    def with_move(self, move: Move) -> GameRecord:
        """A copy of the record with ``move`` appended (checked when replayed)."""
        return attrs.evolve(self, moves=(*self.moves, move))


def replay(record: GameRecord) -> Iterator[GameState]:
    """Every state of the recorded game: the dealt state, then one after each move.

    Raises:
        skipbo.ReplayError: when the iteration reaches a move that is illegal in its
            state; ``error.index`` is the move's index in ``record.moves``.
        TypeError: at once, if ``record`` is not a :class:`GameRecord`.

    >>> import skipbo
    >>> record = GameRecord(rules=skipbo.Rules(), seed=1, moves=[skipbo.parse_move("s0>b9")])
    >>> list(replay(record))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    skipbo.games.skipbo.records.ReplayError: /moves/0: move 0 (s0>b9) is illegal: ... (R-BUILD-1)

    """
    if not isinstance(record, GameRecord):
        raise ArgumentTypeError(f"replay needs a skipbo.GameRecord, not {type_name(record)}")
    return records.replay_moves(
        new_game, record.rules, record.seed, record.moves, apply, replay_error=ReplayError
    )


def final_state(record: GameRecord) -> GameState:
    """The state after the last move of ``record``.

    Raises:
        skipbo.ReplayError: if a move is illegal (see :func:`replay`).

    """
    return records.last_state(replay(record))


# --- JSON --------------------------------------------------------------------------------


def record_data(record: GameRecord) -> dict[str, Any]:
    """A record as a dict; the moves in the move notation, the tags as an object."""
    return {
        "rules": _codec.rules_data(record.rules),
        "seed": record.seed,
        "moves": [str(move) for move in record.moves],
        "names": list(record.names),
        "tags": dict(record.tags),
    }


def read_record(data: object, path: str) -> GameRecord:
    """A record from a dict; every move is replayed and must be legal."""
    found = strictjson.fields(data, path, RECORD_FIELDS)

    def at(name: str) -> str:
        return strictjson.join(path, name)

    tags = found["tags"]
    if type(tags) is not dict:
        strictjson.fail(at("tags"), "must be an object of strings")
    record = GameRecord(
        rules=_codec.read_rules(found["rules"], at("rules")),
        seed=strictjson.integer(found["seed"], at("seed"), None),
        moves=[
            _codec.move(item, strictjson.join(at("moves"), i))
            for i, item in enumerate(strictjson.array(found["moves"], at("moves")))
        ],
        names=[
            strictjson.text(item, strictjson.join(at("names"), i))
            for i, item in enumerate(strictjson.array(found["names"], at("names")))
        ],
        tags=[
            (key, strictjson.text(value, strictjson.join(at("tags"), key)))
            for key, value in tags.items()
        ],
    )
    final_state(record)
    return record


# --- the text form -----------------------------------------------------------------------


def format_record(record: GameRecord) -> str:
    """The compact text form of ``record`` (see the module docs); ends with a newline."""
    return records.format_text(
        TEXT_FORMAT,
        _codec.rules_data(record.rules),
        record,
        tags=record.tags,
        # The moves that end a turn.
        ends_turn=lambda move: type(move) is Discard or type(move) is Pass,
    )


def parse_record(text: str) -> GameRecord:
    """Read the text form of a record; every move is replayed and must be legal.

    Raises:
        DataError: if the text is malformed (``error.path`` is ``"line N"``, or
            ``"/moves/I"`` for a move that is not in the move notation).
        skipbo.ReplayError: if move ``error.index`` is illegal.

    """
    found = records.parse_text(text, TEXT_FORMAT, _codec.read_rules)
    record = GameRecord(
        rules=found.rules,
        seed=found.seed,
        moves=[_codec.move(token, f"/moves/{i}") for i, token in enumerate(found.moves)],
        names=found.names,
        tags=found.tags,
    )
    final_state(record)
    return record
