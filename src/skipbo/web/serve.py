"""The ``skipbo serve`` command: run the web table on uvicorn."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence

import uvicorn

from skipbo.web.app import Limits, create_app
from skipbo.web.budget import BudgetLimits
from skipbo.web.connections import ConnectionCap, http_protocol
from skipbo.web.options import add_arguments
from skipbo.web.storage import SQLiteStorage
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
        idle_timeout=args.idle_timeout,
        budget=BudgetLimits(
            max_connections=args.max_connections,
            seated_share=args.seated_share,
            spectators_per_address=args.spectators_per_address,
        ),
        bot_workers=args.bot_workers,
        bot_seconds=args.bot_seconds,
        tables=TableLimits(
            max_players=args.max_players,
            max_deck_size=args.max_deck_size,
            max_stock_size=args.max_stock_size,
            bots=tuple(kind for kind in args.bots.split(",") if kind),
        ),
    )
    # Open TCP connections: per address, and in all twice the budget (idle keep-alive
    # and half-sent connections hold no part of the budget until their headers are in).
    cap = ConnectionCap(args.connections_per_address, 2 * args.max_connections)
    storage = SQLiteStorage(args.db, sync=args.sync)
    app = create_app(storage, limits)
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
    print(json.dumps({"event": "serving", "at": where, "db": args.db}), flush=True)
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
