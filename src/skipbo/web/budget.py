"""One connection budget for HTTP requests and WebSockets, with a share kept for players.

The budget counts every HTTP request in progress and every open WebSocket, all
addresses together, against one number (``max_connections``). The last part of
it (``seated_share``) is kept for *seated* clients: a request carrying a valid
seat token, or a socket whose hello carried one. Spectators and anonymous
requests may use the rest only, and each address at most
``spectators_per_address`` spectator sockets, so neither one address nor many can
take the players' share.

A WebSocket says who it is only in its first message, after the upgrade: until
then it is *pending* (counted in all, at most ``pending_per_address`` per
address, and dropped by the hello timeout); the app then calls
:meth:`Ticket.seated` or :meth:`Ticket.spectator`.

The middleware answers a refusal itself (``503`` when the budget is spent,
``429`` when one address has its share), with the app's JSON error body; a
refused WebSocket gets the same as its HTTP answer to the upgrade.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

import attrs
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["Budget", "BudgetLimits", "ConnectionBudget", "Refused", "Ticket"]

TICKET = "skipbo.ticket"
"""The scope key under which a WebSocket's :class:`Ticket` reaches the app."""


@attrs.frozen(slots=True, kw_only=True)
class BudgetLimits:
    """The budget's numbers; the defaults suit one public server process."""

    max_connections: int = 1000
    """HTTP requests in progress and open WebSockets, all addresses together."""
    seated_share: float = 0.25
    """The part of ``max_connections`` that only seated clients may use."""
    spectators_per_address: int = 16
    """Spectator sockets one address may hold (on all tables together)."""
    pending_per_address: int = 16
    """WebSockets of one address that have not yet sent their hello."""

    @property
    def anonymous(self) -> int:
        """How much of the budget spectators and anonymous requests may use."""
        return self.max_connections - int(self.max_connections * self.seated_share)


class Refused(Exception):
    """The budget refuses a request or socket: a status and a message for the client."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


_SPENT = Refused(HTTPStatus.SERVICE_UNAVAILABLE, "the server is full: try again soon")


class Budget:
    """What is held, by kind and by address; every admission and release goes here."""

    def __init__(self, limits: BudgetLimits) -> None:
        self.limits = limits
        self.held: Counter[str] = Counter()  # "seated", "anonymous", "pending"
        self.spectators: Counter[str] = Counter()  # per address
        self.pending: Counter[str] = Counter()  # per address

    @property
    def total(self) -> int:
        """Everything held, all kinds."""
        return sum(self.held.values())

    def take(self, kind: str, address: str) -> None:
        """Hold one ``kind`` ("seated", "anonymous", "pending") for ``address``.

        Raises:
            Refused: ``503`` if the budget (or the share ``kind`` may use) is spent,
                ``429`` if ``address`` has all it may have of ``kind``.

        """
        limits = self.limits
        if self.total >= limits.max_connections:
            raise _SPENT
        if kind == "anonymous" and self.held["anonymous"] >= limits.anonymous:
            raise _SPENT
        if kind == "pending" and self.pending[address] >= limits.pending_per_address:
            raise Refused(HTTPStatus.TOO_MANY_REQUESTS, "too many sockets from this address")
        self.held[kind] += 1
        if kind == "pending":
            self.pending[address] += 1

    def give_back(self, kind: str, address: str) -> None:
        """Release one ``kind`` held for ``address``."""
        self.held[kind] -= 1
        if kind == "pending":
            _decrement(self.pending, address)


def _decrement(counter: Counter[str], key: str) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


class Ticket:
    """A WebSocket's place in the budget: pending until its hello, then seated or a spectator."""

    def __init__(self, budget: Budget, address: str) -> None:
        self._budget = budget
        self.address = address
        self.kind = "pending"
        budget.take("pending", address)

    def seated(self) -> None:
        """The hello carried a seat's token: the socket may use the players' share."""
        self._move("seated")

    def spectator(self) -> None:
        """The hello was a spectator's.

        Raises:
            Refused: if the spectators' share, or this address's spectator sockets,
                are all taken (the socket stays pending; close it).

        """
        budget = self._budget
        if budget.spectators[self.address] >= budget.limits.spectators_per_address:
            raise Refused(HTTPStatus.TOO_MANY_REQUESTS, "too many spectator sockets from here")
        if budget.held["anonymous"] >= budget.limits.anonymous:
            raise _SPENT
        self._move("anonymous")
        budget.spectators[self.address] += 1

    def _move(self, kind: str) -> None:
        if self.kind != "pending":
            raise ValueError(f"the socket is already {self.kind}")
        self._budget.give_back("pending", self.address)
        self._budget.held[kind] += 1
        self.kind = kind

    def release(self) -> None:
        """The socket closed."""
        if self.kind == "anonymous":
            _decrement(self._budget.spectators, self.address)
        self._budget.give_back(self.kind, self.address)


def _address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else ""


def _refusal_body(refused: Refused) -> bytes:
    return json.dumps({"error": refused.message, "status": int(refused.status)}).encode()


async def _refuse(scope: Scope, send: Send, refused: Refused) -> None:
    body = _refusal_body(refused)
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    if scope["type"] == "http":
        start, more = "http.response.start", "http.response.body"
    elif "websocket.http.response" in scope.get("extensions", {}):
        start, more = "websocket.http.response.start", "websocket.http.response.body"
    else:  # the server cannot answer the upgrade with a status: refuse it (403)
        await send({"type": "websocket.close", "code": 1013})
        return
    await send({"type": start, "status": int(refused.status), "headers": headers})
    await send({"type": more, "body": body})


class ConnectionBudget:
    """ASGI middleware: every request and socket holds part of one :class:`Budget`.

    ``is_seated(scope)`` says whether an HTTP request carries a valid seat token
    (it may look the table up; it must not raise).
    """

    def __init__(self, app: ASGIApp, budget: Budget, is_seated: Callable[[Scope], bool]) -> None:
        self.app = app
        self.budget = budget
        self.is_seated = is_seated

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the app for ``scope`` if the budget has room, else refuse it."""
        if scope["type"] == "http":
            await self._request(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._socket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _request(self, scope: Scope, receive: Receive, send: Send) -> None:
        address = _address(scope)
        kind = "seated" if self.is_seated(scope) else "anonymous"
        try:
            self.budget.take(kind, address)
        except Refused as refused:
            await _refuse(scope, send, refused)
            return
        try:
            await self.app(scope, receive, send)
        finally:
            self.budget.give_back(kind, address)

    async def _socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            ticket = Ticket(self.budget, _address(scope))
        except Refused as refused:
            await receive()  # the websocket.connect message
            await _refuse(scope, send, refused)
            return
        scope_with: dict[str, Any] = {**scope, TICKET: ticket}
        try:
            await self.app(scope_with, receive, send)
        finally:
            ticket.release()
