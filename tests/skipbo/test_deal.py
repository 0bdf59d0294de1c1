"""Tests for `skipbo.games.skipbo.deal.deal`: dealing a deck in a given order (R-SETUP-2 ..
R-SETUP-7)."""

from __future__ import annotations

import pytest

import skipbo
from skipbo import WILD, ConfigurationError, Deck, FirstPlayer, Rules
from skipbo.common.randomness import shuffle
from skipbo.games.skipbo.deal import deal

TINY = Rules(players=2, deck=Deck(copies=1, wilds=1, highest=3), stock_size=1, hand_size=1)


class TestDeal:
    """Tests for `deal`."""

    @pytest.mark.rule("R-SETUP-2", "R-SETUP-3", "R-SETUP-4", "R-SETUP-7")
    def test_the_cards_are_laid_out_in_order(self) -> None:
        """Stock pile s takes the s-th slice (top last), the rest is the draw pile (top
        last), and the starting player draws from its top."""
        rules = Rules(players=2, deck=Deck(copies=2, wilds=1, highest=3), stock_size=2, hand_size=2)
        state = deal(rules, (1, 2, 3, 1, WILD, 2, 3), seed=5)
        assert state.stocks == ((1, 2), (3, 1))
        assert state.hands == ((2, 3), ())
        assert state.draw_pile == (WILD,)
        assert state.completed == ()
        assert state.builds == ((), (), (), ())
        assert state.discards == (((), (), (), ()),) * 2
        assert (state.current_player, state.turn, state.turn_moves, state.empty_passes) == (
            0,
            1,
            0,
            0,
        )
        assert state.outcome is None
        assert state.shuffle_seed == 5
        skipbo.check_invariants(state)

    def test_new_game_is_deal_of_the_shuffled_deck(self) -> None:
        rules = Rules(players=3, stock_size=4)
        for seed in range(5):
            cards, next_seed = shuffle(rules.deck.cards(), seed)
            assert deal(rules, cards, seed=next_seed) == skipbo.new_game(rules, seed=seed)

    @pytest.mark.rule("R-SETUP-5")
    def test_the_starting_rule_applies(self) -> None:
        rules = Rules(
            players=2,
            deck=TINY.deck,
            stock_size=1,
            hand_size=1,
            first_player=FirstPlayer.HIGHEST_STOCK_TOP,
        )
        assert deal(rules, (1, 3, 2, WILD), seed=0).current_player == 1
        assert (
            deal(
                Rules(players=2, deck=TINY.deck, stock_size=1, hand_size=1, first_player=1),
                (1, 3, 2, WILD),
                seed=0,
            ).current_player
            == 1
        )

    def test_any_sequence_of_the_deck_is_accepted(self) -> None:
        assert deal(TINY, [3, 2, 1, WILD], seed=0) == deal(TINY, (3, 2, 1, WILD), seed=0)

    @pytest.mark.rule("R-DECK-2")
    @pytest.mark.parametrize(
        "cards",
        [(3, 2, 1), (3, 2, 1, WILD, WILD), (3, 2, 2, WILD), (3, 2, 1, "W"), ()],
        ids=repr,
    )
    def test_the_cards_must_be_exactly_the_deck(self, cards: tuple[object, ...]) -> None:
        with pytest.raises(ConfigurationError) as error:
            deal(TINY, cards, seed=0)  # type: ignore[arg-type]
        assert error.value.parameter == "cards"
        assert str(error.value) == "cards: must be exactly the cards of rules.deck, in any order"

    def test_rules_and_seed_are_checked(self) -> None:
        with pytest.raises(TypeError, match=r"rules must be a skipbo\.Rules, got str"):
            deal("rules", (3, 2, 1, WILD), seed=0)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="seed must be an int, got float"):
            deal(TINY, (3, 2, 1, WILD), seed=1.0)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="seed must be an int, got bool"):
            deal(TINY, (3, 2, 1, WILD), seed=True)
