"""Column removal: S-COL-1 to S-COL-4."""

from __future__ import annotations

import pytest

from skipbo import skyjo
from skipbo.games.skyjo import Rules
from tests.skyjo.helpers import LOW, arrange, legal, play, rejected

RULES = Rules(players=2)
# Column 1 (places 3, 4, 5) of seat 0 holds 9, 9 and 2; places 3 and 4 are turned up.
NINES = [5, 6, 7, 9, 9, 2, 10, 11, 12, 3, 4, 1]
# Column 2 (places 6, 7, 8) of seat 0 holds -2 three times.
MINUS = [5, 6, 7, 8, 9, 10, -2, -2, -2, 3, 4, 1]


class TestRemoval:
    @pytest.mark.rule("S-COL-1", "S-COL-2")
    def test_a_swapped_in_third_card_removes_the_column(self) -> None:
        state = arrange(RULES, [NINES, LOW], discard=9)
        state = play(state, "r3+4", "r0+1", "take", "s5")
        assert state.grids[0][3:6] == (None, None, None)
        assert state.face_up[0][3:6] == (False, False, False)
        # S-COL-2: the swapped-out 2 first, then the column's three nines.
        assert state.discard_pile == (2, 9, 9, 9)

    @pytest.mark.rule("S-COL-1")
    def test_a_turned_up_third_card_removes_the_column_negative_values_too(self) -> None:
        state = arrange(RULES, [MINUS, LOW], discard=0, draw=[12])
        state = play(state, "r6+7", "r0+1")
        assert state.current_player == 1  # 4 + 2 beat -2 + -2 (S-SETUP-5)
        state = play(state, "take", "s0", "draw", "f8")
        assert state.grids[0][6:9] == (None, None, None)
        assert state.discard_pile == (4, 12, -2, -2, -2)

    @pytest.mark.rule("S-COL-1")
    def test_two_equal_cards_or_a_face_down_third_stay(self) -> None:
        state = arrange(RULES, [NINES, LOW], discard=9)
        state = play(state, "r3+4", "r0+1", "take", "s0")
        assert state.grids[0][3:6] == (9, 9, 2)

    @pytest.mark.rule("S-COL-4")
    def test_rows_do_not_count(self) -> None:
        row = [7, 1, 2, 7, 3, 4, 7, 5, 6, 8, 9, 10]  # places 0, 3, 6, 9 form the top row
        state = arrange(RULES, [row, LOW], discard=7)
        state = play(state, "r0+3", "r0+1", "take", "s6")
        assert state.grids[0][0] == state.grids[0][3] == state.grids[0][6] == 7
        assert None not in state.grids[0]

    @pytest.mark.rule("S-COL-4")
    def test_a_removed_column_leaves_its_places_empty(self) -> None:
        state = arrange(RULES, [NINES, LOW], discard=9, draw=[11])
        state = play(state, "r3+4", "r0+1", "take", "s5")
        expected = tuple(None if place in (3, 4, 5) else card for place, card in enumerate(NINES))
        assert state.grids[0] == expected  # the other columns keep their places
        state = play(state, "take", "s0", "draw")
        assert legal(state) == [f"s{p}" for p in (0, 1, 2, 6, 7, 8, 9, 10, 11)] + [
            f"f{p}" for p in (0, 1, 2, 6, 7, 8, 9, 10, 11)
        ]
        for move in ("s3", "s4", "s5", "f3"):
            assert rejected(state, move) == "S-COL-4"
        assert skyjo.view(state).grids[0][3:6] == (None, None, None)

    @pytest.mark.rule("S-COL-3", "S-END-2")
    def test_the_final_reveal_removes_columns_before_scoring(self) -> None:
        # Seat 0's column 3 (places 9-11) hides 4, 4, 4; the round ends by the turn limit.
        grid = [5, 6, 7, 8, 9, 10, 11, 12, 1, 4, 4, 4]
        rules = Rules(players=2, turn_limit=1, end_score=1)
        state = arrange(rules, [grid, LOW], discard=0, draw=[2])
        state = play(state, "r0+1", "r0+1", "draw", "f2")
        assert skyjo.is_over(state)
        assert state.grids[0][9:] == (None, None, None)
        assert state.discard_pile[-3:] == (4, 4, 4)
        assert state.history[0].sums[0] == sum(grid[:9])
        skyjo.check_invariants(state)
