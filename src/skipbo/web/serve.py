"""The ``skipbo serve`` command: run the web table on uvicorn."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlsplit

import uvicorn

from skipbo.web.app import Limits, create_app
from skipbo.web.budget import BudgetLimits
from skipbo.web.connections import ConnectionCap, http_protocol
from skipbo.web.lifecycle import Lifecycle
from skipbo.web.options import add_arguments, default_database
from skipbo.web.storage import StorageLocked, StorageUnavailable, open_storage
from skipbo.web.tablerules import TableLimits

__all__ = ["serve", "serve_main"]


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
        idle_timeout=args.idle_timeout,
        budget=BudgetLimits(
            max_connections=args.max_connections,
            seated_share=args.seated_share,
            spectators_per_address=args.spectators_per_address,
            pending_per_address=args.spectators_per_address,
        ),
        bot_workers=args.bot_workers,
        bot_seconds=args.bot_seconds,
        tables=TableLimits(
            max_players=args.max_players,
            max_deck_size=args.max_deck_size,
            max_stock_size=args.max_stock_size,
            bots=None if args.bots is None else tuple(k for k in args.bots.split(",") if k),
        ),
    )
    # Open TCP connections: per address, and in all twice the budget (idle keep-alive
    # and half-sent connections hold no part of the budget until their headers are in).
    cap = ConnectionCap(args.connections_per_address, 2 * args.max_connections)
    try:
        lifecycle = Lifecycle(
            finished_after=args.expire_finished,
            idle_after=args.expire_idle,
            expired=args.expired,
            sweep_every=args.sweep_every,
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
        http=http_protocol(args.header_timeout, cap),
        ws="websockets-sansio",
        ws_max_size=limits.max_body,
        ws_ping_interval=args.ping_interval,
        ws_ping_timeout=args.ping_timeout,
        # No limit_concurrency: it counted WebSockets but capped only HTTP, and once
        # reached refused everyone, seated players too (issue 20, W1/W2). The budget
        # middleware and the per-address cap above do that job.
        timeout_keep_alive=5,
        h11_max_incomplete_event_size=8192,
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
