"""Tests for the shipped bots: they decide from a view, legally, reproducibly, in every variant."""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import skipbo
from skipbo import Discard, GameState, PlayFromDiscard, PlayFromHand, PlayFromStock, Rules
from skipbo.arena import play_game, tournament
from skipbo.games.skipbo.bots import (
    BOTS,
    Bot,
    HeuristicBot,
    ReferenceHeuristicBot,
    SearchBot,
    make_bot,
    search,
)
from skipbo.games.skipbo.bots.heuristic import (
    HAND_FIRST_SCORE,
    discards,
    empty_hand_plan,
    exposure,
    plays,
    stock_move,
)
from skipbo.games.skipbo.bots.leaf import FITTED, fitted_leaf, leaf_features
from skipbo.games.skipbo.bots.reference import (
    GAP_RISK,
    danger,
    play_candidates,
    scarce,
    stock_plan,
)
from skipbo.games.skipbo.bots.search import (
    COMPLETED_WILDS,
    DEFAULT_ITERATIONS,
    DISCARD_CANDIDATES,
    FITTED_ITERATIONS,
    searches_discard,
)
from skipbo.games.skipbo.bots.v1 import SearchBot as SearchBotV1
from skipbo.games.skipbo.cards import WILD
from skipbo.games.skipbo.sampling import sample_state
from tests.arrange import arrange
from tests.strategies import game_states, hidden_redeals, individual_rules, team_rules

SMALL_SEARCH = 2
SEARCHES: dict[str, type[SearchBot] | type[SearchBotV1]] = {
    "search": SearchBot,
    "search@1": SearchBotV1,
}
"""The searching bots, which the tests run with a small budget."""
"""Deals per choice for the search bot in the tests: enough to search, cheap to run."""


def shipped_bot(name: str, seed: int) -> Bot:
    """The bot ``name`` as the tests run it (the search bot with a small budget)."""
    if name in SEARCHES:
        return SEARCHES[name](seed, iterations=SMALL_SEARCH)
    return make_bot(name, seed)


VARIANTS = (
    Rules(players=2, stock_size=5),
    Rules(players=3, stock_size=4, deck=skipbo.Deck(copies=4, wilds=4, highest=6)),
    Rules.partners(stock_size=4),
    Rules.team_piles(stock_size=4),
)


class TestBots:
    """Tests for every bot of ``BOTS``."""

    @pytest.mark.rule("R-INFO-2", "R-INFO-3")
    @settings(max_examples=30)
    @given(
        data=st.data(),
        name=st.sampled_from(sorted(BOTS)),
        state=game_states(individual_rules() | team_rules()),
        seed=st.integers(0, 2**32),
    )
    def test_choice_ignores_hidden_cards(
        self, data: st.DataObject, name: str, state: GameState, seed: int
    ) -> None:
        """R-INFO-3: re-dealing everything the seat to move cannot see (other hands,
        stock cards below the tops, the draw pile, the completed cards, the shuffle
        seed) never changes a bot's choice, in individual and team play."""
        if skipbo.is_over(state):
            return
        seat = state.current_player
        other = data.draw(hidden_redeals(state, seat), label="redealt")
        chosen = shipped_bot(name, seed).choose(skipbo.view(state, seat))
        assert chosen == shipped_bot(name, seed).choose(skipbo.view(other, seat))
        assert chosen in skipbo.legal_moves(state)

    @pytest.mark.parametrize("rules", VARIANTS, ids=lambda rules: f"{rules.players}p")
    @pytest.mark.parametrize("name", sorted(BOTS))
    def test_plays_every_variant_to_the_end(self, name: str, rules: Rules) -> None:
        """Every bot plays whole games of individual and both team forms legally."""
        bots = [shipped_bot(name, seat) for seat in range(rules.players)]
        record = play_game(rules, bots, seed=11)
        assert skipbo.is_over(list(skipbo.replay(record))[-1])

    @pytest.mark.parametrize("name", sorted(BOTS))
    def test_same_seed_same_game(self, name: str) -> None:
        """A bot is a function of its seed and the views it is shown."""
        rules = Rules(players=2, stock_size=4)
        records = [
            play_game(rules, [shipped_bot(name, 3), shipped_bot(name, 4)], seed=2) for _ in range(2)
        ]
        assert records[0] == records[1]


