"""The specification: what a valid pile, hand, state and move are, as predicates.

These are small pure functions over values, written to be obviously right rather
than fast. One module holds them so that "a valid build pile", "the cards of a
state" or "a legal move" mean the same thing everywhere: in the engine's PEP 316
contracts (checked symbolically by CrossHair), in :func:`skipbo.check_invariants`,
in the conformance checker and in the tests. The module imports no engine code, so
the engine's contracts can use it.

>>> from skipbo import Rules, new_game
>>> state = new_game(Rules(players=2), seed=0)
>>> is_consistent(state), is_run((1, WILD, 3), 12), is_run((2,), 12)
(True, True, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Iterator
from itertools import chain, pairwise

from skipbo.common.randomness import SEED_BITS
from skipbo.games.skipbo import moves as move_space
from skipbo.games.skipbo.cards import WILD, Card
from skipbo.games.skipbo.moves import (
    Discard,
    Move,
    Pass,
    PlayFromDiscard,
    PlayFromHand,
    PlayFromStock,
)
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.state import GameState, Pile, Termination

__all__ = [
    "MAX_COUNTER",
    "all_cards",
    "builds_valid",
    "conserves",
    "contains_cards",
    "counters_in_range",
    "discarded",
    "flatten",
    "hand_filled",
    "hands_valid",
    "is_consistent",
    "is_legal",
    "is_reachable",
    "is_run",
    "is_sorted",
    "is_valid_build_pile",
    "is_valid_completed",
    "next_seat",
    "nothing_to_draw",
    "passers",
    "passes_consistent",
    "penalties_in_range",
    "played_onto",
    "same_cards",
    "same_cards_in",
    "stall_consistent",
    "stock_within_deal",
    "team_stocks_empty",
    "took_discard_top",
    "took_from_hand",
    "took_top",
    "turn_bound_consistent",
    "turn_limit_consistent",
    "unmoved_since_passes",
]


# --- piles ---------------------------------------------------------------------------------


def is_run(pile: Pile, highest: int) -> bool:
    """Whether ``pile`` is the run 1, 2, .. of R-BUILD-2, at most ``highest`` cards long.

    Each card is its number or a wild standing for it (R-BUILD-3). A run of
    ``highest`` cards is a complete pile (R-BUILD-4).

    >>> is_run((), 12), is_run((WILD, WILD), 12), is_run((1, 3), 12), is_run((1, 2), 1)
    (True, True, False, False)
    """
    return len(pile) <= highest and all(
        card in (WILD, position) for position, card in enumerate(pile, start=1)
    )


def fits_build_pile(pile: Pile, card: Card, highest: int) -> bool:
    """Whether ``card`` may go on the build pile ``pile`` (R-BUILD-2, R-BUILD-3).

    A wild fits every pile short of complete, a number the next one of the run.

    >>> fits_build_pile((1, WILD), 3, 12), fits_build_pile((1,), 3, 12)
    (True, False)
    >>> fits_build_pile((), WILD, 12), fits_build_pile((1, 2), WILD, 2)
    (True, False)
    """
    return is_run(pile + (card,), highest)


def is_valid_build_pile(pile: Pile, highest: int) -> bool:
    """Whether ``pile`` is a build pile in play: the run 1, 2, .. of R-BUILD-2.

    Each card is its number or a wild (R-BUILD-3); a pile is shorter than a complete
    pile, which leaves the centre at once (R-BUILD-4).

    >>> is_valid_build_pile((1, 0, 3), 12), is_valid_build_pile((2,), 12)
    (True, False)
    """
    return len(pile) < highest and is_run(pile, highest)


def is_valid_completed(cards: Pile, highest: int) -> bool:
    """Whether ``cards`` is a sequence of complete build piles, each a full run to ``highest``.

    >>> is_valid_completed((1, WILD, 3), 3), is_valid_completed((1, 2), 3)
    (True, False)
    """
    return len(cards) % highest == 0 and all(
        card in (WILD, index % highest + 1) for index, card in enumerate(cards)
    )


def is_sorted(cards: Pile) -> bool:
    """Whether ``cards`` is in ascending order (hands are kept sorted, wilds first).

    >>> is_sorted((WILD, 1, 1, 5)), is_sorted((2, 1))
    (True, False)
    """
    return all(first <= second for first, second in pairwise(cards))


def flatten(piles: Iterable[Pile]) -> Pile:
    """The cards of several piles, one pile after the other.

    >>> flatten([(1, 2), (), (3,)])
    (1, 2, 3)
    """
    return tuple(card for pile in piles for card in pile)


def same_cards(first: Iterable[Card], second: Iterable[Card]) -> bool:
    """Whether two collections hold the same cards, in any order (card conservation).

    >>> same_cards((1, WILD, 1), (1, 1, WILD)), same_cards((1,), (1, 1))
    (True, False)
    """
    return sorted(first) == sorted(second)


def same_cards_in(first: Iterable[Pile], second: Iterable[Pile]) -> bool:
    """Whether two collections of piles hold the same cards, wherever they lie.

    >>> same_cards_in([(1, 2), (3,)], [(), (3, 2, 1)])
    True
    """
    return same_cards(flatten(first), flatten(second))


def contains_cards(whole: Iterable[Card], part: Iterable[Card]) -> bool:
    """Whether ``whole`` holds every card of ``part`` (as a multiset).

    >>> contains_cards((1, 1, 2), (1, 2)), contains_cards((1, 2), (1, 1))
    (True, False)
    """
    return not Counter(part) - Counter(whole)


# --- states ---------------------------------------------------------------------------------


def all_cards(state: GameState) -> Iterator[Card]:
    """Every card of the state, from every place (for conservation checks)."""
    return chain(
        chain.from_iterable(state.stocks),
        chain.from_iterable(chain.from_iterable(state.discards)),
        chain.from_iterable(state.hands),
        chain.from_iterable(state.builds),
        state.draw_pile,
        state.completed,
    )


def conserves(before: GameState, after: GameState) -> bool:
    """Whether ``after`` holds exactly the cards of ``before`` (nothing lost or made)."""
    return same_cards(all_cards(before), all_cards(after))


def builds_valid(state: GameState) -> bool:
    """Whether every build pile is a valid run and the completed cards complete piles."""
    highest = state.rules.deck.highest
    return all(is_valid_build_pile(pile, highest) for pile in state.builds) and (
        is_valid_completed(state.completed, highest)
    )


def hands_valid(state: GameState) -> bool:
    """Whether every hand is sorted and holds at most ``rules.hand_size`` cards (R-TURN-1)."""
    return all(len(hand) <= state.rules.hand_size and is_sorted(hand) for hand in state.hands)


def is_consistent(state: GameState) -> bool:
    """Whether the cards of ``state`` are the deck, in valid piles and hands.

    The card-level part of :func:`skipbo.check_invariants`, for contracts and tests.
    """
    return (
        Counter(all_cards(state)) == state.rules.deck.counts()
        and builds_valid(state)
        and hands_valid(state)
    )


def next_seat(state: GameState) -> int:
    """The seat that plays after the current player (clockwise, R-TURN-7)."""
    return (state.current_player + 1) % state.rules.players


def team_stocks_empty(state: GameState, seat: int) -> bool:
    """Whether every stock pile of ``seat``'s team is empty (R-WIN-1, R-TEAM-3)."""
    rules = state.rules
    return not any(
        state.stocks[stock] for stock in rules.seating.team_stocks[rules.seating.team_of[seat]]
    )


