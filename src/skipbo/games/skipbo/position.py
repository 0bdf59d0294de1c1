"""Setting up a position from what a person sees at a real table: :func:`set_up`.

People follow a physical game, write puzzles and tests, resume a game: they know
the public places (build piles, discard piles, the stock tops and sizes, how many
cards each hand and the draw pile hold), their own hand, and nothing of the rest.
:func:`set_up` takes exactly that, deals the unknown cards from what is left of the
deck with a seed, and checks the result against every invariant of a reachable
state (:func:`skipbo.check_invariants`), so that a position no game can reach is
refused with the reason.

A place nobody sees is an :class:`Unseen` (a count, and for a stock pile its
face-up top); a place that is seen is its cards, top at the end.

>>> import skipbo
>>> from skipbo.games.skipbo.position import Unseen, set_up
>>> state = set_up(
...     skipbo.Rules(players=2),
...     hands=[(1, 4, 4, 9, 12), Unseen(5)],
...     stocks=[Unseen(30, top=3), Unseen(30, top=skipbo.WILD)],
...     seed=1,
... )
>>> state.hands[0], len(state.hands[1]), state.stocks[1][-1], len(state.draw_pile)
((1, 4, 4, 9, 12), 5, 0, 92)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs

from skipbo.common.naming import type_name
from skipbo.common.randomness import SEED_BITS, secret_seed
from skipbo.errors import ArgumentTypeError, SkipBoError
from skipbo.games.skipbo.cards import WILD, Card
from skipbo.games.skipbo.invariants import located_violations
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.state import GameState, Pile

__all__ = ["Place", "PositionError", "Unseen", "set_up"]


class PositionError(SkipBoError, ValueError):
    """A position that :func:`set_up` cannot make: the message says what is impossible.

    For example more 7s than the deck holds, places that need more unseen cards than
    are left, or a state no game reaches (a hand not filled at the start of a turn
    while cards remain to draw, R-TURN-1).

    .. versionadded:: 0.1.0
    """


@attrs.frozen(slots=True)
class Unseen:
    """A place whose cards nobody sees: a hand, a stock pile, the draw pile.

    .. versionadded:: 0.1.0
    """

    count: int
    """How many cards lie there."""

    top: Card | None = None
    """The face-up top card of a stock pile (R-SETUP-3); ``None`` if not known."""

    def __attrs_post_init__(self) -> None:
        if type(self.count) is not int or self.count < 0:
            raise PositionError(f"an unseen place holds a count of cards, got {self.count!r}")
        if self.top is not None and (self.count == 0 or type(self.top) is not int):
            raise PositionError(f"a top card needs a pile of at least one card, got {self!r}")


Place = Sequence[Card] | Unseen
"""A place of the table: its cards (top at the end), or how many cards nobody sees."""


def set_up(
    rules: Rules,
    *,
    hands: Sequence[Place],
    stocks: Sequence[Place],
    builds: Sequence[Sequence[Card]] | None = None,
    discards: Sequence[Sequence[Sequence[Card]]] | None = None,
    draw_pile: Place | None = None,
    completed: Place = (),
    current_player: int = 0,
    turn: int = 1,
    turn_moves: int = 0,
    empty_passes: int = 0,
    penalty_cards: Sequence[int] | None = None,
    stall_turns: int = 0,
    seed: int | None = None,
) -> GameState:
    """The state of a position at the table, its unknown cards dealt from the rest of the deck.

    Args:
        rules: The variant being played.
        hands: Each seat's hand: its cards, or ``Unseen(n)`` for a hand of ``n``
            cards you do not see (any order: hands are kept sorted).
        stocks: Each stock pile: ``Unseen(size, top=card)`` as it lies on the table
            (or all its cards, top last, e.g. for a puzzle).
        builds: The build piles in the centre, each the run it holds (a wild stands
            for the number it was played as); all empty by default.
        discards: The discard piles of each discard set, every card face up, top
            last; all empty by default.
        draw_pile: The draw pile: ``Unseen(n)``, its cards (top last), or ``None``
            for every card not placed elsewhere.
        completed: The completed (set-aside) cards: ``Unseen(n)`` for ``n`` cards of
            complete build piles (dealt as numbers where the deck has them left,
            else wilds), or the cards.
        current_player: The seat to move.
        turn: The number of the turn, from 1.
        turn_moves: How many moves the player to move has made in this turn.
        empty_passes: How many turns in a row before this one were empty passes
            (R-WIN-2).
        penalty_cards: In team play, how many cards the referee penalty put under
            each stock pile so far (R-TEAM-4); a stock pile may hold that many cards
            more than were dealt. None given by default.
        stall_turns: How many turns have ended since the last stock play (R-WIN-4 (b)).
        seed: Seeds the deal of the unseen cards and every later reshuffle; the
            referee's secret (see :func:`skipbo.new_game`). Without it, a fresh seed
            from the operating system.

    Returns:
        A state that passes :func:`skipbo.check_invariants`.

    Raises:
        PositionError: if the position is impossible; the message says why.
        TypeError: if ``rules`` is not a :class:`~skipbo.Rules`.

    .. versionadded:: 0.1.0

    """
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"set_up needs a skipbo.Rules, not {type_name(rules)}")
    if seed is None:
        seed = secret_seed()
    empty: Pile = ()
    build_piles = _seen_piles("builds", builds, (empty,) * rules.build_pile_count)
    discard_sets = tuple(
        _seen_piles(f"discards[{index}]", piles, (empty,) * rules.discard_pile_count)
        for index, piles in enumerate(
            discards or ((empty,) * rules.discard_pile_count,) * rules.stock_pile_count
        )
    )
    places = {
        **{f"hands[{seat}]": place for seat, place in enumerate(hands)},
        **{f"stocks[{index}]": place for index, place in enumerate(stocks)},
        "completed": completed,
        **({} if draw_pile is None else {"draw_pile": draw_pile}),
    }
    seen = Counter(
        card for piles in (build_piles, *discard_sets) for pile in piles for card in pile
    )
    for name, place in places.items():
        if isinstance(place, Unseen):
            seen.update(() if place.top is None else (place.top,))
        else:
            seen.update(_cards(name, place))
    left = rules.deck.counts()
    left.subtract(seen)
    too_many = {card: -count for card, count in left.items() if count < 0}
    if too_many:
        shown = ", ".join(f"{seen[card]} of {'W' if card == WILD else card}" for card in too_many)
        raise PositionError(f"more cards than the deck holds: {shown} (R-DECK-1, R-DECK-2)")
    set_aside = _completed(completed, left, rules.deck.highest)
    rng = random.Random(seed)
    pool = sorted(left.elements())
    rng.shuffle(pool)

    def deal(name: str, place: Place) -> Pile:
        if not isinstance(place, Unseen):
            return tuple(place)
        below = place.count - (place.top is not None)
        if below > len(pool):
            raise PositionError(
                f"{name} needs {below} unseen cards, but only {len(pool)} are left of the deck"
            )
        cards = tuple(pool.pop() for _ in range(below))
        return cards if place.top is None else (*cards, place.top)

    stock_piles = tuple(deal(f"stocks[{index}]", place) for index, place in enumerate(stocks))
    hand_piles = tuple(
        tuple(sorted(deal(f"hands[{seat}]", place))) for seat, place in enumerate(hands)
    )
    rest = deal("draw_pile", draw_pile) if draw_pile is not None else tuple(pool)
    if draw_pile is not None and pool:
        raise PositionError(
            f"{len(pool)} cards of the deck have no place: the draw pile, hands and stock "
            "piles given hold fewer cards than are left"
        )
    state = GameState(
        rules=rules,
        stocks=stock_piles,
        discards=discard_sets,
        hands=hand_piles,
        builds=build_piles,
        draw_pile=rest,
        completed=set_aside,
        current_player=current_player,
        turn=turn,
        turn_moves=turn_moves,
        empty_passes=empty_passes,
        outcome=None,
        shuffle_seed=rng.getrandbits(SEED_BITS),
        penalty_cards=(0,) * rules.stock_pile_count
        if penalty_cards is None
        else tuple(penalty_cards),
        stall_turns=stall_turns,
    )
    problems = located_violations(state)
    if problems:
        raise PositionError(
            "no game reaches this position: "
            + "; ".join(
                f"{'.'.join(map(str, problem.place)) or 'the state'}: {problem.message}"
                for problem in problems
            )
        )
    return state


def _cards(name: str, place: object) -> Pile:
    """The cards of a seen place, checked to be a sequence of ints (the invariants check more)."""
    if isinstance(place, str | bytes) or not isinstance(place, Sequence):
        raise PositionError(f"{name} must be its cards or an Unseen, got {type(place).__name__}")
    return tuple(place)


def _seen_piles(
    name: str, piles: Sequence[Sequence[Card]] | None, default: tuple[Pile, ...]
) -> tuple[Pile, ...]:
    if piles is None:
        return default
    return tuple(_cards(f"{name}[{index}]", pile) for index, pile in enumerate(piles))


def _completed(completed: Place, left: Counter[Card], highest: int) -> Pile:
    """The completed cards; those of ``Unseen`` completed piles are taken from ``left``.

    Each complete pile is the run 1 .. highest (R-BUILD-4); a number the deck has no
    more of was played as a wild (R-BUILD-3).
    """
    if not isinstance(completed, Unseen):
        return tuple(completed)
    if completed.count % highest:
        raise PositionError(
            f"completed cards come in complete build piles of {highest} (R-BUILD-4), "
            f"got {completed.count}"
        )
    cards: list[Card] = []
    for index in range(completed.count):
        number = index % highest + 1
        card = number if left[number] > 0 else WILD
        if left[card] <= 0:
            raise PositionError(
                f"the deck has no {number} and no wild left for the completed build piles"
            )
        left[card] -= 1
        cards.append(card)
    return tuple(cards)
