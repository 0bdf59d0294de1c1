"""Player views: what one player may see of a game (R-INFO-1 .. R-INFO-3).

A server holds the full :class:`~skipbo.GameState`; each client gets only a
:class:`PlayerView`. A view holds everything public (R-INFO-1): the top card and
size of every stock pile, every discard pile in full, the build piles, the size of
every hand, of the draw pile and of the completed (set-aside) cards, whose turn it
is, the turn number and the outcome. It also holds the viewing player's own hand
(R-INFO-2), and nothing hidden (R-INFO-3): no other hand, no stock card below a top
(not even the owner's), no order of the draw pile or of the completed cards, and no
shuffle seed. A spectator's view holds no hand at all.

The view of the player to move is enough to list the legal moves:

>>> import skipbo
>>> state = skipbo.new_game(skipbo.Rules(players=2), seed=3)
>>> mine = skipbo.view(state, state.current_player)
>>> skipbo.legal_moves(mine) == skipbo.legal_moves(state)
True
>>> mine.hand == state.hand, mine.stock_sizes, mine.draw_pile_size
(True, (30, 30), 97)
>>> skipbo.spectator_view(state).hand is None
True
"""

from __future__ import annotations

import attrs

from skipbo.common.naming import type_name
from skipbo.errors import ArgumentTypeError, ViewError
from skipbo.games.skipbo import engine
from skipbo.games.skipbo.cards import Card
from skipbo.games.skipbo.moves import Move
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.state import GameState, Outcome, Pile, require_state

__all__ = [
    "PlayerView",
    "ViewError",
    "legal_moves",
    "spectator_view",
    "state_with_hidden",
    "view",
]


@attrs.frozen(slots=True, kw_only=True)
class PlayerView:
    """One player's (or a spectator's) view of a game: public facts and the own hand.

    Indices are those of :class:`~skipbo.GameState`: ``stock_tops[s]`` and
    ``stock_sizes[s]`` describe stock pile ``s``, ``discards[d]`` is discard set
    ``d``, ``hand_sizes[p]`` is seat ``p``'s hand size. Piles have the top at the end.
    """

    rules: Rules
    """The variant being played (public)."""

    player: int | None
    """The seat whose view this is; ``None`` for a spectator."""

    hand: Pile | None
    """The viewing player's own hand, sorted (R-INFO-2); ``None`` for a spectator."""

    stock_tops: tuple[Card | None, ...]
    """The top card of each stock pile, ``None`` when it is empty (R-INFO-1)."""

    stock_sizes: tuple[int, ...]
    """The number of cards in each stock pile (R-INFO-1)."""

    discards: tuple[tuple[Pile, ...], ...]
    """Every discard pile in full, by discard set (R-INFO-1)."""

    builds: tuple[Pile, ...]
    """The build piles in the centre (R-INFO-1)."""

    hand_sizes: tuple[int, ...]
    """The number of cards in each seat's hand (R-INFO-1)."""

    draw_pile_size: int
    """The number of cards in the draw pile (R-INFO-1); its order is hidden (R-INFO-3)."""

    completed_count: int
    """The number of completed (set-aside) cards (R-INFO-1); their order is hidden."""

    current_player: int
    """The seat whose turn it is (R-INFO-1)."""

    turn: int
    """The number of the current turn, counting from 1."""

    turn_moves: int
    """How many moves the current player has made in this turn (seen by everyone)."""

    empty_passes: int
    """How many turns in a row were empty passes (R-WIN-2; seen by everyone)."""

    outcome: Outcome | None
    """The outcome once the game is over, else ``None``."""

    penalty_cards: tuple[int, ...] = attrs.field(
        default=attrs.Factory(lambda seen: (0,) * seen.rules.stock_pile_count, takes_self=True)
    )
    """How many cards the referee penalty put under each stock pile (R-TEAM-4; public)."""

    stall_turns: int = 0
    """Turns ended since the last stock play, or since the deal (R-WIN-4 (b); seen by everyone)."""

    @property
    def is_spectator(self) -> bool:
        """Whether this is a spectator's view (no hand)."""
        return self.player is None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.outcome is not None

    @property
    def to_move(self) -> bool:
        """Whether the viewing player is the player to move in an unfinished game."""
        return self.outcome is None and self.player == self.current_player