# --- what every reachable state satisfies beyond its cards ------------------------------------
#
# A state built by new_game and apply satisfies these; a hand-built or tampered one
# may not, and then it could do what no game allows (a player with an empty hand and
# a full draw pile passes and ends the game "blocked": the draw is dodged).

MAX_COUNTER = 2**53 - 1
"""The largest turn number or move count a state holds: far beyond any game, and an
integer every JSON reader represents exactly (I-JSON, RFC 7493)."""


def nothing_to_draw(state: GameState) -> bool:
    """Whether the draw pile and the completed cards are both empty (R-DRAW-3)."""
    return not state.draw_pile and not state.completed


def hand_filled(state: GameState) -> bool:
    """Whether the player to move holds what the draw rules give them.

    At the start of a turn the hand is full (R-TURN-1) and during the turn never
    empty (R-TURN-4), unless nothing is left to draw (R-DRAW-3). A finished game is
    exempt: the winner stops at once (R-WIN-1).

    >>> from skipbo import Rules, new_game
    >>> import attrs
    >>> state = new_game(Rules(players=2), seed=0)
    >>> hand_filled(state), hand_filled(attrs.evolve(state, hands=((), ())))
    (True, False)
    """
    if state.outcome is not None:
        return True
    hand = state.hands[state.current_player]
    short = len(hand) < state.rules.hand_size if state.turn_moves == 0 else not hand
    return not short or nothing_to_draw(state)


