"""Both storages of the web tables, on a real PostgreSQL server and real SQLite files.

The same behaviour is asked of both (events under a unique version, live tables,
expiry); of PostgreSQL also what several processes need: each hears the others'
commits, one holds a table's bots' lease, and a restarted database loses nothing.
Two :class:`PostgresStorage` objects stand for two server processes (each has its
own connections, as a process does). The server processes themselves are in
``tests/web/test_cluster.py``.
"""

from __future__ import annotations

import json
import queue
import time
from collections.abc import Callable, Iterator
from http import HTTPStatus
from pathlib import Path

import pytest
from tools.pgserver import PostgresServer
from tools.webserver import TIMEOUT, running_server

import skipbo
from skipbo.games.skipbo.bots import PlayFirstBot
from skipbo.games.skipbo.serialization import dumps
from skipbo.web.lifecycle import Lifecycle, sweep
from skipbo.web.protocol import WebError
from skipbo.web.storage import (
    Event,
    SQLiteStorage,
    Storage,
    StorageLocked,
    StoredTable,
    VersionConflict,
)
from skipbo.web.storage.postgres import PostgresStorage
from skipbo.web.tables import Table, Tables

RULES = skipbo.Rules(players=2, stock_size=3)
DAY = 86_400.0


def a_table(name: str) -> StoredTable:
    return StoredTable(
        table=name,
        rules=dumps(RULES),
        seed=2**63 + 5,  # over SQLite's and PostgreSQL's signed 64 bits
        target=500,
        seats=("human", "play-first"),
        token_hashes=("ab" * 32, ""),
    )


def first_move(stored: StoredTable) -> Event:
    """A legal first event of the table (its seed deals it)."""
    game = Table(stored, []).match.game
    move = PlayFirstBot(seed=1).choose(skipbo.view(game, game.current_player))
    return Event(0, game.current_player, str(move))


class Clock:
    """A clock the test moves (the storages stamp each change with it)."""

    def __init__(self) -> None:
        self.now = 1_000_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["sqlite", "postgres"])
def opened(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[Clock], Storage]]:
    """Opens storages on one fresh database of the parameter's kind."""
    made: list[Storage] = []
    url = request.getfixturevalue("postgres").new_database() if request.param == "postgres" else ""

    def open_one(clock: Clock) -> Storage:
        storage: Storage
        if url:
            storage = PostgresStorage(url, clock=clock)
        else:
            storage = SQLiteStorage(tmp_path / "t.sqlite3", clock=clock)
        made.append(storage)
        return storage

    yield open_one
    for storage in made:
        storage.close()


def test_events_are_stored_once_per_version_and_read_back(
    opened: Callable[[Clock], Storage],
) -> None:
    storage = opened(Clock())
    storage.create(a_table("a"))
    storage.append("a", Event(0, 0, "h5>b0"))
    storage.append("a", Event(1, 1, "h1>d0"))
    with pytest.raises(VersionConflict):
        storage.append("a", Event(1, 0, "h2>d1"))
    loaded = storage.load("a")
    assert loaded is not None
    assert loaded[0] == a_table("a")
    assert loaded[1] == [Event(0, 0, "h5>b0"), Event(1, 1, "h1>d0")]
    assert storage.events("a", 1) == [Event(1, 1, "h1>d0")]
    assert storage.events("a", 2) == []
    assert storage.load("b") is None


def test_finished_and_idle_tables_expire_and_are_no_longer_loaded(
    opened: Callable[[Clock], Storage],
) -> None:
    clock = Clock()
    storage = opened(clock)
    for name in "abcd":
        storage.create(a_table(name))
    storage.append("b", Event(0, 0, "h5>b0"), finished=True)  # "b" is over
    clock.now += 2 * DAY
    storage.append("c", Event(0, 0, "h5>b0"))  # "c" is played on, "a" and "d" idle
    assert sorted(storage.live_tables()) == ["a", "c", "d"]
    lifecycle = Lifecycle(finished_after=DAY, idle_after=3 * DAY)
    assert sweep(storage, lifecycle, clock.now) == ["b"]  # finished two days ago
    clock.now += 1.5 * DAY
    assert sorted(sweep(storage, lifecycle, clock.now)) == ["a", "d"]  # idle 3.5 days
    assert sweep(storage, lifecycle, clock.now) == []
    assert list(storage.tables()) == ["c"]
    assert list(storage.live_tables()) == ["c"]
    assert storage.load("a") is None


