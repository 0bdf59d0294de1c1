"""Unit tests for `skipbo.games.skipbo.moves`: move values, their notation and the move space."""

from __future__ import annotations

import attrs
import pytest

import skipbo
from skipbo import (
    WILD,
    Deck,
    Discard,
    Move,
    MoveSyntaxError,
    Pass,
    PlayFromDiscard,
    PlayFromHand,
    PlayFromStock,
    Rules,
    all_moves,
    parse_move,
)

RULES = (
    Rules(players=2),
    Rules(players=6),
    Rules(
        players=3,
        deck=Deck.small(highest=4),
        stock_size=1,
        build_pile_count=2,
        discard_pile_count=1,
    ),
)


class TestNotation:
    """`str(move)` and `parse_move`."""

    @pytest.mark.parametrize(
        ("move", "text"),
        [
            (PlayFromHand(5, 0), "h5>b0"),
            (PlayFromHand(WILD, 2), "hW>b2"),
            (PlayFromHand(12, 3), "h12>b3"),
            (PlayFromStock(1, 0), "s1>b0"),
            (PlayFromDiscard(1, 3, 0), "d1.3>b0"),
            (Discard(5, 2), "h5>d2"),
            (Discard(WILD, 0), "hW>d0"),
            (Pass(), "pass"),
        ],
    )
    def test_documented_notation(self, move: Move, text: str) -> None:
        assert str(move) == text
        assert parse_move(text) == move

    @pytest.mark.parametrize("rules", RULES, ids=str)
    def test_every_move_round_trips(self, rules: Rules) -> None:
        for move in all_moves(rules):
            assert parse_move(str(move)) == move
            assert type(parse_move(str(move))) is type(move)

    @pytest.mark.parametrize("rules", RULES, ids=str)
    def test_every_repr_evaluates_back(self, rules: Rules) -> None:
        for move in all_moves(rules):
            assert eval(repr(move), vars(skipbo)) == move

    def test_surrounding_space_and_lower_case_wild_are_accepted(self) -> None:
        assert parse_move("  hw>b1\n") == PlayFromHand(WILD, 1)
        assert parse_move(" pass ") == Pass()

    @pytest.mark.parametrize(
        ("text", "move"),
        [("PASS", Pass()), ("Pass", Pass()), ("H5>B0", PlayFromHand(5, 0)), (" S1>B2 ", None)],
    )
    def test_any_case_is_accepted_as_people_type_it(self, text: str, move: Move | None) -> None:
        parsed = parse_move(text)
        assert parsed == (move or parse_move(text.strip().lower()))
        assert str(parsed) == text.strip().lower()

    @pytest.mark.parametrize(
        "text",
        [
            "",
            " ",
            "PAS",
            "h13x",
            "h0>b1",  # the wild is W, not 0
            "h05>b1",
            "h5>b01",
            "h5>b-1",
            "h5 > b0",
            "h5>b",
            "s>b0",
            "s0>d0",  # stock cards never go to discard piles (R-TURN-6)
            "d0>b1",
            "d0.1>d2",  # cards never move between discard piles (R-TURN-6)
            "b0>b1",  # cards never leave a build pile (R-TURN-6)
            "hX>b0",
            "h5>b0 h6>b0",
            "h\u0661>b0",  # a non-ASCII digit (ARABIC-INDIC DIGIT ONE)
            "h5>b0\u212a",  # a non-ASCII letter
        ],
    )
    def test_malformed_text_is_a_move_syntax_error(self, text: str) -> None:
        with pytest.raises(MoveSyntaxError) as error:
            parse_move(text)
        assert isinstance(error.value, ValueError)
        assert isinstance(error.value, skipbo.SkipBoError)

    @pytest.mark.parametrize("value", [None, 5, b"pass", PlayFromHand(1, 0)])
    def test_non_text_is_a_move_syntax_error(self, value: object) -> None:
        with pytest.raises(MoveSyntaxError):
            parse_move(value)  # type: ignore[arg-type]


class TestValues:
    """Moves are small frozen hashable values."""

    @pytest.mark.parametrize("rules", RULES, ids=str)
    def test_the_move_space_has_no_duplicates(self, rules: Rules) -> None:
        moves = all_moves(rules)
        assert len(set(moves)) == len(moves)
        assert len({str(move) for move in moves}) == len(moves)

    def test_equal_moves_are_one_in_a_set(self) -> None:
        moves = [PlayFromHand(5, 0), parse_move("h5>b0"), PlayFromHand(card=5, build=0)]
        assert len(set(moves)) == 1
        assert hash(moves[0]) == hash(moves[1])
        assert Pass() == Pass()
        assert len({Pass(), parse_move("pass")}) == 1
        play: Move = PlayFromHand(5, 0)
        assert play != Discard(5, 0)
        assert PlayFromStock(0, 1) != PlayFromStock(1, 0)

    def test_frozen(self) -> None:
        move = PlayFromDiscard(0, 1, 2)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            move.pile = 3  # type: ignore[misc]

    @pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
    def test_size_of_the_move_space(self, players: int) -> None:
        rules = Rules(players=players)
        cards = 13  # the wild and 1..12
        expected = cards * 4 + players * 4 + players * 4 * 4 + cards * 4 + 1
        assert len(all_moves(rules)) == expected

    def test_order_of_the_move_space(self) -> None:
        """Hand plays by card (wild first) then build pile; stock plays; discard-pile
        plays by set, pile, build pile; discards by card then pile; pass last."""
        rules = RULES[2]  # highest 4, 3 stock piles, 2 build piles, 1 discard pile
        expected = [
            *(PlayFromHand(card, build) for card in range(5) for build in range(2)),
            *(PlayFromStock(stock, build) for stock in range(3) for build in range(2)),
            *(PlayFromDiscard(d, 0, build) for d in range(3) for build in range(2)),
            *(Discard(card, 0) for card in range(5)),
            Pass(),
        ]
        assert list(all_moves(rules)) == expected
