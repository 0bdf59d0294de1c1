"""What errors say: each names what is wrong, and the rule or parameter it concerns.

Errors are part of the API: a frontend shows ``IllegalMoveError.reason``, a user
fixes the parameter a ``ConfigurationError`` names, a tester reads the lines of
``invariant_violations``. These tests pin the wording's facts (the field, the
number, the rule ID), one case per message.
"""

from __future__ import annotations

import attrs
import pytest

import skipbo
from skipbo import (
    WILD,
    ConfigurationError,
    Deck,
    Discard,
    FirstPlayer,
    GameState,
    IllegalMoveError,
    Move,
    MoveSyntaxError,
    Outcome,
    Pass,
    PlayFromDiscard,
    PlayFromHand,
    PlayFromStock,
    Rules,
    Termination,
)
from skipbo.games.skipbo.deal import deal
from tests.arrange import arrange
from tests.helpers import with_draw_pile

SMALL = Rules(players=2, deck=Deck(copies=2, wilds=2, highest=4), stock_size=2, hand_size=3)


def refused(state: GameState, move: Move) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as error:
        skipbo.apply(state, move)
    assert error.value.move is move
    assert str(error.value) == f"illegal move {move}: {error.value.reason} ({error.value.rule})"
    return error.value


class TestIllegalMoves:
    """The reason and rule of every kind of refusal in `apply`."""

    def test_after_the_end(self) -> None:
        state = arrange(
            SMALL, hands=((1,), ()), outcome=Outcome(Termination.BLOCKED), empty_passes=2
        )
        error = refused(state, Discard(1, 0))
        assert (error.rule, error.reason) == ("R-WIN-3", "the game is over")

    @pytest.mark.rule("R-BUILD-1", "R-BUILD-2")
    def test_build_piles(self) -> None:
        state = arrange(SMALL, hands=((2, 4), ()), builds=((1, 2), (), (), ()))
        error = refused(state, PlayFromHand(2, 7))
        assert (error.rule, error.reason) == (
            "R-BUILD-1",
            "there is no such build pile: the rules have 4",
        )
        error = refused(state, PlayFromHand(4, 0))
        assert (error.rule, error.reason) == (
            "R-BUILD-2",
            "that build pile takes a 3 or a wild, not a 4",
        )
        error = refused(state, PlayFromHand(2, 1))
        assert (error.rule, error.reason) == (
            "R-BUILD-2",
            "that build pile takes a 1 or a wild, not a 2",
        )

    @pytest.mark.rule("R-TURN-2", "R-TURN-6")
    def test_cards_not_in_the_hand(self) -> None:
        state = arrange(SMALL, hands=((2,), ()))
        error = refused(state, PlayFromHand(1, 0))
        assert (error.rule, error.reason) == ("R-TURN-2", "the hand holds no 1")
        error = refused(state, Discard(WILD, 0))
        assert (error.rule, error.reason) == ("R-TURN-6", "the hand holds no wild (W)")
        error = refused(state, PlayFromHand(WILD, 0))  # hW>b0: the wild, not "a 0"
        assert (error.rule, error.reason) == ("R-TURN-2", "the hand holds no wild (W)")

    def test_stock_piles(self) -> None:
        state = arrange(SMALL, stocks=((), (1,)), hands=((2,), ()))
        error = refused(state, PlayFromStock(1, 0))
        assert (error.rule, error.reason) == (
            "R-TURN-2",
            "the mover may not play from that stock pile",
        )
        error = refused(state, PlayFromStock(0, 0))
        assert (error.rule, error.reason) == ("R-TURN-2", "that stock pile is empty")

    def test_discard_piles(self) -> None:
        discards = (((1,), (), (), ()), ((1,), (), (), ()))
        state = arrange(SMALL, discards=discards, hands=((2,), ()))
        error = refused(state, PlayFromDiscard(1, 0, 0))
        assert (error.rule, error.reason) == (
            "R-TURN-2",
            "the mover may not play from that discard set",
        )
        error = refused(state, PlayFromDiscard(0, 4, 0))
        assert (error.rule, error.reason) == (
            "R-DISC-1",
            "there is no such discard pile: a seat has 4",
        )
        error = refused(state, PlayFromDiscard(0, 2, 0))
        assert (error.rule, error.reason) == ("R-DISC-3", "that discard pile is empty")
        error = refused(state, Discard(2, 4))
        assert (error.rule, error.reason) == (
            "R-DISC-1",
            "there is no such discard pile: a seat has 4",
        )

    def test_pass(self) -> None:
        error = refused(arrange(SMALL, hands=((2,), ())), Pass())
        assert (error.rule, error.reason) == ("R-TURN-8", "a pass is legal only with an empty hand")