def stock_within_deal(state: GameState, stock: int) -> bool:
    """Whether stock pile ``stock`` holds no more cards than it was given (R-SETUP-2, R-TEAM-4).

    A stock pile is dealt ``stock_size`` cards and only shrinks (R-TURN-3), but for
    the referee penalty of team play, which puts cards under it (R-TEAM-4) and counts
    them in :attr:`~skipbo.GameState.penalty_cards`.

    >>> from skipbo import Rules, new_game, penalize
    >>> import attrs
    >>> state = penalize(new_game(Rules.partners(), seed=0), 1)
    >>> stock_within_deal(state, 1), state.penalty_cards[1]
    (True, 2)
    >>> stock_within_deal(attrs.evolve(state, penalty_cards=(0, 0, 0, 0)), 1)
    False
    """
    return len(state.stocks[stock]) <= state.rules.stock_size + state.penalty_cards[stock]


def penalties_in_range(state: GameState) -> bool:
    """Whether the penalty cards counted fit the game (R-TEAM-4).

    One count per stock pile, each from 0 to :data:`MAX_COUNTER`, and all 0 outside
    team play, which alone has the referee penalty.
    """
    counts = state.penalty_cards
    return len(counts) == state.rules.stock_pile_count and all(
        0 <= count <= (MAX_COUNTER if state.rules.team_play else 0) for count in counts
    )


def passers(state: GameState) -> tuple[int, ...]:
    """The seats whose turns ``state.empty_passes`` counts, the latest first (R-WIN-2).

    They are the seats before the player to move; when the game ended blocked or at
    the turn limit, the player to move ended it and is the latest of them.
    """
    players = state.rules.players
    ended_by_turn = state.outcome is not None and (
        state.outcome.termination is not Termination.STOCK_EMPTIED
    )
    first = state.current_player if ended_by_turn else state.current_player - 1
    return tuple((first - back) % players for back in range(state.empty_passes))


def passes_consistent(state: GameState) -> bool:
    """Whether the empty passes (R-WIN-2, R-TURN-8) fit the rest of the state.

    A pass is empty when the player passed at once with an empty hand, which they
    hold only when nothing was left to draw (R-TURN-1, R-DRAW-3); an empty pass
    moves no card, so every seat counted still holds an empty hand, and until
    someone plays nothing is left to draw. A whole round of them, and only that,
    ends the game blocked: then every hand is empty and no card can be drawn.
    """
    if not 0 <= state.empty_passes <= state.rules.players:
        return False
    blocked = state.outcome is not None and state.outcome.termination is Termination.BLOCKED
    if blocked != (state.empty_passes == state.rules.players):
        return False
    if any(state.hands[seat] for seat in passers(state)):
        return False
    return not (state.empty_passes and unmoved_since_passes(state)) or nothing_to_draw(state)


def unmoved_since_passes(state: GameState) -> bool:
    """Whether no card has moved since the last turn counted by ``empty_passes``.

    True at the start of a turn and when a pass ended the game (blocked, or at the
    turn limit); false once the player to move has moved, or won (R-WIN-1).
    """
    if state.outcome is None:
        return state.turn_moves == 0
    return state.outcome.termination is not Termination.STOCK_EMPTIED


def turn_limit_consistent(state: GameState) -> bool:
    """Whether the turn number fits the optional turn limit (R-WIN-2).

    A game goes on only up to the limit, and ends by it exactly at the limit.
    """
    limit = state.rules.turn_limit
    by_limit = state.outcome is not None and state.outcome.termination is Termination.TURN_LIMIT
    if limit is None:
        return not by_limit
    return state.turn == limit if by_limit else state.turn <= limit


