"""Deck and set-up: S-DECK-1, S-DECK-2, S-SETUP-1 to S-SETUP-5."""

from __future__ import annotations

from collections import Counter

import pytest

from skipbo import skyjo
from skipbo.games.skyjo import Deck, Phase, Rules
from tests.skyjo.helpers import HIGH, LOW, arrange, play, rejected


def all_cards(state: skyjo.GameState) -> Counter[int]:
    counts = Counter(state.discard_pile + state.draw_pile)
    counts.update(card for grid in state.grids for card in grid if card is not None)
    return counts


class TestDeck:
    @pytest.mark.rule("S-DECK-1")
    def test_the_standard_deck_has_150_cards_of_the_rules(self) -> None:
        expected = {-2: 5, -1: 10, 0: 15} | dict.fromkeys(range(1, 13), 10)
        assert dict(Deck.standard().counts()) == expected
        assert Deck.standard().size == len(Deck.standard().cards()) == 150
        assert Rules().deck == Deck.standard()

    @pytest.mark.rule("S-DECK-1")
    def test_a_new_game_holds_the_whole_deck(self) -> None:
        state = skyjo.new_game(Rules(players=5), seed=3)
        assert all_cards(state) == Deck.standard().counts()

    @pytest.mark.rule("S-DECK-2")
    def test_a_smaller_deck_is_a_parameter(self) -> None:
        deck = Deck({0: 20, 7: 5})
        state = skyjo.new_game(Rules(players=2, deck=deck), seed=1)
        assert all_cards(state) == Counter({0: 20, 7: 5})
        assert state.draw_pile == ()

    @pytest.mark.rule("S-DECK-2")
    @pytest.mark.parametrize("players", [2, 5, 8])
    def test_a_deck_one_card_short_is_a_configuration_error(self, players: int) -> None:
        smallest = players * 12 + 1
        Rules(players=players, deck=Deck({1: smallest}))
        with pytest.raises(skyjo.ConfigurationError) as error:
            Rules(players=players, deck=Deck({1: smallest - 1}))
        assert error.value.parameter == "deck"
        assert f"need {smallest} cards, the deck has {smallest - 1}" in str(error.value)

    @pytest.mark.rule("S-DECK-2")
    @pytest.mark.parametrize(
        "copies", [{}, {0: 0}, {-21: 30}, {100: 30}, {1: -1}, ((1, 20), (1, 20))]
    )
    def test_impossible_decks_are_refused(self, copies: object) -> None:
        with pytest.raises(skyjo.ConfigurationError):
            Deck(copies)


class TestSetup:
    @pytest.mark.rule("S-SETUP-1")
    @pytest.mark.parametrize("players", [-1, 0, 1, 9, 2.0, True])
    def test_two_to_eight_players(self, players: object) -> None:
        for allowed in range(2, 9):
            assert Rules(players=allowed).players == allowed
        with pytest.raises(skyjo.ConfigurationError) as error:
            Rules(players=players)  # type: ignore[arg-type]
        assert error.value.parameter == "players"

    @pytest.mark.rule("S-SETUP-2")
    @pytest.mark.parametrize("players", [2, 8])
    def test_twelve_face_down_cards_each(self, players: int) -> None:
        state = skyjo.new_game(Rules(players=players), seed=5)
        assert len(state.grids) == players
        assert all(len(grid) == 12 and None not in grid for grid in state.grids)
        assert state.face_up == ((False,) * 12,) * players

    @pytest.mark.rule("S-SETUP-2")
    def test_the_deck_is_shuffled_by_the_seed(self) -> None:
        rules = Rules(players=2)
        games = [skyjo.new_game(rules, seed=seed) for seed in range(5)]
        assert games[0] == skyjo.new_game(rules, seed=0)
        assert len({game.grids for game in games}) == 5

    @pytest.mark.rule("S-SETUP-2", "S-SETUP-4")
    def test_every_round_is_dealt_anew_from_the_whole_deck(self) -> None:
        rules = Rules(players=2, turn_limit=1)
        state = play(skyjo.new_game(rules, seed=8), "r0+1", "r0+1", "draw", "f2")
        assert state.round == 2
        assert state.phase is Phase.REVEAL
        assert all_cards(state) == rules.deck.counts()
        assert state.face_up == ((False,) * 12,) * 2
        assert len(state.discard_pile) == 1
        assert len(state.draw_pile) == 150 - 25

    @pytest.mark.rule("S-SETUP-3")
    @pytest.mark.parametrize("players", [2, 3, 8])
    def test_one_card_starts_the_discard_pile_the_rest_is_the_draw_pile(self, players: int) -> None:
        state = skyjo.new_game(Rules(players=players), seed=2)
        assert len(state.discard_pile) == 1
        assert len(state.draw_pile) == 150 - 12 * players - 1
        assert skyjo.view(state).discard_pile == state.discard_pile  # face up

    @pytest.mark.rule("S-SETUP-4")
    def test_each_player_chooses_two_cards_in_seat_order(self) -> None:
        state = skyjo.new_game(Rules(players=3), seed=4)
        assert state.phase is Phase.REVEAL
        assert state.current_player == 0
        assert len(skyjo.legal_moves(state)) == 66  # any two of the 12 places
        state = play(state, "r0+11")
        assert state.current_player == 1
        assert state.phase is Phase.REVEAL

    @pytest.mark.rule("S-SETUP-4")
    def test_the_choices_show_only_when_every_player_has_chosen(self) -> None:
        state = skyjo.new_game(Rules(players=3), seed=4)
        first = play(state, "r0+11")
        second = play(first, "r3+4")
        for waiting in (first, second):
            assert not any(any(up) for up in waiting.face_up)
            assert all(
                place == skyjo.FACE_DOWN for grid in skyjo.view(waiting).grids for place in grid
            )
        done = play(second, "r5+6")
        chosen = [{0, 11}, {3, 4}, {5, 6}]
        for seat in range(3):
            assert {p for p in range(12) if done.face_up[seat][p]} == chosen[seat]
        assert done.phase is Phase.TAKE

    @pytest.mark.rule("S-SETUP-4")
    @pytest.mark.parametrize("move", ["draw", "take", "s0", "f0"])
    def test_nothing_else_is_played_before_the_reveals(self, move: str) -> None:
        state = skyjo.new_game(Rules(players=2), seed=4)
        assert rejected(state, move) == "S-TURN-1"

    @pytest.mark.rule("S-SETUP-4")
    @pytest.mark.parametrize(
        ("move", "rule"),
        [
            (skyjo.Reveal(5, 5), "S-SETUP-4"),
            (skyjo.Reveal(7, 3), "S-SETUP-4"),
            (skyjo.Reveal(0, 12), "S-SETUP-2"),
            (skyjo.Reveal(-1, 3), "S-SETUP-2"),
        ],
    )
    def test_a_reveal_names_two_places_of_the_grid(self, move: skyjo.Reveal, rule: str) -> None:
        state = skyjo.new_game(Rules(players=2), seed=4)
        assert rejected(state, move) == rule

    @pytest.mark.rule("S-SETUP-4")
    def test_no_reveal_once_the_round_is_under_way(self) -> None:
        state = play(skyjo.new_game(Rules(players=2), seed=4), "r0+1", "r0+1")
        assert rejected(state, "r2+3") == "S-SETUP-4"


