"""Tests for `skipbo.envs.openspiel`: ``python_skipbo`` and ``python_skyjo``, their chance
nodes, what each seat learns, and OpenSpiel's own checks and bots."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from tools.openspiel_attack import attack, knowledge

import skipbo
from skipbo import ConfigurationError, Rules, skyjo, view
from skipbo.envs.openspiel import GAME_NAME, SpielState, rules_from_parameters
from skipbo.envs.openspiel import skyjo as skyjo_game
from skipbo.games.skipbo.actions import action_count, legal_actions
from skipbo.games.skipbo.text.display import format_pile
from skipbo.observation import skyjo as skyjo_observation
from skipbo.observation.skipbo import observation

SMALL = {"highest": 5, "copies": 4, "wilds": 2, "stock_size": 3, "hand_size": 3}
"""A small deck and short stock piles: games of a few dozen moves, for the bots' search."""

SKYJO_SMALL = {"copies": 3, "end_score": 10, "turn_limit": 20}
"""Three cards of each value (45, enough for three grids) and a low end score: short games."""

Seeded = np.random.RandomState


def step_randomly(state: pyspiel.State, rng: Seeded) -> None:
    """One chance outcome by its probability, or one legal action uniformly."""
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


def dealt(game: pyspiel.Game, rng: Seeded) -> SpielState:
    """A new game with its deal laid out by chance."""
    state = game.new_initial_state()
    while state.is_chance_node():
        step_randomly(state, rng)
    assert isinstance(state, SpielState)
    return state


@pytest.mark.parametrize(
    ("name", "parameters"),
    [
        (GAME_NAME, {"players": 2}),
        # Random play in big games runs long before it blocks: a turn limit bounds it.
        (GAME_NAME, {"players": 5, "turn_limit": 40}),
        (GAME_NAME, {"players": 6, "teams": "AABBAB", "shared_piles": True, "turn_limit": 40}),
        (GAME_NAME, {"players": 3, **SMALL}),
        (skyjo_game.GAME_NAME, {"players": 2, "end_score": 40}),
        (skyjo_game.GAME_NAME, {"players": 4, **SKYJO_SMALL, "copies": 4, "end_score": 30}),
    ],
    ids=str,
)
def test_random_simulation(name: str, parameters: dict[str, Any]) -> None:
    """OpenSpiel's random-simulation test, serialization and cloning checked at every step."""
    game = pyspiel.load_game(name, parameters)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


