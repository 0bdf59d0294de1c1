"""Tests for `skipbo.envs.openspiel`: the ``python_skipbo`` game and OpenSpiel's bots."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import skipbo
from skipbo import ConfigurationError, Rules, view
from skipbo.actions import action_count, legal_actions
from skipbo.envs.observation import observation
from skipbo.envs.openspiel import GAME_NAME, SkipBoState, rules_from_parameters
from skipbo.text.display import format_pile

SMALL = {"highest": 5, "copies": 4, "wilds": 2, "stock_size": 3, "hand_size": 3}
"""A small deck and short stock piles: games of a few dozen moves, for the bots' search."""


@pytest.mark.parametrize(
    "parameters",
    [
        {"players": 2},
        {"players": 3},
        {"players": 4},
        # Random play in big games runs long before it blocks: a turn limit bounds it.
        {"players": 5, "turn_limit": 150},
        {"players": 6, "turn_limit": 150},
        {"players": 4, "teams": "ABAB"},
        {"players": 6, "teams": "AABBAB", "shared_piles": True, "turn_limit": 150},
        {"players": 3, **SMALL},
    ],
    ids=str,
)
def test_random_simulation(parameters: dict[str, Any]) -> None:
    """OpenSpiel's random-simulation test, serialization and cloning checked at every step."""
    game = pyspiel.load_game(GAME_NAME, parameters)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_game_follows_the_engine() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 3})
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == game.max_chance_outcomes()
    assert sum(probability for _, probability in outcomes) == pytest.approx(1.0)
    state.apply_action(11)
    expected = skipbo.new_game(Rules(players=3, turn_limit=1000), seed=11)
    assert isinstance(state, SkipBoState)
    assert state.game_state == expected
    assert state.legal_actions() == legal_actions(expected)
    assert state.observation_tensor(1) == list(observation(view(expected, 1)))
    assert game.num_distinct_actions() == action_count(expected.rules)


@pytest.mark.rule("R-INFO-3")
def test_resampling_keeps_what_the_player_knows() -> None:
    """A resampled state shows the player the same observation and information state,
    while the cards hidden from it may differ (IS-MCTS searches such states)."""
    game = pyspiel.load_game(GAME_NAME, {"players": 3, **SMALL})
    state = game.new_initial_state()
    state.apply_action(5)
    rng = np.random.RandomState(1)
    for _ in range(12):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    changed = False
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(10):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_tensor(player) == state.observation_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
        skipbo.check_invariants(sample.game_state)
        changed |= sample.game_state != state.game_state
    assert changed


def test_information_states_differ_by_private_hand() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 2})
    state = game.new_initial_state()
    state.apply_action(3)
    hand = format_pile(state.game_state.hand)
    assert hand in state.information_state_string(0)
    assert hand not in state.information_state_string(1).splitlines()[1]
    public = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    observer = game.make_py_observer(public)
    observer.set_from(state, 0)
    spectator = observation(skipbo.spectator_view(state.game_state))
    assert observer.tensor.tolist() == list(spectator)


def play(game: pyspiel.Game, bots: list[Any], deal: int) -> pyspiel.State:
    state = game.new_initial_state()
    state.apply_action(deal)
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    return state


@pytest.mark.parametrize("players", [2, 3])
def test_openspiels_mcts_and_ismcts_bots_play(players: int) -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": players, **SMALL})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searchers = [
        mcts.MCTSBot(game, 2.0, 10, evaluator, solve=False, random_state=rng),
        ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=rng),
    ]
    bots = [searchers[seat % 2] for seat in range(players)]
    for deal in range(2):
        final = play(game, bots, deal)
        returns = final.returns()
        assert sorted(returns) in ([0.0] * players, sorted([1.0] + [-1.0] * (players - 1)))


@pytest.mark.parametrize(
    ("parameters", "match"),
    [
        ({"teams": "AB-"}, "teams"),
        ({"players": 4, "teams": "ABA"}, "teams"),
        ({"turn_limit": 0}, "turn_limit"),
        ({"players": 7}, "players"),
    ],
)
def test_bad_parameters_are_refused(parameters: dict[str, Any], match: str) -> None:
    with pytest.raises(ConfigurationError, match=match):
        rules_from_parameters(parameters)


def test_parameters_give_the_rules() -> None:
    rules = rules_from_parameters({"players": 6, "teams": "ABCABC"})
    assert rules == Rules(players=6, teams=((0, 3), (1, 4), (2, 5)), turn_limit=1000)
