"""Three ``skipbo serve`` processes on one real PostgreSQL, under load and faults.

A bounded run of ``python -m tools.web_cluster``: 200 clients (HTTP and
WebSocket) on 50 tables of two people and a bot, spread so that every table has
clients on every process; one process is killed (SIGKILL) mid-game and
restarted, then PostgreSQL is restarted mid-run. Every acknowledged move must
be in the record exactly once at its version, no version acknowledged for two
moves, every spectator on every process must see the game's end (each within
the run's ceiling of ``tools.web_cluster.DEADLINE`` seconds), and every process
must show the same final table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tools.pgserver import PostgresServer
from tools.web_cluster import Figures, _player, _Run, _spectator, run_cluster
from tools.webserver import TIMEOUT, Server, running_server, token_of
from websockets.sync.client import ClientConnection, connect

import skipbo

RULES = skipbo.Rules(players=3, stock_size=1)
"""Short games (about 11 moves each, 2 in 3 by people) keep the run bounded."""


def test_three_processes_keep_every_move_through_a_kill_and_a_database_restart(
    postgres: PostgresServer, tmp_path: Path
) -> None:
    figures = run_cluster(
        postgres, RULES, processes=3, tables=50, kill=80, restart_db=160, log_dir=tmp_path
    )
    assert figures.problems == []
    assert figures.clients == 200
    assert (figures.kills, figures.db_restarts) == (1, 1)  # both faults came mid-run
    assert figures.acknowledged > 160
    assert figures.bot_moves > 0  # the bots were driven, through both faults
    # The faults were felt: clients were cut off and reconnected.
    assert figures.reconnects > 0


def events_of(log: Path) -> list[dict[str, Any]]:
    lines = log.read_text().splitlines() if log.exists() else []
    return [json.loads(line) for line in lines if line.startswith('{"')]


def wait_for(condition: Callable[[], bool], what: str) -> None:
    """Poll ``condition`` until it holds; fail loudly after the generous ceiling."""
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"too slow: {what} within {TIMEOUT} s")
        time.sleep(0.05)


def next_message(socket: ClientConnection, version: int) -> Any:
    """The first pushed message at ``version`` or later."""
    while True:
        message = json.loads(socket.recv(TIMEOUT))
        if message["version"] >= version:
            return message


def discard(server: Server, table: str, token: str, version: int) -> str:
    """Post the seat's first legal discard (it ends the seat's turn) on ``server``; the move."""
    _, mine = server.request("GET", f"/api/tables/{table}", token=token)
    move: str = next(move for move in mine["legal"] if ">d" in move)
    body = {"move": move, "version": version}
    assert server.request("POST", f"/api/tables/{table}/moves", body, token=token)[0] == 200
    return move


@contextlib.contextmanager
def hello(url: str) -> Iterator[ClientConnection]:
    """A spectator's socket on ``url``, its first message read."""
    with connect(url, open_timeout=TIMEOUT) as socket:
        socket.send(json.dumps({"type": "hello", "token": None}))
        socket.recv(TIMEOUT)
        yield socket


def test_a_move_reaches_other_processes_sockets(postgres: PostgresServer, tmp_path: Path) -> None:
    url = postgres.new_database()
    with (
        running_server(url, "--bot-delay", "0", log=tmp_path / "a.log") as a,
        running_server(url, "--bot-delay", "0", log=tmp_path / "b.log") as b,
    ):
        created = a.create(skipbo.Rules(players=2, stock_size=5), ["human", "human"])
        table = created["table"]
        with hello(f"ws://127.0.0.1:{b.port}/api/tables/{table}/ws") as watching:
            token = token_of(created, 0)  # the first player (R-SETUP) moves first
            move = discard(a, table, token, 0)
            # Process b heard a's commit and pushed it to its socket.
            last = next_message(watching, 1)["last"]
            assert [(entry["seat"], entry["move"]) for entry in last] == [(0, move)]
            # A move of the next seat, chosen on a's view, posted to b: judged on the
            # table as it is, and pushed.
            _, theirs = a.request("GET", f"/api/tables/{table}", token=token_of(created, 1))
            body = {"move": theirs["legal"][0], "version": 1}
            posted = b.request(
                "POST", f"/api/tables/{table}/moves", body, token=token_of(created, 1)
            )
            assert posted[0] == 200
            assert next_message(watching, 2)["version"] == 2


def test_a_dead_processs_bots_are_driven_by_another(
    postgres: PostgresServer, tmp_path: Path
) -> None:
    url = postgres.new_database()
    # The first process's bots would think for ever: only a takeover moves them.
    stuck = Server(url, ("--bot-delay", "1e6"), log=tmp_path / "a.log")
    other = Server(url, ("--bot-delay", "0", "--lease-retry", "0.2"), log=tmp_path / "b.log")
    try:
        stuck.start()
        created = stuck.create(skipbo.Rules(players=2, stock_size=5), ["human", "play-first"])
        table = created["table"]
        discard(stuck, table, token_of(created, 0), 0)  # the bot's turn
        wait_for(
            lambda: any(e["event"] == "bots-driven" for e in events_of(stuck.log)),
            "the first process takes the bot's lease",
        )
        other.start()  # it loads the table, sees the bot to move, and cannot take the lease
        with hello(f"ws://127.0.0.1:{other.port}/api/tables/{table}/ws") as watching:
            stuck.kill()
            # PostgreSQL drops the dead process's lease; the other takes it and moves.
            moved = next_message(watching, 2)
        assert moved["last"][-1]["seat"] == 1
        driven = [e for e in events_of(other.log) if e["event"] in ("bots-driven", "move")]
        assert [e["event"] for e in driven][:2] == ["bots-driven", "move"]
        stuck.start()  # restarted, it resumes from the database
        assert stuck.request("GET", f"/api/tables/{table}")[1]["version"] >= 2
    finally:
        for server in (stuck, other):
            server.stop()
            server.socket.close()


def test_a_spectator_refused_while_the_database_restarts_connects_again(
    postgres: PostgresServer, tmp_path: Path
) -> None:
    """A socket's hello met while PostgreSQL restarts is refused (503); the client retries.

    Regression: CI's cluster run once failed with ``KeyError: 'view'``, the cluster
    harness having read such a refusal as a table message.
    """
    url = postgres.new_database()
    with running_server(url, "--bot-delay", "0", log=tmp_path / "a.log") as a:
        created = a.create(RULES, ["human", "play-first", "play-first"])
        table = created["table"]
        playing = _Run([a], Figures(processes=1, tables=1), {table: {}})
        asyncio.run(_player(playing, table, 0, token_of(created, 0), 0))  # to the game's end
        assert playing.figures.problems == []
    # A process started now does not load the finished table: a hello must read it.
    with running_server(url, log=tmp_path / "b.log") as b:
        run = _Run([b], Figures(processes=1, tables=1), {table: {}})

        async def watch() -> None:
            watching = asyncio.create_task(_spectator(run, table, 0))
            postgres.stop()
            try:
                while run.figures.unavailable == 0 and not watching.done():
                    await asyncio.sleep(0.05)
            finally:
                await asyncio.to_thread(postgres.start)
            await watching

        asyncio.run(watch())
    assert run.figures.unavailable >= 1  # refused while the database was down
    assert run.figures.problems == []  # then it connected again and saw the end
