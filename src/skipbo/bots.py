"""Simple bots: the extension point for move choice.

A bot is anything with a ``choose(state) -> Move`` method (the :class:`Bot`
protocol). The two here are baselines for demos, tests and benchmarks; they draw
their randomness from their own seeded generator, never from the game.

>>> import skipbo
>>> from skipbo.bots import PlayFirstBot
>>> state = skipbo.new_game(skipbo.Rules(players=2), seed=5)
>>> bot = PlayFirstBot(seed=0)
>>> bot.choose(state) in skipbo.legal_moves(state)
True
"""

from __future__ import annotations

import random
from typing import Protocol

from skipbo.engine import legal_moves
from skipbo.moves import Discard, Move, Pass
from skipbo.state import GameState

__all__ = ["Bot", "PlayFirstBot", "RandomBot", "is_build_play"]


class Bot(Protocol):
    """Chooses a move for the current player of an unfinished game."""

    def choose(self, state: GameState) -> Move:
        """Return a legal move for ``state.current_player``."""
        ...


def is_build_play(move: Move) -> bool:
    """Whether ``move`` plays a card onto a build pile (not a discard or a pass)."""
    return not isinstance(move, Discard | Pass)


class RandomBot:
    """Picks uniformly among the legal moves."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> Move:
        """A uniformly random legal move."""
        return self._rng.choice(legal_moves(state))


class PlayFirstBot:
    """The "play-first" policy: a random build-pile play if there is one.

    Otherwise any random legal move, so it discards only when it cannot play.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> Move:
        """A random build-pile play if any is legal, else a random legal move."""
        moves = legal_moves(state)
        plays = [move for move in moves if is_build_play(move)]
        return self._rng.choice(plays or moves)
