"""Scenario tests for the end of the game: R-WIN-1 .. R-WIN-3."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

import skipbo
from skipbo import WILD, GameState, IllegalMoveError, Outcome, Rules, Termination
from tests.arrange import arrange
from tests.helpers import legal, play, rejected, with_draw_pile

TWO = Rules(players=2)
THREE = Rules(players=3)
RUN_TO_11 = tuple(range(1, 12))


def won_by_seat_0() -> GameState:
    state = arrange(
        TWO,
        hands=((WILD, 7, 8, 9, 9), ()),
        stocks=((5,), (3, 3)),
        builds=((1, 2, 3, 4), (), (), ()),
        discards=(((6,), (), (), ()), ((), (), (), ())),
    )
    return play(state, "s0>b0")


def blocked_game() -> GameState:
    """Three players with empty hands and nothing to draw or play."""
    state = arrange(THREE, hands=((), (), ()), stocks=((12,), (12,), (12,)))
    state = with_draw_pile(state, (), park=0)
    return play(state, "pass", "pass", "pass")


class TestStockEmptied:
    @pytest.mark.rule("R-WIN-1")
    def test_the_last_stock_card_wins_at_once_mid_turn(self) -> None:
        """R-WIN-1: "The player who plays the last card of their stock pile wins at once,
        mid-turn, whatever is left in hand or on discard piles; no final discard is
        needed." """
        after = won_by_seat_0()
        assert skipbo.is_over(after)
        assert skipbo.outcome(after) == Outcome(Termination.STOCK_EMPTIED, 0, (0,))
        assert after.outcome is not None
        assert after.outcome.winner == 0
        assert after.hands[0] == (WILD, 7, 8, 9, 9)
        assert after.discards[0] == ((6,), (), (), ())
        assert after.builds[0] == (1, 2, 3, 4, 5)
        assert (after.current_player, after.turn) == (0, 1)
        assert skipbo.legal_moves(after) == []
        skipbo.check_invariants(after)

    @pytest.mark.rule("R-WIN-1")
    def test_only_the_last_stock_card_wins(self) -> None:
        """R-WIN-1: a stock card with more below it does not end the game."""
        state = arrange(TWO, hands=((9,), ()), stocks=((5, 1), (3,)))
        after = play(state, "s0>b0")
        assert not skipbo.is_over(after)
        assert after.stocks[0] == (5,)

    @pytest.mark.rule("R-WIN-1", "R-BUILD-4")
    def test_a_last_stock_card_that_completes_a_pile_wins(self) -> None:
        """R-WIN-1 with R-BUILD-4: the winning play may also complete a build pile."""
        state = arrange(
            THREE,
            hands=((), (4,), ()),
            stocks=((2,), (WILD,), (7,)),
            builds=((), RUN_TO_11, (), ()),
            current_player=1,
        )
        after = play(state, "s1>b1")
        assert after.outcome == Outcome(Termination.STOCK_EMPTIED, 1, (1,))
        assert after.completed == (*RUN_TO_11, WILD)
        assert after.builds[1] == ()
        skipbo.check_invariants(after)


