"""``skipbo tournament``: bots against bots over many games, with win rates.

The seats rotate over the games and every game is derived from the seed, so the
same command prints the same figures for any number of ``--workers`` (see
:func:`skipbo.arena.tournament`); only the thinking times vary.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from skipbo import skyjo
from skipbo.arena import TournamentResult, tournament
from skipbo.cli.errors import UsageError
from skipbo.cli.files import write_text
from skipbo.cli.lineup import fill_lineup
from skipbo.cli.options import (
    add_game_option,
    add_integer_option,
    add_rules_options,
    rules_from,
)
from skipbo.games.skipbo.bots import BOTS
from skipbo.games.skyjo.bots import BOTS as SKYJO_BOTS

NAME = "tournament"
HELP = "play bots against each other and print their win rates"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the line-up, the number of games and the output options."""
    parser.add_argument(
        "bots",
        nargs="+",
        metavar="BOT",
        help=f"one bot a seat, the last repeated for the rest ({', '.join(BOTS)})",
    )
    add_rules_options(parser)
    add_integer_option(parser, "--games", default=100, help="number of games (default 100)")
    add_integer_option(parser, "--workers", default=1, help="worker processes (default 1)")
    add_integer_option(parser, "--seed", default=0, help="the tournament's seed (default 0)")
    add_game_option(
        parser,
        help=f"the game (skyjo: --players and --turn-limit apply; bots: {', '.join(SKYJO_BOTS)})",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--plot",
        metavar="OUT",
        help="also write the win rates (with intervals) and game lengths as an SVG chart",
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar (default: on a terminal, if skipbo[cli] is installed)",
    )


def _progress(
    wanted: bool | None, games: int
) -> AbstractContextManager[Callable[[int], None] | None]:
    if wanted is False or (wanted is None and not sys.stderr.isatty()):
        return nullcontext()
    try:
        from skipbo.cli.progress import progress_bar
    except ImportError:
        if wanted:
            raise
        return nullcontext()  # asked for nothing: a missing extra only loses the bar
    return progress_bar(games)


def table(result: TournamentResult) -> str:
    """The result as a table for people."""
    rules = result.rules
    skipbo_rules = not isinstance(rules, skyjo.Rules)
    played = f"(stock {rules.stock_size})" if skipbo_rules else "of Skyjo"
    lines = [
        f"{result.games} games of {rules.players} players {played}, seed {result.seed}",
        f"{'#':>4}  {'bot':<12} {'wins':>6} {'win rate':>9}  {'95% interval':<15} "
        f"{'moves':>7} {'ms/move':>8}",
    ]
    for entry in result.entries:
        low, high = entry.interval
        lines.append(
            f"{entry.entry:>4}  {entry.bot:<12} {entry.wins:>6} {entry.win_rate:>9.1%}  "
            f"{f'{low:.1%} - {high:.1%}':<15} {entry.moves:>7} "
            f"{entry.seconds_per_move * 1000:>8.2f}"
        )
    ends = f"; blocked {result.blocked_share:.1%}; turn limit {result.turn_limit_share:.1%}"
    lines.append(f"average length {result.average_turns:.1f} turns{ends if skipbo_rules else ''}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Play the tournament and print the table or the JSON."""
    seats = max(len(args.bots), 2)  # by default a seat a bot named
    rules: Any
    if args.game == "skyjo":
        players = seats if args.players is None else args.players
        rules = skyjo.Rules(players=players, turn_limit=args.turn_limit)
    else:
        rules = rules_from(args, players=seats)
    lineup = fill_lineup(args.bots, rules.players)
    for name, value in (("--games", args.games), ("--workers", args.workers)):
        if value < 1:
            raise UsageError(f"{name} must be at least 1, got {value}")
    with _progress(args.progress, args.games) as progress:
        result = tournament(
            rules, lineup, games=args.games, seed=args.seed, workers=args.workers, progress=progress
        )
    print(json.dumps(result.to_dict(), indent=2) if args.json else table(result))
    if args.plot is not None:
        from skipbo.pictures.charts import tournament_chart  # loaded only when asked for

        write_text(args.plot, tournament_chart(result))
    return 0
