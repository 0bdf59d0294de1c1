"""The web table's referee, protocol and storage, in process (no server, no browser)."""

from __future__ import annotations

import importlib
import importlib.util
import json
import sqlite3
import sys
from http import HTTPStatus
from pathlib import Path

import pytest

import skipbo
from skipbo import skyjo
from skipbo.common.game import rules_from_data
from skipbo.common.match import Series, SeriesError
from skipbo.games.skipbo.adapter import SKIPBO
from skipbo.games.skipbo.bots import PlayFirstBot
from skipbo.games.skipbo.records import final_state
from skipbo.games.skipbo.serialization import dumps, from_data
from skipbo.games.skipbo.text.words import describe_move
from skipbo.games.skyjo import records as skyjo_records
from skipbo.games.skyjo.adapter import SKYJO
from skipbo.games.skyjo.serialization import to_data as skyjo_to_data
from skipbo.web import protocol
from skipbo.web.protocol import WebError
from skipbo.web.storage import Event, SQLiteStorage, VersionConflict
from skipbo.web.tables import CHAT_LINES, CHAT_RATE, MAX_CHAT, MAX_NAME, Table, Tables, check_name

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
    refused(HTTPStatus.BAD_REQUEST, protocol.parse_move, body, SKIPBO)


def test_create_checks_rules_seats_and_target() -> None:
    rules = json.loads(dumps(RULES))
    good = {"rules": rules, "seats": ["human", "play-first"], "target": 100}
    assert protocol.parse_create(json.dumps(good)) == (SKIPBO, RULES, ["human", "play-first"], 100)
    for change in (
        {"seats": ["human"]},
        {"seats": ["play-first", "play-first"]},
        {"seats": ["human", "nobody"]},
        {"target": 0},
        {"target": protocol.MAX_TARGET + 1},
        {"rules": {**rules, "players": 1}},
    ):
        refused(HTTPStatus.BAD_REQUEST, protocol.parse_create, json.dumps(good | change))


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


# --- both games: one server, protocol and storage ------------------------------------

SKYJO_RULES = skyjo.Rules(players=2, end_score=15)


def test_a_skyjo_rules_document_makes_a_skyjo_table_played_to_its_end(tables: Tables) -> None:
    body = {"rules": skyjo_to_data(SKYJO_RULES), "seats": ["human", "heuristic"], "target": None}
    game, rules, seats, target = protocol.parse_create(json.dumps(body))
    assert (game, rules, seats, target) == (SKYJO, SKYJO_RULES, ["human", "heuristic"], None)
    table, tokens = tables.create(rules, seats, target)
    assert table.seat_of(tokens[0]) == 0
    for _ in range(2000):
        if table.game_over:
            break
        if table.bot_to_move() is not None:
            table.play_bot(tables.storage)
            continue
        state = table.match.game
        message = table.message(0)
        # Skyjo's view is public: the message holds it and nothing of the hidden grid.
        assert message["view"] == skyjo_to_data(skyjo.view(state))
        assert message["legal"] == [str(move) for move in skyjo.legal_moves(state)]
        hint = table.hint(0)
        assert hint["move"] in message["legal"]
        table.play(tables.storage, 0, skyjo.parse_move(hint["move"]), table.version)
    assert table.game_over
    message = table.message(None)
    assert message["game_type"] == "skyjo"
    assert message["legal"] == []
    assert message["results"][0]["winners"] == list(table.match.game.outcome.winners)
    assert message["target"] is None
    record = table.record(1)
    assert isinstance(record, skyjo_records.GameRecord)
    assert skyjo_records.final_state(record) == table.match.game
    table.next_game(tables.storage, 0, table.version)
    again = Tables(tables.storage).get(table.id)
    assert again.adapter is SKYJO
    assert again.message(0) == table.message(0)
    assert again.match.number == 2


def test_a_skyjo_table_refuses_a_match_target_and_skipbo_bots() -> None:
    rules = skyjo_to_data(SKYJO_RULES)
    game, parsed, _, target = protocol.parse_create(
        json.dumps({"rules": rules, "seats": ["human", "heuristic"], "target": 100})
    )
    error = refused(HTTPStatus.BAD_REQUEST, protocol.check_target, game, parsed, target)
    assert error.message.startswith("/target:")
    protocol.check_target(game, parsed, None)
    for body in (
        {"rules": rules, "seats": ["human", "play-first"], "target": None},
        {"rules": {**rules, "type": "chess-rules"}, "seats": ["human", "human"], "target": None},
    ):
        refused(HTTPStatus.BAD_REQUEST, protocol.parse_create, json.dumps(body))
    with pytest.raises(skipbo.DataError, match="/type"):
        rules_from_data({"type": "chess-rules"})


