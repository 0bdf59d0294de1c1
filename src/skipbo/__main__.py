"""Command line: ``python -m skipbo demo --players 3 --seed 7``.

``demo`` plays a seeded game with play-first bots and prints it move by move.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from skipbo.bots import PlayFirstBot
from skipbo.deal import new_game
from skipbo.display import describe
from skipbo.engine import apply
from skipbo.errors import ConfigurationError
from skipbo.rules import Rules
from skipbo.views import view


def _demo(args: argparse.Namespace) -> int:
    try:
        # The default stock size follows the player count (R-SETUP-2): pass it only when set.
        sizes = {} if args.stock_size is None else {"stock_size": args.stock_size}
        rules = Rules(players=args.players, **sizes)
    except ConfigurationError as error:
        print(f"skipbo demo: {error}", file=sys.stderr)
        return 2
    state = new_game(rules, seed=args.seed)
    bots = [PlayFirstBot(seed=args.seed * 100 + seat) for seat in range(rules.players)]
    print(describe(state))
    moves = 0
    while state.outcome is None:
        turn = state.turn
        move = bots[state.current_player].choose(view(state, state.current_player))
        print(f"  seat {state.current_player}: {move}")
        state = apply(state, move)
        moves += 1
        if state.outcome is None and state.turn != turn and not args.quiet:
            print(describe(state))
    print(describe(state))
    print(f"{moves} moves, {state.turn} turns: {state.outcome}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="skipbo", description="The Skip-Bo rules engine.")
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="play and print a seeded game between bots")
    demo.add_argument("--players", type=int, default=3, help="number of players (2-6)")
    demo.add_argument("--seed", type=int, default=7, help="seed of the deal and the bots")
    demo.add_argument("--stock-size", type=int, default=None, help="cards per stock pile")
    demo.add_argument("--quiet", action="store_true", help="print moves only, not each turn")
    demo.set_defaults(run=_demo)
    args = parser.parse_args(argv)
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
