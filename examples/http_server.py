"""A small HTTP JSON server that hosts one Skip-Bo game for several clients.

Standard library only (``http.server``): it shows how to embed the engine in any
server, without a framework. For people playing in a browser, use ``skipbo serve``
(:mod:`skipbo.web`: a web table, WebSocket pushes, bots, durable games). The server
holds the full state; each client sees only its own view (R-INFO-1..3) and posts
moves as JSON. Every post is untrusted: a malformed or illegal one gets a 4xx
answer with the error message and changes nothing.

Run::

    python examples/http_server.py --players 3 --port 8000

It deals with a secret random seed (``--seed`` only for tests: whoever knows the
seed knows every hidden card) and prints one secret token per seat. A client sends
its token in the header ``Authorization: Bearer <token>``; a request without one
is a spectator's.

==========  ===========  ==============================================================
method      path         answer
==========  ===========  ==============================================================
``GET``     ``/view``    the caller's view (a ``"view"`` document of
                         :mod:`skipbo.games.skipbo.serialization`); a spectator's without a token
``GET``     ``/moves``   ``{"moves": [...], "version": 12}``: the caller's legal
                         moves in the move notation (empty unless it is the
                         caller's turn) and the game's version (moves made so far)
``POST``    ``/moves``   body ``{"move": "h5>b0", "version": 12}``: make the move,
                         chosen at that version; answers the new view
``GET``     ``/record``  the whole game once it is over (a ``"record"`` document)
==========  ===========  ==============================================================

Errors are ``{"error": "<message>"}`` with status 400 (malformed body or move, a
bad ``Content-Length``), 401 (unknown token, or a spectator posting), 404 (no such
path), 409 (a stale version: a retried post or a move chosen on an old view; not
the caller's turn; the game is over), 413 (body too large), 422 (an illegal move;
the message names the rule it breaks) or 503 (every worker thread is busy).

Limits: a listen queue of 128, at most :data:`MAX_THREADS` requests at once, a
socket timeout so that a silent client is dropped, and a deadline on the whole
request (:data:`DEADLINE`) so that a client sending a byte now and then is dropped
too. Nothing a client sends is echoed back longer than :data:`ECHO` characters, and
a client that hangs up is no error of the server's (no traceback).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import secrets
import socket
import sys
import threading
import time
from collections.abc import Callable, Mapping
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import skipbo
from skipbo import DataError, IllegalMoveError, Rules
from skipbo.common.strictjson import parse_json
from skipbo.games.skipbo.records import GameRecord
from skipbo.games.skipbo.serialization import from_data, to_data

MAX_BODY = 4096
"""The largest request body accepted, in bytes (a move is a few dozen)."""

MAX_THREADS = 64
"""Requests handled at once; beyond, the server answers 503 without a thread."""

TIMEOUT = 10.0
"""Seconds a client may leave its connection silent while sending a request."""

DEADLINE = 20.0
"""Seconds a whole request may take, however it trickles in (a byte every few seconds
would reset the socket timeout for ever)."""

ECHO = 40
"""The most characters of what a client sent that an error message repeats."""

MAX_VERSION = 10**9
"""No game reaches a billion moves: a larger version is malformed, not stale."""

BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
    b"Content-Length: 28\r\nConnection: close\r\n\r\n"
    b'{"error": "server too busy"}'
)


class RequestError(Exception):
    """A request that is answered with a 4xx status and a message."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class Game:
    """One hosted game: the full state, its record and the seats' tokens.

    The methods take a seat (``None`` for a spectator) and answer a JSON-compatible
    dict, or raise :class:`RequestError`. A lock makes each request atomic.
    """

    def __init__(self, rules: Rules, seed: int, tokens: Mapping[str, int]) -> None:
        self.state = skipbo.new_game(rules, seed=seed)
        self.record = GameRecord(rules=rules, seed=seed)
        self.tokens = dict(tokens)
        self.version = 0  # moves made so far: a post names the version it was chosen at
        self.lock = threading.Lock()

    def seat(self, authorization: str | None) -> int | None:
        """The seat of an ``Authorization`` header; ``None`` (a spectator) without one."""
        if authorization is None:
            return None
        scheme, _, token = authorization.partition(" ")
        seat = self.tokens.get(token.strip()) if scheme == "Bearer" else None
        if seat is None:
            raise RequestError(HTTPStatus.UNAUTHORIZED, "unknown token")
        return seat

    def view(self, seat: int | None) -> dict[str, Any]:
        """The view document of ``seat``."""
        with self.lock:
            return to_data(skipbo.view(self.state, seat))

    def moves(self, seat: int | None) -> dict[str, Any]:
        """The legal moves of ``seat`` (empty unless it is that seat's turn) and the version."""
        with self.lock:
            mine = skipbo.view(self.state, seat)
            moves = [str(m) for m in skipbo.legal_moves(mine)] if mine.to_move else []
            return {"moves": moves, "version": self.version}

    def play(self, seat: int | None, body: bytes) -> dict[str, Any]:
        """Make the move posted by ``seat``; answer its new view. Nothing changes on error."""
        if seat is None:
            raise RequestError(HTTPStatus.UNAUTHORIZED, "spectators cannot move")
        try:  # the library's strict JSON: no repeated keys, NaN or runaway nesting
            request = parse_json(body)
        except DataError as error:
            raise RequestError(HTTPStatus.BAD_REQUEST, error.reason) from None
        if type(request) is not dict or set(request) != {"move", "version"}:
            raise RequestError(
                HTTPStatus.BAD_REQUEST, 'the body must be {"move": "<move>", "version": <int>}'
            )
        version = request["version"]
        if type(version) is not int or not 0 <= version <= MAX_VERSION:
            raise RequestError(
                HTTPStatus.BAD_REQUEST, f"the version must be an integer from 0 to {MAX_VERSION}"
            )
        try:
            move = from_data({"type": "move", "version": 1, "move": request["move"]}, "move")
        except DataError as error:
            raise RequestError(HTTPStatus.BAD_REQUEST, error.reason) from None
        with self.lock:
            if version != self.version:  # a retry of a played move, or a stale choice
                raise RequestError(
                    HTTPStatus.CONFLICT,
                    f"stale version {version}: the game is at version {self.version}",
                )
            if self.state.is_over:
                raise RequestError(HTTPStatus.CONFLICT, "the game is over")
            if seat != self.state.current_player:
                raise RequestError(
                    HTTPStatus.CONFLICT, f"it is seat {self.state.current_player}'s turn"
                )
            try:
                state = skipbo.apply(self.state, move)
            except IllegalMoveError as error:
                raise RequestError(HTTPStatus.UNPROCESSABLE_ENTITY, str(error)) from None
            self.state, self.record = state, self.record.with_move(move)
            self.version += 1
            return to_data(skipbo.view(state, seat))

    def record_data(self) -> dict[str, Any]:
        """The record document of a finished game.

        A record holds the seed, from which every hidden card follows (R-INFO-3):
        it is given out only when the game is over.
        """
        with self.lock:
            if not self.state.is_over:
                raise RequestError(HTTPStatus.CONFLICT, "the record is shown after the game")
            return to_data(self.record)


