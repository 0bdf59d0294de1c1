"""Tests for the shipped bots: they decide from a view, legally, reproducibly, in every variant."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import skipbo
from skipbo import Discard, GameState, PlayFromDiscard, PlayFromHand, PlayFromStock, Rules
from skipbo.arena import play_game
from skipbo.bots import BOTS, Bot, HeuristicBot, SearchBot, make_bot
from skipbo.bots.heuristic import danger, stock_plan
from tests.arrange import arrange
from tests.strategies import game_states, hidden_redeals, individual_rules, team_rules

SMALL_SEARCH = 2
"""Deals per choice for the search bot in the tests: enough to search, cheap to run."""


def shipped_bot(name: str, seed: int) -> Bot:
    """The bot ``name`` as the tests run it (the search bot with a small budget)."""
    if name == "search":
        return SearchBot(seed, iterations=SMALL_SEARCH)
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

    def test_time_limit_still_chooses_a_legal_move(self) -> None:
        state = skipbo.new_game(Rules(players=2), seed=9)
        seen = skipbo.view(state, state.current_player)
        move = SearchBot(0, iterations=1000, time_limit=0.001).choose(seen)
        assert move in skipbo.legal_moves(state)
