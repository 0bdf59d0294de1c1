"""Several ``skipbo serve`` processes on one PostgreSQL, under load and faults.

    python -m tools.web_cluster --processes 3 --tables 50 [--kill 150 --restart-db 400]

starts a PostgreSQL server in a temporary folder (tools.pgserver) and the
processes on it, each on its own loopback port, and opens tables of two people
and one play-first bot. Each table has four clients, spread so that every table
has clients on every process: its two players (each with a WebSocket on one
process, posting its moves to any process at random, as a proxy without sticky
sessions would) and two spectators. With ``--kill N``, one process is killed
(SIGKILL) once N moves are acknowledged, and restarted; with ``--restart-db N``,
PostgreSQL is stopped (fast: every connection cut) and started again once N
moves are acknowledged. Then it checks that every acknowledged move is in its
table's record exactly once at its version, that no version was acknowledged
for two moves, that every spectator, on every process, saw the game's final
state, and that every process shows the same final table; and prints the
figures. The test suite runs a bounded version (``tests/web/test_cluster.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

import skipbo
from skipbo.games.skipbo.bots import PlayFirstBot
from skipbo.games.skipbo.records import final_state, replay
from skipbo.games.skipbo.serialization import from_data
from tools.pgserver import PostgresServer, running_postgres
from tools.webserver import TIMEOUT, Server, token_of

DEADLINE = 240.0
"""Seconds a whole run may take before its clients give up (fails loudly as too slow)."""

QUIET = 3.0
"""Seconds a player waits for a push before it asks for the table itself."""


@attrs.define
class Figures:
    """What a cluster run measured."""

    processes: int
    tables: int
    clients: int = 0
    acknowledged: int = 0
    bot_moves: int = 0
    stale_refused: int = 0
    unavailable: int = 0
    cut_off: int = 0
    quiet_asks: int = 0
    reconnects: int = 0
    kills: int = 0
    db_restarts: int = 0
    stored_unacknowledged: int = 0
    seconds: float = 0.0
    converged_after: float = 0.0
    problems: list[str] = attrs.field(factory=list)


@attrs.define
class _Run:
    servers: list[Server]
    figures: Figures
    acks: dict[str, dict[int, str]]
    thresholds: list[tuple[int, asyncio.Event]] = attrs.field(factory=list)
    last_ack: float = 0.0

    def acknowledged(self, table: str, version: int, move: str) -> None:
        known = self.acks[table].setdefault(version, move)
        if known != move:
            self.figures.problems.append(f"{table}: version {version} forked: {known}, {move}")
        self.figures.acknowledged += 1
        self.last_ack = time.perf_counter()
        for count, reached in self.thresholds:
            if self.figures.acknowledged >= count:
                reached.set()

    def url(self, process: int, table: str) -> str:
        return f"ws://127.0.0.1:{self.servers[process].port}/api/tables/{table}/ws"


async def _player(run: _Run, table: str, seat: int, token: str, home: int) -> None:
    """One person's seat: play to the game's end from the views pushed by ``home``."""
    bot = PlayFirstBot(seed=seat)
    rng = random.Random(f"{table}/{seat}")
    headers = {"Authorization": f"Bearer {token}"}
    deadline = time.monotonic() + DEADLINE
    async with httpx.AsyncClient(headers=headers, timeout=TIMEOUT) as http:
        while time.monotonic() < deadline:
            try:
                async with connect(run.url(home, table), open_timeout=TIMEOUT) as socket:
                    await socket.send(json.dumps({"type": "hello", "token": token}))
                    while True:
                        try:
                            text = await asyncio.wait_for(socket.recv(), QUIET)
                        except TimeoutError:
                            # No push for a while (a bot's turn, or a push lost with a
                            # process): ask for the table.
                            run.figures.quiet_asks += 1
                            message = await _get(run, http, table, rng)
                        else:
                            message = json.loads(text)
                            if _refused(run, table, message):
                                break  # the process closes this socket: connect again
                        while message is not None:
                            if from_data(message["view"], "view").is_over:
                                return
                            message = await _play(run, http, table, seat, bot, rng, message)
                await asyncio.sleep(0.2)  # refused: the database is back soon
            except (ConnectionClosed, InvalidHandshake, OSError):
                run.figures.reconnects += 1  # its process was killed: connect again
                await asyncio.sleep(0.05)
    run.figures.problems.append(f"{table}: seat {seat} did not finish in {DEADLINE} s")


def _refused(run: _Run, table: str, message: dict[str, Any]) -> bool:
    """Whether ``message`` is a process's refusal of a socket (it closes the socket next).

    A process whose database is restarting refuses a socket's hello with 503 ("try
    again"): the client counts it and connects again. Any other refusal is a problem.
    """
    if message.get("type") != "error":
        return False
    if message.get("status") == 503:
        run.figures.unavailable += 1
    else:
        run.figures.problems.append(f"{table}: a socket was refused: {message}")
    return True


async def _get(
    run: _Run, http: httpx.AsyncClient, table: str, rng: random.Random
) -> dict[str, Any] | None:
    server = rng.choice(run.servers)
    try:
        answer = await http.get(f"{server.base}/api/tables/{table}")
    except httpx.TransportError:
        run.figures.cut_off += 1
        return None
    if answer.status_code != 200:
        run.figures.unavailable += 1
        return None
    message: dict[str, Any] = answer.json()
    return message


async def _play(
    run: _Run,
    http: httpx.AsyncClient,
    table: str,
    seat: int,
    bot: PlayFirstBot,
    rng: random.Random,
    message: dict[str, Any],
) -> dict[str, Any] | None:
    """Post this seat's move if it is to move; a message to act on next, if any."""
    seen = from_data(message["view"], "view")
    if seen.player != seat:
        run.figures.problems.append(f"{table}: seat {seat} was sent seat {seen.player}'s view")
    if not message["legal"]:
        return None
    body = {"move": str(bot.choose(seen)), "version": message["version"]}
    server = rng.choice(run.servers)  # any process: no sticky sessions
    try:
        answer = await http.post(f"{server.base}/api/tables/{table}/moves", json=body)
    except httpx.TransportError:
        run.figures.cut_off += 1  # killed mid-post: stored or not, it was not acknowledged
        await asyncio.sleep(0.1)
        return await _get(run, http, table, rng)
    if answer.status_code == 200:
        run.acknowledged(table, message["version"], body["move"])
        return None
    if answer.status_code == 409:
        run.figures.stale_refused += 1  # a newer view is on its way
        return None
    if answer.status_code == 503:
        run.figures.unavailable += 1  # the database restarts: try again soon
        await asyncio.sleep(0.2)
        return await _get(run, http, table, rng)
    run.figures.problems.append(f"{table}: post {body} got {answer.status_code}")
    return None


