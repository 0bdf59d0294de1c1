"""The HTTP server example, driven over loopback by several clients to the end of a game."""

from __future__ import annotations

import random
import select
import socket
import struct
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from examples.http_server import MAX_THREADS, Game, GameServer

import skipbo
from skipbo import Rules
from skipbo.games.skipbo.moves import is_build_play
from skipbo.games.skipbo.records import final_state
from skipbo.games.skipbo.serialization import from_data
from tests.examples.client import TIMEOUT, Client

RULES = Rules(players=3, stock_size=4)
SEED = 11
TOKENS = {"token-a": 0, "token-b": 1, "token-c": 2}
SLOW = 1.0
"""The server's socket timeout in these tests: a client silent this long is dropped."""


@pytest.fixture
def server() -> Iterator[tuple[GameServer, str]]:
    game = Game(RULES, SEED, TOKENS)
    httpd = GameServer(("127.0.0.1", 0), game, timeout=SLOW, deadline=2 * SLOW)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.01,), daemon=True)
    thread.start()
    try:
        yield httpd, f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(TIMEOUT)


def play(client: Client, seat: int, done: threading.Event, errors: list[BaseException]) -> None:
    """Play the play-first policy from the client's own view until the game ends."""
    rng = random.Random(seat)
    try:
        while not done.is_set():
            seen = client.view()
            assert seen.player == seat
            if seen.is_over:
                return
            if not seen.to_move:
                done.wait(0.002)
                continue
            moves = skipbo.legal_moves(seen)
            status, moves_data = client.request("GET", "/moves")
            assert status == 200
            assert moves_data["moves"] == [str(m) for m in moves]
            plays = [move for move in moves if is_build_play(move)]
            status, after = client.post(str(rng.choice(plays or moves)), moves_data["version"])
            assert status == 200, after
            assert from_data(after, "view").player == seat
    except BaseException as error:  # reported by the test
        errors.append(error)
        done.set()


