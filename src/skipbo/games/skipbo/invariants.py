"""Invariant checks: :func:`~skipbo.check_invariants` and the predicates behind it.

The predicates it uses live in :mod:`skipbo.games.skipbo.spec`, shared with the engine's
contracts, the conformance checker and the tests, so that "a valid build pile" or
"the cards of a state" mean the same everywhere; the three used most are re-exported
here.

Each invariant is stated once, here:
:func:`~skipbo.games.skipbo.invariants.located_violations` reports every
violation with the place in the state it concerns, which the JSON loader
(:mod:`skipbo.games.skipbo.serialization`) turns into a JSON pointer instead of checking the
same things again.

>>> import skipbo
>>> skipbo.check_invariants(skipbo.new_game(skipbo.Rules(players=4), seed=0))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import attrs

from skipbo.common.naming import type_name
from skipbo.common.randomness import SEED_BITS
from skipbo.common.strictjson import echo
from skipbo.errors import ArgumentTypeError, InvariantViolation
from skipbo.games.skipbo.cards import Card
from skipbo.games.skipbo.engine import legal_moves
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.spec import (
    MAX_COUNTER,
    all_cards,
    counters_in_range,
    hand_filled,
    is_sorted,
    is_valid_build_pile,
    is_valid_completed,
    passers,
    passes_consistent,
    penalties_in_range,
    stall_consistent,
    stock_within_deal,
    turn_bound_consistent,
    turn_limit_consistent,
    unmoved_since_passes,
)
from skipbo.games.skipbo.state import GameState, Outcome, Pile, Termination

__all__ = [
    "Violation",
    "all_cards",
    "check_invariants",
    "invariant_violations",
    "is_valid_build_pile",
    "is_valid_completed",
    "located_violations",
]


@attrs.frozen
class Violation:
    """One broken invariant and the place in the state it concerns."""

    place: tuple[str | int, ...]
    """Where: field names and indices into the state, e.g. ``("hands", 1)``; ``()``
    for the state as a whole. The JSON loader makes it a pointer (``/hands/1``)."""
    message: str
    """What is wrong there, naming the rule where one applies."""
    summary: bool = False
    """Whether this speaks of the state as a whole (card conservation) more than of its
    place; a loader reporting one violation prefers another."""


def _shape_violations(state: GameState) -> list[Violation]:
    """Violations of the state's shape; the other checks assume none."""
    rules = state.rules
    if not isinstance(rules, Rules):
        return [Violation(("rules",), f"rules is not a skipbo.Rules: {rules!r}")]
    problems = []
    # The annotations are what a well-built state holds; tampered input may differ.
    sized: tuple[tuple[str, object, int, type], ...] = (
        ("stocks", state.stocks, rules.stock_pile_count, tuple),
        ("hands", state.hands, rules.players, tuple),
        ("builds", state.builds, rules.build_pile_count, tuple),
        ("discards", state.discards, rules.stock_pile_count, tuple),
        ("penalty_cards", state.penalty_cards, rules.stock_pile_count, int),
    )
    for name, value, length, kind in sized:
        if not isinstance(value, tuple) or len(value) != length:
            problems.append(Violation((name,), f"{name} must be a tuple of {length} entries"))
        elif not all(type(item) is kind for item in value):  # type(): True is no count
            problems.append(Violation((name,), f"{name} must hold {kind.__name__}s"))
    if not problems:
        for index, discard_set in enumerate(state.discards):
            if len(discard_set) != rules.discard_pile_count or not all(
                isinstance(pile, tuple) for pile in discard_set
            ):
                problems.append(
                    Violation(
                        ("discards", index),
                        f"discard set {index} must hold {rules.discard_pile_count} piles "
                        "(R-DISC-1)",
                    )
                )
    places: tuple[tuple[str, object], ...] = (
        ("draw_pile", state.draw_pile),
        ("completed", state.completed),
    )
    for name, place in places:
        if not isinstance(place, tuple):
            problems.append(Violation((name,), f"{name} must be a tuple"))
    numbers: tuple[tuple[str, object], ...] = (
        ("current_player", state.current_player),
        ("turn", state.turn),
        ("turn_moves", state.turn_moves),
        ("empty_passes", state.empty_passes),
        ("shuffle_seed", state.shuffle_seed),
        ("stall_turns", state.stall_turns),
    )
    for name, number in numbers:
        if type(number) is not int:
            problems.append(Violation((name,), f"{name} must be an int, got {_kind(number)}"))
    if state.outcome is not None:
        problems.extend(_outcome_shape_violations(state.outcome))
    if not problems:
        # The other checks index by card (legal_moves), so a foreign card stops them here.
        # A pile of ints that are all cards of the deck passes at the speed of set
        # operations (the largest decks hold thousands of cards); others are examined.
        cards = frozenset(rules.deck.counts())
        for place, pile in _places(state):
            if cards.issuperset(pile) and set(map(type, pile)) <= {int}:
                continue
            foreign = sorted({_kind(card) for card in pile if not rules.deck.is_card(card)})
            if foreign:
                problems.append(Violation(place, f"not cards of the deck: {', '.join(foreign)}"))
    return problems