class TestHeuristicBot:
    """Tests for `HeuristicBot` on arranged positions."""

    def test_beats_play_first(self) -> None:
        """A bounded version of the strength benchmark (benchmarks/bench_strength.py)."""
        result = tournament(
            Rules(players=2, stock_size=10), ["heuristic", "play-first"], games=30, seed=1
        )
        assert result.entries[0].wins >= 25

    def test_rarely_blocks_with_many_players(self) -> None:
        """R-WIN-2: with scarce cards it plays on rather than hoard, so six heuristic
        bots finish most games with a winner."""
        result = tournament(Rules(players=6), ["heuristic"] * 6, games=12, seed=2)
        assert result.blocked_share <= 0.25

    def test_plays_a_stock_top_at_once(self) -> None:
        rules = Rules(players=2)
        state = arrange(
            rules, stocks=((9, 3), (9, 8)), hands=((4, 5, 6, 7, 8), ()), builds=((1, 2),)
        )
        seen = skipbo.view(state, 0)
        assert HeuristicBot().choose(seen) == PlayFromStock(0, 0)

    def test_plans_through_discard_tops_and_hand_to_the_stock(self) -> None:
        """The gap 1..4 below a stock top 5 is filled: 1 from a discard top first."""
        rules = Rules(players=2)
        state = arrange(
            rules,
            stocks=((9, 5), (9, 12)),
            hands=((2, 3, 4, 11, 12), ()),
            discards=(((1,), (), (), ()), ((), (), (), ())),
        )
        planned = stock_plan(skipbo.view(state, 0))
        assert planned == (4, PlayFromDiscard(0, 0, 0))

    def test_keeps_wilds_for_the_stock(self) -> None:
        """A plan with a wild costs more than one without; without a plan no wild is played."""
        rules = Rules(players=2)
        state = arrange(
            rules,
            stocks=((9, 2), (9, 12)),
            hands=((0, 1, 7, 8, 9), ()),
        )
        assert HeuristicBot().choose(skipbo.view(state, 0)) == PlayFromHand(1, 0)
        no_way = arrange(rules, stocks=((9, 11), (9, 12)), hands=((0, 6, 7, 8, 9), ()))
        move = HeuristicBot().choose(skipbo.view(no_way, 0))
        assert isinstance(move, Discard)
        assert move.card != skipbo.WILD

    def test_does_not_set_up_the_opponents_stock_top(self) -> None:
        """With the opponent's stock top 3, playing the 2 onto a 1 would hand it over."""
        rules = Rules(players=2)
        state = arrange(
            rules,
            stocks=((9, 12), (9, 3)),
            hands=((2, 8, 9, 10, 11), ()),
            builds=((1,), (), (), ()),
        )
        seen = skipbo.view(state, 0)
        assert danger(seen, [3, 1, 1, 1]) > danger(seen, [2, 1, 1, 1])
        assert HeuristicBot().choose(seen) != PlayFromHand(2, 0)

    @pytest.mark.rule("R-TEAM-1")
    def test_plays_the_partners_stock_top(self) -> None:
        """R-TEAM-1: in the partner form the bot plays its partner's stock top too."""
        rules = Rules.partners()
        state = arrange(
            rules,
            stocks=((9, 12), (9, 12), (9, 1), (9, 12)),
            hands=((5, 6, 7, 8, 9), (), (), ()),
        )
        assert HeuristicBot().choose(skipbo.view(state, 0)) == PlayFromStock(2, 0)

    @pytest.mark.rule("R-TEAM-2")
    def test_plays_the_teams_second_stock_pile(self) -> None:
        """R-TEAM-2: in the shared-piles form any of the team's stock tops counts."""
        rules = Rules.team_piles()
        stocks = [(9, 12)] * rules.stock_pile_count
        stocks[rules.seating.team_stocks[0][1]] = (9, 1)
        state = arrange(rules, stocks=tuple(stocks), hands=((5, 6, 7, 8, 9),) + ((),) * 5)
        chosen = HeuristicBot().choose(skipbo.view(state, 0))
        assert chosen == PlayFromStock(rules.seating.team_stocks[0][1], 0)

    def test_discards_in_descending_runs(self) -> None:
        """A 7 goes on the 8 rather than on an empty pile or under a lower card."""
        rules = Rules(players=2)
        state = arrange(
            rules,
            stocks=((9, 12), (9, 12)),
            hands=((7,), ()),
            discards=(((6,), (8,), (), ()), ((), (), (), ())),
            builds=((1, 2, 3, 4, 5, 6, 7, 8, 9, 10), (1,), (1, 2), (1, 2, 3)),
        )
        assert HeuristicBot().choose(skipbo.view(state, 0)) == Discard(7, 1)


