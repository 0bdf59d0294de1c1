"""``skipbo tournament``: bots against bots over many games, with win rates.

The seats rotate over the games and every game is derived from the seed, so the
same command prints the same figures for any number of ``--workers`` (see
:func:`skipbo.arena.tournament`); only the thinking times vary. With ``--sprt H0 H1``
it runs a sequential test of the first bot's win rate instead
(:func:`skipbo.arena.sprt`), on paired deals from the seeds reserved for evaluation,
stopping when the test decides or at ``--games``.
"""

from __future__ import annotations

import argparse
import json
import sys
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any

from skipbo import skyjo
from skipbo.arena import (
    EVALUATION_SEED,
    MAX_MOVES_ENDED,
    SprtResult,
    TournamentResult,
    sprt,
    tournament,
)
from skipbo.cli.errors import UsageError
from skipbo.cli.files import write_text
from skipbo.cli.lineup import fill_lineup

if TYPE_CHECKING:
    from skipbo.cli.progress import Bar
from skipbo.cli.options import (
    SKIPBO_RULES_OPTIONS,
    add_game_option,
    add_integer_option,
    add_rules_options,
    check_options_apply,
    rules_from,
    skyjo_rules_from,
)
from skipbo.common.sprt import Sprt
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
    add_integer_option(
        parser, "--games", default=100, help="number of games; with --sprt the cap (default 100)"
    )
    add_integer_option(parser, "--workers", default=1, help="worker processes (default 1)")
    add_integer_option(
        parser,
        "--seed",
        default=None,
        help=f"the tournament's seed (default 0; with --sprt {EVALUATION_SEED}, the first "
        "seed reserved for evaluation)",
    )
    parser.add_argument(
        "--paired",
        action="store_true",
        help="play each deal once in every rotation of the seats (--sprt always does)",
    )
    parser.add_argument(
        "--sprt",
        nargs=2,
        type=float,
        metavar=("H0", "H1"),
        help="a sequential test of the first bot's win rate: H0 and H1 as win rates "
        "(e.g. 0.25 0.28 at four seats); stops when it decides or at --games",
    )
    add_game_option(
        parser,
        help=f"the game (skyjo: --players, --turn-limit, --stall-limit and --round-limit apply; "
        f"bots: {', '.join(SKYJO_BOTS)})",
    )
    add_integer_option(
        parser,
        "--max-moves",
        default=None,
        help="stop each game after N moves, without a winner (needed when a bound is none; "
        "default: the proved bound of the rules, which no game reaches)",
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


def _progress(wanted: bool | None, games: int) -> AbstractContextManager[Bar | None]:
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
        f"{'moves':>7} {'CPU ms/move: mean':>17} {'p95':>7} {'p99':>7}",
    ]
    for entry in result.entries:
        low, high = entry.interval
        cpu = entry.cpu
        lines.append(
            f"{entry.entry:>4}  {entry.bot:<12} {entry.wins:>6} {entry.win_rate:>9.1%}  "
            f"{f'{low:.1%} - {high:.1%}':<15} {entry.moves:>7} "
            f"{cpu.mean * 1000:>17.2f} {cpu.p95 * 1000:>7.2f} {cpu.p99 * 1000:>7.2f}"
        )
    ends = f"; blocked {result.blocked_share:.1%}; turn limit {result.turn_limit_share:.1%}"
    capped = result.share(MAX_MOVES_ENDED)
    cut = f"; stopped at --max-moves {capped:.1%}" if capped else ""
    lines.append(
        f"average length {result.average_turns:.1f} turns{ends if skipbo_rules else ''}{cut}"
    )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Play the tournament and print the table or the JSON."""
    seats = max(len(args.bots), 2)  # by default a seat a bot named
    rules: Any
    if args.game == "skyjo":
        check_options_apply(args, "skyjo", SKIPBO_RULES_OPTIONS)
        players = seats if args.players is None else args.players
        rules = skyjo_rules_from(args, players)
    else:
        rules = rules_from(args, players=seats)
    lineup = fill_lineup(args.bots, rules.players)
    if args.max_moves is not None and args.max_moves < 1:
        raise UsageError(f"--max-moves must be at least 1, got {args.max_moves}")
    for name, value in (("--games", args.games), ("--workers", args.workers)):
        if value < 1:
            raise UsageError(f"{name} must be at least 1, got {value}")
    if args.sprt is not None:
        return _run_sprt(args, rules, lineup)
    seed = 0 if args.seed is None else args.seed
    with _progress(args.progress, args.games) as progress:
        result = tournament(
            rules,
            lineup,
            games=args.games,
            seed=seed,
            workers=args.workers,
            progress=progress,
            paired=args.paired,
            max_moves=args.max_moves,
        )
    print(json.dumps(result.to_dict(), indent=2) if args.json else table(result))
    _plot(args, result)
    return 0


def _run_sprt(args: argparse.Namespace, rules: Any, lineup: list[str]) -> int:
    """Run the sequential test, its standing beside the bar; print its games and verdict."""
    test = Sprt(*args.sprt)
    seed = EVALUATION_SEED if args.seed is None else args.seed
    with _progress(args.progress, args.games) as bar:

        def report(standing: SprtResult) -> None:
            if bar is not None:
                bar.show(standing.status())

        result = sprt(
            rules,
            lineup,
            test,
            games=args.games,
            seed=seed,
            workers=args.workers,
            progress=bar,
            report=report,
            max_moves=args.max_moves,
        )
    if args.json:
        data = result.tournament.to_dict()
        data["sprt"] = {
            "h0": test.h0,
            "h1": test.h1,
            "alpha": test.alpha,
            "beta": test.beta,
            "lower": test.lower,
            "upper": test.upper,
            "llr": result.llr,
            "cap": args.games,
            "verdict": result.decision.value if result.decision is not None else None,
        }
        print(json.dumps(data, indent=2))
    else:
        print(table(result.tournament))
        print(
            f"SPRT of H0 {test.h0:.1%} against H1 {test.h1:.1%} (alpha {test.alpha:g}, "
            f"beta {test.beta:g}), cap {args.games} games, seed {seed}, paired deals"
        )
        print(result.status())
    _plot(args, result.tournament)
    return 0


def _plot(args: argparse.Namespace, result: TournamentResult) -> None:
    if args.plot is not None:
        from skipbo.pictures.charts import tournament_chart  # loaded only when asked for

        write_text(args.plot, tournament_chart(result))
