"""Scenario tests for the setup variants: who starts (R-SETUP-5) and the presets.

The presets (``Rules.standard``, ``Rules.short``, ``Rules.partners``,
``Rules.team_piles``) are checked against the rules they name: R-SETUP-1/2 and
R-TEAM-1/2/5 (the team forms' play is in test_teams).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import skipbo
from skipbo import WILD, ConfigurationError, Deck, FirstPlayer, Rules
from skipbo.games.skipbo.deal import draw_dealer

SMALL = Deck(copies=4, wilds=4, highest=6)
"""Few numbers and several wilds, so stock tops tie and wilds come up often."""


class ScriptedDraws(random.Random):
    """A generator whose ``sample`` returns scripted draws and records what it drew from."""

    def __init__(self, draws: Sequence[Sequence[int]]) -> None:
        super().__init__(0)
        self.draws = [list(draw) for draw in draws]
        self.populations: list[list[int]] = []

    def sample(self, population: Sequence[int], k: int, *, counts: object = None) -> list[int]:  # type: ignore[override]
        self.populations.append(list(population))
        draw = self.draws.pop(0)
        assert len(draw) == k
        return draw


@pytest.mark.rule("R-SETUP-5")
class TestExplicitSeat:
    """R-SETUP-5 (c): "an explicit seat [...] Default: (c) seat 0"."""

    def test_seat_zero_starts_by_default(self) -> None:
        for rules in (Rules(players=4), Rules.partners(), Rules.team_piles()):
            state = skipbo.new_game(rules, seed=3)
            assert state.current_player == 0
            assert len(state.hands[0]) == rules.hand_size

    @pytest.mark.parametrize("seat", [0, 1, 2, 3, 4])
    def test_the_given_seat_starts_and_fills_the_hand(self, seat: int) -> None:
        state = skipbo.new_game(Rules(players=5, first_player=seat), seed=seat)
        assert state.current_player == seat
        assert [len(hand) for hand in state.hands] == [5 if s == seat else 0 for s in range(5)]

    @pytest.mark.parametrize("seat", [-1, 4, True, "0", 1.0])
    def test_the_seat_must_exist(self, seat: object) -> None:
        with pytest.raises(ConfigurationError) as error:
            Rules(players=4, first_player=seat)  # type: ignore[arg-type]
        assert error.value.parameter == "first_player"


@pytest.mark.rule("R-SETUP-5")
class TestHighestStockTop:
    """R-SETUP-5 (b): "the player whose stock top card is highest starts (wild counts as
    highest (engine decision); ties go to the earliest seat (engine decision))"."""

    @staticmethod
    def expected_starter(state: skipbo.GameState) -> int:
        rules = state.rules
        ranks = [
            rules.deck.highest + 1 if top == WILD else top
            for top in (
                state.stocks[rules.seating.own_stock[seat]][-1] for seat in range(rules.players)
            )
        ]
        return ranks.index(max(ranks))  # index() finds the earliest seat

    @pytest.mark.parametrize(
        "rules",
        [
            Rules(players=4, deck=SMALL, stock_size=3, first_player=FirstPlayer.HIGHEST_STOCK_TOP),
            Rules(players=6, deck=SMALL, stock_size=2, first_player=FirstPlayer.HIGHEST_STOCK_TOP),
            Rules.partners(deck=SMALL, stock_size=3, first_player=FirstPlayer.HIGHEST_STOCK_TOP),
            Rules.team_piles(deck=SMALL, stock_size=3, first_player=FirstPlayer.HIGHEST_STOCK_TOP),
        ],
    )
    def test_the_highest_top_starts_wild_highest_ties_to_the_earliest_seat(
        self, rules: Rules
    ) -> None:
        ties = wild_starts = 0
        for seed in range(150):
            state = skipbo.new_game(rules, seed=seed)
            starter = self.expected_starter(state)
            assert state.current_player == starter
            assert len(state.hands[starter]) == rules.hand_size
            tops = [state.stocks[rules.seating.own_stock[s]][-1] for s in range(rules.players)]
            ties += tops.count(tops[starter]) > 1
            wild_starts += tops[starter] == WILD
        assert ties > 0  # the sample exercised the tie rule ...
        assert wild_starts > 0  # ... and the wild rule

    def test_a_wild_beats_the_highest_number(self) -> None:
        rules = Rules(
            players=3, deck=SMALL, stock_size=3, first_player=FirstPlayer.HIGHEST_STOCK_TOP
        )
        for seed in range(200):
            state = skipbo.new_game(rules, seed=seed)
            tops = [pile[-1] for pile in state.stocks]
            if WILD in tops and rules.deck.highest in tops:
                assert tops[state.current_player] == WILD
                return
        pytest.fail("no deal with a wild and a 6 on top in 200 seeds")


