"""Scenario tests for the draw pile: R-DRAW-1 .. R-DRAW-3."""

from __future__ import annotations

from collections import Counter

import pytest

import skipbo
from skipbo import WILD, Deck, Rules
from tests.arrange import arrange
from tests.helpers import legal, play, with_draw_pile

TWO = Rules(players=2)
RUN_TO_12 = tuple(range(1, 13))


@pytest.mark.rule("R-DRAW-1")
def test_cards_are_drawn_from_the_top() -> None:
    """R-DRAW-1: "Cards are drawn from the top of the face-down draw pile" (the top is
    the end of the tuple)."""
    state = with_draw_pile(
        arrange(TWO, hands=((7,), (5, 5)), stocks=((9,), (9,))), (1, 2, 3, 4, WILD, 6, 8), park=0
    )
    after = play(state, "h7>d0")
    assert after.hands[1] == (WILD, 5, 5, 6, 8)
    assert after.draw_pile == (1, 2, 3, 4)


@pytest.mark.rule("R-DRAW-2", "R-TURN-1")
@pytest.mark.parametrize("seed", range(24))
def test_the_completed_cards_are_reshuffled_mid_refill(seed: int) -> None:
    """R-DRAW-2: "When the draw pile is empty and a card must be drawn, the set-aside
    cards of completed build piles are shuffled to form the new draw pile. Unfinished
    build piles, stock piles, discard piles and hands are never shuffled in." The
    refill first takes the last card of the old draw pile, then goes on drawing from
    the reshuffled completed cards.

    The old draw pile's card is a wild and the completed cards hold none, so a
    reshuffle that mixed it into the new draw pile would leave the wild in the new
    pile (two times in five for a uniform shuffle); every reshuffle seed is tried."""
    rules = Rules(players=2, deck=Deck(copies=3, wilds=2, highest=4), stock_size=2, hand_size=3)
    completed = (1, 2, 3, 4)
    state = arrange(
        rules,
        completed=completed,
        draw_pile=(WILD,),
        hands=((3,), ()),
        turn_moves=1,  # mid-turn: a hand of one card with cards left to draw (R-TURN-1)
        builds=((1, 2), (WILD,), (), ()),
        stocks=((1, 2), (3, 4)),
        discards=(((), (), (), ()), ((4,), (), (), ())),
        shuffle_seed=seed,
    )
    skipbo.check_invariants(state)
    after = play(state, "h3>d0")
    hand = after.hands[1]
    assert len(hand) == 3
    assert WILD in hand  # the old draw pile's last card is drawn first
    assert WILD not in after.draw_pile
    from_completed = Counter(hand) - Counter({WILD: 1})
    # The new draw pile plus the cards drawn from it are exactly the completed cards.
    assert Counter(after.draw_pile) + from_completed == Counter(completed)
    assert len(after.draw_pile) == 2
    assert after.completed == ()
    assert after.builds == state.builds
    assert after.stocks == state.stocks
    assert after.discards == (((3,), (), (), ()), state.discards[1])
    assert after.hands[0] == ()
    skipbo.check_invariants(after)


@pytest.mark.rule("R-DRAW-2")
def test_no_reshuffle_while_the_draw_pile_has_cards() -> None:
    """R-DRAW-2: the completed cards are shuffled in only "when the draw pile is empty
    and a card must be drawn"."""
    state = with_draw_pile(
        arrange(TWO, hands=((7,), ()), stocks=((9,), (9,)), completed=RUN_TO_12),
        (1, 2, 3, 4, 5),
        park=0,
    )
    after = play(state, "h7>d0")
    assert after.hands[1] == (1, 2, 3, 4, 5)
    assert after.draw_pile == ()
    assert after.completed == RUN_TO_12


@pytest.mark.rule("R-DRAW-2", "R-TURN-4", "R-BUILD-4")
def test_a_pile_completed_by_the_last_hand_card_is_reshuffled_for_the_redraw() -> None:
    """R-DRAW-2 with R-TURN-4: the hand is emptied by the play that completes a pile, the
    draw pile is empty, so the pile just set aside (R-BUILD-4) is shuffled into the new
    draw pile and the five new cards come from it."""
    state = with_draw_pile(
        arrange(
            TWO,
            hands=((12,), (4, 4)),
            builds=((), tuple(range(1, 12)), (1, 2), ()),
            stocks=((9,), (9,)),
            discards=(((5,), (), (), ()), ((6,), (), (), ())),
        ),
        (),
        park=1,
    )
    after = play(state, "h12>b1")
    assert (after.current_player, after.turn) == (0, state.turn)
    assert len(after.hands[0]) == 5
    assert Counter(after.hands[0]) + Counter(after.draw_pile) == Counter(RUN_TO_12)
    assert after.completed == ()
    assert after.builds == ((), (), (1, 2), ())
    assert after.stocks == state.stocks
    assert after.discards == state.discards
    assert after.hands[1] == (4, 4)


