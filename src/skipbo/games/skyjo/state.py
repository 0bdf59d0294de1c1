"""The Skyjo game state: frozen values with tuple fields.

Pile layout, as in Skip-Bo's state: the discard pile and the draw pile are tuples with
the **top at the end**. A grid is a tuple of 12 places (see :mod:`skipbo.games.skyjo.cards`
for their numbering); a place holds a card, or ``None`` once its column has been
removed (S-COL-4). Which places are face up is a parallel tuple of booleans (a removed
place is never face up).

The state holds every card, face down or not, and ``shuffle_seed``, from which the next
shuffle (the reshuffle of S-DRAW-1, the deal of the next round) is drawn: both are
hidden from every player (S-INFO-2), and :func:`skipbo.skyjo.view` leaves them out.
"""

from __future__ import annotations

import enum

import attrs

from skipbo.games.skyjo.cards import Card
from skipbo.games.skyjo.rules import Rules

__all__ = [
    "GameState",
    "Grid",
    "Outcome",
    "Phase",
    "RoundScore",
    "Source",
    "has_face_down",
    "totals",
]

Grid = tuple[Card | None, ...]
"""A player's 12 grid places; ``None`` where a column was removed."""


class Phase(enum.Enum):
    """What the player to move does next."""

    REVEAL = "reveal"
    """Turn two grid cards face up at the start of a round (S-SETUP-4)."""
    TAKE = "take"
    """Begin a turn: draw from the draw pile or take the discard pile's top (S-TURN-1)."""
    PLACE = "place"
    """Place the card taken: swap it in, or discard it and turn a card up (S-TURN-2/3)."""
    OVER = "over"
    """The game has ended (S-SCORE-3)."""


class Source(enum.Enum):
    """Where the card in hand was taken from (S-TURN-1)."""

    DRAW_PILE = "draw-pile"
    """Drawn: may be swapped in or discarded (S-TURN-3)."""
    DISCARD_PILE = "discard-pile"
    """Taken from the discard pile: must be swapped in (S-TURN-2)."""


@attrs.frozen(slots=True)
class RoundScore:
    """How a finished round was scored (S-SCORE-1, S-SCORE-2, S-END-3)."""

    sums: tuple[int, ...]
    """Each player's grid sum after the final reveal (S-SCORE-1)."""
    ender: int | None
    """The round ender (S-END-1); ``None`` when the turn limit ended the round (S-END-3)."""
    scores: tuple[int, ...]
    """What each player scores: the sums, the round ender's doubled if S-SCORE-2 says so."""


@attrs.frozen(slots=True)
class Outcome:
    """The result of a finished game (S-SCORE-3).

    >>> Outcome(winners=(1,), totals=(104, 37))
    Outcome(winners=(1,), totals=(104, 37))
    """

    winners: tuple[int, ...]
    """The seats with the lowest total, in increasing order (a tie shares the win)."""
    totals: tuple[int, ...]
    """Every player's total."""

    @property
    def winner(self) -> int | None:
        """The single winning seat; ``None`` when a tie shares the win (as Skip-Bo's).

        >>> Outcome(winners=(1,), totals=(104, 37)).winner, Outcome((0, 1), (40, 40)).winner
        (1, None)
        """
        return self.winners[0] if len(self.winners) == 1 else None

    def __str__(self) -> str:
        """The outcome in words, as Skip-Bo's (``seat 1 won``).

        >>> str(Outcome(winners=(1,), totals=(104, 37)))
        'seat 1 won with 37 points'
        >>> str(Outcome(winners=(0, 2), totals=(40, 60, 40)))
        'seats 0, 2 tied with 40 points'
        """
        best = self.totals[self.winners[0]] if self.winners else min(self.totals, default=0)
        if len(self.winners) == 1:
            return f"seat {self.winners[0]} won with {best} points"
        return f"seats {', '.join(map(str, self.winners))} tied with {best} points"


def totals(history: tuple[RoundScore, ...], players: int) -> tuple[int, ...]:
    """Every player's total over the finished rounds ``history`` (S-SCORE-3)."""
    return tuple(sum(score.scores[seat] for score in history) for seat in range(players))


@attrs.frozen(slots=True)
class GameState:
    """A position of a Skyjo game: everything, hidden cards included.

    Built by :func:`skipbo.skyjo.new_game` and :func:`skipbo.skyjo.apply`; a hand-built
    state should be checked with :func:`skipbo.skyjo.check_invariants`.
    """

    rules: Rules
    """The rules of the game."""
    round: int
    """The round being played, from 1."""
    phase: Phase
    """What the player to move does next."""
    grids: tuple[Grid, ...]
    """Every player's grid, by seat."""
    face_up: tuple[tuple[bool, ...], ...]
    """Which grid places are face up, by seat."""
    discard_pile: tuple[Card, ...]
    """The discard pile, top at the end (public, S-INFO-1)."""
    draw_pile: tuple[Card, ...]
    """The draw pile, top at the end (hidden, S-INFO-2)."""
    held: Card | None
    """The card taken this turn and not placed yet (phase ``PLACE``), public (S-TURN-3)."""
    source: Source | None
    """Where ``held`` came from."""
    current_player: int
    """The seat to move."""
    starter: int
    """The seat that began (or begins) this round's play (S-SETUP-5)."""
    turns: int
    """Turns completed in this round (S-END-3 counts them)."""
    round_ender: int | None
    """The seat that first had no face-down card this round (S-END-1), if any."""
    reveals: tuple[tuple[int, int] | None, ...]
    """The places each seat chose to turn up in phase ``REVEAL``, not yet shown (S-SETUP-4)."""
    history: tuple[RoundScore, ...]
    """Every finished round's scoring."""
    outcome: Outcome | None
    """The result, once the game is over."""
    shuffle_seed: int
    """The seed of the next shuffle (hidden, S-INFO-2)."""
    stall_turns: int = 0
    """Turns ended in a row in this round in which no card was turned face up and no
    column removed (S-END-3 ends the round at the rules' ``stall_limit``). Public."""

    @property
    def totals(self) -> tuple[int, ...]:
        """Every player's total over the finished rounds (S-SCORE-3)."""
        return totals(self.history, self.rules.players)


def has_face_down(state: GameState, seat: int) -> bool:
    """Whether ``seat``'s grid still holds a face-down card (S-END-1 ends on none)."""
    return any(
        card is not None and not up
        for card, up in zip(state.grids[seat], state.face_up[seat], strict=True)
    )
