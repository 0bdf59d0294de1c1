"""Tables in PostgreSQL: one database shared by any number of server processes.

Needs the ``postgres`` extra (``pip install 'skipbo[postgres]'``, psycopg 3).

* A move is one transaction (one statement) that inserts the event under the
  primary key ``(table, version)``, stamps the table and notifies the channel
  ``skipbo``: of two processes that write one version, the second gets
  :class:`~skipbo.web.storage.base.VersionConflict` and nothing is stored.
* Every process listens on that channel in a thread of its own and hears every
  other process's commits (``LISTEN``/``NOTIFY``); after a lost connection it
  reports that anything may have changed.
* A table's bots are driven by the process that holds the table's lease: a
  session-level advisory lock, which PostgreSQL drops when the holder's
  connection ends (its process died, or was killed), so another takes it over.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from skipbo.web.storage.base import (
    COLUMNS,
    Changed,
    Event,
    StorageUnavailable,
    StoredTable,
    TableListing,
    VersionConflict,
    stored_table,
    table_row,
)

try:
    import psycopg
    from psycopg import errors
except ImportError as missing:  # the web layer's extras are named like the adapters' ones
    raise ImportError(
        "psycopg is not installed: PostgresStorage needs the 'postgres' extra, "
        "pip install 'skipbo[postgres]'",
        name=missing.name,
    ) from missing

__all__ = ["CHANNEL", "PostgresStorage"]

CHANNEL = "skipbo"
"""The channel each commit notifies (payload: ``"<table> <new version>"``)."""

_LEASES = 0x5B1B0
"""The first key of every table's advisory lock (the second is the table's hash)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS skipbo_tables (
    id TEXT PRIMARY KEY,
    rules TEXT NOT NULL,
    seed TEXT NOT NULL,
    target INTEGER NOT NULL,
    seats TEXT NOT NULL,
    token_hashes TEXT NOT NULL,
    game TEXT NOT NULL DEFAULT 'skipbo',
    updated DOUBLE PRECISION NOT NULL,
    finished BOOLEAN NOT NULL DEFAULT FALSE,
    expired BOOLEAN NOT NULL DEFAULT FALSE,
    options TEXT NOT NULL DEFAULT '{}'
);
-- Databases made before tables had options get the column (with none).
ALTER TABLE skipbo_tables ADD COLUMN IF NOT EXISTS options TEXT NOT NULL DEFAULT '{}';
CREATE TABLE IF NOT EXISTS skipbo_events (
    table_id TEXT NOT NULL REFERENCES skipbo_tables(id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (table_id, version)
);
"""

_APPEND = """
WITH stored AS (
    INSERT INTO skipbo_events VALUES (%(table)s, %(version)s, %(seat)s, %(event)s)
    RETURNING table_id
), stamped AS (
    UPDATE skipbo_tables SET updated = %(now)s, finished = %(finished)s
    WHERE id IN (SELECT table_id FROM stored)
)
SELECT pg_notify(%(channel)s, %(payload)s) FROM stored
"""

_LOST = (psycopg.OperationalError, psycopg.InterfaceError)
"""What a dropped connection raises (a restarted or unreachable server)."""

T = TypeVar("T")


def _lease_key(table: str) -> int:
    """The second key of ``table``'s advisory lock (a signed 32-bit hash of its id)."""
    return int.from_bytes(hashlib.sha256(table.encode()).digest()[:4], "big", signed=True)


class PostgresStorage(TableListing):
    """Tables in a PostgreSQL database (``url``: ``postgresql://user@host:port/db``).

    Each call runs on one connection of this process, made again when it was
    lost: a call that meets a lost connection is tried once more on a new one,
    then raises :class:`~skipbo.web.storage.base.StorageUnavailable`. Notifies
    and leases are the ones of the module's description. ``clock`` gives the
    time each change is stamped with (tests move it).

    Raises:
        StorageUnavailable: if the database cannot be reached.

    """

    def __init__(
        self,
        url: str,
        *,
        connect_timeout: float = 5.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._url = url
        self._timeout = connect_timeout
        self._clock = clock
        self._lock = threading.RLock()
        self._db: psycopg.Connection[Any] | None = None
        self._held: dict[str, int] = {}  # table -> its lease key, on the current connection
        self._listeners: list[tuple[threading.Thread, threading.Event]] = []

        def schema(db: psycopg.Connection[Any]) -> None:
            with db.transaction():
                # Processes starting at once would race on CREATE TABLE IF NOT EXISTS.
                db.execute("SELECT pg_advisory_xact_lock(%s, 0)", (_LEASES,))
                db.execute(_SCHEMA)

        self._run(schema)

    # --- the connection ---------------------------------------------------------------

    def _connect(self) -> psycopg.Connection[Any]:
        return psycopg.connect(
            self._url,
            autocommit=True,
            connect_timeout=max(1, round(self._timeout)),
            # A holder on a dead machine must lose its leases within a minute.
            keepalives_idle=10,
            keepalives_interval=5,
            keepalives_count=3,
        )

    def _run(self, call: Callable[[psycopg.Connection[Any]], T]) -> T:
        """``call`` on the connection; once more on a new one if the old one was lost."""
        with self._lock:
            for attempt in (1, 2):
                fresh = self._db is None
                try:
                    if self._db is None:
                        self._db = self._connect()
                    return call(self._db)
                except _LOST as error:
                    self._drop()
                    if fresh or attempt == 2:
                        raise StorageUnavailable(f"the database is unreachable: {error}") from None
            raise AssertionError("unreachable")  # pragma: no cover

    def _drop(self) -> None:
        """Forget a lost connection, and the leases it held (PostgreSQL dropped them)."""
        if self._db is not None:
            self._db.close()
        self._db = None
        self._held.clear()

    # --- tables and events ------------------------------------------------------------

    def create(self, table: StoredTable) -> None:
        """Store a new table (no events)."""
        self._run(
            lambda db: db.execute(
                f"INSERT INTO skipbo_tables ({COLUMNS}, updated)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (*table_row(table), self._clock()),
            )
        )

    def append(self, table: str, event: Event, *, finished: bool = False) -> None:
        """Store ``event`` in one transaction and notify every process.

        Raises:
            VersionConflict: if another event holds its version (nothing is stored).
            ValueError: if there is no such table.
            StorageUnavailable: if the database cannot be reached.

        """
        values = {
            "table": table,
            "version": event.version,
            "seat": event.seat,
            "event": event.event,
            "now": self._clock(),
            "finished": finished,
            "channel": CHANNEL,
            "payload": f"{table} {event.version + 1}",
        }
        try:
            self._run(lambda db: db.execute(_APPEND, values))
        except errors.UniqueViolation as error:
            raise VersionConflict(f"table {table}: version {event.version} is taken") from error
        except errors.ForeignKeyViolation:
            raise ValueError(f"no table {table!r} to store an event of") from None

    def load(self, table: str) -> tuple[StoredTable, list[Event]] | None:
        """A table's row and its events in order; ``None`` for no such (or an expired) table."""

        def read(db: psycopg.Connection[Any]) -> tuple[StoredTable, list[Event]] | None:
            with db.transaction():  # the row and the events of one moment
                row = db.execute(
                    f"SELECT {COLUMNS} FROM skipbo_tables WHERE id = %s AND NOT expired",
                    (table,),
                ).fetchone()
                if row is None:
                    return None
                return stored_table(row), self._events(db, table, 0)

        return self._run(read)

    def events(self, table: str, since: int) -> list[Event]:
        """A table's events from version ``since`` on, in order."""
        return self._run(lambda db: self._events(db, table, since))

    @staticmethod
    def _events(db: psycopg.Connection[Any], table: str, since: int) -> list[Event]:
        rows = db.execute(
            "SELECT version, seat, event FROM skipbo_events"
            " WHERE table_id = %s AND version >= %s ORDER BY version",
            (table, since),
        ).fetchall()
        return [Event(*values) for values in rows]

    def _ids(self, where: str) -> Iterator[str]:
        rows = self._run(
            lambda db: db.execute(f"SELECT id FROM skipbo_tables WHERE {where}").fetchall()
        )
        return iter([row[0] for row in rows])

    def expirable(self, *, finished_before: float, idle_before: float) -> list[str]:
        """Unexpired tables finished before, or last changed before, these times (epoch s)."""
        rows = self._run(
            lambda db: db.execute(
                "SELECT id FROM skipbo_tables WHERE NOT expired"
                " AND ((finished AND updated < %s) OR updated < %s)",
                (finished_before, idle_before),
            ).fetchall()
        )
        return [row[0] for row in rows]

    def expire(self, table: str, *, delete: bool) -> None:
        """Mark ``table`` expired (never loaded again), or ``delete`` its rows."""
        statement = (
            "DELETE FROM skipbo_tables WHERE id = %s"
            if delete
            else "UPDATE skipbo_tables SET expired = TRUE WHERE id = %s"
        )
        self._run(lambda db: db.execute(statement, (table,)))

    # --- other processes --------------------------------------------------------------

    def subscribe(self, changed: Changed) -> Callable[[], None]:
        """Call ``changed`` (from a thread) on each other commit; returns the unsubscribe.

        Returns once the thread listens, so no commit after this call is missed;
        each later reconnection calls ``changed(None, 0)``.

        Raises:
            StorageUnavailable: if the thread cannot listen within the connect timeout.

        """
        stop, listening = threading.Event(), threading.Event()
        thread = threading.Thread(
            target=self._listen, args=(changed, stop, listening), daemon=True, name="skipbo-listen"
        )
        thread.start()
        if not listening.wait(self._timeout * 2):
            stop.set()
            raise StorageUnavailable("could not listen for other processes' commits")
        self._listeners.append((thread, stop))

        def unsubscribe() -> None:
            stop.set()
            thread.join(self._timeout * 2)

        return unsubscribe

    def _listen(self, changed: Changed, stop: threading.Event, listening: threading.Event) -> None:
        while not stop.is_set():
            try:
                with self._connect() as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    if listening.is_set():  # a reconnection: notifies may have been missed
                        changed(None, 0)
                    listening.set()
                    while not stop.is_set():
                        for note in db.notifies(timeout=0.5):
                            table, _, version = note.payload.partition(" ")
                            changed(table, int(version))
            except _LOST:
                stop.wait(0.2)  # the database restarts: try again soon

    def drive(self, table: str) -> bool:
        """Whether this process holds ``table``'s lease (taking it if it is free)."""
        key = _lease_key(table)

        def take(db: psycopg.Connection[Any]) -> bool:
            if table in self._held:
                # Held on this connection if it is still alive (a lost one lost its
                # leases: the ping fails, and the retry on a new one takes it again).
                db.execute("SELECT 1")
                return True
            row = db.execute("SELECT pg_try_advisory_lock(%s, %s)", (_LEASES, key)).fetchone()
            if row is None or not row[0]:
                return False
            self._held[table] = key
            return True

        try:
            return self._run(take)
        except StorageUnavailable:
            return False

    def release(self, table: str) -> None:
        """Give up ``table``'s lease (nothing to do if this process does not hold it)."""
        with self._lock:
            key = self._held.pop(table, None)
            if key is None or self._db is None:
                return
            try:
                self._db.execute("SELECT pg_advisory_unlock(%s, %s)", (_LEASES, key))
            except _LOST:
                self._drop()  # and the lease with it

    def close(self) -> None:
        """Stop listening and close the connection (its leases pass to other processes)."""
        for thread, stop in self._listeners:
            stop.set()
            thread.join(self._timeout * 2)
        with self._lock:
            self._drop()
