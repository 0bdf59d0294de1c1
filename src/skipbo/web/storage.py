"""Durable tables: every accepted event is stored before it is acknowledged.

A table is stored as its creation row (game, rules, match seed, target, seats) and its
*events* in order: each accepted move in its game's move notation, ``"next"`` for the
deal of the next game of the match, and ``"name <name>"`` when a person names their
seat. Replaying the events from the row gives the
table back exactly, so the event log is the only state a server keeps.

:class:`Storage` is the interface the server uses; :class:`SQLiteStorage`
implements it with the standard library's ``sqlite3`` in one file in WAL mode.
A PostgreSQL backend would implement the same five methods (see the how-to,
"Several server processes").
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Protocol

import attrs

__all__ = ["Event", "SQLiteStorage", "Storage", "StoredTable", "VersionConflict"]

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
    game: str = "skipbo"
    """The game's :attr:`~skipbo.common.gameinfo.GameType.short_name` (``"skyjo"``);
    tables stored before there were two games are Skip-Bo's."""


@attrs.frozen(slots=True)
class Event:
    """One stored event of a table."""

    version: int
    """The table version the event was accepted at (the count of earlier events)."""
    seat: int
    """The seat that made it."""
    event: str
    """A move in the move notation, ``"next"``, or ``"name <name>"``."""


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


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    rules TEXT NOT NULL,
    seed TEXT NOT NULL,
    target INTEGER NOT NULL,
    seats TEXT NOT NULL,
    token_hashes TEXT NOT NULL,
    game TEXT NOT NULL DEFAULT 'skipbo'
);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables(id),
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (table_id, version)
);
"""


class SQLiteStorage:
    """Tables in one SQLite file, in WAL mode, each event committed before it returns.

    With ``sync="full"`` (the default) each commit waits for the disk (an fsync),
    so an acknowledged move survives a power cut; with ``"normal"`` it survives a
    killed server process but not a power cut, and commits are much faster (WAL
    mode syncs at checkpoints only). The primary key ``(table, version)`` lets at
    most one event hold each version, so a duplicated write can never store a move
    twice.

    Raises:
        ValueError: if ``sync`` is neither ``"full"`` nor ``"normal"``.

    """

    def __init__(self, path: str | Path, *, sync: str = "full") -> None:
        if sync not in ("full", "normal"):
            raise ValueError(f"sync must be 'full' or 'normal', got {sync!r}")
        # One connection, used from the server's event loop (and from test threads,
        # hence the lock and check_same_thread=False).
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={sync.upper()}")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
            if "game" not in columns:  # a file written before Skyjo tables existed
                self._db.execute(
                    "ALTER TABLE tables ADD COLUMN game TEXT NOT NULL DEFAULT 'skipbo'"
                )

    def create(self, table: StoredTable) -> None:
        """Store a new table (no events)."""
        with self._lock, self._db:
            self._db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    table.table,
                    table.rules,
                    str(table.seed),  # 64-bit seeds overflow SQLite's signed integers
                    table.target,
                    json.dumps(table.seats),
                    json.dumps(table.token_hashes),
                    table.game,
                ),
            )

    def append(self, table: str, event: Event) -> None:
        """Store ``event`` durably; raises :class:`VersionConflict` if its version is taken."""
        try:
            with self._lock, self._db:
                self._db.execute(
                    "INSERT INTO events VALUES (?, ?, ?, ?)",
                    (table, event.version, event.seat, event.event),
                )
        except sqlite3.IntegrityError as error:
            raise VersionConflict(f"table {table}: version {event.version} is taken") from error

    def load(self, table: str) -> tuple[StoredTable, list[Event]] | None:
        """A table's row and its events in order, or ``None`` if there is no such table."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, rules, seed, target, seats, token_hashes, game FROM tables"
                " WHERE id = ?",
                (table,),
            ).fetchone()
            if row is None:
                return None
            events = self._db.execute(
                "SELECT version, seat, event FROM events WHERE table_id = ? ORDER BY version",
                (table,),
            ).fetchall()
        stored = StoredTable(
            table=row[0],
            rules=row[1],
            seed=int(row[2]),
            target=row[3],
            seats=tuple(json.loads(row[4])),
            token_hashes=tuple(json.loads(row[5])),
            game=row[6],
        )
        return stored, [Event(*values) for values in events]

    def tables(self) -> Iterator[str]:
        """Every stored table's identifier."""
        with self._lock:
            rows: Sequence[tuple[str]] = self._db.execute("SELECT id FROM tables").fetchall()
        return iter([row[0] for row in rows])

    def close(self) -> None:
        """Close the database file."""
        with self._lock:
            self._db.close()
