"""Spectators' chat: only at a table whose options let them, under a spectator's name,
rate- and length-limited like a seat's, shown as text, and never a move.

The referee's own checks run on a fake clock; the socket's on a real server.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from http import HTTPStatus
from pathlib import Path
from typing import Any

import pytest
from tools.webserver import TIMEOUT, Server, running_server, token_of
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

import skipbo
from skipbo.games.skipbo.serialization import to_data
from skipbo.web.protocol import TableOptions, WebError
from skipbo.web.storage import SQLiteStorage
from skipbo.web.tables import (
    ADDRESS_CHAT_RATE,
    CHAT_RATE,
    MAX_CHAT,
    Table,
    Tables,
    check_name,
)

RULES = skipbo.Rules(players=2, stock_size=3)
SCRIPT = '<img src=x onerror="alert(1)"><script>alert(1)</script>'


class FakeClock:
    """Seconds that pass only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def refused(status: HTTPStatus, call: Callable[..., object], *args: object) -> WebError:
    with pytest.raises(WebError) as caught:
        call(*args)
    assert caught.value.status == status, caught.value.message
    return caught.value


def new_table(tmp_path: Path, clock: FakeClock, spectator_chat: bool) -> tuple[Tables, Table]:
    tables = Tables(SQLiteStorage(tmp_path / "tables.sqlite3"), clock=clock)
    options = TableOptions(spectator_chat=spectator_chat)
    table, _ = tables.create(RULES, ["human", "human"], None, options)
    return tables, table


def stored_events(tables: Tables, table: Table) -> list[str]:
    return [event.event for event in tables.storage.events(table.id, 0)]


def test_spectators_neither_read_nor_write_the_chat_of_a_table_that_does_not_let_them(
    tmp_path: Path,
) -> None:
    tables, table = new_table(tmp_path, FakeClock(), spectator_chat=False)
    table.say(tables.storage, 0, "between us")
    before = stored_events(tables, table)
    error = refused(
        HTTPStatus.FORBIDDEN,
        table.say_as_spectator,
        tables.storage,
        None,
        "hello",
        "connection 1",
        "10.0.0.1",
    )
    assert error.message == "spectators may not chat at this table"
    assert stored_events(tables, table) == before  # nothing stored
    assert table.message(None)["chat"] == []  # the seats' lines stay theirs
    assert [line["text"] for line in table.message(1)["chat"]] == ["between us"]


def test_a_spectators_line_reaches_everyone_as_text_and_is_never_a_move(tmp_path: Path) -> None:
    tables, table = new_table(tmp_path, FakeClock(), spectator_chat=True)
    state = table.match.game
    mover = state.current_player
    chosen_at = table.version
    table.say(tables.storage, mover, "hi all")
    first = table.say_as_spectator(tables.storage, None, f"  {SCRIPT}  ", "a", "10.0.0.1")
    second = table.say_as_spectator(tables.storage, None, "me too", "b", "10.0.0.2")
    again = table.say_as_spectator(tables.storage, first, "still me", "a", "10.0.0.1")
    assert (first, second, again) == (1, 2, 1)  # a spectator keeps its number
    lines = [
        {"number": 1, "seat": mover, "spectator": None, "text": "hi all"},
        {"number": 2, "seat": None, "spectator": 1, "text": SCRIPT},  # as text
        {"number": 3, "seat": None, "spectator": 2, "text": "me too"},
        {"number": 4, "seat": None, "spectator": 1, "text": "still me"},
    ]
    for seat in (None, 0, 1):  # seats and spectators read the same lines
        assert table.message(seat)["chat"] == lines
    # No move: the play version stays, a move chosen before still lands, no record holds it.
    assert table.play_version == 0
    move = skipbo.legal_moves(state)[0]
    table.play(tables.storage, mover, move, chosen_at)
    assert table.games == [(RULES, [move])]
    reloaded = Tables(tables.storage).get(table.id)  # stored with the table
    assert reloaded.message(None)["chat"] == table.message(None)["chat"]
    assert reloaded.match == table.match
    # The numbering goes on after a restart: a new spectator is not mistaken for one before.
    assert reloaded.say_as_spectator(tables.storage, None, "new", "c", "10.0.0.3") == 3


