"""Tests for the machinery both games share: `skipbo.common` conformance, documents, records,
bots and adapter.

A toy third game (a race to a total) checks that the conformance loop needs nothing of
Skip-Bo or Skyjo; the rest checks that both games go through one piece of code (the same
errors, messages and checks) while each keeps its own error classes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest

import skipbo
import skipbo.games.skipbo.bots
import skipbo.games.skyjo.bots
import skipbo.games.skyjo.conformance
from skipbo.common import adapter, bots, conformance, documents, records
from skipbo.errors import ArgumentTypeError, DataError, IllegalMoveError
from skipbo.games import skyjo
from skipbo.games.skipbo import serialization as skipbo_json
from skipbo.games.skipbo.adapter import SKIPBO
from skipbo.games.skyjo import records as skyjo_records
from skipbo.games.skyjo import serialization as skyjo_json
from skipbo.games.skyjo.adapter import SKYJO

GOAL = 10
"""The toy race ends when the total reaches this."""


@attrs.frozen
class RaceOutcome:
    winners: tuple[int, ...]


@attrs.frozen
class Race:
    """Two players add 1 or 2 in turn; whoever reaches the goal wins."""

    total: int
    current_player: int
    outcome: RaceOutcome | None = None


def race_new_game(rules: str, *, seed: int) -> Race:
    return Race(total=0, current_player=seed % 2)


def race_legal_moves(state: Race) -> list[int]:
    return [] if state.outcome is not None else [1, 2]


def race_apply(state: Race, move: int) -> Race:
    if move not in race_legal_moves(state):
        raise IllegalMoveError(move, "T-1", "add 1 or 2 to a race not yet won")
    total = state.total + move
    won = RaceOutcome((state.current_player,)) if total >= GOAL else None
    return Race(total, 1 - state.current_player, won)


def race_is_over(state: Race) -> bool:
    return state.outcome is not None


def race_violations(state: Race) -> list[str]:
    return [] if 0 <= state.total <= GOAL + 1 else [f"the total {state.total} is out of range"]


class RaceError(conformance.ConformanceError[str, int]):
    package = "race"


class RaceCheck(conformance.GameCheck[str, Race, int]):
    error_type = RaceError

    def __init__(self, seed: int, apply: Callable[[Race, int], Race] = race_apply) -> None:
        functions = conformance.RulesFunctions(
            race_new_game, apply, race_legal_moves, race_is_over, race_violations
        )
        super().__init__("race", seed, functions, max_moves=GOAL, illegal_per_step=1)

    def illegal_moves(self, state: Race, legal: Sequence[int]) -> list[int]:
        return [3]

    def choose(self, state: Race, legal: Sequence[int]) -> int:
        return self.rng.choice(legal)


class TestConformanceLoop:
    """Tests for `skipbo.common.conformance.GameCheck`, on the toy race."""

    def test_a_sound_game_is_played_to_its_end(self) -> None:
        check = RaceCheck(seed=4)
        final, tried = check.play()
        assert race_is_over(final)
        assert final.total == sum(check.moves) >= GOAL
        assert tried == len(check.moves)  # one illegal move refused a step

    def test_an_apply_accepting_an_illegal_move_is_caught(self) -> None:
        def lenient(state: Race, move: int) -> Race:
            return attrs.evolve(state, total=state.total + move)

        with pytest.raises(RaceError, match="accepted the illegal move 3") as error:
            RaceCheck(seed=1, apply=lenient).play()
        assert error.value.moves == ()
        assert "reproduce: race.new_game(rules, seed=1)" in str(error.value)

    def test_a_nondeterministic_apply_is_caught(self) -> None:
        calls = iter(range(1000))

        def flaky(state: Race, move: int) -> Race:
            after = race_apply(state, move)
            return attrs.evolve(after, total=after.total + next(calls) % 2)

        with pytest.raises(RaceError, match="apply is not deterministic"):
            RaceCheck(seed=1, apply=flaky).play()

    def test_a_game_that_does_not_end_is_caught(self) -> None:
        def endless(state: Race, move: int) -> Race:
            race_apply(state, move)  # refuses what the race refuses
            return attrs.evolve(state, current_player=1 - state.current_player)

        with pytest.raises(RaceError, match=f"did not end within {GOAL} moves") as error:
            RaceCheck(seed=2, apply=endless).play()
        assert len(error.value.moves) == GOAL

    def test_an_invariant_violation_names_the_moves_to_it(self) -> None:
        def overshoot(state: Race, move: int) -> Race:
            after = race_apply(state, move)
            return attrs.evolve(after, total=after.total * 3 if after.total > 3 else after.total)

        with pytest.raises(RaceError, match="invariant violated: the total") as error:
            RaceCheck(seed=3, apply=overshoot).play()
        replayed = race_new_game("race", seed=3)
        for move in error.value.moves:
            replayed = overshoot(replayed, move)
        assert race_violations(replayed)  # the moves lead to the bad state

    def test_both_games_errors_are_the_shared_error(self) -> None:
        shared = conformance.ConformanceError
        assert issubclass(skipbo.ConformanceError, shared)
        assert issubclass(skyjo.conformance.ConformanceError, shared)
        assert issubclass(skyjo.conformance.ConformanceError, skyjo.SkyjoError)
        assert not issubclass(skipbo.ConformanceError, skyjo.SkyjoError)

    def test_both_reports_count_the_same_way(self) -> None:
        for report in (
            skipbo.check_conformance(skipbo.Rules(players=2), games=2, seed=1),
            skyjo.conformance.check_conformance(skyjo.Rules(turn_limit=10), games=2, seed=1),
        ):
            assert report.games == len(report.game_lengths) == 2
            assert report.moves == sum(report.game_lengths)
            assert report.longest_game == max(report.game_lengths)


FORMATS = [
    pytest.param(skipbo_json, skipbo.Rules(players=2), DataError, id="skipbo"),
    pytest.param(skyjo_json, skyjo.Rules(players=2), skyjo.DataError, id="skyjo"),
]


class TestDocumentEnvelope:
    """Tests for `skipbo.common.documents`: one envelope, the same errors for both games."""

    @pytest.mark.parametrize(("module", "rules", "error_type"), FORMATS)
    @pytest.mark.parametrize(
        ("edit", "path", "reason"),
        [
            (lambda d: d.pop("type"), "/type", "missing field"),
            (lambda d: d.pop("version"), "/version", "missing field"),
            (lambda d: d.update(version=2), "/version", "this library reads version 1, got 2"),
            (lambda d: d.update(version="x" * 99), "/version", "(101 characters)"),
            (lambda d: d.update(type=["rules"]), "/type", "got an array"),
        ],
    )
    def test_a_bad_envelope_is_refused_alike(
        self,
        module: Any,
        rules: object,
        error_type: type[DataError],
        edit: Callable[[dict[str, Any]], object],
        path: str,
        reason: str,
    ) -> None:
        document = module.to_data(rules)
        edit(document)
        with pytest.raises(error_type) as error:
            module.loads(json.dumps(document))
        assert error.value.path == path
        assert reason in error.value.reason

    @pytest.mark.parametrize(("module", "rules", "error_type"), FORMATS)
    def test_a_document_of_another_type_is_refused(
        self, module: Any, rules: object, error_type: type[DataError]
    ) -> None:
        document = module.to_data(rules)
        rules_kind = document["type"]
        outcome_kind = rules_kind.replace("rules", "outcome")
        with pytest.raises(error_type, match=f"must be '{outcome_kind}', got '{rules_kind}'"):
            module.from_data(document, outcome_kind)
        with pytest.raises(error_type, match="a document must be an object, got an array"):
            module.loads("[]")
        with pytest.raises(error_type, match="not JSON"):
            module.loads("{")

    @pytest.mark.parametrize(("module", "rules", "error_type"), FORMATS)
    def test_an_unknown_kind_is_a_programming_error(
        self, module: Any, rules: object, error_type: type[DataError]
    ) -> None:
        document = module.to_data(rules)
        with pytest.raises(ValueError, match="document type 'nothing'") as error:
            module.from_data(document, "nothing")
        assert not isinstance(error.value, DataError)
        with pytest.raises(skipbo.errors.ArgumentTypeError):
            module.from_data(document, 3)
        with pytest.raises(ValueError, match="document type 'nothing'"):
            module.json_schema("nothing")

    def test_the_shared_errors_become_the_games_own(self) -> None:
        with pytest.raises(skyjo.DataError) as error, documents.raising(skyjo.DataError):
            raise DataError("/x", "bad")
        assert (error.value.path, error.value.reason) == ("/x", "bad")
        with pytest.raises(skyjo_records.ReplayError), documents.raising(skyjo.DataError):
            raise skyjo_records.ReplayError(0, skyjo.Draw(), "S-TURN-1", "kept as it is")


class TestRecords:
    """Tests for `skipbo.common.records`: both games' records replay and check alike."""

    def test_both_replay_errors_are_the_shared_one(self) -> None:
        skipbo_record = skipbo.GameRecord(
            rules=skipbo.Rules(), seed=1, moves=[skipbo.parse_move("s0>b9")]
        )
        skyjo_record = skyjo_records.GameRecord(
            rules=skyjo.Rules(), seed=1, moves=[skyjo.Reveal(0, 1), skyjo.Draw()]
        )
        replays = (
            (skipbo.replay(skipbo_record), skipbo.ReplayError, 0),
            (skyjo_records.replay(skyjo_record), skyjo_records.ReplayError, 1),
        )
        for states, error_type, index in replays:
            with pytest.raises(records.ReplayError) as error:
                list(states)
            assert type(error.value) is error_type
            assert error.value.index == index
            assert error.value.path == f"/moves/{index}"
            assert isinstance(error.value.__cause__, IllegalMoveError)

    def test_the_deal_waits_for_the_iteration(self) -> None:
        dealt: list[int] = []

        def new_game(rules: str, *, seed: int) -> Race:
            dealt.append(seed)
            return race_new_game(rules, seed=seed)

        states = records.replay_moves(new_game, "race", 5, [1, 2], race_apply)
        assert dealt == []
        assert records.last_state(states).total == 3
        assert dealt == [5]

    @pytest.mark.parametrize(
        ("make", "error_type"),
        [
            (skipbo.GameRecord, DataError),
            (skyjo_records.GameRecord, skyjo.DataError),
        ],
    )
    def test_bad_fields_are_refused_alike(self, make: Any, error_type: type[DataError]) -> None:
        rules = skipbo.Rules() if make is skipbo.GameRecord else skyjo.Rules()
        bad: list[tuple[dict[str, object], str, str]] = [
            ({"seed": "9" * 200}, "/seed", "must be an int, got '999"),
            ({"moves": 5}, "/moves", "must be a sequence, got 5"),
            ({"moves": ["x"]}, "/moves/0", "'x'"),
            ({"names": ["a"]}, "/names", f"must name all {rules.players} seats or none"),
        ]
        for fields, path, reason in bad:
            with pytest.raises(error_type) as error:
                make(**{"rules": rules, "seed": 1, **fields})
            assert error.value.path == path
            assert reason in error.value.reason
            assert len(str(error.value)) < 200  # bad values are echoed cut short
        with pytest.raises(error_type, match="/rules"):
            make(rules="rules", seed=1)


