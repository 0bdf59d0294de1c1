"""Unit tests for `skipbo.games.skipbo.engine` (legal_moves, apply, queries) and
`skipbo.games.skipbo.invariants`."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import skipbo
from skipbo import (
    WILD,
    Discard,
    GameState,
    IllegalMoveError,
    InvariantViolation,
    Move,
    Outcome,
    Pass,
    PlayFromDiscard,
    PlayFromHand,
    PlayFromStock,
    Rules,
    Termination,
)
from skipbo.games.skipbo.state import Pile
from tests import strategies
from tests.arrange import arrange
from tests.helpers import forged, legal, play

TWO = Rules(players=2)
NO_DISCARDS: tuple[Pile, ...] = ((), (), (), ())


def odd(value: object) -> Any:
    """``value`` where a move expects an ``int`` (to test that apply rejects it)."""
    return value


def sample() -> GameState:
    """Seat 0 may play a 1 from the hand, the stock and a discard pile; seat 1 too."""
    return arrange(
        TWO,
        hands=((1, 6, 7, 8, 9), ()),
        stocks=((12, 1), (12, 1)),
        discards=(((1,), (), (), ()), ((1,), (), (), ())),
    )


class TestLegalMoves:
    """Tests for `legal_moves`."""

    @given(strategies.game_states())
    def test_each_move_once_in_the_order_of_all_moves(self, state: GameState) -> None:
        moves = skipbo.legal_moves(state)
        position = {move: index for index, move in enumerate(skipbo.all_moves(state.rules))}
        indices = [position[move] for move in moves]
        assert indices == sorted(set(indices))  # strictly increasing: ordered, no duplicate
        assert bool(moves) != skipbo.is_over(state)

    def test_equal_cards_give_one_move(self) -> None:
        state = arrange(
            TWO,
            hands=((WILD, WILD, 5, 5, 5), ()),
            builds=((1, 2, 3, 4), (), (1, 2, 3, 4), ()),
            stocks=((9,), (9,)),
        )
        assert legal(state) == [
            *(f"hW>b{b}" for b in range(4)),
            "h5>b0",
            "h5>b2",
            *(f"h{card}>d{p}" for card in "W5" for p in range(4)),
        ]

    def test_all_sources_in_order(self) -> None:
        assert legal(sample()) == [
            *(f"h1>b{b}" for b in range(4)),
            *(f"s0>b{b}" for b in range(4)),
            *(f"d0.0>b{b}" for b in range(4)),
            *(f"h{card}>d{p}" for card in (1, 6, 7, 8, 9) for p in range(4)),
        ]

    def test_a_new_list_each_call(self) -> None:
        state = sample()
        moves = skipbo.legal_moves(state)
        moves.clear()
        assert skipbo.legal_moves(state)


class TestApply:
    """Tests for `apply`."""

    def test_returns_a_new_state_and_leaves_its_input_unchanged(self) -> None:
        state = sample()
        before = copy.deepcopy(state)
        for move in skipbo.legal_moves(state):
            after = skipbo.apply(state, move)
            assert after != state
            assert state == before

    @pytest.mark.parametrize(
        ("move", "rule"),
        [
            (forged(PlayFromHand, 1, 4), "R-BUILD-1"),
            (forged(PlayFromHand, 1, -1), "R-BUILD-1"),
            (forged(PlayFromHand, 1, True), "R-BUILD-1"),
            (forged(PlayFromHand, 1, odd("0")), "R-BUILD-1"),
            (forged(PlayFromHand, 1, odd(None)), "R-BUILD-1"),
            (forged(PlayFromHand, 1, odd(0.0)), "R-BUILD-1"),
            (forged(PlayFromHand, 1, 2**64), "R-BUILD-1"),
            (forged(PlayFromHand, True, 0), "R-TURN-2"),
            (forged(PlayFromHand, odd(1.0), 0), "R-TURN-2"),
            (forged(PlayFromHand, odd("1"), 0), "R-TURN-2"),
            (forged(PlayFromHand, 13, 0), "R-TURN-2"),
            (forged(PlayFromHand, -1, 0), "R-TURN-2"),
            (forged(PlayFromHand, 2, 0), "R-TURN-2"),
            (forged(PlayFromStock, 2, 0), "R-TURN-2"),
            (forged(PlayFromStock, -1, 0), "R-TURN-2"),
            (forged(PlayFromStock, False, 0), "R-TURN-2"),
            (forged(PlayFromStock, odd("0"), 0), "R-TURN-2"),
            (forged(PlayFromStock, 1, 0), "R-TURN-2"),  # the other player's stock pile
            (forged(PlayFromStock, 0, 4), "R-BUILD-1"),
            (forged(PlayFromStock, 0, -1), "R-BUILD-1"),
            (forged(PlayFromStock, 0, True), "R-BUILD-1"),
            (forged(PlayFromDiscard, 0, 4, 0), "R-DISC-1"),
            (forged(PlayFromDiscard, 0, -1, 0), "R-DISC-1"),
            (forged(PlayFromDiscard, 0, False, 0), "R-DISC-1"),
            (forged(PlayFromDiscard, 0, 0, 4), "R-BUILD-1"),
            (forged(PlayFromDiscard, 0, 0, False), "R-BUILD-1"),
            (forged(PlayFromDiscard, 0, 1, 0), "R-DISC-3"),
            (forged(PlayFromDiscard, 2, 0, 0), "R-TURN-2"),
            (forged(PlayFromDiscard, -1, 0, 0), "R-TURN-2"),
            (forged(PlayFromDiscard, False, 0, 0), "R-TURN-2"),
            (forged(PlayFromDiscard, 1, 0, 0), "R-TURN-2"),  # the other player's discard pile
            (forged(Discard, 1, 4), "R-DISC-1"),
            (forged(Discard, 1, -1), "R-DISC-1"),
            (forged(Discard, 1, True), "R-DISC-1"),
            (forged(Discard, 1, odd("0")), "R-DISC-1"),
            (forged(Discard, True, 0), "R-TURN-6"),
            (forged(Discard, odd(1.0), 0), "R-TURN-6"),
            (forged(Discard, 2, 0), "R-TURN-6"),
            (Pass(), "R-TURN-8"),
        ],
        ids=repr,
    )
    def test_bad_moves_raise_an_illegal_move_error_naming_the_rule(
        self, move: Move, rule: str
    ) -> None:
        state = sample()
        before = copy.deepcopy(state)
        with pytest.raises(IllegalMoveError) as error:
            skipbo.apply(state, move)
        assert error.value.rule == rule
        assert error.value.move is move
        assert isinstance(error.value, ValueError)
        assert state == before

    @pytest.mark.parametrize(
        "junk",
        ["h1>b0", None, 0, (1, 0), PlayFromHand, object(), [Pass()]],
        # Not repr: an object's names its address, which differs between the processes
        # that collect the tests (pytest-xdist needs the same names in each).
        ids=lambda junk: type(junk).__name__ if type(junk) is object else repr(junk),
    )
    def test_a_non_move_is_a_type_error(self, junk: object) -> None:
        state = sample()
        with pytest.raises(TypeError, match="not a move"):
            skipbo.apply(state, junk)  # type: ignore[arg-type]
        # Regression: a finished game raised IllegalMoveError (R-WIN-3) for non-moves.
        finished = play(arrange(TWO, stocks=((9,), (1,)), current_player=1), "s1>b0")
        assert skipbo.is_over(finished)
        with pytest.raises(TypeError, match="not a move"):
            skipbo.apply(finished, junk)  # type: ignore[arg-type]

    @given(strategies.game_states(), strategies.malformed_moves())
    def test_malformed_moves_are_rejected_cleanly(self, state: GameState, move: Move) -> None:
        """Whatever a move's fields hold, apply raises IllegalMoveError (never IndexError,
        KeyError, TypeError ...) and changes nothing."""
        before = copy.deepcopy(state)
        with pytest.raises(IllegalMoveError):
            skipbo.apply(state, move)
        assert state == before


class TestQueries:
    """Tests for `current_player`, `is_over` and `outcome`."""

    def test_an_unfinished_game(self) -> None:
        state = arrange(TWO, hands=((), (3,)), current_player=1, stocks=((9,), (9,)))
        assert skipbo.current_player(state) == 1
        assert not skipbo.is_over(state)
        assert skipbo.outcome(state) is None

    def test_a_finished_game(self) -> None:
        state = play(
            arrange(
                TWO,
                hands=((), (3,)),
                current_player=1,
                stocks=((9,), (1,)),
            ),
            "s1>b0",
        )
        assert skipbo.current_player(state) == 1
        assert skipbo.is_over(state)
        assert skipbo.outcome(state) == Outcome(Termination.STOCK_EMPTIED, 1, (1,))


def without(pile: Pile, *cards: int) -> Pile:
    """``pile`` with one copy of each of ``cards`` removed (taken from it)."""
    remaining = list(pile)
    for card in cards:
        remaining.remove(card)
    return tuple(remaining)


def valid() -> GameState:
    return arrange(
        TWO,
        hands=((1, 2, 3, 4, 5), ()),
        stocks=((9, 9), (10, 10)),
        builds=((1, 2), (), (), ()),
        discards=(((4,), (), (), ()), NO_DISCARDS),
    )


def corruptions() -> list[tuple[str, Callable[[GameState], GameState], str]]:
    """Broken copies of ``valid()``: each breaks exactly one invariant."""
    return [
        ("lost card", lambda s: attrs.evolve(s, draw_pile=s.draw_pile[:-1]), "not conserved"),
        ("extra card", lambda s: attrs.evolve(s, draw_pile=(*s.draw_pile, 7)), "not conserved"),
        (
            "build pile skips a number",
            lambda s: attrs.evolve(
                s, builds=((1, 2), (2,), (), ()), draw_pile=without(s.draw_pile, 2)
            ),
            "build pile 1 is not a valid run",
        ),
        (
            "complete pile left in the centre",
            lambda s: attrs.evolve(
                s,
                builds=((1, 2), (), tuple(range(1, 13)), ()),
                draw_pile=without(s.draw_pile, *range(1, 13)),
            ),
            "build pile 2 is not a valid run",
        ),
        (
            "hand of 6",
            lambda s: attrs.evolve(
                s, hands=((1, 2, 3, 4, 5, 12), ()), draw_pile=without(s.draw_pile, 12)
            ),
            "hand 0 holds 6 cards",
        ),
        (
            "unsorted hand",
            lambda s: attrs.evolve(s, hands=((5, 4, 3, 2, 1), ())),
            "hand 0 is not sorted",
        ),
        (
            "completed cards not from complete piles",
            lambda s: attrs.evolve(s, completed=(1, 2, 3), draw_pile=without(s.draw_pile, 1, 2, 3)),
            "completed cards are not complete build piles",
        ),
        ("current player too high", lambda s: attrs.evolve(s, current_player=2), "not a seat"),
        ("current player negative", lambda s: attrs.evolve(s, current_player=-1), "not a seat"),
        (
            "emptied stock pile but the game goes on",
            lambda s: attrs.evolve(s, stocks=((), (10, 10)), draw_pile=(*s.draw_pile, 9, 9)),
            "emptied its stock",
        ),
        (
            "past the turn limit",
            lambda s: attrs.evolve(s, rules=Rules(players=2, turn_limit=3), turn=4),
            "past the turn limit",
        ),
        ("round of passes", lambda s: attrs.evolve(s, empty_passes=2), "empty passes"),
        ("negative passes", lambda s: attrs.evolve(s, empty_passes=-1), "out of range"),
        ("turn 0", lambda s: attrs.evolve(s, turn=0), "out of range"),
        ("turn as text", lambda s: attrs.evolve(s, turn="1"), "turn must be an int"),
        (
            "won with cards on the stock pile",
            lambda s: attrs.evolve(s, outcome=Outcome(Termination.STOCK_EMPTIED, 0, (0,))),
            "stock piles are not empty",
        ),
        (
            "blocked with winners",
            lambda s: attrs.evolve(
                s, outcome=Outcome(Termination.BLOCKED, None, (0,)), empty_passes=2
            ),
            "has winners",
        ),
        # Regression: an outcome that the state does not bear out went unreported.
        (
            "blocked without a round of passes",
            lambda s: attrs.evolve(s, outcome=Outcome(Termination.BLOCKED), empty_passes=1),
            "blocked without a whole round of empty passes",
        ),
        (
            "turn limit without a limit",
            lambda s: attrs.evolve(s, outcome=Outcome(Termination.TURN_LIMIT)),
            "ended by a turn limit",
        ),
        (
            "turn limit not reached",
            lambda s: attrs.evolve(
                s,
                rules=Rules(players=2, turn_limit=3),
                turn=2,
                outcome=Outcome(Termination.TURN_LIMIT),
            ),
            "ended by a turn limit at turn 2",
        ),
        ("three hands", lambda s: attrs.evolve(s, hands=((), (), ())), "hands must be a tuple"),
        (
            "three discard piles",
            lambda s: attrs.evolve(s, discards=(((), (), ()), NO_DISCARDS)),
            "discard set 0 must hold 4 piles",
        ),
        ("a list for a tuple", lambda s: attrs.evolve(s, draw_pile=list(s.draw_pile)), "tuple"),
        # Regression: cards outside the deck made check_invariants raise IndexError.
        (
            "a 13 in hand",
            lambda s: attrs.evolve(s, hands=((1, 2, 3, 4, 13), ()), draw_pile=(*s.draw_pile, 5)),
            "not cards of the deck: 13",
        ),
        (
            "a -1 in hand",
            lambda s: attrs.evolve(s, hands=((-1, 1, 2), ())),
            "not cards of the deck",
        ),
        (
            "a bool in a build pile",
            lambda s: attrs.evolve(s, builds=((True, 2), (), (), ())),
            "True",
        ),
        ("text on a stock", lambda s: attrs.evolve(s, stocks=((9, "9"), (10, 10))), "'9'"),
        ("an outcome that is not one", lambda s: attrs.evolve(s, outcome="won"), "outcome must be"),
    ]


class TestCheckInvariants:
    """Tests for `check_invariants` and `invariant_violations`."""

    @pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
    def test_a_new_game_is_valid(self, players: int) -> None:
        skipbo.check_invariants(skipbo.new_game(Rules(players=players), seed=players))
        assert skipbo.invariant_violations(valid()) == []

    @pytest.mark.parametrize(
        ("corrupt", "message"),
        [(corrupt, message) for _, corrupt, message in corruptions()],
        ids=[name for name, _, _ in corruptions()],
    )
    def test_each_broken_state_is_reported(
        self, corrupt: Callable[[GameState], GameState], message: str
    ) -> None:
        state = corrupt(valid())
        with pytest.raises(InvariantViolation) as error:
            skipbo.check_invariants(state)
        assert len(error.value.violations) == 1, error.value.violations
        assert message in error.value.violations[0]
        assert message in str(error.value)
        assert isinstance(error.value, AssertionError)
        assert isinstance(error.value, skipbo.SkipBoError)

    def test_every_violation_is_reported_at_once(self) -> None:
        state = valid()
        broken = attrs.evolve(
            state,
            draw_pile=without(state.draw_pile, 2, 12)[:-1],  # a lost card
            builds=((1, 2), (2,), (), ()),
            hands=((1, 2, 3, 4, 5, 12), ()),
            completed=(),
            empty_passes=2,
        )
        violations = skipbo.invariant_violations(broken)
        expected = (
            "not conserved",
            "build pile 1 is not a valid run",
            "hand 0 holds 6 cards",
            "empty passes",
        )
        assert len(violations) == len(expected), violations
        for message, violation in zip(expected, violations, strict=True):
            assert message in violation
        with pytest.raises(InvariantViolation) as error:
            skipbo.check_invariants(broken)
        assert error.value.violations == tuple(violations)

    @given(strategies.game_states(), st.integers(0, 2**64))
    def test_reachable_states_are_valid_whatever_the_seed(
        self, state: GameState, seed: int
    ) -> None:
        skipbo.check_invariants(state)
        skipbo.check_invariants(attrs.evolve(state, shuffle_seed=seed))
