"""Hostile clients against ``python -m skipbo.web``: each attack's figures, over loopback.

    python -m tools.web_attacks [--attack w1 w2 w3 hold] [--sockets 1024] [--moves 200]

Each attack starts a fresh server (a new SQLite file), comes from its own loopback
address (``127.0.0.2``: Linux routes all of ``127.0.0.0/8`` to the loopback), and
measures what another client, from ``127.0.0.1``, still gets meanwhile:

- ``w1``: idle spectator WebSockets on tables the attacker opened itself; how many
  were accepted, and the statuses other clients' requests got while they stayed open;
- ``w2``: WebSockets against ``--max-connections 50``; how many were accepted;
- ``w3``: connections whose headers never end, opened again as soon as the server
  closes them; the statuses other clients got meanwhile;
- ``hold``: all of the above at once, from one address; a person seated at another
  table plays both its seats and each move's latency is measured (p50, p99, max);
- ``quiet``: the same person's moves with no attack, for comparison.

The test suite runs bounded versions of each (``tests/web/test_hostile.py``);
this script prints the figures quoted in the guide ("Hostile clients").
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import socket
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

import skipbo
from skipbo.games.skipbo.serialization import to_data
from tools.webserver import TIMEOUT, Server, running_server, token_of

ATTACKER = "127.0.0.2"
"""The attacker's own loopback address (the server listens on 127.0.0.1)."""

RULES = skipbo.Rules(players=2, stock_size=5)


@attrs.define
class Figures:
    """What one attack measured."""

    attack: str
    held: Counter[str] = attrs.field(factory=Counter)
    """What the attacker got: sockets accepted, refused (by status or close code)."""
    others: Counter[int] = attrs.field(factory=Counter)
    """The statuses of other clients' requests while the attack went on."""
    latencies: list[float] = attrs.field(factory=list)
    """Seconds from a seated person's move post to its acknowledgement."""
    unacknowledged: int = 0

    def lines(self) -> list[str]:
        """The figures, one line each."""
        out = [f"{self.attack}: attacker {dict(sorted(self.held.items()))}"]
        out.append(f"{self.attack}: other clients' statuses {dict(sorted(self.others.items()))}")
        if self.latencies or self.unacknowledged:
            ordered = sorted(self.latencies)
            p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] if ordered else 0.0
            median = statistics.median(ordered) if ordered else 0.0
            out.append(
                f"{self.attack}: {len(ordered)} moves acknowledged, {self.unacknowledged} not;"
                f" p50 {median * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms,"
                f" max {max(ordered, default=0.0) * 1000:.1f} ms"
            )
        return out


def create_body() -> dict[str, Any]:
    """The body of a new two-person table."""
    return {"rules": to_data(RULES), "seats": ["human", "human"], "target": 500}


def _attacker_http() -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=ATTACKER)
    return httpx.AsyncClient(transport=transport, timeout=TIMEOUT)


async def open_tables(base: str, count: int, held: Counter[str]) -> list[Any]:
    """As many of ``count`` new tables as the attacker may create (their ids)."""
    created = []
    async with _attacker_http() as http:
        for _ in range(count):
            answer = await http.post(base + "/api/tables", json=create_body())
            if answer.status_code != 201:
                held[f"tables refused {answer.status_code}"] += 1
                break
            created.append(answer.json()["table"])
    held["tables"] = len(created)
    return created


async def spectate(port: int, table: str, held: Counter[str]) -> ClientConnection | None:
    """One spectator socket from the attacker's address; kept open if the server sends a view."""
    url = f"ws://127.0.0.1:{port}/api/tables/{table}/ws"
    try:
        client = await connect(url, open_timeout=TIMEOUT, local_addr=(ATTACKER, 0))
    except InvalidStatus as refused:
        held[f"sockets refused {refused.response.status_code}"] += 1
        return None
    except (InvalidHandshake, OSError, TimeoutError):
        held["sockets failed"] += 1
        return None
    try:
        await client.send(json.dumps({"type": "hello", "token": None}))
        message = json.loads(await asyncio.wait_for(client.recv(), TIMEOUT))
    except (ConnectionClosed, TimeoutError):
        held["sockets closed"] += 1
        await client.close()
        return None
    if message.get("type") != "table":
        held[f"sockets refused {message.get('status')}"] += 1
        await client.close()
        return None
    held["sockets accepted"] += 1
    return client


async def slow_headers(port: int, count: int, stop: asyncio.Event, held: Counter[str]) -> None:
    """Keep ``count`` connections sending headers that never end, reopening closed ones.

    A connection the server closed is opened again at once; one it refused (an
    answer) after half a second, as a client that retries would.
    """

    async def one() -> None:
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(ATTACKER, 0)
                )
            except OSError:
                held["slow connect failed"] += 1
                await asyncio.sleep(0.5)
                continue
            held["slow connections opened"] += 1
            answered = False
            try:
                writer.write(b"GET /api/presets HTTP/1.1\r\nHost: x\r\n")
                while not stop.is_set():
                    with contextlib.suppress(TimeoutError):
                        # A byte a second; the read returns once the server is done.
                        answered = bool(await asyncio.wait_for(reader.read(1024), 1.0))
                        break
                    writer.write(b"X")
            except OSError:
                pass
            finally:
                writer.close()
            if answered:
                held["slow connections refused"] += 1
                await asyncio.sleep(0.5)

    await asyncio.gather(*(one() for _ in range(count)))


