"""Tests for `skipbo.common.game`: the registry, and one arena and one checker for both games."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import skipbo
from skipbo import skyjo
from skipbo.arena import play_game, tournament
from skipbo.common import game as registry
from skipbo.common.game import AnyGame, game_of, register_game, registered_games
from skipbo.errors import ArgumentTypeError
from skipbo.games.skipbo.adapter import SKIPBO
from skipbo.games.skipbo.bots import RandomBot
from skipbo.games.skyjo import conformance as skyjo_conformance
from skipbo.games.skyjo.adapter import SKYJO
from skipbo.games.skyjo.bots import make_bot
from skipbo.games.skyjo.records import GameRecord, final_state
from skipbo.games.skyjo.serialization import from_data
from tests.cli.test_cli import run as run_command
from tests.skyjo.test_conformance import Apply, broken

SKYJO_RULES = skyjo.Rules(players=2)


def shipped(games: dict[type, AnyGame]) -> dict[type, AnyGame]:
    """The games skipbo ships: a test's own game (tests.highcard) may be registered too."""
    return {kind: game for kind, game in games.items() if kind.__module__.startswith("skipbo.")}


class TestRegistry:
    """Tests for `register_game` and `game_of`."""

    def test_each_rules_type_finds_its_game(self) -> None:
        assert game_of(skipbo.Rules()) is SKIPBO
        assert game_of(skyjo.Rules()) is SKYJO
        assert shipped(registered_games()) == {skipbo.Rules: SKIPBO, skyjo.Rules: SKYJO}

    def test_unknown_rules_name_the_known_types(self) -> None:
        with pytest.raises(TypeError) as error:
            game_of({"players": 2})
        message = str(error.value)
        assert "rules of type dict" in message
        assert "skipbo.Rules" in message
        assert "skipbo.skyjo.Rules" in message

    def test_a_rules_type_has_one_game(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(registry, "_GAMES", registry._GAMES.copy())
        register_game(skyjo.Rules, SKYJO)  # again: nothing changes
        assert game_of(skyjo.Rules()) is SKYJO
        with pytest.raises(ValueError, match="another game is registered for Rules"):
            register_game(skyjo.Rules, SKIPBO)
        assert game_of(skyjo.Rules()) is SKYJO

    def test_the_registry_refuses_what_is_no_game(self, monkeypatch: pytest.MonkeyPatch) -> None:
        # Found by the probe of session 2: register_game(7, 7) was stored, and every
        # later game_of failed on it.
        monkeypatch.setattr(registry, "_GAMES", registry._GAMES.copy())
        with pytest.raises(ArgumentTypeError, match="rules_type"):
            register_game(7, SKYJO)  # type: ignore[arg-type]
        with pytest.raises(ArgumentTypeError, match="game must be a Game"):
            register_game(dict, 7)  # type: ignore[arg-type]
        assert shipped(registered_games()) == {skipbo.Rules: SKIPBO, skyjo.Rules: SKYJO}
        with pytest.raises(ArgumentTypeError, match="rules of type dict"):
            game_of({"players": 2})

    def test_a_new_game_plugs_into_the_arena(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A rules type of one's own plays through the arena once registered."""

        class HouseRules(skyjo.Rules):
            pass

        monkeypatch.setattr(registry, "_GAMES", registry._GAMES.copy())
        with pytest.raises(TypeError, match="HouseRules"):
            tournament(HouseRules(players=2), ["random"] * 2, games=1, seed=0)
        register_game(HouseRules, SKYJO)
        assert tournament(HouseRules(players=2), ["random"] * 2, games=1, seed=0).games == 1


class TestSkyjoArena:
    """The arena plays Skyjo with the same seats, seeds and statistics as Skip-Bo."""

    def test_play_game_gives_a_skyjo_record_that_replays_to_the_end(self) -> None:
        bots = [make_bot("heuristic", 1), make_bot("random", 2)]
        record = play_game(SKYJO_RULES, bots, seed=3, names=("ann", "bob"))
        assert isinstance(record, GameRecord)
        assert record.names == ("ann", "bob")
        assert skyjo.is_over(final_state(record))

    def test_the_same_for_any_number_of_workers(self) -> None:
        lineup = ["heuristic", "random"]
        alone = tournament(SKYJO_RULES, lineup, games=6, seed=2)
        assert tournament(SKYJO_RULES, lineup, games=6, seed=2, workers=2) == alone
        with ThreadPoolExecutor(max_workers=2) as executor:
            assert tournament(SKYJO_RULES, lineup, games=6, seed=2, executor=executor) == alone

    def test_seats_rotate_and_the_heuristic_bot_wins_from_every_seat(self) -> None:
        rules = skyjo.Rules(players=3)
        result = tournament(rules, ["heuristic", "random", "random"], games=6, seed=1)
        for entry in range(3):
            assert sorted(game.seats[entry] for game in result.summaries) == [0, 0, 1, 1, 2, 2]
        assert all(game.winners == (game.seats[0],) for game in result.summaries)
        assert result.entries[0].wins == 6
        lowest, high = result.entries[0].interval
        assert 0.5 < lowest <= high == 1.0

    def test_every_game_ends_at_the_end_score(self) -> None:
        result = tournament(SKYJO_RULES, ["random"] * 2, games=3, seed=0)
        assert result.share("end-score") == 1.0
        assert result.blocked_share == result.turn_limit_share == 0.0
        # Two moves a turn (take, then place), and one reveal a seat a round (S-SETUP-4).
        for game in result.summaries:
            assert game.turns * 2 > sum(game.moves) > game.turns

    def test_the_json_holds_the_skyjo_rules_document(self) -> None:
        data = tournament(SKYJO_RULES, ["random"] * 2, games=1, seed=0).to_dict()
        assert from_data(data["rules"], "rules") == SKYJO_RULES

    @pytest.mark.parametrize("name", ["play-first", "nobody"])
    def test_only_skyjo_bots_play_skyjo(self, name: str) -> None:
        with pytest.raises(ValueError, match=f"unknown bot '{name}'; the bots are: random"):
            tournament(SKYJO_RULES, ["random", name], games=1, seed=0)

    def test_a_skipbo_bot_cannot_sit_at_a_skyjo_table(self) -> None:
        with pytest.raises(TypeError, match="PublicView"):
            play_game(SKYJO_RULES, [RandomBot(1), RandomBot(2)], seed=1)


def test_skipbo_turns_are_the_states_turn_count() -> None:
    """The arena counts turns as runs of one seat's moves; Skip-Bo counts them itself."""
    rules = skipbo.Rules(players=3, stock_size=3)
    result = tournament(rules, ["heuristic", "random", "play-first"], games=4, seed=5)
    for game in result.summaries:
        bots = [skipbo_bot(result.lineup, game, seat) for seat in range(3)]
        record = play_game(rules, bots, seed=game.seed)
        final = list(skipbo.replay(record))[-1]
        assert final.turn == game.turns
        assert final.outcome is not None
        assert final.outcome.winners == game.winners


def skipbo_bot(lineup: tuple[str, ...], game: Any, seat: int) -> Any:
    """The bot the tournament sat on ``seat`` of ``game``, seeded as the arena seeds it."""
    from skipbo.common.randomness import derive_seed
    from skipbo.games.skipbo.bots import make_bot as make_skipbo_bot

    entry = game.seats.index(seat)
    return make_skipbo_bot(lineup[entry], derive_seed(game.seed, seat))


class TestConformanceDispatch:
    """`skipbo.check_conformance` checks Skyjo rules with Skyjo's checker."""

    def test_skyjo_rules_pass(self) -> None:
        report = skipbo.check_conformance(skyjo.Rules(players=3, turn_limit=20), games=2, seed=1)
        assert isinstance(report, skyjo_conformance.ConformanceReport)
        assert report.games == 2
        assert report.moves > 0

    def test_a_broken_skyjo_engine_is_caught(self, monkeypatch: pytest.MonkeyPatch) -> None:
        def lenient(original: Apply, state: skyjo.GameState, move: skyjo.Move) -> skyjo.GameState:
            try:
                return original(state, move)
            except skyjo.IllegalMoveError:
                return state

        broken(monkeypatch, lenient)
        with pytest.raises(skyjo_conformance.ConformanceError, match="accepted the illegal move"):
            skipbo.check_conformance(skyjo.Rules(players=2, turn_limit=20), games=1, seed=3)

    def test_rules_of_no_game_are_refused_by_type(self) -> None:
        with pytest.raises(TypeError, match=r"skipbo\.Rules, skipbo\.skyjo\.Rules"):
            skipbo.check_conformance("2 players", games=1)


def test_the_command_line_plays_a_skyjo_tournament() -> None:
    """``skipbo tournament --game skyjo`` prints the arena's Skyjo result."""
    args = ("heuristic", "random", "--game", "skyjo", "--games", "4", "--seed", "2", "--json")
    done = run_command("tournament", *args)
    assert done.returncode == 0, done.stderr
    expected = tournament(SKYJO_RULES, ["heuristic", "random"], games=4, seed=2).to_dict()
    printed = json.loads(done.stdout)
    assert printed["rules"] == expected["rules"]
    assert [entry["wins"] for entry in printed["entries"]] == [
        entry["wins"] for entry in expected["entries"]
    ]
    refused = run_command("tournament", "play-first", "--game", "skyjo", "--games", "1")
    assert refused.returncode != 0
    assert "unknown bot 'play-first'" in refused.stderr