class TestInvariantViolations:
    """The lines of `invariant_violations` for broken states."""

    def valid(self) -> GameState:
        return skipbo.new_game(SMALL, seed=3)

    @pytest.mark.parametrize(
        ("field", "value", "line"),
        [
            ("stocks", [(), ()], "stocks must be a tuple of 2 entries"),
            ("hands", ((), (), ()), "hands must be a tuple of 2 entries"),
            ("builds", ((),), "builds must be a tuple of 4 entries"),
            ("discards", (), "discards must be a tuple of 2 entries"),
            ("hands", ([], ()), "hands must hold tuples"),
            ("draw_pile", [1], "draw_pile must be a tuple"),
            ("completed", [], "completed must be a tuple"),
            ("current_player", 0.0, "current_player must be an int, got 0.0"),
            ("turn", "1", "turn must be an int, got '1'"),
            ("turn_moves", None, "turn_moves must be an int, got None"),
            ("empty_passes", True, "empty_passes must be an int, got True"),
            ("shuffle_seed", 1.5, "shuffle_seed must be an int, got 1.5"),
        ],
    )
    def test_the_shape(self, field: str, value: object, line: str) -> None:
        state = attrs.evolve(self.valid(), **{field: value})  # type: ignore[arg-type]
        assert skipbo.invariant_violations(state)[0] == line

    def test_foreign_cards_are_listed(self) -> None:
        state = self.valid()
        state = attrs.evolve(state, draw_pile=(*state.draw_pile, 13, 9))
        assert skipbo.invariant_violations(state) == ["not cards of the deck: 13, 9"]

    def test_cards_lost_and_made(self) -> None:
        state = arrange(SMALL, draw_pile=None)
        without_a_two = list(state.draw_pile)
        without_a_two.remove(2)
        broken = attrs.evolve(state, draw_pile=(*without_a_two, 3))
        assert skipbo.invariant_violations(broken)[0] == (
            "cards are not conserved: missing {2: 1}, extra {3: 1}"
        )

    @pytest.mark.rule("R-WIN-2")
    def test_the_end_of_the_game(self) -> None:
        stocks = ((3,), (4,))
        going_on = arrange(SMALL, stocks=stocks, hands=((1,), ()), turn_moves=1, empty_passes=2)
        assert skipbo.invariant_violations(going_on) == [
            "a whole round of empty passes but the game goes on (R-WIN-2)"
        ]
        blocked = arrange(SMALL, stocks=stocks, outcome=Outcome(Termination.BLOCKED))
        assert skipbo.invariant_violations(blocked) == [
            "blocked without a whole round of empty passes (R-WIN-2)"
        ]

    @pytest.mark.rule("R-WIN-3")
    def test_a_broken_move_list_is_caught(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """The checker does not trust `legal_moves`: an unfinished game must have a move,
        a finished one none (R-WIN-3)."""
        from skipbo.games.skipbo import invariants as verify

        going_on = arrange(SMALL, stocks=((3,), (4,)), hands=((1,), ()), turn_moves=1)
        # Blocked: every hand empty, nothing to draw (the rest lies on a discard pile).
        finished = attrs.evolve(
            with_draw_pile(arrange(SMALL, stocks=((3,), (4,))), (), park=0, onto_discards=True),
            outcome=Outcome(Termination.BLOCKED),
            empty_passes=2,
        )
        monkeypatch.setattr(verify, "legal_moves", lambda state: [])
        assert skipbo.invariant_violations(going_on) == ["the game goes on but no move is legal"]
        monkeypatch.setattr(verify, "legal_moves", lambda state: [Pass()])
        assert skipbo.invariant_violations(finished) == [
            "the game is over but moves are legal (R-WIN-3)"
        ]


class TestConfiguration:
    """`ConfigurationError` names the parameter and says what it must be."""

    @pytest.mark.parametrize(
        ("fields", "text"),
        [
            ({"hand_size": "5"}, "hand_size: must be an integer, got '5'"),
            ({"hand_size": 0}, "hand_size: must be at least 1, got 0"),
            ({"players": 7}, "players: must be from 2 to 6, got 7"),
            ({"deck": 162}, "deck: must be a Deck, got 162"),
            ({"teams": 5}, "teams: must be a sequence of seat sequences, got 5"),
            ({"shared_piles": 1}, "shared_piles: must be a bool, got 1"),
            ({"shared_piles": True}, "shared_piles: needs teams"),
            (
                {"players": 4, "teams": ((0, 1), (2, 2))},
                "players / teams: every one of the 4 seats must be in exactly one team",
            ),
            (
                {"players": 4, "teams": ((0, 1, 2, 3),)},
                "teams: team play needs 2 to 3 teams, got 1",
            ),
            (
                {"players": 4, "teams": ((0, 1), (2, 3)), "shared_piles": True},
                "players / shared_piles: the shared-piles form needs at least 6 players",
            ),
            (
                {"players": 6, "teams": ((0, 1, 2, 3, 4), (5,)), "shared_piles": True},
                "teams: each team needs at least two players",
            ),
            (
                {"players": 6, "teams": ((0, 1, 2), (3, 4, 5))},
                "teams: the partner form needs teams of exactly two seats",
            ),
            (
                {"deck": Deck(copies=1, wilds=4, highest=1), "stock_size": 1, "hand_size": 1,
                 "first_player": FirstPlayer.DEALER_DRAW},
                "first_player / deck: the dealer draw needs two different numbers and a number "
                "card per player",
            ),
        ],
    )  # fmt: skip
    def test_rules(self, fields: dict[str, object], text: str) -> None:
        with pytest.raises(ConfigurationError) as error:
            Rules(**fields)  # type: ignore[arg-type]
        assert str(error.value) == text
        assert error.value.parameter == text.split(":")[0]

    @pytest.mark.rule("R-SETUP-5")
    def test_the_dealer_draw_needs_only_two_numbers_and_a_card_each(self) -> None:
        """The smallest decks the dealer draw accepts: numbers 1 and 2, one card each
        for two players."""
        deck = Deck(copies=1, wilds=2, highest=2)
        rules = Rules(deck=deck, stock_size=1, hand_size=1, first_player=FirstPlayer.DEALER_DRAW)
        assert rules.first_player is FirstPlayer.DEALER_DRAW
        with pytest.raises(ConfigurationError):
            Rules(
                players=3,
                deck=deck,
                stock_size=1,
                hand_size=1,
                first_player=FirstPlayer.DEALER_DRAW,
            )

    def test_decks(self) -> None:
        with pytest.raises(ConfigurationError) as error:
            Deck(copies=0)
        assert str(error.value) == "deck.copies: must be an integer of at least 1, got 0"

    @pytest.mark.rule("R-SETUP-2")
    def test_the_short_game(self) -> None:
        with pytest.raises(ConfigurationError) as error:
            Rules.short(players=3, stock_size=16)
        assert str(error.value) == (
            "stock_size: the short game deals 10 to 15 cards a stock pile (R-SETUP-2), got 16"
        )

    @pytest.mark.rule("R-SETUP-1", "R-SETUP-2", "R-SETUP-5")
    def test_the_presets_default_to_two_players_and_seat_0(self) -> None:
        assert Rules.standard() == Rules(players=2)
        assert Rules.short() == Rules(players=2, stock_size=10)
        assert Rules.short().first_player == 0


class TestTypeErrors:
    """Arguments of the wrong type name the type they got."""

    @pytest.mark.parametrize("function", ["new_game", "deal"])
    def test_new_game_and_deal(self, function: str) -> None:
        def call(rules: object, seed: object) -> GameState:
            if function == "new_game":
                return skipbo.new_game(rules, seed=seed)  # type: ignore[arg-type]
            return deal(rules, SMALL.deck.cards(), seed=seed)  # type: ignore[arg-type]

        with pytest.raises(TypeError) as error:
            call("2 players", 0)
        assert str(error.value) == "rules must be a skipbo.Rules, got str"
        with pytest.raises(TypeError) as error:
            call(SMALL, 1.0)
        assert str(error.value) == "seed must be an int, got float"

    def test_parse_move(self) -> None:
        with pytest.raises(MoveSyntaxError) as error:
            skipbo.parse_move(5)  # type: ignore[arg-type]
        assert str(error.value) == "a move must be given as text, got int"
