"""Tables in one SQLite file: the storage of a server of one process."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

from skipbo.web.storage.base import Event, StoredTable, VersionConflict

__all__ = ["SQLiteStorage"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    rules TEXT NOT NULL,
    seed TEXT NOT NULL,
    target INTEGER NOT NULL,
    seats TEXT NOT NULL,
    token_hashes TEXT NOT NULL
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

    def create(self, table: StoredTable) -> None:
        """Store a new table (no events)."""
        with self._lock, self._db:
            self._db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?)",
                (
                    table.table,
                    table.rules,
                    str(table.seed),  # 64-bit seeds overflow SQLite's signed integers
                    table.target,
                    json.dumps(table.seats),
                    json.dumps(table.token_hashes),
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
                "SELECT id, rules, seed, target, seats, token_hashes FROM tables WHERE id = ?",
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
