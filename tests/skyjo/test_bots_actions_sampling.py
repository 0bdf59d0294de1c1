"""Skyjo bots, the action space and determinization."""

from __future__ import annotations

import random
from functools import partial

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skipbo import skyjo
from skipbo.games.skyjo import Rules
from skipbo.games.skyjo.actions import (
    ACTION_COUNT,
    ActionError,
    action_to_move,
    legal_action_mask,
    legal_actions,
    move_to_action,
)
from skipbo.games.skyjo.bots import BOTS, HeuristicBot, SearchBot, make_bot
from skipbo.games.skyjo.bots.v1 import SearchBot as SearchBotV1
from skipbo.games.skyjo.sampling import sample_state, unseen_cards
from tests.skyjo.strategies import game_states, with_hidden_shuffled

SEARCHES: dict[str, type[SearchBot] | type[SearchBotV1]] = {
    "search": SearchBot,
    "search@1": SearchBotV1,
}
"""The searching bots: played with few deals, or not whole games."""


def play_bots(rules: Rules, names: list[str], seed: int) -> skyjo.GameState:
    bots = [make_bot(name, seed=seed * 10 + seat) for seat, name in enumerate(names)]
    state = skyjo.new_game(rules, seed=seed)
    while not skyjo.is_over(state):
        seen = skyjo.view(state)
        move = bots[seen.current_player].choose(seen)
        assert move in skyjo.legal_moves(state)
        state = skyjo.apply(state, move)
    return state


class TestBots:
    # The search bot plays whole games in test_bots_strength (shorter ones: it is slow).
    @pytest.mark.parametrize("name", sorted(set(BOTS) - set(SEARCHES)))
    @pytest.mark.parametrize("players", [2, 5, 8])
    def test_bots_play_whole_games_with_legal_moves(self, name: str, players: int) -> None:
        state = play_bots(Rules(players=players), [name] * players, seed=players)
        skyjo.check_invariants(state)

    def test_the_heuristic_bot_beats_random_players(self) -> None:
        wins = 0.0
        for seed in range(12):
            names = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
            outcome = skyjo.outcome(play_bots(Rules(players=2), names, seed))
            assert outcome is not None
            wins += sum(names[w] == "heuristic" for w in outcome.winners) / len(outcome.winners)
        assert wins >= 10

    def test_the_heuristic_bot_keeps_a_low_discard_and_completes_columns(self) -> None:
        from tests.skyjo.helpers import arrange, play

        grid = [9, 9, 5, 6, 7, 8, 10, 11, 12, 3, 4, 1]
        state = play(arrange(Rules(players=2), [grid, grid], discard=9), "r0+1", "r0+1")
        seen = skyjo.view(state)
        assert HeuristicBot(0).choose(seen) == skyjo.TakeDiscard()
        state = play(state, "take")
        assert HeuristicBot(0).choose(skyjo.view(state)) == skyjo.Swap(2)

    def test_unknown_bot_names_are_refused_with_the_names(self) -> None:
        with pytest.raises(
            ValueError, match="heuristic, heuristic-1, heuristic@1, low-discard, random"
        ):
            make_bot("nope")

    @pytest.mark.rule("S-INFO-2")
    @given(state=game_states(), seed=st.integers(0, 2**32))
    def test_a_bots_choice_ignores_hidden_cards(self, state: skyjo.GameState, seed: int) -> None:
        if skyjo.is_over(state):
            return
        other = with_hidden_shuffled(state, random.Random(seed))
        for name in BOTS:
            # The search bot with few deals: this runs for a hundred states.
            make = (
                partial(SEARCHES[name], iterations=2)
                if name in SEARCHES
                else partial(make_bot, name)
            )
            chosen = make(seed=1).choose(skyjo.view(state))
            assert make(seed=1).choose(skyjo.view(other)) == chosen


class TestActions:
    def test_every_move_has_one_action(self) -> None:
        assert ACTION_COUNT == 92
        for action in range(ACTION_COUNT):
            assert move_to_action(action_to_move(action)) == action

    @pytest.mark.parametrize("bad", [-1, 92, 1.0, True, "0"])
    def test_actions_outside_the_space_are_refused(self, bad: object) -> None:
        with pytest.raises(ActionError):
            action_to_move(bad)  # type: ignore[arg-type]

    def test_a_non_move_has_no_action(self) -> None:
        with pytest.raises(ActionError):
            move_to_action(skyjo.Swap(12))

    @given(state=game_states())
    def test_the_mask_marks_exactly_the_legal_moves(self, state: skyjo.GameState) -> None:
        mask = legal_action_mask(state)
        assert [a for a in range(ACTION_COUNT) if mask[a]] == legal_actions(state)
        assert [action_to_move(a) for a in legal_actions(state)] == skyjo.legal_moves(state)
        assert legal_actions(state) == sorted(legal_actions(state))


class TestSampling:
    @given(state=game_states(), seed=st.integers(0, 2**32))
    def test_a_sample_has_the_same_view_and_is_valid(
        self, state: skyjo.GameState, seed: int
    ) -> None:
        seen = skyjo.view(state)
        sample = sample_state(seen, random.Random(seed))
        skyjo.check_invariants(sample)
        assert skyjo.view(sample) == seen

    def test_samples_differ_in_the_hidden_cards(self) -> None:
        seen = skyjo.view(skyjo.new_game(Rules(), seed=2))
        samples = {sample_state(seen, random.Random(seed)).grids for seed in range(5)}
        assert len(samples) == 5
        assert sum(unseen_cards(seen).values()) == 149

    def test_a_view_showing_too_many_cards_is_refused(self) -> None:
        import attrs

        seen = skyjo.view(skyjo.new_game(Rules(), seed=2))
        forged = attrs.evolve(seen, discard_pile=(-2,) * 6)
        with pytest.raises(skyjo.InvalidStateError, match="more cards"):
            sample_state(forged, random.Random(0))
