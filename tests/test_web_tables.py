"""The web table's referee, protocol and storage, in process (no server, no browser)."""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
from http import HTTPStatus
from pathlib import Path

import pytest

import skipbo
from skipbo.bots import PlayFirstBot
from skipbo.io.records import final_state
from skipbo.io.serialization import dumps, from_data
from skipbo.web import protocol
from skipbo.web.protocol import WebError
from skipbo.web.storage import Event, SQLiteStorage, VersionConflict
from skipbo.web.tables import Table, Tables

RULES = skipbo.Rules(players=2, stock_size=3)


@pytest.fixture
def tables(tmp_path: Path) -> Tables:
    return Tables(SQLiteStorage(tmp_path / "tables.sqlite3"))


def play_to_end(table: Table, tables: Tables, tokens: list[str | None], limit: int = 2000) -> None:
    """Play the table's game to its end with play-first choices from each seat's view."""
    bot = PlayFirstBot(seed=1)
    for _ in range(limit):
        if table.match.game.is_over:
            return
        if table.bot_to_move() is not None:
            table.play_bot(tables.storage)
            continue
        seat = table.match.game.current_player
        assert table.seat_of(tokens[seat]) == seat
        move = bot.choose(skipbo.view(table.match.game, seat))
        table.play(tables.storage, seat, move, table.version)
    raise AssertionError("the game did not end")


def refused(status: HTTPStatus, call: object, *args: object) -> WebError:
    assert callable(call)
    with pytest.raises(WebError) as caught:
        call(*args)
    assert caught.value.status == status, caught.value.message
    return caught.value


def test_a_stale_or_repeated_version_is_refused_and_changes_nothing(tables: Tables) -> None:
    table, _tokens = tables.create(RULES, ["human", "human"], 500)
    seat = table.match.game.current_player
    move = skipbo.legal_moves(table.match.game)[0]
    table.play(tables.storage, seat, move, 0)
    before = (table.version, table.match)
    # The same post again (a retry) carries the version it was chosen on: stale.
    for version in (0, 7, -1):
        refused(HTTPStatus.CONFLICT, table.play, tables.storage, seat, move, version)
    assert (table.version, table.match) == before
    assert len(tables.storage.load(table.id)[1]) == 1  # type: ignore[index]


def test_refusals_change_nothing(tables: Tables) -> None:
    table, _tokens = tables.create(RULES, ["human", "play-first"], 500)
    game = table.match.game
    other = 1 - game.current_player
    illegal = skipbo.PlayFromHand(card=12, build=0)  # no empty build pile takes a 12
    refused(HTTPStatus.FORBIDDEN, table.play, tables.storage, None, illegal, 0)
    refused(HTTPStatus.CONFLICT, table.play, tables.storage, other, illegal, 0)
    error = refused(
        HTTPStatus.UNPROCESSABLE_ENTITY, table.play, tables.storage, game.current_player, illegal, 0
    )
    assert "(R-" in error.message  # the refusal names the rule it breaks
    refused(HTTPStatus.CONFLICT, table.next_game, tables.storage, 0, 0)  # game 1 goes on
    refused(HTTPStatus.UNAUTHORIZED, table.seat_of, "not-a-token")
    refused(HTTPStatus.CONFLICT, table.record, 1)  # the seed stays secret during the game
    refused(HTTPStatus.NOT_FOUND, table.record, 2)
    assert table.version == 0
    assert table.match.game is game
    assert tables.storage.load(table.id)[1] == []  # type: ignore[index]


def test_tokens_are_secret_per_seat_and_not_stored(tables: Tables, tmp_path: Path) -> None:
    table, tokens = tables.create(RULES, ["human", "human"], 500)
    assert [table.seat_of(token) for token in tokens] == [0, 1]
    assert tokens[0] != tokens[1]
    stored = (tmp_path / "tables.sqlite3").read_bytes()
    assert all(token is not None and token.encode() not in stored for token in tokens)


def test_a_reloaded_table_is_the_table_at_its_last_stored_event(tables: Tables) -> None:
    table, tokens = tables.create(RULES, ["human", "play-first"], 50)
    play_to_end(table, tables, tokens)
    table.next_game(tables.storage, 0, table.version)
    for _ in range(3):
        if table.bot_to_move() is None:
            seat = table.match.game.current_player
            move = skipbo.legal_moves(table.match.game)[0]
            table.play(tables.storage, seat, move, table.version)
        else:
            table.play_bot(tables.storage)
    again = Tables(tables.storage).get(table.id)
    assert again.version == table.version
    assert again.match == table.match
    assert again.message(0) == table.message(0)


