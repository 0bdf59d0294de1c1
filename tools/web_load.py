"""Load on the web server: concurrent WebSocket clients play bot-driven games.

    python -m tools.web_load --clients 200 --stock-size 10 [--kills 5 --every 2]

starts a server (a fresh SQLite file), opens one table per two clients (two
people's seats), and lets every client play its seat with the play-first policy
from the views pushed to it, posting each move with its version over HTTP; some
posts are sent twice (a retry) and must be refused. Then it checks that every
acknowledged move is in its table's stored record exactly once, at the version
it was acknowledged at, and that each record replays to the server's final
state; and prints the figures. The test suite runs a bounded version
(``tests/web/test_server.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import attrs
import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

import skipbo
from skipbo.games.skipbo.bots import PlayFirstBot
from skipbo.games.skipbo.records import final_state
from skipbo.games.skipbo.serialization import from_data
from tools.webserver import TIMEOUT, Server, running_server, token_of

MAX_RECONNECTS = 100
"""How often one client may connect again before it gives up (bounds every loop)."""


@attrs.define
class Figures:
    """What a load run measured."""

    clients: int
    tables: int
    acknowledged: int = 0
    retries_refused: int = 0
    stale_refused: int = 0
    pushes: int = 0
    reconnects: int = 0
    kills: int = 0
    stored_unacknowledged: int = 0
    retry_rate: float = 0.05
    seconds: float = 0.0
    problems: list[str] = attrs.field(factory=list)


async def _client(
    server: Server,
    table: str,
    seat: int,
    token: str,
    acks: dict[int, str],
    figures: Figures,
) -> None:
    """One seat's client: play until the game is over, from the pushed views only.

    When the server dies, the client connects again (the server comes back on the
    same socket) and goes on from the view it is sent.
    """
    bot = PlayFirstBot(seed=seat)
    rng = random.Random(f"{table}/{seat}")
    url = f"ws://127.0.0.1:{server.port}/api/tables/{table}/ws"
    headers = {"Authorization": f"Bearer {token}"}
    for _ in range(MAX_RECONNECTS):
        try:
            async with (
                httpx.AsyncClient(base_url=server.base, headers=headers, timeout=TIMEOUT) as http,
                connect(url, open_timeout=TIMEOUT) as socket,
            ):
                await socket.send(json.dumps({"type": "hello", "token": token}))
                while True:
                    message = json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT))
                    if not await _answer(http, message, table, seat, bot, rng, acks, figures):
                        return
        except (ConnectionClosed, InvalidHandshake, OSError, httpx.TransportError):
            # The server died, or cut this client off as too slow (a busy test process
            # can be late with its headers or its answers to pings): connect again.
            figures.reconnects += 1
            await asyncio.sleep(0.05)
    figures.problems.append(f"{table}: seat {seat} could not finish its game")


async def _answer(
    http: httpx.AsyncClient,
    message: Any,
    table: str,
    seat: int,
    bot: PlayFirstBot,
    rng: random.Random,
    acks: dict[int, str],
    figures: Figures,
) -> bool:
    """Play on a pushed message if it is this seat's turn; False once the game is over."""
    figures.pushes += 1
    seen = from_data(message["view"], "view")
    if seen.player != seat:
        figures.problems.append(f"{table}: seat {seat} was sent seat {seen.player}'s view")
    if seen.is_over:
        return False
    if not message["legal"]:
        return True
    body = {"move": str(bot.choose(seen)), "version": message["version"]}
    answer = await http.post(f"/api/tables/{table}/moves", json=body)
    if answer.status_code == 200:
        figures.acknowledged += 1
        acks[message["version"]] = body["move"]
        if rng.random() < figures.retry_rate:  # the same post again, as a retry would
            again = await http.post(f"/api/tables/{table}/moves", json=body)
            if again.status_code != 409:
                figures.problems.append(f"{table}: a retry got {again.status_code}")
            figures.retries_refused += 1
    elif answer.status_code == 409:
        figures.stale_refused += 1
    else:
        figures.problems.append(f"{table}: post {body} got {answer.status_code}")
    return True