async def _spectator(run: _Run, table: str, home: int) -> float:
    """Watch from ``home`` until the game is over; when this client saw the end."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        try:
            async with connect(run.url(home, table), open_timeout=TIMEOUT) as socket:
                await socket.send(json.dumps({"type": "hello", "token": None}))
                while True:
                    message = json.loads(await asyncio.wait_for(socket.recv(), DEADLINE))
                    if _refused(run, table, message):
                        break  # the process closes this socket: connect again
                    if message["view"]["hand"] is not None:
                        run.figures.problems.append(f"{table}: a spectator was sent a hand")
                    if from_data(message["view"], "view").is_over:
                        return time.perf_counter()
            await asyncio.sleep(0.2)  # refused: the database is back soon
        except (ConnectionClosed, InvalidHandshake, OSError):
            run.figures.reconnects += 1
            await asyncio.sleep(0.05)
    run.figures.problems.append(f"{table}: a spectator on process {home} never saw the end")
    return time.perf_counter()


async def _faults(run: _Run, pg: PostgresServer, kill: int, restart_db: int) -> None:
    """Kill process 1 at ``kill`` acknowledged moves; restart PostgreSQL at ``restart_db``."""
    plan = sorted(
        [(count, what) for count, what in ((kill, "kill"), (restart_db, "db")) if count > 0]
    )
    for count, what in plan:
        reached = asyncio.Event()
        run.thresholds.append((count, reached))
        if run.figures.acknowledged >= count:
            reached.set()
        await reached.wait()
        if what == "kill":
            victim = run.servers[1 % len(run.servers)]
            await asyncio.to_thread(victim.kill)
            run.figures.kills += 1
            await asyncio.to_thread(victim.start)
        else:
            await asyncio.to_thread(pg.stop)
            run.figures.db_restarts += 1
            await asyncio.to_thread(pg.start)


async def _run(
    run: _Run, rules: skipbo.Rules, pg: PostgresServer, kill: int, restart_db: int
) -> None:
    count = len(run.servers)
    created = [
        run.servers[number % count].create(rules, ["human", "human", "play-first"])
        for number in range(run.figures.tables)
    ]
    for table in created:
        run.acks[table["table"]] = {}
    start = time.perf_counter()
    players = [
        _player(run, table["table"], seat, token_of(table, seat), (number + seat) % count)
        for number, table in enumerate(created)
        for seat in (0, 1)
    ]
    spectators = [
        _spectator(run, table["table"], (number + 2 + k) % count)
        for number, table in enumerate(created)
        for k in (0, 1)
    ]
    run.figures.clients = len(players) + len(spectators)
    faults = asyncio.create_task(_faults(run, pg, kill, restart_db))
    seen_ends = await asyncio.gather(*spectators, asyncio.gather(*players))
    faults.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await faults
    for server in run.servers:
        if server.process is None:  # cancelled between a kill and its restart
            await asyncio.to_thread(server.start)
    ends = [end for end in seen_ends if isinstance(end, float)]
    run.figures.seconds = time.perf_counter() - start
    run.figures.converged_after = max(0.0, max(ends) - run.last_ack)
    for table in created:
        _check_table(run, table["table"])


def _check_table(run: _Run, table: str) -> None:
    """Every ack stored once at its version; every process shows the same final table."""
    figures, acks = run.figures, run.acks[table]
    status, record_data = run.servers[0].request("GET", f"/api/tables/{table}/games/1/record")
    if status != 200:
        figures.problems.append(f"{table}: no record ({status})")
        return
    record = from_data(record_data, "record")
    moves = [str(move) for move in record.moves]
    for version, move in acks.items():
        if version >= len(moves) or moves[version] != move:
            figures.problems.append(f"{table}: acknowledged move {version} {move} not stored")
    bots = [v for v, seat in enumerate(_movers(record)) if seat == 2 and v not in acks]
    figures.bot_moves += len(bots)
    unacknowledged = len(moves) - len(acks) - len(bots)
    if unacknowledged and not (figures.kills or figures.db_restarts):
        figures.problems.append(f"{table}: {len(moves)} stored, {len(acks)} acknowledged")
    figures.stored_unacknowledged += unacknowledged
    expected = skipbo.spectator_view(final_state(record))
    for number, server in enumerate(run.servers):
        _, message = server.request("GET", f"/api/tables/{table}")
        if message["version"] != len(moves) or from_data(message["view"], "view") != expected:
            figures.problems.append(f"{table}: process {number} shows another table")


def _movers(record: skipbo.GameRecord) -> list[int]:
    """The seat that made each of the record's moves."""
    return [state.current_player for state in replay(record)][: len(record.moves)]