def turn_bound_consistent(state: GameState) -> bool:
    """Whether the turn's moves fit the rules' ``turn_move_limit`` (R-WIN-4 (a)).

    While the game goes on a turn has made at most the limit's moves; the discard or
    pass that ends a game at its turn's end may be one more.
    """
    limit = state.rules.turn_move_limit
    if limit is None:
        return True
    return state.turn_moves <= (limit if state.outcome is None else limit + 1)


def stall_consistent(state: GameState) -> bool:
    """Whether the turn ends without a stock play fit the rules' ``stall_limit`` (R-WIN-4 (b)).

    The count stays below the limit while the game goes on; a game that ended "stalled"
    reached it exactly, and a game that ended otherwise at a turn's end may reach it too
    (blocked and the turn limit are checked first).
    """
    limit = state.rules.stall_limit
    stalled = state.outcome is not None and state.outcome.termination is Termination.STALLED
    if not 0 <= state.stall_turns <= MAX_COUNTER:
        return False
    if limit is None:
        return not stalled
    if stalled:
        return state.stall_turns == limit
    return state.stall_turns < limit if state.outcome is None else state.stall_turns <= limit


def counters_in_range(state: GameState) -> bool:
    """Whether the counters and the shuffle seed lie in their ranges.

    Turns count from 1 and moves from 0, both at most :data:`MAX_COUNTER`; the seed
    is one of the :data:`~skipbo.common.randomness.SEED_BITS`-bit seeds the shuffle
    chains (R-DRAW-2).
    """
    return (
        1 <= state.turn <= MAX_COUNTER
        and 0 <= state.turn_moves <= MAX_COUNTER
        and 0 <= state.shuffle_seed < 2**SEED_BITS
    )


def is_reachable(state: GameState) -> bool:
    """The invariants a game reaches beyond :func:`is_consistent`, for contracts and tests.

    :func:`skipbo.check_invariants` checks these and the end of the game in full.
    """
    return (
        counters_in_range(state)
        and hand_filled(state)
        and penalties_in_range(state)
        and all(stock_within_deal(state, stock) for stock in range(len(state.stocks)))
        and passes_consistent(state)
        and turn_limit_consistent(state)
        and turn_bound_consistent(state)
        and stall_consistent(state)
    )


# --- one move's effect ----------------------------------------------------------------------


def played_onto(before: GameState, after: GameState, build: int) -> bool:
    """Whether one card went onto build pile ``build``, the other piles unchanged.

    The pile grew by one card, or it was completed and left the centre (R-BUILD-4).
    """
    old = len(before.builds[build])
    new = len(after.builds[build])
    others_kept = all(
        after.builds[index] == pile for index, pile in enumerate(before.builds) if index != build
    )
    grown = new == old + 1 and after.builds[build][:old] == before.builds[build]
    return others_kept and (grown or (new == 0 and old + 1 == before.rules.deck.highest))


def took_top(before: tuple[Pile, ...], after: tuple[Pile, ...], index: int) -> bool:
    """Whether ``after`` is ``before`` with the top card of pile ``index`` taken off."""
    return len(after) == len(before) and all(
        after[position] == (pile[:-1] if position == index else pile)
        for position, pile in enumerate(before)
    )


def took_discard_top(before: GameState, after: GameState, discard_set: int, pile: int) -> bool:
    """Whether exactly the top card of discard pile ``pile`` of ``discard_set`` left it."""
    return len(after.discards) == len(before.discards) and all(
        took_top(piles, after.discards[index], pile)
        if index == discard_set
        else piles == after.discards[index]
        for index, piles in enumerate(before.discards)
    )


def took_from_hand(before: GameState, after: GameState, card: Card) -> bool:
    """Whether the current player's hand lost ``card`` and no other hand changed.

    A hand emptied by the play is refilled at once (R-TURN-4), so then only the
    size limit is checked.
    """
    seat = before.current_player
    old, new = before.hands[seat], after.hands[seat]
    others_kept = all(
        after.hands[index] == hand for index, hand in enumerate(before.hands) if index != seat
    )
    return others_kept and (
        same_cards(new + (card,), old) or (len(old) == 1 and len(new) <= before.rules.hand_size)
    )


