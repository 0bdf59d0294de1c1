"""Skyjo's JSON documents and game records."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings

import skipbo
from skipbo import skyjo
from skipbo.games.skyjo import Rules
from skipbo.games.skyjo.bots import make_bot
from skipbo.games.skyjo.records import GameRecord, ReplayError, final_state, play_game, replay
from skipbo.games.skyjo.serialization import Kind, dumps, from_data, json_schema, loads, to_data
from tests.skyjo.strategies import game_states


@cache
def validator(kind: Kind | None) -> jsonschema.Draft202012Validator:
    schema = json_schema(kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def valid(document: dict[str, Any]) -> None:
    validator(None).validate(document)
    validator(document["type"]).validate(document)


def a_record() -> GameRecord:
    bots = [make_bot("heuristic", seed=seat) for seat in range(3)]
    return play_game(Rules(players=3, turn_limit=40), bots, seed=11)


class TestRoundTrip:
    @settings(max_examples=25)  # schema validation is slow; the properties cover the states
    @given(state=game_states())
    def test_states_and_views_round_trip_and_match_the_schema(self, state: skyjo.GameState) -> None:
        for value in (state, skyjo.view(state), state.rules):
            document = to_data(value)
            valid(document)
            assert loads(dumps(value)) == value
        if state.outcome is not None:
            assert loads(dumps(state.outcome), "outcome") == state.outcome

    def test_moves_and_records_round_trip(self) -> None:
        for move in skyjo.all_moves():
            valid(to_data(move))
            assert loads(dumps(move), "move") == move
        record = a_record()
        valid(to_data(record))
        assert loads(dumps(record), "record") == record

    def test_a_view_document_holds_no_hidden_card(self) -> None:
        state = skyjo.new_game(Rules(players=2), seed=3)
        document = to_data(skyjo.view(state))
        assert set(document) >= {"grids", "draw_pile_size"}
        assert not {"draw_pile", "shuffle_seed", "reveals", "face_up"} & set(document)
        assert all(place == "?" for grid in document["grids"] for place in grid)


class TestStrictLoading:
    @pytest.mark.parametrize(
        ("edit", "path"),
        [
            (lambda d: d.update(type="view"), "/type"),
            (lambda d: d.update(game="skipbo"), "/game"),
            (lambda d: d.update(version=2), "/version"),
            (lambda d: d.update(extra=1), "/extra"),
            (lambda d: d.update(current_player=2), "/current_player"),
            (lambda d: d.update(round=True), "/round"),
            (lambda d: d["grids"][0].__setitem__(0, 13), "/grids/0/0"),
            (lambda d: d["grids"][0].__setitem__(0, "?"), "/grids/0/0"),
            (lambda d: d["face_up"][0].__setitem__(0, 1), "/face_up/0/0"),
            (lambda d: d["draw_pile"].append(5), ""),
            (lambda d: d["rules"].update(players=9), "/rules/players"),
            (lambda d: d["rules"]["deck"].__setitem__(0, [-2, 0]), "/rules/deck/0/1"),
            (lambda d: d.update(shuffle_seed=2**64), "/shuffle_seed"),
        ],
    )
    def test_bad_states_are_refused_with_the_pointer(self, edit: Any, path: str) -> None:
        document = to_data(skyjo.new_game(Rules(players=2), seed=3))
        edit(document)
        with pytest.raises(skyjo.DataError) as error:
            from_data(document, "state")
        assert error.value.path == path
        assert isinstance(error.value, skipbo.DataError)

    def test_a_state_breaking_an_invariant_is_refused(self) -> None:
        document = to_data(skyjo.new_game(Rules(players=2), seed=3))
        document["face_up"][0][0] = True  # face up during the reveals (S-SETUP-4)
        with pytest.raises(skyjo.DataError, match="S-SETUP-4"):
            from_data(document)

    def test_a_view_no_state_has_is_refused(self) -> None:
        document = to_data(skyjo.view(skyjo.new_game(Rules(players=2), seed=3)))
        document["draw_pile_size"] += 1
        with pytest.raises(skyjo.DataError, match="unseen cards"):
            from_data(document, "view")

    @pytest.mark.parametrize("text", ['{"a": 1, "a": 2}', "[NaN]", "{", b"\xff", 3])
    def test_text_that_is_not_strict_json_is_refused(self, text: Any) -> None:
        with pytest.raises(skyjo.DataError):
            loads(text)

    def test_a_skip_bo_document_is_not_a_skyjo_document(self) -> None:
        from skipbo.games.skipbo.serialization import dumps as skipbo_dumps

        with pytest.raises(skyjo.DataError, match="/game: must be 'skyjo', got 'skipbo'"):
            loads(skipbo_dumps(skipbo.Rules()))
        with pytest.raises(skyjo.DataError, match="/type"):  # one written before "game"
            from_data({"type": "skipbo-rules", "version": 1})

    def test_unknown_values_have_no_document(self) -> None:
        with pytest.raises(TypeError):
            to_data(skipbo.Rules())  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="no Skyjo document type"):
            from_data({}, "skyjo-table")  # type: ignore[call-overload]

    @pytest.mark.parametrize("kind", ["rules", "state", "move", "view", "outcome", "record"])
    def test_a_document_of_the_older_types_still_loads(self, kind: str) -> None:
        """Before documents named their game, Skyjo's types were "skyjo-rules", ..."""
        record = a_record()
        final = final_state(record)
        values = {
            "rules": record.rules,
            "state": final,
            "move": record.moves[0],
            "view": skyjo.view(final),
            "outcome": final.outcome,
            "record": record,
        }
        document = to_data(values[kind])  # type: ignore[arg-type]
        assert document["type"] == kind
        assert document.pop("game") == "skyjo"
        document["type"] = f"skyjo-{kind}"
        assert from_data(document) == values[kind]
        assert from_data(document, f"skyjo-{kind}") == values[kind]  # type: ignore[call-overload]
        assert validator(None).is_valid(document)