Route = Callable[[int | None], dict[str, Any] | None]
"""A request handler: the caller's seat to the answer (``None``: no such path)."""


class Handler(BaseHTTPRequestHandler):
    """Routes requests to the server's :class:`Game`."""

    server: GameServer
    timeout = TIMEOUT  # a socket timeout: a slow or silent client is dropped
    deadline = DEADLINE

    def setup(self) -> None:
        super().setup()
        # The whole request's deadline: then the connection is shut, and the blocked
        # read fails (quietly: see GameServer.handle_error).
        self.server.watch(self.connection, self.deadline)

    def finish(self) -> None:
        self.server.unwatch(self.connection)
        with contextlib.suppress(OSError):  # the client may have hung up
            super().finish()

    def do_GET(self) -> None:
        game = self.server.game
        routes: dict[str, Route] = {
            "/view": game.view,
            "/moves": game.moves,
            "/record": lambda seat: game.record_data(),
        }
        self._answer(lambda seat: routes[self.path](seat) if self.path in routes else None)

    def do_POST(self) -> None:
        def post(seat: int | None) -> dict[str, Any] | None:
            if self.path != "/moves":
                return None
            header = self.headers.get("Content-Length") or "0"
            if not header.isdigit():  # also "-5"
                raise RequestError(HTTPStatus.BAD_REQUEST, "bad Content-Length")
            if int(header) > MAX_BODY:
                raise RequestError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "the body is too large")
            return self.server.game.play(seat, self.rfile.read(int(header)))

        self._answer(post)

    def _answer(self, route: Callable[[int | None], dict[str, Any] | None]) -> None:
        status: HTTPStatus = HTTPStatus.OK
        try:
            answer = route(self.server.game.seat(self.headers.get("Authorization")))
            if answer is None:
                status, answer = (
                    HTTPStatus.NOT_FOUND,
                    {"error": f"no such path: {self.path[:ECHO]}"},
                )
        except RequestError as error:
            status, answer = error.status, {"error": error.message}
        body = json.dumps(answer).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: no line per request."""


class GameServer(ThreadingHTTPServer):
    """A threading HTTP server with the :class:`Game` it hosts, and bounded threads."""

    request_queue_size = 128  # the listen backlog (socketserver's default is 5)
    daemon_threads = True

    def __init__(
        self,
        address: tuple[str, int],
        game: Game,
        timeout: float = TIMEOUT,
        deadline: float = DEADLINE,
    ) -> None:
        handler = type("Handler", (Handler,), {"timeout": timeout, "deadline": deadline})
        super().__init__(address, handler)
        self.game = game
        self.slots = threading.BoundedSemaphore(MAX_THREADS)
        self._count_lock = threading.Lock()
        self.handled = 0
        """Connections handled to their end (answered, refused, or hung up on)."""
        # One watchdog thread for every request's deadline (not a timer thread each).
        self._deadlines: dict[socket.socket, float] = {}
        self._closed = threading.Event()
        threading.Thread(target=self._watchdog, daemon=True).start()

    def watch(self, connection: socket.socket, seconds: float) -> None:
        """Shut ``connection`` down if it is still being handled in ``seconds``."""
        with self._count_lock:
            self._deadlines[connection] = time.monotonic() + seconds

    def unwatch(self, connection: socket.socket) -> None:
        """``connection`` is done: no deadline any more."""
        with self._count_lock:
            self._deadlines.pop(connection, None)

    def _watchdog(self) -> None:
        while not self._closed.wait(0.1):
            now = time.monotonic()
            with self._count_lock:
                late = [conn for conn, deadline in self._deadlines.items() if deadline < now]
                for connection in late:
                    del self._deadlines[connection]
            for connection in late:
                with contextlib.suppress(OSError):
                    connection.shutdown(socket.SHUT_RDWR)

    def server_close(self) -> None:
        """Stop the watchdog too."""
        self._closed.set()
        super().server_close()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hung up, or was too slow, is no server error: quiet; others print."""
        if isinstance(sys.exc_info()[1], OSError):  # ConnectionError, TimeoutError, ...
            return
        super().handle_error(request, client_address)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.slots.acquire(blocking=False):
            # Every worker is busy (perhaps with slow clients): refuse at once.
            with contextlib.suppress(OSError):
                request.sendall(BUSY)
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()
            with self._count_lock:
                self.handled += 1


def main() -> None:
    parser = argparse.ArgumentParser(description="Host one Skip-Bo game over HTTP.")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=None, help="for tests only; default: secret")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    tokens = {secrets.token_urlsafe(16): seat for seat in range(args.players)}
    seed = secrets.randbits(64) if args.seed is None else args.seed
    game = Game(Rules(players=args.players), seed, tokens)
    server = GameServer(("127.0.0.1", args.port), game)
    for token, seat in tokens.items():
        print(f"seat {seat}: Authorization: Bearer {token}")
    print(f"serving on http://127.0.0.1:{server.server_address[1]}/view")
    server.serve_forever()


if __name__ == "__main__":
    main()
