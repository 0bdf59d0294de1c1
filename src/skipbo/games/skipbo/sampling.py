"""Determinization: full game states consistent with what one player sees.

Planners that search imperfect-information games (perfect-information Monte Carlo,
information-set MCTS) sample the hidden part of the game and search the samples.
:func:`sample_state` deals the cards a view does not show (R-INFO-3) at random:
other hands, stock cards below the tops, the draw pile and the completed cards,
plus a fresh shuffle seed.

>>> import random, skipbo
>>> from skipbo.games.skipbo.sampling import sample_state
>>> state = skipbo.new_game(skipbo.Rules(players=3), seed=8)
>>> seen = skipbo.view(state, 0)
>>> guess = sample_state(seen, random.Random(1))
>>> skipbo.view(guess, 0) == seen
True
>>> skipbo.check_invariants(guess)

The samples are uniform over the ways to place the unseen cards given the view
alone, not the posterior given the moves that led to it (which a planner may
weigh itself); ``completed_wilds`` sets how many wilds the completed build piles
hold instead, a belief about play that uniform placement gets badly wrong (see
:func:`sample_state`).
"""

from __future__ import annotations

import random
from collections import Counter

from skipbo.common.naming import type_name
from skipbo.common.randomness import SEED_BITS
from skipbo.errors import ArgumentTypeError, InvalidStateError
from skipbo.games.skipbo.cards import WILD, Card
from skipbo.games.skipbo.invariants import invariant_violations
from skipbo.games.skipbo.spec import is_sorted, is_valid_build_pile
from skipbo.games.skipbo.state import GameState, Pile
from skipbo.games.skipbo.views import PlayerView, state_with_hidden

__all__ = ["sample_state", "unseen_cards", "view_violations"]


def unseen_cards(seen: PlayerView) -> Counter[Card]:
    """The cards that ``seen`` does not show: the deck minus every visible card.

    A count below zero means the view shows more of a card than the deck holds.

    >>> import skipbo
    >>> seen = skipbo.view(skipbo.new_game(skipbo.Rules(players=2), seed=1), 0)
    >>> sum(unseen_cards(seen).values())  # 162 cards - 5 in hand - 2 stock tops
    155
    """
    unseen = seen.rules.deck.counts()
    if seen.hand is not None:
        unseen.subtract(seen.hand)
    unseen.subtract(top for top in seen.stock_tops if top is not None)
    for piles in seen.discards:
        for pile in piles:
            unseen.subtract(pile)
    for pile in seen.builds:
        unseen.subtract(pile)
    return unseen


def _wilds_needed(unseen: Counter[Card], piles: int, highest: int) -> int:
    """The fewest wilds that ``piles`` complete build piles need from ``unseen``."""
    return sum(max(0, piles - unseen[value]) for value in range(1, highest + 1))


