"""Write the perft deals (docs/perft/*.json) and their counts (docs/perft/counts.json).

    python -m tools.perft_deals            # rewrite the deals and count them to depth 4
    python -m tools.perft_deals --check    # count again and compare with docs/perft/counts.json

Each deal is a state document of one variant, every card of every place written out,
so that an engine with another shuffle can load it; it was dealt once from a fixed
seed. The seed the document keeps plays no part in the counts (a reshuffle lies far
deeper) but for the small deck's deal, counted deep enough to reshuffle: its
reshuffles (R-DRAW-2) follow that seed, as the engine's do.
The counts are the engine's (:func:`skipbo.common.perft.perft`); the tests compare them
with the independent reference model of tests/skipbo/reference to depth 3.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import skipbo
from skipbo import skyjo
from skipbo.common.game import game_of
from skipbo.common.perft import perft
from skipbo.games.skipbo import serialization as skipbo_json
from skipbo.games.skyjo import serialization as skyjo_json

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "perft"
COUNTS = FOLDER / "counts.json"
DEPTH = 4
"""The deepest documented count (depth 5 takes about a minute a deal)."""

SHALLOW = {"skyjo-4": 3, "skyjo-turn-limit-3": 3}
"""Deals counted less deep: each seat's opening reveal multiplies the positions by 66,
so that four players' fourth level holds 19 million."""

DEEP = {"skipbo-small-2": 6}
"""Deals counted deeper: the small deck's draw pile runs out at depth 3, and depth 6
holds a few thousand reshuffled positions."""


def depth_of(name: str) -> int:
    """The depth deal ``name`` is counted to."""
    return DEEP.get(name, SHALLOW.get(name, DEPTH))


DEAL_SEED = 2026

VARIANTS: dict[str, Callable[[], Any]] = {
    "skipbo-standard-2": lambda: skipbo.Rules.standard(2),
    "skipbo-standard-4": lambda: skipbo.Rules.standard(4),
    "skipbo-short-3": lambda: skipbo.Rules.short(3),
    "skipbo-international-2": lambda: skipbo.Rules(
        players=2, deck=skipbo.Deck.international_games()
    ),
    "skipbo-partners-4": lambda: skipbo.Rules.partners(),
    "skipbo-team-piles-6": lambda: skipbo.Rules.team_piles(),
    "skipbo-turn-limit-2": lambda: skipbo.Rules(players=2, turn_limit=1),
    "skipbo-small-2": lambda: skipbo.Rules(
        players=2,
        deck=skipbo.Deck(copies=3, wilds=2, highest=3),
        stock_size=3,
        hand_size=3,
        build_pile_count=2,
        discard_pile_count=2,
    ),
    "skyjo-2": lambda: skyjo.Rules(players=2),
    "skyjo-4": lambda: skyjo.Rules(players=4),
    "skyjo-turn-limit-3": lambda: skyjo.Rules(players=3, turn_limit=1),
}
"""Each documented variant by its deal's name: the rules it is dealt under. (The deck of
playing cards, R-DECK-3, has the Mattel deck's composition: its deal is standard-2's.)"""


def deal(name: str) -> Any:
    rules = VARIANTS[name]()
    if isinstance(rules, skyjo.Rules):
        return skyjo.new_game(rules, seed=DEAL_SEED)
    return skipbo.new_game(rules, seed=DEAL_SEED)


def dumps(state: Any) -> str:
    if isinstance(state, skyjo.GameState):
        return skyjo_json.dumps(state) + "\n"
    return skipbo_json.dumps(state) + "\n"


def load(name: str) -> Any:
    """The deal ``name`` as written in docs/perft/."""
    text = (FOLDER / f"{name}.json").read_text(encoding="utf-8")
    if name.startswith("skyjo"):
        return skyjo_json.loads(text, "state")
    return skipbo_json.loads(text, "state")


def counts(state: Any, depth: int) -> list[list[int]]:
    return [
        [level.depth, level.sequences, level.positions, level.ended]
        for level in perft(game_of(state.rules), state, depth)
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args(argv)
    found: dict[str, list[list[int]]] = {}
    for name in VARIANTS:
        if not args.check:
            FOLDER.mkdir(exist_ok=True)
            (FOLDER / f"{name}.json").write_text(dumps(deal(name)), encoding="utf-8")
        found[name] = counts(load(name), depth_of(name))
        print(name, found[name][-1], flush=True)
    if args.check:
        written = json.loads(COUNTS.read_text(encoding="utf-8"))
        if written != found:
            print("the counts differ from docs/perft/counts.json", file=sys.stderr)
            return 1
        print("all counts agree")
        return 0
    COUNTS.write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
