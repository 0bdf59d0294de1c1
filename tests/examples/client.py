"""A player's HTTP client for the example server (``examples/http_server.py``)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import skipbo
from skipbo.games.skipbo.serialization import from_data

TIMEOUT = 10.0
"""Seconds a request may take before the test fails."""


class Client:
    """One player's client: its token and its own connection per request."""

    def __init__(self, base: str, token: str | None, timeout: float = TIMEOUT) -> None:
        self.base = base
        self.token = token
        self.timeout = timeout

    def request(self, method: str, path: str, body: bytes | None = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"}
        if self.token is not None:
            headers["Authorization"] = f"Bearer {self.token}"
        request = urllib.request.Request(self.base + path, body, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            with error:
                return error.code, json.loads(error.read())

    def view(self) -> skipbo.PlayerView:
        status, data = self.request("GET", "/view")
        assert status == 200
        view: skipbo.PlayerView = from_data(data, "view")  # the client checks it, too
        return view

    def post(self, move: object, version: object) -> tuple[int, Any]:
        body = json.dumps({"move": move, "version": version}).encode()
        return self.request("POST", "/moves", body)
