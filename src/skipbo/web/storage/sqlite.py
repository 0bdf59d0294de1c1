"""Tables in one SQLite file: the storage of a server of one process."""

from __future__ import annotations

import os
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from skipbo.web.storage.base import (
    COLUMNS,
    Changed,
    Event,
    StorageLocked,
    StoredTable,
    TableListing,
    VersionConflict,
    stored_table,
    table_row,
)

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

_ADDED = {
    # Added after the first release: files made before get them on opening.
    "game": "TEXT NOT NULL DEFAULT 'skipbo'",  # tables from before Skyjo are Skip-Bo's
    "updated": "REAL NOT NULL DEFAULT 0",
    "finished": "INTEGER NOT NULL DEFAULT 0",
    "expired": "INTEGER NOT NULL DEFAULT 0",
    "options": "TEXT NOT NULL DEFAULT '{}'",  # tables from before options have none
}


def _lock(path: str | Path) -> int | None:
    """Lock ``path``'s lock file for this process's lifetime, or raise :class:`StorageLocked`.

    Two processes on one file never fork a table (the primary key refuses the
    second write) but the loser never learns of the winner's events: its tables
    froze for good (W5). The kernel drops the lock when the process dies, even by
    ``kill -9``, so a restarted server is never locked out by its dead self.
    """
    if str(path) == ":memory:" or sys.platform == "win32":
        return None
    import fcntl  # POSIX only

    lock = f"{path}.lock"
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise StorageLocked(
            f"another process already serves tables from {path} (it holds {lock}); "
            "an SQLite file serves one process: stop the other, or run several processes "
            "on PostgreSQL (--database postgresql://...)"
        ) from None
    return fd


class SQLiteStorage(TableListing):
    """Tables in one SQLite file, in WAL mode, each event committed before it returns.

    With ``sync="full"`` (the default) each commit waits for the disk (an fsync),
    so an acknowledged move survives a power cut; with ``"normal"`` it survives a
    killed server process but not a power cut, and commits are much faster (WAL
    mode syncs at checkpoints only). The primary key ``(table, version)`` lets at
    most one event hold each version, so a duplicated write can never store a move
    twice. One process at a time may open a file (a second one gets
    :class:`~skipbo.web.storage.base.StorageLocked`), so this process's tables are
    the only copies and its bots the only drivers. ``clock`` gives the time each
    change is stamped with (tests move it).

    Raises:
        ValueError: if ``sync`` is neither ``"full"`` nor ``"normal"``.
        StorageLocked: if another process has the file open as a storage.

    """

    def __init__(
        self, path: str | Path, *, sync: str = "full", clock: Callable[[], float] = time.time
    ) -> None:
        if sync not in ("full", "normal"):
            raise ValueError(f"sync must be 'full' or 'normal', got {sync!r}")
        self._clock = clock
        self._lock_fd = _lock(path)
        # One connection, used from the server's event loop (and from test threads,
        # hence the lock and check_same_thread=False).
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={sync.upper()}")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
            have = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
            with self._db:
                for column, kind in _ADDED.items():
                    if column not in have:
                        self._db.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")
                # Tables of an older file count as changed now, not in 1970.
                self._db.execute("UPDATE tables SET updated = ? WHERE updated = 0", (clock(),))

    def create(self, table: StoredTable) -> None:
        """Store a new table (no events)."""
        with self._lock, self._db:
            self._db.execute(
                f"INSERT INTO tables ({COLUMNS}, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (*table_row(table), self._clock()),
            )

    def append(self, table: str, event: Event, *, finished: bool = False) -> None:
        """Store ``event`` durably, ``finished`` if it ends the table's match.

        Raises:
            VersionConflict: if another event holds its version (nothing is stored).

        """
        try:
            with self._lock, self._db:
                self._db.execute(
                    "INSERT INTO events VALUES (?, ?, ?, ?)",
                    (table, event.version, event.seat, event.event),
                )
                self._db.execute(
                    "UPDATE tables SET updated = ?, finished = ? WHERE id = ?",
                    (self._clock(), int(finished), table),
                )
        except sqlite3.IntegrityError as error:
            raise VersionConflict(f"table {table}: version {event.version} is taken") from error

    def load(self, table: str) -> tuple[StoredTable, list[Event]] | None:
        """A table's row and its events in order; ``None`` for no such (or an expired) table."""
        with self._lock:
            row = self._db.execute(
                f"SELECT {COLUMNS} FROM tables WHERE id = ? AND NOT expired", (table,)
            ).fetchone()
        if row is None:
            return None
        return stored_table(row), self.events(table, 0)

    def events(self, table: str, since: int) -> list[Event]:
        """A table's events from version ``since`` on, in order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT version, seat, event FROM events"
                " WHERE table_id = ? AND version >= ? ORDER BY version",
                (table, since),
            ).fetchall()
        return [Event(*values) for values in rows]

    def _ids(self, where: str) -> Iterator[str]:
        with self._lock:
            rows = self._db.execute(f"SELECT id FROM tables WHERE {where}").fetchall()
        return iter([row[0] for row in rows])

    def expirable(self, *, finished_before: float, idle_before: float) -> list[str]:
        """Unexpired tables finished before, or last changed before, these times (epoch s)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id FROM tables WHERE NOT expired"
                " AND ((finished AND updated < ?) OR updated < ?)",
                (finished_before, idle_before),
            ).fetchall()
        return [row[0] for row in rows]

    def expire(self, table: str, *, delete: bool) -> None:
        """Mark ``table`` expired (never loaded again), or ``delete`` its rows."""
        with self._lock, self._db:
            if delete:
                self._db.execute("DELETE FROM events WHERE table_id = ?", (table,))
                self._db.execute("DELETE FROM tables WHERE id = ?", (table,))
            else:
                self._db.execute("UPDATE tables SET expired = 1 WHERE id = ?", (table,))

    def subscribe(self, changed: Changed) -> Callable[[], None]:
        """Nothing to hear: no other process writes this file (it is locked)."""
        return lambda: None

    def drive(self, table: str) -> bool:
        """Always: this process is the only one on the file."""
        return True

    def release(self, table: str) -> None:
        """Nothing to give up (see :meth:`drive`)."""

    def close(self) -> None:
        """Close the database file and let another process open it."""
        with self._lock:
            self._db.close()
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # drops the lock
            self._lock_fd = None
