"""Scenario tests for a turn: R-TURN-1 .. R-TURN-8."""

from __future__ import annotations

import pytest

import skipbo
from skipbo import WILD, Discard, Rules
from tests.arrange import arrange
from tests.helpers import build_plays, legal, play, rejected, with_draw_pile

TWO = Rules(players=2)
THREE = Rules(players=3)


@pytest.mark.rule("R-TURN-1")
@pytest.mark.parametrize("kept", [0, 1, 3, 4])
def test_the_next_player_fills_the_hand_to_five(kept: int) -> None:
    """R-TURN-1: "At the start of a turn the player draws from the draw pile until the
    hand holds five cards (three left over: draw two)." """
    kept_cards = (2, 3, 4, 6)[:kept]
    state = arrange(TWO, hands=((7, 8), kept_cards), stocks=((9,), (10,)))
    after = play(state, "h7>d0")
    drawn = state.draw_pile[len(state.draw_pile) - (5 - kept) :]
    assert after.current_player == 1
    assert after.hands[1] == tuple(sorted(kept_cards + drawn))
    assert after.draw_pile == state.draw_pile[: len(state.draw_pile) - (5 - kept)]
    assert after.hands[0] == (8,)  # the player who ended the turn draws nothing now


@pytest.mark.rule("R-TURN-1")
def test_a_full_hand_draws_nothing() -> None:
    """R-TURN-1: the hand is filled *until* it holds five cards: a full hand draws none."""
    state = arrange(TWO, hands=((7,), (1, 2, 3, 4, 5)), stocks=((9,), (10,)))
    after = play(state, "h7>d0")
    assert after.hands[1] == (1, 2, 3, 4, 5)
    assert after.draw_pile == state.draw_pile


@pytest.mark.rule("R-TURN-2")
def test_hand_stock_and_discard_cards_are_played_in_any_order_in_one_turn() -> None:
    """R-TURN-2: "During the turn the player may play, in any order and as often as
    legal, cards from three sources onto build piles: any hand card, the top card of
    their own stock pile, the top card of any of their own discard piles." """
    state = arrange(
        TWO,
        hands=((1, 4, 9, 9, 10), ()),
        stocks=((7, 2), (11,)),
        discards=(((), (), (3,), ()), ((), (), (), ())),
    )
    assert build_plays(state) == {f"h1>b{b}" for b in range(4)}
    after_one = play(state, "h1>b2")
    assert build_plays(after_one) == {"s0>b2"}
    after = play(after_one, "s0>b2", "d0.2>b2", "h4>b2")
    assert after.builds[2] == (1, 2, 3, 4)
    assert after.current_player == 0
    assert after.turn == state.turn
    assert after.hands[0] == (9, 9, 10)
    assert after.stocks[0] == (7,)
    assert after.discards[0][2] == ()


@pytest.mark.rule("R-TURN-2")
def test_the_sources_are_the_players_own_piles_only() -> None:
    """R-TURN-2: the sources are "their own stock pile" and "their own discard piles":
    in individual play another player's playable cards are not available."""
    state = arrange(
        TWO,
        hands=((5, 6, 7, 8, 9), ()),
        stocks=((12,), (1,)),
        discards=(((), (), (), ()), ((1,), (), (), ())),
    )
    assert build_plays(state) == set()
    assert rejected(state, "s1>b0") == "R-TURN-2"
    assert rejected(state, "d1.0>b0") == "R-TURN-2"
    # The same cards are the second player's to play on their turn.
    theirs = play(state, "h5>d0")
    assert {"s1>b0", "d1.0>b0"} <= build_plays(theirs)


@pytest.mark.rule("R-TURN-3")
def test_the_next_stock_card_is_turned_and_playable_in_the_same_turn() -> None:
    """R-TURN-3: "When the stock top card is played, the next card of the stock pile is
    turned face up and may be played in the same turn." """
    state = arrange(TWO, hands=((7, 8, 9, 10, 11), ()), stocks=((5, 2, 1), (12,)))
    assert build_plays(state) == {f"s0>b{b}" for b in range(4)}
    after = play(state, "s0>b1")
    assert after.stocks[0] == (5, 2)
    assert "s0>b1" in legal(after)
    after = play(after, "s0>b1")
    assert after.builds[1] == (1, 2)
    assert after.stocks[0] == (5,)
    assert (after.current_player, after.turn) == (0, state.turn)


