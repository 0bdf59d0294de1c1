"""High card's rules: how many players, and how many cards (1 to ``cards``, one of each).

- H-DEAL: the cards are shuffled; each seat gets one, hidden from the others.
- H-MOVE: the seats move once each, from seat 0: keep the card, or swap it.
- H-SWAP: a swap discards the card face up and takes the deck's top card; it needs one.
- H-END: after the last seat's move every card is shown; then no move is allowed.
- H-WIN: the seat holding the highest card wins.
"""

from __future__ import annotations

import attrs

from skipbo.errors import ConfigurationError

MIN_PLAYERS = 2
MAX_PLAYERS = 6


@attrs.frozen
class Rules:
    """A variant of High card: ``players`` seats, a deck of the cards 1 to ``cards``."""

    players: int = 2
    cards: int = 10

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ConfigurationError("players", f"must be {MIN_PLAYERS} to {MAX_PLAYERS}")
        if type(self.cards) is not int or not self.players <= self.cards <= 99:
            raise ConfigurationError("cards", "must be at least one a seat, at most 99")