def test_a_table_stored_before_skyjo_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(
        """
        CREATE TABLE tables (id TEXT PRIMARY KEY, rules TEXT NOT NULL, seed TEXT NOT NULL,
            target INTEGER NOT NULL, seats TEXT NOT NULL, token_hashes TEXT NOT NULL);
        CREATE TABLE events (table_id TEXT NOT NULL REFERENCES tables(id),
            version INTEGER NOT NULL, seat INTEGER NOT NULL, event TEXT NOT NULL,
            PRIMARY KEY (table_id, version));
        """
    )
    state = skipbo.new_match(RULES, seed=99, target=50).game
    move = str(skipbo.legal_moves(state)[0])
    old.execute(
        "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?)",
        ("old", dumps(RULES), "99", 50, '["human", "human"]', '["a", "b"]'),
    )
    old.execute("INSERT INTO events VALUES ('old', 0, ?, ?)", (state.current_player, move))
    old.commit()
    old.close()
    table = Tables(SQLiteStorage(path)).get("old")
    assert table.adapter is SKIPBO
    assert table.version == 1
    assert table.match == skipbo.new_match(RULES, seed=99, target=50).apply(skipbo.parse_move(move))


def test_a_skyjo_table_stored_with_the_older_documents_still_loads(tmp_path: Path) -> None:
    """A table stored before documents named their game: its rules are a "skyjo-rules"."""
    path = tmp_path / "tables.sqlite3"
    tables = Tables(SQLiteStorage(path))
    table, _ = tables.create(SKYJO_RULES, ["human", "heuristic"], None)
    move = skyjo.legal_moves(table.match.game)[0]
    table.play(tables.storage, 0, move, table.version)
    older = skyjo_to_data(SKYJO_RULES)
    assert older.pop("game") == "skyjo"
    older["type"] = "skyjo-rules"
    with sqlite3.connect(path) as connection:
        connection.execute(
            "UPDATE tables SET rules = ? WHERE id = ?", (json.dumps(older), table.id)
        )
    again = Tables(tables.storage).get(table.id)
    assert again.adapter is SKYJO
    assert again.rules == SKYJO_RULES
    assert again.match.game == table.match.game
    assert again.version == table.version == 1


def test_names_are_checked_stored_and_given_to_bots_by_number(tables: Tables) -> None:
    table, _ = tables.create(RULES, ["human", "heuristic"], None)
    assert table.message(None)["names"] == ["Player 1", "Bot 1"]
    for bad in ("", "   ", "x" * (MAX_NAME + 1), "a\u0007b", 7, None):
        refused(HTTPStatus.BAD_REQUEST, table.rename, tables.storage, 0, bad)
    refused(HTTPStatus.FORBIDDEN, table.rename, tables.storage, None, "Eve")
    assert table.version == 0
    table.rename(tables.storage, 0, "  <b>Ada</b>  Lovelace ")
    assert table.names[0] == "<b>Ada</b> Lovelace"  # kept as text: the page escapes it
    assert Tables(tables.storage).get(table.id).names == table.names
    assert check_name("x" * MAX_NAME) == "x" * MAX_NAME


def test_last_moves_are_said_in_words_as_each_seat_saw_them(tables: Tables) -> None:
    table, _tokens = tables.create(RULES, ["human", "human"], None)
    state = table.match.game
    mover = state.current_player
    move = skipbo.legal_moves(state)[0]
    table.play(tables.storage, mover, move, 0)
    for seat in (mover, 1 - mover, None):
        (last,) = table.message(seat)["last"]
        assert last["words"] == describe_move(move, skipbo.view(state, seat), board=True)
    assert table.message(mover)["last"][0]["words"] != table.message(None)["last"][0]["words"]


