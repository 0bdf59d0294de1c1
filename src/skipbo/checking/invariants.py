"""Invariant checks: :func:`~skipbo.check_invariants` and the predicates behind it.

The predicates it uses live in :mod:`skipbo.spec`, shared with the engine's
contracts, the conformance checker and the tests, so that "a valid build pile" or
"the cards of a state" mean the same everywhere; the three used most are re-exported
here.

>>> import skipbo
>>> skipbo.check_invariants(skipbo.new_game(skipbo.Rules(players=4), seed=0))
"""

from __future__ import annotations

from collections import Counter

from skipbo.engine import legal_moves
from skipbo.errors import InvariantViolation
from skipbo.rules import Rules
from skipbo.spec import all_cards, is_valid_build_pile, is_valid_completed
from skipbo.state import GameState, Outcome, Termination

__all__ = [
    "all_cards",
    "check_invariants",
    "invariant_violations",
    "is_valid_build_pile",
    "is_valid_completed",
]


def _shape_violations(state: GameState) -> list[str]:
    """Violations of the state's shape; the other checks assume none."""
    rules = state.rules
    if not isinstance(rules, Rules):
        return [f"rules is not a Rules: {rules!r}"]
    problems = []
    # The annotations are what a well-built state holds; tampered input may differ.
    piles: tuple[tuple[str, object, int], ...] = (
        ("stocks", state.stocks, rules.stock_count),
        ("hands", state.hands, rules.players),
        ("builds", state.builds, rules.build_piles),
        ("discards", state.discards, rules.discard_set_count),
    )
    for name, value, length in piles:
        if not isinstance(value, tuple) or len(value) != length:
            problems.append(f"{name} must be a tuple of {length} entries")
        elif not all(isinstance(item, tuple) for item in value):
            problems.append(f"{name} must hold tuples")
    if not problems:
        for index, discard_set in enumerate(state.discards):
            if len(discard_set) != rules.discard_piles or not all(
                isinstance(pile, tuple) for pile in discard_set
            ):
                problems.append(
                    f"discard set {index} must hold {rules.discard_piles} piles (R-DISC-1)"
                )
    places: tuple[tuple[str, object], ...] = (
        ("draw_pile", state.draw_pile),
        ("completed", state.completed),
    )
    for name, place in places:
        if not isinstance(place, tuple):
            problems.append(f"{name} must be a tuple")
    numbers: tuple[tuple[str, object], ...] = (
        ("current_player", state.current_player),
        ("turn", state.turn),
        ("turn_moves", state.turn_moves),
        ("empty_passes", state.empty_passes),
        ("shuffle_seed", state.shuffle_seed),
    )
    for name, number in numbers:
        if type(number) is not int:
            problems.append(f"{name} must be an int, got {number!r}")
    if state.outcome is not None and not isinstance(state.outcome, Outcome):
        problems.append(f"outcome must be an Outcome or None, got {state.outcome!r}")
    if not problems:
        # The other checks index by card (legal_moves), so a foreign card stops them here.
        foreign = {repr(card) for card in all_cards(state) if not rules.deck.is_card(card)}
        if foreign:
            problems.append(f"not cards of the deck: {', '.join(sorted(foreign))}")
    return problems


def invariant_violations(state: GameState) -> list[str]:
    """Every invariant ``state`` breaks, one line each (empty when the state is valid)."""
    problems = _shape_violations(state)
    if problems:
        return problems
    rules = state.rules
    highest = rules.deck.highest
    expected = rules.deck.counts()
    actual = Counter(all_cards(state))
    if actual != expected:
        missing = expected - actual
        extra = actual - expected
        problems.append(f"cards are not conserved: missing {dict(missing)}, extra {dict(extra)}")
    for index, pile in enumerate(state.builds):
        if not is_valid_build_pile(pile, highest):
            problems.append(f"build pile {index} is not a valid run: {pile} (R-BUILD-2/3/4)")
    if not is_valid_completed(state.completed, highest):
        problems.append(f"completed cards are not complete build piles: {state.completed}")
    for seat, hand in enumerate(state.hands):
        if len(hand) > rules.hand_size:
            problems.append(f"hand {seat} holds {len(hand)} cards, more than {rules.hand_size}")
        if list(hand) != sorted(hand):
            problems.append(f"hand {seat} is not sorted: {hand}")
    if not 0 <= state.current_player < rules.players:
        problems.append(f"current_player {state.current_player} is not a seat")
        return problems
    if state.turn < 1 or state.turn_moves < 0:
        problems.append(f"turn {state.turn} / turn_moves {state.turn_moves} out of range")
    if not 0 <= state.empty_passes <= rules.players:
        problems.append(f"empty_passes {state.empty_passes} out of range (R-WIN-2)")
    problems.extend(_end_violations(state))
    return problems


def _end_violations(state: GameState) -> list[str]:
    rules = state.rules
    problems = []
    emptied = [
        team
        for team, stocks in enumerate(rules.team_stocks)
        if not any(state.stocks[s] for s in stocks)
    ]
    result = state.outcome
    if result is None:
        if emptied:
            problems.append(
                f"team {emptied[0]} has emptied its stock but the game goes on (R-WIN-1)"
            )
        if rules.turn_limit is not None and state.turn > rules.turn_limit:
            problems.append(f"turn {state.turn} is past the turn limit (R-WIN-2)")
        if state.empty_passes >= rules.players:
            problems.append("a whole round of empty passes but the game goes on (R-WIN-2)")
        if not legal_moves(state):
            problems.append("the game goes on but no move is legal")
    else:
        if result.termination is Termination.STOCK_EMPTIED and (
            result.team not in emptied or rules.team_seats[result.team] != result.winners
        ):
            problems.append(f"{result} but that team's stock piles are not empty (R-WIN-1)")
        if result.termination is not Termination.STOCK_EMPTIED and result.winners:
            problems.append(f"{result.termination} has winners {result.winners}")
        if result.termination is Termination.BLOCKED and state.empty_passes < rules.players:
            problems.append("blocked without a whole round of empty passes (R-WIN-2)")
        if result.termination is Termination.TURN_LIMIT and (
            rules.turn_limit is None or state.turn < rules.turn_limit
        ):
            problems.append(f"ended by a turn limit at turn {state.turn} (R-WIN-2)")
        if legal_moves(state):
            problems.append("the game is over but moves are legal (R-WIN-3)")
    return problems


def check_invariants(state: GameState) -> None:
    """Raise :class:`~skipbo.InvariantViolation` listing every invariant ``state`` breaks.

    Checked: card conservation (the cards in all places are exactly the deck); every
    build pile a valid run shorter than a complete pile; completed cards only from
    complete piles; pile counts and hand sizes within the rules; ``current_player`` a
    seat; the end of the game consistent with the stock piles, the turn limit and the
    empty passes; a finished game has no legal move, an unfinished one at least one.
    """
    problems = invariant_violations(state)
    if problems:
        raise InvariantViolation(problems)