@pytest.mark.rule("R-TURN-4", "R-DRAW-1")
def test_a_hand_emptied_by_plays_draws_five_at_once_and_the_turn_goes_on() -> None:
    """R-TURN-4: "When the player has played every card of the hand onto build piles
    during the turn, they draw five new cards (R-DRAW-*) at once and continue the
    turn." """
    state = arrange(TWO, hands=((1, 2), ()), stocks=((9,), (10,)))
    half = play(state, "h1>b0")
    assert half.hands[0] == (2,)
    assert half.draw_pile == state.draw_pile  # not empty yet: no draw
    after = play(half, "h2>b0")
    assert after.hands[0] == tuple(sorted(state.draw_pile[-5:]))
    assert after.draw_pile == state.draw_pile[:-5]
    assert (after.current_player, after.turn) == (0, state.turn)
    assert any(isinstance(move, Discard) for move in skipbo.legal_moves(after))


@pytest.mark.rule("R-TURN-4")
def test_the_redraw_fills_to_the_rules_hand_size() -> None:
    """R-TURN-4 with the hand size as a parameter: the redraw fills a whole hand."""
    rules = Rules(players=2, hand_size=3)
    state = arrange(rules, hands=((WILD,), ()), stocks=((9,), (10,)))
    after = play(state, "hW>b3")
    assert len(after.hands[0]) == 3
    assert after.builds[3] == (WILD,)


@pytest.mark.rule("R-TURN-5", "R-TURN-7")
def test_a_discard_ends_the_turn() -> None:
    """R-TURN-5: "The turn ends when the player moves one hand card, face up, onto one
    of their own discard piles." R-TURN-7: "Then the next player clockwise takes a
    turn." """
    state = arrange(TWO, hands=((3, 5, 8, 8, 12), ()), stocks=((9,), (10,)), turn=4)
    after = play(state, "h8>d3")
    assert after.discards[0] == ((), (), (), (8,))
    assert after.hands[0] == (3, 5, 8, 12)
    assert (after.current_player, after.turn, after.turn_moves) == (1, 5, 0)


@pytest.mark.rule("R-TURN-5")
def test_a_player_may_discard_even_when_a_play_is_possible() -> None:
    """R-TURN-5: "A player may end the turn this way at any time, even when plays are
    still possible"."""
    state = arrange(TWO, hands=((1, 5, 6, 7, 8), ()), stocks=((2,), (10,)))
    moves = legal(state)
    assert "h1>b0" in moves
    assert {f"h{c}>d{p}" for c in (1, 5, 6, 7, 8) for p in range(4)} <= set(moves)
    after = play(state, "h1>d0")
    assert after.current_player == 1


@pytest.mark.rule("R-TURN-5")
def test_without_a_play_the_turn_must_end_with_a_discard() -> None:
    """R-TURN-5: the player "must end it this way when none [no play] is": then the
    legal moves are exactly the discards, and no pass."""
    state = arrange(TWO, hands=((5, 6, 6, 7, 9), ()), stocks=((12,), (10,)))
    assert skipbo.legal_moves(state) == [
        Discard(card, pile) for card in (5, 6, 7, 9) for pile in range(4)
    ]


@pytest.mark.rule("R-TURN-5")
def test_emptying_the_hand_by_the_discard_draws_nothing() -> None:
    """R-TURN-5: "Emptying the hand by this discard ends the turn (no redraw)." The
    hand is filled again at the start of the player's next turn (R-TURN-1)."""
    state = arrange(TWO, hands=((7,), (4, 4, 5, 5, 6)), stocks=((9,), (10,)))
    after = play(state, "h7>d0")
    assert after.hands[0] == ()
    assert after.draw_pile == state.draw_pile
    again = play(after, "h4>d0")
    assert again.current_player == 0
    assert again.hands[0] == tuple(sorted(state.draw_pile[-5:]))


@pytest.mark.rule("R-TURN-6")
def test_only_hand_cards_go_to_discard_piles() -> None:
    """R-TURN-6: "Only hand cards may go to discard piles. Stock cards and discard-pile
    cards may only be played onto build piles"."""
    state = arrange(
        TWO,
        hands=((1, 2, 3, 4, 5), ()),
        stocks=((7,), (10,)),
        discards=(((9,), (), (), ()), ((), (), (), ())),
    )
    discards = [m for m in skipbo.legal_moves(state) if isinstance(m, Discard)]
    assert {m.card for m in discards} == {1, 2, 3, 4, 5}
    assert rejected(state, "h7>d1") == "R-TURN-6"  # the 7 is the stock's top
    assert rejected(state, "h9>d1") == "R-TURN-6"  # the 9 is a discard pile's top


