"""Scenario tests for team play: R-TEAM-1, R-TEAM-2, R-TEAM-3, R-TEAM-5 (penalty: test_penalty)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import skipbo
from skipbo import ConfigurationError, Deck, Rules, Termination
from skipbo.games.skipbo.state import Pile
from tests.arrange import arrange
from tests.helpers import build_plays, legal, play, rejected

PARTNER_SEATINGS = (
    ((0, 2), (1, 3)),  # partners opposite each other
    ((0, 1), (2, 3)),  # partners side by side
    ((0, 3), (1, 2)),
    ((0, 3), (1, 4), (2, 5)),  # three teams of two
    ((0, 5), (1, 2), (3, 4)),
)
SHARED_SEATINGS = (
    ((0, 2, 4), (1, 3, 5)),
    ((0, 1, 2), (3, 4, 5)),
    ((0, 3, 6, 9), (1, 4, 7, 10), (2, 5, 8, 11)),
    ((0, 5), (1, 2, 3, 4, 6, 7)),
)
TO_FIVE: Pile = (1, 2, 3, 4)
"""A build pile that takes a 5 (or a wild) next."""
NO_PLAY_HAND: Pile = (8, 8, 9, 10, 11)
"""A hand with nothing to play on build piles at 5, 1, 1, 1."""


def partner_of(rules: Rules, seat: int) -> int:
    (partner,) = (s for s in rules.seating.team_seats[rules.seating.team_of[seat]] if s != seat)
    return partner


def fives_everywhere_but_own(rules: Rules, seat: int) -> skipbo.GameState:
    """``seat`` to move; a 5 would fit build pile 0; every stock pile and discard set
    but the seat's own shows a 5 on top, the seat's own show nothing playable."""
    own_stock, own_set = rules.seating.own_stock[seat], rules.seating.own_discards[seat]
    stocks = tuple((12, 9) if s == own_stock else (12, 5) for s in range(rules.stock_pile_count))
    discards = tuple(
        ((7,), (), (), ()) if d == own_set else ((), (9, 5), (), ())
        for d in range(rules.stock_pile_count)
    )
    hands = tuple(NO_PLAY_HAND if s == seat else () for s in range(rules.players))
    return arrange(
        rules,
        stocks=stocks,
        discards=discards,
        hands=hands,
        builds=(TO_FIVE, (), (), ()),
        current_player=seat,
    )


@pytest.mark.rule("R-TEAM-1")
class TestPartnerForm:
    """R-TEAM-1: "On their turn a player may also play, onto build piles, the stock top
    card and the discard-pile top cards of their partner. [...] The turn still ends with
    a discard from the own hand onto one of the player's own discard piles." """

    @pytest.mark.parametrize("teams", PARTNER_SEATINGS)
    def test_partner_piles_are_offered_and_opponent_piles_are_not(
        self, teams: tuple[tuple[int, ...], ...]
    ) -> None:
        rules = Rules.partners(teams=teams)
        state = fives_everywhere_but_own(rules, 0)
        partner = partner_of(rules, 0)
        # Every opponent's stock and discard pile shows a 5 that would fit build pile 0.
        assert build_plays(state) == {f"s{partner}>b0", f"d{partner}.1>b0"}
        for opponent in range(rules.players):
            if opponent in (0, partner):
                continue
            assert rejected(state, f"s{opponent}>b0") == "R-TEAM-1"
            assert rejected(state, f"d{opponent}.1>b0") == "R-TEAM-1"

    @pytest.mark.parametrize("teams", PARTNER_SEATINGS)
    def test_partner_piles_are_played_and_the_move_names_them(
        self, teams: tuple[tuple[int, ...], ...]
    ) -> None:
        rules = Rules.partners(teams=teams)
        state = fives_everywhere_but_own(rules, 0)
        partner = partner_of(rules, 0)
        from_stock = play(state, f"s{partner}>b0")
        assert from_stock.builds[0] == (*TO_FIVE, 5)
        assert from_stock.stocks[partner] == (12,)  # R-TURN-3: the partner's next card shows
        assert from_stock.current_player == 0  # the turn goes on
        from_discard = play(state, f"d{partner}.1>b0")
        assert from_discard.discards[partner][1] == (9,)
        assert from_discard.builds[0] == (*TO_FIVE, 5)
        assert str(skipbo.PlayFromStock(partner, 0)) == f"s{partner}>b0"
        skipbo.check_invariants(from_stock)
        skipbo.check_invariants(from_discard)

    @pytest.mark.parametrize("teams", PARTNER_SEATINGS)
    def test_the_turn_ends_with_a_discard_onto_the_players_own_pile(
        self, teams: tuple[tuple[int, ...], ...]
    ) -> None:
        rules = Rules.partners(teams=teams)
        state = fives_everywhere_but_own(rules, 0)
        after = play(state, "h8>d2")
        assert after.discards[0][2] == (8,)
        assert after.discards[1:] == state.discards[1:]  # the partner's set is untouched
        assert after.current_player == 1  # clockwise over seats, partner or not (R-TEAM-5)

    def test_the_partners_turn_offers_the_players_piles(self) -> None:
        """Partnership works both ways: on seat 2's turn, seat 0's piles are its partner's."""
        rules = Rules.partners(teams=((0, 2), (1, 3)))
        state = fives_everywhere_but_own(rules, 2)
        assert build_plays(state) == {"s0>b0", "d0.1>b0"}

    def test_only_the_player_to_move_decides(self) -> None:
        """The moves offered are those of the player to move: the partner's hand is not
        theirs to play (only the partner's stock and discard piles)."""
        rules = Rules.partners(teams=((0, 2), (1, 3)))
        state = arrange(
            rules,
            stocks=((12, 9), (12,), (12,), (12,)),
            hands=(NO_PLAY_HAND, (), (5, 5), ()),
            builds=(TO_FIVE, (), (), ()),
        )
        assert build_plays(state) == set()
        assert rejected(state, "h5>b0") == "R-TURN-2"
        discards = {text for text in legal(state) if ">d" in text}
        assert discards == {f"h{card}>d{pile}" for card in NO_PLAY_HAND for pile in range(4)}


