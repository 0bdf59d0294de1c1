"""Skyjo's rules configuration.

>>> Rules(players=3)  # doctest: +NORMALIZE_WHITESPACE
Rules(players=3, deck=Deck.standard(), end_score=100, turn_limit=None, stall_limit=500,
      round_limit=100)
"""

from __future__ import annotations

import attrs

from skipbo.common.strictjson import echo
from skipbo.games.skyjo.cards import COLUMNS, GRID_SIZE, Deck
from skipbo.games.skyjo.errors import ConfigurationError

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "Rules", "max_moves"]

MIN_PLAYERS = 2
"""S-SETUP-1."""
MAX_PLAYERS = 8
"""S-SETUP-1."""
DEFAULT_STALL_LIMIT = 500
"""S-END-3: turns in a row without a card turned up or a column removed that end a round;
at least five times the longest such stretch measured in bot play (docs/skyjo-rules.md
gives the figures; ``benchmarks/bench_bounds.py`` measures them)."""
DEFAULT_ROUND_LIMIT = 100
"""S-END-3: rounds after which the game ends; at least five times the most rounds measured
in bot play."""


@attrs.frozen(slots=True, kw_only=True, repr=False)
class Rules:
    """A Skyjo configuration; every parameter has the default of the rules.

    Raises:
        ConfigurationError: for 1 or more than 8 players, a deck too small to deal
            every grid and the first discard card (S-DECK-2), an end score below 1 or
            a turn, stall or round limit below 1.

    """

    players: int = 2
    """Number of players, 2 to 8 (S-SETUP-1)."""
    deck: Deck = attrs.field(factory=Deck.standard)
    """The deck (S-DECK-1, S-DECK-2)."""
    end_score: int = 100
    """The game ends after the round in which a total reaches this score (S-SCORE-3)."""
    turn_limit: int | None = None
    """Turns after which a round is scored at once (S-END-3); ``None``: no limit."""
    stall_limit: int | None = DEFAULT_STALL_LIMIT
    """Turns in a row in which no card was turned face up and no column removed, after
    which the round is scored at once (S-END-3); ``None`` lifts the bound."""
    round_limit: int | None = DEFAULT_ROUND_LIMIT
    """Rounds after which the game ends, the lowest total winning (S-END-3); ``None``
    lifts the bound."""

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ConfigurationError(
                "players",
                f"Skyjo is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {echo(self.players)}",
            )
        if not isinstance(self.deck, Deck):
            raise ConfigurationError("deck", f"must be a Deck, got {self.deck!r}")
        needed = self.players * GRID_SIZE + 1
        if self.deck.size < needed:
            raise ConfigurationError(
                "deck",
                f"{self.players} grids of {GRID_SIZE} and the first discard card need "
                f"{needed} cards, the deck has {self.deck.size} (S-DECK-2)",
            )
        if type(self.end_score) is not int or self.end_score < 1:
            raise ConfigurationError(
                "end_score", f"must be a positive integer, got {echo(self.end_score)}"
            )
        for name in ("turn_limit", "stall_limit", "round_limit"):
            value = getattr(self, name)
            if value is not None and (type(value) is not int or value < 1):
                raise ConfigurationError(
                    name, f"must be a positive integer or None, got {echo(value)}"
                )

    def __repr__(self) -> str:
        deck = "Deck.standard()" if self.deck == Deck.standard() else repr(self.deck)
        return (
            f"Rules(players={self.players}, deck={deck}, end_score={self.end_score}, "
            f"turn_limit={self.turn_limit}, stall_limit={self.stall_limit}, "
            f"round_limit={self.round_limit})"
        )


def max_moves(rules: Rules) -> int | None:
    """The most moves a game of ``rules`` can take from its deal: the proved bound of S-END-3.

    ``R * (p + 1 + 2 * (16 * p + 1) * (L + 1))``, where ``p`` is the players, ``L`` the
    :attr:`~Rules.stall_limit` and ``R`` the :attr:`~Rules.round_limit`: a round makes
    at most ``16 * p`` turns of progress (12 face-down cards and 4 columns a grid), at
    most ``L`` turns between two of them, two moves a turn, besides the reveals.
    Proved in Coq (``SkyjoTermination.skyjo_game_ends_within``, docs/verification.md).
    ``None`` when either bound is lifted (``None``): then no bound is proved.

    >>> max_moves(Rules(players=2))  # p = 2, L = 500, R = 100
    3306900
    >>> max_moves(Rules(round_limit=None)) is None
    True
    """
    if rules.stall_limit is None or rules.round_limit is None:
        return None
    players = rules.players
    progress = (GRID_SIZE + COLUMNS) * players + 1
    return rules.round_limit * (players + 1 + 2 * progress * (rules.stall_limit + 1))
