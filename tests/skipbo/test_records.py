"""Tests for `skipbo.games.skipbo.records`: game records, replay and the text form."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import skipbo
from skipbo import DataError, Deck, GameState, ReplayError, Rules
from skipbo.games.skipbo.records import GameRecord, final_state, format_record, parse_record, replay
from skipbo.games.skipbo.serialization import from_data, loads, to_data
from tests.strategies import rules

SMALL = Rules(players=3, deck=Deck(copies=4, wilds=4, highest=6), stock_size=3, hand_size=3)


def played(rules: Rules, seed: int, max_moves: int = 400) -> tuple[GameRecord, list[GameState]]:
    """A random game (seeded) as a record, with the states it went through."""
    rng = random.Random(seed)
    state = skipbo.new_game(rules, seed=seed)
    record = GameRecord(rules=rules, seed=seed)
    states = [state]
    while not state.is_over and len(record.moves) < max_moves:
        move = rng.choice(skipbo.legal_moves(state))
        state = skipbo.apply(state, move)
        record = record.with_move(move)
        states.append(state)
    return record, states


class TestReplay:
    """`replay` reproduces every state of a recorded game exactly."""

    @given(rules=rules(), seed=st.integers(0, 2**32))
    def test_replay_reproduces_every_state(self, rules: Rules, seed: int) -> None:
        record, states = played(rules, seed)
        assert list(replay(record)) == states
        assert final_state(record) == states[-1]

    @given(rules=rules(), seed=st.integers(0, 2**32))
    def test_every_form_of_a_record_replays_the_same(self, rules: Rules, seed: int) -> None:
        record, states = played(rules, seed, max_moves=60)
        for copy in (parse_record(format_record(record)), from_data(to_data(record), "record")):
            assert copy == record
            assert final_state(copy) == states[-1]

    def test_an_illegal_move_names_its_index(self) -> None:
        record, _ = played(SMALL, seed=3, max_moves=20)
        moves = list(record.moves)
        moves[7] = skipbo.Pass() if moves[7] != skipbo.Pass() else skipbo.PlayFromStock(0, 99)
        bad = GameRecord(rules=SMALL, seed=3, moves=moves)
        replayed = replay(bad)
        assert len([next(replayed) for _ in range(8)]) == 8  # the dealt state and 7 moves
        with pytest.raises(ReplayError) as caught:
            next(replayed)
        assert caught.value.index == 7
        assert caught.value.move == moves[7]
        assert caught.value.path == "/moves/7"
        assert caught.value.rule.startswith("R-")
        assert isinstance(caught.value.__cause__, skipbo.IllegalMoveError)
        with pytest.raises(ReplayError, match="move 7"):
            final_state(bad)

    def test_a_move_after_the_end_is_illegal(self) -> None:
        record, states = played(Rules(players=2, deck=Deck.small(), stock_size=1), seed=1)
        assert states[-1].is_over
        with pytest.raises(ReplayError) as caught:
            final_state(record.with_move(skipbo.Pass()))
        assert caught.value.index == len(record.moves)
        assert caught.value.rule == "R-WIN-3"


class TestGameRecord:
    """The record value checks its fields."""

    def test_metadata(self) -> None:
        record = GameRecord(
            rules=SMALL, seed=1, names=["Ann", "Bo", "Cy Young"], tags={"started": "2026-05-01"}
        )
        assert record.names == ("Ann", "Bo", "Cy Young")
        assert record.tags == (("started", "2026-05-01"),)

    @pytest.mark.parametrize(
        ("fields", "path"),
        [
            ({"rules": "standard"}, "/rules"),
            ({"seed": "1"}, "/seed"),
            ({"seed": True}, "/seed"),
            ({"moves": ["h5>b0"]}, "/moves/0"),
            ({"moves": 5}, "/moves"),
            ({"names": ["Ann"]}, "/names"),
            ({"names": ["Ann", "Bo", "C\nD"]}, "/names/2"),
            ({"names": ["Ann", "Bo", ""]}, "/names/2"),
            ({"names": ["Ann", "Bo", " Cy"]}, "/names/2"),
            ({"tags": [("a b", "c")]}, "/tags/a b"),
            ({"tags": [("a", "b"), ("a", "c")]}, "/tags/a"),
            ({"tags": [("a", "b\tc")]}, "/tags/a"),
            ({"tags": [("a",)]}, "/tags/0"),
            ({"tags": 3}, "/tags"),
        ],
    )
    def test_bad_fields(self, fields: dict[str, object], path: str) -> None:
        values: dict[str, object] = {"rules": SMALL, "seed": 1, **fields}
        with pytest.raises(DataError) as caught:
            GameRecord(**values)  # type: ignore[arg-type]
        assert caught.value.path == path


class TestTextForm:
    """The compact text form: one token per move, one line per turn."""

    def test_layout(self) -> None:
        record = GameRecord(
            rules=SMALL,
            seed=7,
            moves=[skipbo.parse_move(m) for m in ("hW>b0", "h5>d1", "s1>b0", "pass")],
            names=("Ann", "Bo", "Cy Young"),
            tags=(("started", "2026-05-01T12:00:00Z"), ("note", "")),
        )
        lines = format_record(record).splitlines()
        assert lines[0] == "skipbo-record 1"
        assert lines[1].startswith('rules {"players":3,')
        assert lines[2:] == [
            "seed 7",
            "name 0 Ann",
            "name 1 Bo",
            "name 2 Cy Young",
            "tag started 2026-05-01T12:00:00Z",
            "tag note",
            "moves",
            "hW>b0 h5>d1",  # a discard ends the turn (R-TURN-5)
            "s1>b0 pass",
        ]

    def test_any_whitespace_between_moves(self) -> None:
        record, _ = played(SMALL, seed=2, max_moves=30)
        text = format_record(record)
        head, _, moves = text.partition("moves\n")
        assert parse_record(head + "moves\n" + "\n\n  ".join(moves.split()) + "\n") == record

    @pytest.mark.parametrize(
        ("text", "path", "reason"),
        [
            ("", "line 1", "must be 'skipbo-record 1'"),
            ("skipbo-record 2\n", "line 1", "must be"),
            ("skipbo-record 1\nseed 1\n", "line 3", "missing the 'moves' line"),
            ("skipbo-record 1\nseed 1\nmoves\n", "line 3", "missing the 'rules' line"),
            ("skipbo-record 1\nseed x\nmoves\n", "line 2", "must be an integer"),
            ("skipbo-record 1\nseed 1\nseed 2\nmoves\n", "line 3", "a second 'seed'"),
            ("skipbo-record 1\nrules {\nmoves\n", "line 2", "not JSON"),
            ('skipbo-record 1\nrules {"players":2}\nmoves\n', "line 2/deck", "missing field"),
            ("skipbo-record 1\nhello\nmoves\n", "line 2", "expected rules, seed"),
            ("skipbo-record 1\nname x Ann\nmoves\n", "line 2", "seat number"),
        ],
    )
    def test_malformed_text(self, text: str, path: str, reason: str) -> None:
        with pytest.raises(DataError) as caught:
            parse_record(text)
        assert caught.value.path == path
        assert reason in caught.value.reason

    def test_bad_moves_and_names(self) -> None:
        record, _ = played(SMALL, seed=2, max_moves=5)
        text = format_record(record)
        with pytest.raises(DataError) as caught:
            parse_record(text + "h5>x\n")
        assert caught.value.path == f"/moves/{len(record.moves)}"
        with pytest.raises(DataError) as caught:
            parse_record(text.replace("moves\n", "name 1 Bo\nmoves\n"))
        assert caught.value.path == "/names"
        with pytest.raises(ReplayError) as replay_error:
            parse_record(text + "s0>b99\n")
        assert replay_error.value.index == len(record.moves)

    @given(text=st.text(max_size=60))
    def test_random_text_is_rejected_cleanly(self, text: str) -> None:
        with pytest.raises(DataError):
            parse_record("skipbo-record 1\n" + text)

    def test_json_records_check_their_moves(self) -> None:
        record, _ = played(SMALL, seed=2, max_moves=5)
        data = to_data(record)
        data["moves"].append("s0>b99")
        with pytest.raises(ReplayError) as caught:
            from_data(data, "record")
        assert caught.value.index == len(record.moves)
        data["moves"][-1] = "h0>b1"
        with pytest.raises(DataError, match="/moves/5"):
            from_data(data, "record")
        data["moves"].pop()
        data["tags"] = [["started", "today"]]
        with pytest.raises(DataError, match="/tags: must be an object"):
            from_data(data, "record")
        with pytest.raises(DataError, match="/rules: missing field"):
            loads('{"type":"record","version":1}')
