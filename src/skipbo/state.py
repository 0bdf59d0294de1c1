"""The game state and its parts: frozen values with tuple fields.

Pile layout: every pile is a ``tuple`` of cards with the **top at the end**
(``pile[-1]``), so that taking the top is a slice and adding a card a concatenation.
Hands are kept **sorted** (wilds first): the order of hand cards carries no meaning,
and a canonical order makes equal hands compare equal.

The state holds the actual cards of every place (stock piles, hands, discard piles,
build piles, draw pile, completed cards), so that card conservation can be checked
and a completed build pile keeps its wilds. It also holds ``shuffle_seed``, the
only source of randomness after the deal: it decides the order of the next
reshuffle of the completed cards (R-DRAW-2) and is hidden from players (R-INFO-3).

States are built by :func:`skipbo.new_game` and :func:`skipbo.apply`; a hand-built
state should be checked with :func:`skipbo.check_invariants`.
"""

from __future__ import annotations

import enum

import attrs

from skipbo.cards import Card
from skipbo.errors import ArgumentTypeError
from skipbo.rules import Rules

__all__ = ["GameState", "Outcome", "Pile", "Termination", "require_state"]

Pile = tuple[Card, ...]
"""A pile of cards, top at the end."""


class Termination(enum.Enum):
    """How a game ended (the R-WIN rules)."""

    STOCK_EMPTIED = "stock-emptied"
    """A player (in team play: a team) emptied their stock piles and won (R-WIN-1, R-TEAM-3)."""

    BLOCKED = "blocked"
    """A whole round of empty passes: the game can no longer progress; no winner (R-WIN-2)."""

    TURN_LIMIT = "turn-limit"
    """The optional turn limit of the rules was reached; no winner (R-WIN-2)."""


@attrs.frozen(slots=True)
class Outcome:
    """The result of a finished game.

    >>> Outcome(Termination.BLOCKED)
    Outcome(termination=<Termination.BLOCKED: 'blocked'>, team=None, winners=())
    """

    termination: Termination
    """Why the game ended."""

    team: int | None = None
    """The winning team's index (in individual play teams are single seats, so this
    is the winning seat), or ``None`` when nobody won."""

    winners: tuple[int, ...] = ()
    """The seats that won: the winning team's seats; empty when nobody won."""

    @property
    def winner(self) -> int | None:
        """The single winning seat in individual play; ``None`` if nobody or a team won."""
        return self.winners[0] if len(self.winners) == 1 else None

    def __str__(self) -> str:
        if self.termination is Termination.STOCK_EMPTIED:
            seats = ", ".join(map(str, self.winners))
            if len(self.winners) == 1:
                return f"seat {seats} won"
            return f"team {self.team} (seats {seats}) won"
        return f"no winner ({self.termination.value})"


@attrs.frozen(slots=True)
class GameState:
    """A complete, immutable game state (the referee's view; players see a view).

    Indices: ``stocks[s]`` is stock pile ``s`` and ``discards[d]`` discard set ``d``
    (see :class:`skipbo.Rules` for which seat owns which); ``hands[p]`` is seat
    ``p``'s hand; ``builds[b]`` is build pile ``b`` (``()`` when empty).
    """

    rules: Rules
    """The variant being played."""

    stocks: tuple[Pile, ...]
    """The stock piles, top at the end (only the top is public, R-SETUP-3)."""

    discards: tuple[tuple[Pile, ...], ...]
    """The discard sets: ``discards[d][i]`` is discard pile ``i`` of set ``d``, top at the end."""

    hands: tuple[Pile, ...]
    """Each seat's hand, sorted (wilds first)."""

    builds: tuple[Pile, ...]
    """The build piles in the centre; pile ``b`` holding ``n`` cards has top value ``n``
    (R-BUILD-2: a pile is always the run 1..n, wilds standing for the numbers)."""

    draw_pile: Pile
    """The face-down draw pile, top (next card drawn) at the end (R-DRAW-1)."""

    completed: Pile
    """The cards of completed build piles, set aside until the next reshuffle (R-BUILD-4)."""

    current_player: int
    """The seat whose turn it is."""

    turn: int
    """The number of the current turn, counting from 1."""

    turn_moves: int
    """How many moves the current player has made in this turn."""

    empty_passes: int
    """How many turns in a row were empty passes (R-WIN-2)."""

    outcome: Outcome | None
    """The outcome once the game is over, else ``None``."""

    shuffle_seed: int
    """Seed of the next reshuffle (R-DRAW-2). Hidden information (R-INFO-3)."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (R-WIN-3: then no move is legal)."""
        return self.outcome is not None

    @property
    def hand(self) -> Pile:
        """The current player's hand."""
        return self.hands[self.current_player]


def require_state(value: object, function: str) -> GameState:
    """``value`` if it is a :class:`GameState`; else :class:`~skipbo.errors.ArgumentTypeError`.

    Public functions call it first, so that a wrong argument (a view, a dict) gets
    an error naming what ``function`` needs rather than an ``AttributeError``
    from deep inside.

    >>> require_state(None, "apply")
    Traceback (most recent call last):
    ...
    skipbo.errors.ArgumentTypeError: apply needs a GameState, not NoneType
    """
    if type(value) is not GameState:
        raise ArgumentTypeError(f"{function} needs a GameState, not {type(value).__name__}")
    return value


# --- a fast constructor for the engine ----------------------------------------------------
#
# attrs' frozen __init__ sets each field through object.__setattr__, which costs about
# as much as the rest of a move. The engine builds one state per move, so it uses
# make_state: the same object, its slots filled through their descriptors directly.
# There are no validators or converters to skip; test_state checks that both build
# equal states, so the field order cannot drift.

_new = object.__new__
(
    _set_rules,
    _set_stocks,
    _set_discards,
    _set_hands,
    _set_builds,
    _set_draw_pile,
    _set_completed,
    _set_current_player,
    _set_turn,
    _set_turn_moves,
    _set_empty_passes,
    _set_outcome,
    _set_shuffle_seed,
) = (vars(GameState)[field.name].__set__ for field in attrs.fields(GameState))


def make_state(
    *,
    rules: Rules,
    stocks: tuple[Pile, ...],
    discards: tuple[tuple[Pile, ...], ...],
    hands: tuple[Pile, ...],
    builds: tuple[Pile, ...],
    draw_pile: Pile,
    completed: Pile,
    current_player: int,
    turn: int,
    turn_moves: int,
    empty_passes: int,
    outcome: Outcome | None,
    shuffle_seed: int,
) -> GameState:
    """Build a :class:`GameState` from its fields, fast (keywords only: every call names them)."""
    state: GameState = _new(GameState)
    _set_rules(state, rules)
    _set_stocks(state, stocks)
    _set_discards(state, discards)
    _set_hands(state, hands)
    _set_builds(state, builds)
    _set_draw_pile(state, draw_pile)
    _set_completed(state, completed)
    _set_current_player(state, current_player)
    _set_turn(state, turn)
    _set_turn_moves(state, turn_moves)
    _set_empty_passes(state, empty_passes)
    _set_outcome(state, outcome)
    _set_shuffle_seed(state, shuffle_seed)
    return state