@pytest.mark.rule("R-TEAM-2")
class TestSharedPilesForm:
    """R-TEAM-2: "each team has two stock piles and two sets of four discard piles,
    however many players the team has. On their turn a player may use the top cards of
    all of their team's stock and discard piles, uses only their own hand, and ends the
    turn with a card on one of "their own" discard piles: each player is assigned to one
    of the team's two sets (engine decision: by seat order within the team, alternating)." """

    @pytest.mark.parametrize("teams", SHARED_SEATINGS)
    def test_each_team_owns_two_stock_piles_and_two_discard_sets(
        self, teams: tuple[tuple[int, ...], ...]
    ) -> None:
        rules = Rules.team_piles(teams=teams)
        state = skipbo.new_game(rules, seed=1)
        assert len(state.stocks) == len(state.discards) == 2 * len(teams)
        assert all(len(discard_set) == 4 for discard_set in state.discards)
        owned = [set(rules.seating.team_stocks[team]) for team in range(len(teams))]
        assert all(len(stocks) == 2 for stocks in owned)
        assert set().union(*owned) == set(range(2 * len(teams)))

    def test_seats_take_the_teams_two_sets_alternately_by_seat_order(self) -> None:
        rules = Rules.team_piles(teams=((0, 3, 6, 9), (1, 4, 7, 10), (2, 5, 8, 11)))
        # team 0 owns piles 0 and 1, team 1 piles 2 and 3, team 2 piles 4 and 5;
        # within a team, the 1st and 3rd seat take the first pile, the 2nd and 4th the second.
        expected = {0: 0, 3: 1, 6: 0, 9: 1, 1: 2, 4: 3, 7: 2, 10: 3, 2: 4, 5: 5, 8: 4, 11: 5}
        assert rules.seating.own_stock == tuple(expected[seat] for seat in range(12))
        assert rules.seating.own_discards == rules.seating.own_stock

    def test_seat_order_not_the_order_given_decides_the_sets(self) -> None:
        given = Rules.team_piles(teams=((4, 0, 2), (5, 1, 3)))
        assert given == Rules.team_piles(teams=((0, 2, 4), (1, 3, 5)))
        assert given.seating.own_discards == (0, 2, 1, 3, 0, 2)

    @pytest.mark.parametrize("teams", SHARED_SEATINGS)
    @pytest.mark.parametrize("position", [0, 1, -1])
    def test_team_piles_are_offered_and_other_teams_piles_are_not(
        self, teams: tuple[tuple[int, ...], ...], position: int
    ) -> None:
        rules = Rules.team_piles(teams=teams)
        seat = teams[0][position]
        state = fives_everywhere_but_own(rules, seat)
        (other,) = (s for s in rules.seating.team_stocks[0] if s != rules.seating.own_stock[seat])
        assert build_plays(state) == {f"s{other}>b0", f"d{other}.1>b0"}
        for pile in range(2, rules.stock_pile_count):  # the other teams' stock piles and sets
            assert rejected(state, f"s{pile}>b0") == "R-TEAM-2"
            assert rejected(state, f"d{pile}.1>b0") == "R-TEAM-2"
        for move in (f"s{other}>b0", f"d{other}.1>b0"):
            played = play(state, move)
            assert played.builds[0] == (*TO_FIVE, 5)
            skipbo.check_invariants(played)
        assert play(state, f"d{other}.1>b0").discards[other][1] == (9,)

    @pytest.mark.parametrize("teams", SHARED_SEATINGS)
    def test_each_player_discards_onto_the_assigned_set(
        self, teams: tuple[tuple[int, ...], ...]
    ) -> None:
        rules = Rules.team_piles(teams=teams)
        for team, seats in enumerate(rules.seating.team_seats):
            first, second = rules.seating.team_stocks[team]
            for position, seat in enumerate(seats):
                state = fives_everywhere_but_own(rules, seat)
                after = play(state, "h8>d3")
                assigned = first if position % 2 == 0 else second
                assert after.discards[assigned][3] == (8,)
                changed = [
                    d
                    for d in range(rules.stock_pile_count)
                    if after.discards[d] != state.discards[d]
                ]
                assert changed == [assigned]

    def test_a_player_uses_only_their_own_hand(self) -> None:
        rules = Rules.team_piles(teams=((0, 2, 4), (1, 3, 5)))
        hands = ((5,), (), (5,), (), (8, 9), ())
        state = arrange(
            rules,
            hands=hands,
            builds=(TO_FIVE, (), (), ()),
            current_player=4,
            stocks=((12,), (12,), (12,), (12,)),
        )
        assert rejected(state, "h5>b0") == "R-TURN-2"

    def test_the_form_needs_six_players(self) -> None:
        with pytest.raises(ConfigurationError) as error:
            Rules.team_piles(teams=((0, 2), (1, 3)))
        assert error.value.parameter == "players / shared_piles"


