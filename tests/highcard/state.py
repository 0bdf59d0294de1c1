"""High card's state: every hand, the deck, the discards, whose move it is, the outcome."""

from __future__ import annotations

import attrs

from tests.highcard.rules import Rules


@attrs.frozen
class Outcome:
    """The showdown: every seat's card, and the seats holding the highest."""

    hands: tuple[int, ...]
    winners: tuple[int, ...]


@attrs.frozen
class GameState:
    """A game: each seat holds one hidden card; the seats move once each, in order."""

    rules: Rules
    hands: tuple[int, ...]
    deck: tuple[int, ...]
    """The undealt cards, the top first (hidden)."""
    discards: tuple[int, ...] = ()
    """The cards swapped away (public)."""
    moved: int = 0
    """How many seats have moved."""
    outcome: Outcome | None = None

    @property
    def deck_size(self) -> int:
        """How many cards are left in the deck."""
        return len(self.deck)

    @property
    def current_player(self) -> int:
        """The seat to move (the last seat once the game is over)."""
        return min(self.moved, self.rules.players - 1)