NO_DISCARDS = ((), (), (), ())


def emptiable_hand() -> skipbo.PlayerView:
    """Seat 0 holds 3, 4, 5, 6 and a discard top 2, a build pile needs 2: all can go."""
    state = arrange(
        Rules(players=2),
        stocks=((9, 12), (9, 12)),
        hands=((3, 4, 5, 6), ()),
        discards=(((2,), (), (), ()), NO_DISCARDS),
        builds=((1,), (), (), ()),
    )
    return skipbo.view(state, 0)


UNDER = (4, 5, 6, 7, 8, 9, 10, 11, 4)
"""Nine cards under a stock top: a stock far from empty."""


class TestMultiPlayerHeuristic:
    """Tests for the multi-player judgement of `HeuristicBot`
    (skipbo.games.skipbo.bots.heuristic)."""

    def four(self, stocks: tuple[int, int, int, int], **piles: object) -> skipbo.PlayerView:
        """Seat 0's view of a 4-player table with these stock tops (nine cards under each)."""
        state = arrange(
            Rules(players=4),
            stocks=tuple((*UNDER, top) for top in stocks),
            hands=((8, 9, 10, 11, 12), (), (), ()),
            **piles,  # type: ignore[arg-type]
        )
        return skipbo.view(state, 0)

    def test_the_next_player_counts_most(self) -> None:
        """An offer to the next seat (1) costs more than the same offer to the last (3)."""
        next_seat = self.four((12, 3, 12, 12))
        last_seat = self.four((12, 12, 12, 3))
        needs = [3, 1, 1, 1]
        assert exposure(next_seat, needs) > exposure(last_seat, needs) > 0
        # Offers to nobody: build piles needing 1 when every stock top is 3 or 12.
        assert exposure(next_seat, [1, 1, 1, 1]) < exposure(next_seat, needs)

    def test_a_nearly_empty_stock_counts_double(self) -> None:
        rules = Rules(players=4)
        stocks = [(12, 3), (12, 12), (12, 12), (12, 12)]
        full = skipbo.view(arrange(rules, stocks=[(*UNDER, 3), *stocks[1:]]), 1)
        short = skipbo.view(arrange(rules, stocks=[(12, 3), *stocks[1:]]), 1)
        # Seen from seat 1, seat 0 is the last to move: 10 stock cards, then 2.
        assert exposure(short, [3, 1, 1, 1]) == 2 * exposure(full, [3, 1, 1, 1]) > 0

    @pytest.mark.rule("R-TEAM-1")
    def test_an_offer_to_a_partner_is_help(self) -> None:
        """In the partner form seat 2 is seat 0's partner: its stock top offered is help."""
        rules = Rules.partners()
        state = arrange(
            rules,
            stocks=((12, 12), (12, 12), (12, 3), (12, 12)),
            hands=((8, 9, 10, 11, 12), (), (), ()),
        )
        # Seat 0 plays seat 2's stock itself, so no offer counts; from seat 1 (an
        # opponent), seat 2 is next but one.
        assert exposure(skipbo.view(state, 0), [3, 1, 1, 1]) == 0
        assert exposure(skipbo.view(state, 1), [3, 1, 1, 1]) > 0

    def test_a_public_ladder_counts_as_reached(self) -> None:
        """The next player's discard run 9, 8, 7 takes a build pile needing 7 to its 10."""
        ladder = self.four(
            (12, 10, 12, 12),
            discards=(NO_DISCARDS, ((9, 8, 7), (), (), ()), NO_DISCARDS, NO_DISCARDS),
        )
        plain = self.four((12, 10, 12, 12))
        assert exposure(ladder, [7, 1, 1, 1]) == GAP_RISK[0]
        assert exposure(plain, [7, 1, 1, 1]) == GAP_RISK[3]

    @pytest.mark.rule("R-TURN-4")
    def test_empties_the_hand_for_five_new_cards(self) -> None:
        """Hand 3, 4, 5, 6 and a discard top 2 onto a build pile needing 2: all of it goes."""
        rules = Rules(players=2)
        seen = emptiable_hand()
        assert empty_hand_plan(seen) == PlayFromDiscard(0, 0, 0)
        assert HeuristicBot().choose(seen) == PlayFromDiscard(0, 0, 0)
        with_a_wild = arrange(rules, stocks=((9, 12), (9, 12)), hands=((0, 1), ()))
        assert empty_hand_plan(skipbo.view(with_a_wild, 0)) is None  # the wild is kept
        stuck = arrange(rules, stocks=((9, 12), (9, 12)), hands=((1, 3), ()))
        assert empty_hand_plan(skipbo.view(stuck, 0)) is None  # no 2 anywhere

    def test_plays_openly_at_a_full_table(self) -> None:
        """With four players the 8 that brings the next player's stock top 9 within a
        card is played (holding it back keeps the bot's hand full and would not stop
        the two players after); with two players, or a next player close to winning,
        it is held back."""
        hand = (3, 3, 5, 5, 8)
        builds = ((1, 2, 3, 4, 5, 6, 7), (), (), ())
        full_table = self.four((3, 9, 5, 5), builds=builds)
        assert HeuristicBot().choose(full_table) == PlayFromHand(8, 0)
        leader = arrange(
            Rules(players=4),
            stocks=((*UNDER, 3), (12, 9), (*UNDER, 5), (*UNDER, 5)),
            hands=(hand, (), (), ()),
            builds=builds,
        )
        assert isinstance(HeuristicBot().choose(skipbo.view(leader, 0)), Discard)
        two = arrange(
            Rules(players=2),
            stocks=((*UNDER, 3), (*UNDER, 9)),
            hands=(hand, ()),
            builds=builds,
        )
        assert isinstance(HeuristicBot().choose(skipbo.view(two, 0)), Discard)

    @pytest.mark.parametrize("players", [2, 4])
    def test_plays_its_hand_first(self, players: int) -> None:
        """A 3 in the hand and a 3 on a discard top, equally safe: the new heuristic
        plays the hand's (towards five new cards, R-TURN-4), the reference the
        discard top's (it scores freeing a discard top higher)."""
        rules = Rules(players=players)
        state = arrange(
            rules,
            stocks=tuple((*UNDER, 12) for _ in range(players)),
            hands=((3, 5, 6, 7, 8), *((),) * (players - 1)),
            discards=(((3,), (), (), ()), *(NO_DISCARDS,) * (players - 1)),
            builds=((1, 2), (), (), ()),
        )
        seen = skipbo.view(state, 0)
        assert empty_hand_plan(seen) is None  # no 4 anywhere: the hand cannot be emptied
        assert HeuristicBot().choose(seen) == PlayFromHand(3, 0)
        assert ReferenceHeuristicBot().choose(seen) == PlayFromDiscard(0, 0, 0)

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_keeps_its_discard_tops_as_bridges_at_a_full_table(self, players: int) -> None:
        """A safe 3 on a discard top and no play from the hand: with two players it
        is played (freeing the card below, as the reference does); from three players
        on it stays there for a later plan to the stock, and the turn ends with a
        discard (a card played from the hand is a new card drawn, one from a discard
        pile is none)."""
        rules = Rules(players=players)
        state = arrange(
            rules,
            stocks=tuple((*UNDER, 12) for _ in range(players)),
            hands=((5, 6, 7, 8, 11), *((),) * (players - 1)),
            discards=(((3,), (), (), ()), *(NO_DISCARDS,) * (players - 1)),
            builds=((1, 2), (), (), ()),
        )
        seen = skipbo.view(state, 0)
        assert ReferenceHeuristicBot().choose(seen) == PlayFromDiscard(0, 0, 0)
        chosen = HeuristicBot().choose(seen)
        if players == 2:
            assert chosen == PlayFromDiscard(0, 0, 0)
        else:
            assert isinstance(chosen, Discard)

    @pytest.mark.parametrize("players", [2, 4])
    def test_plans_from_its_hand_first_at_a_full_table(self, players: int) -> None:
        """The gap 1..4 below its stock top 5, with a 1 both in the hand and on a
        discard top: from three players on the plan takes the hand's 1 (one more card
        drawn next turn, the discard top kept), with two the discard top's; the plan
        costs four cards either way."""
        rules = Rules(players=players)
        state = arrange(
            rules,
            stocks=((*UNDER, 5), *((*UNDER, 12),) * (players - 1)),
            hands=((1, 2, 3, 4, 11), *((),) * (players - 1)),
            discards=(((1,), (), (), ()), *(NO_DISCARDS,) * (players - 1)),
        )
        seen = skipbo.view(state, 0)
        assert stock_plan(seen) == (4, PlayFromDiscard(0, 0, 0))
        assert stock_plan(seen, hand_first=True) == (4, PlayFromHand(1, 0))
        expected = PlayFromHand(1, 0) if players > 2 else PlayFromDiscard(0, 0, 0)
        assert HeuristicBot().choose(seen) == expected
        assert stock_move(seen) == expected

    def test_plans_through_a_discard_top_that_frees_the_next_card(self) -> None:
        """Stock top 4, a build pile needing 2, a 2 in the hand and a discard pile 3, 2:
        the hand's 2 first leaves the 3 under the discard pile's 2, with no plan; the
        discard top first frees the 3. Hand first keeps the plan the reference finds."""
        state = arrange(
            Rules(players=4),
            stocks=((*UNDER, 4), *((*UNDER, 12),) * 3),
            hands=((2, 7, 8, 9, 11), (), (), ()),
            discards=(((3, 2), (), (), ()), *(NO_DISCARDS,) * 3),
            builds=((1,), (), (), ()),
        )
        seen = skipbo.view(state, 0)
        assert stock_plan(seen) == (2, PlayFromDiscard(0, 0, 0))
        assert stock_plan(seen, hand_first=True) == (2, PlayFromDiscard(0, 0, 0))
        assert HeuristicBot().choose(seen) == PlayFromDiscard(0, 0, 0)

    def test_plays_a_run_past_the_opponents_stock_top(self) -> None:
        """A 6 alone would hand the opponent its stock top 7; the 6 and the 7 together
        carry the build pile past it. The new heuristic plays the run, the reference
        judges the 6 alone and ends its turn."""
        state = arrange(
            Rules(players=2),
            stocks=((*UNDER, 12), (*UNDER, 7)),
            hands=((2, 6, 7, 10, 11), ()),
            builds=((1, 2, 3, 4, 5), (), (), ()),
        )
        seen = skipbo.view(state, 0)
        assert stock_plan(seen) is None
        assert empty_hand_plan(seen) is None
        moves = skipbo.legal_moves(seen)
        # Judged alone, as before the runs, the 6 is no play.
        assert PlayFromHand(6, 0) not in play_candidates(seen, moves, hand_play=HAND_FIRST_SCORE)
        assert HeuristicBot().choose(seen) == PlayFromHand(6, 0)
        assert isinstance(ReferenceHeuristicBot().choose(seen), Discard)
        after = skipbo.apply(state, PlayFromHand(6, 0))
        assert HeuristicBot().choose(skipbo.view(after, 0)) == PlayFromHand(7, 0)

    def test_discards_a_duplicate_first(self) -> None:
        """Nothing to play: the reference discards its highest card, the new heuristic
        one of its two 9s (the hand keeps more different numbers)."""
        state = arrange(
            Rules(players=2),
            stocks=((*UNDER, 2), (*UNDER, 12)),
            hands=((4, 9, 9, 10, 11), ()),
        )
        seen = skipbo.view(state, 0)
        assert ReferenceHeuristicBot().choose(seen) == Discard(11, 0)
        assert HeuristicBot().choose(seen) == Discard(9, 0)

    def test_keeps_the_card_below_its_stock_top(self) -> None:
        """The 4 is just below the stock top 5: the reference discards it onto the 5 of
        its discard pile (a descending run), the new heuristic keeps it in the hand."""
        state = arrange(
            Rules(players=2),
            stocks=((*UNDER, 5), (*UNDER, 12)),
            hands=((4, 8, 10, 11, 12), ()),
            discards=(((5,), (), (), ()), NO_DISCARDS),
        )
        seen = skipbo.view(state, 0)
        assert stock_plan(seen) is None
        assert ReferenceHeuristicBot().choose(seen) == Discard(4, 0)
        chosen = HeuristicBot().choose(seen)
        assert isinstance(chosen, Discard)
        assert chosen.card != 4

    def test_keeps_wilds_at_a_full_table_when_cards_are_scarce(self) -> None:
        """With 52 cards among four players cards are scarce: the reference completes a
        build pile with a wild (R-DRAW-2), the new heuristic keeps it for its stock."""
        rules = Rules(players=4, stock_size=5, deck=skipbo.Deck(copies=4, wilds=4, highest=12))
        state = arrange(
            rules,
            stocks=((3,), (6,), (6,), (6,)),
            hands=((0, 4, 4, 9, 9), (), (), ()),
            builds=(tuple(range(1, 12)), (), (), ()),
        )
        seen = skipbo.view(state, 0)
        assert scarce(seen)
        wild = PlayFromHand(skipbo.WILD, 0)
        moves = skipbo.legal_moves(seen)
        assert wild in play_candidates(seen, moves)
        assert wild not in play_candidates(seen, moves, mind_scarcity=False)
        assert wild not in plays(seen, moves)
        assert ReferenceHeuristicBot().choose(seen) == wild
        assert isinstance(HeuristicBot().choose(seen), Discard)


