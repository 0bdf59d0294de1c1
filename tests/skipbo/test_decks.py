"""Scenario tests for the named decks and the playing-card deck: R-DECK-3, R-DECK-4."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

import skipbo
from skipbo import WILD, Deck, MoveSyntaxError, Rules
from skipbo.games.skipbo.invariants import all_cards
from skipbo.games.skipbo.variants import playing_cards as pc

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("♠", "♥", "♦", "♣")


def three_playing_card_decks() -> list[str]:
    """The 162 cards of three 52-card decks with two jokers each, by name."""
    deck = [rank + suit for rank in RANKS for suit in SUITS] + ["Joker", "Joker"]
    return deck * 3


@pytest.mark.rule("R-DECK-3")
class TestPlayingCards:
    """R-DECK-3: "A deck built from three standard 52-card decks with two jokers each is
    equivalent: ace = 1, 2-10 face value, jack = 11, queen = 12; the twelve kings and six
    jokers are the 18 wilds; suits carry no meaning. The engine offers this mapping for
    display and input; the rules are identical." """

    def test_three_decks_read_as_exactly_the_skipbo_deck(self) -> None:
        cards = [pc.parse_card(name) for name in three_playing_card_decks()]
        assert len(cards) == 162
        assert Counter(cards) == Deck.mattel().counts()
        assert pc.deck() == Deck.mattel()

    @pytest.mark.parametrize(
        ("name", "card"),
        [("A", 1), ("2", 2), ("7", 7), ("10", 10), ("J", 11), ("Q", 12), ("K", WILD)],
    )
    def test_each_rank_maps_to_its_number(self, name: str, card: int) -> None:
        assert pc.parse_card(name) == card
        assert pc.format_card(card) == name

    @pytest.mark.parametrize("name", ["Joker", "JOKER", "joker", "JK", "K", "k♣", "KH"])
    def test_kings_and_jokers_are_wild(self, name: str) -> None:
        assert pc.parse_card(name) == WILD

    def test_suits_carry_no_meaning(self) -> None:
        for rank in RANKS:
            names = [rank, *(rank + suit for suit in (*SUITS, "S", "h", "D", "c"))]
            assert len({pc.parse_card(name) for name in names}) == 1

    def test_every_card_round_trips(self) -> None:
        for card in Deck.mattel().counts():
            assert pc.parse_card(pc.format_card(card)) == card

    @pytest.mark.parametrize(
        "text", ["", "1", "0", "11", "12", "13", "B", "A♠♠", "Q X", "10♥S", "W", "ace"]
    )
    def test_other_text_is_not_a_playing_card(self, text: str) -> None:
        with pytest.raises(ValueError, match="not a playing card"):
            pc.parse_card(text)

    @pytest.mark.parametrize("card", [13, -1, "Q", None, True])
    def test_only_cards_of_the_deck_are_formatted(self, card: object) -> None:
        with pytest.raises(ValueError, match="not a card"):
            pc.format_card(card)  # type: ignore[arg-type]

    def test_parse_card_wants_text(self) -> None:
        with pytest.raises(ValueError, match="as text"):
            pc.parse_card(12)  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        "rules", [Rules(players=2), Rules.partners(), Rules.team_piles(), Rules(build_pile_count=2)]
    )
    def test_every_move_round_trips_in_playing_card_notation(self, rules: Rules) -> None:
        for move in skipbo.all_moves(rules):
            text = pc.format_move(move)
            assert pc.parse_move(text) == move
            assert "W" not in text

    @pytest.mark.parametrize(
        ("text", "move"),
        [
            ("hQ>b0", skipbo.PlayFromHand(12, 0)),
            ("hK>b3", skipbo.PlayFromHand(WILD, 3)),
            ("hJoker>d1", skipbo.Discard(WILD, 1)),
            ("hA♥>d0", skipbo.Discard(1, 0)),
            ("s2>b1", skipbo.PlayFromStock(2, 1)),
            ("d1.3>b0", skipbo.PlayFromDiscard(1, 3, 0)),
            ("pass", skipbo.Pass()),
        ],
    )
    def test_moves_are_read_with_playing_card_ranks(self, text: str, move: skipbo.Move) -> None:
        assert pc.parse_move(text) == move

    @pytest.mark.parametrize("text", ["hW>b0", "h1>b0", "hX>d0", "hQ>x0", "hQ>b", "", "s>b0"])
    def test_malformed_moves_are_syntax_errors(self, text: str) -> None:
        with pytest.raises(MoveSyntaxError):
            pc.parse_move(text)

    def test_parse_move_wants_text(self) -> None:
        with pytest.raises(MoveSyntaxError):
            pc.parse_move(None)  # type: ignore[arg-type]

    def test_the_rules_are_identical(self) -> None:
        """Playing with the mapped deck is playing with the standard deck."""
        rules = Rules(players=3, deck=pc.deck())
        assert rules == Rules(players=3)
        assert skipbo.new_game(rules, seed=4) == skipbo.new_game(Rules(players=3), seed=4)


@pytest.mark.rule("R-DECK-4")
class TestNamedDecks:
    """R-DECK-4: "the Mattel deck of R-DECK-1 (162 cards, the default), and the earlier
    International Games edition of 168 cards, with six more wilds (144 numbers + 24
    wilds) [...] the blanks are not used." """

    def test_mattel_is_162_cards_and_the_default(self) -> None:
        deck = Deck.mattel()
        assert deck.size == len(deck.cards()) == 162
        assert deck.counts()[WILD] == 18
        assert Rules().deck == Rules.standard().deck == deck

    def test_international_games_has_six_more_wilds(self) -> None:
        deck = Deck.international_games()
        counts = deck.counts()
        assert deck.size == len(deck.cards()) == 168
        assert counts[WILD] == 24
        assert all(counts[value] == 12 for value in range(1, 13))
        assert sum(counts[value] for value in range(1, 13)) == 144
        assert counts - Counter({WILD: 6}) == Deck.mattel().counts()

    @pytest.mark.parametrize("deck", [Deck.mattel(), Deck.international_games()])
    @pytest.mark.parametrize(
        "rules",
        [
            Rules.standard(players=6),
            Rules.short(players=4),
            Rules.partners(teams=((0, 3), (1, 4), (2, 5))),
            Rules.team_piles(),
        ],
    )
    def test_every_variant_plays_with_either_deck(self, deck: Deck, rules: Rules) -> None:
        with_deck = attrs.evolve(rules, deck=deck)
        state = skipbo.new_game(with_deck, seed=7)
        assert Counter(all_cards(state)) == deck.counts()  # no blanks, nothing missing
        skipbo.check_invariants(state)
