"""Seats that never stall, on a real server: a stand-in bot plays the seat of a person
whose page closed (or whose turn timer ran out) until they come back.

The table's options are one second; every verdict waits for the event it checks
(a stand-in's move, the seat given back), so none depends on the machine's speed.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from tools.webserver import TIMEOUT, Server, running_server, token_of
from websockets.sync.client import ClientConnection, connect

import skipbo
from skipbo.games.skipbo.serialization import to_data

RULES = skipbo.Rules(players=2)
"""Stocks of 30: the game lasts long after the checks."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    with running_server(db, "--bot-delay", "0", "--moves-per-second", "1000") as started:
        yield started


def open_table(server: Server, options: dict[str, Any]) -> Any:
    body = {"rules": to_data(RULES), "seats": ["human", "human"], "target": None}
    status, created = server.request("POST", "/api/tables", body | {"options": options})
    assert status == 201, created
    return created


def message(server: Server, table: str) -> Any:
    status, found = server.request("GET", f"/api/tables/{table}")
    assert status == 200, found
    return found


def wait_until(server: Server, table: str, check: Callable[[Any], bool]) -> Any:
    """The table's message once ``check`` holds for it (polling; bounded by TIMEOUT)."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        found = message(server, table)
        if check(found):
            return found
        time.sleep(0.05)
    raise AssertionError(f"not within {TIMEOUT} s: {message(server, table)}")


@pytest.fixture
def pages() -> Iterator[contextlib.ExitStack]:
    """Where the tests' sockets are opened: each closed at the end (if still open)."""
    with contextlib.ExitStack() as stack:
        yield stack


def seat_socket(
    pages: contextlib.ExitStack, server: Server, table: str, token: str
) -> ClientConnection:
    """A seat's page: its socket, after its hello (and its first message)."""
    url = f"ws://127.0.0.1:{server.port}/api/tables/{table}/ws"
    page = pages.enter_context(connect(url, open_timeout=TIMEOUT))
    page.send(json.dumps({"type": "hello", "token": token}))
    assert json.loads(page.recv(timeout=TIMEOUT))["type"] == "table"
    return page


def stood_in_moves(found: Any, seat: int) -> int:
    return sum(1 for entry in found["last"] if entry["seat"] == seat and entry["stand_in"])


def test_a_disconnected_players_seat_is_played_by_a_bot_until_they_return(
    server: Server, pages: contextlib.ExitStack
) -> None:
    created = open_table(server, {"away_seconds": 1})
    table = created["table"]
    mover = message(server, table)["view"]["current_player"]
    seat_socket(pages, server, table, token_of(created, 1 - mover))  # stays connected
    page = seat_socket(pages, server, table, token_of(created, mover))
    time.sleep(0.1)
    assert message(server, table)["away"] == []  # connected: nobody stands in
    page.close()  # the mover's page goes away
    found = wait_until(
        server, table, lambda m: m["view"]["current_player"] == 1 - mover
    )  # the stand-in played the mover's whole turn
    assert found["away"] == [mover]
    assert stood_in_moves(found, mover) >= 1
    assert all(entry["stand_in"] is False for entry in found["last"] if entry["seat"] != mover)
    # The other seat, connected, is never stood in for: its turn waits for it.
    time.sleep(1.5)
    assert message(server, table)["view"]["current_player"] == 1 - mover
    # The player returns: the seat is theirs again, their page shows their moves.
    seat_socket(pages, server, table, token_of(created, mover))
    found = wait_until(server, table, lambda m: m["away"] == [])
    other_token = token_of(created, 1 - mover)
    status, seen = server.request("GET", f"/api/tables/{table}", token=other_token)
    move = {"move": seen["legal"][-1], "version": seen["version"]}  # a discard: the turn ends
    assert move["move"].split(">")[1].startswith("d")
    status, _ = server.request("POST", f"/api/tables/{table}/moves", move, token=other_token)
    assert status == 200
    status, mine = server.request("GET", f"/api/tables/{table}", token=token_of(created, mover))
    assert mine["view"]["current_player"] == mover
    assert mine["legal"]  # the person plays their seat again


def test_a_turn_timer_that_runs_out_lets_a_bot_play_until_the_player_takes_the_seat_back(
    server: Server, pages: contextlib.ExitStack
) -> None:
    created = open_table(server, {"turn_seconds": 1, "stand_in": "play-first"})
    table = created["table"]
    mover = message(server, table)["view"]["current_player"]
    for seat in (0, 1):
        seat_socket(pages, server, table, token_of(created, seat))
    # Both pages are open, but the mover does not move: its time runs out.
    found = wait_until(server, table, lambda m: mover in m["away"] and stood_in_moves(m, mover) > 0)
    assert found["options"]["turn_seconds"] == 1
    token = token_of(created, mover)
    status, answer = server.request("POST", f"/api/tables/{table}/back", {}, token=token)
    assert status == 200, answer
    wait_until(server, table, lambda m: mover not in m["away"])
    assert server.request("POST", f"/api/tables/{table}/back", {}, token=None)[0] == 403