async def _attack(
    base: str, port: int, plan: tuple[int, int, int], holding: Any, stop: Any
) -> Counter[str]:
    """Hold ``plan`` (tables, spectator sockets, slow connections) until ``stop`` is set."""
    tables, sockets, connections = plan
    held: Counter[str] = Counter()
    ids = await open_tables(base, tables, held) if tables else []
    clients = []
    for number in range(sockets if ids else 0):
        client = await spectate(port, ids[number % len(ids)], held)
        if client is not None:
            clients.append(client)
    done = asyncio.Event()
    slow = asyncio.create_task(slow_headers(port, connections, done, held))
    await asyncio.sleep(1.0 if connections else 0.0)  # let them pile up
    holding.set()
    while not stop.is_set():
        await asyncio.sleep(0.05)
    done.set()
    await slow
    await asyncio.gather(*(client.close() for client in clients), return_exceptions=True)
    return held


def _attacker(
    base: str, port: int, plan: tuple[int, int, int], holding: Any, stop: Any, out: Any
) -> None:
    """The attacker's process (its own event loop and CPU, not the measurer's)."""
    out.put(dict(asyncio.run(_attack(base, port, plan, holding, stop))))


async def probe(server: Server, figures: Figures, stop: asyncio.Event) -> None:
    """Another client's GETs, from 127.0.0.1, until ``stop``: their statuses."""
    async with httpx.AsyncClient(timeout=TIMEOUT) as http:
        while not stop.is_set():
            try:
                answer = await http.get(server.base + "/api/presets")
                figures.others[answer.status_code] += 1
            except httpx.TransportError:
                figures.others[0] += 1
            await asyncio.sleep(0.05)


async def play_seated(server: Server, created: Any, moves: int, figures: Figures) -> None:
    """A person at their own table (both seats) posts ``moves`` moves: each one's latency."""
    table = created["table"]
    tokens = [token_of(created, seat) for seat in (0, 1)]
    async with httpx.AsyncClient(base_url=server.base, timeout=TIMEOUT) as http:
        for _ in range(moves):
            try:
                seat = (await _message(http, table, None))["view"]["current_player"]
                headers = {"Authorization": f"Bearer {tokens[seat]}"}
                mine = await _message(http, table, headers)
            except (httpx.TransportError, ValueError):
                figures.unacknowledged += 1  # not even the table could be read
                continue
            if not mine["legal"]:  # the game is over
                break
            body = {"move": mine["legal"][0], "version": mine["version"]}
            start = time.perf_counter()
            try:
                answer = await http.post(f"/api/tables/{table}/moves", json=body, headers=headers)
                ok = answer.status_code == 200
            except httpx.TransportError:
                ok = False
            if ok:
                figures.latencies.append(time.perf_counter() - start)
            else:
                figures.unacknowledged += 1


async def _message(http: httpx.AsyncClient, table: str, headers: dict[str, str] | None) -> Any:
    answer = await http.get(f"/api/tables/{table}", headers=headers)
    if answer.status_code != 200:
        raise ValueError(answer.status_code)
    return answer.json()


async def _measure(
    server: Server, figures: Figures, seconds: float, moves: int, seated: Any
) -> None:
    """Probe other clients for ``seconds`` (or while ``moves`` seated moves are played)."""
    stop = asyncio.Event()
    prober = asyncio.create_task(probe(server, figures, stop))
    if moves:
        await play_seated(server, seated, moves, figures)
    else:
        await asyncio.sleep(seconds)
    stop.set()
    await prober


PLANS: dict[str, Callable[[argparse.Namespace], tuple[int, int, int]]] = {
    "w1": lambda args: (32, args.sockets, 0),
    "w2": lambda args: (8, 150, 0),
    "w3": lambda args: (0, 0, args.connections),
    "hold": lambda args: (32, args.sockets, args.connections),
    "quiet": lambda args: (0, 0, 0),
}
"""Each attack's plan: tables opened, spectator sockets held, slow connections kept."""


def run(attack: str, db: Path, options: Sequence[str], args: argparse.Namespace) -> Figures:
    """Start a server on ``db`` with ``options`` and run ``attack`` against it."""
    figures = Figures(attack)
    context = multiprocessing.get_context("spawn")
    holding, stop, out = context.Event(), context.Event(), context.Queue()
    with running_server(db, *options) as server:
        seated = server.create(RULES, ["human", "human"])  # a person's table, made before
        plan = PLANS[attack](args)
        attacker = context.Process(
            target=_attacker, args=(server.base, server.port, plan, holding, stop, out)
        )
        attacker.start()
        try:
            if not holding.wait(300):
                raise RuntimeError("the attacker never got going")
            moves = args.moves if attack in ("hold", "quiet") else 0
            asyncio.run(_measure(server, figures, args.seconds, moves, seated))
        finally:
            stop.set()
            figures.held.update(out.get(timeout=300))
            attacker.join(60)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--attack", nargs="+", default=["w1", "w2", "w3", "quiet", "hold"])
    parser.add_argument("--sockets", type=int, default=1024, help="spectator sockets (w1, hold)")
    parser.add_argument("--connections", type=int, default=1200, help="slow ones (w3, hold)")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long others probe")
    parser.add_argument("--moves", type=int, default=200, help="seated moves (hold)")
    parser.add_argument("--option", action="append", default=[], help="a server option")
    args = parser.parse_args()
    socket.setdefaulttimeout(TIMEOUT)
    for attack in args.attack:
        options = ["--bot-delay", "0", *args.option]
        if attack == "w2":
            options += ["--max-connections", "50"]
        with tempfile.TemporaryDirectory() as directory:
            figures = run(attack, Path(directory) / "attack.sqlite3", options, args)
        print("\n".join(figures.lines()), flush=True)


if __name__ == "__main__":
    main()