def _outcome_shape_violations(outcome: object) -> list[Violation]:
    """Violations of the outcome's shape (``attrs.evolve`` and hand-built outcomes skip it)."""
    if not isinstance(outcome, Outcome):
        return [
            Violation(("outcome",), f"outcome must be an Outcome or None, got {_kind(outcome)}")
        ]
    problems = []
    if not isinstance(outcome.termination, Termination):
        problems.append(
            Violation(
                ("outcome", "termination"),
                f"termination must be a Termination, got {_kind(outcome.termination)}",
            )
        )
    if outcome.team is not None and type(outcome.team) is not int:
        problems.append(
            Violation(
                ("outcome", "team"), f"team must be an int or None, got {_kind(outcome.team)}"
            )
        )
    winners: object = outcome.winners  # tampered input may hold anything
    if not isinstance(winners, tuple) or not all(type(seat) is int for seat in winners):
        problems.append(
            Violation(
                ("outcome", "winners"), f"winners must be a tuple of seats, got {_kind(winners)}"
            )
        )
    return problems


def _kind(value: object) -> str:
    """A short description of a bad value (its repr could be a megabyte, or fail)."""
    return echo(value)


def _places(state: GameState) -> Iterator[tuple[tuple[str | int, ...], Pile]]:
    """Every pile of cards in the state with its place, in the order of the document."""
    for index, pile in enumerate(state.stocks):
        yield ("stocks", index), pile
    for index, discard_set in enumerate(state.discards):
        for position, pile in enumerate(discard_set):
            yield ("discards", index, position), pile
    for index, pile in enumerate(state.hands):
        yield ("hands", index), pile
    for index, pile in enumerate(state.builds):
        yield ("builds", index), pile
    yield ("draw_pile",), state.draw_pile
    yield ("completed",), state.completed


def _conservation_violations(state: GameState) -> list[Violation]:
    """R-DECK-2: the cards in all places are exactly the deck's.

    One violation, at the first place (in document order) where the count of a card
    runs over what the deck holds, or at the draw pile when cards are only missing:
    no place shows too many, and the draw pile is where the rest of the deck lies
    (R-SETUP-4), so that is where the missing cards are not.
    """
    expected = state.rules.deck.counts()
    actual = Counter(all_cards(state))
    if actual == expected:
        return []
    place: tuple[str | int, ...] = ("draw_pile",)
    seen: Counter[Card] = Counter()
    for where, pile in _places(state):
        seen.update(pile)
        if any(seen[card] > expected[card] for card in pile):
            place = where
            break
    missing = expected - actual
    extra = actual - expected
    message = f"cards are not conserved: missing {dict(missing)}, extra {dict(extra)}"
    return [Violation(place, message, summary=True)]


