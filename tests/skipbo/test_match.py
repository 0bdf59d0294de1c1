"""Scenario tests for match play: R-SCORE-1 .. R-SCORE-4 and R-SETUP-6
(skipbo.games.skipbo.variants.match)."""

from __future__ import annotations

import copy

import attrs
import pytest

import skipbo
from skipbo import (
    ConfigurationError,
    FirstPlayer,
    GameState,
    IllegalMoveError,
    Match,
    MatchError,
    Rules,
    Termination,
    new_match,
)
from skipbo.games.skipbo.bots import PlayFirstBot
from skipbo.games.skipbo.variants.match import DEFAULT_TARGET, GameResult, game_points
from tests.arrange import arrange
from tests.helpers import play, with_draw_pile

THREE = Rules(players=3)
TO_FIVE = (1, 2, 3, 4)


def finish_game(match: Match, bot: PlayFirstBot) -> Match:
    """Play the current game of ``match`` to its end with ``bot``."""
    while not match.game.is_over:
        game = match.game
        match = match.apply(bot.choose(skipbo.view(game, game.current_player)))
    return match


def with_game(match: Match, game: GameState, **changes: object) -> Match:
    """``match`` with a hand-arranged current game (and other fields changed)."""
    return attrs.evolve(match, game=game, **changes)  # type: ignore[arg-type]


def filler(count: int) -> tuple[int, ...]:
    """``count`` stock cards (6 .. 12 over and over): what they are does not matter here."""
    return tuple(6 + index % 7 for index in range(count))


def seat_zero_wins_next(rules: Rules, opponent_stocks: tuple[int, ...]) -> GameState:
    """Seat 0 to move, its last stock card a 5 that fits build pile 0; the other
    stock piles hold the given numbers of cards."""
    stocks = [(5,)] + [filler(count) for count in opponent_stocks]
    return arrange(
        rules,
        stocks=tuple(stocks),
        hands=((8, 9, 10, 11, 11),) + ((),) * (rules.players - 1),
        builds=(TO_FIVE, (), (), ()),
    )


@pytest.mark.rule("R-SCORE-1")
class TestGamesAloneOrInAMatch:
    """R-SCORE-1: "A game may be played alone, or as part of a match of several games." """

    def test_a_game_alone_needs_no_match(self) -> None:
        state = skipbo.new_game(THREE, seed=1)
        assert state.outcome is None  # plain games know nothing of scores

    def test_a_match_plays_several_games_one_after_the_other(self) -> None:
        bot = PlayFirstBot(seed=1)
        match = new_match(Rules.short(players=3), seed=11, target=10_000)
        deals = []
        for number in (1, 2, 3):
            assert match.number == number
            assert match.game.turn == 1
            deals.append(match.game.stocks)
            skipbo.check_invariants(match.game)
            match = finish_game(match, bot)
            assert len(match.results) == number
            match = match.next_game()
        assert len(set(deals)) == 3  # every game is dealt anew
        assert [result.number for result in match.results] == [1, 2, 3]
        assert sum(result.points for result in match.results) == sum(match.scores)

    def test_the_next_game_waits_for_the_current_one_to_end(self) -> None:
        match = new_match(THREE, seed=0)
        before = copy.deepcopy(match)
        with pytest.raises(MatchError) as error:
            match.next_game()
        assert error.value.rule == "R-SCORE-1"
        assert match == before

    def test_a_match_is_deterministic_from_its_seed(self) -> None:
        def run(seed: int) -> Match:
            return finish_game(new_match(Rules.short(players=2), seed=seed), PlayFirstBot(seed=3))

        assert run(5) == run(5)
        assert new_match(THREE, seed=5).game != new_match(THREE, seed=6).game

    def test_a_move_of_a_finished_game_is_illegal(self) -> None:
        match = finish_game(new_match(Rules.short(players=2), seed=2), PlayFirstBot(seed=0))
        with pytest.raises(IllegalMoveError) as error:
            match.apply(skipbo.Pass())
        assert error.value.rule == "R-WIN-3"


