"""Tests for `skipbo.games.skipbo.text`: drawing views and states, and moves in plain words."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import skipbo
from skipbo import GameState
from skipbo.games.skipbo.cards import WILD, format_card
from skipbo.games.skipbo.moves import Discard, Pass, PlayFromDiscard, PlayFromHand, PlayFromStock
from skipbo.games.skipbo.text import LEGEND, describe, describe_move, format_pile, render_view
from tests.strategies import game_states, hidden_redeals


def _seat(state: GameState, data: st.DataObject) -> int:
    seat: int = data.draw(st.integers(0, state.rules.players - 1))
    return seat


class TestRenderView:
    """Tests for `render_view`."""

    @pytest.mark.rule("R-INFO-3")
    @given(data=st.data(), state=game_states())
    def test_hidden_cards_change_nothing_drawn(self, data: st.DataObject, state: GameState) -> None:
        """R-INFO-3: what a player is shown does not depend on any card hidden from them."""
        seat = _seat(state, data)
        other = data.draw(hidden_redeals(state, seat))
        assert render_view(skipbo.view(other, seat)) == render_view(skipbo.view(state, seat))

    @pytest.mark.rule("R-INFO-1", "R-INFO-2")
    @given(data=st.data(), state=game_states())
    def test_shows_the_public_facts_and_the_own_hand(
        self, data: st.DataObject, state: GameState
    ) -> None:
        seat = _seat(state, data)
        seen = skipbo.view(state, seat)
        text = render_view(seen)
        assert f"draw pile {len(state.draw_pile)}," in text
        assert f"completed {len(state.completed)}" in text
        assert f"seat {state.current_player} to move (you are seat {seat})" in text
        hand = " ".join(map(format_card, state.hands[seat])) or "(empty)"
        assert f"your hand: {hand}" in text.splitlines()
        for seat_index, size in enumerate(map(len, state.hands)):
            assert re.search(rf"seat {seat_index} \((you, )?hand {size}\)", text)
        for index, pile in enumerate(state.builds):
            # R-BUILD-2: a pile of n cards has the number n on top and needs n + 1.
            expected = f"{len(pile)} (needs {len(pile) + 1})" if pile else "empty (needs 1)"
            assert f"b{index} {expected}" in text
        for stock, pile in enumerate(state.stocks):
            top = format_card(pile[-1]) if pile else "-"
            assert f"stock s{stock} top {top} ({len(pile)} cards)" in text
        for discard_set, piles in enumerate(state.discards):
            for index, pile in enumerate(piles):
                assert f"d{discard_set}.{index} {format_pile(pile)}" in text
        assert ("game over" in text) == skipbo.is_over(state)

    def test_a_spectator_sees_no_hand(self) -> None:
        state = skipbo.new_game(skipbo.Rules(players=3), seed=2)
        text = render_view(skipbo.spectator_view(state))
        assert "your hand" not in text
        assert "you" not in text


class TestDescribe:
    """Tests for `describe`, the referee's picture."""

    @given(state=game_states())
    def test_shows_every_hand(self, state: GameState) -> None:
        lines = describe(state).splitlines()
        for seat, hand in enumerate(state.hands):
            cards = " ".join(map(format_card, hand)) or "(empty)"
            assert f"hand of seat {seat}: {cards}" in lines


def _top(pile: tuple[int, ...]) -> str:
    return format_card(pile[-1])


class TestDescribeMove:
    """Tests for `describe_move`."""

    @given(data=st.data(), state=game_states())
    def test_says_the_card_and_the_pile(self, data: st.DataObject, state: GameState) -> None:
        moves = skipbo.legal_moves(state)
        if not moves:
            return
        move = data.draw(st.sampled_from(moves))
        mover = state.current_player
        text = describe_move(move, skipbo.view(state, mover))
        match move:
            case PlayFromHand() | PlayFromStock() | PlayFromDiscard():
                card = {
                    PlayFromHand: lambda m: m.card,
                    PlayFromStock: lambda m: state.stocks[m.stock][-1],
                    PlayFromDiscard: lambda m: state.discards[m.discard_set][m.pile][-1],
                }[type(move)](move)
                # R-BUILD-3: a wild stands for the number the build pile needs.
                said = (
                    f"a wild (as {len(state.builds[move.build]) + 1})"
                    if card == WILD
                    else format_card(card)
                )
                assert text.startswith(f"play {said} from ")
                assert text.endswith(f" on build pile {move.build}")
            case Discard():
                named = "a wild" if move.card == WILD else format_card(move.card)
                assert text.startswith(f"discard {named} on your discard pile ")
                assert "ends your turn" in text
            case Pass():
                assert text.startswith("pass")

    @given(data=st.data(), state=game_states())
    def test_reports_moves_of_others(self, data: st.DataObject, state: GameState) -> None:
        moves = skipbo.legal_moves(state)
        if not moves:
            return
        move = data.draw(st.sampled_from(moves))
        watcher = data.draw(
            st.sampled_from([None, *range(state.rules.players)]).filter(
                lambda seat: seat != state.current_player
            )
        )
        seen = skipbo.view(state, watcher)
        text = describe_move(move, seen)
        assert text.startswith(f"seat {state.current_player} ")
        assert "your" not in text

    def test_partner_piles_name_their_owner(self) -> None:
        rules = skipbo.Rules.partners(teams=((0, 2), (1, 3)))
        seen = skipbo.view(skipbo.new_game(rules, seed=1), 0)
        text = describe_move(PlayFromStock(2, 0), seen)
        assert "from seat 2's stock s2 on build pile 0" in text


def test_every_example_of_the_legend_is_a_move() -> None:
    examples = re.findall(r"^\s+(\S+)\s", LEGEND, flags=re.MULTILINE)
    assert len(examples) == 5
    kinds = {type(skipbo.parse_move(example)) for example in examples}
    assert kinds == {PlayFromHand, PlayFromStock, PlayFromDiscard, Discard, Pass}


def test_a_move_from_a_pile_no_seat_owns_is_still_said() -> None:
    """A refusal says the move it refuses: a stock or discard set beyond the seats has
    no owner (it read "seat 's stock" before)."""
    seen = skipbo.view(skipbo.new_game(skipbo.Rules(players=2), seed=1), 0)
    assert describe_move(PlayFromStock(stock=5, build=0), seen) == (
        "play the top card from no seat's stock on build pile 0"
    )
    assert describe_move(PlayFromDiscard(discard_set=3, pile=0, build=1), seen, board=True) == (
        "play the top card from no seat's discard pile 1 on build pile 2"
    )
