"""Reading the files the subcommands take: JSON documents and game records."""

from __future__ import annotations

import sys
from pathlib import Path

import skipbo.games
from skipbo import GameRecord, SkipBoError, skyjo
from skipbo.cli.errors import UsageError
from skipbo.common.naming import type_name
from skipbo.games.skipbo.serialization import Document
from skipbo.games.skyjo import serialization as skyjo_serialization

__all__ = ["read_document", "read_record", "write_text"]

MAX_BYTES = 16 * 1024 * 1024
"""The largest file read: far above any real game, so a wrong file fails fast."""


def _read(name: str) -> str:
    """The text of file ``name`` (``-``: standard input)."""
    if name == "-":
        return sys.stdin.read(MAX_BYTES + 1)
    with Path(name).open(encoding="utf-8") as file:
        return file.read(MAX_BYTES + 1)


def read_document(name: str) -> Document | skyjo_serialization.Document:
    """The value in file ``name``: a JSON document of any game, or a record in its text form.

    The game is the document's (:func:`skipbo.games.load`).

    Raises:
        OSError: if the file cannot be read.
        UsageError: if it is not UTF-8 text, too large or no valid document (the
            message names the file and, for a document, the place of the problem).

    """
    try:
        text = _read(name)
        if len(text) > MAX_BYTES:
            raise UsageError(f"{name}: larger than {MAX_BYTES} bytes")
        value = skipbo.games.load(text).value
        assert isinstance(value, Document | skyjo_serialization.Document)  # the built-in games
        return value
    except UnicodeDecodeError:
        raise UsageError(f"{name}: not UTF-8 text") from None
    except SkipBoError as error:  # DataError (with its JSON pointer) or ReplayError
        raise UsageError(f"{name}: {error}") from error


def read_record(name: str) -> GameRecord | skyjo.GameRecord:
    """The game record in file ``name`` (text form or JSON), of either game."""
    document = read_document(name)
    if not isinstance(document, GameRecord | skyjo.GameRecord):
        raise UsageError(f"{name} holds a {type_name(document)}, not a game record")
    return document


def write_text(name: str, text: str) -> None:
    """Write ``text`` to file ``name`` (``-``: standard output), as UTF-8."""
    if name == "-":
        sys.stdout.write(text)
        return
    Path(name).write_text(text, encoding="utf-8")