@pytest.mark.rule("R-TEAM-3")
class TestTeamWin:
    """R-TEAM-3: "A team wins when all of its stock piles are empty (both partners'). A
    partner whose own stock pile is finished goes on taking turns and playing from the
    hand, the discard piles and the partner's stock pile." """

    def test_emptying_the_own_stock_pile_does_not_win_while_the_partners_holds_cards(self) -> None:
        rules = Rules.partners(teams=((0, 2), (1, 3)))
        state = arrange(
            rules,
            stocks=((5,), (12,), (6, 12, 6), (12,)),
            hands=(NO_PLAY_HAND, (), (), ()),
            builds=(TO_FIVE, (), (), ()),
        )
        after = play(state, "s0>b0")
        assert after.stocks[0] == ()
        assert after.outcome is None
        assert after.current_player == 0
        assert "s2>b0" in legal(after)  # the partner's stock goes on
        skipbo.check_invariants(after)

    def test_the_team_wins_at_once_when_its_last_stock_card_is_played(self) -> None:
        rules = Rules.partners(teams=((0, 2), (1, 3)))
        state = arrange(
            rules,
            stocks=((5,), (12,), (6,), (12,)),
            hands=(NO_PLAY_HAND, (), (), ()),
            builds=(TO_FIVE, (), (), ()),
        )
        after = play(state, "s0>b0", "s2>b0")
        assert after.outcome == skipbo.Outcome(Termination.STOCK_EMPTIED, 0, (0, 2))
        assert after.hands[0] == NO_PLAY_HAND  # mid-turn, no final discard (R-WIN-1)
        assert legal(after) == []
        skipbo.check_invariants(after)

    def test_a_player_may_win_with_the_partners_last_card(self) -> None:
        rules = Rules.partners(teams=((0, 2), (1, 3)))
        state = arrange(
            rules,
            stocks=((), (12,), (5,), (12,)),
            hands=(NO_PLAY_HAND, (), (), ()),
            builds=(TO_FIVE, (), (), ()),
        )
        after = play(state, "s2>b0")
        assert after.outcome == skipbo.Outcome(Termination.STOCK_EMPTIED, 0, (0, 2))

    def test_an_opponent_team_is_not_won_by_one_empty_stock_pile(self) -> None:
        rules = Rules.partners(teams=((0, 2), (1, 3)))
        state = arrange(
            rules,
            stocks=((12,), (5,), (12,), (9,)),
            hands=((), NO_PLAY_HAND, (), ()),
            builds=(TO_FIVE, (), (), ()),
            current_player=1,
        )
        after = play(state, "s1>b0")
        assert after.outcome is None
        assert after.stocks[1] == ()

    @pytest.mark.parametrize("teams", SHARED_SEATINGS)
    def test_a_shared_piles_team_wins_when_both_its_stock_piles_are_empty(
        self, teams: tuple[tuple[int, ...], ...]
    ) -> None:
        rules = Rules.team_piles(teams=teams)
        seat = teams[0][-1]
        stocks = ((5,), (6,)) + ((12,),) * (rules.stock_pile_count - 2)
        hands = tuple(NO_PLAY_HAND if s == seat else () for s in range(rules.players))
        state = arrange(
            rules, stocks=stocks, hands=hands, builds=(TO_FIVE, (), (), ()), current_player=seat
        )
        halfway = play(state, "s0>b0")
        assert halfway.outcome is None
        won = play(halfway, "s1>b0")
        assert won.outcome == skipbo.Outcome(
            Termination.STOCK_EMPTIED, 0, rules.seating.team_seats[0]
        )

    def test_a_player_with_an_empty_stock_pile_keeps_taking_turns(self) -> None:
        rules = Rules.partners(teams=((0, 2), (1, 3)))
        state = arrange(
            rules,
            stocks=((), (12, 11), (12, 5), (12, 10)),
            hands=((5, 8, 8, 9, 10), (), (), ()),
            builds=(TO_FIVE, (), (), ()),
        )
        # The hand and the partner's stock both offer the 5.
        assert build_plays(state) == {"h5>b0", "s2>b0"}
        after = play(state, "h5>b0", "h8>d0")
        for seat in (1, 2, 3):
            assert after.current_player == seat
            after = play(after, skipbo.Discard(after.hand[-1], 0))
        assert after.current_player == 0
        assert len(after.hand) == rules.hand_size  # R-TURN-1: the hand is filled as usual
        assert after.outcome is None
        assert legal(after)
        skipbo.check_invariants(after)


