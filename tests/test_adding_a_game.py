"""A third game plugs in from its own package and one module a layer (docs: Adding a game).

:mod:`tests.highcard` is a toy game (each seat keeps or swaps one hidden card; the
highest card wins) written on the pattern of :mod:`skipbo.games`: its package
registers the game (its adapter), :mod:`tests.highcard.observation` its encoder for
the environments and :mod:`tests.highcard.pictures` its painter. Nothing of skipbo
names it, yet the arena, the conformance checker, the PettingZoo environment and
the pictures all play it.
"""

from __future__ import annotations

import random
import re
from typing import Any

import attrs
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import skipbo
from skipbo.arena import play_game, tournament
from skipbo.common.conformance import ConformanceError
from skipbo.common.game import game_of, register_game
from skipbo.common.registry import LayerRegistry
from skipbo.envs.gymnasium import GameEnv
from skipbo.envs.pettingzoo import GameAECEnv, env
from skipbo.errors import ArgumentTypeError, IllegalMoveError
from skipbo.observation.encoder import encoder_of, register_encoder
from skipbo.pictures import draw
from skipbo.pictures.drawing import painter_of, register_painter
from skipbo.pictures.notebook import shown_types
from skipbo.pictures.replay import replay_html
from tests import highcard
from tests.highcard import engine
from tests.highcard import observation as highcard_observation
from tests.highcard import pictures as highcard_pictures
from tests.highcard.adapter import HIGH_CARD
from tests.highcard.bots import BOTS, SwapLowBot
from tests.highcard.moves import Move
from tests.highcard.views import View

RULES = highcard.Rules(players=3, cards=9)
EMPTY_DECK = highcard.Rules(players=3, cards=3)
"""As many cards as seats: the deck is empty, so a swap is never allowed (H-SWAP)."""


def final_state(record: highcard.GameRecord) -> highcard.GameState:
    *_, last = highcard.replay(record)
    return last


def highest(state: highcard.GameState) -> tuple[int, ...]:
    """The seat holding the highest card (H-WIN), worked out here from the hands."""
    return (max(range(len(state.hands)), key=state.hands.__getitem__),)


class TestArena:
    def test_a_game_is_played_and_recorded_and_the_highest_card_wins(self) -> None:
        for seed in range(20):
            record = play_game(RULES, [SwapLowBot(seat) for seat in range(3)], seed=seed)
            assert isinstance(record, highcard.GameRecord)
            assert len(record.moves) == RULES.players  # one move a seat (H-MOVE)
            final = final_state(record)
            assert final.outcome is not None
            assert final.outcome.winners == highest(final)

    def test_each_bot_sees_only_its_own_seat(self) -> None:
        seen: list[tuple[int, View]] = []

        class Spy:
            def __init__(self, seat: int) -> None:
                self.seat = seat

            def choose(self, view: View) -> Move:
                seen.append((self.seat, view))
                return Move.KEEP

        record = play_game(RULES, [Spy(seat) for seat in range(3)], seed=4)
        deal = next(highcard.replay(record))
        assert [(seat, view.seat, view.card) for seat, view in seen] == [
            (seat, seat, deal.hands[seat]) for seat in range(3)
        ]

    def test_a_tournament_counts_one_winner_a_game_and_the_better_bot_wins_more(self) -> None:
        rules = highcard.Rules(players=2, cards=20)
        result = tournament(rules, ["swap-low", "random"], games=200, seed=3)
        assert [entry.bot for entry in result.entries] == ["swap-low", "random"]
        assert all(len(game.winners) == 1 for game in result.summaries)
        assert sum(entry.wins for entry in result.entries) == result.games == 200
        # Swapping a low card for an unknown one is the better play (about 2 in 3).
        assert result.entries[0].wins > result.entries[1].wins
        assert {game.termination for game in result.summaries} == {"showdown"}

    def test_the_arena_refuses_a_bot_the_game_does_not_have(self) -> None:
        with pytest.raises(ValueError, match="unknown bot 'heuristic'; the bots are: random"):
            tournament(RULES, ["heuristic", "random", "random"], games=1, seed=0)


