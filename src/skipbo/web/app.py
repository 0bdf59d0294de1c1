"""The web app: HTTP routes, the WebSocket push, bots, limits and logs (Starlette).

Everything runs on one asyncio event loop: a table's check, store and change
happen in one synchronous call, so two posts can never interleave. Each client
keeps one WebSocket per table; after every change the server marks each client
dirty and its sender task pushes the *latest* message, so a slow client skips
intermediate views instead of queueing them (and is dropped when a send times out).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import json
import logging
import sqlite3
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from http import HTTPStatus
from importlib import resources
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import Scope
from starlette.websockets import WebSocket, WebSocketDisconnect

import skipbo
from skipbo import skyjo
from skipbo.common.game import AnyGame, game_of
from skipbo.web import protocol
from skipbo.web.botpool import BotPool
from skipbo.web.budget import TICKET, Budget, BudgetLimits, ConnectionBudget, Refused, Ticket
from skipbo.web.faces import faces_css
from skipbo.web.headers import SecurityHeaders
from skipbo.web.hygiene import bounded, check_post, same_origin
from skipbo.web.lifecycle import Lifecycle, sweep
from skipbo.web.options import (
    BODY_TIMEOUT,
    BOT_DELAY,
    BOT_SECONDS,
    BOT_WORKERS,
    IDLE_TIMEOUT,
    LEASE_RETRY,
    MOVES_PER_SECOND,
    TABLES_PER_MINUTE,
)
from skipbo.web.protocol import WebError, error_message
from skipbo.web.storage import Storage, StorageUnavailable, VersionConflict
from skipbo.web.tablerules import TableLimits, check_table
from skipbo.web.tables import Table, Tables

__all__ = ["Limits", "create_app"]

log = logging.getLogger("skipbo.web")


@attrs.frozen(slots=True, kw_only=True)
class Limits:
    """The server's limits; the defaults suit a public server (tests shorten the times)."""

    max_body: int = 4096
    """The largest request body and WebSocket message, in bytes (a move is ~40)."""
    body_timeout: float = BODY_TIMEOUT
    """Seconds a client may take to send a request body."""
    hello_timeout: float = 10.0
    """Seconds a WebSocket client may take to send its hello."""
    send_timeout: float = 10.0
    """Seconds a push to a client may take before the client is dropped as too slow."""
    connections_per_table: int = 32
    """WebSockets open at once on one table (players and spectators)."""
    moves_per_second: float = MOVES_PER_SECOND
    """The sustained rate of posts per seat (a token bucket) ..."""
    move_burst: int = 30
    """... and how many may come at once."""
    tables_per_minute: float = TABLES_PER_MINUTE
    """New tables per client address and minute (a burst of as many), so that no one
    fills the database."""
    bot_delay: float = BOT_DELAY
    """Seconds a bot waits before moving, so people can follow its moves."""
    allowed_origins: tuple[str, ...] = ()
    """Origins allowed to open WebSockets and post besides the server's own (``Host``)."""
    lease_retry: float = LEASE_RETRY
    """Seconds between two tries to take the lease of a table whose bots another
    process drives (the most a dead process's bots wait for a new driver, after
    the database noticed the death)."""
    idle_timeout: float = IDLE_TIMEOUT
    """Seconds a WebSocket stays open while its table does not change (then it is told
    so and closed; the page asks the person to reload)."""
    budget: BudgetLimits = attrs.field(factory=BudgetLimits)
    """The connection budget (HTTP requests and WebSockets) and its per-address caps."""
    bot_workers: int = BOT_WORKERS
    """Worker processes computing bots' moves."""
    bot_seconds: float = BOT_SECONDS
    """A bot's time budget per move; beyond it, the table plays a cheap legal move."""
    tables: TableLimits = attrs.field(factory=TableLimits)
    """The largest rules, and the bots, a new table may have."""