def test_expired_tables_are_exported_whole_then_deleted(
    opened: Callable[[Clock], Storage], tmp_path: Path
) -> None:
    clock = Clock()
    storage = opened(clock)
    tables = Tables(storage)
    table, _ = tables.create(RULES, ["human", "play-first"], 500)
    played = 0
    while table.bot_to_move() is None and played < 3:
        move = PlayFirstBot(seed=1).choose(skipbo.view(table.match.game, 0))
        table.play(storage, 0, move, table.version)
        played += 1
    clock.now += 8 * DAY
    folder = tmp_path / "export"
    lifecycle = Lifecycle(expired="export", export_dir=folder)
    assert sweep(storage, lifecycle, clock.now) == [table.id]
    assert storage.load(table.id) is None
    document = json.loads((folder / f"{table.id}.json").read_text())
    assert table.stored.token_hashes[0] not in json.dumps(document)
    events = [Event(**event) for event in document["events"]]
    again = Table(
        StoredTable(
            table=document["table"],
            rules=json.dumps(document["rules"]),
            seed=int(document["seed"]),
            target=document["target"],
            seats=tuple(document["seats"]),
            token_hashes=("", ""),
        ),
        events,
    )
    assert again.version == table.version
    assert again.match == table.match


def test_a_second_sqlite_storage_on_one_file_is_refused(tmp_path: Path) -> None:
    first = SQLiteStorage(tmp_path / "t.sqlite3")
    with pytest.raises(StorageLocked, match="PostgreSQL"):
        SQLiteStorage(tmp_path / "t.sqlite3")
    first.close()
    SQLiteStorage(tmp_path / "t.sqlite3").close()  # free again once the first is closed


def test_a_second_server_process_on_one_sqlite_file_is_refused_clearly(tmp_path: Path) -> None:
    # W5: two processes on one file froze the loser's tables at version 0 for good.
    db = tmp_path / "tables.sqlite3"
    with running_server(db, "--bot-delay", "0") as first:
        created = first.create(RULES, ["human", "human"])
        second = first.spawn()
        assert second.wait(TIMEOUT) == 2
        assert first.request("GET", f"/api/tables/{created['table']}")[0] == 200
    log = db.with_suffix(".log").read_text()
    assert "another process already serves tables from" in log
    assert "PostgreSQL" in log


def test_a_restarted_server_loads_live_tables_only(tmp_path: Path) -> None:
    # W9: every table ever played was loaded at start-up (~22 KiB each), for ever.
    db = tmp_path / "tables.sqlite3"
    old = Clock()
    old.now = time.time() - 30 * DAY
    storage = SQLiteStorage(db, clock=old)
    for name in ("idle", "finished"):
        storage.create(a_table(name))
    storage.append("finished", first_move(a_table("finished")), finished=True)
    storage.close()
    storage = SQLiteStorage(db)  # the real clock
    storage.create(a_table("fresh"))
    storage.create(a_table("done"))
    storage.append("done", first_move(a_table("done")), finished=True)
    storage.close()
    with running_server(db, "--bot-delay", "0") as server:
        lines = server.log.read_text().splitlines()
        events = [json.loads(line) for line in lines if line.startswith('{"')]
        started = [event for event in events if event["event"] == "started"]
        assert [line["tables"] for line in started] == [1]  # "fresh"; "done" is over
        assert server.request("GET", "/api/tables/idle")[0] == HTTPStatus.NOT_FOUND
        assert server.request("GET", "/api/tables/finished")[0] == HTTPStatus.NOT_FOUND
        assert server.request("GET", "/api/tables/done")[0] == HTTPStatus.OK
        assert server.request("GET", "/api/tables/fresh")[0] == HTTPStatus.OK


# --- PostgreSQL with several processes ---------------------------------------------------


def two_processes(url: str) -> tuple[Tables, Tables]:
    return Tables(PostgresStorage(url)), Tables(PostgresStorage(url))