class TestStarter:
    @pytest.mark.rule("S-SETUP-5")
    @pytest.mark.parametrize(("high_seat", "players"), [(0, 2), (1, 2), (2, 4)])
    def test_twelve_and_minus_two_beat_four_and_two(self, high_seat: int, players: int) -> None:
        """The source's example: 12 and -2 = 10 beat 4 and 2 = 6."""
        grids = [LOW] * players
        grids[high_seat] = HIGH
        rules = Rules(players=players)
        state = arrange(rules, grids, discard=0)
        state = play(state, *["r0+1"] * players)
        assert state.current_player == high_seat
        assert state.starter == high_seat
        assert skyjo.legal_moves(state) == [skyjo.Draw(), skyjo.TakeDiscard()]

    @pytest.mark.rule("S-SETUP-5")
    def test_a_tie_goes_to_the_earliest_seat(self) -> None:
        state = arrange(Rules(players=3), [LOW, HIGH, HIGH], discard=0)
        assert play(state, "r0+1", "r0+1", "r0+1").current_player == 1
        assert skyjo.first_round_starter([3, 3, 3]) == 0

    @pytest.mark.rule("S-SETUP-5")
    def test_the_round_ender_starts_the_next_round(self) -> None:
        # Seat 0 starts round 1 (12 and -2); seat 2 turns everything up and ends it.
        rules = Rules(players=3)
        state = arrange(rules, [HIGH, LOW, LOW], discard=0, draw=[0] * 14)
        state = play(state, "r0+1", "r0+1", "r0+1")
        assert state.current_player == 0
        flips = iter(range(2, 12))
        while state.round == 1:
            if state.current_player == 2:
                state = play(state, "draw", f"f{next(flips)}")
            else:
                state = play(state, "draw", "s0")  # keeps its face-down cards
        assert state.history[0].ender == 2
        state = play(state, "r0+1", "r0+1", "r0+1")
        assert state.current_player == 2
        assert state.starter == 2

    @pytest.mark.rule("S-SETUP-5", "S-END-3")
    def test_after_a_turn_limit_the_seat_after_the_previous_starter_starts(self) -> None:
        rules = Rules(players=3, turn_limit=2)
        state = arrange(rules, [LOW, HIGH, LOW], discard=0)
        state = play(state, "r0+1", "r0+1", "r0+1")
        assert state.current_player == 1
        state = play(state, "draw", "f5", "draw", "f5")
        assert state.round == 2
        assert state.history[0].ender is None
        state = play(state, "r0+1", "r0+1", "r0+1")
        assert state.current_player == 2
