"""Where the wilds are: in real positions, and in the deals the search bot samples.

Plays ``--games`` seeded games of the heuristic bot against itself (game g dealt with
``derive_seed(seed, g)``) and, at the start of each of seat 0's turns, deals what
seat 0 cannot see once with :func:`skipbo.games.skipbo.sampling.sample_state`, uniformly and with
the search bot's ``completed_wilds``. It prints the share of wilds in each hidden
place (the completed build piles, the other hands, the stock cards below the tops,
the draw pile), averaged over the positions that hold cards there: in the real
positions, in the uniform deals, and in the search's. A deal whose completed piles
hold too many wilds leaves too few for the other places.

Usage: python research/probes/sampled_wilds.py [--players 2] [--games 30] [--seed 2026]
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable

import skipbo
from skipbo.common.randomness import derive_seed
from skipbo.games.skipbo.bots import HeuristicBot
from skipbo.games.skipbo.bots.search import COMPLETED_WILDS
from skipbo.games.skipbo.cards import WILD, Card
from skipbo.games.skipbo.sampling import sample_state

PLACES: dict[str, Callable[[skipbo.GameState], list[Card]]] = {
    "completed piles": lambda state: list(state.completed),
    "other hands": lambda state: [card for hand in state.hands[1:] for card in hand],
    "stock cards below the tops": lambda state: [
        card for stock in state.stocks for card in stock[:-1]
    ],
    "draw pile": lambda state: list(state.draw_pile),
}


def main() -> None:
    """Play the games and print the share of wilds in each hidden place."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rules = skipbo.Rules(players=args.players)
    bot = HeuristicBot()
    rng = random.Random(args.seed)
    kinds = ("real", "uniform deals", f"completed_wilds={COMPLETED_WILDS}")
    shares: dict[tuple[str, str], list[float]] = {}
    positions = 0
    for game in range(args.games):
        state = skipbo.new_game(rules, seed=derive_seed(args.seed, game))
        while state.outcome is None:
            seen = skipbo.view(state, state.current_player)
            if state.current_player == 0 and seen.turn_moves == 0:
                positions += 1
                deals = (
                    state,
                    sample_state(seen, rng),
                    sample_state(seen, rng, completed_wilds=COMPLETED_WILDS),
                )
                for place, cards_of in PLACES.items():
                    for kind, deal in zip(kinds, deals, strict=True):
                        cards = cards_of(deal)
                        if cards:
                            shares.setdefault((place, kind), []).append(
                                cards.count(WILD) / len(cards)
                            )
            state = skipbo.apply(state, bot.choose(seen))
    print(
        f"heuristic self-play, {args.players} players, {args.games} games, seed {args.seed}: "
        f"{positions} positions (seat 0's turns); share of wilds, {' / '.join(kinds)}"
    )
    for place in PLACES:
        means = [statistics.fmean(shares.get((place, kind), [0.0])) for kind in kinds]
        print(f"  {place}: " + " / ".join(f"{mean:.1%}" for mean in means))


if __name__ == "__main__":
    main()
