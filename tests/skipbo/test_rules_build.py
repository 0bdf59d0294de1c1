"""Scenario tests for the build piles: R-BUILD-1 .. R-BUILD-4."""

from __future__ import annotations

import pytest

import skipbo
from skipbo import WILD, Rules
from tests.arrange import arrange
from tests.helpers import build_plays, forged, legal, play, rejected

TWO = Rules(players=2)
RUN_TO_11 = tuple(range(1, 12))


class TestBuildPiles:
    @pytest.mark.rule("R-BUILD-1")
    def test_four_empty_build_piles_in_the_centre(self) -> None:
        """R-BUILD-1: "At most four build piles exist in the centre"."""
        assert Rules().build_pile_count == 4
        state = skipbo.new_game(Rules(players=3), seed=2)
        assert state.builds == ((), (), (), ())

    @pytest.mark.rule("R-BUILD-1")
    def test_there_is_no_fifth_build_pile(self) -> None:
        """R-BUILD-1: with four piles started, a 1 cannot start another one."""
        state = arrange(
            TWO,
            hands=((1, 1, 6, 7, 9), ()),
            builds=((1,), (1, 2), (WILD,), (1, 2, 3)),
            stocks=((12,), (12,)),
        )
        assert build_plays(state) == set()
        assert rejected(state, "h1>b4") == "R-BUILD-1"
        assert rejected(state, "s0>b4") == "R-BUILD-1"
        assert rejected(state, forged(skipbo.PlayFromHand, 1, -1)) == "R-BUILD-1"

    @pytest.mark.rule("R-BUILD-1")
    def test_all_players_use_all_build_piles(self) -> None:
        """R-BUILD-1: "all players use all of them": a pile started by one player is
        continued by the next."""
        state = arrange(TWO, hands=((1, 9), (2, 3, 4, 5, 6)), stocks=((12,), (12,)))
        after = play(state, "h1>b3", "h9>d0")
        assert after.current_player == 1
        assert "h2>b3" in legal(after)
        after = play(after, "h2>b3", "h3>b3")
        assert after.builds[3] == (1, 2, 3)

    @pytest.mark.rule("R-BUILD-1")
    def test_the_number_of_build_piles_is_a_parameter(self) -> None:
        """R-BUILD-1's four piles are the default of ``Rules.build_pile_count``."""
        state = arrange(
            Rules(players=2, build_pile_count=2), hands=((1, 5), ()), stocks=((9,), (9,))
        )
        assert build_plays(state) == {"h1>b0", "h1>b1"}
        assert rejected(state, "h1>b2") == "R-BUILD-1"


class TestSequence:
    @pytest.mark.rule("R-BUILD-2")
    def test_an_empty_pile_starts_only_with_a_1_or_a_wild(self) -> None:
        """R-BUILD-2: "An empty build pile may be started only with a 1 or a wild
        (counting as 1)." """
        state = arrange(TWO, hands=((2, 3, 4, 5, 12), ()), stocks=((9,), (9,)))
        assert build_plays(state) == set()
        for card in (2, 3, 12):
            assert rejected(state, f"h{card}>b0") == "R-BUILD-2"
        state = arrange(TWO, hands=((WILD, 1, 2), ()), stocks=((9,), (9,)))
        assert build_plays(state) == {f"h{card}>b{b}" for card in "W1" for b in range(4)}

    @pytest.mark.rule("R-BUILD-2")
    def test_a_pile_with_top_n_takes_only_n_plus_1_or_a_wild(self) -> None:
        """R-BUILD-2: "A card may be played onto a build pile whose top counts as n only
        if it is n + 1 or a wild. No number may be skipped." """
        state = arrange(
            TWO,
            hands=((WILD, 2, 4, 5, 9), ()),
            builds=((1, 2, 3), (1,), (), (1, 2, 3, 4, 5, 6, 7, 8)),
            stocks=((6,), (9,)),
        )
        assert build_plays(state) == {
            "hW>b0",
            "hW>b1",
            "hW>b2",
            "hW>b3",
            "h2>b1",
            "h4>b0",
            "h9>b3",
        }
        assert rejected(state, "h5>b0") == "R-BUILD-2"  # skips the 4
        assert rejected(state, "h2>b0") == "R-BUILD-2"  # goes back
        assert rejected(state, "s0>b0") == "R-BUILD-2"
        after = play(state, "h4>b0", "h5>b0")
        assert after.builds[0] == (1, 2, 3, 4, 5)
        assert "s0>b0" in legal(after)


