"""The options of ``skipbo serve`` (no third-party import: the command line reads them)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

__all__ = ["add_arguments", "default_database"]

# The defaults of skipbo.web.app.Limits that the command line can change (that
# module imports Starlette, which the command line must not load to build its parser).
BOT_DELAY = 0.4
BODY_TIMEOUT = 10.0
MOVES_PER_SECOND = 10.0
TABLES_PER_MINUTE = 30.0
IDLE_TIMEOUT = 1800.0
BOT_WORKERS = 2
BOT_SECONDS = 1.0
DAY = 86_400.0
LEASE_RETRY = 1.0


def default_database() -> Path:
    """Where ``skipbo serve`` keeps its tables unless ``--db`` says otherwise.

    The user's data folder, ``$XDG_DATA_HOME/skipbo/tables.sqlite3`` (by default
    ``~/.local/share/skipbo/tables.sqlite3``): the same file wherever the server is
    started, and never inside a checkout of the project.
    """
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "skipbo" / "tables.sqlite3"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``serve`` to ``parser`` (``skipbo serve``, ``python -m skipbo.web``)."""
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (0: any)")
    parser.add_argument("--fd", type=int, default=None, help="listen on this inherited socket")
    parser.add_argument(
        "--db",
        "--database",
        dest="db",
        default=None,
        help="the SQLite file of tables (one process), or a postgresql:// URL (any number); "
        f"default {default_database()}",
    )
    parser.add_argument(
        "--sync",
        choices=("full", "normal"),
        default="full",
        help="full: a move survives a power cut; normal: a killed process only (faster)",
    )
    parser.add_argument(
        "--bot-delay", type=float, default=BOT_DELAY, help="seconds a bot waits to move"
    )
    parser.add_argument(
        "--allow-origin", action="append", default=[], help="another origin allowed on sockets"
    )
    parser.add_argument(
        "--header-timeout", type=float, default=10.0, help="seconds to send request headers"
    )
    parser.add_argument(
        "--body-timeout", type=float, default=BODY_TIMEOUT, help="seconds to send a body"
    )
    parser.add_argument("--moves-per-second", type=float, default=MOVES_PER_SECOND, help="per seat")
    parser.add_argument(
        "--tables-per-minute",
        type=float,
        default=TABLES_PER_MINUTE,
        help="new tables per client address",
    )
    parser.add_argument(
        "--lease-retry",
        type=float,
        default=LEASE_RETRY,
        help="seconds between tries to take over another process's bots (PostgreSQL)",
    )
    parser.add_argument(
        "--expire-finished",
        type=float,
        default=DAY,
        help="seconds a finished match stays open after its last move",
    )
    parser.add_argument(
        "--expire-idle",
        type=float,
        default=7 * DAY,
        help="seconds an unfinished table stays without a move",
    )
    parser.add_argument(
        "--expired",
        choices=("keep", "export", "delete"),
        default="keep",
        help="expired tables: rows kept (marked), exported to --export-dir, or deleted",
    )
    parser.add_argument("--export-dir", default=None, help="the folder of exported tables")
    parser.add_argument(
        "--sweep-every",
        type=float,
        default=60.0,
        help="seconds between two looks for tables to expire",
    )
    _add_budget(parser)
    _add_bots(parser)


def _add_budget(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--max-connections",
        type=int,
        default=1000,
        help="HTTP requests in progress and WebSockets open, together (then 503)",
    )
    parser.add_argument(
        "--seated-share",
        type=float,
        default=0.25,
        help="the part of --max-connections kept for seated players",
    )
    parser.add_argument(
        "--connections-per-address",
        type=int,
        default=64,
        help="open TCP connections one client address may hold (then 429)",
    )
    parser.add_argument(
        "--spectators-per-address",
        type=int,
        default=16,
        help="spectator sockets one client address may hold (and as many awaiting hello)",
    )
    parser.add_argument(
        "--ping-interval", type=float, default=20.0, help="seconds between WebSocket pings"
    )
    parser.add_argument(
        "--ping-timeout", type=float, default=20.0, help="seconds to answer a ping (then closed)"
    )
    parser.add_argument(
        "--idle-timeout",
        type=float,
        default=IDLE_TIMEOUT,
        help="seconds a socket stays open while its table does not change",
    )


def _add_bots(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bot-workers", type=int, default=BOT_WORKERS, help="processes computing bots' moves"
    )
    parser.add_argument(
        "--bot-seconds",
        type=float,
        default=BOT_SECONDS,
        help="a bot's time per move (then a cheap legal move)",
    )
    parser.add_argument(
        "--max-players",
        type=int,
        default=12,
        help="players a new table may have (default: every game's whole range)",
    )
    parser.add_argument(
        "--max-deck-size", type=int, default=162, help="cards in a new table's deck"
    )
    parser.add_argument("--max-stock-size", type=int, default=30, help="a new table's stock size")
    parser.add_argument(
        "--bots",
        default=None,
        help="the only bot kinds a table may seat, comma-separated (default: every bot)",
    )
