"""The web server as clients use it and abuse it: a real uvicorn process over loopback.

The attack cases are the ones found against ``examples/http_server.py`` (issue 11),
each a regression test; the fault test kills the server mid-game; the load test is
a bounded run of ``python -m tools.web_load``.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import re
import socket
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from tools.web_attacks import ATTACKER
from tools.web_load import run_load
from tools.webserver import TIMEOUT, Server, running_server, token_of
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

import skipbo
from skipbo import skyjo
from skipbo.games.skipbo.bots import PlayFirstBot
from skipbo.games.skipbo.records import final_state
from skipbo.games.skipbo.serialization import from_data, to_data

RULES = skipbo.Rules(players=2, stock_size=3)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    options = ["--bot-delay", "0", "--header-timeout", "3", "--body-timeout", "3"]
    # More spectators per address than a table admits, to see the table's own bound.
    options += ["--spectators-per-address", "40"]
    with running_server(db, *options, "--moves-per-second", "2") as started:
        yield started


def table_message(server: Server, table: str, token: str | None = None) -> Any:
    status, message = server.request("GET", f"/api/tables/{table}", token=token)
    assert status == 200, message
    return message


def post_move(server: Server, table: str, token: str, move: str, version: int) -> tuple[int, Any]:
    body = {"move": move, "version": version}
    return server.request("POST", f"/api/tables/{table}/moves", body, token=token)


def mover(server: Server, created: Any) -> tuple[str, Any]:
    """The token of the seat to move and its message."""
    message = table_message(server, created["table"])
    seat = message["view"]["current_player"]
    token = token_of(created, seat)
    return token, table_message(server, created["table"], token)


def test_a_retried_post_is_refused_and_the_move_is_played_once(server: Server) -> None:
    created = server.create(RULES, ["human", "human"])
    token, message = mover(server, created)
    move, version = message["legal"][0], message["version"]
    assert post_move(server, created["table"], token, move, version) == (200, {"version": 1})
    status, answer = post_move(server, created["table"], token, move, version)
    assert status == 409
    assert "stale" in answer["error"]
    assert [entry["move"] for entry in table_message(server, created["table"])["last"]] == [move]


def test_44_concurrent_clients_are_all_answered(server: Server) -> None:
    created = server.create(RULES, ["human", "play-first"])
    with ThreadPoolExecutor(44) as pool:
        answers = list(
            pool.map(lambda _: server.request("GET", f"/api/tables/{created['table']}"), range(44))
        )
    assert [status for status, _ in answers] == [200] * 44


def test_half_sent_requests_are_closed_and_others_are_served(server: Server) -> None:
    # From another loopback address than the other clients', and fewer than that
    # address may hold at once (64; the cap is tested in test_web_hostile.py).
    sockets = []
    try:
        for number in range(60):
            half = socket.create_connection(
                ("127.0.0.1", server.port), timeout=TIMEOUT, source_address=(ATTACKER, 0)
            )
            sockets.append(half)
            half.sendall(b"GET /api/presets HTTP/1.1\r\nHost: x\r\n")  # headers never end
            if number % 2:  # and half of them promise a body never sent
                half.sendall(b"\r\n")
        assert server.request("GET", "/api/presets")[0] == 200
        # The server closes each after its header deadline; recv blocks until it does
        # (or fails after TIMEOUT).
        for half in sockets[::6]:
            assert half.recv(1024) == b""
    finally:
        for half in sockets:
            half.close()
    body = b'{"move": "pass", "version": 0}'
    slow = socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT)
    with slow:
        slow.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n")
        slow.sendall(b"Content-Length: %d\r\n\r\n" % len(body) + body[:5])
        answer = slow.recv(4096)
    assert answer.startswith(b"HTTP/1.1 408")


@pytest.mark.parametrize(
    ("raw", "status"),
    [
        (b"[" * 3000, 400),
        (b'{"move": "pass", "move": "pass", "version": 0}', 400),
        (b'{"move": "pass", "version": 0, "x": 1}', 400),
        (b"{" * 5000, 413),
    ],
)
def test_hostile_bodies_get_a_clear_4xx_and_change_nothing(
    server: Server, raw: bytes, status: int
) -> None:
    created = server.create(RULES, ["human", "human"])
    token, before = mover(server, created)
    answer = server.request("POST", f"/api/tables/{created['table']}/moves", raw=raw, token=token)
    assert answer[0] == status
    assert answer[1]["status"] == status
    assert answer[1]["error"]
    assert table_message(server, created["table"], token) == before


@pytest.mark.parametrize(("length", "status"), [(b"-5", 400), (b"abc", 400), (b"99999999", 413)])
def test_bad_content_lengths_are_refused(server: Server, length: bytes, status: int) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT) as client:
        client.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: " + length + b"\r\n\r\n"
        )
        answer = client.recv(4096)
    assert answer.startswith(b"HTTP/1.1 %d" % status), answer


def test_posts_need_a_seat_and_a_known_table(server: Server) -> None:
    created = server.create(RULES, ["human", "human"])
    table = created["table"]
    assert (
        server.request("POST", f"/api/tables/{table}/moves", {"move": "pass", "version": 0})[0]
        == 403
    )
    assert post_move(server, table, "forged", "pass", 0)[0] == 401
    assert post_move(server, "nope", token_of(created, 0), "pass", 0)[0] == 404
    assert server.request("GET", f"/api/tables/{table}/games/1/record")[0] == 409


def test_moves_are_rate_limited_per_seat(server: Server) -> None:
    created = server.create(RULES, ["human", "human"])
    token, message = mover(server, created)
    statuses = {
        post_move(server, created["table"], token, "h5>b0", message["version"] + 7)[0]
        for _ in range(40)  # the burst is 30; the server was started with 2 a second
    }
    assert statuses == {409, 429}


def test_new_tables_are_rate_limited_per_client(tmp_path: Path) -> None:
    with running_server(tmp_path / "t.sqlite3", "--tables-per-minute", "2") as limited:
        body = {"rules": to_data(RULES), "seats": ["human", "human"], "target": 500}
        statuses = [limited.request("POST", "/api/tables", body)[0] for _ in range(3)]
        assert statuses == [201, 201, 429]


def test_sockets_from_another_origin_are_refused(server: Server) -> None:
    created = server.create(RULES, ["human", "human"])
    url = f"ws://127.0.0.1:{server.port}/api/tables/{created['table']}/ws"
    with pytest.raises(InvalidStatus) as refused:
        connect(url, origin=Origin("http://evil.example"), open_timeout=TIMEOUT)
    assert refused.value.response.status_code == 403
    own = f"http://127.0.0.1:{server.port}"
    with connect(url, origin=Origin(own), open_timeout=TIMEOUT) as socket_:
        socket_.send(json.dumps({"type": "hello", "token": None}))
        message = json.loads(socket_.recv(TIMEOUT))
        assert message["seat"] is None
        assert message["view"]["hand"] is None


def test_sockets_per_table_are_bounded_and_bad_hellos_refused(server: Server) -> None:
    created = server.create(RULES, ["human", "human"])
    url = f"ws://127.0.0.1:{server.port}/api/tables/{created['table']}/ws"
    with connect(url, open_timeout=TIMEOUT) as bad:
        bad.send(json.dumps({"type": "hello", "token": "forged"}))
        assert json.loads(bad.recv(TIMEOUT))["status"] == 401
    with connect(url, open_timeout=TIMEOUT, max_size=None) as big:
        big.send("x" * 10_000)  # over the message size limit
        with pytest.raises(Exception):  # noqa: B017, PT011 - closed by the server (1009)
            big.recv(TIMEOUT)
    with contextlib.ExitStack() as opened:
        for _ in range(32):
            client = opened.enter_context(connect(url, open_timeout=TIMEOUT))
            client.send(json.dumps({"type": "hello", "token": None}))
            client.recv(TIMEOUT)
        with connect(url, open_timeout=TIMEOUT) as extra:
            assert json.loads(extra.recv(TIMEOUT))["status"] == 429


def play_some(server: Server, created: Any, count: int, acks: dict[int, str]) -> None:
    """Play ``count`` moves (or to the end) over HTTP, recording each acknowledgement."""
    bot = PlayFirstBot(seed=3)
    for _ in range(count):
        token, message = mover(server, created)
        seen = from_data(message["view"], "view")
        if seen.is_over:
            return
        move = str(bot.choose(seen))
        status, answer = post_move(server, created["table"], token, move, message["version"])
        assert status == 200, answer
        acks[message["version"]] = move


def test_a_killed_server_restarts_with_every_acknowledged_move(tmp_path: Path) -> None:
    acks: dict[int, str] = {}
    options = ("--bot-delay", "0", "--moves-per-second", "1000")
    # A stock of 11 cannot be played out in 10 moves: the game is still on when the
    # hammer starts (with RULES' 3, a lucky deal ended it first: no legal move to post).
    rules = skipbo.Rules(players=2, stock_size=11)
    with running_server(tmp_path / "tables.sqlite3", *options) as server:
        created = server.create(rules, ["human", "human"])
        play_some(server, created, 10, acks)
        assert len(acks) == 10
        # The same post, again and again, while the process dies and comes back: each
        # is acknowledged, refused or cut off; at most one can be acknowledged.
        token, message = mover(server, created)
        hammer_acks: list[int] = []
        posted, stop = threading.Event(), threading.Event()

        def hammer() -> None:
            for _ in range(200):
                if stop.is_set():
                    return
                try:
                    status, _ = post_move(
                        server, created["table"], token, message["legal"][0], message["version"]
                    )
                except (OSError, http.client.HTTPException):  # cut off by the kill
                    continue
                finally:
                    posted.set()
                if status == 200:
                    hammer_acks.append(message["version"])

        thread = threading.Thread(target=hammer)
        thread.start()
        assert posted.wait(TIMEOUT)
        server.kill()
        stop.set()
        server.start()
        # Every post in flight ends (acknowledged, refused or cut off) once the server
        # is back: wait for the thread itself, with a ceiling far above what it needs.
        thread.join(4 * TIMEOUT)
        assert not thread.is_alive(), "the posts never ended"
        resumed = table_message(server, created["table"])
        assert resumed["version"] >= len(acks) + len(hammer_acks)
        assert len(hammer_acks) <= 1  # one version, at most one acknowledgement
        if resumed["version"] > len(acks):
            acks[message["version"]] = message["legal"][0]
        # The duplicate of the last acknowledged post is refused after the restart too.
        last = max(acks)
        token_last = token_of(created, 0), token_of(created, 1)
        assert {
            post_move(server, created["table"], t, acks[last], last)[0] for t in token_last
        } == {409}
        play_some(server, created, 5000, acks)
        status, data = server.request("GET", f"/api/tables/{created['table']}/games/1/record")
        assert status == 200
        record = from_data(data, "record")
        assert [str(move) for move in record.moves] == [acks[v] for v in range(len(acks))]
        assert final_state(record).is_over


def test_50_websocket_clients_play_to_the_end_and_every_move_is_stored_once(
    tmp_path: Path,
) -> None:
    figures = run_load(tmp_path / "load.sqlite3", skipbo.Rules(players=2, stock_size=2), 50)
    assert figures.problems == []
    assert figures.acknowledged > 25 * 4
    assert figures.retries_refused > 0


def test_logs_are_json_lines_without_secrets(server: Server) -> None:
    created = server.create(RULES, ["human", "human"])
    token, message = mover(server, created)
    post_move(server, created["table"], token, message["legal"][0], message["version"])
    post_move(server, created["table"], token, "h13x", 0)  # refused: logged
    lines = server.log.read_text().splitlines()
    events = [json.loads(line) for line in lines if line.startswith('{"')]
    assert {"table-created", "move", "refused"} <= {event["event"] for event in events}
    log = server.log.read_text()
    for seat in (0, 1):
        assert token_of(created, seat) not in log


@pytest.mark.parametrize(("game", "status"), [(b"9" * 5000, 404), (b"99999999999", 404)])
def test_a_huge_game_number_in_a_record_url_is_a_404_not_a_crash(
    server: Server, game: bytes, status: int
) -> None:
    # Found by the probe of session 2: the route's int conversion raised ValueError
    # (Python refuses to read integers of more than 4,300 digits), a 500.
    created = server.create(RULES, ["human", "human"])
    path = b"/api/tables/" + created["table"].encode() + b"/games/" + game + b"/record"
    with socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT) as client:
        client.sendall(b"GET " + path + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        # The head and the body may come in separate packets: read to the close.
        answer = b"".join(iter(lambda: client.recv(4096), b""))
    assert answer.startswith(b"HTTP/1.1 %d" % status), answer[:200]
    assert b'"error"' in answer


def test_a_skyjo_table_is_opened_named_hinted_and_played_over_http(server: Server) -> None:
    created = server.create(skyjo.Rules(players=2), ["human", "human"])
    token = token_of(created, 0)
    table = created["table"]
    assert server.request("POST", f"/api/tables/{table}/name", {"name": "Ada"}, token=token) == (
        200,
        {"version": 1},
    )
    message = table_message(server, table, token)
    assert message["game_type"] == "skyjo"
    assert message["names"] == ["Ada", "Player 2"]
    mover = message["view"]["current_player"]
    token = token_of(created, mover)
    status, hint = server.request("GET", f"/api/tables/{table}/hint", token=token)
    assert status == 200
    assert hint["move"] in table_message(server, table, token)["legal"]
    assert post_move(server, table, token, hint["move"], 1) == (200, {"version": 2})
    # The move's words are the hint's, and, once made, name the two cards turned up.
    words = table_message(server, table)["last"][0]["words"]
    assert re.fullmatch(re.escape(hint["words"]) + r": an? -?\d+ and an? -?\d+", words), words
    status, answer = post_move(server, table, token, "h5>b0", 2)  # Skip-Bo's notation
    assert status == 400, answer