def run_cluster(
    pg: PostgresServer,
    rules: skipbo.Rules,
    *,
    processes: int = 3,
    tables: int = 50,
    kill: int = 0,
    restart_db: int = 0,
    log_dir: Path,
    lease_retry: float = 1.0,
) -> Figures:
    """Run ``processes`` servers on a fresh database of ``pg`` and play ``tables`` tables.

    Each table has two people's seats and a play-first bot; ``kill`` and
    ``restart_db`` are the acknowledged-move counts of the faults (0: none).
    """
    url = pg.new_database()
    options = ["--bot-delay", "0", "--moves-per-second", "100000", "--tables-per-minute", "1e6"]
    options += ["--lease-retry", str(lease_retry)]
    # Every client comes from 127.0.0.1: lift the per-address caps (skipbo.web.budget).
    options += ["--connections-per-address", "100000", "--spectators-per-address", "100000"]
    servers = [Server(url, options, log=log_dir / f"server{n}.log") for n in range(processes)]
    run = _Run(servers, Figures(processes=processes, tables=tables), {})
    try:
        for server in servers:
            server.process = server.spawn()
        for server in servers:
            assert server.request("GET", "/api/presets")[0] == 200  # queued until it serves
        asyncio.run(_run(run, rules, pg, kill, restart_db))
    finally:
        for server in servers:
            server.stop()
            server.socket.close()
    return run.figures


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--stock-size", type=int, default=3)
    parser.add_argument("--kill", type=int, default=0, help="kill a process at N acks")
    parser.add_argument("--restart-db", type=int, default=0, help="restart PostgreSQL at N acks")
    parser.add_argument("--lease-retry", type=float, default=1.0)
    parser.add_argument("--logs", type=Path, default=None, help="keep the servers' logs here")
    args = parser.parse_args(argv)
    rules = skipbo.Rules(players=3, stock_size=args.stock_size)
    with running_postgres() as pg:
        logs = args.logs or pg.root  # removed with the database unless asked for
        logs.mkdir(parents=True, exist_ok=True)
        figures = run_cluster(
            pg,
            rules,
            processes=args.processes,
            tables=args.tables,
            kill=args.kill,
            restart_db=args.restart_db,
            log_dir=logs,
            lease_retry=args.lease_retry,
        )
    rate = (figures.acknowledged + figures.bot_moves) / figures.seconds
    print(f"{figures.processes} processes, {figures.tables} tables, {figures.clients} clients")
    print(
        f"{figures.acknowledged} people's moves acknowledged and {figures.bot_moves} bot moves"
        f" in {figures.seconds:.1f} s ({rate:.0f} moves/s)"
    )
    print(f"{figures.kills} process kills (SIGKILL), {figures.db_restarts} database restarts")
    print(f"{figures.reconnects} reconnections, {figures.cut_off} posts cut off")
    print(f"{figures.unavailable} answers 503 (database away), {figures.stale_refused} stale 409s")
    print(f"{figures.quiet_asks} asks after {QUIET} s without a push")
    print(f"{figures.stored_unacknowledged} moves stored whose acknowledgement was cut off")
    print(f"every spectator saw the end {figures.converged_after:.2f} s after the last ack")
    print(f"problems: {len(figures.problems)}")
    for problem in figures.problems[:20]:
        print("  " + problem)


if __name__ == "__main__":
    main()
