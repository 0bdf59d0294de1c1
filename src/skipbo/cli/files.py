"""Reading the files the subcommands take: JSON documents and game records."""

from __future__ import annotations

import sys
from pathlib import Path

from skipbo import GameRecord
from skipbo.io.records import TEXT_FORMAT, parse_record
from skipbo.io.serialization import Document, loads

__all__ = ["read_document", "read_record"]

MAX_BYTES = 16 * 1024 * 1024
"""The largest file read: far above any real game, so a wrong file fails fast."""


def _read(name: str) -> str:
    """The text of file ``name`` (``-``: standard input)."""
    if name == "-":
        return sys.stdin.read(MAX_BYTES + 1)
    with Path(name).open(encoding="utf-8") as file:
        return file.read(MAX_BYTES + 1)


def read_document(name: str) -> Document:
    """The value in file ``name``: a JSON document, or a record in its text form.

    Raises:
        OSError: if the file cannot be read.
        ValueError: if it is not UTF-8 text or too large.
        DataError, ReplayError: if it holds no valid document.

    """
    text = _read(name)
    if len(text) > MAX_BYTES:
        raise ValueError(f"{name}: larger than {MAX_BYTES} bytes")
    if text.lstrip().startswith(TEXT_FORMAT.split()[0]):
        return parse_record(text)
    return loads(text)


def read_record(name: str) -> GameRecord:
    """The game record in file ``name`` (text form or JSON)."""
    document = read_document(name)
    if not isinstance(document, GameRecord):
        raise ValueError(f"{name} holds a {type(document).__name__}, not a game record")
    return document
