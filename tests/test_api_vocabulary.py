"""One vocabulary for both games: ``skipbo`` and ``skipbo.skyjo`` offer the same core names.

Code written against one game's facade (``new_game``, ``legal_moves``, ``apply``,
``is_over``, ``outcome``, ``current_player``, ``view``, ...) plays the other: the
names exist in both, take the same parameters and mean the same on a played game.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

import skipbo
from skipbo import skyjo
from skipbo.arena import play_game
from skipbo.common.game import game_of
from skipbo.games.skipbo import actions as skipbo_actions
from skipbo.games.skipbo.bots import make_bot as skipbo_bot
from skipbo.games.skyjo import actions as skyjo_actions
from skipbo.games.skyjo.bots import make_bot as skyjo_bot

GAMES = [pytest.param(skipbo, id="skipbo"), pytest.param(skyjo, id="skyjo")]

CORE_FUNCTIONS = (
    "new_game",
    "legal_moves",
    "apply",
    "is_over",
    "outcome",
    "current_player",
    "view",
    "spectator_view",
    "check_invariants",
    "invariant_violations",
    "check_conformance",
    "parse_move",
    "all_moves",
    "replay",
    "max_moves",
)
"""The functions of a game's core, with the same meaning in both games."""

CORE_TYPES = (
    "Rules",
    "Deck",
    "Card",
    "GameState",
    "Outcome",
    "Move",
    "GameRecord",
    "ConformanceReport",
)
"""The values every game has."""

SHARED_ERRORS = (
    "ArgumentTypeError",
    "ConfigurationError",
    "IllegalMoveError",
    "InvalidMoveError",
    "MoveSyntaxError",
    "InvalidStateError",
    "DataError",
    "InvariantViolation",
    "ViewError",
    "ActionError",
    "ReplayError",
    "ConformanceError",
)
"""The errors both games raise, each under the same name."""

RANDOM_RULES: dict[str, Any] = {
    "skipbo": skipbo.Rules(players=3, stock_size=5),
    "skyjo": skyjo.Rules(players=3),
}


def _name(game: ModuleType) -> str:
    return "skyjo" if game is skyjo else "skipbo"


def _parameters(function: Callable[..., Any]) -> list[tuple[str, Any]]:
    return [(p.name, p.kind) for p in inspect.signature(function).parameters.values()]


def _required(function: Callable[..., Any]) -> set[str]:
    parameters = inspect.signature(function).parameters.values()
    return {p.name for p in parameters if p.default is inspect.Parameter.empty}


class TestNames:
    @pytest.mark.parametrize("game", GAMES)
    @pytest.mark.parametrize("name", CORE_FUNCTIONS + CORE_TYPES + SHARED_ERRORS)
    def test_each_facade_exports_the_core_name(self, game: ModuleType, name: str) -> None:
        assert name in game.__all__
        assert getattr(game, name) is not None

    @pytest.mark.parametrize("name", CORE_FUNCTIONS)
    def test_a_core_function_takes_the_same_parameters_in_both_games(self, name: str) -> None:
        mine, theirs = getattr(skipbo, name), getattr(skyjo, name)
        assert _parameters(mine) == _parameters(theirs)
        # What one game requires the other accepts: a call written for either works.
        names = {parameter for parameter, _ in _parameters(mine)}
        assert _required(mine) <= names
        assert _required(theirs) <= _required(mine)

    @pytest.mark.parametrize("name", SHARED_ERRORS)
    def test_an_error_of_either_game_is_caught_by_one_shared_class(self, name: str) -> None:
        """``except`` the shared class of a name catches that error of both games."""
        shared = [
            kind
            for kind in skyjo.__dict__[name].__mro__
            if kind.__name__ == name and not kind.__module__.startswith("skipbo.games.skyjo")
        ]
        assert shared, f"skyjo.{name} derives from no shared {name}"
        assert issubclass(getattr(skipbo, name), shared[0])
        assert issubclass(getattr(skyjo, name), skyjo.SkyjoError)

    def test_the_outcomes_name_their_winners_alike(self) -> None:
        assert skipbo.Outcome(skipbo.Termination.STOCK_EMPTIED, 1, (1,)).winner == 1
        assert skipbo.Outcome(skipbo.Termination.BLOCKED).winners == ()
        assert skyjo.Outcome(winners=(2,), totals=(50, 60, 40)).winner == 2
        assert skyjo.Outcome(winners=(0, 2), totals=(40, 60, 40)).winner is None