def test_no_seat_may_take_a_spectators_name() -> None:
    for name in ("Spectator", "spectator 1", "SPECTATOR2"):
        refused(HTTPStatus.BAD_REQUEST, check_name, name)


def test_a_spectators_lines_are_length_and_rate_limited(tmp_path: Path) -> None:
    clock = FakeClock()
    tables, table = new_table(tmp_path, clock, spectator_chat=True)
    say = table.say_as_spectator
    for bad in ("", "x" * (MAX_CHAT + 1), "a\u202eb", "\u200d", 5, None):
        refused(HTTPStatus.BAD_REQUEST, say, tables.storage, None, bad, "a", "10.0.0.1")
    assert stored_events(tables, table) == []  # nothing stored
    say(tables.storage, None, "x" * MAX_CHAT, "a", "10.0.0.1")
    most, seconds = CHAT_RATE
    for number in range(most - 1):  # one connection: CHAT_RATE lines, then 429
        say(tables.storage, 1, f"line {number}", "a", "10.0.0.1")
        clock.now += seconds / (2 * most)  # all within half the window
    error = refused(HTTPStatus.TOO_MANY_REQUESTS, say, tables.storage, 1, "more", "a", "10.0.0.1")
    assert "chat lines" in error.message
    # One address: more connections buy no more than ADDRESS_CHAT_RATE lines in all.
    address_most, _ = ADDRESS_CHAT_RATE
    for number in range(address_most - most):
        say(tables.storage, None, f"other {number}", f"new {number}", "10.0.0.1")
    error = refused(
        HTTPStatus.TOO_MANY_REQUESTS, say, tables.storage, None, "one more", "new", "10.0.0.1"
    )
    assert "from one address" in error.message
    say(tables.storage, None, "another address may", "far", "10.0.0.9")
    clock.now += max(seconds, ADDRESS_CHAT_RATE[1])
    say(tables.storage, 1, "later", "a", "10.0.0.1")  # the window passed
    assert table.message(None)["chat"][-1]["text"] == "later"


# --- over a real server's socket ---------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    with running_server(db, "--bot-delay", "0") as started:
        yield started


def open_table(server: Server, options: object) -> Any:
    body = {"rules": to_data(RULES), "seats": ["human", "human"], "target": None}
    return server.request("POST", "/api/tables", body | {"options": options})


@contextlib.contextmanager
def watch(server: Server, table: str, token: str | None = None) -> Iterator[ClientConnection]:
    """A socket on ``table`` after its hello and first message."""
    url = f"ws://127.0.0.1:{server.port}/api/tables/{table}/ws"
    with connect(url, open_timeout=TIMEOUT) as client:
        client.send(json.dumps({"type": "hello", "token": token}))
        assert json.loads(client.recv(TIMEOUT))["type"] == "table"
        yield client


def until(client: ClientConnection, check: Callable[[Any], bool]) -> Any:
    """The first message on ``client`` for which ``check`` holds (each waited for)."""
    while True:
        message = json.loads(client.recv(TIMEOUT))
        if check(message):
            return message


def chat_of(message: Any) -> list[tuple[int | None, str]]:
    return [(line["spectator"], line["text"]) for line in message.get("chat", [])]


def test_a_spectator_is_refused_where_spectators_may_not_chat(server: Server) -> None:
    status, created = open_table(server, {})
    assert status == 201, created
    with watch(server, created["table"]) as spectator:
        spectator.send(json.dumps({"type": "chat", "text": "hello"}))
        refusal = until(spectator, lambda message: message["type"] == "refused")
        assert refusal == {
            "type": "refused",
            "error": "spectators may not chat at this table",
            "status": 403,
        }
    token = token_of(created, 0)
    status, seen = server.request("GET", f"/api/tables/{created['table']}", token=token)
    assert (status, seen["chat"], seen["version"]) == (200, [], 0)  # nothing stored
    # A spectator's post is refused as before: spectators chat on their socket.
    status, answer = server.request("POST", f"/api/tables/{created['table']}/chat", {"text": "x"})
    assert status == 403, answer