@pytest.mark.rule("R-TEAM-5")
class TestSeating:
    """R-TEAM-5: "teams are a parameter (which seats form each team); play order stays
    clockwise over seats. Team play allows up to 12 players in up to three teams (engine
    decision); stock piles hold 30 cards when there are at most four stock piles in the
    game and 20 otherwise, unless set." """

    @pytest.mark.parametrize("teams", PARTNER_SEATINGS + SHARED_SEATINGS)
    def test_play_goes_clockwise_over_seats(self, teams: tuple[tuple[int, ...], ...]) -> None:
        shared = len(teams[0]) != 2 or sum(map(len, teams)) > 6
        make = Rules.team_piles if shared else Rules.partners
        rules = make(teams=teams, stock_size=5)  # cards enough for every hand
        state = skipbo.new_game(rules, seed=5)
        seen = [state.current_player]
        for _ in range(rules.players):
            state = play(state, skipbo.Discard(state.hand[-1], 0))
            seen.append(state.current_player)
        assert seen == [*range(rules.players), 0]

    @pytest.mark.parametrize(
        ("rules", "stock_piles", "size"),
        [
            (Rules.partners(teams=((0, 2), (1, 3))), 4, 30),
            (Rules.partners(teams=((0, 3), (1, 4), (2, 5))), 6, 20),
            (Rules.team_piles(teams=((0, 2, 4), (1, 3, 5))), 4, 30),
            (Rules.team_piles(teams=((0, 2, 4, 6, 8, 10), (1, 3, 5, 7, 9, 11))), 4, 30),
            (Rules.team_piles(teams=((0, 3), (1, 4), (2, 5))), 6, 20),
            (Rules.team_piles(teams=((0, 3, 6, 9), (1, 4, 7, 10), (2, 5, 8, 11))), 6, 20),
        ],
    )
    def test_the_default_stock_size_follows_the_number_of_stock_piles(
        self, rules: Rules, stock_piles: int, size: int
    ) -> None:
        state = skipbo.new_game(rules, seed=0)
        assert [len(pile) for pile in state.stocks] == [size] * stock_piles

    def test_an_explicit_stock_size_is_kept(self) -> None:
        assert Rules.partners(stock_size=12).stock_size == 12
        assert Rules.team_piles(stock_size=25).stock_size == 25
        state = skipbo.new_game(
            Rules.team_piles(teams=((0, 3), (1, 4), (2, 5)), stock_size=7), seed=1
        )
        assert [len(pile) for pile in state.stocks] == [7] * 6

    def test_twelve_players_in_three_teams_play(self) -> None:
        rules = Rules.team_piles(teams=((0, 3, 6, 9), (1, 4, 7, 10), (2, 5, 8, 11)))
        assert rules.players == 12
        skipbo.check_invariants(skipbo.new_game(rules, seed=2))

    @pytest.mark.parametrize(
        ("make", "parameter"),
        [
            # more than 12 players
            (
                lambda: Rules(
                    players=13, teams=(tuple(range(7)), tuple(range(7, 13))), shared_piles=True
                ),
                "players",
            ),
            # more than three teams
            (lambda: Rules.partners(teams=((0, 1), (2, 3), (4, 5), (6, 7))), "teams"),
            (lambda: Rules.team_piles(teams=((0, 1), (2, 3), (4, 5), (6, 7))), "teams"),
            # a single team has no opponent
            (lambda: Rules.partners(teams=((0, 1),)), "teams"),
            (lambda: Rules.team_piles(teams=(tuple(range(6)),)), "teams"),
            # the partner form plays in pairs
            (lambda: Rules.partners(teams=((0, 1, 2), (3, 4, 5))), "teams"),
            (lambda: Rules(players=5, teams=((0, 1), (2, 3), (4,))), "teams"),
            # a shared-piles team needs two players for its two sets
            (lambda: Rules.team_piles(teams=((0, 1, 2, 3, 4), (5,))), "teams"),
            # every seat in exactly one team
            (lambda: Rules(players=4, teams=((0, 1), (1, 2))), "players / teams"),
            (lambda: Rules(players=6, teams=((0, 1), (2, 3))), "players / teams"),
            (lambda: Rules(players=4, teams=((0, 1), (2, 4))), "teams"),
            (lambda: Rules(players=4, teams=((0, "1"), (2, 3))), "teams"),
            (lambda: Rules(players=4, teams=5), "teams"),
            # the shared-piles form is a team form
            (lambda: Rules(players=6, shared_piles=True), "shared_piles"),
            # the deck must deal the stock piles
            (lambda: Rules.partners(stock_size=40), "deck / stock_size"),
            (
                lambda: Rules.team_piles(teams=((0, 3), (1, 4), (2, 5)), deck=Deck.small()),
                "deck / stock_size",
            ),
        ],
    )
    def test_impossible_seatings_are_configuration_errors(
        self, make: Callable[[], Rules], parameter: str
    ) -> None:
        with pytest.raises(ConfigurationError) as error:
            make()
        assert error.value.parameter == parameter

    def test_seat_order_within_a_team_does_not_matter(self) -> None:
        assert Rules.partners(teams=((2, 0), (3, 1))) == Rules.partners(teams=((0, 2), (1, 3)))
        assert Rules.partners(teams=((2, 0), (3, 1))).teams == ((0, 2), (1, 3))