@pytest.mark.rule("R-TURN-6")
def test_no_move_takes_a_card_from_a_build_pile_or_between_discard_piles() -> None:
    """R-TURN-6: "cards never move between discard piles; cards never leave a build pile
    except by completion": after every legal move, each build pile is unchanged or one
    card longer, and each discard pile unchanged, one card shorter (a play) or one hand
    card longer (the discard)."""
    state = arrange(
        TWO,
        hands=((WILD, 2, 3, 5, 9), ()),
        builds=((1, 2), (1,), (), (1, 2, 3, 4)),
        discards=(((4,), (1, 3), (), (WILD,)), ((2,), (), (), ())),
        stocks=((6, 5), (10,)),
    )
    moves = skipbo.legal_moves(state)
    assert len(moves) > 20
    for move in moves:
        after = skipbo.apply(state, move)
        for before_pile, after_pile in zip(state.builds, after.builds, strict=True):
            assert after_pile in (before_pile, *(before_pile + (c,) for c in range(13)))
        changed = [
            (before_pile, after_pile)
            for before_pile, after_pile in zip(state.discards[0], after.discards[0], strict=True)
            if before_pile != after_pile
        ]
        assert after.discards[1] == state.discards[1]
        if isinstance(move, Discard):
            assert changed == [
                (state.discards[0][move.pile], state.discards[0][move.pile] + (move.card,))
            ]
        elif isinstance(move, skipbo.PlayFromDiscard):
            assert changed == [(state.discards[0][move.pile], state.discards[0][move.pile][:-1])]
        else:
            assert changed == []


@pytest.mark.rule("R-TURN-7")
@pytest.mark.parametrize(("seat", "following"), [(0, 1), (1, 2), (2, 0)])
def test_play_passes_clockwise(seat: int, following: int) -> None:
    """R-TURN-7: "Then the next player clockwise takes a turn" (increasing seat index,
    R-SETUP-5), wrapping around after the last seat."""
    hands = tuple((6, 7) if s == seat else () for s in range(3))
    state = arrange(THREE, hands=hands, stocks=((12,), (11,), (10,)), current_player=seat)
    after = play(state, "h6>d0")
    assert after.current_player == following
    assert after.discards[seat][0] == (6,)


@pytest.mark.rule("R-TURN-8")
def test_a_pass_is_illegal_with_cards_in_hand() -> None:
    """R-TURN-8: "A pass is legal only when the hand is empty." """
    state = arrange(TWO, hands=((5,), ()), stocks=((12,), (10,)))
    assert "pass" not in legal(state)
    assert rejected(state, "pass") == "R-TURN-8"


@pytest.mark.rule("R-TURN-8")
def test_an_empty_hand_ends_the_turn_with_a_pass() -> None:
    """R-TURN-8: "If the hand is empty when the turn must end (possible only when the
    draw pile and the set-aside cards are both exhausted), the player ends the turn
    without a discard ("pass")." """
    state = with_draw_pile(
        arrange(TWO, hands=((), (3,)), stocks=((12,), (10,))), (), park=0, onto_discards=True
    )
    assert legal(state) == ["pass"]
    after = play(state, "pass")
    assert (after.current_player, after.turn) == (1, state.turn + 1)
    assert after.hands == ((), (3,))
    assert after.discards == state.discards
    skipbo.check_invariants(after)


@pytest.mark.rule("R-TURN-8")
def test_with_an_empty_hand_plays_come_before_the_pass() -> None:
    """R-TURN-8: an empty hand may still play its stock and discard cards; the pass is
    offered as well, never a discard."""
    state = with_draw_pile(
        arrange(
            TWO,
            hands=((), ()),
            stocks=((5, 1), (10,)),
            discards=(((2,), (), (), ()), ((), (), (), ())),
        ),
        (),
        park=1,
    )
    assert legal(state) == [*(f"s0>b{b}" for b in range(4)), "pass"]
    after = play(state, "s0>b0", "d0.0>b0")
    assert legal(after) == ["pass"]
