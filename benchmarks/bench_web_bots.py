"""How long another table's bot takes a turn while other tables' bots think hard (W4).

An attacker opens ``--tables`` tables of one person and five ``search`` bots on
the largest rules the server allows by default (six players, stock size 26), and
plays its person's moves at once whenever it is their turn, so their bots think
without a pause. Meanwhile a person at another table ([person, search], two
players) plays, and each of its bot's turns is timed: from the person's move's
acknowledgement until it is the person's turn again. A probe's GETs are timed
too, and, from the server's log, each of that bot's moves: the time from its
table's asking to its answer, which the server bounds by ``--bot-seconds``. The
same run without the attacker gives the quiet figures: the ratios of the two,
measured in one run, are the figures to report.

    python benchmarks/bench_web_bots.py [--tables 12] [--seconds 60] [--option=--bot-workers ...]

Run it against main's code (``PYTHONPATH=<main's src>``) for the figures before.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from tools.webserver import TIMEOUT, Server, running_server, token_of

import skipbo
from skipbo.games.skipbo.serialization import to_data
from skipbo.web.botpool import OUT_OF_TIME

BIG = skipbo.Rules(players=6, stock_size=26)
SMALL = skipbo.Rules(players=2, stock_size=26)


def _body(rules: skipbo.Rules, seats: list[str]) -> dict[str, Any]:
    return {"rules": to_data(rules), "seats": seats, "target": 500}


async def _play_person(http: httpx.AsyncClient, created: Any, seat: int = 0) -> bool:
    """Play the person's first legal move if it is their turn; whether the game goes on."""
    table, token = created["table"], token_of(created, seat)
    headers = {"Authorization": f"Bearer {token}"}
    mine = (await http.get(f"/api/tables/{table}", headers=headers)).json()
    if mine["view"]["outcome"] is not None:
        return False
    if mine["legal"]:
        body = {"move": mine["legal"][0], "version": mine["version"]}
        await http.post(f"/api/tables/{table}/moves", json=body, headers=headers)
    return True


async def _attacker(server: Server, tables: int, stop: asyncio.Event) -> None:
    async with httpx.AsyncClient(base_url=server.base, timeout=TIMEOUT) as http:
        created = []
        for _ in range(tables):
            answer = await http.post("/api/tables", json=_body(BIG, ["human"] + ["search"] * 5))
            created.append(answer.json())
        while not stop.is_set():
            for table in created:
                await _play_person(http, table)
            await asyncio.sleep(0.1)


async def _probe(server: Server, stop: asyncio.Event, latencies: list[float]) -> None:
    async with httpx.AsyncClient(base_url=server.base, timeout=TIMEOUT) as http:
        while not stop.is_set():
            start = time.perf_counter()
            await http.get("/api/presets")
            latencies.append(time.perf_counter() - start)
            await asyncio.sleep(0.1)


async def _person(server: Server, seconds: float, turns: list[float], tables: list[str]) -> None:
    """Play at a [person, search] table for ``seconds``; each bot turn's duration."""
    async with httpx.AsyncClient(base_url=server.base, timeout=TIMEOUT) as http:
        created = (await http.post("/api/tables", json=_body(SMALL, ["human", "search"]))).json()
        table, token = created["table"], token_of(created, 0)
        tables.append(table)
        headers = {"Authorization": f"Bearer {token}"}
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            mine = (await http.get(f"/api/tables/{table}", headers=headers)).json()
            if mine["view"]["outcome"] is not None:
                return
            if not mine["legal"]:
                await asyncio.sleep(0.01)
                continue
            move = mine["legal"][0]
            body = {"move": move, "version": mine["version"]}
            await http.post(f"/api/tables/{table}/moves", json=body, headers=headers)
            if move.endswith(tuple(f">d{pile}" for pile in range(8))):  # a discard: bot's turn
                start = time.perf_counter()
                while True:
                    again = (await http.get(f"/api/tables/{table}", headers=headers)).json()
                    if again["legal"] or again["view"]["outcome"] is not None:
                        break
                    await asyncio.sleep(0.01)
                turns.append(time.perf_counter() - start)


def _figures(label: str, turns: list[float], gets: list[float]) -> str:
    ordered = sorted(gets)
    p90 = ordered[int(len(ordered) * 0.9)] if ordered else 0.0
    median = statistics.median(turns) if turns else 0.0
    return (
        f"{label}: {len(turns)} bot turns at the other table, median {median:.2f} s,"
        f" max {max(turns, default=0.0):.2f} s; GET p90 {p90 * 1000:.0f} ms"
    )


def _moves(log: str, table: str) -> str:
    """The bot moves of ``table`` in the server's log: their times, and the cheap ones."""
    events = [json.loads(line) for line in log.splitlines() if line.startswith("{")]
    times = [
        e["seconds"]
        for e in events
        if e["event"] == "move" and e.get("bot") and e.get("table") == table
    ]
    cheap = sum(e["event"] in OUT_OF_TIME and e.get("table") == table for e in events)
    if not times:
        return "no bot moves logged"
    # The server's first bot move also waits for the workers to start (not a move's wait).
    return (
        f"{len(times)} bot moves, median {statistics.median(times):.3f} s,"
        f" max {max(times):.3f} s (the first {times[0]:.3f} s,"
        f" the rest at most {max(times[1:], default=0):.3f} s);"
        f" {cheap} out of time (cheap move)"
    )


async def _run(server: Server, tables: int, seconds: float) -> tuple[str, str, list[str]]:
    quiet_turns: list[float] = []
    quiet_gets: list[float] = []
    mine: list[str] = []
    stop = asyncio.Event()
    probe = asyncio.create_task(_probe(server, stop, quiet_gets))
    await _person(server, seconds / 2, quiet_turns, mine)
    stop.set()
    await probe
    turns: list[float] = []
    gets: list[float] = []
    stop = asyncio.Event()
    attacker = asyncio.create_task(_attacker(server, tables, stop))
    probe = asyncio.create_task(_probe(server, stop, gets))
    await asyncio.sleep(2.0)  # the attacker's bots get going
    await _person(server, seconds, turns, mine)
    stop.set()
    await asyncio.gather(attacker, probe)
    return (
        _figures("quiet", quiet_turns, quiet_gets),
        _figures(f"{tables} tables of 5 search bots", turns, gets),
        mine,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--option", action="append", default=[], help="a server option")
    args = parser.parse_args()
    options = ["--bot-delay", "0", "--tables-per-minute", "100", *args.option]
    with tempfile.TemporaryDirectory() as directory:
        db = Path(directory) / "bots.sqlite3"
        with running_server(db, *options) as server:
            quiet, busy, (alone, beside) = asyncio.run(_run(server, args.tables, args.seconds))
            log = server.log.read_text()
    print(quiet, f"({_moves(log, alone)})")
    print(busy, f"({_moves(log, beside)})")
    print(
        f"every table's bot moves out of time (cheap move played): {log.count('bot-overrun')}"
        f" overran, {log.count('bot-no-worker')} found no worker in time,"
        f" {log.count('bot-too-late')} found one too late to think"
    )


if __name__ == "__main__":
    main()
