"""Open TCP connections: a per-address cap and a header deadline, in uvicorn's HTTP protocol.

Before a request's headers are in, nobody knows who is calling or what for, so
this layer only bounds what one address may hold: at most ``per_address`` open
connections (HTTP keep-alive, half-sent requests and WebSockets alike, since a
WebSocket is an upgraded HTTP connection), and headers within a deadline. The
connection beyond the cap is answered ``429`` and closed at once. The budget of
requests and sockets by kind (seated or not) is :mod:`skipbo.web.budget`.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = ["ConnectionCap", "http_protocol"]

_TOO_MANY_BODY = b'{"error": "too many connections from this address", "status": 429}'
_TOO_MANY = (
    b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n"
    b"content-length: %d\r\nconnection: close\r\n\r\n" % len(_TOO_MANY_BODY) + _TOO_MANY_BODY
)


class ConnectionCap:
    """The open connections of each client address, capped per address and in all.

    A connection counts from its opening until its transport closes, whatever
    protocol (HTTP, WebSocket) carries it by then; closed ones are pruned lazily.
    """

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self._open: dict[str, list[asyncio.BaseTransport]] = {}
        self._count = 0

    def _prune(self, address: str) -> list[asyncio.BaseTransport]:
        held = self._open.get(address, [])
        alive = [transport for transport in held if not transport.is_closing()]
        self._count -= len(held) - len(alive)
        if alive:
            self._open[address] = alive
        else:
            self._open.pop(address, None)
        return alive

    def admit(self, address: str, transport: asyncio.BaseTransport) -> bool:
        """Count a new connection from ``address``; False (not counted) beyond a cap."""
        alive = self._prune(address)
        if self._count >= self.total:
            for other in list(self._open):
                self._prune(other)
        if len(alive) >= self.per_address or self._count >= self.total:
            return False
        self._open.setdefault(address, []).append(transport)
        self._count += 1
        return True

    def released(self, address: str) -> None:
        """A connection of ``address`` closed: forget the closed ones."""
        self._prune(address)

    def held(self, address: str) -> int:
        """How many open connections ``address`` holds."""
        return len(self._prune(address))


def http_protocol(header_timeout: float, cap: ConnectionCap) -> type[HttpToolsProtocol]:
    """Uvicorn's HTTP protocol with ``cap`` and a deadline on each request's headers.

    uvicorn times out idle keep-alive connections but not a request whose headers
    trickle in; without a deadline, many half-sent requests would each hold a
    connection for ever.
    """

    class CappedConnection(HttpToolsProtocol):
        _deadline: asyncio.TimerHandle | None = None
        _address = ""

        def _start(self) -> None:
            if self._deadline is None:
                self._deadline = self.loop.call_later(header_timeout, self._too_slow)

        def _stop(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._address = self.client[0] if self.client else ""
            if not cap.admit(self._address, transport):
                transport.write(_TOO_MANY)
                transport.close()
                return
            self._start()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._start()

        def on_headers_complete(self) -> None:
            self._stop()
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop()
            super().connection_lost(exc)
            cap.released(self._address)

    return CappedConnection
