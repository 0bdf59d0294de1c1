"""A seeded random game, printed move by move.

Run: python examples/seeded_game.py [seed]
"""

from __future__ import annotations

import random
import sys

import skipbo
from skipbo.games.skipbo.moves import is_build_play


def main(seed: int) -> None:
    rules = skipbo.Rules(players=3, stock_size=10)
    state = skipbo.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while not skipbo.is_over(state):
        moves = skipbo.legal_moves(state)
        plays = [move for move in moves if is_build_play(move)]
        move = rng.choice(plays or moves)
        print(f"turn {state.turn:3} seat {state.current_player}: {move}")
        state = skipbo.apply(state, move)
    print(skipbo.outcome(state))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