@pytest.mark.rule("R-SCORE-2")
class TestScoringAGame:
    """R-SCORE-2: "The winner of a game scores 25 points plus 5 points for every card
    still in the other players' stock piles (opponents holding 14 cards in all: 25 + 70
    = 95)." """

    def test_the_rules_example_scores_95(self) -> None:
        state = seat_zero_wins_next(THREE, (6, 8))  # opponents hold 14 stock cards
        won = play(state, "s0>b0")
        assert won.outcome is not None
        assert won.outcome.winner == 0
        assert game_points(won) == 95

    def test_the_match_adds_the_points_to_the_winners_score(self) -> None:
        match = new_match(THREE, seed=0)
        match = with_game(match, seat_zero_wins_next(THREE, (6, 8)), scores=(10, 20, 30))
        after = match.apply(skipbo.parse_move("s0>b0"))
        assert after.scores == (105, 20, 30)
        assert after.results == (GameResult(1, match.dealer, after.game.outcome, 95),)  # type: ignore[arg-type]

    @pytest.mark.parametrize(("stocks", "points"), [((0,), 25), ((1,), 30), ((30,), 175)])
    def test_points_grow_by_five_per_card(self, stocks: tuple[int, ...], points: int) -> None:
        rules = Rules(players=2)
        won = play(seat_zero_wins_next(rules, stocks), "s0>b0")
        assert game_points(won) == points

    def test_an_unfinished_game_has_no_score(self) -> None:
        with pytest.raises(MatchError) as error:
            game_points(skipbo.new_game(THREE, seed=0))
        assert error.value.rule == "R-SCORE-2"


@pytest.mark.rule("R-SCORE-3")
class TestTarget:
    """R-SCORE-3: "The match ends when a player reaches the target, 500 by default (a
    parameter); that player wins the match. A game ended blocked or by the turn limit
    scores nothing (engine decision)." """

    def test_the_default_target_is_500(self) -> None:
        assert new_match(THREE, seed=0).target == DEFAULT_TARGET == 500

    @pytest.mark.parametrize(("before", "over"), [(404, False), (405, True), (499, True)])
    def test_the_match_ends_when_a_score_reaches_the_target(self, before: int, over: bool) -> None:
        match = with_game(
            new_match(THREE, seed=0), seat_zero_wins_next(THREE, (6, 8)), scores=(before, 0, 0)
        )
        after = match.apply(skipbo.parse_move("s0>b0"))  # + 95
        assert after.is_over is over
        assert after.winner == (0 if over else None)
        assert after.winners == ((0,) if over else ())

    def test_a_won_match_deals_no_further_game(self) -> None:
        match = with_game(
            new_match(THREE, seed=0, target=50), seat_zero_wins_next(THREE, (6, 8))
        ).apply(skipbo.parse_move("s0>b0"))
        assert match.is_over
        with pytest.raises(MatchError) as error:
            match.next_game()
        assert error.value.rule == "R-SCORE-3"

    def test_a_blocked_game_scores_nothing(self) -> None:
        rules = Rules(players=2)
        # Seat 0 passes with an empty hand after seat 1's empty pass: a whole round.
        state = with_draw_pile(
            arrange(rules, stocks=((12,), (11,)), hands=((), ()), empty_passes=1), (), park=0
        )
        blocked = play(state, "pass")
        assert blocked.outcome == skipbo.Outcome(Termination.BLOCKED)
        match = with_game(new_match(rules, seed=0), state, scores=(40, 60))
        after = match.apply(skipbo.Pass())
        assert after.scores == (40, 60)
        assert after.results[-1].points == 0
        assert after.next_game().number == 2  # the match goes on

    def test_a_game_at_the_turn_limit_scores_nothing(self) -> None:
        rules = Rules(players=2, turn_limit=1)
        match = new_match(rules, seed=3)
        after = match.apply(skipbo.Discard(match.game.hand[0], 0))
        assert after.game.outcome == skipbo.Outcome(Termination.TURN_LIMIT)
        assert after.scores == (0, 0)
        assert after.results[-1].points == 0

    @pytest.mark.parametrize("target", [0, -5, "500", 2.5, True, None])
    def test_the_target_must_be_a_positive_integer(self, target: object) -> None:
        with pytest.raises(ConfigurationError) as error:
            new_match(THREE, seed=0, target=target)  # type: ignore[arg-type]
        assert error.value.parameter == "target"

    def test_a_whole_match_ends_with_one_winner_at_the_target(self) -> None:
        bot = PlayFirstBot(seed=4)
        match = new_match(Rules.short(players=3), seed=8, target=150)
        while True:
            match = finish_game(match, bot)
            if match.is_over:
                break
            assert max(match.scores) < 150
            match = match.next_game()
        assert match.winner is not None
        assert match.scores[match.winner] >= 150
        assert [score >= 150 for score in match.scores].count(True) == 1
        assert sum(result.points for result in match.results) == sum(match.scores)


