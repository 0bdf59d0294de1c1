"""Durable tables: every accepted event is stored before it is acknowledged.

A table is stored as its creation row (rules, match seed, target, seats) and its
*events* in order: each accepted move in the move notation, and ``"next"`` for the
deal of the next game of the match. Replaying the events from the row gives the
table back exactly, so the event log is the only state a server keeps.

:class:`Storage` is the interface the server uses;
:class:`~skipbo.web.storage.sqlite.SQLiteStorage` implements it with the standard
library's ``sqlite3`` in one file in WAL mode.
"""

from __future__ import annotations

from skipbo.web.storage.base import NEXT_GAME, Event, Storage, StoredTable, VersionConflict
from skipbo.web.storage.sqlite import SQLiteStorage

__all__ = ["NEXT_GAME", "Event", "SQLiteStorage", "Storage", "StoredTable", "VersionConflict"]
