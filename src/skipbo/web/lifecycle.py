"""Table lifecycle: finished and idle tables expire, their records kept or exported.

A table whose match is over expires ``finished_after`` seconds after its last
event; any other table ``idle_after`` seconds after its last event (or its
creation). An expired table is never loaded again (its page is a 404), so a
server's memory and start-up hold the live tables only (W9). What becomes of
its rows is the ``expired`` setting:

* ``"keep"``: the rows stay in the database, marked expired;
* ``"export"``: the table is written to ``export_dir/<table>.json`` (its
  creation row without the seats' token hashes, and its events), then deleted;
* ``"delete"``: the rows are deleted.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import attrs

from skipbo.web.storage import Storage

__all__ = ["Lifecycle", "export", "sweep"]

DAY = 86_400.0


def _check_expired(instance: Lifecycle, attribute: object, value: str) -> None:
    if value not in ("keep", "export", "delete"):
        raise ValueError(f"expired must be 'keep', 'export' or 'delete', got {value!r}")
    if value == "export" and instance.export_dir is None:
        raise ValueError("expired='export' needs an export_dir")


def _check_seconds(instance: Lifecycle, attribute: attrs.Attribute[float], value: float) -> None:
    if not value > 0:
        raise ValueError(f"{attribute.name} must be a positive number of seconds, got {value!r}")


@attrs.frozen(slots=True, kw_only=True)
class Lifecycle:
    """When tables expire and what becomes of them (the defaults keep every record).

    Raises:
        ValueError: for a time that is not positive, an unknown ``expired``, or
            ``"export"`` without ``export_dir``.

    """

    finished_after: float = attrs.field(default=DAY, validator=_check_seconds)
    """Seconds a finished match stays open after its last event (its records downloadable)."""
    idle_after: float = attrs.field(default=7 * DAY, validator=_check_seconds)
    """Seconds an unfinished table stays without an event before it expires."""
    sweep_every: float = attrs.field(default=60.0, validator=_check_seconds)
    """Seconds between two looks for tables to expire (and one at start-up)."""
    export_dir: Path | None = None
    """Where ``"export"`` writes each expired table's JSON file."""
    expired: str = attrs.field(default="keep", validator=_check_expired)
    """``"keep"`` (rows marked expired), ``"export"`` (to ``export_dir``) or ``"delete"``."""


def export(storage: Storage, table: str, folder: Path) -> Path | None:
    """Write ``table``'s creation row (no token hashes) and events to ``folder``; the file.

    The file holds the match seed, hence every card: it is the operator's, like
    the database. Written whole to a temporary name, then renamed, so that a crash
    leaves no half file (and two processes exporting one table write the same).
    """
    loaded = storage.load(table)
    if loaded is None:
        return None
    stored, events = loaded
    document = {
        "table": stored.table,
        "rules": json.loads(stored.rules),
        "seed": str(stored.seed),
        "target": stored.target,
        "seats": list(stored.seats),
        "events": [{"version": e.version, "seat": e.seat, "event": e.event} for e in events],
    }
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{table}.json"
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    part.write_text(json.dumps(document, indent=1), encoding="utf-8")
    part.replace(path)
    return path


def sweep(storage: Storage, lifecycle: Lifecycle, now: float | None = None) -> list[str]:
    """Expire the tables due at ``now`` (default: the time) as ``lifecycle`` says; their ids."""
    now = time.time() if now is None else now
    due = storage.expirable(
        finished_before=now - lifecycle.finished_after, idle_before=now - lifecycle.idle_after
    )
    for table in due:
        if lifecycle.expired == "export":
            assert lifecycle.export_dir is not None  # the validator's promise
            export(storage, table, lifecycle.export_dir)
        storage.expire(table, delete=lifecycle.expired != "keep")
    return due
