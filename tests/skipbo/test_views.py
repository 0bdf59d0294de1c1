"""Tests for `skipbo.games.skipbo.views`: what each player may see (R-INFO-1 .. R-INFO-3)."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import skipbo
from skipbo import Deck, GameState, PlayerView, Rules, ViewError
from skipbo.games.skipbo.serialization import dumps, to_data
from skipbo.games.skipbo.views import spectator_view, view
from tests.arrange import arrange
from tests.strategies import game_states, hidden_redeals

RULES = Rules(players=3, deck=Deck(copies=4, wilds=4, highest=6), stock_size=4, hand_size=3)

PUBLIC_FIELDS = {
    "rules",
    "stock_tops",
    "stock_sizes",
    "discards",
    "builds",
    "hand_sizes",
    "draw_pile_size",
    "completed_count",
    "current_player",
    "turn",
    "turn_moves",
    "empty_passes",
    "stall_turns",  # R-WIN-4 (b): every player can count the turns since a stock play
    "outcome",
    "penalty_cards",
}
"""R-INFO-1, the moves of the turn so far that everyone watched, and the referee
penalties given (R-TEAM-4) that everyone saw."""


def arranged(**changes: object) -> GameState:
    """A mid-game state of RULES with every place holding known cards (22 of 28 placed)."""
    fields: dict[str, object] = {
        "stocks": [(1, 2, 3, 5), (6, 6), (0,)],
        "hands": [(1, 4, 6), (0, 3), ()],
        "discards": [[(5, 4), (), (), ()], [(), (), (), ()], [(), (), (), ()]],
        "builds": [(1, 0), (), (), ()],
        "completed": (1, 2, 0, 4, 5, 6),
        "current_player": 1,
        "turn": 7,
        "turn_moves": 2,
        "shuffle_seed": 99,
    }
    fields.update(changes)
    return arrange(RULES, **fields)  # type: ignore[arg-type]


def visible_cards(state: GameState, player: int | None) -> Counter[int]:
    """The cards R-INFO-1/2 let ``player`` see: stock tops, discards, builds, own hand."""
    cards: Counter[int] = Counter(pile[-1] for pile in state.stocks if pile)
    for piles in state.discards:
        for pile in piles:
            cards.update(pile)
    for pile in state.builds:
        cards.update(pile)
    if player is not None:
        cards.update(state.hands[player])
    return cards


def cards_in(seen: PlayerView) -> Counter[int]:
    """Every card value a view holds, wherever it holds it."""
    cards: Counter[int] = Counter(top for top in seen.stock_tops if top is not None)
    for piles in seen.discards:
        for pile in piles:
            cards.update(pile)
    for pile in seen.builds:
        cards.update(pile)
    cards.update(seen.hand or ())
    return cards


@pytest.mark.rule("R-INFO-1")
class TestPublicInformation:
    """Every player and spectator sees the public facts of R-INFO-1."""

    def test_every_public_fact_is_shown(self) -> None:
        state = arranged()
        skipbo.check_invariants(state)
        for player in (None, 0, 1, 2):
            seen = view(state, player)
            assert seen.stock_tops == (5, 6, 0)  # the top is the end of each pile
            assert seen.stock_sizes == (4, 2, 1)
            assert seen.discards == (((5, 4), (), (), ()), ((), (), (), ()), ((), (), (), ()))
            assert seen.builds == ((1, 0), (), (), ())
            assert seen.hand_sizes == (3, 2, 0)
            assert seen.draw_pile_size == 28 - 22
            assert seen.completed_count == 6
            assert (seen.current_player, seen.turn, seen.turn_moves) == (1, 7, 2)
            assert seen.outcome is None
            assert seen.rules == RULES

    def test_an_empty_stock_pile_shows_no_top(self) -> None:
        state = arranged(stocks=[(1, 2, 3, 5), (), (0,)], hands=[(1, 4, 6), (0, 3, 6), (6,)])
        seen = view(state, 0)
        assert seen.stock_tops == (5, None, 0)
        assert seen.stock_sizes == (4, 0, 1)

    def test_the_outcome_is_public(self) -> None:
        rules = Rules(players=2, deck=Deck.small(), stock_size=1, hand_size=1)
        state = skipbo.new_game(rules, seed=0)
        while not state.is_over:
            state = skipbo.apply(state, skipbo.legal_moves(state)[0])
        for player in (None, 0, 1):
            assert view(state, player).outcome == state.outcome
            assert view(state, player).is_over

    def test_a_spectator_sees_no_hand(self) -> None:
        seen = spectator_view(arranged())
        assert seen.player is None
        assert seen.hand is None
        assert seen.is_spectator
        assert cards_in(seen) == visible_cards(arranged(), None)


@pytest.mark.rule("R-INFO-2")
class TestPrivateInformation:
    """Each player sees their own hand, and only their own."""

    def test_each_player_sees_only_their_own_hand(self) -> None:
        state = arranged()
        assert [view(state, seat).hand for seat in range(3)] == [(1, 4, 6), (0, 3), ()]
        for seat in range(3):
            assert cards_in(view(state, seat)) == visible_cards(state, seat)

    def test_the_movers_view_gives_the_legal_moves(self) -> None:
        state = arranged()
        mine = view(state, 1)
        assert mine.to_move
        # Hand W, 3; stock top 6; no discards; build piles need 3, 1, 1, 1.
        expected = ["hW>b0", "hW>b1", "hW>b2", "hW>b3", "h3>b0"]
        expected += ["hW>d0", "hW>d1", "hW>d2", "hW>d3", "h3>d0", "h3>d1", "h3>d2", "h3>d3"]
        assert [str(move) for move in skipbo.legal_moves(mine)] == expected
        assert skipbo.legal_moves(mine) == skipbo.legal_moves(state)

    @pytest.mark.parametrize("player", [None, 0, 2])
    def test_other_views_cannot_give_the_legal_moves(self, player: int | None) -> None:
        seen = view(arranged(), player)
        assert not seen.to_move
        with pytest.raises(ViewError, match="R-INFO-2"):
            skipbo.legal_moves(seen)

    def test_a_finished_game_has_no_legal_moves_in_any_view(self) -> None:
        state = arranged(outcome=skipbo.Outcome(skipbo.Termination.BLOCKED), empty_passes=3)
        for player in (None, 0, 1, 2):
            assert skipbo.legal_moves(view(state, player)) == []

    @pytest.mark.parametrize("player", [3, -1, True, "0", 1.0])
    def test_a_seat_the_game_does_not_have_is_an_error(self, player: object) -> None:
        with pytest.raises(ViewError, match="not in this game"):
            view(arranged(), player)  # type: ignore[arg-type]

    def test_legal_moves_rejects_other_values(self) -> None:
        with pytest.raises(TypeError, match="GameState or PlayerView"):
            skipbo.legal_moves("state")  # type: ignore[arg-type]

    @given(state=game_states())
    def test_the_movers_view_gives_the_same_legal_moves(self, state: GameState) -> None:
        """R-INFO-2: the legal moves depend only on what the player to move sees."""
        assert skipbo.legal_moves(view(state, state.current_player)) == skipbo.legal_moves(state)


@pytest.mark.rule("R-INFO-3")
class TestHiddenInformation:
    """Nothing hidden reaches a view: stock cards below the top, other hands, the
    draw pile's order, the completed cards' order, the shuffle seed."""

    def test_hidden_changes_leave_every_view_unchanged(self) -> None:
        # The same public facts; below the stock tops, in the other hands, in the
        # draw pile, in the completed cards and in the seed everything differs.
        first = arranged()
        second = arranged(
            stocks=[(2, 3, 1, 5), (6, 6), (0,)],
            hands=[(1, 4, 6), (2, 2), ()],
            completed=(1, 2, 3, 4, 5, 6),
            shuffle_seed=12345,
        )
        second = attrs.evolve(second, draw_pile=second.draw_pile[::-1])
        skipbo.check_invariants(second)
        assert sorted(first.draw_pile) != sorted(second.draw_pile)
        assert second.draw_pile != tuple(sorted(second.draw_pile))
        assert view(first, 0) == view(second, 0)
        assert view(first, None) == view(second, None)
        assert dumps(view(first, 0)) == dumps(view(second, 0))
        assert view(first, 1) != view(second, 1)  # seat 1's own hand differs

    def test_a_view_has_only_public_fields_and_the_own_hand(self) -> None:
        names = {field.name for field in attrs.fields(PlayerView)}
        assert names == PUBLIC_FIELDS | {"player", "hand"}
        seen = view(arranged(), 0)
        assert not hasattr(seen, "__dict__")  # slots: nothing can be attached
        # penalty_cards is written once a penalty was given (none here).
        assert set(to_data(seen)) == names - {"penalty_cards"} | {"type", "game", "version"}

    @given(data=st.data(), state=game_states())
    def test_non_interference(self, data: st.DataObject, state: GameState) -> None:
        """R-INFO-3: re-dealing everything hidden from a player leaves their view,
        and its JSON, unchanged."""
        player = data.draw(st.none() | st.integers(0, state.rules.players - 1), label="player")
        other = data.draw(hidden_redeals(state, player), label="redealt")
        skipbo.check_invariants(other)
        assert view(other, player) == view(state, player)
        assert dumps(view(other, player)) == dumps(view(state, player))

    @given(data=st.data(), state=game_states())
    def test_a_view_holds_no_hidden_card(self, data: st.DataObject, state: GameState) -> None:
        """R-INFO-1..3: the cards in a view are exactly the visible ones, and the
        hidden places appear only as sizes."""
        player = data.draw(st.none() | st.integers(0, state.rules.players - 1), label="player")
        seen = view(state, player)
        assert cards_in(seen) == visible_cards(state, player)
        hidden = sum(map(len, state.hands)) - len(seen.hand or ())
        hidden += sum(len(pile) - 1 for pile in state.stocks if pile)
        hidden += len(state.draw_pile) + len(state.completed)
        shown = sum(cards_in(seen).values())
        assert shown + hidden == state.rules.deck.size