class TestBots:
    """Tests for `skipbo.common.bots`."""

    def test_the_random_bot_is_a_function_of_its_seed(self) -> None:
        choices = [0, 1, 2, 3, 4, 5, 6, 7]

        def legal_moves(view: str) -> list[int]:
            return choices

        def picks(seed: int) -> list[int]:
            bot = bots.RandomBot(legal_moves, seed)
            return [bot.choose("any view") for _ in range(30)]

        assert picks(3) == picks(3)
        assert picks(3) != picks(4)
        assert set(picks(5)) <= set(choices)

    def test_both_games_random_bots_are_the_shared_one(self) -> None:
        state = skipbo.new_game(skipbo.Rules(players=2), seed=2)
        seen = skipbo.view(state, state.current_player)
        shared = bots.RandomBot(skipbo.games.skipbo.views.legal_moves, seed=7)
        assert skipbo.games.skipbo.bots.RandomBot(7).choose(seen) == shared.choose(seen)
        assert isinstance(skyjo.bots.RandomBot(1), bots.RandomBot)

    def test_an_unknown_bot_names_the_registry(self) -> None:
        # The names sorted, each game's own (the reference bots sort after "heuristic").
        with pytest.raises(
            ValueError,
            match="unknown Skyjo bot 'x'; the bots are: heuristic, heuristic-1, heuristic@1, low",
        ):
            skyjo.bots.make_bot("x")
        with pytest.raises(
            ValueError,
            match="unknown bot 'x'; the bots are: heuristic, heuristic-1, heuristic@1, learned",
        ):
            skipbo.games.skipbo.bots.make_bot("x")

    @pytest.mark.parametrize("name", [5, ["x"], None])
    @pytest.mark.parametrize("make_bot", [skipbo.games.skipbo.bots.make_bot, skyjo.bots.make_bot])
    def test_a_bot_name_that_is_no_str_is_an_argument_type_error(
        self, make_bot: Callable[[Any], object], name: object
    ) -> None:
        # Found by the probe of session 2: a list failed as unhashable, an int or None
        # where the message cuts the name (bare TypeErrors).
        with pytest.raises(ArgumentTypeError, match="name must be a str"):
            make_bot(name)