def _random_game(game: ModuleType, seed: int) -> list[Any]:
    """Every state of a game of random legal moves, checking the core queries at each."""
    rules = RANDOM_RULES[_name(game)]
    state = game.new_game(rules, seed=seed)
    rng = random.Random(seed)
    states = [state]
    every_move = set(game.all_moves(rules))
    while not game.is_over(state):
        seat = game.current_player(state)
        assert seat == state.current_player
        seen = game.view(state, seat)
        assert game.current_player(seen) == seat
        assert game.is_over(seen) is False
        assert game.outcome(state) is game.outcome(seen) is None
        moves = game.legal_moves(state)
        assert game.legal_moves(seen) == moves
        assert set(moves) <= every_move
        move = rng.choice(moves)
        assert game.parse_move(str(move)) == move
        state = game.apply(state, move)
        states.append(state)
    game.check_invariants(state)
    assert game.invariant_violations(state) == []
    return states


class TestPlayedGame:
    @pytest.mark.rule("R-INFO-1", "S-INFO-1", "R-WIN-3", "S-SCORE-3")
    @pytest.mark.parametrize("game", GAMES)
    def test_the_core_queries_agree_with_the_state_and_the_view(self, game: ModuleType) -> None:
        states = _random_game(game, seed=2)
        final = states[-1]
        assert game.is_over(final)
        assert game.legal_moves(final) == []
        # In a finished game the seat to move is the seat that moved last, in both games.
        assert game.current_player(final) == game.current_player(states[-2])
        seen = game.spectator_view(final)
        assert game.is_over(seen)
        assert game.outcome(seen) == game.outcome(final) == final.outcome

    @pytest.mark.parametrize("game", GAMES)
    def test_a_state_is_refused_a_seat_it_does_not_have(self, game: ModuleType) -> None:
        state = game.new_game(RANDOM_RULES[_name(game)], seed=1)
        with pytest.raises(game.ViewError, match=r"seat 3 is not in this game \(seats 0 to 2\)"):
            game.view(state, 3)
        with pytest.raises(skipbo.ViewError):
            game.view(state, -1)

    @pytest.mark.parametrize("game", GAMES)
    @pytest.mark.parametrize("query", ["current_player", "is_over", "outcome"])
    def test_a_query_of_something_else_is_a_type_error(self, game: ModuleType, query: str) -> None:
        with pytest.raises(skipbo.ArgumentTypeError, match="GameState"):
            getattr(game, query)({"current_player": 0})

    @pytest.mark.parametrize("game", GAMES)
    def test_a_game_without_a_seed_is_dealt_a_secret_one(self, game: ModuleType) -> None:
        rules = RANDOM_RULES[_name(game)]
        assert game.new_game(rules) != game.new_game(rules)  # 64-bit seeds do not repeat
        assert game.new_game(rules, seed=5) == game.new_game(rules, seed=5)

    @pytest.mark.parametrize("game", GAMES)
    def test_a_record_replays_to_the_same_outcome(self, game: ModuleType) -> None:
        rules = RANDOM_RULES[_name(game)]
        make = skyjo_bot if game is skyjo else skipbo_bot
        record = play_game(rules, [make("heuristic", seat) for seat in range(3)], seed=4)
        assert isinstance(record, game.GameRecord)
        final = list(game.replay(record))[-1]
        # The arena reads the winners through the game's adapter: the outcome's winners.
        assert game_of(rules).winners(final) == game.outcome(final).winners


