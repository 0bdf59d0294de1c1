"""Tests for the learned bot: its turn listing agrees with the engine, its weights load,
it plays legally and reproducibly from its view.

That its choice ignores hidden cards, plays every variant and is the same for a seed is
tested with every shipped bot in ``tests/test_bots.py`` (``"learned"`` is one of ``BOTS``).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import skipbo
from skipbo import Discard, GameState, PlayFromStock, Rules
from skipbo.arena import play_game
from skipbo.games.skipbo.bots import BOTS, HeuristicBot, LearnedBot, make_bot
from skipbo.games.skipbo.bots.learned import (
    STOCK_FIRST,
    Node,
    feature_count,
    root,
    step,
    turn_ends,
    weights_for,
)
from skipbo.games.skipbo.bots.learned_weights import WEIGHTS
from tests.strategies import game_states, hidden_redeals, individual_rules


def heuristic_positions(rules: Rules, seed: int, every: int = 7) -> list[GameState]:
    """Every ``every``-th position of a heuristic game at ``rules`` (the game's moves
    fixed by the seed: the heuristic draws no randomness)."""
    bot = HeuristicBot()
    state = skipbo.new_game(rules, seed=seed)
    positions = []
    while not skipbo.is_over(state):
        positions.append(state)
        state = skipbo.apply(state, bot.choose(skipbo.view(state, state.current_player)))
    return positions[::every]


def key(node: Node) -> object:
    return (
        tuple(sorted(node.needs)),
        node.hand,
        tuple(sorted(node.discards)),
        node.stock_size,
        node.ended,
    )


class TestWeights:
    def test_shipped_for_two_and_four_players_with_the_documented_shape(self) -> None:
        assert set(WEIGHTS) == {2, 4}
        for players, weights in WEIGHTS.items():
            assert len(weights) == feature_count(players)
            assert all(isinstance(weight, float) for weight in weights)

    def test_tables_by_size_and_none_for_teams(self) -> None:
        assert weights_for(Rules(players=2)) == WEIGHTS[2]
        assert weights_for(Rules(players=4)) == WEIGHTS[4]
        assert weights_for(Rules(players=3)) is None
        assert weights_for(Rules(players=6)) is None
        assert weights_for(Rules.partners()) is None

    def test_weights_of_the_wrong_length_are_refused(self) -> None:
        with pytest.raises(ValueError, match="need 32 values, got 3"):
            LearnedBot(weights={2: (1.0, 2.0, 3.0)})

    def test_registered(self) -> None:
        assert BOTS["learned"] is LearnedBot
        assert isinstance(make_bot("learned", 1), LearnedBot)


@pytest.mark.parametrize("players", [2, 4])
class TestTurnEnds:
    def test_every_line_is_legal_and_ends_where_the_engine_does(self, players: int) -> None:
        """R-TURN-2..4: each listed line, made move by move on the real state, is legal
        and leaves the build piles, discard piles, stock and hand the listing says."""
        checked = 0
        for state in heuristic_positions(Rules(players=players), seed=players):
            seat = state.current_player
            seen = skipbo.view(state, seat)
            ends = turn_ends(seen)
            if ends is None:  # beyond MAX_ENDS: the heuristic moves (tested below)
                continue
            for end in ends[:: max(1, len(ends) // 25)]:
                after = state
                for move in end.line:
                    assert move in skipbo.legal_moves(after)
                    after = skipbo.apply(after, move)
                node = end.node
                if node.ended == "win":
                    assert after.outcome is not None
                    assert seat in after.outcome.winners
                    continue
                assert tuple(len(pile) + 1 for pile in after.builds) == node.needs
                assert after.discards[seat] == node.discards
                assert len(after.stocks[seat]) == node.stock_size
                if node.ended == "discard":
                    assert after.current_player != seat
                    assert after.hands[seat] == node.hand
                else:  # a chance point: the same seat moves on
                    assert after.current_player == seat
                    assert (node.ended == "stock") == isinstance(end.line[-1], PlayFromStock)
                    if node.ended == "refill":
                        assert node.hand == ()
                checked += 1
        assert checked > 100

    def test_ends_are_distinct_and_every_discard_is_one(self, players: int) -> None:
        for state in heuristic_positions(Rules(players=players), seed=10 + players):
            seen = skipbo.view(state, state.current_player)
            ends = turn_ends(seen)
            if ends is None:
                continue
            keys = [key(end.node) for end in ends]
            assert len(set(keys)) == len(keys)
            start = root(seen)
            for move in skipbo.legal_moves(state):
                if isinstance(move, Discard):
                    assert key(step(start, move, 12)) in set(keys)

    def test_a_limit_gives_none(self, players: int) -> None:
        state = heuristic_positions(Rules(players=players), seed=3)[5]
        seen = skipbo.view(state, state.current_player)
        ends = turn_ends(seen)
        assert ends is not None
        assert len(ends) > 1
        assert turn_ends(seen, limit=1) is None


class TestChoice:
    @pytest.mark.rule("R-INFO-2", "R-INFO-3")
    @settings(max_examples=40)
    @given(data=st.data(), state=game_states(individual_rules()), seed=st.integers(0, 2**32))
    def test_choice_ignores_hidden_cards(
        self, data: st.DataObject, state: GameState, seed: int
    ) -> None:
        """R-INFO-3: re-dealing what the seat to move cannot see never changes the
        learned bot's choice (its value reads the view only)."""
        if skipbo.is_over(state):
            return
        seat = state.current_player
        other = data.draw(hidden_redeals(state, seat), label="redealt")
        chosen = LearnedBot(seed).choose(skipbo.view(state, seat))
        assert chosen == LearnedBot(seed).choose(skipbo.view(other, seat))
        assert chosen in skipbo.legal_moves(state)

    @pytest.mark.parametrize("players", [2, 4, 6])
    def test_plays_whole_games_legally(self, players: int) -> None:
        bots = [LearnedBot(seat) for seat in range(players)]
        record = play_game(Rules(players=players), bots, seed=21)
        assert skipbo.is_over(list(skipbo.replay(record))[-1])

    def test_same_seed_same_game_at_four_players(self) -> None:
        rules = Rules(players=4)
        records = [
            play_game(rules, [LearnedBot(seat) for seat in range(4)], seed=5) for _ in range(2)
        ]
        assert records[0] == records[1]

    def test_plays_to_the_stock_when_it_can(self) -> None:
        """A line that plays the stock top beats every line that does not (STOCK_FIRST)."""
        found = 0
        for state in heuristic_positions(Rules(players=2), seed=4, every=1):
            seen = skipbo.view(state, state.current_player)
            if any(isinstance(move, PlayFromStock) for move in skipbo.legal_moves(state)):
                bot = LearnedBot()
                bot.choose(seen)
                assert bot._plan is not None
                last = bot._plan[1][-1][1]
                assert last.ended in ("stock", "win")
                found += 1
        assert found > 5
        assert STOCK_FIRST > 100

    def test_too_many_end_positions_leave_the_move_to_the_heuristic(self) -> None:
        for state in heuristic_positions(Rules(players=2), seed=8)[:20]:
            seen = skipbo.view(state, state.current_player)
            assert LearnedBot(max_ends=1).choose(seen) == HeuristicBot().choose(seen)

    @pytest.mark.parametrize("rules", [Rules.partners(), Rules(players=3)], ids=["teams", "3p"])
    def test_tables_without_weights_are_the_heuristics(self, rules: Rules) -> None:
        for state in heuristic_positions(rules, seed=2)[:20]:
            seen = skipbo.view(state, state.current_player)
            assert LearnedBot().choose(seen) == HeuristicBot().choose(seen)

    def test_differs_from_the_heuristic(self) -> None:
        """The learned value decides: some choices are not the heuristic's."""
        differ = 0
        for state in heuristic_positions(Rules(players=2), seed=6, every=1):
            seen = skipbo.view(state, state.current_player)
            differ += LearnedBot().choose(seen) != HeuristicBot().choose(seen)
        assert differ > 0