def located_violations(state: GameState) -> list[Violation]:
    """Every invariant ``state`` breaks, each with its place (empty when valid).

    Raises:
        TypeError: if ``state`` is not a :class:`~skipbo.GameState`.

    """
    if type(state) is not GameState:
        raise ArgumentTypeError(f"the invariants need a skipbo.GameState, not {type_name(state)}")
    problems = _shape_violations(state)
    if problems:
        return problems
    rules = state.rules
    highest = rules.deck.highest
    problems.extend(_conservation_violations(state))
    for index, pile in enumerate(state.builds):
        if not is_valid_build_pile(pile, highest):
            problems.append(
                Violation(
                    ("builds", index),
                    f"build pile {index} is not a valid run ({list(pile)} is not a run "
                    "1, 2, ..; R-BUILD-2/3/4)",
                )
            )
    if not is_valid_completed(state.completed, highest):
        problems.append(
            Violation(
                ("completed",),
                f"completed cards are not complete build piles: {state.completed} (each a "
                "run to the highest, R-BUILD-4)",
            )
        )
    for seat, hand in enumerate(state.hands):
        if len(hand) > rules.hand_size:
            problems.append(
                Violation(
                    ("hands", seat),
                    f"hand {seat} holds {len(hand)} cards, the hand size is {rules.hand_size}",
                )
            )
        if not is_sorted(hand):
            problems.append(
                Violation(
                    ("hands", seat),
                    f"hand {seat} is not sorted: {hand} (a hand must be sorted, wilds first)",
                )
            )
    if not 0 <= state.current_player < rules.players:
        problems.append(
            Violation(("current_player",), f"current_player {state.current_player} is not a seat")
        )
        return problems
    if not counters_in_range(state):
        problems.extend(_counter_violations(state))
        return problems  # the checks below read the counters
    if not 0 <= state.empty_passes <= rules.players:
        problems.append(
            Violation(
                ("empty_passes",), f"empty_passes {state.empty_passes} out of range (R-WIN-2)"
            )
        )
        return problems
    if not penalties_in_range(state):
        problems.extend(_penalty_violations(state))
        return problems  # the stock bound reads them
    for index, pile in enumerate(state.stocks):
        if not stock_within_deal(state, index):
            given = state.penalty_cards[index]
            problems.append(
                Violation(
                    ("stocks", index),
                    f"stock pile {index} holds {len(pile)} cards, more than the "
                    f"{rules.stock_size} dealt and {given} penalty cards given "
                    "(R-SETUP-2, R-TEAM-4)",
                )
            )
    if not hand_filled(state):
        seat = state.current_player
        when = "at the start of the turn (R-TURN-1)" if state.turn_moves == 0 else "(R-TURN-4)"
        problems.append(
            Violation(
                ("hands", seat),
                f"seat {seat} holds {len(state.hands[seat])} cards {when} while cards "
                "remain to draw (R-DRAW-3)",
            )
        )
    ended = _end_violations(state)
    problems.extend(ended)
    if not ended and not passes_consistent(state):
        # Only when the number of passes fits the outcome (else that is the news).
        problems.extend(_passes_violations(state))
    return problems


def _counter_violations(state: GameState) -> list[Violation]:
    """The counters out of range (see :func:`skipbo.games.skipbo.spec.counters_in_range`)."""
    ranges = (
        ("turn", state.turn, 1, MAX_COUNTER),
        ("turn_moves", state.turn_moves, 0, MAX_COUNTER),
        ("shuffle_seed", state.shuffle_seed, 0, 2**SEED_BITS - 1),
    )
    return [
        Violation((name,), f"{name} {_kind(value)} out of range: from {low} to {high}")
        for name, value, low, high in ranges
        if not low <= value <= high
    ]


def _penalty_violations(state: GameState) -> list[Violation]:
    """The penalty counts out of range (see :func:`skipbo.games.skipbo.spec.penalties_in_range`)."""
    if not state.rules.team_play:
        return [
            Violation(
                ("penalty_cards",),
                f"penalty cards {list(state.penalty_cards)} outside team play: the referee "
                "penalty exists only in team games (R-TEAM-4)",
            )
        ]
    return [
        Violation(
            ("penalty_cards", stock),
            f"penalty_cards[{stock}] {_kind(count)} out of range: from 0 to {MAX_COUNTER}",
        )
        for stock, count in enumerate(state.penalty_cards)
        if not 0 <= count <= MAX_COUNTER
    ]


def _passes_violations(state: GameState) -> list[Violation]:
    """Where the empty passes contradict the hands and the draw pile (R-WIN-2, R-TURN-8).

    Whether their number fits the outcome is reported with the end of the game.
    """
    for seat in passers(state):
        if state.hands[seat]:
            return [
                Violation(
                    ("hands", seat),
                    f"seat {seat} made an empty pass but holds {len(state.hands[seat])} "
                    "cards (R-TURN-8, R-WIN-2)",
                )
            ]
    if not state.empty_passes or not unmoved_since_passes(state):
        return []
    if state.draw_pile or state.completed:
        place = "draw_pile" if state.draw_pile else "completed"
        return [
            Violation(
                (place,),
                f"{state.empty_passes} empty pass(es), made with an empty hand, but cards "
                "remain to draw (R-DRAW-3, R-WIN-2)",
            )
        ]
    return []


