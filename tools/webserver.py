"""A real ``python -m skipbo.web`` process over loopback, for the web tests.

The test process opens the listening socket (127.0.0.1, a free port) and hands it
to the server, so a killed server can be restarted on the same address and no
client ever races the server's start-up: connections queue on the socket until
the server accepts them.
"""

from __future__ import annotations

import contextlib
import json
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import skipbo
from skipbo.io.serialization import to_data

TIMEOUT = 30.0
"""Seconds any one request or server start may take before a test fails."""


class Server:
    """A server process on an inherited socket; :meth:`kill` and :meth:`start` again."""

    def __init__(self, db: Path | str, options: Sequence[str], log: Path | None = None) -> None:
        self.db = db
        self.options = list(options)
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(1024)
        self.socket.set_inheritable(True)
        self.port: int = self.socket.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        # A file: a full pipe would block the server.
        self.log = log if log is not None else Path(db).with_suffix(".log")

    def spawn(self) -> subprocess.Popen[bytes]:
        """Start a server process on the socket (not waiting for it), logging to :attr:`log`."""
        fd = self.socket.fileno()
        command = [sys.executable, "-m", "skipbo.web", "--fd", str(fd), "--db", str(self.db)]
        with self.log.open("ab") as log:
            return subprocess.Popen(
                [*command, *self.options], pass_fds=(fd,), stdout=log, stderr=log
            )

    def start(self) -> None:
        self.process = self.spawn()
        status, _ = self.request("GET", "/api/presets")  # waits on the socket's queue
        assert status == 200

    def kill(self) -> None:
        """Kill the process at once (SIGKILL: no clean shutdown, no last write)."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=TIMEOUT)
        self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                self.kill()
            self.process = None

    def request(
        self,
        method: str,
        path: str,
        body: object = None,
        token: str | None = None,
        raw: bytes | None = None,
    ) -> tuple[int, Any]:
        """One request; the status and the decoded JSON answer."""
        headers = {"Content-Type": "application/json"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            with error:
                return error.code, json.loads(error.read())

    def create(self, rules: skipbo.Rules, seats: Sequence[str], target: int = 500) -> Any:
        """Open a table; the answer (table id, links with tokens)."""
        body = {"rules": to_data(rules), "seats": list(seats), "target": target}
        status, answer = self.request("POST", "/api/tables", body)
        assert status == 201, answer
        return answer


def token_of(created: Any, seat: int) -> str:
    """The secret token in a seat's invite link (its #fragment)."""
    link: str = created["seats"][seat]["link"]
    return link.partition("#")[2]


@contextlib.contextmanager
def running_server(db: Path | str, *options: str, log: Path | None = None) -> Iterator[Server]:
    """A started server on ``db``; stopped (and its socket closed) afterwards."""
    server = Server(db, options, log)
    try:
        server.start()
        yield server
    finally:
        server.stop()
        server.socket.close()
