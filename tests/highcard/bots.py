"""High card's bots: a random one, and one that swaps a card below the deck's middle."""

from __future__ import annotations

from skipbo.common.bots import RandomBot, SeededBot
from skipbo.common.game import BotFactory
from tests.highcard.engine import legal_moves
from tests.highcard.moves import Move
from tests.highcard.views import View


class SwapLowBot(SeededBot):
    """Swaps its card when it is in the lower half of the deck (and the deck has one)."""

    def choose(self, view: View) -> Move:
        """Keep a high card, swap a low one."""
        assert view.card is not None  # a bot plays a seat
        low = view.card <= view.rules.cards // 2
        return Move.SWAP if low and Move.SWAP in legal_moves(view) else Move.KEEP


def random_bot(
    seed: int | None = None, *, time_limit: float | None = None
) -> RandomBot[View, Move]:
    """A bot choosing uniformly among the legal moves."""
    return RandomBot(legal_moves, seed, time_limit=time_limit)


BOTS: dict[str, BotFactory[RandomBot[View, Move] | SwapLowBot]] = {
    "random": random_bot,
    "swap-low": SwapLowBot,
}
"""Every bot by name: a factory taking the bot's seed."""
