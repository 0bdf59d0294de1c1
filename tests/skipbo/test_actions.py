"""Tests for `skipbo.games.skipbo.actions`: the integer action space."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import skipbo
from skipbo import ActionError, Deck, Rules
from skipbo.games.skipbo.actions import (
    action_blocks,
    action_count,
    action_to_move,
    legal_action_mask,
    legal_actions,
    move_to_action,
)
from skipbo.games.skipbo.moves import move_table
from tests.strategies import individual_rules, malformed_moves, moves, random_game, rules


class TestLayout:
    """The documented layout: five blocks in `all_moves` order."""

    def test_the_standard_two_player_game(self) -> None:
        rules = Rules(players=2)
        # 13 cards (W, 1-12) x 4 build piles; 2 stocks x 4; 2 sets x 4 piles x 4; 13 x 4; pass.
        assert action_count(rules) == 52 + 8 + 32 + 52 + 1
        assert action_blocks(rules) == {
            "PlayFromHand": range(52),
            "PlayFromStock": range(52, 60),
            "PlayFromDiscard": range(60, 92),
            "Discard": range(92, 144),
            "Pass": range(144, 145),
        }

    @given(rules=rules())
    def test_the_formulas_of_the_docs(self, rules: Rules) -> None:
        cards, builds = rules.deck.highest + 1, rules.build_pile_count
        stocks, piles = rules.stock_pile_count, rules.discard_pile_count
        blocks = action_blocks(rules)
        for card in range(cards):
            for build in range(builds):
                move = skipbo.PlayFromHand(card, build)
                assert move_to_action(rules, move) == card * builds + build
            for pile in range(piles):
                move_d = skipbo.Discard(card, pile)
                assert move_to_action(rules, move_d) == blocks["Discard"][card * piles + pile]
        for stock in range(stocks):
            for build in range(builds):
                move_s = skipbo.PlayFromStock(stock, build)
                assert (
                    move_to_action(rules, move_s) == blocks["PlayFromStock"][stock * builds + build]
                )
                for pile in range(piles):
                    move_p = skipbo.PlayFromDiscard(stock, pile, build)
                    index = (stock * piles + pile) * builds + build
                    assert move_to_action(rules, move_p) == blocks["PlayFromDiscard"][index]
        assert move_to_action(rules, skipbo.Pass()) == action_count(rules) - 1
        assert sum(map(len, blocks.values())) == action_count(rules)


class TestIndices:
    """index -> move -> index is the identity, and every move has one index."""

    @given(rules=rules())
    def test_round_trip(self, rules: Rules) -> None:
        count = action_count(rules)
        assert count == len(skipbo.all_moves(rules))
        seen = set()
        for index in range(count):
            move = action_to_move(rules, index)
            assert move_to_action(rules, move) == index
            seen.add(move)
        assert len(seen) == count

    @given(data=st.data(), rules=rules())
    def test_moves_outside_the_space(self, data: st.DataObject, rules: Rules) -> None:
        move = data.draw(moves(rules) | malformed_moves())
        if any(repr(move) == repr(known) for known in skipbo.all_moves(rules)):
            return  # a move of the space, with int fields
        with pytest.raises(ActionError, match="not in the action space"):
            move_to_action(rules, move)

    @pytest.mark.parametrize(
        "index",
        # 10**5000: the message's repr raised ValueError (probe of session 2).
        [-1, 145, True, 1.0, "3", None, 10**5000],
        ids=["-1", "145", "True", "1.0", "'3'", "None", "huge"],
    )
    def test_indices_outside_the_space(self, index: object) -> None:
        with pytest.raises(ActionError):
            action_to_move(Rules(players=2), index)  # type: ignore[arg-type]

    @given(rules=rules())
    def test_the_tables_moves_are_found_by_identity(self, rules: Rules) -> None:
        table = move_table(rules)
        assert [table.index_by_identity[id(move)] for move in table.moves] == list(
            range(action_count(rules))
        )

    def test_an_equal_move_of_another_table_has_the_same_index(self) -> None:
        rules = Rules(players=2)
        fresh = skipbo.Discard(7, 2)  # equal to the table's move, not the same object
        assert fresh is not action_to_move(rules, move_to_action(rules, fresh))
        assert action_to_move(rules, move_to_action(rules, fresh)) == fresh

    def test_equal_rules_share_the_numbering(self) -> None:
        first = Rules(players=3, deck=Deck.small(), stock_size=2, hand_size=2)
        second = Rules(players=3, deck=Deck.small(), stock_size=1, turn_limit=9)
        assert [action_to_move(first, i) for i in range(action_count(first))] == [
            action_to_move(second, i) for i in range(action_count(second))
        ]


class TestMask:
    """The mask and the legal actions agree with `legal_moves` at every state."""

    @pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
    def test_every_state_of_random_games(self, players: int) -> None:
        rules = Rules(players=players, stock_size=5)
        for seed in range(3):
            for state in random_game(rules, seed, max_moves=300):
                check_mask(state)

    @given(rules=rules(), seed=st.integers(0, 2**32))
    def test_every_state_of_random_games_in_any_rules(self, rules: Rules, seed: int) -> None:
        for state in random_game(rules, seed, max_moves=150):
            check_mask(state)

    @given(rules=individual_rules(), seed=st.integers(0, 2**32))
    def test_the_movers_view_gives_the_same_mask(self, rules: Rules, seed: int) -> None:
        for state in random_game(rules, seed, max_moves=60):
            mine = skipbo.view(state, state.current_player)
            assert legal_action_mask(mine) == legal_action_mask(state)
            assert legal_actions(mine) == legal_actions(state)


def check_mask(state: skipbo.GameState) -> None:
    rules = state.rules
    legal = skipbo.legal_moves(state)
    mask = legal_action_mask(state)
    assert type(mask) is bytes
    assert len(mask) == action_count(rules)
    assert set(mask) <= {0, 1}
    actions = legal_actions(state)
    assert actions == sorted(actions)  # OpenSpiel: legal actions ascending
    assert [action_to_move(rules, index) for index in actions] == legal
    assert [index for index, bit in enumerate(mask) if bit] == actions