@pytest.mark.rule("R-SETUP-5")
class TestDealerDraw:
    """R-SETUP-5 (a): "a dealer is drawn (each player draws a card, the highest number
    deals, wild cards do not count; redraw ties (engine decision)) and the player to the
    dealer's left starts"."""

    def test_the_highest_number_deals(self) -> None:
        rules = Rules(players=4, first_player=FirstPlayer.DEALER_DRAW)
        assert draw_dealer(rules, ScriptedDraws([[5, 11, 2, 7]])) == 1

    def test_wilds_do_not_count(self) -> None:
        rules = Rules(players=3, first_player=FirstPlayer.DEALER_DRAW)
        rng = ScriptedDraws([[4, 9, 1]])
        draw_dealer(rules, rng)
        assert WILD not in rng.populations[0]  # the draw is among the number cards only
        assert sorted(rng.populations[0]) == sorted(c for c in rules.deck.cards() if c != WILD)

    def test_tied_players_draw_again_among_themselves(self) -> None:
        rules = Rules(players=4, first_player=FirstPlayer.DEALER_DRAW)
        # Seats 1 and 3 tie with 9; they redraw, tie again, and seat 3 wins the third draw.
        rng = ScriptedDraws([[5, 9, 2, 9], [6, 6], [2, 8]])
        assert draw_dealer(rules, rng) == 3
        assert rng.draws == []

    @pytest.mark.parametrize(("dealer", "starter"), [(0, 1), (2, 3), (3, 0)])
    def test_the_player_left_of_the_dealer_starts(
        self, dealer: int, starter: int, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(skipbo.games.skipbo.deal, "draw_dealer", lambda rules, rng: dealer)
        rules = Rules.partners(first_player=FirstPlayer.DEALER_DRAW)
        state = skipbo.new_game(rules, seed=1)
        assert state.current_player == starter
        assert len(state.hands[starter]) == rules.hand_size

    def test_the_draw_is_deterministic_from_the_seed_and_varies_with_it(self) -> None:
        rules = Rules(players=6, first_player=FirstPlayer.DEALER_DRAW)
        starters = [skipbo.new_game(rules, seed=seed).current_player for seed in range(60)]
        assert starters == [skipbo.new_game(rules, seed=seed).current_player for seed in range(60)]
        assert set(starters) == set(range(6))

    def test_a_deck_without_two_numbers_cannot_draw_a_dealer(self) -> None:
        with pytest.raises(ConfigurationError) as error:
            Rules(
                players=2,
                deck=Deck(copies=3, wilds=2, highest=1),
                stock_size=1,
                first_player=FirstPlayer.DEALER_DRAW,
            )
        assert error.value.parameter == "first_player / deck"


class TestPresets:
    """Each preset is the variant it names, validated like any rules."""

    @pytest.mark.rule("R-SETUP-1", "R-SETUP-2")
    @pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
    def test_standard_is_the_default_game(self, players: int) -> None:
        rules = Rules.standard(players=players)
        assert rules == Rules(players=players)
        assert rules.stock_size == (30 if players <= 4 else 20)
        assert rules.deck == Deck.mattel()
        assert not rules.team_play

    @pytest.mark.rule("R-SETUP-1")
    @pytest.mark.parametrize("players", [1, 7, 12])
    def test_standard_is_for_two_to_six_players(self, players: int) -> None:
        with pytest.raises(ConfigurationError) as error:
            Rules.standard(players=players)
        assert error.value.parameter == "players"

    @pytest.mark.rule("R-SETUP-2")
    @pytest.mark.parametrize("size", range(10, 16))
    def test_short_deals_ten_to_fifteen_cards(self, size: int) -> None:
        assert Rules.short(players=6).stock_size == 10
        rules = Rules.short(players=6, stock_size=size)
        state = skipbo.new_game(rules, seed=size)
        assert [len(pile) for pile in state.stocks] == [size] * 6

    @pytest.mark.rule("R-SETUP-2")
    @pytest.mark.parametrize("size", [9, 16, 30, 0, "10", None])
    def test_short_refuses_other_sizes(self, size: object) -> None:
        with pytest.raises(ConfigurationError) as error:
            Rules.short(players=2, stock_size=size)  # type: ignore[arg-type]
        assert error.value.parameter == "stock_size"

    @pytest.mark.rule("R-DECK-4", "R-SETUP-5", "R-WIN-2")
    def test_presets_pass_the_deck_starting_rule_and_turn_limit_on(self) -> None:
        deck = Deck.international_games()
        first = FirstPlayer.DEALER_DRAW
        for rules in (
            Rules.standard(players=3, deck=deck, first_player=first, turn_limit=9),
            Rules.short(players=3, deck=deck, first_player=first, turn_limit=9),
            Rules.partners(deck=deck, first_player=first, turn_limit=9),
            Rules.team_piles(deck=deck, first_player=first, turn_limit=9),
        ):
            assert (rules.deck, rules.first_player, rules.turn_limit) == (deck, first, 9)

    @pytest.mark.rule("R-TEAM-1", "R-TEAM-5")
    def test_partners_defaults_to_partners_sitting_opposite(self) -> None:
        rules = Rules.partners()
        assert (rules.players, rules.teams, rules.shared_piles) == (4, ((0, 2), (1, 3)), False)
        assert rules == Rules(players=4, teams=((0, 2), (1, 3)))

    @pytest.mark.rule("R-TEAM-2", "R-TEAM-5")
    def test_team_piles_defaults_to_two_teams_of_three_alternating(self) -> None:
        rules = Rules.team_piles()
        assert (rules.players, rules.teams, rules.shared_piles) == (6, ((0, 2, 4), (1, 3, 5)), True)
        assert rules == Rules(players=6, teams=((0, 2, 4), (1, 3, 5)), shared_piles=True)