class TestAdapter:
    """Tests for `skipbo.common.adapter.GameAdapter`, through both registered games."""

    @pytest.mark.parametrize(
        ("game", "rules", "new_game"),
        [
            (SKIPBO, skipbo.Rules(players=3), skipbo.new_game),
            (SKYJO, skyjo.Rules(), skyjo.new_game),
        ],
        ids=["skipbo", "skyjo"],
    )
    def test_the_derived_functions(self, game: Any, rules: Any, new_game: Any) -> None:
        assert isinstance(game, adapter.GameAdapter)
        state = game.deal(rules, 11)
        assert state == new_game(rules, seed=11)
        assert game.current_player(state) == state.current_player
        assert game.winners(state) == ()
        move = game.legal_moves(game.view(state, game.current_player(state)))[0]
        record = game.record(rules, 11, [move], [])
        assert (record.rules, record.seed, record.moves, record.names) == (rules, 11, (move,), ())

    def test_winners_are_the_outcomes(self) -> None:
        final = skyjo_records.final_state(
            skyjo_records.play_game(
                skyjo.Rules(players=2, turn_limit=8),
                [skyjo.bots.make_bot("random", seed=seat) for seat in range(2)],
                seed=3,
            )
        )
        assert SKYJO.is_over(final)
        outcome = skyjo.outcome(final)
        assert outcome is not None
        assert SKYJO.winners(final) == outcome.winners != ()