class _Bucket:
    """A token bucket: ``rate`` posts a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class _Watcher:
    """One open WebSocket: its seat and whether it has a message to be sent."""

    _serials = itertools.count()

    def __init__(self, seat: int | None, address: str = "") -> None:
        self.seat = seat
        self.address = address
        self.serial = next(self._serials)  # the connection's own key for its chat rate
        self.spectator: int | None = None  # the number a spectator chats under, once it did
        self.dirty = asyncio.Event()
        self.dirty.set()  # the first message is the current table
        self.expired = False  # its table expired: the socket is told so and closed
        # Refusals of the chat lines it sent, to be sent before the next table (a client
        # flooding refused lines keeps only the last few).
        self.replies: deque[dict[str, Any]] = deque(maxlen=4)


def _log(event: str, **fields: Any) -> None:
    """One structured (JSON) log line of bounded fields; never a token, seed or card."""
    bounded_fields = {name: bounded(value) for name, value in fields.items()}
    log.info(json.dumps({"event": event, **bounded_fields}, sort_keys=True))


BOT_LIMIT_SHARE = 0.7
"""The part of ``--bot-seconds`` a bot itself may think (the rest is the worker's slack)."""


def _first_legal(game: AnyGame, seen: Any) -> Any:
    """A bot's cheap move when its own overran its time: the first legal one."""
    return game.legal_moves(seen)[0]


def _page(name: str) -> str:
    return resources.files("skipbo.web").joinpath("static", name).read_text(encoding="utf-8")


def _wants_page(request: Request) -> bool:
    """Whether a refusal goes to a browser's page (an address typed or followed), not a client."""
    return not request.url.path.startswith("/api/") and "text/html" in request.headers.get(
        "accept", ""
    )


def _missing(request: Request, status: int) -> HTMLResponse:
    """The page for an address with nothing behind it, fitting what was asked.

    A table's address (``/t/...``) is a table that is not there (mistyped, cut
    short, expired); any other is a page this server does not have.
    """
    name = "missing.html" if request.url.path.startswith("/t/") else "nopage.html"
    return HTMLResponse(_page(name), status_code=status)


def _presets() -> dict[str, list[tuple[str, Any]]]:
    """The variants the lobby offers, by game (any other is posted as a rules document).

    Every player count of each game: Skip-Bo 2 to 6 players, its team forms (partners
    in 2 or 3 pairs, shared piles from 6 to 12 players in two teams), Skyjo 2 to 8.
    """
    shared = [
        (f"team piles ({players} players)", skipbo.Rules.team_piles(_two_teams(players)))
        for players in (6, 8, 10, 12)
    ]
    return {
        "skipbo": [
            *((f"{players} players", skipbo.Rules(players=players)) for players in range(2, 7)),
            ("2 players, short game", skipbo.Rules.short(players=2)),
            ("partners (4 players)", skipbo.Rules.partners()),
            ("partners (6 players, 3 teams)", skipbo.Rules.partners(((0, 3), (1, 4), (2, 5)))),
            *shared,
        ],
        "skyjo": [
            *((f"{players} players", skyjo.Rules(players=players)) for players in range(2, 9)),
            ("2 players, short game (to 30 points)", skyjo.Rules(players=2, end_score=30)),
        ],
    }


def _two_teams(players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Two teams of ``players`` seats, team mates apart (seats 0, 2, 4, ... and 1, 3, ...)."""
    return tuple(range(0, players, 2)), tuple(range(1, players, 2))


def _lobby_data() -> dict[str, Any]:
    """The lobby's choices: per game its name, variants, bots and default match target."""
    games: dict[str, Any] = {}
    for short_name, variants in _presets().items():
        game: AnyGame = game_of(variants[0][1])
        games[short_name] = {
            "name": game.game_type.long_name,
            "presets": {name: game.rules_to_data(rules) for name, rules in variants},
            "bots": list(game.bots),
            "target": game.new_match(variants[0][1], 0, None).target,
        }
    return {"games": games}


class _Server:
    """The app's state: tables, their watchers, bots' tasks and rate limits."""

    def __init__(self, storage: Storage, limits: Limits, lifecycle: Lifecycle) -> None:
        # The bots' own time limit, under the worker's hard deadline: a searching bot
        # answers its best move so far, and pickling and the pipe have time to spare.
        self.tables = Tables(storage, bot_time_limit=BOT_LIMIT_SHARE * limits.bot_seconds)
        self.limits = limits
        self.lifecycle = lifecycle
        self.watchers: dict[str, set[_Watcher]] = {}
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.buckets: dict[tuple[str, int], _Bucket] = {}
        self.creators: dict[str, _Bucket] = {}
        self.budget = Budget(limits.budget)
        # Seats that never stall: when each table's current turn began, since when
        # each person's seat has had no open socket here, and each table's watchdog,
        # sleeping until its person's time (turn timer, absence) runs out.
        self.turns: dict[str, tuple[int, int | None, float]] = {}
        self.gone: dict[tuple[str, int], float] = {}
        self.watchdogs: dict[str, asyncio.Task[None]] = {}
        self.bots = BotPool(limits.bot_workers, limits.bot_seconds, BOT_LIMIT_SHARE)

    def is_seated(self, scope: Scope) -> bool:
        """Whether an HTTP request carries a valid seat token of the table in its path."""
        parts = scope.get("path", "").split("/")
        if len(parts) < 4 or parts[1:3] != ["api", "tables"]:
            return False
        header = dict(scope.get("headers", ())).get(b"authorization", b"").decode("latin-1")
        scheme, _, token = header.partition(" ")
        if scheme != "Bearer" or not token:
            return False
        try:
            return self.tables.get(parts[3]).seat_of(token) is not None
        except (WebError, sqlite3.Error):
            return False

    def changed(self, table: Table) -> None:
        for watcher in self.watchers.get(table.id, ()):
            watcher.dirty.set()
        self.schedule_bots(table)
        self.watch(table)

    def connected(self, table: str, seat: int) -> bool:
        """Whether ``seat`` has an open socket to ``table`` in this process."""
        return any(watcher.seat == seat for watcher in self.watchers.get(table, ()))

    def watch(self, table: Table) -> None:
        """(Re)arm ``table``'s watchdog for its current turn (see :class:`TableOptions`).

        When the person to move runs out of turn time, or has had no open page for
        the table's absence limit, the stand-in bot takes their seat (an ``away``
        event, announced to every page) until they come back.
        """
        old = self.watchdogs.pop(table.id, None)
        if old is not None:
            old.cancel()
        now = asyncio.get_running_loop().time()
        game = table.match.number
        mover = None if table.game_over else table.adapter.current_player(table.match.game)
        turn = self.turns.get(table.id)
        if turn is None or turn[:2] != (game, mover):
            turn = self.turns[table.id] = (game, mover, now)
        seat, options = table.person_to_move(), table.options
        if seat is None:
            return
        deadlines = []
        if options.turn_seconds is not None:
            deadlines.append(turn[2] + options.turn_seconds)
        if options.away_seconds is not None and not self.connected(table.id, seat):
            deadlines.append(self.gone.setdefault((table.id, seat), now) + options.away_seconds)
        if deadlines:
            task = asyncio.get_running_loop().create_task(
                self._stand_in(table, seat, game, min(deadlines))
            )
            self.watchdogs[table.id] = task

    async def _stand_in(self, table: Table, seat: int, game: int, when: float) -> None:
        await asyncio.sleep(max(0.0, when - asyncio.get_running_loop().time()))
        if table.match.number != game or table.person_to_move() != seat:
            return  # the turn moved on meanwhile
        self.watchdogs.pop(table.id, None)
        try:
            table.stand_in(self.tables.storage, seat)
        except (WebError, VersionConflict, StorageUnavailable, sqlite3.Error) as error:
            _log("stand-in-failed", table=table.id, seat=seat, error=type(error).__name__)
            return
        _log("stand-in", table=table.id, seat=seat)
        self.changed(table)

    def clock(self, table: Table) -> dict[str, Any] | None:
        """The turn timer of the person to move: their seat, the limit, the seconds left.

        ``None``: the table has no timer, or no person is to move. The seconds left,
        not a time of day: the page counts down from its own clock, so the server's
        and the browser's clocks need not agree.
        """
        seconds, seat = table.options.turn_seconds, table.person_to_move()
        turn = self.turns.get(table.id)
        if seconds is None or seat is None or turn is None:
            return None
        if turn[:2] != (table.match.number, seat):
            return None
        left = turn[2] + seconds - asyncio.get_running_loop().time()
        return {"seat": seat, "seconds": seconds, "left": round(max(0.0, left), 1)}

    def came_back(self, table: Table, seat: int | None) -> None:
        """A seat's page opened: its player is back (their seat is theirs again)."""
        if seat is None:
            return
        self.gone.pop((table.id, seat), None)
        if seat in table.away:
            self.take_back(table, seat)

    def take_back(self, table: Table, seat: int | None) -> None:
        """Give ``seat`` back to its player, with a whole turn's time if it is their turn."""
        table.come_back(self.tables.storage, seat)
        self.turns.pop(table.id, None)  # the turn timer starts again for them
        _log("came-back", table=table.id, seat=seat)
        self.changed(table)

    def left(self, table: Table, seat: int | None) -> None:
        """A seat's socket closed: if it was its last, the seat's absence begins."""
        if seat is None or self.connected(table.id, seat):
            return
        self.gone[(table.id, seat)] = asyncio.get_running_loop().time()
        self.watch(table)

    def changed_elsewhere(self, table: str | None, version: int) -> None:
        """Another process stored an event (``None``: perhaps several): push and play on."""
        try:
            changed = self.tables.changed_elsewhere(table, version)
        except StorageUnavailable as error:
            _log("catch-up-failed", error=str(error)[:200])
            return
        for found in self.tables.loaded() if table is None else changed:
            self.changed(found)  # after a lost channel, bots may have to be resumed too

    def expire(self) -> None:
        """Expire the tables that are due, and forget them."""
        try:
            expired = sweep(self.tables.storage, self.lifecycle)
        except StorageUnavailable as error:
            _log("sweep-failed", error=str(error)[:200])
            return
        for table in expired:
            self.tables.forget(table)
            # Its sockets are closed, not left to hold the connection budget.
            for watcher in self.watchers.pop(table, ()):
                watcher.expired = True
                watcher.dirty.set()
            for tasks in (self.bot_tasks, self.watchdogs):
                task = tasks.pop(table, None)
                if task is not None:
                    task.cancel()
            self.turns.pop(table, None)
            for key in [key for key in self.gone if key[0] == table]:
                del self.gone[key]
        if expired:
            _log("expired", tables=len(expired), how=self.lifecycle.expired)

    def socket_chat(self, table: Table, watcher: _Watcher, text: object) -> None:
        """A chat line sent on ``watcher``'s socket: its seat's, or a spectator's.

        A refusal (a table whose spectators may not chat, a bad line, a rate) is told
        on the socket, which stays open.
        """
        try:
            if watcher.seat is None:
                watcher.spectator = table.say_as_spectator(
                    self.tables.storage, watcher.spectator, text, watcher.serial, watcher.address
                )
            else:
                table.say(self.tables.storage, watcher.seat, text)
        except WebError as error:
            watcher.replies.append({"type": "refused", **error_message(error)})
            watcher.dirty.set()
            return
        except (VersionConflict, StorageUnavailable, sqlite3.Error) as error:
            refusal = WebError(HTTPStatus.SERVICE_UNAVAILABLE, "the line was not stored: try again")
            _log("chat-failed", table=table.id, error=type(error).__name__)
            watcher.replies.append({"type": "refused", **error_message(refusal)})
            self.changed(table)  # a conflict caught the table up: every page gets it
            return
        # Never the text: it is the person's.
        _log("chat", table=table.id, seat=watcher.seat, spectator=watcher.spectator)
        self.changed(table)

    def schedule_bots(self, table: Table) -> None:
        if table.bot_to_move() is not None and table.id not in self.bot_tasks:
            task = asyncio.get_running_loop().create_task(self._run_bots(table))
            self.bot_tasks[table.id] = task
            task.add_done_callback(lambda _: self.bot_tasks.pop(table.id, None))

    async def _run_bots(self, table: Table) -> None:
        storage = self.tables.storage
        driving = False
        try:
            while table.bot_to_move() is not None:
                if not storage.drive(table.id):
                    # Another process drives them; their moves come as notifies. If it
                    # dies, its lease is freed and this process takes over.
                    driving = False
                    await asyncio.sleep(self.limits.lease_retry)
                    continue
                if not driving:
                    # A lease just taken: its last holder's moves may not have been
                    # heard yet, so read them first.
                    driving = True
                    _log("bots-driven", table=table.id)
                    try:
                        caught_up = table.catch_up(storage)
                    except StorageUnavailable:
                        return  # the database's return resumes them
                    if caught_up:
                        self.push(table)
                        continue
                await asyncio.sleep(self.limits.bot_delay)
                turn = table.bot_turn()
                if turn is None:
                    break
                seat, choose, version = turn
                seen = table.adapter.view(table.match.game, seat)
                stand_in = seat in table.away
                try:
                    # A bot that searches may think for a while: in a worker process,
                    # within its time budget (else the first legal move).
                    fallback = functools.partial(_first_legal, table.adapter, seen)
                    asked = time.monotonic()
                    move = await self.bots.choose(choose, fallback, table.id)
                    thought = time.monotonic() - asked
                    if stand_in and seat not in table.away:
                        continue  # its player came back while the stand-in thought
                    table.play(storage, seat, move, version, by_person=False)
                except VersionConflict:
                    # The table moved on in another process: caught up, play on from there.
                    self.push(table)
                    continue
                except WebError as error:
                    if error.status == HTTPStatus.CONFLICT and table.version != version:
                        continue  # the table moved on (a seat was named): choose again
                    # The status only: a refusal's text may name a card.
                    _log("bot-failed", table=table.id, seat=seat, status=int(error.status))
                    return
                except (sqlite3.Error, StorageUnavailable) as error:
                    # The table stays as it was; a later change schedules its bots again.
                    _log("bot-failed", table=table.id, seat=seat, error=type(error).__name__)
                    return
                # How long the move took from asking (the bound: --bot-seconds).
                _log(
                    "move",
                    table=table.id,
                    seat=seat,
                    version=table.version,
                    bot=True,
                    seconds=round(thought, 3),
                )
                self.push(table)
        finally:
            storage.release(table.id)

    def push(self, table: Table) -> None:
        """Mark every socket of ``table`` as having a new message."""
        for watcher in self.watchers.get(table.id, ()):
            watcher.dirty.set()
        self.watch(table)  # a bot's move may begin a person's turn

    def rate_limit(self, table: Table, seat: int) -> None:
        key = (table.id, seat)
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = _Bucket(
                self.limits.moves_per_second, self.limits.move_burst
            )
        if not bucket.take():
            raise WebError(HTTPStatus.TOO_MANY_REQUESTS, "too many posts: slow down")

    def creation_limit(self, client: str) -> None:
        bucket = self.creators.get(client)
        if bucket is None:
            per_minute = self.limits.tables_per_minute
            bucket = self.creators[client] = _Bucket(per_minute / 60, max(1, int(per_minute)))
        if not bucket.take():
            raise WebError(HTTPStatus.TOO_MANY_REQUESTS, "too many new tables: wait a minute")


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme != "Bearer" or not token:
        raise WebError(HTTPStatus.UNAUTHORIZED, "expected Authorization: Bearer <token>")
    return token


async def _body(request: Request, limits: Limits) -> bytes:
    """The request body, at most ``limits.max_body`` bytes, sent within the body timeout."""
    length = request.headers.get("content-length")
    if length is not None:
        if not length.isdigit():
            raise WebError(HTTPStatus.BAD_REQUEST, f"bad Content-Length: {length[:20]!r}")
        if int(length) > limits.max_body:
            raise WebError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "the body is too large")
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(limits.body_timeout):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limits.max_body:
                    raise WebError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "the body is too large")
                chunks.append(chunk)
    except TimeoutError:
        raise WebError(HTTPStatus.REQUEST_TIMEOUT, "the body came too slowly") from None
    return b"".join(chunks)