def _check_table(server: Server, table: str, acks: dict[int, str], figures: Figures) -> None:
    status, record_data = server.request("GET", f"/api/tables/{table}/games/1/record")
    if status != 200:
        figures.problems.append(f"{table}: no record ({status})")
        return
    record = from_data(record_data, "record")
    moves = [str(move) for move in record.moves]
    for version, move in acks.items():
        if version >= len(moves) or moves[version] != move:
            figures.problems.append(f"{table}: acknowledged move {version} {move} not stored")
    # A move stored just before a kill may never have been acknowledged: that is
    # allowed (its client saw the connection die), but only then.
    unacknowledged = len(moves) - len(acks)
    if unacknowledged and not figures.kills:
        figures.problems.append(f"{table}: {len(moves)} stored, {len(acks)} acknowledged")
    figures.stored_unacknowledged += unacknowledged
    _, message = server.request("GET", f"/api/tables/{table}")
    if from_data(message["view"], "view") != skipbo.spectator_view(final_state(record)):
        figures.problems.append(f"{table}: the record does not replay to the server's state")


async def _killer(server: Server, kills: int, every: float, figures: Figures) -> None:
    """Kill the server (SIGKILL) ``kills`` times, ``every`` seconds, restarting it each time."""
    for _ in range(kills):
        await asyncio.sleep(every)
        await asyncio.to_thread(server.kill)
        figures.kills += 1
        await asyncio.to_thread(server.start)


async def _run(
    server: Server, rules: skipbo.Rules, figures: Figures, kills: int, every: float
) -> Figures:
    tables = [server.create(rules, ["human", "human"]) for _ in range(figures.tables)]
    acks: dict[str, dict[int, str]] = {created["table"]: {} for created in tables}
    start = time.perf_counter()
    players = asyncio.gather(
        *(
            _client(
                server,
                table["table"],
                seat,
                token_of(table, seat),
                acks[table["table"]],
                figures,
            )
            for table in tables
            for seat in (0, 1)
        )
    )
    killer = asyncio.create_task(_killer(server, kills, every, figures))
    await players
    killer.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await killer
    if server.process is None:  # cancelled between a kill and its restart
        await asyncio.to_thread(server.start)
    figures.seconds = time.perf_counter() - start
    for table, table_acks in acks.items():
        _check_table(server, table, table_acks, figures)
    return figures


def run_load(
    db: Path,
    rules: skipbo.Rules,
    clients: int,
    *,
    kills: int = 0,
    every: float = 1.0,
    sync: str = "full",
) -> Figures:
    """Start a server on ``db`` and play ``clients // 2`` tables to their end; the figures.

    With ``kills``, the server is killed and restarted that many times, ``every``
    seconds, while the games go on.
    """
    figures = Figures(clients=clients, tables=clients // 2)
    # Posts come as fast as the loopback allows: the per-seat rate limit is lifted.
    options: tuple[str, ...] = ("--bot-delay", "0", "--moves-per-second", "100000")
    options += ("--tables-per-minute", "1e6")
    # Every client comes from 127.0.0.1: lift the per-address cap (two connections each).
    options += ("--connections-per-address", str(4 * clients + 16))
    options += ("--spectators-per-address", str(clients + 16))
    options += ("--sync", sync)
    with running_server(db, *options) as server:
        return asyncio.run(_run(server, rules, figures, kills, every))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--stock-size", type=int, default=10)
    parser.add_argument("--kills", type=int, default=0, help="kill the server this often")
    parser.add_argument("--every", type=float, default=2.0, help="seconds between kills")
    parser.add_argument("--sync", choices=("full", "normal"), default="full")
    args = parser.parse_args()
    rules = skipbo.Rules(players=2, stock_size=args.stock_size)
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "load.sqlite3"
        figures = run_load(
            path, rules, args.clients, kills=args.kills, every=args.every, sync=args.sync
        )
    rate = figures.acknowledged / figures.seconds
    print(f"{figures.clients} clients, {figures.tables} tables, stock size {args.stock_size}")
    print(f"{figures.acknowledged} moves acknowledged in {figures.seconds:.1f} s ({rate:.0f}/s)")
    print(f"{figures.pushes} views pushed; {figures.retries_refused} retries refused (409)")
    print(f"{figures.stale_refused} stale posts refused (409)")
    print(f"{figures.kills} kills (SIGKILL) and restarts, {figures.reconnects} reconnections")
    print(f"{figures.stored_unacknowledged} moves stored whose acknowledgement was cut off")
    print(f"problems: {len(figures.problems)}")
    for problem in figures.problems[:20]:
        print("  " + problem)


if __name__ == "__main__":
    main()