@pytest.mark.rule("R-SCORE-4")
class TestTeamScoring:
    """R-SCORE-4: "In team play the winning team scores 25 plus 5 per card in the
    opposing teams' stock piles (engine decision, by analogy)." """

    def test_the_partner_forms_winning_team_scores_the_opposing_stock_cards(self) -> None:
        rules = Rules.partners(teams=((0, 2), (1, 3)))
        state = arrange(
            rules,
            stocks=((5,), (12,) * 3, (), (12,) * 4),
            hands=((8, 9, 10, 11, 11), (), (), ()),
            builds=(TO_FIVE, (), (), ()),
        )
        match = with_game(new_match(rules, seed=0), state)
        after = match.apply(skipbo.parse_move("s0>b0"))
        assert after.game.outcome is not None
        assert after.game.outcome.winners == (0, 2)
        assert after.scores == (25 + 5 * 7, 0)

    def test_three_teams_score_both_opposing_teams_stock_cards(self) -> None:
        rules = Rules.team_piles(teams=((0, 3), (1, 4), (2, 5)))
        # Team 1 (seats 1 and 4) owns stock piles 2 and 3 and wins with seat 4's play.
        state = arrange(
            rules,
            stocks=((12,), (12, 12), (), (5,), (12,) * 3, (12,) * 4),
            hands=((), (), (), (), (8, 9, 10, 11, 11), ()),
            builds=(TO_FIVE, (), (), ()),
            current_player=4,
        )
        match = with_game(new_match(rules, seed=0), state)
        after = match.apply(skipbo.parse_move("s3>b0"))
        assert after.scores == (0, 25 + 5 * (1 + 2 + 3 + 4), 0)
        assert after.winners == ()  # far from 500

    def test_a_stock_pile_two_opponents_share_counts_once(self) -> None:
        rules = Rules.team_piles(teams=((0, 2, 4), (1, 3, 5)))
        # Seats 1 and 5 share team 1's first stock pile (2), seat 3 plays from pile 3.
        state = arrange(
            rules,
            stocks=((5,), (), (12,) * 3, (12,) * 4),
            hands=((8, 9, 10, 11, 11), (), (), (), (), ()),
            builds=(TO_FIVE, (), (), ()),
        )
        match = with_game(new_match(rules, seed=0), state)
        after = match.apply(skipbo.parse_move("s0>b0"))
        assert after.winners == ()
        assert after.scores == (25 + 5 * (3 + 4), 0)

    def test_the_team_reaching_the_target_wins_the_match(self) -> None:
        rules = Rules.partners(teams=((0, 2), (1, 3)))
        state = arrange(
            rules,
            stocks=((5,), (12,), (), (12,)),
            hands=((8, 9, 10, 11, 11), (), (), ()),
            builds=(TO_FIVE, (), (), ()),
        )
        match = with_game(new_match(rules, seed=0, target=100), state, scores=(70, 95))
        after = match.apply(skipbo.parse_move("s0>b0"))
        assert after.scores == (105, 95)
        assert after.winner == 0
        assert after.winners == (0, 2)


@pytest.mark.rule("R-SETUP-6")
class TestDealerRotation:
    """R-SETUP-6: "In a match of several games the dealer moves one seat clockwise after
    each game." The player to the dealer's left starts (R-SETUP-5 a)."""

    @pytest.mark.parametrize("first", [0, 2, FirstPlayer.DEALER_DRAW])
    def test_the_dealer_moves_one_seat_clockwise_after_each_game(
        self, first: int | FirstPlayer
    ) -> None:
        rules = Rules.short(players=3, first_player=first)
        bot = PlayFirstBot(seed=2)
        match = new_match(rules, seed=21, target=10_000)
        if isinstance(first, int):
            assert match.game.current_player == first
        dealers = [match.dealer]
        starters = [match.game.current_player]
        for _ in range(4):
            match = finish_game(match, bot).next_game()
            dealers.append(match.dealer)
            starters.append(match.game.current_player)
        assert dealers == [(dealers[0] + n) % 3 for n in range(5)]
        assert starters == [(dealer + 1) % 3 for dealer in dealers]
        assert [result.dealer for result in match.results] == dealers[:-1]

    def test_with_the_highest_stock_top_rule_the_stocks_pick_the_starter(self) -> None:
        rules = Rules.short(players=4, first_player=FirstPlayer.HIGHEST_STOCK_TOP)
        bot = PlayFirstBot(seed=2)
        match = new_match(rules, seed=5, target=10_000)
        dealers = [match.dealer]
        for _ in range(3):
            match = finish_game(match, bot).next_game()
            dealers.append(match.dealer)
            game = match.game
            tops = [13 if pile[-1] == skipbo.WILD else pile[-1] for pile in game.stocks]
            assert game.current_player == tops.index(max(tops))
        assert dealers == [(dealers[0] + n) % 4 for n in range(4)]

    def test_team_matches_rotate_the_dealer_over_all_seats(self) -> None:
        rules = Rules.team_piles(teams=((0, 2, 4), (1, 3, 5)), stock_size=10)
        bot = PlayFirstBot(seed=6)
        match = new_match(rules, seed=1, target=10_000)
        dealers = [match.dealer]
        for _ in range(6):
            match = finish_game(match, bot).next_game()
            dealers.append(match.dealer)
        assert dealers == [(dealers[0] + n) % 6 for n in range(7)]
        assert match.game.rules.teams == rules.teams