def test_a_process_that_loses_a_version_race_catches_up(postgres: PostgresServer) -> None:
    first, second = two_processes(postgres.new_database())
    try:
        table, _ = first.create(RULES, ["human", "human"], 500)
        copy = second.get(table.id)
        seat = table.match.game.current_player
        move = PlayFirstBot(seed=1).choose(skipbo.view(table.match.game, seat))
        table.play(first.storage, seat, move, 0)
        # The second process has heard nothing (no notify is processed here): the same
        # version is refused by the database, and its copy catches up instead of
        # staying at version 0 (W5).
        with pytest.raises(VersionConflict):
            copy.play(second.storage, seat, move, 0)
        assert copy.version == 1
        assert copy.match == table.match
        # A post chosen on the first process's newer view is ahead of a stale copy:
        # the copy catches up first, then judges it.
        seat = table.match.game.current_player
        move = PlayFirstBot(seed=1).choose(skipbo.view(table.match.game, seat))
        table.play(first.storage, seat, move, 1)
        seat = table.match.game.current_player
        move = PlayFirstBot(seed=1).choose(skipbo.view(table.match.game, seat))
        copy.play(second.storage, seat, move, 2)
        assert copy.version == 3
        with pytest.raises(VersionConflict):
            table.play(first.storage, seat, move, 2)  # now the first one is behind
        assert table.version == 3
        with pytest.raises(WebError) as stale:  # and knows it: the retry is stale
            table.play(first.storage, seat, move, 2)
        assert stale.value.status == HTTPStatus.CONFLICT
        assert table.match == copy.match
    finally:
        first.storage.close()
        second.storage.close()


def test_every_process_hears_each_commit_and_a_restarted_database(
    postgres: PostgresServer,
) -> None:
    url = postgres.new_database()
    writer, listener = PostgresStorage(url), PostgresStorage(url)
    heard: queue.Queue[tuple[str | None, int]] = queue.Queue()
    unsubscribe = listener.subscribe(lambda table, version: heard.put((table, version)))
    try:
        writer.create(a_table("a"))
        writer.append("a", Event(0, 0, "h5>b0"))
        writer.append("a", Event(1, 1, "h1>d0"))
        assert heard.get(timeout=TIMEOUT) == ("a", 1)
        assert heard.get(timeout=TIMEOUT) == ("a", 2)
        with pytest.raises(VersionConflict):
            writer.append("a", Event(1, 1, "h1>d0"))  # refused: no notify
        postgres.stop()
        postgres.start()
        # The listener reconnects and says that anything may have changed ...
        assert heard.get(timeout=TIMEOUT) == (None, 0)
        # ... and the writer's lost connection is made again for its next write.
        writer.append("a", Event(2, 0, "h2>d0"))
        assert heard.get(timeout=TIMEOUT) == ("a", 3)
        assert [event.version for event in listener.events("a", 0)] == [0, 1, 2]
        assert heard.empty()
    finally:
        unsubscribe()
        writer.close()
        listener.close()


def wait_until(condition: Callable[[], bool], what: str) -> None:
    """Poll ``condition`` until it holds; fail loudly after the generous ceiling."""
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"too slow: {what} within {TIMEOUT} s")
        time.sleep(0.05)


def test_one_process_holds_a_tables_bot_lease_until_it_dies(postgres: PostgresServer) -> None:
    url = postgres.new_database()
    first, second = PostgresStorage(url), PostgresStorage(url)
    try:
        assert first.drive("a")
        assert first.drive("a")  # held: asked again, still this one's
        assert not second.drive("a")
        assert second.drive("b")  # leases are per table
        first.release("a")
        assert second.drive("a")
        assert not first.drive("a")
        second.close()  # as a dying process's connection ends: the lease is freed
        wait_until(lambda: first.drive("a"), "a dead holder's lease passes on")
        third = PostgresStorage(url)
        assert not third.drive("a")
        third.close()
        # A restarted database drops every lease; the holder takes it again on its
        # new connection, and only it.
        postgres.stop()
        postgres.start()
        fourth = PostgresStorage(url)
        assert first.drive("a") != fourth.drive("a")
        fourth.close()
    finally:
        first.close()