@pytest.mark.rule("R-DRAW-3")
def test_a_short_draw_pile_gives_a_smaller_hand() -> None:
    """R-DRAW-3: "If cards must be drawn and both the draw pile and the set-aside cards
    are empty, the player draws as many as there are (possibly none) and plays on with
    a smaller hand." """
    state = with_draw_pile(
        arrange(TWO, hands=((7,), ()), stocks=((9,), (9,))), (3, WILD), park=0, onto_discards=True
    )
    after = play(state, "h7>d0")
    assert after.hands[1] == (WILD, 3)
    assert after.draw_pile == ()
    assert after.completed == ()
    assert "pass" not in legal(after)
    assert legal(after)[:4] == [f"hW>b{b}" for b in range(4)]
    skipbo.check_invariants(after)


@pytest.mark.rule("R-DRAW-3", "R-TURN-8")
def test_with_nothing_to_draw_the_hand_stays_empty() -> None:
    """R-DRAW-3: "(possibly none)": the next player starts with an empty hand and may
    only play from their piles or pass (R-TURN-8)."""
    state = with_draw_pile(arrange(TWO, hands=((7,), ()), stocks=((9,), (9, 1))), (), park=0)
    after = play(state, "h7>d0")
    assert after.hands[1] == ()
    assert legal(after) == [*(f"s1>b{b}" for b in range(4)), "pass"]


@pytest.mark.rule("R-DRAW-3", "R-TURN-4")
def test_a_hand_emptied_by_plays_with_nothing_to_draw_plays_on() -> None:
    """R-DRAW-3 with R-TURN-4: the hand emptied by plays cannot be refilled; the player
    continues the turn with an empty hand (stock and discard plays, or a pass)."""
    state = with_draw_pile(
        arrange(
            TWO,
            hands=((1,), ()),
            stocks=((9, 2), (9,)),
            discards=(((3,), (), (), ()), ((), (), (), ())),
        ),
        (),
        park=1,
    )
    after = play(state, "h1>b0")
    assert after.hands[0] == ()
    assert (after.current_player, after.turn) == (0, state.turn)
    assert legal(after) == ["s0>b0", "pass"]
    after = play(after, "s0>b0", "d0.0>b0", "pass")
    assert after.builds[0] == (1, 2, 3)
    assert after.current_player == 1


@pytest.mark.rule("R-TURN-4", "R-DRAW-3")
def test_an_empty_hand_refills_once_a_completed_pile_makes_cards_available() -> None:
    """R-DRAW-3: "A hand left empty this way is refilled as soon as cards become
    available during the same turn, after any play (a stock or discard play that
    completes a build pile sets cards aside, which are then drawn)"."""
    rules = Rules(players=2, deck=Deck(copies=2, wilds=1, highest=3), stock_size=2, hand_size=2)
    state = arrange(
        rules,
        stocks=((WILD, 3), (1,)),
        hands=((), (2, 3)),
        builds=((1, 2), (), (), ()),
        draw_pile=(),
    )
    skipbo.check_invariants(state)
    after = play(state, "s0>b0")
    assert after.current_player == 0
    assert after.builds[0] == ()
    assert len(after.hands[0]) == 2
    assert Counter(after.hands[0]) + Counter(after.draw_pile) == Counter((1, 2, 3))
    assert after.completed == ()


@pytest.mark.rule("R-DRAW-3")
def test_an_empty_hand_refills_once_a_discard_play_completes_a_build_pile() -> None:
    """R-DRAW-3: the same refill "after any play" when the completing card comes from
    a discard pile, not the stock pile."""
    rules = Rules(players=2, deck=Deck(copies=2, wilds=1, highest=3), stock_size=1, hand_size=2)
    state = arrange(
        rules,
        stocks=((3,), (1,)),
        hands=((), (2, WILD)),
        discards=(((3,), (), (), ()), ((), (), (), ())),
        builds=((1, 2), (), (), ()),
        draw_pile=(),
    )
    skipbo.check_invariants(state)
    after = play(state, "d0.0>b0")
    assert after.current_player == 0
    assert after.discards[0][0] == ()
    assert len(after.hands[0]) == 2
    assert Counter(after.hands[0]) + Counter(after.draw_pile) == Counter((1, 2, 3))
    assert after.completed == ()