def discarded(before: GameState, after: GameState, card: Card, pile: int) -> bool:
    """Whether ``card`` went from the current hand onto own discard pile ``pile`` (R-TURN-5).

    Nothing else changed on the discard piles; the discarding player's hand is not
    refilled (the next player's is, R-TURN-1).
    """
    seat = before.current_player
    own = before.rules.seating.own_discards[seat]
    return (
        same_cards(after.hands[seat] + (card,), before.hands[seat])
        and after.discards[own][pile] == before.discards[own][pile] + (card,)
        and all(
            after.discards[index][position] == old
            for index, piles in enumerate(before.discards)
            for position, old in enumerate(piles)
            if (index, position) != (own, pile)
        )
    )


# --- moves ----------------------------------------------------------------------------------


def _one_of(value: object, options: Collection[int]) -> bool:
    # type() rather than isinstance(): True is not a pile index.
    return type(value) is int and value in options


def _goes_on(state: GameState, card: Card, build: object) -> bool:
    """Whether ``card`` may be played onto build pile ``build`` (R-BUILD-1 .. R-BUILD-3)."""
    if not _one_of(build, range(len(state.builds))):
        return False
    assert type(build) is int  # for the type checker: _one_of checked it
    return fits_build_pile(state.builds[build], card, state.rules.deck.highest)


def is_legal(state: GameState, move: Move) -> bool:
    """Whether the rules allow ``move`` in ``state``, written from RULES.md for clarity.

    :func:`skipbo.legal_moves` must list exactly the moves for which this holds, and
    :func:`skipbo.apply` must accept exactly those.

    >>> from skipbo import Rules, new_game, legal_moves, all_moves
    >>> state = new_game(Rules(players=2), seed=0)
    >>> [m for m in all_moves(state.rules) if is_legal(state, m)] == legal_moves(state)
    True
    """
    if state.outcome is not None:
        return False  # R-WIN-3
    rules = state.rules
    seat = state.current_player
    hand = state.hands[seat]
    spent = rules.turn_move_limit is not None and state.turn_moves >= rules.turn_move_limit
    if spent and not isinstance(move, Discard | Pass):
        return False  # R-WIN-4 (a): past the turn's moves only a discard or the pass ends it
    match move:
        case PlayFromHand(card=card, build=build):
            # R-TURN-2: any hand card.
            return type(card) is int and card in hand and _goes_on(state, card, build)
        case PlayFromStock(stock=stock, build=build):
            # R-TURN-2, R-TEAM-1/2: the top of the own (or a teammate's) stock pile.
            if not _one_of(stock, rules.seating.stock_sources[seat]):
                return False
            pile = state.stocks[stock]
            return bool(pile) and _goes_on(state, pile[-1], build)
        case PlayFromDiscard(discard_set=discard_set, pile=index, build=build):
            # R-DISC-3, R-TEAM-1/2: the top of an own (or a teammate's) discard pile.
            if not _one_of(discard_set, rules.seating.discard_sources[seat]):
                return False
            if not _one_of(index, range(rules.discard_pile_count)):
                return False
            pile = state.discards[discard_set][index]
            return bool(pile) and _goes_on(state, pile[-1], build)
        case Discard(card=card, pile=index):
            # R-TURN-5, R-DISC-2: any hand card onto any of the own discard piles.
            return (
                type(card) is int
                and card in hand
                and _one_of(index, range(rules.discard_pile_count))
            )
        case Pass():
            return not hand  # R-TURN-8
    return False


def lists_every_legal_move(state: GameState, moves: list[Move]) -> bool:
    """Whether ``moves`` holds every move of ``state``'s rules that :func:`is_legal` allows."""
    return all(
        move in moves for move in move_space.move_table(state.rules).moves if is_legal(state, move)
    )


def in_move_order(rules: Rules, moves: list[Move]) -> bool:
    """Whether ``moves`` come in the fixed order of :func:`skipbo.all_moves`."""
    return moves == [move for move in move_space.move_table(rules).moves if move in moves]
