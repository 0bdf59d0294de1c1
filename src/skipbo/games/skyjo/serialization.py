"""Versioned, strict JSON for Skyjo: rules, states, moves, views, outcomes and records.

The same conventions as Skip-Bo's :mod:`skipbo.games.skipbo.serialization`: every value becomes
a *document*, an object with a ``"type"`` (``"rules"``, ``"state"``, ``"move"``,
``"view"``, ``"outcome"``, ``"record"``: Skip-Bo's types), the ``"game"``
(``"skyjo"``), the format ``"version"`` (:data:`FORMAT_VERSION`) and the value's
fields. Documents of the older types (``"skyjo-view"``, ..., without a ``"game"``)
still load, as do ``kind`` arguments of those names. A grid is an
array of 12 places (a card, ``null`` for a removed place, ``"?"`` for a face-down card
in a view); piles are arrays with the top at the end; a move is its notation.

>>> from skipbo import skyjo
>>> state = skyjo.new_game(skyjo.Rules(players=2), seed=7)
>>> loads(dumps(skyjo.view(state)), "view") == skyjo.view(state)
True
>>> to_data(skyjo.Swap(3))
{'type': 'move', 'game': 'skyjo', 'version': 1, 'move': 's3'}
>>> loads('{"type": "skyjo-move", "version": 1, "move": "s3"}')  # the older form
Swap(place=3)

Loading is for untrusted input: every field, type and range is checked, the cards
against the deck, a state against :func:`skipbo.skyjo.check_invariants`, a view
against the states that have it, a record by replaying it. Anything else raises
:class:`~skipbo.games.skyjo.errors.DataError` with the JSON pointer of the problem:

>>> loads('{"type": "move", "game": "skyjo", "version": 1, "move": "s12"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
skipbo.games.skyjo.errors.DataError: /move: not a Skyjo move: 's12' (...)

:func:`json_schema` gives the JSON Schema (draft 2020-12) of the documents, shipped as
``skipbo/games/skyjo/schemas/skyjo.schema.json``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Literal, TypeAlias, overload

from skipbo.common import strictjson as _codec
from skipbo.common.documents import DocumentFormat
from skipbo.common.naming import type_name
from skipbo.common.randomness import SEED_LIMIT
from skipbo.games.skyjo.cards import GRID_SIZE, Card, Deck
from skipbo.games.skyjo.errors import (
    ArgumentTypeError,
    ConfigurationError,
    DataError,
    InvalidStateError,
    MoveSyntaxError,
)
from skipbo.games.skyjo.invariants import invariant_violations
from skipbo.games.skyjo.moves import DiscardFlip, Draw, Move, Reveal, Swap, TakeDiscard, parse_move
from skipbo.games.skyjo.records import GameRecord, final_state
from skipbo.games.skyjo.rules import MAX_PLAYERS, Rules
from skipbo.games.skyjo.sampling import sample_state
from skipbo.games.skyjo.state import GameState, Outcome, Phase, RoundScore, Source
from skipbo.games.skyjo.views import FACE_DOWN, PublicView

__all__ = [
    "FORMAT_VERSION",
    "LIMITS",
    "Document",
    "Kind",
    "claims",
    "dumps",
    "from_data",
    "json_schema",
    "loads",
    "to_data",
]

FORMAT_VERSION = 1
"""The version of the document format."""

LIMITS = {
    "deck_values": 120,
    "copies": 1000,
    "end_score": 10**6,
    "turn_limit": 10**6,
    "round": 10**6,
}
"""Upper bounds on loaded numbers (the schema states the same), so that hostile input
cannot make the engine allocate or loop without bound."""

Kind: TypeAlias = Literal["rules", "state", "move", "view", "outcome", "record"]
"""The ``"type"`` of a document (Skip-Bo's types)."""

OLD_KINDS = {
    f"skyjo-{kind}": kind for kind in ("rules", "state", "move", "view", "outcome", "record")
}
"""The types of the documents written before Skyjo's named their game, to today's."""

Document: TypeAlias = Rules | GameState | Move | PublicView | Outcome | GameRecord
"""A value that has a document form."""

RULES_FIELDS = ("players", "deck", "end_score", "turn_limit")
BOUND_FIELDS = ("stall_limit", "round_limit")
"""The bounds of S-END-3, written in every rules document since they exist; a document
written before has none and loads with the defaults (``null`` lifts a bound)."""
STALL_FIELD = "stall_turns"
"""The round's count of turns without progress (S-END-3), written in every state and view
document since it exists; an earlier document loads with 0."""
OUTCOME_FIELDS = ("winners", "totals")
SCORE_FIELDS = ("sums", "ender", "scores")
COMMON_FIELDS = (
    "rules", "round", "phase", "grids", "discard_pile", "held", "source",
    "current_player", "starter", "turns", "round_ender", "history", "outcome",
)  # fmt: skip
STATE_FIELDS = (*COMMON_FIELDS, "face_up", "draw_pile", "reveals", "shuffle_seed")
VIEW_FIELDS = (*COMMON_FIELDS, "draw_pile_size")
RECORD_FIELDS = ("rules", "seed", "moves", "names")


# --- encoders ----------------------------------------------------------------------------


def _rules(rules: Rules) -> dict[str, Any]:
    return {
        "players": rules.players,
        "deck": [list(pair) for pair in rules.deck.copies],
        "end_score": rules.end_score,
        "turn_limit": rules.turn_limit,
        "stall_limit": rules.stall_limit,
        "round_limit": rules.round_limit,
    }


def _outcome(outcome: Outcome) -> dict[str, Any]:
    return {"winners": list(outcome.winners), "totals": list(outcome.totals)}


def _common(value: GameState | PublicView) -> dict[str, Any]:
    return {
        "rules": _rules(value.rules),
        "round": value.round,
        "phase": value.phase.value,
        "grids": [list(grid) for grid in value.grids],
        "discard_pile": list(value.discard_pile),
        "held": value.held,
        "source": None if value.source is None else value.source.value,
        "current_player": value.current_player,
        "starter": value.starter,
        "turns": value.turns,
        "round_ender": value.round_ender,
        "history": [
            {"sums": list(s.sums), "ender": s.ender, "scores": list(s.scores)}
            for s in value.history
        ],
        "outcome": None if value.outcome is None else _outcome(value.outcome),
        STALL_FIELD: value.stall_turns,
    }


def _body(value: Document) -> tuple[Kind, dict[str, Any]]:
    match value:
        case Rules():
            return "rules", _rules(value)
        case GameState():
            return "state", _common(value) | {
                "face_up": [list(up) for up in value.face_up],
                "draw_pile": list(value.draw_pile),
                "reveals": [None if r is None else list(r) for r in value.reveals],
                "shuffle_seed": value.shuffle_seed,
            }
        case PublicView():
            return "view", _common(value) | {"draw_pile_size": value.draw_pile_size}
        case Outcome():
            return "outcome", _outcome(value)
        case GameRecord():
            return "record", {
                "rules": _rules(value.rules),
                "seed": value.seed,
                "moves": [str(move) for move in value.moves],
                "names": list(value.names),
            }
        case Reveal() | Draw() | TakeDiscard() | Swap() | DiscardFlip():
            return "move", {"move": str(value)}
    raise ArgumentTypeError(f"no Skyjo document form for {type_name(value)}")


def claims(data: object) -> bool:
    """Whether ``data`` is (meant as) a document of this game, going by its envelope.

    Its ``"game"`` is this game's; or it has none (it was written before documents
    named their game) and its ``"type"`` is one this game's documents had then.
    """
    return _FORMAT.claims(data)


def to_data(value: Document) -> dict[str, Any]:
    """The document of ``value``: a dict of JSON-compatible values.

    Raises:
        TypeError: if ``value`` has no document form.

    """
    return _FORMAT.to_data(value)


def dumps(value: Document, *, indent: int | None = None) -> str:
    """The document of ``value`` as JSON text (compact unless ``indent`` is given)."""
    return _FORMAT.dumps(value, indent=indent)


# --- decoders ----------------------------------------------------------------------------

fail = _codec.fail
join = _codec.join
integer = _codec.integer
array = _codec.array
fields = _codec.fields
optional = _codec.optional


def _enum(data: object, path: str, kind: type[Phase] | type[Source]) -> Any:
    name = _codec.text(data, path)
    try:
        return kind(name)
    except ValueError:
        choices = ", ".join(repr(member.value) for member in kind)
        fail(path, f"must be one of {choices}, got {_codec.echo(name)}")


def read_rules(data: object, path: str) -> Rules:
    """:class:`~skipbo.skyjo.Rules` from a dict; impossible rules are rejected."""
    found = fields(data, path, RULES_FIELDS, BOUND_FIELDS)
    pairs = array(found["deck"], join(path, "deck"))
    if len(pairs) > LIMITS["deck_values"]:
        fail(join(path, "deck"), f"holds more than {LIMITS['deck_values']} values")
    copies = []
    for index, pair in enumerate(pairs):
        where = join(join(path, "deck"), index)
        value, count = array(pair, where, 2)
        copies.append(
            (
                integer(value, join(where, 0), None),
                integer(count, join(where, 1), 1, LIMITS["copies"]),
            )
        )
    try:
        deck = Deck(tuple(copies))
        if [list(pair) for pair in deck.copies] != [list(pair) for pair in copies]:
            fail(join(path, "deck"), "must list each value once, in increasing order")
        return Rules(
            players=integer(found["players"], join(path, "players"), 2, MAX_PLAYERS),
            deck=deck,
            end_score=integer(found["end_score"], join(path, "end_score"), 1, LIMITS["end_score"]),
            turn_limit=optional(
                found["turn_limit"],
                join(path, "turn_limit"),
                lambda item, where: integer(item, where, 1, LIMITS["turn_limit"]),
            ),
            **{
                # Absent from documents older than S-END-3's bounds: the defaults.
                name: optional(
                    found[name],
                    join(path, name),
                    lambda item, where: integer(item, where, 1, LIMITS["turn_limit"]),
                )
                for name in BOUND_FIELDS
                if name in found
            },
        )
    except ConfigurationError as error:
        fail(join(path, error.parameter), str(error))


def read_move(data: object, path: str) -> Move:
    """A move in the notation; one spelling per move."""
    written = _codec.text(data, path)
    try:
        parsed = parse_move(written)
    except MoveSyntaxError as error:
        fail(path, str(error))
    if str(parsed) != written:
        # One spelling per move, so that equal moves have equal documents.
        fail(path, f"must be written {str(parsed)!r}, got {_codec.echo(written)}")
    return parsed


def read_outcome(data: object, path: str) -> Outcome:
    """An :class:`~skipbo.skyjo.Outcome` from a dict, consistent on its own."""
    found = fields(data, path, OUTCOME_FIELDS)
    winners = _ints(found["winners"], join(path, "winners"), 0, MAX_PLAYERS - 1)
    totals = _ints(found["totals"], join(path, "totals"), None)
    if not 2 <= len(totals) <= MAX_PLAYERS:
        fail(join(path, "totals"), "must hold one total per player")
    if winners != tuple(seat for seat, total in enumerate(totals) if total == min(totals)):
        fail(join(path, "winners"), "must be the seats with the lowest total (S-SCORE-3)")
    return Outcome(winners, totals)


def _ints(data: object, path: str, low: int | None, high: int | None = None) -> tuple[int, ...]:
    return tuple(
        integer(item, join(path, i), low, high) for i, item in enumerate(array(data, path))
    )


def _card(data: object, path: str, rules: Rules) -> Card:
    card = integer(data, path, None)
    if card not in rules.deck.counts():
        fail(path, f"{card} is not a card of the deck")
    return card


def _pile(data: object, path: str, rules: Rules) -> tuple[Card, ...]:
    return tuple(_card(item, join(path, i), rules) for i, item in enumerate(array(data, path)))


def _seat(data: object, path: str, rules: Rules) -> int:
    return integer(data, path, 0, rules.players - 1)


def _history(data: object, path: str, rules: Rules) -> tuple[RoundScore, ...]:
    scores = []
    for index, item in enumerate(array(data, path)):
        where = join(path, index)
        found = fields(item, where, SCORE_FIELDS)
        sums = _ints(found["sums"], join(where, "sums"), None)
        scored = _ints(found["scores"], join(where, "scores"), None)
        ender = optional(found["ender"], join(where, "ender"), lambda v, p: _seat(v, p, rules))
        if len(sums) != rules.players or len(scored) != rules.players:
            fail(where, "must hold one sum and one score per player")
        scores.append(RoundScore(sums, ender, scored))
    return tuple(scores)


def _common_fields(found: dict[str, object], path: str, rules: Rules) -> dict[str, Any]:
    def at(name: str) -> str:
        return join(path, name)

    outcome = optional(found["outcome"], at("outcome"), read_outcome)
    if outcome is not None and len(outcome.totals) != rules.players:
        fail(at("outcome"), "must hold one total per player")
    return {
        "rules": rules,
        "round": integer(found["round"], at("round"), 1, LIMITS["round"]),
        "phase": _enum(found["phase"], at("phase"), Phase),
        "discard_pile": _pile(found["discard_pile"], at("discard_pile"), rules),
        "held": optional(found["held"], at("held"), lambda v, p: _card(v, p, rules)),
        "source": optional(found["source"], at("source"), lambda v, p: _enum(v, p, Source)),
        "current_player": _seat(found["current_player"], at("current_player"), rules),
        "starter": _seat(found["starter"], at("starter"), rules),
        "turns": integer(found["turns"], at("turns"), 0, LIMITS["turn_limit"]),
        "round_ender": optional(
            found["round_ender"], at("round_ender"), lambda v, p: _seat(v, p, rules)
        ),
        "history": _history(found["history"], at("history"), rules),
        "outcome": outcome,
        STALL_FIELD: integer(found.get(STALL_FIELD, 0), at(STALL_FIELD), 0, LIMITS["turn_limit"]),
    }


def _grids(data: object, path: str, rules: Rules, *, seen: bool) -> tuple[tuple[Any, ...], ...]:
    grids = []
    for seat, grid in enumerate(array(data, path, rules.players)):
        where = join(path, seat)
        places: list[Card | str | None] = []
        for place, item in enumerate(array(grid, where, GRID_SIZE)):
            if item is None or (seen and item == FACE_DOWN):
                places.append(item)
            else:
                places.append(_card(item, join(where, place), rules))
        grids.append(tuple(places))
    return tuple(grids)


def read_state(data: object, path: str) -> GameState:
    """A :class:`~skipbo.skyjo.GameState`; it must pass the invariants."""
    found = fields(data, path, STATE_FIELDS, (STALL_FIELD,))
    rules = read_rules(found["rules"], join(path, "rules"))
    face_up = []
    for seat, flags in enumerate(array(found["face_up"], join(path, "face_up"), rules.players)):
        where = join(join(path, "face_up"), seat)
        row = array(flags, where, GRID_SIZE)
        for place, flag in enumerate(row):
            if type(flag) is not bool:
                fail(join(where, place), f"must be a boolean, got {_codec.kind_of(flag)}")
        face_up.append(tuple(flag is True for flag in row))
    reveals = []
    for seat, item in enumerate(array(found["reveals"], join(path, "reveals"), rules.players)):
        where = join(join(path, "reveals"), seat)
        if item is not None:
            array(item, where, 2)
        reveals.append(None if item is None else _ints(item, where, 0, GRID_SIZE - 1))
    state = GameState(
        **_common_fields(found, path, rules),
        grids=_grids(found["grids"], join(path, "grids"), rules, seen=False),
        face_up=tuple(face_up),
        draw_pile=_pile(found["draw_pile"], join(path, "draw_pile"), rules),
        reveals=tuple(reveals),  # type: ignore[arg-type]  # pairs, checked by the invariants
        shuffle_seed=integer(found["shuffle_seed"], join(path, "shuffle_seed"), 0, SEED_LIMIT - 1),
    )
    problems = invariant_violations(state)
    if problems:
        fail(path, "not a valid state: " + "; ".join(problems))
    return state


def read_view(data: object, path: str) -> PublicView:
    """A :class:`~skipbo.skyjo.PublicView`; some valid state must have exactly this view."""
    found = fields(data, path, VIEW_FIELDS, (STALL_FIELD,))
    rules = read_rules(found["rules"], join(path, "rules"))
    seen = PublicView(
        **_common_fields(found, path, rules),
        grids=_grids(found["grids"], join(path, "grids"), rules, seen=True),
        draw_pile_size=integer(found["draw_pile_size"], join(path, "draw_pile_size"), 0, 10**6),
    )
    try:
        sample_state(seen, random.Random(0))
    except InvalidStateError as error:
        fail(path, str(error))
    return seen


def read_record(data: object, path: str) -> GameRecord:
    """A :class:`~skipbo.games.skyjo.records.GameRecord`; every move replayed, and legal."""
    found = fields(data, path, RECORD_FIELDS)
    names = array(found["names"], join(path, "names"))
    record = GameRecord(
        rules=read_rules(found["rules"], join(path, "rules")),
        seed=integer(found["seed"], join(path, "seed"), None),
        moves=[
            read_move(item, join(join(path, "moves"), i))
            for i, item in enumerate(array(found["moves"], join(path, "moves")))
        ],
        names=[_codec.text(name, join(join(path, "names"), i)) for i, name in enumerate(names)],
    )
    final_state(record)  # raises ReplayError at the first illegal move
    return record


_READERS: dict[str, Callable[[object, str], Document]] = {
    "rules": read_rules,
    "state": read_state,
    "move": lambda data, path: read_move(fields(data, path, ("move",))["move"], join(path, "move")),
    "view": read_view,
    "outcome": read_outcome,
    "record": read_record,
}


_FORMAT: DocumentFormat[Document] = DocumentFormat(
    version=FORMAT_VERSION,
    encode=_body,
    readers=_READERS,
    schema=("skipbo.games.skyjo", "schemas/skyjo.schema.json"),
    title="Skyjo",
    label="Skyjo document type",
    error_type=DataError,
    game="skyjo",
    aliases=OLD_KINDS,
    legacy=frozenset(OLD_KINDS),
)


@overload
def from_data(data: object, kind: Literal["rules"]) -> Rules: ...
@overload
def from_data(data: object, kind: Literal["state"]) -> GameState: ...
@overload
def from_data(data: object, kind: Literal["move"]) -> Move: ...
@overload
def from_data(data: object, kind: Literal["view"]) -> PublicView: ...
@overload
def from_data(data: object, kind: Literal["outcome"]) -> Outcome: ...
@overload
def from_data(data: object, kind: Literal["record"]) -> GameRecord: ...
@overload
def from_data(data: object, kind: None = None) -> Document: ...


def from_data(data: object, kind: Kind | None = None) -> Document:
    """Load a document (a dict as ``json.loads`` returns it), checking everything.

    Raises:
        DataError: if ``data`` is not a valid document (of that ``kind``).
        ReplayError: if ``data`` is a record with an illegal move.

    """
    return _FORMAT.from_data(data, kind)


@overload
def loads(text: str | bytes, kind: Literal["rules"]) -> Rules: ...
@overload
def loads(text: str | bytes, kind: Literal["state"]) -> GameState: ...
@overload
def loads(text: str | bytes, kind: Literal["move"]) -> Move: ...
@overload
def loads(text: str | bytes, kind: Literal["view"]) -> PublicView: ...
@overload
def loads(text: str | bytes, kind: Literal["outcome"]) -> Outcome: ...
@overload
def loads(text: str | bytes, kind: Literal["record"]) -> GameRecord: ...
@overload
def loads(text: str | bytes, kind: None = None) -> Document: ...


def loads(text: str | bytes, kind: Kind | None = None) -> Document:
    """Load a document from JSON text, checking everything (see :func:`from_data`).

    Raises:
        DataError: if ``text`` is not strict JSON or not a valid document.
        ReplayError: if the text is a record with an illegal move.

    """
    return _FORMAT.loads(text, kind)


def json_schema(kind: Kind | None = None) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the documents of ``kind``, or of any document.

    >>> json_schema("state")["$ref"]
    '#/$defs/state-document'
    """
    return _FORMAT.json_schema(kind)