def test_a_hint_is_the_heuristic_bots_choice_for_the_seat_to_move(tables: Tables) -> None:
    table, _ = tables.create(RULES, ["human", "human"], None)
    state = table.match.game
    mover = state.current_player
    hint = table.hint(mover)
    assert skipbo.parse_move(hint["move"]) in skipbo.legal_moves(state)
    assert hint["words"] == describe_move(
        skipbo.parse_move(hint["move"]), skipbo.view(state, mover), board=True
    )
    refused(HTTPStatus.CONFLICT, table.hint, 1 - mover)
    refused(HTTPStatus.FORBIDDEN, table.hint, None)


def test_a_series_scores_games_won_and_deals_after_a_game_only() -> None:
    series = Series.start(SKYJO, SKYJO_RULES, seed=3)
    with pytest.raises(SeriesError):
        series.next_game()
    bot = SKYJO.bots["heuristic"](0)
    while not SKYJO.is_over(series.game):
        series = series.apply(bot.choose(SKYJO.view(series.game, None)))
    winners = SKYJO.winners(series.game)
    assert series.scores == tuple(int(seat in winners) for seat in range(2))
    assert series.results[0].winners == winners
    second = series.next_game()
    assert second.number == 2
    assert second.game != series.game
    assert not SKYJO.is_over(second.game)