class TestNoWinner:
    @pytest.mark.rule("R-WIN-2")
    def test_a_whole_round_of_empty_passes_blocks_the_game(self) -> None:
        """R-WIN-2: "when as many turns in a row as there are players were empty passes
        (turns in which no card moved at all and that ended with R-TURN-8) ... the game
        ends" without a winner ("blocked")."""
        state = with_draw_pile(
            arrange(THREE, hands=((), (), ()), stocks=((12,), (12,), (12,))),
            (),
            park=0,
            onto_discards=True,
        )
        for passes in (1, 2):
            state = play(state, "pass")
            assert not skipbo.is_over(state)
            assert state.empty_passes == passes
        state = play(state, "pass")
        assert skipbo.outcome(state) == Outcome(Termination.BLOCKED)
        assert state.outcome is not None
        assert state.outcome.winner is None
        assert skipbo.legal_moves(state) == []
        skipbo.check_invariants(state)

    @pytest.mark.rule("R-WIN-2")
    def test_a_turn_in_which_a_card_moved_resets_the_count(self) -> None:
        """R-WIN-2: "A turn in which any card moved resets the count." A pass after a
        play is not an empty pass."""
        state = with_draw_pile(
            arrange(
                THREE,
                hands=((), (), ()),
                stocks=((12,), (12,), (12,)),
                discards=(((), (), (), ()), ((1,), (), (), ()), ((), (), (), ())),
            ),
            (),
            park=0,
        )
        state = play(state, "pass")
        assert state.empty_passes == 1
        state = play(state, "d1.0>b0", "pass")
        assert state.empty_passes == 0
        state = play(state, "pass", "pass")
        assert (state.empty_passes, skipbo.is_over(state)) == (2, False)
        state = play(state, "pass")
        assert skipbo.outcome(state) == Outcome(Termination.BLOCKED)

    @pytest.mark.rule("R-WIN-2")
    def test_a_discard_resets_the_count(self) -> None:
        """R-WIN-2: a turn that ends with a discard moved a card: the count starts over."""
        state = with_draw_pile(
            arrange(
                THREE,
                hands=((), (), (5,)),
                stocks=((12,), (12,), (12,)),
                current_player=2,
                empty_passes=2,
            ),
            (),
            park=0,
        )
        state = play(state, "h5>d0")
        assert (state.empty_passes, skipbo.is_over(state)) == (0, False)
        state = play(state, "pass")
        assert state.empty_passes == 1

    @pytest.mark.rule("R-WIN-2")
    def test_the_turn_limit_ends_the_game_without_a_winner(self) -> None:
        """R-WIN-2: "the engine accepts an optional turn limit (a parameter, off by
        default) after which the game ends without a winner." """
        rules = Rules(players=2, turn_limit=3)
        state = arrange(rules, hands=((4, 5), (6, 7)), stocks=((12,), (12,)))
        state = play(state, "h4>d0", "h6>d0")
        assert (state.turn, skipbo.is_over(state)) == (3, False)
        state = play(state, "h5>d1")
        assert skipbo.outcome(state) == Outcome(Termination.TURN_LIMIT)
        assert state.turn == 3
        assert skipbo.legal_moves(state) == []
        skipbo.check_invariants(state)

    @pytest.mark.rule("R-WIN-2")
    def test_the_turn_limit_is_off_by_default(self) -> None:
        """R-WIN-2: the turn limit is "off by default"."""
        assert Rules().turn_limit is None
        state = arrange(TWO, hands=((4,), ()), stocks=((12,), (12,)), turn=1_000_000)
        after = play(state, "h4>d0")
        assert not skipbo.is_over(after)
        assert after.turn == 1_000_001

    @pytest.mark.rule("R-WIN-2", "R-WIN-1")
    def test_a_win_before_the_turn_limit_is_a_win(self) -> None:
        """R-WIN-2 with R-WIN-1: the limit only ends games nobody has won."""
        rules = Rules(players=2, turn_limit=1)
        state = arrange(rules, hands=((4,), ()), stocks=((1,), (12,)))
        assert play(state, "s0>b0").outcome == Outcome(Termination.STOCK_EMPTIED, 0, (0,))