def invariant_violations(state: GameState) -> list[str]:
    """Every invariant ``state`` breaks, one line each (empty when the state is valid).

    The messages of :func:`~skipbo.games.skipbo.invariants.located_violations`, without
    the places.
    """
    return [violation.message for violation in located_violations(state)]


def _end_violations(state: GameState) -> list[Violation]:
    rules = state.rules
    seating = rules.seating
    problems = []
    emptied = [
        team
        for team, stocks in enumerate(seating.team_stocks)
        if not any(state.stocks[s] for s in stocks)
    ]
    result = state.outcome
    at_end: tuple[str | int, ...] = ("outcome",)
    if result is None:
        if emptied:
            problems.append(
                Violation(
                    ("stocks", seating.team_stocks[emptied[0]][0]),
                    f"team {emptied[0]} has emptied its stock but the game goes on (R-WIN-1)",
                )
            )
        if not turn_limit_consistent(state):
            problems.append(
                Violation(("turn",), f"turn {state.turn} is past the turn limit (R-WIN-2)")
            )
        if not stall_consistent(state):
            problems.append(
                Violation(
                    ("stall_turns",),
                    f"{state.stall_turns} turns without a stock play but the game goes on "
                    "(R-WIN-4)",
                )
            )
        if not turn_bound_consistent(state):
            problems.append(
                Violation(
                    ("turn_moves",),
                    f"{state.turn_moves} moves in one turn, past the turn's bound (R-WIN-4)",
                )
            )
        if state.empty_passes >= rules.players:
            problems.append(
                Violation(
                    ("empty_passes",),
                    "a whole round of empty passes but the game goes on (R-WIN-2)",
                )
            )
        if not legal_moves(state):
            problems.append(Violation((), "the game goes on but no move is legal"))
        return problems
    if result.team is not None and not 0 <= result.team < len(seating.team_seats):
        return [Violation((*at_end, "team"), f"there is no team {result.team}")]
    if result.termination is Termination.STOCK_EMPTIED and (
        result.team not in emptied or seating.team_seats[result.team] != result.winners
    ):
        problems.append(
            Violation(
                at_end,
                f"{result} but that team's stock piles are not empty (R-WIN-1)",
            )
        )
    if result.termination is not Termination.STOCK_EMPTIED and result.winners:
        problems.append(Violation(at_end, f"{result.termination} has winners {result.winners}"))
    if result.termination is Termination.BLOCKED and state.empty_passes < rules.players:
        problems.append(
            Violation(at_end, "blocked without a whole round of empty passes (R-WIN-2)")
        )
    if not turn_limit_consistent(state):
        if result.termination is Termination.TURN_LIMIT:
            message = f"ended by a turn limit at turn {state.turn} (R-WIN-2)"
        else:
            message = f"{result} at turn {state.turn}, past the turn limit (R-WIN-2)"
        problems.append(Violation(at_end, message))
    if not stall_consistent(state):
        problems.append(
            Violation(
                at_end,
                f"{result} after {state.stall_turns} turns without a stock play (R-WIN-4)",
            )
        )
    if legal_moves(state):
        problems.append(Violation(at_end, "the game is over but moves are legal (R-WIN-3)"))
    return problems


def check_invariants(state: GameState) -> None:
    """Raise :class:`~skipbo.InvariantViolation` listing every invariant ``state`` breaks.

    Checked: card conservation (the cards in all places are exactly the deck); every
    build pile a valid run shorter than a complete pile; completed cards only from
    complete piles; pile counts and hand sizes within the rules; ``current_player`` a
    seat; the end of the game consistent with the stock piles, the turn limit and the
    empty passes; a finished game has no legal move, an unfinished one at least one.
    And what every state a game reaches satisfies (:func:`skipbo.games.skipbo.spec.is_reachable`):
    the player to move holds a full hand at the start of the turn and never an empty
    one during it while cards remain to draw (R-TURN-1, R-TURN-4, R-DRAW-3); no stock
    pile holds more than was dealt and put under it by penalties (R-SETUP-2, R-TEAM-4); the
    seats whose empty passes are counted hold empty hands and nothing could be drawn
    (R-TURN-8, R-WIN-2); counters, penalty counts and the shuffle seed in range.

    Raises:
        InvariantViolation: listing every violation.
        TypeError: if ``state`` is not a :class:`~skipbo.GameState`.

    """
    problems = invariant_violations(state)
    if problems:
        raise InvariantViolation(problems)