class TestSkipBoChance:
    @pytest.mark.rule("R-SETUP-1")
    def test_the_deal_lays_out_the_deck_a_card_at_a_time(self) -> None:
        """Each chance outcome is a card with its share of the cards left, and the
        chance history of the deal is the deck's order, laid out as documented."""
        game = pyspiel.load_game(GAME_NAME, {"players": 3})
        rules = Rules(players=3, turn_limit=1000)
        state = game.new_initial_state()
        left = rules.deck.counts()
        rng = Seeded(4)
        while state.is_chance_node():
            total = left.total()
            cards, probabilities = zip(*state.chance_outcomes(), strict=True)
            assert cards == tuple(card for card in sorted(left) if left[card])
            assert probabilities == pytest.approx([left[card] / total for card in cards])
            step_randomly(state, rng)
            left[state.history()[-1]] -= 1
        order = tuple(state.history())
        assert len(order) == rules.deck.size == 162
        assert isinstance(state, SpielState)
        dealt_state = state.game_state
        size = rules.stock_size
        # The documented layout: stock piles first (top last), the draw pile's top last.
        assert dealt_state.stocks == tuple(order[s * size : (s + 1) * size] for s in range(3))
        assert dealt_state.hands[0] == tuple(sorted(order[-5:]))
        assert dealt_state.draw_pile == order[3 * size : -5]
        skipbo.check_invariants(dealt_state)
        assert state.legal_actions() == legal_actions(state.game_state)
        assert state.observation_tensor(1) == list(observation(view(state.game_state, 1)))
        assert game.num_distinct_actions() == action_count(rules)
        assert game.max_chance_outcomes() == rules.deck.highest + 1

    @pytest.mark.rule("R-DRAW-2")
    def test_a_reshuffle_lays_out_the_completed_cards(self) -> None:
        """A move that draws past the draw pile's end is followed by chance nodes that
        put the completed cards (and no other) in order; the new draw pile is that order."""
        game = pyspiel.load_game(GAME_NAME, {"players": 2, **SMALL})
        rng = Seeded(0)
        reshuffles = 0
        for _ in range(6):
            state = dealt(game, rng)
            while not state.is_terminal():
                before = state.game_state
                step_randomly(state, rng)
                if not state.is_chance_node():
                    skipbo.check_invariants(state.game_state)
                    continue
                reshuffles += 1
                laid = len(state.history())
                while state.is_chance_node():
                    step_randomly(state, rng)
                order = Counter(state.history()[laid:])
                after = state.game_state
                # The cards shuffled: those set aside, and the pile the move completed
                # (the one emptied: its cards and the one played on it, highest or wild).
                highest = after.rules.deck.highest
                emptied = [
                    b
                    for b, pile in enumerate(before.builds)
                    if len(pile) == highest - 1 and not after.builds[b]
                ]
                expected = Counter(before.completed)
                for b in emptied:
                    expected.update(before.builds[b])
                played = order - expected
                assert expected <= order
                assert played.total() == len(emptied) <= 1
                assert set(played) <= {highest, skipbo.WILD}
                assert after.completed == ()
                assert after.draw_pile == tuple(state.history()[laid:])[: len(after.draw_pile)]
                skipbo.check_invariants(after)
        assert reshuffles >= 3

    def test_a_game_mid_reshuffle_survives_serialization(self) -> None:
        game = pyspiel.load_game(GAME_NAME, {"players": 2, **SMALL})
        rng = Seeded(2)
        state = dealt(game, rng)
        while not state.is_chance_node():  # until a reshuffle, in this game or the next
            step_randomly(state, rng)
            if state.is_terminal():
                state = dealt(game, rng)
        step_randomly(state, rng)  # one card of the reshuffle laid out
        text = pyspiel.serialize_game_and_state(game, state)
        _, copy = pyspiel.deserialize_game_and_state(text)
        assert copy.history() == state.history()
        assert copy.chance_outcomes() == state.chance_outcomes()
        while state.is_chance_node():
            outcome = state.chance_outcomes()[0][0]
            state.apply_action(outcome)
            copy.apply_action(outcome)
        assert copy.game_state == state.game_state
        assert copy.information_state_string(0) == state.information_state_string(0)


# --- what a seat learns -------------------------------------------------------------------


def replay(game: pyspiel.Game, history: list[int], players: list[int]) -> pyspiel.State | None:
    """The game of ``history`` played again; ``None`` if an action is no longer possible."""
    state = game.new_initial_state()
    for player, action in zip(players, history, strict=True):
        if state.current_player() != player:
            return None
        possible = (
            dict(state.chance_outcomes()) if state.is_chance_node() else state.legal_actions()
        )
        if action not in possible:
            return None
        state.apply_action(action)
    return state


def other_deals(
    state: pyspiel.State, seats: list[int], tries: int, seed: int, swaps: int = 5
) -> list[pyspiel.State]:
    """The attack, in general form: chance histories as long as this one (its deal's
    cards in another order: ``swaps`` random exchanges of two) that no seat of
    ``seats`` can tell from it; each is checked to show them exactly what they see now."""
    game = state.get_game()
    history = state.history()
    players = [item.player for item in state.full_history()]
    deal = players.index(next(player for player in players if player >= 0))
    rng = random.Random(seed)
    found = []
    for _ in range(tries):
        changed = list(history)
        for _ in range(swaps):
            first, second = rng.sample(range(deal), 2)
            changed[first], changed[second] = changed[second], changed[first]
        other = replay(game, changed, players)
        if other is not None and all(knowledge(other, s) == knowledge(state, s) for s in seats):
            found.append(other)
    return found


