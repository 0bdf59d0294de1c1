"""The storage interface: tables, their events and the errors of storing them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

import attrs

__all__ = ["NEXT_GAME", "Event", "Storage", "StoredTable", "VersionConflict"]

NEXT_GAME = "next"
"""The event that deals the next game of the match (no move is written ``next``)."""


class VersionConflict(Exception):
    """An event was stored for a version that another event already holds.

    Only one writer can win a version: a second server process (or a bug) that
    tries to store an event for the same table and version gets this error and
    must reload the table.
    """


@attrs.frozen(slots=True)
class StoredTable:
    """The creation row of a table: everything needed to replay its events."""

    table: str
    """The table's public identifier (in its URL)."""
    rules: str
    """The rules, as a ``"rules"`` document (JSON text)."""
    seed: int
    """The match seed: the referee's secret until a game's record is released."""
    target: int
    """The match target score (R-SCORE-3)."""
    seats: tuple[str, ...]
    """Per seat: a bot's name, or ``"human"``."""
    token_hashes: tuple[str, ...]
    """Per seat: the SHA-256 of the seat's secret token (``""`` for a bot)."""


@attrs.frozen(slots=True)
class Event:
    """One stored event of a table."""

    version: int
    """The table version the event was accepted at (the count of earlier events)."""
    seat: int
    """The seat that made it."""
    event: str
    """A move in the move notation, or ``"next"``."""


class Storage(Protocol):
    """Where tables and their events are kept (implemented by :class:`SQLiteStorage`)."""

    def create(self, table: StoredTable) -> None:
        """Store a new table (no events)."""
        ...

    def append(self, table: str, event: Event) -> None:
        """Store ``event`` durably; raises :class:`VersionConflict` if its version is taken."""
        ...

    def load(self, table: str) -> tuple[StoredTable, list[Event]] | None:
        """A table's row and its events in order, or ``None`` if there is no such table."""
        ...

    def tables(self) -> Iterator[str]:
        """Every stored table's identifier."""
        ...

    def close(self) -> None:
        """Release the storage."""
        ...