class TestWild:
    @pytest.mark.rule("R-BUILD-3")
    def test_a_wild_takes_the_value_needed(self) -> None:
        """R-BUILD-3: "A wild takes the value that is needed where it is played (on a 6 it
        counts as 7, the next card must be 8)"."""
        state = arrange(
            TWO,
            hands=((WILD, 7, 8, 9, 9), ()),
            builds=((1, 2, 3, 4, 5, 6), (), (), ()),
            stocks=((12,), (12,)),
        )
        after = play(state, "hW>b0")
        assert after.builds[0] == (1, 2, 3, 4, 5, 6, WILD)
        assert "h8>b0" in legal(after)
        assert rejected(after, "h7>b0") == "R-BUILD-2"
        assert play(after, "h8>b0").builds[0] == (1, 2, 3, 4, 5, 6, WILD, 8)

    @pytest.mark.rule("R-BUILD-3")
    def test_a_wild_starts_a_pile_as_1(self) -> None:
        """R-BUILD-3: a wild "can start a pile as 1": the next card must be 2."""
        state = arrange(TWO, hands=((WILD, 1, 2, 3, 9), ()), stocks=((12,), (12,)))
        after = play(state, "hW>b2")
        assert after.builds[2] == (WILD,)
        assert "h2>b2" in legal(after)
        assert rejected(after, "h1>b2") == "R-BUILD-2"

    @pytest.mark.rule("R-BUILD-3", "R-BUILD-4")
    def test_a_wild_completes_a_pile_as_12_and_is_set_aside_with_it(self) -> None:
        """R-BUILD-3: a wild can "complete it as 12"; the completed pile keeps its wild."""
        state = arrange(
            TWO, hands=((WILD, 5, 9), ()), builds=((), RUN_TO_11, (), ()), stocks=((8,), (8,))
        )
        after = play(state, "hW>b1")
        assert after.builds[1] == ()
        assert after.completed == (*RUN_TO_11, WILD)
        skipbo.check_invariants(after)

    @pytest.mark.rule("R-BUILD-3")
    def test_any_number_of_wilds_in_a_row(self) -> None:
        """R-BUILD-3: "Any number of wilds may lie in a pile, also in a row." """
        state = arrange(
            TWO,
            hands=((WILD, WILD, WILD, 5, 9), ()),
            builds=((1,), (), (), ()),
            stocks=((12,), (12,)),
        )
        after = play(state, "hW>b0", "hW>b0", "hW>b0", "h5>b0")
        assert after.builds[0] == (1, WILD, WILD, WILD, 5)

    @pytest.mark.rule("R-BUILD-3")
    def test_a_wild_off_the_build_piles_has_no_number(self) -> None:
        """R-BUILD-3: "In the hand, on a stock pile or on a discard pile a wild has no
        number": from each source it goes on any build pile, whatever its top."""
        state = arrange(
            TWO,
            hands=((WILD, 9), ()),
            stocks=((5, WILD), (9,)),
            discards=(((WILD,), (), (), ()), ((), (), (), ())),
            builds=((), (1, 2, 3, 4, 5), RUN_TO_11, (WILD, WILD)),
        )
        assert build_plays(state) == {
            f"{source}>b{b}" for source in ("hW", "s0", "d0.0") for b in range(4)
        }


class TestCompletion:
    @pytest.mark.rule("R-BUILD-4")
    def test_a_pile_reaching_12_is_set_aside_and_its_place_is_free_at_once(self) -> None:
        """R-BUILD-4: "When a pile reaches 12 it is complete: it is removed from the centre
        and its cards are set aside. The place is free at once; a new pile may start
        there in the same turn." """
        state = arrange(
            TWO,
            hands=((1, 12), ()),
            builds=((1, 2), RUN_TO_11, (1,), (1, 2, 3)),
            stocks=((9,), (9,)),
        )
        after = play(state, "h12>b1")
        assert after.builds == ((1, 2), (), (1,), (1, 2, 3))
        assert after.completed == tuple(range(1, 13))
        assert "h1>b1" in legal(after)
        again = play(after, "h1>b1")
        assert again.builds[1] == (1,)
        assert (again.current_player, again.turn) == (0, state.turn)

    @pytest.mark.rule("R-BUILD-4")
    def test_completed_piles_accumulate_in_order(self) -> None:
        """R-BUILD-4: every completed pile's cards are set aside, after those set aside
        before; stock and discard plays complete piles too."""
        first = (1, WILD, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
        state = arrange(
            TWO,
            hands=((4, 6), ()),
            stocks=((3, 12), (9,)),
            discards=(((12,), (), (), ()), ((), (), (), ())),
            builds=(RUN_TO_11, (), (WILD, *range(2, 12)), ()),
            completed=first,
        )
        after = play(state, "s0>b0")
        assert after.completed == (*first, *RUN_TO_11, 12)
        after = play(after, "d0.0>b2")
        assert after.completed == (*first, *RUN_TO_11, 12, WILD, *range(2, 12), 12)
        assert after.builds == ((), (), (), ())
        skipbo.check_invariants(after)

    @pytest.mark.rule("R-BUILD-4", "R-DECK-2")
    def test_a_pile_is_complete_at_the_decks_highest_number(self) -> None:
        """R-BUILD-4 with the highest value as a deck parameter (R-DECK-2)."""
        rules = Rules(players=2, deck=skipbo.Deck.small(highest=5), stock_size=1)
        state = arrange(
            rules, hands=((5, WILD), ()), builds=((1, 2, 3, 4), (), (), ()), stocks=((1,), (2,))
        )
        after = play(state, "h5>b0")
        assert after.builds[0] == ()
        assert after.completed == (1, 2, 3, 4, 5)
