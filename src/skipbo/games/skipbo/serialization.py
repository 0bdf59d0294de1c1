"""Versioned JSON for rules, states, moves, views, outcomes and game records.

Every value becomes a *document*: a JSON object with a ``"type"`` (``"rules"``,
``"state"``, ``"move"``, ``"view"``, ``"outcome"`` or ``"record"``, the same types as
Skyjo's), the ``"game"`` (``"skipbo"``), the format ``"version"``
(:data:`FORMAT_VERSION`) and the value's fields. (Documents written without the
``"game"`` field, before it was added, load as they did.) Cards are integers
(``0`` is the wild), piles are arrays with the top at the end, a move is a string
in the move notation (``"h5>b0"``). The round trip is lossless:

>>> import skipbo
>>> state = skipbo.new_game(skipbo.Rules(players=2), seed=7)
>>> text = dumps(skipbo.view(state, 0))
>>> loads(text, "view") == skipbo.view(state, 0)
True
>>> to_data(skipbo.parse_move("hW>b2"))
{'type': 'move', 'game': 'skipbo', 'version': 1, 'move': 'hW>b2'}

Loading is for untrusted input. :func:`loads` and :func:`from_data` check every
field, type and range, the cards against the deck, and the whole against the
rules (a state must pass :func:`skipbo.check_invariants`; a view must be the view
of some valid state; a record's moves must all be legal). Anything else raises
:class:`~skipbo.DataError` (an :class:`~skipbo.InvalidStateError`) whose ``path``
is the JSON pointer of the problem:

>>> loads('{"type": "move", "version": 1, "move": "h13x"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
skipbo.errors.DataError: /move: not a move: 'h13x' (expected e.g. h5>b0, ...)
>>> state_text = dumps(state).replace('"hands":[[', '"hands":[[1,')
>>> loads(state_text, "state")
Traceback (most recent call last):
...
skipbo.errors.DataError: /hands/0: hand 0 holds 6 cards, the hand size is 5

:func:`json_schema` gives the JSON Schema (draft 2020-12) of the documents, shipped
in the package as ``skipbo/games/skipbo/schemas/skipbo.schema.json`` for frontends in other
languages. The schema checks the shape of a document; the loader also checks the
rules of the game.

States pickle as well (for ``multiprocessing``); unlike JSON, a pickle must
come from a trusted source.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypeAlias, overload

from skipbo.common import strictjson
from skipbo.common.documents import DocumentFormat
from skipbo.common.naming import type_name
from skipbo.games.skipbo import codec as _codec
from skipbo.games.skipbo.moves import (
    Discard,
    Move,
    Pass,
    PlayFromDiscard,
    PlayFromHand,
    PlayFromStock,
)
from skipbo.games.skipbo.records import GameRecord, read_record, record_data
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.state import GameState, Outcome
from skipbo.games.skipbo.views import PlayerView

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
"""The version of the document format, in every document's ``"version"`` field."""

LIMITS = _codec.LIMITS
"""Upper bounds on loaded rules (``copies``, ``wilds``, ``highest`` of the deck,
``hand_size``, ``build_piles``, ``discard_piles``), far above any real variant, so
that hostile input cannot make the engine allocate without bound. The schema
states the same bounds."""

Kind: TypeAlias = Literal["rules", "state", "move", "view", "outcome", "record"]
"""The ``"type"`` of a document."""

Document: TypeAlias = Rules | GameState | Move | PlayerView | Outcome | GameRecord
"""A value that has a document form."""

_READERS: dict[str, Callable[[object, str], Document]] = {
    "rules": _codec.read_rules,
    "state": _codec.read_state,
    "move": lambda data, path: _codec.move(
        strictjson.fields(data, path, ("move",))["move"], strictjson.join(path, "move")
    ),
    "view": _codec.read_view,
    "outcome": _codec.read_outcome,
    "record": read_record,
}


def _body(value: Document) -> tuple[Kind, dict[str, Any]]:
    match value:
        case Rules():
            return "rules", _codec.rules_data(value)
        case GameState():
            return "state", _codec.state_data(value)
        case PlayerView():
            return "view", _codec.view_data(value)
        case Outcome():
            return "outcome", _codec.outcome_body(value)
        case GameRecord():
            return "record", record_data(value)
        case PlayFromHand() | PlayFromStock() | PlayFromDiscard() | Discard() | Pass():
            return "move", {"move": str(value)}
    raise TypeError(f"no document form for {type_name(value)}")


_FORMAT: DocumentFormat[Document] = DocumentFormat(
    version=FORMAT_VERSION,
    encode=_body,
    readers=_READERS,
    schema=("skipbo.games.skipbo", "schemas/skipbo.schema.json"),
    title="skipbo",
    game="skipbo",
    legacy=frozenset(_READERS),
)


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
    """The document of ``value`` as JSON text (compact unless ``indent`` is given).

    Raises:
        TypeError: if ``value`` has no document form.

    """
    return _FORMAT.dumps(value, indent=indent)


@overload
def from_data(data: object, kind: Literal["rules"]) -> Rules: ...
@overload
def from_data(data: object, kind: Literal["state"]) -> GameState: ...
@overload
def from_data(data: object, kind: Literal["move"]) -> Move: ...
@overload
def from_data(data: object, kind: Literal["view"]) -> PlayerView: ...
@overload
def from_data(data: object, kind: Literal["outcome"]) -> Outcome: ...
@overload
def from_data(data: object, kind: Literal["record"]) -> GameRecord: ...
@overload
def from_data(data: object, kind: None = None) -> Document: ...


def from_data(data: object, kind: Kind | None = None) -> Document:
    """Load a document (a dict as ``json.loads`` returns it), checking everything.

    Args:
        data: The untrusted document.
        kind: The ``"type"`` the document must have; ``None`` accepts any.

    Raises:
        DataError: if ``data`` is not a valid document (of that ``kind``); ``path``
            says where.
        skipbo.ReplayError: if ``data`` is a record with an illegal move.

    """
    return _FORMAT.from_data(data, kind)


@overload
def loads(text: str | bytes, kind: Literal["rules"]) -> Rules: ...
@overload
def loads(text: str | bytes, kind: Literal["state"]) -> GameState: ...
@overload
def loads(text: str | bytes, kind: Literal["move"]) -> Move: ...
@overload
def loads(text: str | bytes, kind: Literal["view"]) -> PlayerView: ...
@overload
def loads(text: str | bytes, kind: Literal["outcome"]) -> Outcome: ...
@overload
def loads(text: str | bytes, kind: Literal["record"]) -> GameRecord: ...
@overload
def loads(text: str | bytes, kind: None = None) -> Document: ...


def loads(text: str | bytes, kind: Kind | None = None) -> Document:
    """Load a document from JSON text, checking everything (see :func:`from_data`).

    Raises:
        DataError: if ``text`` is not JSON (repeated keys, ``NaN`` and ``Infinity``
            are not accepted) or not a valid document (of that ``kind``).
        skipbo.ReplayError: if the text is a record with an illegal move.

    """
    return _FORMAT.loads(text, kind)


def json_schema(kind: Kind | None = None) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the documents of ``kind``, or of any document.

    The result is a fresh copy, self-contained (every definition is included).

    >>> json_schema("state")["$ref"]
    '#/$defs/state-document'

    Raises:
        ValueError: if ``kind`` is not a document type.

    """
    return _FORMAT.json_schema(kind)
