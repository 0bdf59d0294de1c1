"""Skyjo game records: rules, seed and moves, replayed through the engine.

A game is a function of its rules, seed and moves (the only randomness is the seed),
so a record of those three is the whole game. :func:`play_game` plays bots and
returns the record; :func:`replay` gives back every state; :func:`format_record` and
:func:`parse_record` write and read the compact text form Skip-Bo's records have
(:func:`skipbo.format_record`), whose first line is ``skyjo-record 1``.

>>> from skipbo import skyjo
>>> from skipbo.games.skyjo.bots import make_bot
>>> from skipbo.games.skyjo.records import final_state, play_game
>>> bots = [make_bot("heuristic", seed=seat) for seat in range(3)]
>>> record = play_game(skyjo.Rules(players=3), bots, seed=4)
>>> skyjo.is_over(final_state(record))
True
>>> text = format_record(record)
>>> text.splitlines()[0], parse_record(text) == record
('skyjo-record 1', True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import attrs

from skipbo import arena
from skipbo.common import documents, records
from skipbo.common.naming import type_name
from skipbo.games.skyjo.engine import apply, new_game
from skipbo.games.skyjo.errors import (
    ArgumentTypeError,
    ConfigurationError,
    DataError,
    IllegalMoveError,
)
from skipbo.games.skyjo.moves import DiscardFlip, Draw, Move, Reveal, Swap, TakeDiscard
from skipbo.games.skyjo.rules import Rules
from skipbo.games.skyjo.state import GameState
from skipbo.games.skyjo.views import PublicView

if TYPE_CHECKING:  # only the play loop needs the type
    from skipbo.common.game import Bot as AnyBot

    Bot = AnyBot[PublicView, Move]

__all__ = [
    "TEXT_FORMAT",
    "GameRecord",
    "ReplayError",
    "final_state",
    "format_record",
    "parse_record",
    "play_game",
    "replay",
]

TEXT_FORMAT = "skyjo-record 1"
"""The first line of a record's text form: the format's name and version."""

_MOVE_TYPES = (Reveal, Draw, TakeDiscard, Swap, DiscardFlip)


class ReplayError(DataError, records.ReplayError):
    """A record whose move ``index`` is illegal; the IllegalMoveError is the cause.

    Attributes:
        index: The index of the first bad move (counting from 0).
        move: That move.
        rule: The ID of the Skyjo rule it breaks.

    """


@attrs.frozen(slots=True, kw_only=True)
class GameRecord:
    """A whole Skyjo game: rules, seed and moves, with optional player names.

    Raises:
        DataError: if a field has the wrong type or there are names but not one per seat.

    """

    rules: Rules
    """The rules played."""
    seed: int
    """The seed given to :func:`skipbo.skyjo.new_game`."""
    moves: tuple[Move, ...] = attrs.field(default=(), converter=records.as_tuple)
    """Every move of the game, in order."""
    names: tuple[str, ...] = attrs.field(default=(), converter=records.as_tuple)
    """The players' names by seat, or ``()``."""

    def __attrs_post_init__(self) -> None:
        records.check_record(
            self,
            rules_type=Rules,
            rules_name="a skipbo.skyjo.Rules",
            move_types=_MOVE_TYPES,
            move_name="a Skyjo move",
            error_type=DataError,
        )
        for seat, name in enumerate(self.names):
            if type(name) is not str or not name.isprintable() or not name.strip():
                raise DataError(f"/names/{seat}", f"must be one line of text, got {name!r}")


def replay(record: GameRecord) -> Iterator[GameState]:
    """Every state of the recorded game: the deal, then one after each move.

    Raises:
        ArgumentTypeError: if ``record`` is not a Skyjo :class:`GameRecord`.
        ReplayError: when the iteration reaches an illegal move.

    """
    if not isinstance(record, GameRecord):
        raise ArgumentTypeError(
            f"replay() takes a skipbo.skyjo.GameRecord, got {type_name(record)}"
        )
    return records.replay_moves(
        new_game,
        record.rules,
        record.seed,
        record.moves,
        apply,
        illegal_move_error=IllegalMoveError,
        replay_error=ReplayError,
    )


def final_state(record: GameRecord) -> GameState:
    """The state after the last move of ``record`` (raises :class:`ReplayError`)."""
    return records.last_state(replay(record))


def play_game(rules: Rules, bots: Sequence[Bot], seed: int) -> GameRecord:
    """Play a whole game, seat ``i`` by ``bots[i]``, and return its record.

    Each bot is shown only the public view. With a turn limit in the rules every
    game ends; without one, bots that never end a round would play on (the shipped
    bots do end rounds).

    Raises:
        ValueError: if there is not one bot per seat.

    """
    if len(bots) != rules.players:
        raise ConfigurationError(
            "bots", f"{rules.players} players need {rules.players} bots, got {len(bots)}"
        )
    record = arena.play_game(rules, bots, seed)  # the one play loop of every game
    assert isinstance(record, GameRecord)  # the game of Skyjo rules is Skyjo
    return record


def format_record(record: GameRecord) -> str:
    """The compact text form of ``record``, a turn a line; ends with a newline.

    The form of Skip-Bo's (:func:`skipbo.format_record`), without tags: the first line
    ``skyjo-record 1``, then the ``rules`` (JSON), the ``seed``, a ``name`` line per
    seat if the record has names, ``moves`` and the moves.

    Raises:
        ArgumentTypeError: if ``record`` is not a Skyjo :class:`GameRecord`.

    """
    from skipbo.games.skyjo.serialization import RULES_FIELDS, to_data

    if not isinstance(record, GameRecord):
        raise ArgumentTypeError(
            f"format_record() takes a skipbo.skyjo.GameRecord, got {type_name(record)}"
        )
    rules = to_data(record.rules)
    return records.format_text(
        TEXT_FORMAT,
        {name: rules[name] for name in RULES_FIELDS},
        record,
        ends_turn=lambda move: not isinstance(move, Draw | TakeDiscard),
    )


def parse_record(text: str) -> GameRecord:
    """Read the text form of a record (see :func:`format_record`); every move is replayed.

    Raises:
        DataError: if the text is malformed (``error.path`` is ``"line N"``, or
            ``"/moves/I"`` for a move that is not in the notation).
        ReplayError: if move ``error.index`` is illegal.

    """
    from skipbo.games.skyjo.serialization import read_move, read_rules

    with documents.raising(DataError):
        found = records.parse_text(text, TEXT_FORMAT, read_rules, tags=False)
        moves = [read_move(token, f"/moves/{i}") for i, token in enumerate(found.moves)]
    record = GameRecord(rules=found.rules, seed=found.seed, moves=moves, names=found.names)
    final_state(record)
    return record