class TestConformance:
    def test_the_checker_of_skipbo_checks_the_toy_by_its_own_checker(self) -> None:
        report = skipbo.check_conformance(EMPTY_DECK, games=6, seed=2)
        assert report.games == 6
        assert report.moves == 6 * EMPTY_DECK.players
        # Each step tried the swap, which the empty deck forbids (H-SWAP).
        assert getattr(report, "illegal_moves") == 6 * EMPTY_DECK.players  # noqa: B009

    def test_an_engine_that_crowns_the_wrong_seat_fails_the_check(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        right = engine.apply

        def first_seat_wins(state: highcard.GameState, move: Move) -> highcard.GameState:
            after = right(state, move)
            if after.outcome is None:
                return after
            return attrs.evolve(after, outcome=attrs.evolve(after.outcome, winners=(0,)))

        monkeypatch.setattr(engine, "apply", first_seat_wins)
        with pytest.raises(ConformanceError, match="do not hold the highest card"):
            skipbo.check_conformance(RULES, games=20, seed=0)

    def test_an_engine_that_allows_a_swap_from_an_empty_deck_fails_the_check(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        right = engine.apply

        def swap_anything(state: highcard.GameState, move: Move) -> highcard.GameState:
            if state.outcome is None and move is Move.SWAP and not state.deck:
                return attrs.evolve(state, moved=state.moved + 1)  # a swap of nothing
            return right(state, move)

        monkeypatch.setattr(engine, "apply", swap_anything)
        with pytest.raises(ConformanceError, match="accepted the illegal move swap"):
            skipbo.check_conformance(EMPTY_DECK, games=1, seed=0)

    def test_a_move_after_the_showdown_is_refused_and_changes_nothing(self) -> None:
        record = play_game(RULES, [SwapLowBot(seat) for seat in range(3)], seed=1)
        final = final_state(record)
        with pytest.raises(IllegalMoveError, match="H-END"):
            highcard.apply(final, Move.KEEP)
        assert final == final_state(record)


class TestPettingZoo:
    @pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
    @pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
    @pytest.mark.parametrize("rules", [RULES, EMPTY_DECK, highcard.Rules(players=6, cards=12)])
    def test_pettingzoo_checks(self, rules: highcard.Rules) -> None:
        api_test(env(rules), num_cycles=100)
        seed_test(lambda: env(rules), num_cycles=100)

    def test_the_environment_is_the_games_own(self) -> None:
        game = env(RULES)
        assert type(game) is GameAECEnv
        assert game.metadata["name"] == "highcard_v0"
        assert game.possible_agents == ["player_0", "player_1", "player_2"]
        assert game.action_space("player_0").n == len(Move)

    def test_agents_see_their_own_card_and_the_highest_card_is_rewarded(self) -> None:
        game = env(RULES)
        layout = highcard_observation.layout(RULES, 0)
        for seed in range(10):
            game.reset(seed=seed)
            rng = random.Random(seed)
            final: dict[str, float] = {}
            for agent in game.agent_iter():
                observed, reward, terminated, truncated, _ = game.last()
                if terminated or truncated:
                    final[agent] = reward
                    game.step(None)
                    continue
                seat = int(agent.removeprefix("player_"))
                hands = game.state_of_game.hands
                card = layout.read(observed["observation"], "card")
                assert card == tuple(float(value == hands[seat]) for value in range(1, 10))
                game.step(rng.choice(np.flatnonzero(observed["action_mask"]).tolist()))
            (winner,) = highest(game.state_of_game)
            assert final == {f"player_{seat}": 1.0 if seat == winner else -1.0 for seat in range(3)}

    def test_an_illegal_swap_ends_the_game_against_the_agent(self) -> None:
        game = env(EMPTY_DECK)
        game.reset(seed=1)
        assert game.observe("player_0")["action_mask"].tolist() == [1, 0]
        game.step(list(Move).index(Move.SWAP))
        assert game.rewards == {"player_0": -1.0, "player_1": 0.0, "player_2": 0.0}
        assert "swap" in game.infos["player_0"]["illegal_action"]

    def test_gymnasium_plays_it_against_the_games_bots(self) -> None:
        encoder = encoder_of(RULES)
        one = GameEnv(encoder, RULES, seat=1, opponents="swap-low", depth=0, render_mode=None)
        observation, info = one.reset(seed=5)
        assert observation.shape == one.observation_space.shape
        assert info["action_mask"].tolist() == [1, 1]  # the deck has cards: keep or swap
        assert one.state.moved == 1  # seat 0, a bot, has moved
        _, reward, terminated, _, _ = one.step(0)  # keep
        assert terminated
        assert reward == (1.0 if highest(one.state) == (1,) else -1.0)


class TestPictures:
    def cards(self, svg: str) -> list[int]:
        return [int(value) for value in re.findall(r'data-value="(\d+)"', svg)]

    def test_a_state_shows_every_seat_and_card(self) -> None:
        state = highcard.new_game(RULES, seed=7)
        svg = draw(state).svg
        assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
        assert self.cards(svg) == list(state.hands)
        assert all(f">seat {seat}<" in svg for seat in range(3))

    def test_a_seat_sees_only_its_own_card(self) -> None:
        state = highcard.new_game(RULES, seed=7)
        for seat in range(3):
            svg = draw(state, seat=seat).svg
            assert self.cards(svg) == [state.hands[seat]]
            assert svg.count('class="back"') == 2

    def test_a_record_shows_the_showdown_and_replays_as_a_page(self) -> None:
        record = play_game(RULES, [SwapLowBot(seat) for seat in range(3)], seed=2)
        final = final_state(record)
        assert self.cards(draw(record, seat=0).svg) == list(final.hands)
        page = replay_html(record)
        assert page.count("<template") == len(record.moves) + 1
        assert "seat 2: keep the card" in page or "seat 2: swap" in page

    def test_the_notebook_shows_its_values(self) -> None:
        assert {highcard.GameState, highcard.View, highcard.GameRecord} <= set(shown_types())


class TestRegistration:
    def test_each_layer_finds_the_toy_from_its_rules(self) -> None:
        assert game_of(RULES) is HIGH_CARD
        assert encoder_of(RULES) is highcard_observation.ENCODER
        assert painter_of(highcard.new_game(RULES, seed=0)) is highcard_pictures.PAINTER
        assert HIGH_CARD.bots is BOTS

    def test_registering_again_is_harmless_and_another_entry_is_refused(self) -> None:
        register_game(highcard.Rules, HIGH_CARD)
        register_encoder(highcard.Rules, highcard_observation.ENCODER)
        register_painter(highcard.Rules, highcard_pictures.PAINTER)
        other = attrs.evolve(highcard_pictures.PAINTER, draw=lambda value, options: "")
        with pytest.raises(ValueError, match="another painter is registered for Rules"):
            register_painter(highcard.Rules, other)
        with pytest.raises(ArgumentTypeError, match="painter must be a Painter"):
            register_painter(highcard.Rules, "a painter")  # type: ignore[arg-type]

    def test_a_game_without_a_layers_module_gets_a_typed_error_naming_the_games(self) -> None:
        @attrs.frozen
        class Unpainted:
            rules: Any

        with pytest.raises(ArgumentTypeError, match=r"painter \(skipbo, skyjo, highcard\)"):
            draw(Unpainted(rules=1.5))
        with pytest.raises(
            ArgumentTypeError, match="the games with one are: skipbo, skyjo, highcard"
        ):
            encoder_of("rules")

    def test_a_registry_names_a_rules_type_no_game_has(self) -> None:
        registry: LayerRegistry[str] = LayerRegistry("thing")
        registry.register(float, "a float's thing")
        with pytest.raises(ArgumentTypeError, match="the games with one are: float"):
            registry.of(1)
        with pytest.raises(ArgumentTypeError, match="rules_type must be a class"):
            registry.register("float", "x")  # type: ignore[arg-type]
