"""The ``skipbo serve`` command: run the web table on uvicorn."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlsplit

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from skipbo.web.app import Limits, create_app
from skipbo.web.lifecycle import Lifecycle
from skipbo.web.options import add_arguments, default_database
from skipbo.web.storage import StorageLocked, StorageUnavailable, open_storage

__all__ = ["serve", "serve_main"]


def _http_with_header_deadline(seconds: float) -> type[HttpToolsProtocol]:
    """Uvicorn's HTTP protocol, closing connections whose request headers come too slowly.

    uvicorn times out idle keep-alive connections but not a request whose headers
    trickle in; without a deadline, many half-sent requests would each hold a
    connection for ever (the connection cap then turns everyone else away).
    """

    class HeaderDeadline(HttpToolsProtocol):
        _deadline: asyncio.TimerHandle | None = None

        def _start(self) -> None:
            if self._deadline is None:
                self._deadline = self.loop.call_later(seconds, self._too_slow)

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

    return HeaderDeadline


def serve(args: argparse.Namespace) -> int:
    """Run the server with the parsed options until interrupted; returns the exit status."""
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    limits = Limits(
        bot_delay=args.bot_delay,
        allowed_origins=tuple(args.allow_origin),
        body_timeout=args.body_timeout,
        moves_per_second=args.moves_per_second,
        tables_per_minute=args.tables_per_minute,
        lease_retry=args.lease_retry,
    )
    try:
        lifecycle = Lifecycle(
            finished_after=args.expire_finished,
            idle_after=args.expire_idle,
            expired=args.expired,
            export_dir=None if args.export_dir is None else Path(args.export_dir),
        )
        if args.db is None:
            default_database().parent.mkdir(parents=True, exist_ok=True)
            args.db = str(default_database())
        storage = open_storage(args.db, sync=args.sync)
    except (ValueError, StorageLocked, StorageUnavailable) as error:
        print(f"skipbo serve: {error}", file=sys.stderr)
        return 2
    app = create_app(storage, limits, lifecycle)
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        fd=args.fd,
        http=_http_with_header_deadline(args.header_timeout),
        ws="websockets-sansio",
        ws_max_size=limits.max_body,
        limit_concurrency=args.max_connections,
        timeout_keep_alive=5,
        access_log=False,  # the app logs each refusal and event as JSON lines
        log_level="warning",
    )
    server = uvicorn.Server(config)
    where = f"fd {args.fd}" if args.fd is not None else f"http://{args.host}:{args.port}/"
    # A URL's user, password and query (which may hold a password) never reach the log.
    url = urlsplit(args.db)
    db = (
        args.db
        if "://" not in args.db
        else f"{url.scheme}://{url.netloc.rpartition('@')[2]}{url.path}"
    )
    print(json.dumps({"event": "serving", "at": where, "db": db}), flush=True)
    try:
        server.run()
    finally:
        storage.close()
    return 0


def serve_main(argv: Sequence[str] | None = None) -> int:
    """``python -m skipbo.web [options]``: serve the web table; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="skipbo serve", description="Host Skip-Bo tables in the browser."
    )
    add_arguments(parser)
    return serve(parser.parse_args(argv))
