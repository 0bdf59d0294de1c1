"""End of a round and scoring: S-END-1 to S-END-3, S-SCORE-1 to S-SCORE-3."""

from __future__ import annotations

import pytest

from skipbo import skyjo
from skipbo.games.skyjo import Phase, Rules
from tests.skyjo.helpers import HIGH, LOW, arrange, play

HIGH_SUM = sum(HIGH)  # 74
LOW_SUM = sum(LOW)  # 70


def race(rules: Rules, ender: int) -> tuple[skyjo.GameState, list[int]]:
    """Seat ``ender`` draws a 0 and turns up a card every turn; the others take the
    discard pile's top and swap it in at place 0.

    Seat 0 holds HIGH and starts (12 and -2 turned up); the others hold LOW. Returns the
    state after round 1 and the seat of every turn played.
    """
    players = rules.players
    state = arrange(rules, [HIGH] + [LOW] * (players - 1), discard=1, draw=[0] * 14)
    state = play(state, *["r0+1"] * players)
    flips = iter(range(2, 12))
    seats = []
    while state.round == 1 and not skyjo.is_over(state):
        seat = state.current_player
        seats.append(seat)
        if seat == ender:
            state = play(state, "draw", f"f{next(flips)}")
        else:
            state = play(state, "take", "s0")
    return state, seats


class TestRoundEnd:
    @pytest.mark.rule("S-END-1")
    @pytest.mark.parametrize(("players", "ender"), [(2, 1), (3, 1), (4, 0), (4, 3)])
    def test_every_other_player_has_exactly_one_more_turn(self, players: int, ender: int) -> None:
        state, seats = race(Rules(players=players, end_score=1000), ender)
        last = len(seats) - 1 - seats[::-1].index(ender)  # the turn that revealed everything
        assert seats[last + 1 :] == [(ender + k) % players for k in range(1, players)]
        assert state.history[0].ender == ender

    @pytest.mark.rule("S-END-1")
    def test_the_round_ender_is_recorded_when_the_last_card_turns_up(self) -> None:
        rules = Rules(players=3, end_score=1000)
        state = arrange(rules, [HIGH, LOW, LOW], discard=1, draw=[0] * 14)
        state = play(state, "r0+1", "r0+1", "r0+1")
        flips = iter(range(2, 12))
        while state.round_ender is None:
            seat = state.current_player
            state = play(state, "draw", f"f{next(flips)}" if seat == 2 else "s0")
        assert state.round_ender == 2
        assert not any(
            card is not None and not up
            for card, up in zip(state.grids[2], state.face_up[2], strict=True)
        )
        assert state.current_player == 0
        assert skyjo.view(state).round_ender == 2

    @pytest.mark.rule("S-END-2", "S-SCORE-1")
    def test_every_card_is_turned_up_and_summed(self) -> None:
        state, _ = race(Rules(players=2, end_score=1), ender=1)
        assert state.phase is Phase.OVER
        assert state.face_up == ((True,) * 12,) * 2  # S-END-2: every card face up
        assert skyjo.view(state).grids == state.grids
        # Seat 0 last took seat 1's discarded 0 for place 0; seat 1 kept its cards.
        assert state.history[0].sums == (HIGH_SUM - 12, LOW_SUM)

    @pytest.mark.rule("S-END-2", "S-SCORE-1", "S-SCORE-2")
    def test_the_end_of_a_round_is_the_position_before_the_next_deal(self) -> None:
        # The same race as above, to a total of 1000: round 1 ends and round 2 is dealt.
        rules = Rules(players=2, end_score=1000)
        state = arrange(rules, [HIGH, LOW], discard=1, draw=[0] * 14)
        state = play(state, "r0+1", "r0+1")
        flips = iter(range(2, 12))
        while True:
            move = "f" if state.current_player == 1 else "s0"
            state = play(state, "draw" if move == "f" else "take")
            placed = skyjo.parse_move(f"f{next(flips)}" if move == "f" else "s0")
            if skyjo.round_end(state, placed) is not None:
                break
            assert skyjo.round_end(state, placed) is None  # no round ends by this move
            state = skyjo.apply(state, placed)
        ended = skyjo.round_end(state, placed)
        dealt = skyjo.apply(state, placed)
        assert ended is not None
        assert dealt.round == 2
        assert ended.round == 1  # before the deal
        assert ended.face_up == ((True,) * 12,) * 2  # S-END-2: every card face up
        assert skyjo.view(ended).grids == ended.grids  # so a view shows every card
        assert ended.history == dealt.history  # scored as the round was (S-SCORE-2)
        assert ended.history[0].sums == tuple(
            sum(card for card in grid if card is not None) for grid in ended.grids
        )
        assert ended.history[0].ender == 1
        assert state.phase is Phase.PLACE  # the input is unchanged

    @pytest.mark.rule("S-END-3")
    def test_the_turn_limit_scores_the_round_at_once(self) -> None:
        state = arrange(Rules(players=2, turn_limit=3, end_score=1000), [HIGH, LOW], 1, [0] * 3)
        state = play(state, "r0+1", "r0+1", "draw", "s0", "draw", "s5")
        assert state.round == 1
        assert state.turns == 2
        state = play(state, "draw", "f4")
        assert state.round == 2
        assert state.history[0].ender is None
        assert state.history[0].sums == (HIGH_SUM - 12, LOW_SUM - 8)

    @pytest.mark.rule("S-END-3", "S-SCORE-2")
    def test_a_turn_limit_in_the_final_phase_leaves_no_round_ender_and_no_doubling(self) -> None:
        unlimited, seats = race(Rules(players=3, end_score=1000), ender=1)
        ended_at = len(seats) - 2  # turns played when the ender revealed its last card
        state, _ = race(Rules(players=3, end_score=1000, turn_limit=ended_at + 1), ender=1)
        assert unlimited.history[0].ender == 1
        assert unlimited.history[0].scores[1] == 2 * LOW_SUM  # doubled without the limit
        assert state.history[0].ender is None
        assert state.history[0].scores == state.history[0].sums
        assert state.history[0].scores[1] == LOW_SUM