def view_violations(seen: PlayerView) -> list[str]:
    """Why no valid state has the view ``seen``, one line each (empty if some state has it).

    Checks the shape and cards of the view, that it shows no more of a card than the
    deck holds, that every card of the deck has a place, and that the unseen cards
    can form the completed build piles. The end-of-game conditions are checked on
    the state :func:`sample_state` builds.
    """
    rules = seen.rules
    deck = rules.deck
    problems: list[str] = []

    def cards_ok(name: str, pile: object) -> None:
        if not isinstance(pile, tuple) or not all(deck.is_card(card) for card in pile):
            problems.append(f"{name} must be a tuple of cards of the deck, got {pile!r}")

    shapes: tuple[tuple[str, object, int], ...] = (
        ("stock_tops", seen.stock_tops, rules.stock_pile_count),
        ("stock_sizes", seen.stock_sizes, rules.stock_pile_count),
        ("discards", seen.discards, rules.stock_pile_count),
        ("builds", seen.builds, rules.build_pile_count),
        ("hand_sizes", seen.hand_sizes, rules.players),
        ("penalty_cards", seen.penalty_cards, rules.stock_pile_count),
    )
    for name, value, length in shapes:
        if not isinstance(value, tuple) or len(value) != length:
            problems.append(f"{name} must be a tuple of {length} entries")
    numbers: tuple[tuple[str, object], ...] = (
        ("draw_pile_size", seen.draw_pile_size),
        ("completed_count", seen.completed_count),
        *((f"stock_sizes[{s}]", size) for s, size in enumerate(seen.stock_sizes)),
        *((f"hand_sizes[{p}]", size) for p, size in enumerate(seen.hand_sizes)),
        *((f"penalty_cards[{s}]", count) for s, count in enumerate(seen.penalty_cards)),
    )
    for name, number in numbers:
        if type(number) is not int or number < 0:
            problems.append(f"{name} must be an integer of at least 0, got {number!r}")
    if problems:
        return problems

    for stock, (top, size) in enumerate(zip(seen.stock_tops, seen.stock_sizes, strict=True)):
        if (top is None) != (size == 0) or (top is not None and not deck.is_card(top)):
            problems.append(f"stock pile {stock}: top {top!r} does not fit its size {size}")
    discard_sets: tuple[object, ...] = seen.discards  # a hand-built view may hold anything
    for index, piles in enumerate(discard_sets):
        if not isinstance(piles, tuple) or len(piles) != rules.discard_pile_count:
            problems.append(f"discard set {index} must hold {rules.discard_pile_count} piles")
            continue
        for pile_index, pile in enumerate(piles):
            cards_ok(f"discard pile {index}.{pile_index}", pile)
    for index, pile in enumerate(seen.builds):
        cards_ok(f"build pile {index}", pile)
        if not problems and not is_valid_build_pile(pile, deck.highest):
            problems.append(f"build pile {index} is not a valid run: {pile} (R-BUILD-2/3/4)")
    for seat, size in enumerate(seen.hand_sizes):
        if size > rules.hand_size:
            problems.append(f"hand {seat} holds {size} cards, more than {rules.hand_size}")
    if (seen.player is None) != (seen.hand is None):
        problems.append("a view has a hand exactly when it has a player")
    elif seen.player is not None and seen.hand is not None:
        if type(seen.player) is not int or not 0 <= seen.player < rules.players:
            problems.append(f"player {seen.player!r} is not a seat")
        else:
            cards_ok("hand", seen.hand)
            if len(seen.hand) != seen.hand_sizes[seen.player]:
                problems.append(
                    f"the hand holds {len(seen.hand)} cards, hand_sizes says "
                    f"{seen.hand_sizes[seen.player]}"
                )
            elif not is_sorted(seen.hand):
                problems.append(f"the hand is not sorted: {seen.hand}")
    if type(seen.current_player) is not int or not 0 <= seen.current_player < rules.players:
        problems.append(f"current_player {seen.current_player!r} is not a seat")
    if seen.completed_count % deck.highest:
        problems.append(
            f"completed_count {seen.completed_count} is not a whole number of complete "
            f"build piles of {deck.highest} (R-BUILD-4)"
        )
    if problems:
        return problems

    unseen = unseen_cards(seen)
    too_many = {card: -count for card, count in unseen.items() if count < 0}
    if too_many:
        return [f"the view shows more cards than the deck holds: {too_many} too many"]
    hidden_places = (
        sum(seen.hand_sizes)
        - (0 if seen.hand is None else len(seen.hand))
        + sum(size - 1 for size in seen.stock_sizes if size)
        + seen.draw_pile_size
        + seen.completed_count
    )
    if hidden_places != unseen.total():
        problems.append(
            f"the view leaves {unseen.total()} cards unseen but has places for {hidden_places}"
        )
    elif _wilds_needed(unseen, seen.completed_count // deck.highest, deck.highest) > unseen[WILD]:
        problems.append("the unseen cards cannot form the completed build piles (R-BUILD-4)")
    return problems


def _completed(
    unseen: Counter[Card],
    piles: int,
    highest: int,
    rng: random.Random,
    wild_share: float | None,
) -> Pile:
    """Random complete build piles from ``unseen`` (taken out of it), always feasible.

    Position ``k`` of a pile holds ``k`` or a wild (R-BUILD-2/3). A wild is chosen
    only while enough wilds remain for the positions whose number has run out. Where
    the number has not run out, a wild is chosen with chance ``wild_share``, or, if
    that is ``None``, in proportion to the unseen wilds and the unseen cards ``k``.
    """
    left = dict.fromkeys(range(1, highest + 1), piles)  # positions still to fill, by number
    needed = _wilds_needed(unseen, piles, highest)
    cards: list[Card] = []
    for _ in range(piles):
        for value in range(1, highest + 1):
            short = left[value] > unseen[value]  # this position needs a wild somewhere
            numbers = unseen[value]
            wilds = unseen[WILD] if short or needed < unseen[WILD] else 0
            if wild_share is None or short:
                chosen_number = rng.randrange(numbers + wilds) < numbers
            else:
                chosen_number = not wilds or rng.random() >= wild_share
            if chosen_number:
                card = value
            else:
                card = WILD
                needed -= short
            unseen[card] -= 1
            left[value] -= 1
            cards.append(card)
    return tuple(cards)


def sample_state(
    seen: PlayerView, rng: random.Random, *, completed_wilds: float | None = None
) -> GameState:
    """A random full state that shows ``seen`` to its player (a determinization).

    The cards ``seen`` does not show are dealt at random to the places it does not
    show: the other hands, the stock piles below their tops, the completed build
    piles (each a valid run, R-BUILD-4) and the draw pile; the shuffle seed is drawn
    from ``rng``. Everything ``seen`` shows is kept. Works on a spectator's view too.

    How many wilds the completed piles hold decides how many are left for the other
    places. Dealt uniformly, a completed pile's card is a wild nearly half the time:
    a wild may stand at any of its positions, and the unseen wilds outnumber the
    unseen cards of any one number. Real piles hold far fewer (about one card in six
    or seven in the heuristic bot's games), since players build with numbers and keep
    their wilds for their stock tops, so uniform deals give the other hands, the
    stock piles and the draw pile about half their real share of wilds.
    ``completed_wilds`` sets the chance instead.

    Args:
        seen: A player's (or a spectator's) view.
        rng: The source of randomness (only this is used: seed it to reproduce).
        completed_wilds: If given, the chance (0 to 1) that a completed pile's card is
            a wild where its number has not run out (where it has, it must be one);
            by default, as uniform placement of the unseen cards makes it. The view
            does not say which completed cards were wilds: this is a belief, not a
            fact the view hides.

    Returns:
        A state ``s`` with ``view(s, seen.player) == seen`` that passes
        :func:`skipbo.check_invariants`.

    Raises:
        InvalidStateError: if no valid state has this view (see :func:`view_violations`).
        TypeError: if ``seen`` is not a :class:`~skipbo.games.skipbo.views.PlayerView`, or
            ``completed_wilds`` is not a number.
        ValueError: if ``completed_wilds`` is not between 0 and 1.

    """
    if type(seen) is not PlayerView:
        raise ArgumentTypeError(f"sample_state needs a skipbo.PlayerView, not {type_name(seen)}")
    if completed_wilds is not None:
        if isinstance(completed_wilds, bool) or not isinstance(completed_wilds, int | float):
            raise ArgumentTypeError(
                f"completed_wilds must be a number, not {type(completed_wilds).__name__}"
            )
        if not 0 <= completed_wilds <= 1:  # also rejects NaN
            raise ValueError(f"completed_wilds must be between 0 and 1, got {completed_wilds!r}")
    problems = view_violations(seen)
    if problems:
        raise InvalidStateError("; ".join(problems))
    rules = seen.rules
    unseen = unseen_cards(seen)
    completed = _completed(
        unseen, seen.completed_count // rules.deck.highest, rules.deck.highest, rng, completed_wilds
    )
    rest = list(unseen.elements())
    rng.shuffle(rest)

    def take(count: int) -> Pile:
        taken = tuple(rest[len(rest) - count :]) if count else ()
        del rest[len(rest) - count :]
        return taken

    hands = tuple(
        seen.hand if seat == seen.player and seen.hand is not None else tuple(sorted(take(size)))
        for seat, size in enumerate(seen.hand_sizes)
    )
    stocks = tuple(
        take(size - 1) + (top,) if top is not None else ()
        for top, size in zip(seen.stock_tops, seen.stock_sizes, strict=True)
    )
    draw_pile = take(seen.draw_pile_size)
    state = state_with_hidden(seen, stocks, hands, draw_pile, completed, rng.getrandbits(SEED_BITS))
    problems = invariant_violations(state)
    if problems:
        raise InvalidStateError("no valid state has this view: " + "; ".join(problems))
    return state
