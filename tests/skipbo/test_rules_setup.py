"""Scenario tests for the deck and the setup: R-DECK-1, R-DECK-2, R-SETUP-1..4, R-SETUP-7."""

from __future__ import annotations

from collections import Counter

import pytest

import skipbo
from skipbo import WILD, ConfigurationError, Deck, Rules
from skipbo.games.skipbo.invariants import all_cards
from tests.arrange import arrange
from tests.helpers import build_plays, play, rejected

PLAYER_COUNTS = (2, 3, 4, 5, 6)


class TestDeck:
    @pytest.mark.rule("R-DECK-1")
    def test_standard_deck_composition(self) -> None:
        """R-DECK-1: "The standard deck has 162 cards: 144 number cards, twelve of each
        value 1 to 12, and 18 wild Skip-Bo cards." It is the default deck."""
        deck = Deck.mattel()
        counts = deck.counts()
        assert deck.size == len(deck.cards()) == 162
        assert {value: counts[value] for value in range(1, 13)} == dict.fromkeys(range(1, 13), 12)
        assert counts[WILD] == 18
        assert sum(counts.values()) == 162
        assert Rules().deck == deck
        assert Rules(players=6).deck == deck

    @pytest.mark.rule("R-DECK-1")
    @pytest.mark.parametrize("players", PLAYER_COUNTS)
    def test_a_new_game_holds_exactly_the_standard_deck(self, players: int) -> None:
        """R-DECK-1: every game is played with the 162 cards, no more and no fewer."""
        state = skipbo.new_game(Rules(players=players), seed=players)
        assert Counter(all_cards(state)) == Counter(Deck.mattel().cards())

    @pytest.mark.rule("R-DECK-2")
    def test_a_custom_deck_is_dealt_and_completes_piles_at_its_highest_value(self) -> None:
        """R-DECK-2: "The deck is a parameter (copies per value, number of wilds, highest
        value = 12 by default). Smaller decks exist for tests."""
        deck = Deck(copies=2, wilds=1, highest=3)
        rules = Rules(players=2, deck=deck, stock_size=1, hand_size=2)
        dealt = skipbo.new_game(rules, seed=3)
        assert sorted(all_cards(dealt)) == [WILD, 1, 1, 2, 2, 3, 3]
        state = arrange(
            rules, builds=((1, 2), (), (), ()), hands=((3, 1), ()), stocks=((2,), (WILD,))
        )
        after = play(state, "h3>b0")
        # The pile is complete at the deck's highest value (3), not at 12.
        assert after.builds[0] == ()
        assert after.completed == (1, 2, 3)

    @pytest.mark.rule("R-DECK-2")
    @pytest.mark.parametrize(
        ("players", "deck", "stock_size", "hand_size"),
        [
            (6, Deck.mattel(), 27, 5),  # 6 * 27 + 5 = 167 > 162
            (2, Deck.mattel(), 79, 5),  # 2 * 79 + 5 = 163 > 162
            (2, Deck.mattel(), 78, 7),  # 2 * 78 + 7 = 163 > 162
            (2, Deck(copies=1, wilds=0, highest=3), 1, 2),  # 2 + 2 > 3
        ],
    )
    def test_a_deck_too_small_to_deal_is_a_configuration_error(
        self, players: int, deck: Deck, stock_size: int, hand_size: int
    ) -> None:
        """R-DECK-2: "Creating a game whose deck cannot deal every stock pile plus one full
        hand is a clear configuration error." The error names the parameters."""
        with pytest.raises(ConfigurationError) as error:
            Rules(players=players, deck=deck, stock_size=stock_size, hand_size=hand_size)
        assert error.value.parameter == "deck / stock_size"
        assert isinstance(error.value, ValueError)

    @pytest.mark.rule("R-DECK-2")
    def test_the_default_stock_size_is_checked_against_the_deck_too(self) -> None:
        """R-DECK-2: with the default stock size (30 for three players) a deck of 10
        cards cannot deal the stock piles."""
        with pytest.raises(ConfigurationError) as error:
            Rules(players=3, deck=Deck.small())
        assert error.value.parameter == "deck / stock_size"

    @pytest.mark.rule("R-DECK-2", "R-DRAW-3")
    def test_a_deck_that_deals_exactly_the_stocks_and_one_hand_is_accepted(self) -> None:
        """R-DECK-2: "(later shortages are handled by R-DRAW-3)": a deck that deals every
        stock pile plus one full hand, and nothing more, gives a playable game."""
        rules = Rules(players=2, stock_size=78, hand_size=6)  # 2 * 78 + 6 = 162
        state = skipbo.new_game(rules, seed=0)
        assert state.draw_pile == ()
        assert len(state.hand) == 6
        moves = skipbo.legal_moves(state)
        discard = next(m for m in moves if isinstance(m, skipbo.Discard))
        after = skipbo.apply(state, discard)
        assert after.hands[after.current_player] == ()  # nothing left to draw: R-DRAW-3
        skipbo.check_invariants(after)

    @pytest.mark.rule("R-DECK-2")
    @pytest.mark.parametrize(
        ("fields", "parameter"),
        [
            ({"copies": 0}, "deck.copies"),
            ({"wilds": -1}, "deck.wilds"),
            ({"highest": 0}, "deck.highest"),
            ({"copies": 2.0}, "deck.copies"),
            ({"highest": True}, "deck.highest"),
        ],
    )
    def test_an_impossible_deck_names_its_parameter(
        self, fields: dict[str, object], parameter: str
    ) -> None:
        """R-DECK-2: a deck is a parameter, so a bad one is a configuration error."""
        with pytest.raises(ConfigurationError) as error:
            Deck(**fields)  # type: ignore[arg-type]
        assert error.value.parameter == parameter