@pytest.mark.rule("R-INFO-3")
def test_no_chance_history_singles_out_an_opponents_hand() -> None:
    """At seat 1's first turn, many deals that seat 1 cannot tell apart give seat 0
    other hands and the draw pile other orders (a seeded deal of one chance outcome
    singled out the whole game from the first view)."""
    game = pyspiel.load_game(GAME_NAME, {"players": 2})
    rng = Seeded(7)
    state = dealt(game, rng)
    assert len(state.history()) == 162  # one chance outcome a card, no more
    while state.current_player() != 1:
        step_randomly(state, rng)
    others = other_deals(state, [1], tries=40, seed=1)
    hands = {other.game_state.hands[0] for other in others}
    draw_piles = {other.game_state.draw_pile for other in others}
    stocks = {other.game_state.stocks for other in others}
    assert len(hands) >= 3
    assert len(draw_piles) >= 10
    assert len(stocks) >= 5
    assert hands | {state.game_state.hands[0]} != {state.game_state.hands[0]}


@pytest.mark.rule("S-INFO-2")
def test_no_chance_history_singles_out_a_face_down_card() -> None:
    """In Skyjo every seat sees the same: deals that no seat can tell apart give the
    face-down cards and the draw pile other values and orders."""
    game = pyspiel.load_game(skyjo_game.GAME_NAME, {"players": 3})
    rng = Seeded(3)
    state = dealt(game, rng)
    assert len(state.history()) == 150
    for _ in range(8):  # the reveals and the first turns
        step_randomly(state, rng)
    assert not state.is_chance_node()
    others = other_deals(state, [0, 1, 2], tries=30, seed=2)
    grids = {other.game_state.grids for other in others}
    assert len(grids) >= 5
    assert len({other.game_state.draw_pile for other in others}) >= 10


def test_the_attack_tool_finds_every_reordering_consistent() -> None:
    """``python -m tools.openspiel_attack`` in small: seat 0 sees its hand and the
    stock tops (3 + 2 places) and every reordering of the rest shows it the same."""
    line = attack(GAME_NAME, {"players": 2, **SMALL}, seed=0, samples=10)
    assert "seat 0 sees 5 of 22 places" in line
    assert "10 of 10 reorderings" in line


@pytest.mark.parametrize(
    ("name", "parameters"),
    [(GAME_NAME, {"players": 3, **SMALL}), (skyjo_game.GAME_NAME, {"players": 3, **SKYJO_SMALL})],
)
def test_resampling_keeps_what_every_seat_knows(name: str, parameters: dict[str, Any]) -> None:
    """For every seat, not only the one to move: a state resampled from its
    information state shows it the same strings and tensors, while what it cannot see
    differs (IS-MCTS searches such states)."""
    game = pyspiel.load_game(name, parameters)
    rng = Seeded(1)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = changed = 0
    state = dealt(game, rng)
    while not state.is_terminal() and checked < 40:
        if not state.is_chance_node():
            for seat in range(game.num_players()):
                sample = state.resample_from_infostate(seat, sampler)
                assert knowledge(sample, seat) == knowledge(state, seat)
                if seat == state.current_player():
                    assert sample.legal_actions() == state.legal_actions()
                check = skipbo.check_invariants if name == GAME_NAME else skyjo.check_invariants
                check(sample.game_state)
                changed += sample.game_state != state.game_state
                checked += 1
        step_randomly(state, rng)
    assert changed >= checked // 2


def test_information_states_differ_by_private_hand() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 2})
    state = dealt(game, Seeded(3))
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