class TestRecords:
    def test_replay_gives_every_state(self) -> None:
        record = a_record()
        states = list(replay(record))
        assert len(states) == len(record.moves) + 1
        assert states[0] == skyjo.new_game(record.rules, seed=record.seed)
        assert skyjo.is_over(states[-1])
        assert final_state(record) == states[-1]

    def test_an_illegal_move_stops_the_replay(self) -> None:
        record = GameRecord(rules=Rules(), seed=1, moves=[skyjo.Reveal(0, 1), skyjo.Draw()])
        with pytest.raises(ReplayError) as error:
            final_state(record)
        assert (error.value.index, error.value.rule) == (1, "S-TURN-1")
        assert isinstance(error.value.__cause__, skyjo.IllegalMoveError)
        document = to_data(record)
        with pytest.raises(ReplayError):
            loads(json.dumps(document))

    @pytest.mark.parametrize(
        ("fields", "path"),
        [
            ({"seed": "1"}, "/seed"),
            ({"moves": [skipbo.Pass()]}, "/moves/0"),
            ({"names": ["a"]}, "/names"),
            ({"names": ["a", " "]}, "/names/1"),
            ({"rules": skipbo.Rules()}, "/rules"),
        ],
    )
    def test_bad_records_are_refused(self, fields: dict[str, Any], path: str) -> None:
        values: dict[str, Any] = {"rules": Rules(), "seed": 1} | fields
        with pytest.raises(skyjo.DataError) as error:
            GameRecord(**values)
        assert error.value.path == path

    def test_play_game_needs_one_bot_per_seat(self) -> None:
        with pytest.raises(ValueError, match="3 players need 3 bots"):
            play_game(Rules(players=3), [make_bot("random")], seed=1)


def _after_the_reveals() -> dict[str, Any]:
    state = skyjo.new_game(Rules(players=2), seed=1)
    for _seat in range(2):
        state = skyjo.apply(state, skyjo.Reveal(0, 1))
    return to_data(state)


def _one_round_scored(sums: list[int], ender: int | None) -> Any:
    def edit(document: dict[str, Any]) -> None:
        document["round"] = 2
        scores = list(skyjo.round_scores(sums, ender))
        document["history"] = [{"sums": sums, "ender": ender, "scores": scores}]

    return edit


class TestUnreachableStates:
    """Tampered documents the probe of session 2 found loading: no game reaches them."""

    @pytest.mark.rule("S-SETUP-4")
    def test_a_seat_with_no_card_up_after_the_reveals_is_refused(self) -> None:
        document = _after_the_reveals()
        document["face_up"][1] = [False] * 12
        with pytest.raises(skyjo.DataError, match="S-SETUP-4"):
            from_data(document, "state")
        view = to_data(skyjo.view(from_data(_after_the_reveals(), "state")))
        view["grids"][1] = ["?"] * 12
        with pytest.raises(skyjo.DataError, match="S-SETUP-4"):
            from_data(view, "view")

    @pytest.mark.rule("S-SCORE-1")
    def test_a_round_sum_no_grid_can_have_is_refused(self) -> None:
        document = _after_the_reveals()
        _one_round_scored([-100_000, 50], 0)(document)
        with pytest.raises(skyjo.DataError, match="S-SCORE-1"):
            from_data(document, "state")

    @pytest.mark.rule("S-END-3")
    def test_a_round_without_an_ender_needs_a_turn_limit_or_a_stall_bound(self) -> None:
        document = _after_the_reveals()
        _one_round_scored([10, 50], None)(document)
        document["rules"]["stall_limit"] = None
        with pytest.raises(skyjo.DataError, match="S-END-3"):
            from_data(document, "state")
        document["rules"]["turn_limit"] = 40
        assert isinstance(from_data(document, "state"), skyjo.GameState)
        document["rules"]["turn_limit"] = None
        document["rules"]["stall_limit"] = 30
        assert isinstance(from_data(document, "state"), skyjo.GameState)
