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
from typing import Any, Final

import attrs

from skipbo.common.naming import type_name
from skipbo.errors import ArgumentTypeError
from skipbo.games.skipbo.cards import Card
from skipbo.games.skipbo.rules import Rules

__all__ = ["GameState", "Outcome", "Pile", "Termination", "replace", "require_state"]

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

    STALLED = "stalled"
    """No stock card was played for the rules' ``stall_limit`` turn ends; no winner (R-WIN-4)."""


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


def _no_penalty_cards(state: GameState) -> tuple[int, ...]:
    return (0,) * state.rules.stock_pile_count


# weakref_slot=False: a state is a value nobody refers to weakly, and without the slot
# its layout is the plain one that replace() below relies on.
@attrs.frozen(slots=True, weakref_slot=False)
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

    penalty_cards: tuple[int, ...] = attrs.field(
        default=attrs.Factory(_no_penalty_cards, takes_self=True)
    )
    """How many cards the referee penalty of team play put under each stock pile so far
    (R-TEAM-4): ``penalty_cards[s]`` for stock pile ``s``, all ``0`` by default and
    outside team play. Public, like every penalty given at the table. A stock pile
    holds at most the cards dealt to it plus these (R-SETUP-2)."""

    stall_turns: int = 0
    """How many turns have ended since the last stock play, or since the deal (R-WIN-4 (b)):
    the game ends "stalled" when this reaches the rules' ``stall_limit``. Public."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (R-WIN-3: then no move is legal)."""
        return self.outcome is not None

    @property
    def hand(self) -> Pile:
        """The current player's hand."""
        return self.hands[self.current_player]


def require_state(value: object, function: str) -> GameState:
    """``value`` if it is a :class:`GameState`; else an ``ArgumentTypeError``.

    Public functions call it first, so that a wrong argument (a view, a dict) gets
    an error naming what ``function`` needs rather than an ``AttributeError``
    from deep inside.

    >>> require_state(None, "apply")
    Traceback (most recent call last):
    ...
    skipbo.errors.ArgumentTypeError: apply needs a skipbo.GameState, not NoneType
    """
    if type(value) is not GameState:
        raise ArgumentTypeError(f"{function} needs a skipbo.GameState, not {type_name(value)}")
    return value


# --- changing fields, fast ---------------------------------------------------------------
#
# attrs' frozen __init__ and attrs.evolve set each field through object.__setattr__, a
# call that costs more than the rest of a move; the engine makes a state per move. So
# replace() fills an instance of _Slots, a plain class with GameState's exact slot
# layout, with plain (specialised, cheap) attribute stores, then makes it a GameState
# by __class__ assignment, which Python allows between classes of the same layout.
# Its parameters are explicit keywords with a sentinel default because a **changes
# dict costs twice as much (callgrind instruction counts). There are no validators or
# converters to skip; test_state checks that replace builds the same states as
# attrs.evolve, so the field lists cannot drift.


class _Keep(enum.Enum):
    KEEP = "keep"


_KEEP: Final = _Keep.KEEP


class _Slots:
    __slots__ = tuple(field.name for field in attrs.fields(GameState))


_new = object.__new__


def replace(
    state: GameState,
    /,
    *,
    rules: Rules | _Keep = _KEEP,
    stocks: tuple[Pile, ...] | _Keep = _KEEP,
    discards: tuple[tuple[Pile, ...], ...] | _Keep = _KEEP,
    hands: tuple[Pile, ...] | _Keep = _KEEP,
    builds: tuple[Pile, ...] | _Keep = _KEEP,
    draw_pile: Pile | _Keep = _KEEP,
    completed: Pile | _Keep = _KEEP,
    current_player: int | _Keep = _KEEP,
    turn: int | _Keep = _KEEP,
    turn_moves: int | _Keep = _KEEP,
    empty_passes: int | _Keep = _KEEP,
    outcome: Outcome | _Keep | None = _KEEP,
    shuffle_seed: int | _Keep = _KEEP,
    penalty_cards: tuple[int, ...] | _Keep = _KEEP,
    stall_turns: int | _Keep = _KEEP,
) -> GameState:
    """``state`` with the fields given replaced: ``attrs.evolve``, fast.

    Each keyword is a field of :class:`GameState`; a field not given keeps its value
    (the default, a private "keep" marker). Like the state's constructor it checks
    nothing: a new state of untrusted parts should be checked with
    :func:`skipbo.check_invariants`.

    >>> import skipbo
    >>> state = skipbo.new_game(skipbo.Rules(players=2), seed=0)
    >>> later = replace(state, turn=2, current_player=1)
    >>> (later.turn, later.current_player, later.hands == state.hands, state.turn)
    (2, 1, True, 1)
    """
    fresh: Any = _new(_Slots)
    fresh.rules = state.rules if rules is _KEEP else rules
    fresh.stocks = state.stocks if stocks is _KEEP else stocks
    fresh.discards = state.discards if discards is _KEEP else discards
    fresh.hands = state.hands if hands is _KEEP else hands
    fresh.builds = state.builds if builds is _KEEP else builds
    fresh.draw_pile = state.draw_pile if draw_pile is _KEEP else draw_pile
    fresh.completed = state.completed if completed is _KEEP else completed
    fresh.current_player = state.current_player if current_player is _KEEP else current_player
    fresh.turn = state.turn if turn is _KEEP else turn
    fresh.turn_moves = state.turn_moves if turn_moves is _KEEP else turn_moves
    fresh.empty_passes = state.empty_passes if empty_passes is _KEEP else empty_passes
    fresh.outcome = state.outcome if outcome is _KEEP else outcome
    fresh.shuffle_seed = state.shuffle_seed if shuffle_seed is _KEEP else shuffle_seed
    fresh.penalty_cards = state.penalty_cards if penalty_cards is _KEEP else penalty_cards
    fresh.stall_turns = state.stall_turns if stall_turns is _KEEP else stall_turns
    fresh.__class__ = GameState
    return fresh  # type: ignore[no-any-return]