class TestReferenceHeuristicBot:
    """The reference heuristic stays as it was ("heuristic-1")."""

    def test_is_the_old_heuristic(self) -> None:
        """It hoards where the new one empties its hand (the test above)."""
        seen = emptiable_hand()
        assert make_bot("heuristic-1").choose(seen) == ReferenceHeuristicBot().choose(seen)
        assert isinstance(make_bot("heuristic-1"), ReferenceHeuristicBot)


class TestSearchBot:
    """Tests for `SearchBot`."""

    @pytest.mark.parametrize("bad", [0, -1, 1.5])
    def test_rejects_a_bad_budget(self, bad: object) -> None:
        with pytest.raises(ValueError, match="iterations"):
            SearchBot(0, iterations=bad)  # type: ignore[arg-type]

    def test_rejects_a_bad_time_limit(self) -> None:
        with pytest.raises(ValueError, match="time_limit"):
            SearchBot(0, time_limit=0)

    def test_takes_a_stock_play_without_searching(self) -> None:
        rules = Rules(players=2)
        state = arrange(
            rules, stocks=((9, 3), (9, 8)), hands=((4, 5, 6, 7, 8), ()), builds=((1, 2),)
        )
        bot = SearchBot(0, iterations=1)
        assert bot.candidates(skipbo.view(state, 0)) == [PlayFromStock(0, 0)]

    @staticmethod
    def discarding_view(hand: tuple[int, ...], players: int = 2) -> skipbo.PlayerView:
        """Seat 0's view of a table where no card of ``hand`` can be played (every
        build pile needs a 1), so that the heuristic discards."""
        others = players - 1
        state = arrange(
            Rules(players=players),
            stocks=((9, 3), *((9, 8),) * others),
            hands=(hand, *((),) * others),
            discards=(((11,), (6,), (12,), ()), *(((), (), (), ()),) * others),
        )
        return skipbo.view(state, 0)

    def test_searches_the_heuristics_best_discards(self) -> None:
        # The search weighs the heuristic's discard against its next best ones.
        seen = self.discarding_view((4, 5, 7, 10, 12))
        ranked = discards(seen, skipbo.legal_moves(seen))
        found = SearchBot(0, iterations=SMALL_SEARCH).candidates(seen)
        assert found[0] == HeuristicBot().choose(seen) == ranked[0]
        assert found == ranked[:DISCARD_CANDIDATES]
        assert len({move.card for move in found if isinstance(move, Discard)}) > 1

    def test_discards_a_card_held_twice_unsearched(self) -> None:
        # The heuristic discards a card its hand holds twice first: taken unsearched.
        seen = self.discarding_view((7, 7, 10, 11, 12))
        chosen = HeuristicBot().choose(seen)
        assert isinstance(chosen, Discard)
        assert chosen.card == 7
        assert len(discards(seen, skipbo.legal_moves(seen))) > 1
        assert not searches_discard(seen, chosen)
        assert SearchBot(0, iterations=SMALL_SEARCH).candidates(seen) == [chosen]

    def test_searches_discard_needs_a_seats_view(self) -> None:
        seen = self.discarding_view((4, 5, 7, 10, 12))
        chosen = HeuristicBot().choose(seen)
        assert isinstance(chosen, Discard)
        with pytest.raises(ValueError, match="seat's view"):
            searches_discard(attrs.evolve(seen, hand=None), chosen)

    @pytest.mark.parametrize(("players", "rounds"), [(2, 2), (3, 1), (4, 1)])
    def test_rollouts_end_after_the_bots_next_turn(
        self, players: int, rounds: int, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Each rollout is valued at the start of the turn after the bot's next turn
        (with two players, after the one after that)."""
        seen = TestSearchDeals.searched_view(Rules(players=players))
        valued: list[int] = []

        def leaf(state: GameState, seat: int) -> float:
            assert state.outcome is None  # no game of these ends so soon
            valued.append(state.turn)
            return 0.0

        monkeypatch.setattr(search, "fitted_leaf", lambda rules: leaf)
        SearchBot(0, iterations=SMALL_SEARCH).choose(seen)
        assert valued
        assert set(valued) == {seen.turn + rounds * players + 1}
        assert search.horizon(seen) == seen.turn + rounds * players + 1  # what it tells others

    def test_makes_the_heuristics_discard_without_searching_at_four_players(self) -> None:
        # The rollouts end after one round: the heuristic's discard is made unsearched.
        seen = self.discarding_view((4, 5, 7, 10, 12), players=4)
        chosen = HeuristicBot().choose(seen)
        assert isinstance(chosen, Discard)
        best = discards(seen, skipbo.legal_moves(seen))[:DISCARD_CANDIDATES]
        assert len({move.card for move in best if isinstance(move, Discard)}) > 1
        bot = SearchBot(0, iterations=SMALL_SEARCH)
        assert bot.candidates(seen) == [chosen]
        assert bot.choose(seen) == chosen

    def test_searches_when_the_heuristic_plays(self) -> None:
        # A safe play of the 1 (far from the opponent's stock top 9): the search weighs
        # it against the other plays and against ending the turn with a discard.
        rules = Rules(players=2)
        state = arrange(rules, stocks=((3, 9), (3, 9)), hands=((1, 5, 7, 10, 12), ()))
        seen = skipbo.view(state, 0)
        found = SearchBot(0, iterations=SMALL_SEARCH).candidates(seen)
        assert found[0] == HeuristicBot().choose(seen)
        assert isinstance(found[0], PlayFromHand)
        assert any(isinstance(move, Discard) for move in found[1:])

    def test_time_limit_still_chooses_a_legal_move(self) -> None:
        state = skipbo.new_game(Rules(players=2), seed=9)
        seen = skipbo.view(state, state.current_player)
        move = SearchBot(0, iterations=1000, time_limit=0.001).choose(seen)
        assert move in skipbo.legal_moves(state)


class TestFittedLeaf:
    """Tests for the search's fitted leaf (`skipbo.games.skipbo.bots.leaf`)."""

    RULES = Rules(players=4)
    TABLES = pytest.mark.parametrize("rules", [Rules(players=2), Rules(players=4)], ids=repr)

    def test_fitted_for_its_tables_only(self) -> None:
        assert fitted_leaf(Rules(players=2)) is not None
        assert fitted_leaf(self.RULES) is not None
        assert (
            fitted_leaf(Rules(players=4, first_player=skipbo.FirstPlayer.DEALER_DRAW)) is not None
        )
        for other in (
            Rules(players=3),
            Rules(players=5),
            Rules(players=4, stock_size=10),
            Rules(players=2, stock_size=10),
            Rules.partners(),
        ):
            assert fitted_leaf(other) is None

    @TABLES
    def test_one_weight_a_feature_and_an_intercept(self, rules: Rules) -> None:
        state = skipbo.new_game(rules, seed=1)
        assert len(leaf_features(state, 0)) + 1 == len(FITTED[rules])

    @TABLES
    def test_fewer_own_stock_cards_are_better_and_fewer_of_an_opponent_worse(
        self, rules: Rules
    ) -> None:
        value = fitted_leaf(rules)
        assert value is not None
        state = skipbo.new_game(rules, seed=4)
        for seat in range(rules.players):
            for other in range(rules.players):
                chances = []
                for left in range(30, 0, -1):
                    stocks = list(state.stocks)
                    # The top card stays: only how many cards are under it changes.
                    stocks[other] = state.stocks[other][-left:]
                    chances.append(value(attrs.evolve(state, stocks=tuple(stocks)), seat))
                rising = all(a < b for a, b in itertools.pairwise(chances))
                falling = all(a > b for a, b in itertools.pairwise(chances))
                assert rising if other == seat else falling, (seat, other)

    def test_a_finished_game_is_a_win_or_nothing(self) -> None:
        value = fitted_leaf(self.RULES)
        assert value is not None
        state = skipbo.new_game(self.RULES, seed=2)
        won = attrs.evolve(state, outcome=skipbo.Outcome(skipbo.Termination.STOCK_EMPTIED, 1, (1,)))
        blocked = attrs.evolve(state, outcome=skipbo.Outcome(skipbo.Termination.BLOCKED))
        assert [value(won, seat) for seat in range(4)] == [0.0, 1.0, 0.0, 0.0]
        assert [value(blocked, seat) for seat in range(4)] == [0.0] * 4


class TestSearchDeals:
    """The search's deals a choice: more where the fitted leaf applies."""

    @staticmethod
    def searched_view(rules: Rules, completed: int = 0) -> skipbo.PlayerView:
        """The first view of a heuristic game at ``rules`` where the search has a choice
        and at least ``completed`` cards of completed build piles are set aside."""
        bot = HeuristicBot()
        probe = SearchBot(0, iterations=1)
        for seed in itertools.count(6):  # a game may end before enough cards complete
            state = skipbo.new_game(rules, seed=seed)
            while state.outcome is None:
                seen = skipbo.view(state, state.current_player)
                if len(state.completed) >= completed and len(probe.candidates(seen)) > 1:
                    return seen
                state = skipbo.apply(state, bot.choose(seen))
        raise AssertionError("unreachable: itertools.count never ends")

    @pytest.mark.parametrize(
        ("rules", "deals"),
        [
            (Rules(players=2), FITTED_ITERATIONS),
            (Rules(players=4), FITTED_ITERATIONS),
            (Rules(players=3), DEFAULT_ITERATIONS),
        ],
    )
    def test_default_deals(self, rules: Rules, deals: int) -> None:
        bot = SearchBot(0)
        bot.choose(self.searched_view(rules))
        assert bot.deals == deals

    def test_completed_piles_are_dealt_few_wilds(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """The deals' completed piles hold wilds as real piles do, not as uniform deals."""
        seen = self.searched_view(Rules(players=4), completed=24)  # two completed piles
        dealt: list[GameState] = []

        def recording(seen: skipbo.PlayerView, rng: random.Random, **options: Any) -> GameState:
            deal = sample_state(seen, rng, **options)
            dealt.append(deal)
            return deal

        monkeypatch.setattr(search, "sample_state", recording)
        SearchBot(0, iterations=60).choose(seen)

        def share(deals: list[GameState]) -> float:
            cards = [card for deal in deals for card in deal.completed]
            return cards.count(WILD) / len(cards)

        assert len(dealt) >= 60
        assert abs(share(dealt) - COMPLETED_WILDS) < 0.05
        uniform = [sample_state(seen, random.Random(seed)) for seed in range(60)]
        assert share(uniform) > COMPLETED_WILDS + 0.15  # what the search no longer deals

    def test_given_deals_are_kept_with_the_fitted_leaf(self) -> None:
        bot = SearchBot(0, iterations=3)
        bot.choose(self.searched_view(Rules(players=4)))
        assert bot.deals == 3

    @pytest.mark.rule("R-INFO-3")
    @settings(max_examples=10)
    @given(
        data=st.data(),
        state=game_states(st.sampled_from([Rules(players=2), Rules(players=4)])),
        seed=st.integers(0, 99),
    )
    def test_fitted_leaf_ignores_hidden_cards(
        self, data: st.DataObject, state: GameState, seed: int
    ) -> None:
        """R-INFO-3: with the fitted leaf too, the search decides from the view alone."""
        if skipbo.is_over(state):
            return
        seat = state.current_player
        other = data.draw(hidden_redeals(state, seat), label="redealt")
        chosen = SearchBot(seed, iterations=SMALL_SEARCH).choose(skipbo.view(state, seat))
        again = SearchBot(seed, iterations=SMALL_SEARCH).choose(skipbo.view(other, seat))
        assert chosen == again
