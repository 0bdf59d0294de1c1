"""Unit tests for `skipbo.games.skipbo.cards`: cards, decks and the card notation."""

from __future__ import annotations

import attrs
import pytest

from skipbo import HIGHEST_VALUE, WILD, ConfigurationError, Deck, format_card, parse_card


class TestDeck:
    """Tests for `Deck`."""

    def test_defaults_are_the_mattel_deck(self) -> None:
        assert Deck() == Deck.mattel() == Deck(copies=12, wilds=18, highest=HIGHEST_VALUE)
        assert HIGHEST_VALUE == 12

    def test_international_games_deck_has_six_more_wilds(self) -> None:
        deck = Deck.international_games()
        assert deck.size == 168
        assert deck.counts()[WILD] == 24
        assert deck.counts() - Deck.mattel().counts() == {WILD: 6}

    @pytest.mark.parametrize(
        "deck",
        [Deck.mattel(), Deck.small(), Deck(copies=1, wilds=0, highest=1), Deck(3, 5, 7)],
    )
    def test_cards_counts_and_size_agree(self, deck: Deck) -> None:
        cards = deck.cards()
        assert len(cards) == deck.size == deck.copies * deck.highest + deck.wilds
        assert list(cards) == sorted(cards)
        assert sum(deck.counts().values()) == deck.size
        assert all(deck.counts()[card] == cards.count(card) for card in set(cards))
        assert cards.count(WILD) == deck.wilds

    def test_a_deck_without_wilds_counts_none(self) -> None:
        assert WILD not in Deck(copies=2, wilds=0, highest=3).counts()

    def test_small_deck(self) -> None:
        assert Deck.small() == Deck(copies=2, wilds=2, highest=4)
        assert Deck.small(highest=3, copies=1, wilds=0).cards() == (1, 2, 3)

    @pytest.mark.parametrize(
        ("field", "value"),
        [
            ("copies", 0),
            ("copies", -3),
            ("copies", True),
            ("copies", 1.0),
            ("wilds", -1),
            ("wilds", "2"),
            ("highest", 0),
            ("highest", None),
        ],
    )
    def test_bad_fields_name_the_parameter(self, field: str, value: object) -> None:
        with pytest.raises(ConfigurationError) as error:
            Deck(**{field: value})  # type: ignore[arg-type]
        assert error.value.parameter == f"deck.{field}"

    def test_frozen(self) -> None:
        deck = Deck.mattel()
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            deck.wilds = 3  # type: ignore[misc]
        assert hash(deck) == hash(Deck.mattel())

    @pytest.mark.parametrize(
        ("card", "expected"),
        [(WILD, True), (1, True), (4, True), (5, False), (-1, False), (True, False), (1.0, False)],
    )
    def test_is_card(self, card: object, expected: bool) -> None:
        assert Deck.small().is_card(card) is expected

    def test_a_deck_without_wilds_has_no_wild_card(self) -> None:
        assert not Deck(copies=1, wilds=0, highest=3).is_card(WILD)


class TestNotation:
    """Tests for `format_card` and `parse_card`."""

    @pytest.mark.parametrize("card", Deck.mattel().counts().keys())
    def test_round_trip(self, card: int) -> None:
        assert parse_card(format_card(card)) == card

    def test_wild_is_w(self) -> None:
        assert format_card(WILD) == "W"
        assert parse_card("w") == parse_card(" W ") == WILD
        assert format_card(12) == "12"

    @pytest.mark.parametrize("text", ["", "0", "01", "-1", "1.5", "x", "WW", "1 2", "²"])
    def test_malformed_text_is_a_value_error(self, text: str) -> None:
        with pytest.raises(ValueError, match="not a card"):
            parse_card(text)
