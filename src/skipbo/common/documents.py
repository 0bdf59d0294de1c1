"""The versioned JSON document envelope every game's serialization shares.

A *document* is a JSON object with a ``"type"`` (which value it holds: the same
types in every game), the ``"game"`` it belongs to, the format ``"version"`` and the
value's fields. Documents written before the ``"game"`` field was added still load:
a document without it is read by the game whose types of that time (its
``legacy`` types, such as Skyjo's ``"skyjo-view"``) include its type.

A game describes its documents once, as a :class:`DocumentFormat`: its encoder (a
value to its type and fields), a reader per type, the version and the JSON Schema it
ships. The format then writes documents and loads untrusted ones strictly, with the
same checks and messages for every game: a document must be an object, of a known
type (the one asked for, if any) and of the version this library reads; every
problem raises the game's ``DataError`` with the JSON pointer of the problem
(:mod:`skipbo.common.strictjson`).

>>> from skipbo.common import strictjson
>>> NOTES = DocumentFormat(
...     version=1,
...     encode=lambda value: ("note", {"text": value}),
...     readers={"note": lambda data, path: strictjson.fields(data, path, ("text",))["text"]},
...     schema=("skipbo.games.skipbo", "schemas/skipbo.schema.json"),
...     title="notes",
... )
>>> NOTES.dumps("hi")
'{"type":"note","version":1,"text":"hi"}'
>>> NOTES.loads('{"type": "note", "version": 2, "text": "hi"}')
Traceback (most recent call last):
...
skipbo.errors.DataError: /version: this library reads version 1, got 2
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from importlib import resources
from typing import Any, Generic, TypeVar

import attrs

from skipbo import errors
from skipbo.common import strictjson

__all__ = ["DocumentFormat", "raising"]

T = TypeVar("T")


@contextmanager
def raising(error_type: type[errors.DataError]) -> Iterator[None]:
    """Turn the shared :class:`~skipbo.DataError` raised inside into ``error_type``.

    The strict-JSON readers raise the library's ``DataError``; a game whose callers
    catch its own subclass (``skipbo.skyjo.DataError``) reads inside this.

    Raises:
        DataError: ``error_type`` with the same ``path`` and ``reason``.

    """
    try:
        yield
    except error_type:
        raise
    except errors.DataError as error:
        raise error_type(error.path, error.reason) from None


@cache
def _schema(package: str, path: str) -> dict[str, Any]:
    source = resources.files(package).joinpath(*path.split("/"))
    loaded: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return loaded


@attrs.frozen(kw_only=True)
class DocumentFormat(Generic[T]):
    """A game's documents: how its values are written, read and described.

    ``T`` is the union of the game's values that have a document form.
    """

    version: int
    """The version of the format, in every document's ``"version"`` field."""

    encode: Callable[[T], tuple[str, dict[str, Any]]]
    """A value's document type and fields; raises ``TypeError`` for a value of none."""

    readers: Mapping[str, Callable[[object, str], T]]
    """A reader for each document type: from the document's fields (a dict) and the JSON
    pointer of the document, a checked value."""

    schema: tuple[str, str]
    """The package and the ``/``-separated path of the JSON Schema file it ships."""

    title: str
    """The name that schema titles give the documents (``"skipbo"``, ``"Skyjo"``)."""

    label: str = "document type"
    """How messages name a document type (``"Skyjo document type"``)."""

    error_type: type[errors.DataError] = errors.DataError
    """The ``DataError`` (sub)class that loading raises."""

    game: str | None = None
    """The game's name, written in every document's ``"game"`` field (``None``: none)."""

    aliases: Mapping[str, str] = attrs.field(factory=dict)
    """Older names of document types, each to its type (``"skyjo-view"``: ``"view"``);
    documents and ``kind`` arguments with an older name still load."""

    legacy: frozenset[str] = frozenset()
    """The ``"type"`` values a document without a ``"game"`` field may have and still be
    this game's (the documents written before the field was added)."""

    def claims(self, data: object) -> bool:
        """Whether ``data`` is (meant as) a document of this game, going by its envelope.

        A document names its game; one written before documents named their game is
        claimed by the game whose types of that time include its ``"type"``.
        """
        if type(data) is not dict:
            return False
        if "game" in data:
            return self.game is not None and data["game"] == self.game
        return data.get("type") in self.legacy

    def to_data(self, value: T) -> dict[str, Any]:
        """The document of ``value``: a dict of JSON-compatible values.

        Raises:
            TypeError: if ``value`` has no document form.

        """
        kind, body = self.encode(value)
        if self.game is None:
            return {"type": kind, "version": self.version, **body}
        return {"type": kind, "game": self.game, "version": self.version, **body}

    def dumps(self, value: T, *, indent: int | None = None) -> str:
        """The document of ``value`` as JSON text (compact unless ``indent`` is given)."""
        separators = (",", ":") if indent is None else None
        return json.dumps(
            self.to_data(value), indent=indent, separators=separators, allow_nan=False
        )

    def from_data(self, data: object, kind: str | None = None) -> T:
        """Load a document (a dict as ``json.loads`` returns it), checking everything.

        Raises:
            DataError: (:attr:`error_type`) if ``data`` is not a valid document (of that
                ``kind``); ``path`` says where.
            skipbo.errors.ArgumentTypeError: if ``kind`` is neither ``None`` nor a str.
            ValueError: if ``kind`` is no document type (a programming error).

        """
        with raising(self.error_type):
            if type(data) is not dict:
                strictjson.fail("", f"a document must be an object, got {strictjson.kind_of(data)}")
            self._check_kind(kind)
            kind = self.aliases.get(kind, kind) if type(kind) is str else kind
            if "type" not in data:
                strictjson.fail("/type", "missing field")
            found = data["type"]
            if type(found) is str:
                found = self.aliases.get(found, found)
            if type(found) is not str or found not in self.readers:
                choices = ", ".join(map(repr, self.readers))
                strictjson.fail("/type", f"must be one of {choices}, got {strictjson.echo(found)}")
            if kind is not None and found != kind:
                strictjson.fail("/type", f"must be {kind!r}, got {strictjson.echo(found)}")
            if "version" not in data:
                strictjson.fail("/version", "missing field")
            version = data["version"]
            if type(version) is not int or version != self.version:
                strictjson.fail(
                    "/version",
                    f"this library reads version {self.version}, got {strictjson.echo(version)}",
                )
            if "game" in data and (self.game is None or data["game"] != self.game):
                strictjson.fail(
                    "/game",
                    f"must be {self.game!r}, got {strictjson.echo(data['game'])}"
                    if self.game is not None
                    else "unexpected field",
                )
            envelope = ("type", "game", "version")
            body = {key: value for key, value in data.items() if key not in envelope}
            return self.readers[found](body, "")

    def loads(self, text: str | bytes, kind: str | None = None) -> T:
        """Load a document from JSON text, checking everything (see :meth:`from_data`).

        Raises:
            DataError: (:attr:`error_type`) if ``text`` is not JSON (repeated keys,
                ``NaN`` and ``Infinity`` are not accepted) or not a valid document.

        """
        with raising(self.error_type):
            parsed = strictjson.parse_json(text)
        return self.from_data(parsed, kind)

    def json_schema(self, kind: str | None = None) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of the documents of ``kind``, or of any document.

        The result is a fresh copy, self-contained (every definition is included).

        Raises:
            ValueError: if ``kind`` is not a document type.

        """
        schema = copy.deepcopy(_schema(*self.schema))
        if kind is None:
            return schema
        kind = self.aliases.get(kind, kind)
        if kind not in self.readers:
            raise ValueError(f"no {self.label} {kind!r}")
        return {
            "$schema": schema["$schema"],
            "title": f"{self.title} {kind} document, format version {self.version}",
            "$ref": f"#/$defs/{kind}-document",
            "$defs": schema["$defs"],
        }

    def _check_kind(self, kind: object) -> None:
        # A programming error, not bad data.
        if type(kind) is str:
            kind = self.aliases.get(kind, kind)
        if kind is not None and (type(kind) is not str or kind not in self.readers):
            choices = ", ".join(map(repr, self.readers))
            if type(kind) is not str:
                raise errors.ArgumentTypeError(
                    f"kind must be None or one of {choices}, not {type(kind).__name__}"
                )
            raise ValueError(f"no {self.label} {kind!r}: kind must be None or one of {choices}")