class TestSetup:
    @pytest.mark.rule("R-SETUP-1")
    @pytest.mark.parametrize("players", PLAYER_COUNTS)
    def test_two_to_six_players_each_get_their_own_piles(self, players: int) -> None:
        """R-SETUP-1: "2 to 6 players play individually." """
        state = skipbo.new_game(Rules(players=players), seed=1)
        assert len(state.hands) == len(state.stocks) == len(state.discards) == players
        assert state.rules.seating.own_stock == tuple(range(players))
        assert state.rules.seating.own_discards == tuple(range(players))

    @pytest.mark.rule("R-SETUP-1")
    @pytest.mark.parametrize("players", [-1, 0, 1, 7, 12])
    def test_other_player_counts_are_rejected_in_individual_play(self, players: int) -> None:
        """R-SETUP-1: individual play is for 2 to 6 players only."""
        with pytest.raises(ConfigurationError) as error:
            Rules(players=players)
        assert error.value.parameter == "players"

    @pytest.mark.rule("R-SETUP-2")
    @pytest.mark.parametrize(("players", "size"), [(2, 30), (3, 30), (4, 30), (5, 20), (6, 20)])
    def test_default_stock_size_follows_the_player_count(self, players: int, size: int) -> None:
        """R-SETUP-2: "Stock pile size: 30 cards each for 2-4 players, 20 each for 5-6
        players." """
        rules = Rules(players=players)
        assert rules.stock_size == size
        state = skipbo.new_game(rules, seed=players)
        assert [len(pile) for pile in state.stocks] == [size] * players

    @pytest.mark.rule("R-SETUP-2")
    @pytest.mark.parametrize("players", PLAYER_COUNTS)
    @pytest.mark.parametrize("size", [10, 12, 15])
    def test_short_variants_set_the_stock_size(self, players: int, size: int) -> None:
        """R-SETUP-2: "Short variants: 10 each (one source), or any size 10-15 (another).
        The size is a parameter." """
        state = skipbo.new_game(Rules(players=players, stock_size=size), seed=size)
        assert [len(pile) for pile in state.stocks] == [size] * players

    @pytest.mark.rule("R-SETUP-3")
    def test_stock_piles_are_dealt_from_the_shuffled_deck(self) -> None:
        """R-SETUP-3: "Each stock pile is dealt face down": the cards are dealt from a
        shuffled deck, so different seeds deal different stock piles."""
        rules = Rules(players=2)
        deals = {skipbo.new_game(rules, seed=seed).stocks for seed in range(5)}
        assert len(deals) == 5
        sorted_deck = rules.deck.cards()
        assert all(stocks[0] != sorted_deck[:30] for stocks in deals)

    @pytest.mark.rule("R-SETUP-3")
    def test_only_the_top_card_of_a_stock_pile_can_be_played(self) -> None:
        """R-SETUP-3: "only its top card is face up": a playable card below the top is
        not available."""
        rules = Rules(players=2)
        state = arrange(rules, stocks=((1, 5), (2, 6)), hands=((7, 8, 9, 10, 11), ()))
        assert build_plays(state) == set()
        assert rejected(state, "s0>b0") == "R-BUILD-2"  # the 5 on top, not the 1 below

    @pytest.mark.rule("R-SETUP-4")
    @pytest.mark.parametrize("players", PLAYER_COUNTS)
    def test_everything_else_starts_empty_and_the_rest_is_the_draw_pile(self, players: int) -> None:
        """R-SETUP-4: "The remaining cards form the face-down draw pile. Build piles and
        discard piles start empty; the set-aside (completed) cards start empty." """
        rules = Rules(players=players)
        state = skipbo.new_game(rules, seed=7)
        assert state.builds == ((),) * 4
        assert state.discards == (((),) * 4,) * players
        assert state.completed == ()
        dealt = sum(len(pile) for pile in state.stocks) + sum(len(h) for h in state.hands)
        assert len(state.draw_pile) == 162 - dealt
        dealt_cards = Counter(card for pile in (*state.stocks, *state.hands) for card in pile)
        assert Counter(state.draw_pile) == rules.deck.counts() - dealt_cards

    @pytest.mark.rule("R-SETUP-7", "R-TURN-1")
    @pytest.mark.parametrize(("players", "first"), [(2, 0), (3, 2), (6, 4)])
    def test_hands_start_empty_and_fill_at_the_start_of_each_turn(
        self, players: int, first: int
    ) -> None:
        """R-SETUP-7: "Hands start empty; each player fills to five at the start of
        their own turn (R-TURN-1)." """
        rules = Rules(players=players, first_player=first)
        state = skipbo.new_game(rules, seed=5)
        assert state.current_player == first
        assert [len(hand) for hand in state.hands] == [
            5 if seat == first else 0 for seat in range(players)
        ]
        top_five = tuple(sorted(state.draw_pile[-5:]))
        discard = skipbo.Discard(state.hand[0], 0)
        after = skipbo.apply(state, discard)
        following = (first + 1) % players
        assert after.current_player == following
        assert after.hands[following] == top_five
        assert len(after.hands[first]) == 4
        assert [
            len(hand) for seat, hand in enumerate(after.hands) if seat not in (first, following)
        ] == [0] * (players - 2)