def view(state: GameState, player: int | None = None) -> PlayerView:
    """The view of ``state`` that seat ``player`` may see (``None``, the default: a spectator's).

    The signature is Skyjo's (:func:`skipbo.skyjo.view`), so code written for one
    game plays the other.

    Raises:
        ViewError: if ``player`` is not a seat of the game.
        TypeError: if ``state`` is not a :class:`~skipbo.GameState`.

    >>> import skipbo
    >>> state = skipbo.new_game(skipbo.Rules(players=3), seed=1)
    >>> seen = view(state, 1)
    >>> seen.hand, seen.hand_sizes
    ((), (5, 0, 0))
    >>> view(state, 3)
    Traceback (most recent call last):
    ...
    skipbo.errors.ViewError: seat 3 is not in this game (seats 0 to 2)

    """
    rules = require_state(state, "view").rules
    if player is not None and (type(player) is not int or not 0 <= player < rules.players):
        raise ViewError(f"seat {player!r} is not in this game (seats 0 to {rules.players - 1})")
    return PlayerView(
        rules=rules,
        player=player,
        hand=None if player is None else state.hands[player],
        stock_tops=tuple(pile[-1] if pile else None for pile in state.stocks),
        stock_sizes=tuple(map(len, state.stocks)),
        discards=state.discards,
        builds=state.builds,
        hand_sizes=tuple(map(len, state.hands)),
        draw_pile_size=len(state.draw_pile),
        completed_count=len(state.completed),
        current_player=state.current_player,
        turn=state.turn,
        turn_moves=state.turn_moves,
        empty_passes=state.empty_passes,
        outcome=state.outcome,
        penalty_cards=state.penalty_cards,
        stall_turns=state.stall_turns,
    )


def spectator_view(state: GameState) -> PlayerView:
    """The view of ``state`` for someone who plays no seat: public facts only (R-INFO-1).

    >>> import skipbo
    >>> seen = spectator_view(skipbo.new_game(skipbo.Rules(players=2), seed=1))
    >>> seen.is_spectator, seen.hand
    (True, None)

    """
    return view(state, None)


def legal_moves(state: GameState | PlayerView) -> list[Move]:
    """Every move the player to move may make, from the state or from that player's view.

    The moves depend only on what the mover sees (R-INFO-2), so the mover's view
    gives exactly the moves of the state, in the same order (that of
    :func:`skipbo.games.skipbo.engine.legal_moves`). This is :func:`skipbo.legal_moves`.

    Raises:
        ViewError: if given the view of a player who is not to move.
        TypeError: if ``state`` is neither a state nor a view.

    """
    if type(state) is GameState:
        return engine.legal_moves(state)
    return engine.legal_moves(stand_in_state(state))


def stand_in_state(seen: object) -> GameState:
    """A state that :func:`skipbo.legal_moves` reads exactly as it would the real one.

    It holds what the view shows and nothing else: the mover's hand, the stock tops
    as one-card piles, no other hand, an empty draw pile. It is not a valid game
    state and never leaves the engine.

    Raises:
        ViewError: if the game goes on and the view is not the mover's (R-INFO-2).
        TypeError: if ``seen`` is not a view.

    """
    if not isinstance(seen, PlayerView):
        raise ArgumentTypeError(
            f"legal_moves needs a skipbo.GameState or PlayerView, not {type_name(seen)}"
        )
    if seen.outcome is None and (seen.hand is None or seen.player != seen.current_player):
        who = "a spectator" if seen.player is None else f"seat {seen.player}"
        raise ViewError(
            f"the legal moves of seat {seen.current_player} need its hand, "
            f"which the view of {who} does not hold (R-INFO-2)"
        )
    empty: Pile = ()
    hands = [empty] * seen.rules.players
    if seen.hand is not None and seen.player is not None:
        hands[seen.player] = seen.hand
    stocks = tuple(empty if top is None else (top,) for top in seen.stock_tops)
    return state_with_hidden(seen, stocks, tuple(hands), empty, empty, 0)


def state_with_hidden(
    seen: PlayerView,
    stocks: tuple[Pile, ...],
    hands: tuple[Pile, ...],
    draw_pile: Pile,
    completed: Pile,
    shuffle_seed: int,
) -> GameState:
    """A state showing everything public in ``seen``, with the hidden parts given.

    The piles, hands and seed given stand where the view shows only sizes and tops;
    whether they fit the view is the caller's to ensure (see
    :func:`skipbo.games.skipbo.sampling.sample_state`, which checks the result).
    """
    return GameState(
        rules=seen.rules,
        stocks=stocks,
        discards=seen.discards,
        hands=hands,
        builds=seen.builds,
        draw_pile=draw_pile,
        completed=completed,
        current_player=seen.current_player,
        turn=seen.turn,
        turn_moves=seen.turn_moves,
        empty_passes=seen.empty_passes,
        outcome=seen.outcome,
        shuffle_seed=shuffle_seed,
        penalty_cards=seen.penalty_cards,
        stall_turns=seen.stall_turns,
    )