class TestEveryGameEnds:
    """S-END-3: a bound on the turns without progress in a round, and on the rounds."""

    @pytest.mark.rule("S-END-3")
    def test_turns_that_only_swap_face_up_cards_end_the_round_at_the_bound(self) -> None:
        """ "A round in which no card has been turned face up and no column removed for
        stall_limit turns in a row ends at once, scored ... with no round ender"."""
        rules = Rules(players=2, stall_limit=3, end_score=1000)
        state = arrange(rules, [HIGH, LOW], discard=1, draw=[0] * 5)
        state = play(state, "r0+1", "r0+1")
        state = play(state, "take", "s0")  # a face-up card swapped: no progress
        assert state.stall_turns == 1
        state = play(state, "draw", "s2")  # a face-down card swapped in: progress
        assert state.stall_turns == 0
        state = play(state, "take", "s0", "take", "s2")
        assert (state.round, state.stall_turns) == (1, 2)
        state = play(state, "take", "s0")
        assert state.round == 2
        assert state.stall_turns == 0  # the new round counts anew
        assert state.history[0].ender is None
        assert state.history[0].scores == state.history[0].sums  # no doubling
        assert state.starter == 1  # as after the turn limit: the seat after the starter

    @pytest.mark.rule("S-END-3")
    def test_a_turned_card_or_a_removed_column_is_progress(self) -> None:
        rules = Rules(players=2, stall_limit=1, end_score=1000)
        state = arrange(rules, [HIGH, LOW], discard=1, draw=[0] * 5)
        state = play(state, "r0+1", "r0+1", "draw", "f4")
        assert (state.round, state.stall_turns) == (1, 0)
        state = play(state, "take", "s0")
        assert state.round == 2

    @pytest.mark.rule("S-END-3", "S-SCORE-3")
    def test_the_round_bound_ends_the_game_the_lowest_total_winning(self) -> None:
        rules = Rules(players=2, turn_limit=1, round_limit=2, end_score=1000)
        state = arrange(rules, [HIGH, LOW], discard=1, draw=[0] * 5)
        state = play(state, "r0+1", "r0+1", "draw", "f4")
        assert (state.round, skyjo.is_over(state)) == (2, False)
        while not skyjo.is_over(state):
            state = skyjo.apply(state, skyjo.legal_moves(state)[0])
        assert state.round == 2
        totals = state.totals
        assert max(totals) < rules.end_score
        outcome = skyjo.outcome(state)
        assert outcome is not None
        assert outcome.winners == tuple(s for s, t in enumerate(totals) if t == min(totals))
        skyjo.check_invariants(state)

    @pytest.mark.rule("S-END-3")
    def test_the_bounds_are_on_by_default_and_none_lifts_them(self) -> None:
        assert Rules().stall_limit is not None
        assert Rules().round_limit is not None
        assert Rules(stall_limit=None, round_limit=None).round_limit is None
        for name in ("stall_limit", "round_limit"):
            for bad in (0, -1, 1.5, "9", True):
                with pytest.raises(skyjo.ConfigurationError, match=name):
                    Rules(**{name: bad})  # type: ignore[arg-type]


