"""The storage interface: tables, their events and the errors of storing them."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

import attrs

__all__ = [
    "LIVE",
    "NEXT_GAME",
    "Changed",
    "Event",
    "Storage",
    "StorageLocked",
    "StorageUnavailable",
    "StoredTable",
    "TableListing",
    "VersionConflict",
]

NEXT_GAME = "next"
"""The event that deals the next game of the match (no move is written ``next``)."""


class VersionConflict(Exception):
    """An event was stored for a version that another event already holds.

    Only one writer can win a version: a second server process (or a bug) that
    tries to store an event for the same table and version gets this error and
    must reload the table.
    """


class StorageUnavailable(Exception):
    """The database cannot be reached now; the event was not acknowledged.

    A write cut off at its commit may have been stored all the same: the table
    must then be reloaded (its next write meets a :class:`VersionConflict`).
    """


class StorageLocked(Exception):
    """Another process already serves tables from this SQLite file (it serves one process)."""


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
    options: str = "{}"
    """The table's options (:class:`skipbo.web.protocol.TableOptions`) as JSON text;
    tables stored before there were options have none (``{}``: the defaults)."""


@attrs.frozen(slots=True)
class Event:
    """One stored event of a table."""

    version: int
    """The table version the event was accepted at (the count of earlier events)."""
    seat: int
    """The seat that made it (``-1``: a spectator, whose only events are chat lines)."""
    event: str
    """A move in the move notation, ``"next"``, ``"name <name>"``, a chat line, ...
    (:mod:`skipbo.web.tables` reads them)."""


Changed = Callable[[str | None, int], None]
"""Called (from any thread) with a table and its new version when another process
stored an event; with ``(None, 0)`` when events may have been missed (the
connection to the database was lost), so that every table must be reloaded."""


class Storage(Protocol):
    """Where tables and their events are kept.

    Implemented by :class:`~skipbo.web.storage.sqlite.SQLiteStorage` (one process)
    and :class:`~skipbo.web.storage.postgres.PostgresStorage` (any number of
    processes on one database).
    """

    def create(self, table: StoredTable) -> None:
        """Store a new table (no events)."""
        ...

    def append(self, table: str, event: Event, *, finished: bool = False) -> None:
        """Store ``event`` durably, ``finished`` if it ends the table's match.

        Raises:
            VersionConflict: if another event holds its version (nothing is stored).
            StorageUnavailable: if the database cannot be reached.

        """
        ...

    def load(self, table: str) -> tuple[StoredTable, list[Event]] | None:
        """A table's row and its events in order; ``None`` for no such (or an expired) table."""
        ...

    def events(self, table: str, since: int) -> list[Event]:
        """A table's events from version ``since`` on, in order (to catch up with others)."""
        ...

    def tables(self) -> Iterator[str]:
        """Every stored table's identifier, but the expired ones."""
        ...

    def live_tables(self) -> Iterator[str]:
        """The tables neither finished nor expired: those a starting server resumes."""
        ...

    def expirable(self, *, finished_before: float, idle_before: float) -> list[str]:
        """Unexpired tables finished before, or last changed before, these times (epoch s)."""
        ...

    def expire(self, table: str, *, delete: bool) -> None:
        """Mark ``table`` expired (never loaded again), or ``delete`` its rows."""
        ...

    def subscribe(self, changed: Changed) -> Callable[[], None]:
        """Call ``changed`` whenever another process changes a table; returns the unsubscribe."""
        ...

    def drive(self, table: str) -> bool:
        """Whether this process drives ``table``'s bots now (taking the table's lease if free).

        At most one live process holds a table's lease; it passes to another
        process when its holder releases it or dies.
        """
        ...

    def release(self, table: str) -> None:
        """Give up ``table``'s lease (its bots are not to move, or this process stops)."""
        ...

    def close(self) -> None:
        """Release the storage."""
        ...


LIVE = "NOT expired AND NOT finished"
"""The SQL condition of a live table (both databases): one a starting server loads."""


class TableListing:
    """The storages' listings of tables, over one query of ids with an SQL condition."""

    def _ids(self, where: str) -> Iterator[str]:
        raise NotImplementedError

    def tables(self) -> Iterator[str]:
        """Every stored table's identifier, but the expired ones."""
        return self._ids("NOT expired")

    def live_tables(self) -> Iterator[str]:
        """The tables neither finished nor expired: those a starting server resumes."""
        return self._ids(LIVE)


COLUMNS = "id, rules, seed, target, seats, token_hashes, game, options"
"""The creation row's columns, in the order of :func:`table_row`."""


def table_row(table: StoredTable) -> tuple[str, str, str, int, str, str, str, str]:
    """The creation row's columns as both databases store them (seats as JSON text)."""
    return (
        table.table,
        table.rules,
        str(table.seed),  # 64-bit seeds overflow SQLite's signed integers
        table.target,
        json.dumps(table.seats),
        json.dumps(table.token_hashes),
        table.game,
        table.options,
    )


def stored_table(row: Sequence[Any]) -> StoredTable:
    """The creation row read back (the inverse of :func:`table_row`)."""
    return StoredTable(
        table=row[0],
        rules=row[1],
        seed=int(row[2]),
        target=row[3],
        seats=tuple(json.loads(row[4])),
        token_hashes=tuple(json.loads(row[5])),
        game=row[6],
        options=row[7],
    )
