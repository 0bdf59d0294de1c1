"""The rules: :func:`legal_moves` and :func:`apply`, pure functions of the state.

:func:`apply` checks the move, performs it and everything the rules make automatic
after it (turning the next stock card, completing a build pile, redrawing an emptied
hand, reshuffling, the win, the next player's refill), and returns a new state.
It never changes its input: rejecting a move leaves the caller's state valid.

The functions carry PEP 316 contracts (``pre:``/``post:`` lines in their docstrings,
stated with the predicates of :mod:`skipbo.games.skipbo.spec`) that CrossHair checks
symbolically (``python -m tools.crosshair_check``, whose settings hold each
function's budget).

>>> import skipbo
>>> state = skipbo.new_game(skipbo.Rules(players=2), seed=1)
>>> moves = skipbo.legal_moves(state)
>>> after = skipbo.apply(state, moves[0])
>>> after is not state and skipbo.legal_moves(state) == moves
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from skipbo.common.naming import type_name
from skipbo.errors import ArgumentTypeError, IllegalMoveError
from skipbo.games.skipbo import (
    draw,
    spec,  # noqa: F401  (the PEP 316 contracts below use it)
)
from skipbo.games.skipbo.cards import WILD, Card, format_card
from skipbo.games.skipbo.moves import (
    PASS,
    Discard,
    Move,
    Pass,
    PlayFromDiscard,
    PlayFromHand,
    PlayFromStock,
    move_table,
)
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.state import GameState, Outcome, Pile, Termination, replace, require_state

if TYPE_CHECKING:  # views imports this module: the class is looked up when first needed
    from skipbo.games.skipbo.views import PlayerView

__all__ = ["apply", "current_player", "is_over", "legal_moves", "outcome"]

T = TypeVar("T")


def legal_moves(state: GameState) -> list[Move]:
    """Every move the current player may make, each distinct move once.

    The order is fixed (it is the order of :func:`skipbo.all_moves`): plays from the
    hand by card (wild first) then build pile; plays from stock piles; plays from
    discard piles; discards by card then discard pile; pass. A finished game has
    none (R-WIN-3).

    :func:`skipbo.legal_moves` also takes the :class:`~skipbo.games.skipbo.views.PlayerView` of
    the player to move (see :func:`skipbo.games.skipbo.views.legal_moves`).

    >>> import skipbo
    >>> state = skipbo.new_game(skipbo.Rules(players=2), seed=3)
    >>> [str(m) for m in skipbo.legal_moves(state)][-4:]
    ['h12>d0', 'h12>d1', 'h12>d2', 'h12>d3']

    Raises:
        TypeError: if ``state`` is not a :class:`~skipbo.GameState`.

    Contract (PEP 316, checked by CrossHair)::

        post: (len(__return__) > 0) == (state.outcome is None)
        post: len(set(__return__)) == len(__return__)
        post: all(spec.is_legal(state, move) for move in __return__)
        post: spec.lists_every_legal_move(state, __return__)
        post: spec.in_move_order(state.rules, __return__)

    """
    if type(state) is not GameState:  # inline: skipbo.legal_moves checked it already
        require_state(state, "legal_moves")
    if state.outcome is not None:
        return []
    rules = state.rules
    table = move_table(rules)
    seat = state.current_player
    hand = state.hands[seat]
    if _turn_spent(state):
        # R-WIN-4 (a): the turn has made its moves; only what ends it is left.
        if not hand:
            return [PASS]
        return [move for card in _distinct(hand) for move in table.discards[card]]
    # R-BUILD-2: build pile b takes the number len(b) + 1 (or a wild, R-BUILD-3); a
    # complete pile has left the centre, so every pile takes a wild.
    takers: dict[Card, list[int]] = {}
    for build, pile in enumerate(state.builds):
        takers.setdefault(len(pile) + 1, []).append(build)
    no_build: list[int] = []
    moves: list[Move] = []
    append = moves.append
    previous = -1
    for card in hand:  # sorted, so equal cards are adjacent: one move per distinct card
        if card != previous:
            previous = card
            row = table.hand_plays[card]
            if card == WILD:
                moves.extend(row)
            else:
                for build in takers.get(card, no_build):
                    append(row[build])
    stocks = state.stocks
    for stock in rules.seating.stock_sources[seat]:
        pile = stocks[stock]
        if pile:
            top = pile[-1]
            if top == WILD:
                moves.extend(table.stock_plays[stock])
            else:
                for build in takers.get(top, no_build):
                    append(table.stock_plays[stock][build])
    discards = state.discards
    for discard_set in rules.seating.discard_sources[seat]:
        rows = table.discard_plays[discard_set]
        for index, pile in enumerate(discards[discard_set]):
            if pile:
                top = pile[-1]
                if top == WILD:
                    moves.extend(rows[index])
                else:
                    for build in takers.get(top, no_build):
                        append(rows[index][build])
    if hand:
        previous = -1
        for card in hand:
            if card != previous:
                previous = card
                moves.extend(table.discards[card])
    else:
        append(PASS)  # R-TURN-8
    return moves


def _turn_spent(state: GameState) -> bool:
    """Whether the turn has made the moves R-WIN-4 (a) allows (then only what ends it is legal)."""
    limit = state.rules.turn_move_limit
    return limit is not None and state.turn_moves >= limit


def _distinct(hand: Pile) -> list[Card]:
    """The hand's distinct cards, in the hand's (sorted) order."""
    return sorted(set(hand))


def apply(state: GameState, move: Move) -> GameState:
    """Make ``move`` and return the resulting state; ``state`` itself is unchanged.

    Raises:
        IllegalMoveError: if the move is not legal in ``state``; the error names the
            rule it breaks (``error.rule``).
        TypeError: if ``state`` is not a :class:`~skipbo.GameState` (a
            :class:`~skipbo.games.skipbo.views.PlayerView` cannot be played on: the server
            applies the move to the state) or ``move`` is not a move at all.

    Contract (PEP 316, checked by CrossHair)::

        raises: IllegalMoveError
        pre: spec.is_consistent(state)
        post: spec.is_legal(state, move)
        post: spec.conserves(state, __return__)
        post: spec.builds_valid(__return__)
        post: spec.hands_valid(__return__)
        post: state == __old__.state
        post: __return__.turn in (state.turn, state.turn + 1)

    """
    if type(state) is not GameState:
        require_state(state, "apply")
    perform = _PERFORM.get(type(move))
    if perform is None:  # checked first: a non-move is a TypeError even when the game is over
        raise ArgumentTypeError(f"not a move: apply needs a skipbo.Move, not {type_name(move)}")
    if state.outcome is not None:
        raise IllegalMoveError(move, "R-WIN-3", "the game is over")
    return perform(state, move)


# --- checks shared by the moves ---------------------------------------------------------

# A refusal's reason never numbers the pile the move names: the notation counts piles
# from 0 and a board for people labels them from 1, so a number in the reason would
# contradict one of the two. The message names the move; the web says it in board words.


def _no_discard_pile(count: int) -> str:
    return f"there is no such discard pile: a seat has {count}"


def _is_index(value: object, size: int) -> bool:
    # type() rather than isinstance(): True is not a pile index.
    return type(value) is int and 0 <= value < size


def _own_piles_rule(rules: Rules) -> str:
    """The rule a play from a pile the player may not use breaks (R-TURN-2, R-TEAM-1/2)."""
    if rules.shared_piles:
        return "R-TEAM-2"
    return "R-TEAM-1" if rules.team_play else "R-TURN-2"


def _accepts(pile: Pile, card: Card) -> bool:
    """Whether ``card`` may go on the build pile ``pile`` (R-BUILD-2, R-BUILD-3).

    The engine looks at the pile's size only; the contract checks the whole run that
    the play makes.

    pre: spec.is_run(pile, len(pile))
    post: __return__ == spec.is_run(pile + (card,), len(pile) + 1)
    """
    return card == WILD or card == len(pile) + 1


def _check_build(state: GameState, move: Move, build: int, card: Card) -> None:
    """Check that the turn may still play, build pile ``build`` exists and ``card`` may go on it."""
    if _turn_spent(state):
        raise IllegalMoveError(
            move,
            "R-WIN-4",
            f"this turn has made its {state.rules.turn_move_limit} moves: "
            "only a discard (or a pass with an empty hand) may end it",
        )
    builds = state.builds
    if type(build) is not int or not 0 <= build < len(builds):
        reason = f"there is no such build pile: the rules have {len(builds)}"
        raise IllegalMoveError(move, "R-BUILD-1", reason)
    pile = builds[build]
    if not _accepts(pile, card):
        raise IllegalMoveError(
            move,
            "R-BUILD-2",
            f"that build pile takes a {len(pile) + 1} or a wild, not a {format_card(card)}",
        )


def _checked_hand_card(state: GameState, move: Move, card: Card, rule: str = "R-TURN-2") -> Pile:
    """The current hand without one ``card``, after checking that the hand holds it.

    ``rule`` is the rule a missing card breaks: R-TURN-2 for a play, R-TURN-6 ("only
    hand cards may go to discard piles") for a discard.
    """
    hand = state.hands[state.current_player]
    if type(card) is not int or card not in hand:
        # The wild is 0 inside, but people know it as the wild (W), never as a 0.
        what = f"wild ({format_card(card)})" if type(card) is int and card == WILD else repr(card)
        raise IllegalMoveError(move, rule, f"the hand holds no {what}")
    return _without(hand, card)


def _without(hand: Pile, card: Card) -> Pile:
    """``hand`` with one ``card`` taken out.

    pre: card in hand
    pre: spec.is_sorted(hand)
    post: spec.same_cards(__return__ + (card,), hand)
    post: spec.is_sorted(__return__)
    """
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def _replace(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items`` with ``items[index]`` replaced by ``item``.

    pre: 0 <= index < len(items)
    post: len(__return__) == len(items)
    post: __return__[index] is item
    post: all(__return__[i] == items[i] for i in range(len(items)) if i != index)
    """
    return items[:index] + (item,) + items[index + 1 :]


# --- the moves ---------------------------------------------------------------------------


def _play_from_hand(state: GameState, move: PlayFromHand) -> GameState:
    """Play a hand card onto a build pile (R-TURN-2, R-TURN-4).

    raises: IllegalMoveError
    pre: state.outcome is None
    post: spec.played_onto(state, __return__, move.build)
    post: spec.took_from_hand(state, __return__, move.card)
    post: (__return__.stocks, __return__.discards) == (state.stocks, state.discards)
    post: (__return__.current_player, __return__.outcome) == (state.current_player, None)
    post: spec.hand_filled(__return__)
    """
    card = move.card
    hand = _checked_hand_card(state, move, card)
    _check_build(state, move, move.build, card)
    hands = _replace(state.hands, state.current_player, hand)
    return _build(state, move.build, card, state.stocks, state.discards, hands)


def _play_from_stock(state: GameState, move: PlayFromStock) -> GameState:
    """Play a stock pile's top card onto a build pile (R-TURN-2, R-TURN-3, R-WIN-1).

    raises: IllegalMoveError
    pre: state.outcome is None
    post: spec.played_onto(state, __return__, move.build)
    post: spec.took_top(state.stocks, __return__.stocks, move.stock)
    post: __return__.discards == state.discards
    post: __return__.is_over == spec.team_stocks_empty(__return__, state.current_player)
    post: spec.hand_filled(__return__)
    post: __return__.stall_turns == 0
    """
    rules = state.rules
    seat = state.current_player
    stock = move.stock
    if type(stock) is not int or stock not in rules.seating.stock_sources[seat]:
        rule = _own_piles_rule(rules)
        raise IllegalMoveError(move, rule, "the mover may not play from that stock pile")
    cards = state.stocks[stock]
    if not cards:
        raise IllegalMoveError(move, "R-TURN-2", "that stock pile is empty")
    card = cards[-1]
    _check_build(state, move, move.build, card)
    stocks = _replace(state.stocks, stock, cards[:-1])  # R-TURN-3: the next card is the top
    won = None
    if len(cards) == 1:
        team = rules.seating.team_of[seat]
        if not any(stocks[other] for other in rules.seating.team_stocks[team]):
            # R-WIN-1 / R-TEAM-3: the last stock card wins at once, mid-turn.
            won = Outcome(Termination.STOCK_EMPTIED, team, rules.seating.team_seats[team])
    # R-WIN-4 (b): a stock play is progress; the stretch without one starts anew.
    played = replace(state, stall_turns=0)
    return _build(played, move.build, card, stocks, state.discards, state.hands, won)


def _play_from_discard(state: GameState, move: PlayFromDiscard) -> GameState:
    """Play a discard pile's top card onto a build pile (R-TURN-2, R-DISC-3).

    raises: IllegalMoveError
    pre: state.outcome is None
    post: spec.played_onto(state, __return__, move.build)
    post: spec.took_discard_top(state, __return__, move.discard_set, move.pile)
    post: (__return__.stocks, __return__.outcome) == (state.stocks, None)
    post: spec.hand_filled(__return__)
    """
    rules = state.rules
    seat = state.current_player
    discard_set = move.discard_set
    if type(discard_set) is not int or discard_set not in rules.seating.discard_sources[seat]:
        rule = _own_piles_rule(rules)
        raise IllegalMoveError(move, rule, "the mover may not play from that discard set")
    piles = state.discards[discard_set]
    index = move.pile
    if not _is_index(index, len(piles)):
        raise IllegalMoveError(move, "R-DISC-1", _no_discard_pile(len(piles)))
    cards = piles[index]
    if not cards:
        raise IllegalMoveError(move, "R-DISC-3", "that discard pile is empty")
    card = cards[-1]
    _check_build(state, move, move.build, card)
    discards = _replace_set(state.discards, discard_set, index, cards[:-1])
    return _build(state, move.build, card, state.stocks, discards, state.hands)


def _discard(state: GameState, move: Discard) -> GameState:
    """Discard a hand card onto an own discard pile and end the turn (R-TURN-5, R-DISC-2).

    raises: IllegalMoveError
    pre: state.outcome is None
    post: spec.discarded(state, __return__, move.card, move.pile)
    post: (__return__.stocks, __return__.builds) == (state.stocks, state.builds)
    post: __return__.is_over or __return__.current_player == spec.next_seat(state)
    post: spec.hand_filled(__return__)
    """
    rules = state.rules
    seat = state.current_player
    hand = _checked_hand_card(state, move, move.card, "R-TURN-6")
    index = move.pile
    if not _is_index(index, rules.discard_pile_count):
        raise IllegalMoveError(move, "R-DISC-1", _no_discard_pile(rules.discard_pile_count))
    own = rules.seating.own_discards[seat]
    # R-DISC-2: any hand card goes on any own discard pile.
    discards = _replace_set(state.discards, own, index, state.discards[own][index] + (move.card,))
    return _end_turn(state, discards, _replace(state.hands, seat, hand), empty_pass=False)


def _pass(state: GameState, move: Pass) -> GameState:
    """End the turn with an empty hand (R-TURN-8, R-WIN-2).

    raises: IllegalMoveError
    pre: state.outcome is None
    post: not state.hand
    post: (__return__.stocks, __return__.discards) == (state.stocks, state.discards)
    post: __return__.builds == state.builds
    post: __return__.is_over or __return__.current_player == spec.next_seat(state)
    post: spec.hand_filled(__return__)
    """
    if state.hands[state.current_player]:
        raise IllegalMoveError(move, "R-TURN-8", "a pass is legal only with an empty hand")
    # R-WIN-2: a pass as the first move of a turn means no card moved in it (a turn
    # that starts with an empty hand drew nothing at its start).
    return _end_turn(state, state.discards, state.hands, empty_pass=state.turn_moves == 0)


def _replace_set(
    discards: tuple[tuple[Pile, ...], ...], discard_set: int, index: int, pile: Pile
) -> tuple[tuple[Pile, ...], ...]:
    """``discards`` with pile ``index`` of set ``discard_set`` replaced by ``pile``."""
    return _replace(discards, discard_set, _replace(discards[discard_set], index, pile))


# --- what follows automatically ----------------------------------------------------------


def _placed(
    builds: tuple[Pile, ...], completed: Pile, build: int, card: Card, highest: int
) -> tuple[tuple[Pile, ...], Pile]:
    """The build piles and completed cards after ``card`` goes on pile ``build``.

    pre: 0 <= build < len(builds)
    pre: all(spec.is_valid_build_pile(pile, highest) for pile in builds)
    pre: spec.is_valid_completed(completed, highest)
    pre: _accepts(builds[build], card)
    post: spec.same_cards_in((*builds, completed, (card,)), (*__return__[0], __return__[1]))
    post: all(spec.is_valid_build_pile(pile, highest) for pile in __return__[0])
    post: spec.is_valid_completed(__return__[1], highest)
    post: len(__return__[0]) == len(builds)
    post: all(__return__[0][i] == builds[i] for i in range(len(builds)) if i != build)
    post: (__return__[1] != completed) == (len(builds[build]) + 1 == highest)
    """
    pile = builds[build] + (card,)
    if len(pile) == highest:
        # R-BUILD-4: the complete pile is set aside, wilds included; its place is free.
        completed = completed + pile
        pile = ()
    return _replace(builds, build, pile), completed


def _build(
    state: GameState,
    build: int,
    card: Card,
    stocks: tuple[Pile, ...],
    discards: tuple[tuple[Pile, ...], ...],
    hands: tuple[Pile, ...],
    won: Outcome | None = None,
) -> GameState:
    """Finish a play onto a build pile: complete the pile, redraw an emptied hand.

    ``won`` is the outcome when the play emptied the team's stock piles (the hands and
    discard piles are then those of ``state``).
    """
    rules = state.rules
    builds, completed = _placed(state.builds, state.completed, build, card, rules.deck.highest)
    turn_moves = state.turn_moves + 1
    if won is not None:  # R-WIN-1: the game is over at once; nobody draws
        return replace(
            state,
            stocks=stocks,
            builds=builds,
            completed=completed,
            turn_moves=turn_moves,
            outcome=won,
        )
    seat = state.current_player
    draw_pile = state.draw_pile
    seed = state.shuffle_seed
    if not hands[seat]:
        # R-TURN-4: a hand emptied by plays is refilled at once (R-DRAW-3: if there are
        # no cards, it stays empty and the check repeats after the next play).
        hand, draw_pile, completed, seed = draw.fill_hand(
            rules.hand_size, (), draw_pile, completed, seed
        )
        hands = _replace(hands, seat, hand)
    return replace(
        state,
        stocks=stocks,
        discards=discards,
        hands=hands,
        builds=builds,
        draw_pile=draw_pile,
        completed=completed,
        turn_moves=turn_moves,
        shuffle_seed=seed,
    )


def _end_turn(
    state: GameState,
    discards: tuple[tuple[Pile, ...], ...],
    hands: tuple[Pile, ...],
    *,
    empty_pass: bool,
) -> GameState:
    """End the turn (R-TURN-5, R-TURN-7): check the end conditions, refill the next hand."""
    rules = state.rules
    seat = state.current_player
    passes = state.empty_passes + 1 if empty_pass else 0
    stall = state.stall_turns + 1
    ended: Outcome | None = None
    if passes >= rules.players:
        ended = Outcome(Termination.BLOCKED)  # R-WIN-2: a whole round of empty passes
    elif rules.turn_limit is not None and state.turn >= rules.turn_limit:
        ended = Outcome(Termination.TURN_LIMIT)  # R-WIN-2: the optional turn limit
    elif rules.stall_limit is not None and stall >= rules.stall_limit:
        ended = Outcome(Termination.STALLED)  # R-WIN-4 (b): no stock play for too long
    if ended is not None:
        return replace(
            state,
            discards=discards,
            hands=hands,
            turn_moves=state.turn_moves + 1,
            empty_passes=passes,
            outcome=ended,
            stall_turns=stall,
        )
    following = (seat + 1) % rules.players
    draw_pile = state.draw_pile
    completed = state.completed
    seed = state.shuffle_seed
    hand = hands[following]
    if len(hand) < rules.hand_size:
        # R-TURN-1: the next player fills the hand at the start of the turn.
        hand, draw_pile, completed, seed = draw.fill_hand(
            rules.hand_size, hand, draw_pile, completed, seed
        )
        hands = _replace(hands, following, hand)
    return replace(
        state,
        discards=discards,
        hands=hands,
        draw_pile=draw_pile,
        completed=completed,
        current_player=following,
        turn=state.turn + 1,
        turn_moves=0,
        empty_passes=passes,
        shuffle_seed=seed,
        stall_turns=stall,
    )


_PERFORM: dict[type, Callable[[GameState, Any], GameState]] = {
    PlayFromHand: _play_from_hand,
    PlayFromStock: _play_from_stock,
    PlayFromDiscard: _play_from_discard,
    Discard: _discard,
    Pass: _pass,
}
"""How :func:`apply` performs each kind of move (one dict lookup instead of a chain of tests)."""


# --- queries -----------------------------------------------------------------------------


def _position(state: object, function: str) -> GameState | PlayerView:
    """``state``, if it is a state or a view; else an ``ArgumentTypeError`` naming both.

    Who is to move and how the game ended are public (R-INFO-1), so the queries
    below answer from a view as from the state, as Skyjo's do.
    """
    if type(state) is GameState:
        return state
    from skipbo.games.skipbo.views import PlayerView

    if isinstance(state, PlayerView):
        return state
    raise ArgumentTypeError(
        f"{function} needs a skipbo.GameState or PlayerView, not {type_name(state)}"
    )


def current_player(state: GameState | PlayerView) -> int:
    """The seat whose turn it is (in a finished game: the seat that moved last)."""
    return _position(state, "current_player").current_player


def is_over(state: GameState | PlayerView) -> bool:
    """Whether the game has ended (R-WIN-1, R-WIN-2); then :func:`legal_moves` is empty."""
    return _position(state, "is_over").outcome is not None


def outcome(state: GameState | PlayerView) -> Outcome | None:
    """The :class:`~skipbo.Outcome` of a finished game, or ``None`` while it goes on."""
    return _position(state, "outcome").outcome