class TestEveryGameEnds:
    """R-WIN-4: a bound on a turn's moves and on the turns without a stock play."""

    @pytest.mark.rule("R-WIN-4")
    def test_past_the_turns_moves_only_a_discard_is_legal(self) -> None:
        """R-WIN-4 (a): "once a turn has made turn_move_limit moves, the only legal moves
        are those that end it: a discard, or the pass of R-TURN-8 when the hand is empty"."""
        rules = Rules(players=2, turn_move_limit=3)
        state = arrange(rules, hands=((1, 2, 3, 4, 9), (5,)), stocks=((12,), (12,)))
        state = play(state, "h1>b0", "h2>b0", "h3>b0")
        assert state.turn_moves == 3
        assert legal(state) == [f"h{card}>d{pile}" for card in (4, 9) for pile in range(4)]
        for move in ("h4>b0", "h9>b1", "s0>b2"):
            assert rejected(state, move) == "R-WIN-4"
        after = play(state, "h9>d0")
        assert (after.current_player, after.turn_moves) == (1, 0)

    @pytest.mark.rule("R-WIN-4", "R-TURN-8")
    def test_past_the_turns_moves_an_empty_hand_passes(self) -> None:
        rules = Rules(players=2, turn_move_limit=1)
        state = arrange(rules, hands=((1,), (5,)), stocks=((12,), (12,)))
        state = play(with_draw_pile(state, (), park=1), "h1>b0")
        assert legal(state) == ["pass"]

    @pytest.mark.rule("R-WIN-4")
    def test_the_bound_ends_the_turn_that_the_first_legal_move_keeps_going(self) -> None:
        """The regression of R-WIN-4: two players, a turn limit of 200, seed 5, always the
        first legal move. Without the bound, turn 136 never ends (wilds cycle through
        completed piles, the reshuffle and the refill of the emptied hand); with it,
        the game reaches its turn limit."""

        def first_moves(rules: Rules, moves: int) -> tuple[GameState, list[int]]:
            state = skipbo.new_game(rules, seed=5)
            turns = []
            for _ in range(moves):
                if state.is_over:
                    break
                state = skipbo.apply(state, skipbo.legal_moves(state)[0])
                turns.append(state.turn)
            return state, turns

        unbounded = Rules(players=2, turn_limit=200, turn_move_limit=None, stall_limit=None)
        state, turns = first_moves(unbounded, 12_000)
        assert not state.is_over
        assert set(turns[-5_000:]) == {136}  # one turn, thousands of moves
        bounded = attrs.evolve(unbounded, turn_move_limit=Rules().turn_move_limit)
        state, turns = first_moves(bounded, 200 * 501 + 1)
        assert skipbo.outcome(state) == Outcome(Termination.TURN_LIMIT)
        skipbo.check_invariants(state)

    @pytest.mark.rule("R-WIN-4")
    def test_turns_without_a_stock_play_end_the_game_stalled(self) -> None:
        """R-WIN-4 (b): "when no stock card has been played for stall_limit turns in a row,
        the game ends without a winner ("stalled")", counted in turn ends."""
        rules = Rules(players=2, stall_limit=3)
        state = arrange(rules, hands=((4, 5), (6, 7)), stocks=((12,), (12,)))
        state = play(state, "h4>d0", "h6>d0")
        assert (state.stall_turns, skipbo.is_over(state)) == (2, False)
        state = play(state, "h5>d0")
        assert skipbo.outcome(state) == Outcome(Termination.STALLED)
        assert str(skipbo.outcome(state)) == "no winner (stalled)"
        assert state.stall_turns == 3
        assert legal(state) == []
        skipbo.check_invariants(state)

    @pytest.mark.rule("R-WIN-4")
    def test_a_stock_play_starts_the_count_anew(self) -> None:
        rules = Rules(players=2, stall_limit=2)
        state = arrange(rules, hands=((4, 5), (6,)), stocks=((2, 1), (12,)), stall_turns=1)
        state = play(state, "s0>b0")
        assert state.stall_turns == 0
        state = play(state, "h4>d0")
        assert (state.stall_turns, skipbo.is_over(state)) == (1, False)
        state = play(state, "h6>d0")
        assert skipbo.outcome(state) == Outcome(Termination.STALLED)

    @pytest.mark.rule("R-WIN-4", "R-WIN-2")
    def test_blocked_and_the_turn_limit_come_before_stalled(self) -> None:
        rules = Rules(players=2, turn_limit=1, stall_limit=1)
        state = arrange(rules, hands=((4,), (6,)), stocks=((12,), (12,)))
        assert play(state, "h4>d0").outcome == Outcome(Termination.TURN_LIMIT)

    @pytest.mark.rule("R-WIN-4")
    def test_the_bounds_are_on_by_default_and_none_lifts_them(self) -> None:
        rules = Rules()
        assert rules.turn_move_limit is not None
        assert rules.stall_limit is not None
        assert Rules(turn_move_limit=None, stall_limit=None).turn_move_limit is None
        for name in ("turn_move_limit", "stall_limit"):
            for bad in (0, -1, 1.5, "9", True):
                with pytest.raises(skipbo.ConfigurationError, match=name):
                    Rules(**{name: bad})  # type: ignore[arg-type]


class TestFinished:
    @pytest.mark.rule("R-WIN-3")
    @pytest.mark.parametrize("finished", [won_by_seat_0, blocked_game])
    def test_a_finished_game_accepts_no_move(self, finished: Callable[[], GameState]) -> None:
        """R-WIN-3: "A finished game accepts no further moves; asking for legal moves
        returns none." Every move of the move space is rejected, naming R-WIN-3."""
        state = finished()
        assert skipbo.is_over(state)
        assert legal(state) == []
        for move in skipbo.all_moves(state.rules):
            with pytest.raises(IllegalMoveError) as error:
                skipbo.apply(state, move)
            assert error.value.rule == "R-WIN-3"

    @pytest.mark.rule("R-WIN-3")
    def test_a_game_ended_by_the_turn_limit_accepts_no_move(self) -> None:
        """R-WIN-3 for the third way a game ends: the turn limit."""
        rules = Rules(players=2, turn_limit=1)
        state = skipbo.new_game(rules, seed=4)
        state = play(state, skipbo.Discard(state.hand[0], 0))
        assert skipbo.outcome(state) == Outcome(Termination.TURN_LIMIT)
        assert skipbo.legal_moves(state) == []
        with pytest.raises(IllegalMoveError) as error:
            skipbo.apply(state, skipbo.Pass())
        assert error.value.rule == "R-WIN-3"