def test_spectators_and_seats_chat_over_their_sockets(server: Server) -> None:
    status, created = open_table(server, {"spectator_chat": True})
    assert status == 201, created
    table = created["table"]
    with (
        watch(server, table, token_of(created, 0)) as seat,
        watch(server, table) as first,
        watch(server, table) as second,
    ):
        first.send(json.dumps({"type": "chat", "text": SCRIPT}))
        for client in (seat, first, second):  # pushed to the seats and every spectator
            until(client, lambda message: chat_of(message) == [(1, SCRIPT)])
        second.send(json.dumps({"type": "chat", "text": "and me"}))
        seat.send(json.dumps({"type": "chat", "text": "welcome"}))
        lines = [(1, SCRIPT), (2, "and me"), (None, "welcome")]
        message = until(first, lambda message: chat_of(message) == lines)
        assert message["chat"][-1]["seat"] == 0
        assert message["play_version"] == 0  # no move
        # Too long: refused on the socket, which stays open.
        first.send(json.dumps({"type": "chat", "text": "x" * (MAX_CHAT + 1)}))
        refusal = until(first, lambda message: message["type"] == "refused")
        assert refusal["status"] == 400, refusal
        # Beyond the rate of one connection (CHAT_RATE, far more than these posts take).
        most, _ = CHAT_RATE
        for number in range(most):
            first.send(json.dumps({"type": "chat", "text": f"line {number}"}))
        refusal = until(first, lambda message: message["type"] == "refused")
        assert (refusal["status"], "chat lines" in refusal["error"]) == (429, True), refusal
        # Anything but a chat line is a protocol error: the socket is closed.
        second.send(json.dumps({"type": "move", "text": "s0>b0"}))
        with pytest.raises(ConnectionClosed) as closed:
            until(second, lambda message: False)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 4400
    status, seen = server.request("GET", f"/api/tables/{table}", token=token_of(created, 1))
    assert status == 200
    assert [text for _, text in chat_of(seen)][:3] == [SCRIPT, "and me", "welcome"]
    assert len(seen["chat"]) == 3 + most - 1  # the refused lines were not stored


@pytest.mark.parametrize("bad", ["yes", 1, None, [True]])
def test_the_lobby_refuses_a_spectator_chat_option_that_is_no_bool(
    server: Server, bad: object
) -> None:
    status, answer = open_table(server, {"spectator_chat": bad})
    assert status == 400
    assert answer["error"] == "/options/spectator_chat: must be true or false"


def test_a_socket_flooding_chat_lines_is_closed_and_the_table_plays_on(server: Server) -> None:
    """Each refused line pushes the table to its socket: a socket sending far faster
    than posts may come (more than the burst a seat's posts have) is closed, 4429."""
    status, created = open_table(server, {"spectator_chat": True})
    assert status == 201, created
    table = created["table"]
    with watch(server, table) as flooder:
        for number in range(200):  # far beyond the burst, sent before any answer is read
            with contextlib.suppress(ConnectionClosed):
                flooder.send(json.dumps({"type": "chat", "text": f"flood {number}"}))
        with pytest.raises(ConnectionClosed) as closed:
            until(flooder, lambda message: False)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 4429
    # The seats and a new spectator are served as before.
    token = token_of(created, 0)
    status, answer = server.request(
        "POST", f"/api/tables/{table}/chat", {"text": "hi"}, token=token
    )
    assert status == 200, answer
    with watch(server, table) as spectator:
        spectator.send(json.dumps({"type": "chat", "text": "still here"}))
        until(spectator, lambda message: (None, "hi") in chat_of(message))