class TestWinners:
    """``Outcome.winners``: the winning seats, by each game's rules."""

    @pytest.mark.rule("R-WIN-1")
    @pytest.mark.parametrize("seed", range(3))
    def test_skipbo_the_seat_that_empties_its_stock(self, seed: int) -> None:
        rules = skipbo.Rules(players=3, stock_size=5)
        record = play_game(rules, [skipbo_bot("heuristic", seat) for seat in range(3)], seed=seed)
        final = list(skipbo.replay(record))[-1]
        outcome = skipbo.outcome(final)
        assert outcome is not None
        emptied = tuple(seat for seat in range(3) if not final.stocks[seat])
        assert len(emptied) == 1
        assert outcome.termination is skipbo.Termination.STOCK_EMPTIED
        assert outcome.winners == emptied
        assert outcome.winner == emptied[0]

    @pytest.mark.rule("R-TEAM-3")
    @pytest.mark.parametrize("seed", range(3))
    def test_skipbo_in_team_play_the_team_seats(self, seed: int) -> None:
        rules = skipbo.Rules.partners(stock_size=5)
        record = play_game(rules, [skipbo_bot("heuristic", seat) for seat in range(4)], seed=seed)
        final = list(skipbo.replay(record))[-1]
        outcome = skipbo.outcome(final)
        assert outcome is not None
        assert outcome.termination is skipbo.Termination.STOCK_EMPTIED
        # R-TEAM-3: the team whose stock piles are all empty wins, every seat of it.
        team = next(
            team
            for team in rules.teams or ()
            if all(not final.stocks[stock] for stock in rules.seating.stock_sources[team[0]])
        )
        assert outcome.winners == tuple(sorted(team))
        assert outcome.winner is None

    @pytest.mark.rule("S-SCORE-3")
    @pytest.mark.parametrize("seed", range(3))
    def test_skyjo_the_seats_of_the_lowest_total(self, seed: int) -> None:
        final = _random_game(skyjo, seed)[-1]
        outcome = skyjo.outcome(final)
        assert outcome is not None
        totals = [sum(score.scores[seat] for score in final.history) for seat in range(3)]
        assert max(totals) >= final.rules.end_score
        assert outcome.winners == tuple(s for s in range(3) if totals[s] == min(totals))
        single = outcome.winners[0] if len(outcome.winners) == 1 else None
        assert outcome.winner == single


class TestOneViewForEveryone:
    """Skyjo's view takes a seat as Skip-Bo's does, and gives every seat the same (S-INFO-2)."""

    @pytest.mark.rule("S-INFO-2")
    def test_skyjo_every_seat_sees_the_spectators_view(self) -> None:
        for state in _random_game(skyjo, seed=6)[::25]:
            spectator = skyjo.spectator_view(state)
            assert spectator == skyjo.view(state) == skyjo.view(state, None)
            assert all(skyjo.view(state, seat) == spectator for seat in range(3))

    @pytest.mark.rule("R-INFO-2", "R-INFO-3")
    def test_skipbo_a_seat_sees_its_own_hand_and_a_spectator_none(self) -> None:
        state = skipbo.new_game(RANDOM_RULES["skipbo"], seed=6)
        seat = skipbo.current_player(state)
        assert skipbo.view(state, seat).hand == state.hands[seat]
        assert skipbo.spectator_view(state) == skipbo.view(state, None)
        assert skipbo.spectator_view(state).hand is None

    def test_skyjo_all_moves_are_the_same_for_every_rules(self) -> None:
        assert skyjo.all_moves(skyjo.Rules(players=8)) == skyjo.all_moves()
        with pytest.raises(skipbo.ArgumentTypeError, match=r"skipbo\.skyjo\.Rules"):
            skyjo.all_moves(skipbo.Rules())  # type: ignore[arg-type]


class TestActions:
    """The integer actions of both games: the same names, the same kinds of values."""

    @pytest.mark.parametrize(
        ("game", "actions"),
        [(skipbo, skipbo_actions), (skyjo, skyjo_actions)],
        ids=["skipbo", "skyjo"],
    )
    def test_the_legal_action_mask_is_one_byte_per_action(
        self, game: ModuleType, actions: ModuleType
    ) -> None:
        state = game.new_game(RANDOM_RULES[_name(game)], seed=3)
        mask = actions.legal_action_mask(state)
        assert isinstance(mask, bytes)
        assert len(mask) == len(game.all_moves(state.rules))
        assert [index for index, flag in enumerate(mask) if flag] == actions.legal_actions(state)
        assert set(mask) == {0, 1}