class FakeClock:
    """Seconds that pass only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_rename_never_invalidates_a_move_chosen_before_it(tables: Tables) -> None:
    table, _ = tables.create(RULES, ["human", "human"], None)
    state = table.match.game
    mover = state.current_player
    chosen_at = table.version  # the mover's page chose a card at this version
    for number in range(5):
        table.rename(tables.storage, 1 - mover, f"Eve {number}")
    assert table.version == chosen_at + 5
    assert table.message(mover)["play_version"] == chosen_at
    move = skipbo.legal_moves(state)[0]
    table.play(tables.storage, mover, move, chosen_at)
    assert table.match.game == skipbo.apply(state, move)
    # The move changed the game: a post chosen before it is stale (a retry plays once).
    refused(
        HTTPStatus.CONFLICT,
        table.play,
        tables.storage,
        table.match.game.current_player,
        skipbo.legal_moves(table.match.game)[0],
        chosen_at,
    )
    assert table.message(mover)["play_version"] == table.version


def test_renames_are_limited_to_ten_a_second_per_seat(tmp_path: Path) -> None:
    clock = FakeClock()
    tables = Tables(SQLiteStorage(tmp_path / "tables.sqlite3"), clock=clock)
    table, _ = tables.create(RULES, ["human", "human"], None)
    for number in range(10):
        table.rename(tables.storage, 0, f"Ada {number}")
        clock.now += 0.09  # ten renames within 0.9 seconds
    error = refused(HTTPStatus.TOO_MANY_REQUESTS, table.rename, tables.storage, 0, "Ada 10")
    assert "10 renames a second" in error.message
    assert table.names[0] == "Ada 9"
    table.rename(tables.storage, 1, "Bea")  # the limit is per seat
    clock.now += 0.2  # the first rename is now more than a second old
    table.rename(tables.storage, 0, "Ada 10")
    assert table.names[0] == "Ada 10"
    # A name equal to the seat's own stores no event.
    version = table.version
    clock.now += 1.0
    table.rename(tables.storage, 0, "Ada  10")
    assert table.version == version


@pytest.mark.parametrize(
    "name",
    [
        "You",
        "yOU",
        "Bot 1",
        "bot2",
        "BOT 12",
        "Seat 0",
        "seat 3",
        "Player 2",
        "\uff39\uff2f\uff35",  # YOU in full-width letters
        "Y\u200dou",
        "Bea",
        "BEA",
        "B\u200dea",
        "Bot 1 ",
    ],
)
def test_names_that_pass_for_someone_else_are_refused(tables: Tables, name: str) -> None:
    table, _ = tables.create(RULES, ["human", "human", "heuristic"], None)
    table.rename(tables.storage, 1, "Bea")
    error = refused(HTTPStatus.BAD_REQUEST, table.rename, tables.storage, 0, name)
    assert "page's own name" in error.message or "another seat's name" in error.message
    assert table.names == ["Player 1", "Bea", "Bot 1"]


def test_a_seat_may_take_back_its_own_default_name(tables: Tables) -> None:
    table, _ = tables.create(RULES, ["human", "human"], None)
    table.rename(tables.storage, 1, "Bea")
    table.rename(tables.storage, 1, "player 2")
    assert table.names[1] == "player 2"


@pytest.mark.parametrize(
    "name",
    [
        "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466",  # a family: joiners
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian with a non-joiner
        "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",  # a tag flag
        "Zoë Ødegård",
        "李小龍",
        "x" * MAX_NAME,
        "\u05e9\u05dc\u05d5\u05dd",  # right-to-left letters: the browser orders them
    ],
)
def test_any_printable_unicode_name_up_to_the_limit_is_accepted(tables: Tables, name: str) -> None:
    table, _ = tables.create(RULES, ["human", "human"], None)
    table.rename(tables.storage, 0, name)
    assert table.names[0] == name
    assert Tables(tables.storage).get(table.id).names[0] == name


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Ada\u202eevE", "bidi"),  # right-to-left override: would reorder the page
        ("\u2067Ada", "bidi"),  # right-to-left isolate
        ("Ada\u200f", "bidi"),  # right-to-left mark
        ("\u061cAda", "bidi"),  # Arabic letter mark
        ("\u200d\u200d", "visible"),  # joiners alone show nothing
        ("\u0301", "visible"),  # a combining accent alone
        ("Ada\ue000", "printable"),  # private use
        ("Ada\U000e0001x\ufdd0", "printable"),  # a noncharacter (unassigned)
        ("x" * (MAX_NAME + 1), "1 to"),
    ],
)
def test_names_that_could_disturb_the_page_are_refused(tables: Tables, name: str, why: str) -> None:
    table, _ = tables.create(RULES, ["human", "human"], None)
    error = refused(HTTPStatus.BAD_REQUEST, table.rename, tables.storage, 0, name)
    assert why in error.message
    assert table.version == 0


def test_the_web_says_skipbo_piles_as_the_board_labels_them_from_one() -> None:
    """The page labels build piles "pile 1" to "pile 4" and each owner's discard piles
    "discard pile 1" to "4": every move's words name those labels, never the notation's."""
    rules = skipbo.Rules(players=3, stock_size=5)
    for seed in range(3):
        state = skipbo.new_game(rules, seed=seed)
        for _ in range(60):
            if state.is_over:
                break
            seen = skipbo.view(state, state.current_player)
            for move in skipbo.legal_moves(seen):
                words = SKIPBO.say_move(move, seen)
                text = str(move)
                if ">b" in text:
                    assert words.endswith(f"on build pile {int(text[-1]) + 1}"), (text, words)
                if text.startswith("d"):  # from a discard pile: "d<set>.<pile>>b<build>"
                    pile = int(text.split(".")[1].split(">")[0])
                    assert f"discard pile {pile + 1} on" in words, (text, words)
                if ">d" in text:
                    assert f"discard pile {int(text[-1]) + 1} (ends" in words, (text, words)
            state = skipbo.apply(state, skipbo.legal_moves(state)[-1])


def test_the_web_says_skyjo_places_by_column_and_row_only() -> None:
    state = skyjo.new_game(skyjo.Rules(players=2), seed=4)
    said = set()
    bot = SKYJO.bots["heuristic"](0)
    for _ in range(80):
        if SKYJO.is_over(state):
            break
        seen = SKYJO.view(state, None)
        for move in SKYJO.legal_moves(seen):
            words = SKYJO.say_move(move, seen)
            assert "place" not in words.replace("places the", ""), words
            text = str(move)
            places = [int(p) for p in text[1:].split("+")] if text[0] in "rsf" else []
            for place in places:  # the grid shows place p at column p // 3 + 1, row p % 3 + 1
                assert f"column {place // 3 + 1}, row {place % 3 + 1}" in words, (text, words)
            said.add(text[0])
        state = SKYJO.apply(state, bot.choose(SKYJO.view(state, None)))
    assert said >= {"r", "s", "f", "d", "t"}


def test_chat_is_stored_with_the_table_for_the_seated_and_never_a_move(tmp_path: Path) -> None:
    clock = FakeClock()
    tables = Tables(SQLiteStorage(tmp_path / "tables.sqlite3"), clock=clock)
    table, _ = tables.create(RULES, ["human", "human"], None)
    state = table.match.game
    mover = state.current_player
    chosen_at = table.version
    table.say(tables.storage, 1 - mover, "  good <script>alert(1)</script>  luck ")
    table.say(tables.storage, mover, "\u0633\u0644\u0627\u0645 \U0001f44b")
    text = "good <script>alert(1)</script> luck"
    line = {"number": 1, "seat": 1 - mover, "spectator": None, "text": text}
    assert table.message(mover)["chat"][0] == line  # as text: the page shows it so
    assert table.message(1 - mover)["chat"][1]["text"] == "\u0633\u0644\u0627\u0645 \U0001f44b"
    assert table.message(None)["chat"] == []  # spectators read none of it
    # A chat line is no move: a move chosen before it still lands, and no record holds it.
    move = skipbo.legal_moves(state)[0]
    table.play(tables.storage, mover, move, chosen_at)
    assert table.games == [(RULES, [move])]
    reloaded = Tables(tables.storage).get(table.id)  # stored with the table
    assert reloaded.message(mover)["chat"] == table.message(mover)["chat"]
    assert reloaded.match == table.match
    refused(HTTPStatus.FORBIDDEN, table.say, tables.storage, None, "hello")
    for bad in ("", "x" * (MAX_CHAT + 1), "a\u202eb", "\u200d", 5):
        refused(HTTPStatus.BAD_REQUEST, table.say, tables.storage, mover, bad)


def test_chat_is_rate_limited_per_seat(tmp_path: Path) -> None:
    clock = FakeClock()
    tables = Tables(SQLiteStorage(tmp_path / "tables.sqlite3"), clock=clock)
    table, _ = tables.create(RULES, ["human", "human"], None)
    most, seconds = CHAT_RATE
    for number in range(most):
        table.say(tables.storage, 0, f"line {number}")
        clock.now += seconds / (2 * most)  # all within half the window
    error = refused(HTTPStatus.TOO_MANY_REQUESTS, table.say, tables.storage, 0, "one more")
    assert "chat lines" in error.message
    table.say(tables.storage, 1, "the other seat may")  # per seat
    clock.now += seconds
    table.say(tables.storage, 0, "later")
    assert [line["text"] for line in table.message(0)["chat"]][-2:] == [
        "the other seat may",
        "later",
    ]
    for number in range(CHAT_LINES + 5):  # only the last lines are sent
        clock.now += seconds
        table.say(tables.storage, 1, f"more {number}")
    chat = table.message(0)["chat"]
    assert len(chat) == CHAT_LINES
    assert chat[-1]["text"] == f"more {CHAT_LINES + 4}"


def test_a_stand_in_bot_plays_an_absent_persons_seat_until_they_come_back(tables: Tables) -> None:
    options = protocol.TableOptions(away_seconds=60, stand_in="play-first")
    table, _ = tables.create(skipbo.Rules(players=2), ["human", "human"], None, options)
    mover = table.match.game.current_player
    chosen_at = table.version
    assert table.bot_to_move() is None
    table.stand_in(tables.storage, mover)
    assert table.bot_to_move() == mover
    assert table.message(mover)["away"] == [mover]
    assert table.message(mover)["legal"] == []  # the person cannot move meanwhile
    move = skipbo.legal_moves(table.match.game)[0]
    error = refused(HTTPStatus.CONFLICT, table.play, tables.storage, mover, move, chosen_at)
    assert "take it back" in error.message
    refused(HTTPStatus.CONFLICT, table.stand_in, tables.storage, mover)  # once
    table.play_bot(tables.storage)  # the stand-in's move, from the seat's own view
    (last,) = table.message(1 - mover)["last"]
    assert last["stand_in"] is True
    assert last["seat"] == mover
    reloaded = Tables(tables.storage).get(table.id)  # who is away is stored
    assert reloaded.away == {mover}
    assert reloaded.options == options
    assert reloaded.message(mover)["options"] == {
        "turn_seconds": None,
        "away_seconds": 60,
        "stand_in": "play-first",
        "spectator_chat": False,
    }
    table.come_back(tables.storage, mover)
    assert table.away == set()
    version = table.version
    table.come_back(tables.storage, mover)  # back already: nothing is stored
    assert table.version == version
    refused(HTTPStatus.FORBIDDEN, table.come_back, tables.storage, None)
    if table.match.game.current_player == mover:  # its turn goes on: the person's again
        assert table.message(mover)["legal"]
    assert table.games[0][1] == [table.last[0][1]]  # the record holds the move, no event


def test_table_options_are_checked() -> None:
    def body(options: object) -> bytes:
        rules = json.loads(dumps(RULES))
        document = {"rules": rules, "seats": ["human", "human"], "target": None}
        return json.dumps(document | {"options": options}).encode()

    assert protocol.parse_options(body({}), SKIPBO) == protocol.TableOptions()
    assert protocol.parse_options(
        body({"turn_seconds": 30, "stand_in": "heuristic"}), SKIPBO
    ) == protocol.TableOptions(turn_seconds=30, stand_in="heuristic")
    assert protocol.parse_options(body({"spectator_chat": True}), SKIPBO).spectator_chat
    bads: list[object] = [
        {"turn_seconds": 0},
        {"away_seconds": protocol.MAX_SECONDS + 1},
        {"turn_seconds": 1.5},
        {"stand_in": "nobody"},
        {"stand_in": "heuristic", "colour": "red"},
        {"spectator_chat": "yes"},
        {"spectator_chat": 1},
        {"spectator_chat": None},
        [],
    ]
    for bad in bads:
        refused(HTTPStatus.BAD_REQUEST, protocol.parse_options, body(bad), SKIPBO)
    refused(HTTPStatus.BAD_REQUEST, protocol.parse_options, body({"stand_in": "play-first"}), SKYJO)


@pytest.mark.rule("S-END-2")
def test_a_skyjo_rounds_end_is_shown_with_every_card_up_until_the_next_round_ends(
    tables: Tables,
) -> None:
    rules = skyjo.Rules(players=2, end_score=1000, turn_limit=6)  # rounds end by the limit
    table, _ = tables.create(rules, ["human", "human"], None)
    assert table.message(0)["round_end"] is None
    bot = SKYJO.bots["heuristic"](0)
    while table.match.game.round == 1:
        seat = table.match.game.current_player
        move = bot.choose(SKYJO.view(table.match.game, seat))
        table.play(tables.storage, seat, move, table.version)
    shown = table.message(0)["round_end"]
    assert shown == table.message(1)["round_end"] == table.message(None)["round_end"]
    assert shown["round"] == 1
    cards = [card for grid in shown["grids"] for card in grid if card is not None]
    assert all(isinstance(card, int) for card in cards)  # every card turned up
    (scored,) = table.match.game.history  # the round as it was scored
    assert shown["score"] == {
        "sums": list(scored.sums),
        "ender": scored.ender,
        "scores": list(scored.scores),
    }
    assert scored.sums == tuple(sum(c for c in grid if c is not None) for grid in shown["grids"])
    # The new round is dealt meanwhile (face down): the round's end is no move of it.
    assert table.match.game.round == 2
    assert "?" in json.dumps(table.message(0)["view"]["grids"])
    assert Tables(tables.storage).get(table.id).message(0)["round_end"] == shown  # replayed


def test_a_refused_move_names_its_places_as_the_board_labels_them(tables: Tables) -> None:
    """Issue: the web's refusals counted piles from 0 while the board labels them from 1.

    A card that does not fit the third build pile (the board's "pile 3") is refused
    in the board's words (R-BUILD-2); so is a Skyjo card turned up twice (S-TURN-3).
    """
    table, _tokens = tables.create(RULES, ["human", "human"], 500)
    game = table.match.game
    seat = game.current_player
    card = next(card for card in game.hands[seat] if card not in (1, skipbo.WILD))
    move = skipbo.PlayFromHand(card=card, build=2)
    error = refused(HTTPStatus.UNPROCESSABLE_ENTITY, table.play, tables.storage, seat, move, 0)
    assert error.message == (
        f"you cannot play {card} from your hand on build pile 3: "
        f"that build pile takes a 1 or a wild, not a {card} (R-BUILD-2)"
    )

    table, _tokens = tables.create(skyjo.Rules(players=2), ["human", "human"], None)
    for seat in (0, 1):  # S-SETUP-4: each turns up places 0 and 4 (column 1 row 1, column 2 row 2)
        table.play(tables.storage, seat, skyjo.Reveal(0, 4), table.version)
    seat = table.match.game.current_player
    table.play(tables.storage, seat, skyjo.Draw(), table.version)
    flip = skyjo.DiscardFlip(4)
    error = refused(
        HTTPStatus.UNPROCESSABLE_ENTITY, table.play, tables.storage, seat, flip, table.version
    )
    assert "column 2, row 2" in error.message, error.message
    assert "place 4" not in error.message
    assert "(S-TURN-3)" in error.message
