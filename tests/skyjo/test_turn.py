"""A turn: S-TURN-1 to S-TURN-4, and the draw pile's refill S-DRAW-1."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from skipbo import skyjo
from skipbo.games.skyjo import Deck, Phase, Rules, Source
from tests.skyjo.helpers import HIGH, LOW, arrange, legal, play, rejected

RULES = Rules(players=3)


def started() -> skyjo.GameState:
    """Seat 0 to move; each seat has places 0 and 1 face up; the draw pile's top is 7."""
    state = arrange(RULES, [HIGH, LOW, LOW], discard=-1, draw=[7, 9])
    return play(state, "r0+1", "r0+1", "r0+1")


class TestTake:
    @pytest.mark.rule("S-TURN-1")
    def test_a_turn_begins_by_drawing_or_taking_the_discard(self) -> None:
        state = started()
        assert state.phase is Phase.TAKE
        assert legal(state) == ["draw", "take"]
        for move in ("s3", "f3"):
            assert rejected(state, move) == "S-TURN-1"

    @pytest.mark.rule("S-TURN-1")
    def test_a_card_taken_must_be_placed_before_anything_else(self) -> None:
        state = play(started(), "draw")
        assert state.phase is Phase.PLACE
        for move in ("draw", "take"):
            assert rejected(state, move) == "S-TURN-1"


class TestTakeDiscard:
    @pytest.mark.rule("S-TURN-2")
    def test_the_discard_taken_must_be_swapped(self) -> None:
        state = play(started(), "take")
        assert state.held == -1
        assert state.source is Source.DISCARD_PILE
        assert state.discard_pile == ()
        assert legal(state) == [f"s{place}" for place in range(12)]  # face up or face down
        assert rejected(state, "f5") == "S-TURN-2"

    @pytest.mark.rule("S-TURN-2")
    @pytest.mark.parametrize(("place", "replaced"), [(0, 12), (5, 8)])
    def test_the_new_card_lies_face_up_and_the_old_one_is_discarded(
        self, place: int, replaced: int
    ) -> None:
        state = play(started(), "take", f"s{place}")
        assert state.grids[0][place] == -1
        assert state.face_up[0][place]
        assert state.discard_pile == (replaced,)
        assert skyjo.view(state).grids[0][place] == -1

    @pytest.mark.rule("S-TURN-1", "S-TURN-2")
    def test_the_card_taken_is_the_discard_piles_top(self) -> None:
        state = play(started(), "take", "s0", "draw", "f5")
        assert state.discard_pile == (12, 7)
        state = play(state, "take")
        assert state.held == 7
        assert state.discard_pile == (12,)


class TestDraw:
    @pytest.mark.rule("S-TURN-3")
    def test_the_drawn_card_is_the_draw_piles_top_and_public(self) -> None:
        before = started()
        state = play(before, "draw")
        assert state.held == 7
        assert state.source is Source.DRAW_PILE
        assert state.draw_pile == before.draw_pile[:-1]
        assert skyjo.view(state).held == 7

    @pytest.mark.rule("S-TURN-3")
    def test_the_drawn_card_may_be_swapped_in(self) -> None:
        state = play(started(), "draw", "s4")
        assert state.grids[0][4] == 7
        assert state.face_up[0][4]
        assert state.discard_pile == (-1, HIGH[4])

    @pytest.mark.rule("S-TURN-3")
    def test_or_discarded_and_a_face_down_card_turned_up(self) -> None:
        before = play(started(), "draw")
        assert legal(before) == [f"s{p}" for p in range(12)] + [f"f{p}" for p in range(2, 12)]
        state = play(before, "f4")
        assert state.discard_pile == (-1, 7)
        assert state.grids[0] == before.grids[0]
        assert [p for p in range(12) if state.face_up[0][p]] == [0, 1, 4]

    @pytest.mark.rule("S-TURN-3")
    def test_a_face_up_card_cannot_be_turned_up(self) -> None:
        state = play(started(), "draw")
        assert rejected(state, "f0") == "S-TURN-3"

    @pytest.mark.rule("S-TURN-3", "S-SETUP-2")
    @pytest.mark.parametrize("move", [skyjo.Swap(12), skyjo.DiscardFlip(-1)])
    def test_places_off_the_grid_are_refused(self, move: skyjo.Move) -> None:
        assert rejected(play(started(), "draw"), move) == "S-SETUP-2"


class TestNextPlayer:
    @pytest.mark.rule("S-TURN-4")
    def test_then_the_next_seat_moves_clockwise(self) -> None:
        state = started()
        seats = []
        for _ in range(4):
            seats.append(state.current_player)
            state = play(state, "take", "s0")
        assert seats == [0, 1, 2, 0]
        assert state.turns == 4
        assert state.phase is Phase.TAKE


class TestRefill:
    """S-DRAW-1 with a 27-card deck for 2 players: the draw pile holds 2 cards."""

    RULES = Rules(players=2, deck=Deck({0: 12, 1: 12, 5: 3}))

    def emptied(self) -> skyjo.GameState:
        grids = [[0] * 6 + [1] * 6, [1] * 6 + [0] * 6]
        state = arrange(self.RULES, grids, discard=5, draw=[5, 5])
        state = play(state, "r0+3", "r0+3", "draw", "f1", "draw", "f1")
        assert state.draw_pile == ()
        return state

    @pytest.mark.rule("S-DRAW-1")
    def test_the_discard_pile_but_its_top_becomes_the_draw_pile(self) -> None:
        before = self.emptied()
        assert before.discard_pile == (5, 5, 5)
        after = play(before, "draw")
        assert after.discard_pile == (5,)
        assert Counter(after.draw_pile + (after.held,)) == Counter((5, 5))
        assert after.shuffle_seed != before.shuffle_seed

    @pytest.mark.rule("S-DRAW-1")
    def test_the_refill_is_a_seeded_shuffle(self) -> None:
        rules = Rules(players=2, deck=Deck(dict.fromkeys(range(-2, 13), 2)))
        grids = [list(range(-2, 10)), list(range(-2, 10))]
        state = arrange(rules, grids, discard=12)
        state = play(state, "r0+1", "r0+1")
        for place in (2, 2, 3, 3, 4):
            state = play(state, "draw", f"f{place}")
        assert state.draw_pile == ()
        assert len(state.discard_pile) == 6
        after = [play(state, "draw") for _ in range(2)]
        assert after[0] == after[1]  # the state's seed decides the order
        orders = {
            play(attrs.evolve(state, shuffle_seed=seed), "draw").draw_pile for seed in range(8)
        }
        assert len(orders) > 1

    @pytest.mark.rule("S-DRAW-1")
    def test_no_draw_when_nothing_can_refill_the_draw_pile(self) -> None:
        rules = Rules(players=2, deck=Deck({0: 12, 1: 13}))
        state = play(arrange(rules, [[0] * 12, [1] * 12], 1), "r0+3", "r0+3")
        assert state.draw_pile == ()
        assert len(state.discard_pile) == 1
        assert legal(state) == ["take"]
        assert rejected(state, "draw") == "S-DRAW-1"
