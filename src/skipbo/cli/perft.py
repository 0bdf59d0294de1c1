"""``skipbo perft DEAL --depth N``: count the move sequences and positions below a deal.

The deal is a state document of either game (``docs/perft/`` holds the documented
ones, every card written out); the counts are :func:`skipbo.common.perft.perft`'s, one
line a depth, so that another engine can compare its own numbers line by line.
"""

from __future__ import annotations

import argparse

from skipbo import GameState, skyjo
from skipbo.cli.errors import UsageError
from skipbo.cli.files import read_document
from skipbo.cli.options import add_integer_option
from skipbo.common.game import game_of
from skipbo.common.naming import type_name
from skipbo.common.perft import MAX_DEPTH, perft

NAME = "perft"
HELP = "count the legal move sequences and distinct positions to each depth below a deal"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the deal file and ``--depth``."""
    parser.add_argument("deal", metavar="DEAL", help="a JSON state document; - reads stdin")
    add_integer_option(
        parser,
        "--depth",
        default=3,
        help=f"the deepest level counted (default 3, at most {MAX_DEPTH})",
    )


def run(args: argparse.Namespace) -> int:
    """Print ``depth sequences positions ended``, one line a depth from 0."""
    document = read_document(args.deal)
    if not isinstance(document, GameState | skyjo.GameState):
        raise UsageError(f"{args.deal} holds a {type_name(document)}; perft takes a state")
    if not 0 <= args.depth <= MAX_DEPTH:
        raise UsageError(f"--depth must be from 0 to {MAX_DEPTH}, got {args.depth}")
    print("depth  sequences  positions  ended")
    for level in perft(game_of(document.rules), document, args.depth):
        print(f"{level.depth:5d}  {level.sequences:9d}  {level.positions:9d}  {level.ended:5d}")
    return 0