class TestScoring:
    @pytest.mark.rule("S-SCORE-2")
    def test_a_ten_b_twenty_four_c_ten_gives_a_twenty(self) -> None:
        """The source's example: A ends with 10, B scores 24, C 10: A scores 20."""
        assert skyjo.round_scores([10, 24, 10], ender=0) == (20, 24, 10)

    @pytest.mark.rule("S-SCORE-2")
    @pytest.mark.parametrize(
        ("sums", "ender", "expected"),
        [
            ((9, 24, 10), 0, (9, 24, 10)),  # lowest alone: kept
            ((10, 24, 9), 0, (20, 24, 9)),  # another is lower: doubled
            ((24, 10, 10), 2, (24, 10, 20)),  # equal: doubled
            ((0, -3), 0, (0, -3)),  # 0 is not doubled
            ((-2, -5), 0, (-2, -5)),  # negative is not doubled
            ((1, 1), 1, (1, 2)),
            ((5, 7), None, (5, 7)),  # no round ender (S-END-3)
        ],
    )
    def test_the_round_ender_must_be_lowest_alone(
        self, sums: tuple[int, ...], ender: int | None, expected: tuple[int, ...]
    ) -> None:
        assert skyjo.round_scores(sums, ender) == expected

    @pytest.mark.rule("S-SCORE-2", "S-SCORE-3")
    def test_a_doubled_round_ender_in_a_game(self) -> None:
        state, _ = race(Rules(players=2, end_score=1000), ender=1)
        (score,) = state.history
        assert score.sums == (HIGH_SUM - 12, LOW_SUM)  # 62 < 70: seat 1 is not lowest
        assert score.scores == (HIGH_SUM - 12, 2 * LOW_SUM)
        assert state.totals == score.scores

    @pytest.mark.rule("S-SCORE-3")
    def test_the_game_ends_after_the_round_that_reaches_the_end_score(self) -> None:
        below, _ = race(Rules(players=2, end_score=141), ender=1)
        assert not skyjo.is_over(below)  # 140 < 141
        assert below.round == 2
        over, _ = race(Rules(players=2, end_score=140), ender=1)
        assert skyjo.is_over(over)
        assert skyjo.outcome(over) == skyjo.Outcome(winners=(0,), totals=(62, 140))
        assert skyjo.legal_moves(over) == []
        with pytest.raises(skyjo.IllegalMoveError) as error:
            skyjo.apply(over, skyjo.Draw())
        assert error.value.rule == "S-SCORE-3"

    @pytest.mark.rule("S-SCORE-3")
    def test_round_scores_add_up(self) -> None:
        rules = Rules(players=2, turn_limit=1, end_score=150)
        state = arrange(rules, [HIGH, LOW], discard=1)
        state = play(state, "r0+1", "r0+1", "take", "s2")
        assert state.totals == (HIGH_SUM - 5 + 1, LOW_SUM)
        first = state.totals
        while not skyjo.is_over(state):
            state = play(state, skyjo.legal_moves(state)[0])
        assert state.totals == tuple(
            sum(score.scores[seat] for score in state.history) for seat in range(2)
        )
        assert state.totals[0] > first[0]
        assert max(state.totals) >= 150

    @pytest.mark.rule("S-SCORE-3")
    def test_players_tied_for_the_lowest_total_share_the_win(self) -> None:
        state = arrange(Rules(players=3, turn_limit=1, end_score=1), [LOW, HIGH, LOW], 1, [0])
        state = play(state, "r0+1", "r0+1", "r0+1", "draw", "f11")
        assert skyjo.outcome(state) == skyjo.Outcome(
            winners=(0, 2), totals=(LOW_SUM, HIGH_SUM, LOW_SUM)
        )
