"""Durable tables: every accepted event is stored before it is acknowledged.

A table is stored as its creation row (rules, match seed, target, seats) and its
*events* in order: each accepted move in the move notation, and ``"next"`` for the
deal of the next game of the match. Replaying the events from the row gives the
table back exactly, so the event log is the only state a server keeps.

:class:`Storage` is the interface the server uses;
:class:`~skipbo.web.storage.sqlite.SQLiteStorage` implements it with the standard
library's ``sqlite3`` in one file in WAL mode, for one server process;
:class:`~skipbo.web.storage.postgres.PostgresStorage` with PostgreSQL, for any
number of processes (the ``postgres`` extra).
"""

from __future__ import annotations

from skipbo.web.storage.base import (
    NEXT_GAME,
    Changed,
    Event,
    Storage,
    StorageLocked,
    StorageUnavailable,
    StoredTable,
    VersionConflict,
)
from skipbo.web.storage.sqlite import SQLiteStorage

__all__ = [
    "NEXT_GAME",
    "Changed",
    "Event",
    "SQLiteStorage",
    "Storage",
    "StorageLocked",
    "StorageUnavailable",
    "StoredTable",
    "VersionConflict",
    "open_storage",
]


def open_storage(database: str, *, sync: str = "full") -> Storage:
    """The storage a ``--database`` names: a ``postgresql://`` URL, or an SQLite file's path.

    Raises:
        StorageLocked: if another process serves tables from the SQLite file.
        StorageUnavailable: if the PostgreSQL database cannot be reached.
        ImportError: for a URL without the ``postgres`` extra installed.

    """
    if database.startswith(("postgresql://", "postgres://")):
        from skipbo.web.storage.postgres import PostgresStorage  # the extra, only if asked

        return PostgresStorage(database)
    return SQLiteStorage(database, sync=sync)