def _game_number(text: str) -> int:
    """The game number of a record URL; 404 for anything but a short decimal number.

    Starlette's ``int`` path converter would raise ``ValueError`` (a 500) on a number
    of more than 4,300 digits, which Python refuses to read.
    """
    if not (text.isascii() and text.isdigit() and len(text) <= _GAME_DIGITS):
        raise WebError(HTTPStatus.NOT_FOUND, "no such game at this table")
    return int(text)


_GAME_DIGITS = 9
"""A match never holds a billion games: a longer game number is no game."""


def create_app(
    storage: Storage, limits: Limits | None = None, lifecycle: Lifecycle | None = None
) -> Starlette:
    """The web table's ASGI app, keeping its tables in ``storage``.

    At start-up the tables due are expired (``lifecycle``), the live ones loaded
    and their bots resumed; other processes' commits on the same storage reach
    this app's sockets.
    """
    server = _Server(storage, limits or Limits(), lifecycle or Lifecycle())
    limits = server.limits

    async def faces(request: Request) -> Response:
        return PlainTextResponse(faces_css(), media_type="text/css")

    async def lobby(request: Request) -> Response:
        return HTMLResponse(_page("lobby.html"))

    async def table_page(request: Request) -> Response:
        server.tables.get(request.path_params["table"])  # 404 for no such table
        return HTMLResponse(_page("table.html"))

    lobby_data = _lobby_data()

    async def rules_page(request: Request) -> Response:
        # Each game's rules help, generated from the docs by tools/rules_help.py.
        game = request.path_params["game"]
        if game not in lobby_data["games"]:
            raise HTTPException(HTTPStatus.NOT_FOUND)
        return HTMLResponse(_page(f"rules-{game}.html"))

    async def presets(request: Request) -> Response:
        return JSONResponse(lobby_data)

    async def create(request: Request) -> Response:
        check_post(request.headers, limits.allowed_origins)
        server.creation_limit(request.client.host if request.client else "")
        body = await _body(request, limits)
        game, rules, seats, target = protocol.parse_create(body)
        options = protocol.parse_options(body, game)
        check_table(rules, seats, limits.tables)  # before anything is dealt
        protocol.check_target(game, rules, target)
        table, tokens = server.tables.create(rules, seats, target, options)
        _log("table-created", table=table.id, game=game.game_type.short_name, seats=seats)
        server.changed(table)
        return JSONResponse(
            {
                "table": table.id,
                "seats": [
                    {"seat": seat, "player": kind, "link": None}
                    if token is None
                    else {"seat": seat, "player": kind, "link": f"/t/{table.id}#{token}"}
                    for seat, (kind, token) in enumerate(zip(seats, tokens, strict=True))
                ],
                "spectate": f"/t/{table.id}",
            },
            status_code=HTTPStatus.CREATED,
        )

    def seated(request: Request) -> tuple[Table, int | None]:
        """The request's table and the caller's seat, counted against the seat's rate."""
        table = server.tables.get(request.path_params["table"])
        seat = table.seat_of(_bearer(request))
        if seat is not None:
            server.rate_limit(table, seat)
        return table, seat

    async def get_table(request: Request) -> Response:
        table = server.tables.get(request.path_params["table"])
        message = table.message(table.seat_of(_bearer(request)))
        return JSONResponse({**message, "clock": server.clock(table)})

    async def post_move(request: Request) -> Response:
        check_post(request.headers, limits.allowed_origins)
        table, seat = seated(request)
        move, version = protocol.parse_move(await _body(request, limits), table.adapter)
        with _pushed_on_conflict(server, table):
            table.play(server.tables.storage, seat, move, version)
        _log("move", table=table.id, seat=seat, version=table.version, bot=False)
        server.changed(table)
        return JSONResponse({"version": table.version})

    async def post_next(request: Request) -> Response:
        check_post(request.headers, limits.allowed_origins)
        table, seat = seated(request)
        version = protocol.parse_next(await _body(request, limits))
        with _pushed_on_conflict(server, table):
            table.next_game(server.tables.storage, seat, version)
        _log("next-game", table=table.id, seat=seat, game=table.match.number)
        server.changed(table)
        return JSONResponse({"version": table.version})

    async def post_name(request: Request) -> Response:
        check_post(request.headers, limits.allowed_origins)
        table, seat = seated(request)
        table.rename(server.tables.storage, seat, protocol.parse_name(await _body(request, limits)))
        _log("named", table=table.id, seat=seat)  # never the name: it is the person's
        server.changed(table)
        return JSONResponse({"version": table.version})

    async def post_back(request: Request) -> Response:
        check_post(request.headers, limits.allowed_origins)
        table, seat = seated(request)
        protocol.parse_back(await _body(request, limits))
        server.take_back(table, seat)
        return JSONResponse({"version": table.version})

    async def post_chat(request: Request) -> Response:
        check_post(request.headers, limits.allowed_origins)
        table, seat = seated(request)
        table.say(server.tables.storage, seat, protocol.parse_chat(await _body(request, limits)))
        _log("chat", table=table.id, seat=seat)  # never the text: it is the person's
        server.changed(table)
        return JSONResponse({"version": table.version})

    async def hint(request: Request) -> Response:
        table, seat = seated(request)
        return JSONResponse(table.hint(seat))

    async def record(request: Request) -> Response:
        table = server.tables.get(request.path_params["table"])
        game = _game_number(request.path_params["game"])
        kind = table.adapter.game_type.short_name
        return JSONResponse(
            table.adapter.to_data(table.record(game)),
            headers={
                "Content-Disposition": f'attachment; filename="{kind}-{table.id}-{game}.json"'
            },
        )

    async def socket(websocket: WebSocket) -> None:
        if not same_origin(websocket.headers, limits.allowed_origins):
            _log("ws-refused", reason="origin", origin=websocket.headers.get("origin", "")[:80])
            await websocket.close(code=4403)  # before accept: an HTTP 403
            return
        await websocket.accept()
        try:
            table = server.tables.get(websocket.path_params["table"])
            watchers = server.watchers.setdefault(table.id, set())
            if len(watchers) >= limits.connections_per_table:
                raise WebError(HTTPStatus.TOO_MANY_REQUESTS, "too many connections to this table")
            async with asyncio.timeout(limits.hello_timeout):
                hello = await websocket.receive_text()
            seat = table.seat_of(protocol.parse_hello(hello))
            _admit(websocket.scope.get(TICKET), seat)
        except WebError as error:
            await _refuse(websocket, error)
            return
        except StorageUnavailable:
            await _refuse(websocket, WebError(HTTPStatus.SERVICE_UNAVAILABLE, "try again"))
            return
        except (TimeoutError, WebSocketDisconnect, KeyError):
            # KeyError: starlette's receive_text on a binary message.
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                await websocket.close(code=4408)
            return
        watcher = _Watcher(seat, websocket.client.host if websocket.client else "")
        watchers.add(watcher)
        _log("ws-open", table=table.id, seat=seat, connections=len(watchers))
        try:
            with contextlib.suppress(WebError, VersionConflict, StorageUnavailable):
                server.came_back(table, seat)  # its page is open again: the seat is theirs
            server.watch(table)
            chat = functools.partial(server.socket_chat, table, watcher)
            clock = functools.partial(server.clock, table)
            await _serve_socket(websocket, table, watcher, limits, chat, clock)
        finally:
            watchers.discard(watcher)
            server.left(table, seat)
            _log("ws-closed", table=table.id, seat=seat, connections=len(watchers))

    async def sweeper() -> None:
        while True:
            await asyncio.sleep(server.lifecycle.sweep_every)
            server.expire()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()

        def changed(table: str | None, version: int) -> None:  # the storage's thread
            with contextlib.suppress(RuntimeError):  # the loop has closed
                loop.call_soon_threadsafe(server.changed_elsewhere, table, version)

        # Listening first: a commit between loading a table and listening would be missed.
        unsubscribe = storage.subscribe(changed)
        server.expire()
        server.bots.start()  # in the background: the workers are ready by the first bot move
        for table in server.tables.load_all():
            server.schedule_bots(table)
            server.watch(table)
        _log("started", tables=len(server.tables.loaded()))
        sweeping = asyncio.create_task(sweeper())
        yield
        sweeping.cancel()
        unsubscribe()
        for watchdog in list(server.watchdogs.values()):
            watchdog.cancel()
        for task in list(server.bot_tasks.values()):
            task.cancel()
        await asyncio.gather(*server.bot_tasks.values(), return_exceptions=True)
        await server.bots.close()

    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, WebError)
        # Not the message: it may name a card of the person's own hand ("not a 3").
        _log("refused", path=request.url.path, status=int(error.status))
        if error.status == HTTPStatus.NOT_FOUND and _wants_page(request):
            return _missing(request, error.status)
        return JSONResponse(error_message(error), status_code=error.status)

    async def conflict(request: Request, error: Exception) -> Response:
        # Another writer stored this version first (only with several processes).
        return await refused(request, WebError(HTTPStatus.CONFLICT, str(error)))

    async def unavailable(request: Request, error: Exception) -> Response:
        # The database restarts or cannot be reached: nothing was acknowledged.
        status = HTTPStatus.SERVICE_UNAVAILABLE
        return await refused(request, WebError(status, "the tables' database is unavailable"))

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        if error.status_code == HTTPStatus.NOT_FOUND and _wants_page(request):
            return _missing(request, error.status_code)
        return JSONResponse({"error": error.detail, "status": error.status_code}, error.status_code)

    routes = [
        Route("/", lobby),
        Route("/faces.css", faces),
        Route("/t/{table}", table_page),
        Route("/rules/{game}", rules_page),
        Route("/api/presets", presets),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}", get_table),
        Route("/api/tables/{table}/moves", post_move, methods=["POST"]),
        Route("/api/tables/{table}/next", post_next, methods=["POST"]),
        Route("/api/tables/{table}/name", post_name, methods=["POST"]),
        Route("/api/tables/{table}/chat", post_chat, methods=["POST"]),
        Route("/api/tables/{table}/back", post_back, methods=["POST"]),
        Route("/api/tables/{table}/hint", hint),
        Route("/api/tables/{table}/games/{game}/record", record),
        WebSocketRoute("/api/tables/{table}/ws", socket),
        Mount("/static", StaticFiles(packages=[("skipbo.web", "static")])),
    ]
    handlers: Mapping[Any, Any] = {
        WebError: refused,
        VersionConflict: conflict,
        StorageUnavailable: unavailable,
        HTTPException: http_error,
    }
    budget = Middleware(ConnectionBudget, budget=server.budget, is_seated=server.is_seated)
    return Starlette(
        routes=routes,
        exception_handlers=handlers,
        lifespan=lifespan,
        middleware=[Middleware(SecurityHeaders), budget],
    )


