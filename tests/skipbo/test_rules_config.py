"""Unit tests for `skipbo.Rules`: defaults, validation, immutability."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from skipbo import ConfigurationError, Deck, FirstPlayer, Rules


class TestDefaults:
    """The defaults follow RULES.md."""

    def test_defaults(self) -> None:
        rules = Rules()
        assert rules.players == 2
        assert rules.deck == Deck.mattel()  # R-DECK-1, R-DECK-4: Mattel by default
        assert rules.stock_size == 30  # R-SETUP-2
        assert rules.hand_size == 5  # R-TURN-1
        assert rules.build_pile_count == 4  # R-BUILD-1
        assert rules.discard_pile_count == 4  # R-DISC-1
        assert rules.first_player == 0  # R-SETUP-5 (c): seat 0
        assert rules.turn_limit is None  # R-WIN-2: off by default
        assert rules.teams is None
        assert rules.shared_piles is False
        assert not rules.team_play

    @pytest.mark.parametrize(("players", "stock"), [(2, 30), (3, 30), (4, 30), (5, 20), (6, 20)])
    def test_default_stock_size(self, players: int, stock: int) -> None:
        assert Rules(players=players).stock_size == stock

    def test_an_explicit_stock_size_wins(self) -> None:
        assert Rules(players=6, stock_size=10).stock_size == 10
        assert Rules(players=2, stock_size=1).stock_size == 1

    def test_individual_seating(self) -> None:
        rules = Rules(players=4)
        assert (
            rules.seating.own_stock
            == rules.seating.own_discards
            == rules.seating.team_of
            == (0, 1, 2, 3)
        )
        assert (
            rules.seating.stock_sources == rules.seating.discard_sources == ((0,), (1,), (2,), (3,))
        )
        assert rules.stock_pile_count == 4

    def test_keywords_only(self) -> None:
        with pytest.raises(TypeError):
            Rules(3)  # type: ignore[call-arg]


class TestValidation:
    """Every parameter's impossible values raise `ConfigurationError` naming it.

    (How teams are validated is tested with team play.)
    """

    @pytest.mark.parametrize(
        ("kwargs", "parameter"),
        [
            ({"players": 1}, "players"),
            ({"players": 7}, "players"),
            ({"players": 0}, "players"),
            ({"players": True}, "players"),
            ({"players": 2.0}, "players"),
            ({"players": "3"}, "players"),
            ({"deck": "mattel"}, "deck"),
            ({"deck": None}, "deck"),
            ({"stock_size": 0}, "stock_size"),
            ({"stock_size": -5}, "stock_size"),
            ({"stock_size": 10.0}, "stock_size"),
            ({"stock_size": True}, "stock_size"),
            ({"stock_size": 79}, "deck / stock_size"),
            ({"hand_size": 0}, "hand_size"),
            ({"hand_size": "5"}, "hand_size"),
            ({"hand_size": 200}, "deck / stock_size"),
            ({"build_pile_count": 0}, "build_pile_count"),
            ({"build_pile_count": False}, "build_pile_count"),
            ({"discard_pile_count": 0}, "discard_pile_count"),
            ({"discard_pile_count": 4.5}, "discard_pile_count"),
            ({"first_player": -1}, "first_player"),
            ({"first_player": 2}, "first_player"),
            ({"first_player": "dealer-draw"}, "first_player"),
            ({"first_player": True}, "first_player"),
            ({"turn_limit": 0}, "turn_limit"),
            ({"turn_limit": -1}, "turn_limit"),
            ({"turn_limit": 10.0}, "turn_limit"),
            ({"shared_piles": 1}, "shared_piles"),
            ({"shared_piles": True}, "shared_piles"),  # the shared-piles form needs teams
            ({"teams": 5}, "teams"),
            (
                {
                    "players": 2,
                    "deck": Deck(copies=1, wilds=0, highest=1),
                    "stock_size": 1,
                    "hand_size": 1,
                    "first_player": FirstPlayer.DEALER_DRAW,
                },
                "first_player / deck",
            ),
        ],
    )
    def test_bad_values_name_the_parameter(self, kwargs: dict[str, Any], parameter: str) -> None:
        with pytest.raises(ConfigurationError) as error:
            Rules(**kwargs)
        assert error.value.parameter == parameter
        assert isinstance(error.value, ValueError)
        assert str(error.value).startswith(f"{parameter}: ")

    @pytest.mark.parametrize(
        "first", [0, 5, FirstPlayer.DEALER_DRAW, FirstPlayer.HIGHEST_STOCK_TOP]
    )
    def test_valid_first_players(self, first: int | FirstPlayer) -> None:
        assert Rules(players=6, first_player=first).first_player == first

    def test_the_largest_stock_that_fits(self) -> None:
        # R-DECK-2: 2 * 78 + 6 = 162 cards, the whole Mattel deck.
        assert Rules(players=2, stock_size=78, hand_size=6).stock_size == 78


class TestValue:
    """`Rules` is a frozen, hashable value."""

    def test_frozen(self) -> None:
        rules = Rules(players=3)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            rules.players = 4  # type: ignore[misc]

    def test_equal_rules_are_equal_and_hash_equal(self) -> None:
        assert Rules(players=3) == Rules(players=3, stock_size=30)
        assert hash(Rules(players=3)) == hash(Rules(players=3, stock_size=30))
        assert Rules(players=3) != Rules(players=3, stock_size=29)
        assert len({Rules(players=p) for p in (2, 3, 2)}) == 2

    def test_repr_evaluates_back(self) -> None:
        import skipbo

        rules = Rules(players=5, stock_size=12, turn_limit=50, deck=Deck.international_games())
        assert eval(repr(rules), vars(skipbo)) == rules