def test_clients_play_a_game_to_the_end(server: tuple[GameServer, str]) -> None:
    httpd, base = server
    game = httpd.game
    clients = {seat: Client(base, token) for token, seat in TOKENS.items()}
    done = threading.Event()
    errors: list[BaseException] = []
    threads = [
        threading.Thread(target=play, args=(client, seat, done, errors))
        for seat, client in clients.items()
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    done.set()
    assert not errors, errors
    assert not any(thread.is_alive() for thread in threads)
    assert game.state.is_over
    # Every client sees the same outcome; the record replays to the server's state.
    for seat, client in clients.items():
        assert client.view() == skipbo.view(game.state, seat)
    status, record = Client(base, None).request("GET", "/record")
    assert status == 200
    assert final_state(from_data(record, "record")) == game.state
    assert len(game.record.moves) > 10


@pytest.mark.parametrize(
    ("token", "body", "status", "message"),
    [
        ("token-a", b"{not json", 400, "not JSON"),
        ("token-a", b"\xff\xfe", 400, "not JSON"),
        ("token-a", b"[" * 3000, 400, "not JSON"),
        ("token-a", b'{"move": "pass", "move": "pass", "version": 0}', 400, "repeated key"),
        ("token-a", b'{"move": "h5>b0", "version": NaN}', 400, "not JSON"),
        ("token-a", b'{"move": "h5>b0", "version": 0, "extra": 1}', 400, "the body must be"),
        ("token-a", b'{"move": "h5>b0"}', 400, "the body must be"),
        ("token-a", b'["h5>b0"]', 400, "the body must be"),
        ("token-a", b'{"move": "h5>b0", "version": "0"}', 400, "must be an integer"),
        ("token-a", b'{"move": 5, "version": 0}', 400, "must be a string"),
        ("token-a", b'{"move": "h13x", "version": 0}', 400, "not a move"),
        ("token-a", b'{"move": "s0>b9", "version": 0}', 422, "there is no such build pile"),
        ("token-a", b'{"move": "s1>b0", "version": 0}', 422, "may not play from that stock pile"),
        ("token-a", b'{"move": "pass", "version": 0}', 422, "R-TURN-8"),
        ("token-a", b'{"move": "pass", "version": 1}', 409, "stale version 1"),
        ("token-b", b'{"move": "pass", "version": 0}', 409, "it is seat 0's turn"),
        ("nobody", b'{"move": "pass", "version": 0}', 401, "unknown token"),
        (None, b'{"move": "pass", "version": 0}', 401, "spectators cannot move"),
        ("token-a", b"x" * 5000, 413, "too large"),
    ],
)
def test_bad_posts_change_nothing(
    server: tuple[GameServer, str], token: str | None, body: bytes, status: int, message: str
) -> None:
    httpd, base = server
    game = httpd.game
    assert game.state.current_player == 0
    before = (game.state, game.record)
    views = [Client(base, t).view() for t in TOKENS]
    answer_status, answer = Client(base, token).request("POST", "/moves", body)
    assert answer_status == status
    assert message in answer["error"]
    assert (game.state, game.record) == before
    assert [Client(base, t).view() for t in TOKENS] == views


def test_other_requests(server: tuple[GameServer, str]) -> None:
    httpd, base = server
    spectator = Client(base, None)
    seen = spectator.view()
    assert seen.is_spectator
    assert seen == skipbo.spectator_view(httpd.game.state)
    assert spectator.request("GET", "/moves") == (200, {"moves": [], "version": 0})
    assert Client(base, "token-b").request("GET", "/moves") == (200, {"moves": [], "version": 0})
    assert spectator.request("GET", "/nowhere")[0] == 404
    assert spectator.request("POST", "/view", b"{}")[0] == 404
    # The record holds the seed, which reveals every hidden card: not before the end.
    status, answer = spectator.request("GET", "/record")
    assert status == 409
    assert "after the game" in answer["error"]
    assert Client(base, "bad").request("GET", "/view")[0] == 401


def test_a_retried_post_is_refused_and_played_once(server: tuple[GameServer, str]) -> None:
    httpd, base = server
    client = Client(base, "token-a")
    _, moves = client.request("GET", "/moves")
    move = moves["moves"][0]
    assert client.post(move, moves["version"])[0] == 200
    status, answer = client.post(move, moves["version"])
    assert status == 409
    assert "stale version" in answer["error"]
    assert [str(m) for m in httpd.game.record.moves] == [move]


def test_44_concurrent_clients_are_all_answered(server: tuple[GameServer, str]) -> None:
    _, base = server
    with ThreadPoolExecutor(44) as pool:
        statuses = list(
            pool.map(lambda _: Client(base, None).request("GET", "/view")[0], range(44))
        )
    assert statuses == [200] * 44


@pytest.mark.parametrize(("length", "status"), [(b"-5", 400), (b"x", 400), (b"99999", 413)])
def test_bad_content_lengths(server: tuple[GameServer, str], length: bytes, status: int) -> None:
    httpd, _ = server
    with socket.create_connection(("127.0.0.1", httpd.server_port), timeout=TIMEOUT) as client:
        client.sendall(b"POST /moves HTTP/1.1\r\nAuthorization: Bearer token-a\r\n")
        client.sendall(b"Content-Length: " + length + b"\r\n\r\n")
        assert client.recv(4096).startswith(b"HTTP/1.0 %d" % status)


def test_half_sent_requests_are_dropped_and_threads_bounded(server: tuple[GameServer, str]) -> None:
    httpd, base = server
    halves = []
    threads_before = threading.active_count()
    try:
        for _ in range(300):
            half = socket.create_connection(("127.0.0.1", httpd.server_port), timeout=TIMEOUT)
            half.sendall(b"GET /view HTTP/1.1\r\n")  # the headers never end
            halves.append(half)
        # Beyond MAX_THREADS they are answered 503 at once; the others are dropped
        # after the server's socket timeout. Each recv returns once the server is done.
        assert threading.active_count() - threads_before <= MAX_THREADS
        answers = [half.recv(4096) for half in halves]
    finally:
        for half in halves:
            half.close()
    busy = b"HTTP/1.1 503"
    assert all(answer == b"" or answer.startswith(busy) for answer in answers)
    assert Client(base, None).request("GET", "/view")[0] == 200


def test_e1_clients_sending_a_byte_now_and_then_are_dropped(
    server: tuple[GameServer, str],
) -> None:
    # Before: 70 connections sending a byte every 4 s (under the socket timeout) held
    # all 64 threads for good; every other client got 503.
    httpd, base = server

    def trickle(dropped: list[bool]) -> None:
        with socket.create_connection(("127.0.0.1", httpd.server_port), timeout=TIMEOUT) as client:
            client.sendall(b"GET /view HTTP/1.1\r\n")
            for _ in range(int(TIMEOUT / 0.2)):  # a byte every 0.2 s, SLOW is 1 s
                readable, _, _ = select.select([client], [], [], 0.2)
                if readable:  # closed by the server (or refused with a 503)
                    dropped.append(True)
                    return
                try:
                    client.sendall(b"X")
                except OSError:
                    dropped.append(True)
                    return

    dropped: list[bool] = []
    threads = [threading.Thread(target=trickle, args=(dropped,)) for _ in range(MAX_THREADS + 6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(2 * TIMEOUT)
    assert len(dropped) == len(threads), "slow clients were not dropped"
    assert Client(base, None).request("GET", "/view")[0] == 200


def test_e2_a_huge_version_is_refused_without_echo(server: tuple[GameServer, str]) -> None:
    # Before: a 4,000-digit version was echoed back in the 409's message.
    _, base = server
    body = b'{"move": "pass", "version": ' + b"9" * 4000 + b"}"
    status, answer = Client(base, "token-a").request("POST", "/moves", body)
    assert status == 400
    assert len(answer["error"]) < 100
    status, answer = Client(base, None).request("GET", "/x" + "y" * 5000)
    assert status == 404
    assert len(answer["error"]) < 100


def test_e3_a_client_that_hangs_up_leaves_no_traceback(
    server: tuple[GameServer, str], capfd: pytest.CaptureFixture[str]
) -> None:
    # Before: each hang-up printed a traceback (ConnectionResetError, BrokenPipeError).
    httpd, _ = server
    before = httpd.handled
    for _ in range(5):
        client = socket.create_connection(("127.0.0.1", httpd.server_port), timeout=TIMEOUT)
        client.sendall(b"GET /view HTTP/1.1\r\n\r\n")
        # Reset at once (SO_LINGER 0): the server's answer meets a closed connection.
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        client.close()
    deadline = time.monotonic() + TIMEOUT
    while httpd.handled < before + 5:
        assert time.monotonic() < deadline, "the server never finished the hung-up requests"
        time.sleep(0.01)
    assert "Traceback" not in capfd.readouterr().err
