"""The options of ``skipbo serve`` (no third-party import: the command line reads them)."""

from __future__ import annotations

import argparse

__all__ = ["add_arguments"]

# The defaults of skipbo.web.app.Limits that the command line can change (that
# module imports Starlette, which the command line must not load to build its parser).
BOT_DELAY = 0.4
BODY_TIMEOUT = 10.0
MOVES_PER_SECOND = 10.0
TABLES_PER_MINUTE = 30.0
IDLE_TIMEOUT = 1800.0
BOT_WORKERS = 2
BOT_SECONDS = 1.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``serve`` to ``parser`` (``skipbo serve``, ``python -m skipbo.web``)."""
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (0: any)")
    parser.add_argument("--fd", type=int, default=None, help="listen on this inherited socket")
    parser.add_argument("--db", default="skipbo-tables.sqlite3", help="the SQLite file of tables")
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
        help="spectator sockets one client address may hold",
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
    parser.add_argument("--max-players", type=int, default=6, help="players a new table may have")
    parser.add_argument(
        "--max-deck-size", type=int, default=162, help="cards in a new table's deck"
    )
    parser.add_argument("--max-stock-size", type=int, default=30, help="a new table's stock size")
    parser.add_argument(
        "--bots",
        default="random,play-first,heuristic,search",
        help="the bot kinds a table may seat (comma-separated)",
    )