def test_the_record_is_released_after_its_game_and_replays_to_it(tables: Tables) -> None:
    table, tokens = tables.create(RULES, ["human", "play-first"], 500)
    play_to_end(table, tables, tokens)
    record = table.record(1)
    assert final_state(record) == table.match.game
    assert record.moves == tuple(
        skipbo.parse_move(event.event)
        for event in tables.storage.load(table.id)[1]  # type: ignore[index]
    )


def test_a_message_holds_the_seats_view_and_no_secret(tables: Tables) -> None:
    table, tokens = tables.create(RULES, ["human", "human"], 500)
    state = table.match.game
    for seat in (0, 1, None):
        message = table.message(seat)
        assert from_data(message["view"], "view") == skipbo.view(state, seat)
        text = json.dumps(message)
        assert str(table.stored.seed) not in text
        assert all(token is not None and token not in text for token in tokens)
        mine = skipbo.view(state, seat)
        legal = [str(move) for move in skipbo.legal_moves(state)] if mine.to_move else []
        assert message["legal"] == legal


def test_storage_refuses_a_second_event_at_a_version(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "t.sqlite3")
    table, _ = Tables(storage).create(RULES, ["human", "human"], 500)
    move = str(skipbo.legal_moves(table.match.game)[0])
    storage.append(table.id, Event(0, 0, move))
    with pytest.raises(VersionConflict):
        storage.append(table.id, Event(0, 0, move))
    assert storage.load(table.id)[1] == [Event(0, 0, move)]  # type: ignore[index]
    mode = storage._db.execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"
    assert storage.load("no-such-table") is None
    with pytest.raises(ValueError, match="sync"):
        SQLiteStorage(tmp_path / "u.sqlite3", sync="off")


@pytest.mark.parametrize(
    "body",
    [
        b'{"move": "h5>b0"}',
        b'{"move": "h5>b0", "version": 1, "extra": 1}',
        b'{"move": "h5>b0", "move": "h5>b1", "version": 1}',
        b'{"move": "h5>b0", "version": true}',
        b'{"move": "h5>b0", "version": -1}',
        b'{"move": "h13x", "version": 1}',
        b'{"move": "h5>b0", "version": NaN}',
        b"[" * 3000,
        b"\xff\xfe",
        b"",
    ],
)
def test_malformed_posts_are_bad_requests(body: bytes) -> None:
    refused(HTTPStatus.BAD_REQUEST, protocol.parse_move, body)


def test_create_checks_rules_seats_and_target() -> None:
    bots = {"play-first": None}
    rules = json.loads(dumps(RULES))
    good = {"rules": rules, "seats": ["human", "play-first"], "target": 100}
    assert protocol.parse_create(json.dumps(good), bots) == (RULES, ["human", "play-first"], 100)
    for change in (
        {"seats": ["human"]},
        {"seats": ["play-first", "play-first"]},
        {"seats": ["human", "nobody"]},
        {"target": 0},
        {"target": protocol.MAX_TARGET + 1},
        {"rules": {**rules, "players": 1}},
    ):
        refused(HTTPStatus.BAD_REQUEST, protocol.parse_create, json.dumps(good | change), bots)


def test_the_layer_without_its_extra_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [name for name in sys.modules if name.startswith("skipbo.web")]:
        monkeypatch.delitem(sys.modules, name)
    found = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name: None if name == "starlette" else found(name)
    )
    with pytest.raises(ImportError, match=r"starlette missing\): pip install 'skipbo\[web\]'"):
        importlib.import_module("skipbo.web")


def test_the_core_never_imports_the_web_layer() -> None:
    source = Path(skipbo.__file__).parent
    for path in source.glob("*.py"):
        assert "skipbo.web" not in path.read_text(), path


def test_skipbo_serve_is_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    from skipbo.cli import main

    assert main(["serve", "--help"]) == 0
    assert "--db" in capsys.readouterr().out


def test_skipbo_serve_without_the_extra_names_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from skipbo.cli import main

    for name in [name for name in sys.modules if name.startswith("skipbo.web")]:
        monkeypatch.delitem(sys.modules, name)
    found = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name: None if name == "uvicorn" else found(name)
    )
    assert main(["serve"]) == 2
    assert "pip install 'skipbo[web]'" in capsys.readouterr().err