def _admit(ticket: Ticket | None, seat: int | None) -> None:
    """Move a socket's budget ticket from pending to seated or spectator, after its hello."""
    if ticket is None:
        return
    if seat is not None:
        ticket.seated()
        return
    try:
        ticket.spectator()
    except Refused as refused:
        raise WebError(refused.status, refused.message) from None


@contextlib.contextmanager
def _pushed_on_conflict(server: _Server, table: Table) -> Iterator[None]:
    """Push ``table`` to its sockets if another process won the version (it caught up).

    Without the push, this process's clients would stay on the stale view (W5).
    """
    try:
        yield
    except VersionConflict:
        server.changed(table)
        raise


async def _refuse(websocket: WebSocket, error: WebError) -> None:
    """Tell a client why its socket is refused, then close it (code 4000 + status)."""
    with contextlib.suppress(RuntimeError, WebSocketDisconnect):
        await websocket.send_text(json.dumps({"type": "error", **error_message(error)}))
        await websocket.close(code=4000 + int(error.status))


async def _serve_socket(
    websocket: WebSocket,
    table: Table,
    watcher: _Watcher,
    limits: Limits,
    chat: Callable[[object], None],
    clock: Callable[[], dict[str, Any] | None],
) -> None:
    """Push the latest message whenever the table changes, until the client leaves.

    Each message carries the turn timer as it is when sent (``clock``). The client
    may send chat lines (``chat``); anything else closes the socket.
    """

    async def push() -> None:
        while True:
            try:
                async with asyncio.timeout(limits.idle_timeout):
                    await watcher.dirty.wait()
            except TimeoutError:
                # An idle socket (an abandoned tab, or one held to fill the budget):
                # told why, so the page does not connect again by itself.
                message = "nothing moved at this table for a while: reload the page"
                raise WebError(HTTPStatus.REQUEST_TIMEOUT, message) from None
            watcher.dirty.clear()
            if watcher.expired:
                raise WebError(HTTPStatus.GONE, "this table has expired")
            texts = [json.dumps(reply) for reply in watcher.replies]
            watcher.replies.clear()
            pushed = {**table.message(watcher.seat), "clock": clock()}
            texts.append(json.dumps(pushed, separators=(",", ":")))
            for text in texts:
                async with asyncio.timeout(limits.send_timeout):
                    await websocket.send_text(text)

    async def listen() -> None:
        # After the hello, clients send chat lines only; anything else is a protocol error.
        # A line refused for its rate stays a cheap answer, but each answer pushes the
        # table: a socket sending faster than posts may come is closed instead.
        sends = _Bucket(limits.moves_per_second, limits.move_burst)
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                raise WebError(
                    HTTPStatus.BAD_REQUEST, "clients send only chat lines after the hello"
                )
            if not sends.take():
                raise WebError(HTTPStatus.TOO_MANY_REQUESTS, "too many messages on this socket")
            chat(protocol.parse_socket_chat(text))

    tasks = [asyncio.create_task(push()), asyncio.create_task(listen())]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            error = task.exception()
            if isinstance(error, WebError):
                await _refuse(websocket, error)
            elif isinstance(error, TimeoutError):
                _log("ws-slow", table=table.id, seat=watcher.seat)
                with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                    await websocket.close(code=4408)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
