"""Scenario tests for the discard piles: R-DISC-1 .. R-DISC-4."""

from __future__ import annotations

import pytest

import skipbo
from skipbo import WILD, Discard, PlayFromDiscard, Rules
from tests.arrange import arrange
from tests.helpers import build_plays, forged, legal, play, rejected

TWO = Rules(players=2)
NO_DISCARDS = ((), (), (), ())


@pytest.mark.rule("R-DISC-1")
def test_each_player_starts_with_four_empty_discard_piles() -> None:
    """R-DISC-1: "Each player has at most four discard piles of their own; they start
    empty." """
    assert Rules().discard_pile_count == 4
    state = skipbo.new_game(Rules(players=5), seed=9)
    assert state.discards == (NO_DISCARDS,) * 5


@pytest.mark.rule("R-DISC-1")
def test_there_is_no_fifth_discard_pile() -> None:
    """R-DISC-1: at most four discard piles: index 4 (or -1) names none."""
    state = arrange(
        TWO,
        hands=((3, 9), ()),
        discards=(((1,), (), (), ()), NO_DISCARDS),
        stocks=((12,), (12,)),
    )
    assert {m.pile for m in skipbo.legal_moves(state) if isinstance(m, Discard)} == {0, 1, 2, 3}
    assert rejected(state, Discard(3, 4)) == "R-DISC-1"
    assert rejected(state, forged(Discard, 3, -1)) == "R-DISC-1"
    assert rejected(state, PlayFromDiscard(0, 4, 0)) == "R-DISC-1"
    assert rejected(state, forged(PlayFromDiscard, 0, -1, 0)) == "R-DISC-1"


@pytest.mark.rule("R-DISC-1")
def test_a_player_discards_onto_their_own_piles_only() -> None:
    """R-DISC-1: the discard piles are the player's "own": seat 1's discard lands on
    seat 1's pile of that index, never on seat 0's."""
    state = arrange(TWO, hands=((), (4, 5, 6, 7, 8)), current_player=1, stocks=((12,), (12,)))
    after = play(state, "h6>d2")
    assert after.discards == (NO_DISCARDS, ((), (), (6,), ()))


@pytest.mark.rule("R-DISC-2")
def test_any_hand_card_goes_on_any_own_discard_pile_in_any_order() -> None:
    """R-DISC-2: "Any hand card, wild included, may be put on an empty or non-empty
    discard pile in any order." """
    piles = ((12,), (1, 2), (), (WILD,))
    state = arrange(
        TWO,
        hands=((WILD, 3, 7, 9, 12), ()),
        discards=(piles, NO_DISCARDS),
        stocks=((10,), (10,)),
        builds=((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), (), (), ()),
    )
    discards = [m for m in skipbo.legal_moves(state) if isinstance(m, Discard)]
    assert discards == [Discard(card, pile) for card in (WILD, 3, 7, 9, 12) for pile in range(4)]
    for move in discards:
        after = skipbo.apply(state, move)
        expected = list(piles)
        expected[move.pile] += (move.card,)
        assert after.discards[0] == tuple(expected)


@pytest.mark.rule("R-DISC-3")
def test_only_the_top_card_of_a_discard_pile_is_available() -> None:
    """R-DISC-3: "Only the top card of each discard pile is available"."""
    state = arrange(
        TWO,
        hands=((8, 9), ()),
        discards=(((1, 5), (4, 1, 3), (), ()), NO_DISCARDS),
        builds=((), (), (), (1, 2, 3, 4)),
        stocks=((12,), (12,)),
    )
    # The 1s below the tops could start piles, but only the 5 (on the 4) is available.
    assert build_plays(state) == {"d0.0>b3"}
    after = play(state, "d0.0>b3")
    assert after.discards[0][0] == (1,)
    assert build_plays(after) == {f"d0.0>b{b}" for b in range(3)}
    assert rejected(state, "d0.2>b0") == "R-DISC-3"  # an empty pile has no top


@pytest.mark.rule("R-DISC-3")
def test_a_discarded_card_is_played_in_a_later_turn() -> None:
    """R-DISC-3: the top card "may be played to a build pile in any later turn"."""
    state = arrange(TWO, hands=((1, 9), (5, 6, 7, 8, 9)), stocks=((12,), (12,)))
    after = play(state, "h1>d3")
    assert after.discards[0][3] == (1,)
    after = play(after, "h5>d0")  # the other player's turn
    assert after.current_player == 0
    assert "d0.3>b0" in legal(after)
    after = play(after, "d0.3>b0")
    assert after.builds[0] == (1,)
    assert after.discards[0][3] == ()


@pytest.mark.rule("R-DISC-4")
def test_discard_piles_keep_every_card_in_order() -> None:
    """R-DISC-4: "Discard piles are public: all players see all their cards (they are
    face up). The whole pile's order is public knowledge." The state keeps each whole
    pile in the order the cards were put there, top at the end."""
    state = arrange(TWO, hands=((3, 9, WILD), (4, 6, 8, 10, 11)), stocks=((12,), (12,)))
    after = play(state, "h9>d1", "h4>d1", "h3>d1", "h6>d1", "hW>d1")
    assert after.discards == (((), (9, 3, WILD), (), ()), ((), (4, 6), (), ()))
    # Playing the top uncovers the card below, which everyone already knew.
    after = play(after, "h8>d0", "d0.1>b0")
    assert after.discards[0][1] == (9, 3)
    assert after.builds[0] == (WILD,)
