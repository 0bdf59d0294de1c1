"""Strict reading of untrusted JSON: every type, range and field name checked.

Game-agnostic: the readers know JSON values and JSON pointers (RFC 6901), not
cards or piles. Each raises :class:`~skipbo.DataError` naming the pointer of the
first problem, so the codecs of every game built on them report bad input the same
way.

>>> integer(7, "/turn", 1)
7
>>> integer(True, "/turn", 1)
Traceback (most recent call last):
...
skipbo.errors.DataError: /turn: must be an integer, got a boolean
>>> join("/hands", 1), join("", "a/b")
('/hands/1', '/a~1b')
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import NoReturn, TypeVar

from skipbo.errors import DataError

__all__ = [
    "MAX_ECHO",
    "MAX_INTEGER_BITS",
    "MAX_TEXT",
    "array",
    "echo",
    "fail",
    "fields",
    "integer",
    "join",
    "kind_of",
    "optional",
    "parse_json",
    "text",
]

T = TypeVar("T")

MAX_ECHO = 60
"""The most characters of a bad value an error message repeats (a megabyte of input
must not make a megabyte of message)."""

MAX_INTEGER_BITS = 64
"""The largest integer read, in bits: every count, index and seed fits. Larger ones
are refused before anything is built from them (Python cannot even print integers
of more than 4,300 digits without a special setting)."""

MAX_TEXT = 1_000
"""The longest string a field holds (a move, a name, a tag)."""


def echo(value: object) -> str:
    """``value`` as an error message repeats it: its ``repr``, cut to :data:`MAX_ECHO`.

    >>> echo("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (102 characters)"
    >>> echo(10**5000), echo([1, 2])
    ('an integer of 16610 bits', 'an array')
    """
    if type(value) is int and value.bit_length() > MAX_INTEGER_BITS:
        return f"an integer of {value.bit_length()} bits"
    if type(value) not in (str, int, float, bool, type(None)):
        return kind_of(value)
    shown = repr(value)
    if len(shown) > MAX_ECHO:
        return f"{shown[: MAX_ECHO - 1]}... ({len(shown)} characters)"
    return shown


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise ValueError("an object has a repeated key")
    return found


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def parse_json(data: object, path: str = "") -> object:
    """Parse JSON text strictly: no repeated keys, no NaN or Infinity."""
    if type(data) is not str and type(data) is not bytes:
        fail(path, f"JSON must be given as str or bytes, got {type(data).__name__}")
    try:
        return json.loads(data, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, UnicodeDecodeError
        fail(path, f"not JSON: {error}")


def fail(path: str, reason: str) -> NoReturn:
    """Reject the data: raise :class:`~skipbo.DataError` at ``path``."""
    raise DataError(path, reason)


def join(path: str, key: str | int) -> str:
    """The JSON pointer of ``key`` below ``path`` (RFC 6901 escaping)."""
    return f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"


def fields(
    data: object, path: str, names: tuple[str, ...], optional_names: tuple[str, ...] = ()
) -> dict[str, object]:
    """``data`` as an object with exactly the fields ``names``, and any of ``optional_names``.

    >>> fields({"a": 1}, "", ("a",), ("b",))
    {'a': 1}
    """
    if type(data) is not dict:
        fail(path, f"must be an object, got {kind_of(data)}")
    for key in data:
        if type(key) is not str or (key not in names and key not in optional_names):
            fail(join(path, echo(key) if type(key) is not str else key[:MAX_ECHO]), "unknown field")
    for name in names:
        if name not in data:
            fail(join(path, name), "missing field")
    return data


def kind_of(value: object) -> str:
    """What a JSON value is, for messages ("an array", "null", ..)."""
    names: dict[type, str] = {
        dict: "an object",
        list: "an array",
        tuple: "an array",
        str: "a string",
    }
    if value is None:
        return "null"
    if type(value) is bool:
        return "a boolean"
    if type(value) is int:
        return "an integer"
    if type(value) is float:
        return "a number with a fraction"
    return names.get(type(value), type(value).__name__)


def array(data: object, path: str, length: int | None = None) -> list[object] | tuple[object, ...]:
    """``data`` as an array (of ``length`` items when given)."""
    if type(data) is not list and type(data) is not tuple:
        fail(path, f"must be an array, got {kind_of(data)}")
    if length is not None and len(data) != length:
        fail(path, f"must hold {length} entries, holds {len(data)}")
    return data


def integer(data: object, path: str, low: int | None = 0, high: int | None = None) -> int:
    """``data`` as an integer in ``low .. high`` (a boolean is not an integer)."""
    if type(data) is not int:
        fail(path, f"must be an integer, got {kind_of(data)}")
    if (low is not None and data < low) or (high is not None and data > high):
        bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
        fail(path, f"must be {bounds}, got {echo(data)}")
    if data.bit_length() > MAX_INTEGER_BITS:
        fail(path, f"must be an integer of at most {MAX_INTEGER_BITS} bits, got {echo(data)}")
    return data


def text(data: object, path: str, limit: int = MAX_TEXT) -> str:
    """``data`` as a string of at most ``limit`` characters."""
    if type(data) is not str:
        fail(path, f"must be a string, got {kind_of(data)}")
    if len(data) > limit:
        fail(path, f"must be at most {limit} characters, got {len(data)}")
    return data


def optional(data: object, path: str, read: Callable[[object, str], T]) -> T | None:
    """``None`` for JSON null, else ``read(data, path)``."""
    return None if data is None else read(data, path)