@pytest.mark.rule("S-SETUP-4")
def test_a_skyjo_seat_knows_its_own_reveal_only() -> None:
    game = pyspiel.load_game(skyjo_game.GAME_NAME, {"players": 3, **SKYJO_SMALL})
    state = dealt(game, Seeded(5))
    state.apply_action(state.legal_actions()[-1])  # seat 0 chooses places 10 and 11
    assert "r10+11" in state.information_state_string(0)
    assert "r10+11" not in state.information_state_string(1)
    assert state.observation_tensor(0) != state.observation_tensor(1)
    assert state.observation_tensor(1)[-12:] == [0.0] * 12
    chosen = state.observation_tensor(0)[-12:]
    assert [place for place, entry in enumerate(chosen) if entry] == [10, 11]
    # The rest is the environments' Skyjo observation from the seat.
    public = skyjo_observation.observation(skyjo.view(state.game_state), 1)
    assert state.observation_tensor(1)[:-12] == list(public)


# --- OpenSpiel's bots -----------------------------------------------------------------------


def play(game: pyspiel.Game, bots: list[Any], rng: Seeded) -> pyspiel.State:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            step_randomly(state, rng)
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    return state


@pytest.mark.parametrize(
    ("name", "parameters"),
    [
        (GAME_NAME, {"players": 2, **SMALL}),
        (GAME_NAME, {"players": 3, **SMALL}),
        (skyjo_game.GAME_NAME, {"players": 2, **SKYJO_SMALL}),
    ],
)
def test_openspiels_ismcts_bot_plays_whole_games(name: str, parameters: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, parameters)
    rng = Seeded(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searchers = [
        ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng),
        mcts.MCTSBot(game, 2.0, 8, evaluator, solve=False, random_state=rng),
    ]
    players = game.num_players()
    final = play(game, [searchers[seat % 2] for seat in range(players)], rng)
    returns = final.returns()
    assert sorted(returns) in ([0.0] * players, sorted([1.0] + [-1.0] * (players - 1)))


@pytest.mark.parametrize(
    ("parameters", "match"),
    [
        ({"teams": "AB-"}, "teams"),
        ({"players": 4, "teams": "ABA"}, "teams"),
        ({"turn_limit": -1}, "turn_limit"),
        ({"stall_limit": 0}, "stall_limit"),
        ({"turn_move_limit": 0}, "turn_move_limit"),
        ({"players": 7}, "players"),
    ],
)
def test_bad_parameters_are_refused(parameters: dict[str, Any], match: str) -> None:
    with pytest.raises(ConfigurationError, match=match):
        rules_from_parameters(parameters)


@pytest.mark.parametrize(
    ("parameters", "match"),
    [
        ({"turn_limit": -1}, "turn_limit"),
        ({"stall_limit": 0}, "stall_limit"),
        ({"round_limit": 0}, "round_limit"),
        ({"copies": -1}, "copies"),
        ({"players": 9}, "players"),
    ],
)
def test_bad_skyjo_parameters_are_refused(parameters: dict[str, Any], match: str) -> None:
    with pytest.raises(skyjo.ConfigurationError, match=match):
        skyjo_game.rules_from_parameters(parameters)


def test_parameters_give_the_rules() -> None:
    rules = rules_from_parameters({"players": 6, "teams": "ABCABC"})
    assert rules == Rules(players=6, teams=((0, 3), (1, 4), (2, 5)), turn_limit=1000)
    small = skyjo_game.rules_from_parameters({"copies": 3, "players": 3})
    assert small.deck.cards() == tuple(sorted(list(range(-2, 13)) * 3))
    assert (small.players, small.end_score, small.turn_limit) == (3, 100, 200)


def test_an_illegal_action_changes_nothing() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 2, **SMALL})
    state = dealt(game, Seeded(6))
    before = (state.game_state, state.information_state_string(0), state.history())
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(skipbo.IllegalMoveError):
        state._apply_action(illegal)  # what OpenSpiel's apply_action calls, unchecked
    assert (state.game_state, state.information_state_string(0), state.history()) == before
