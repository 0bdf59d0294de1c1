"""People at the web table, in headless Chromium: whole games by clicking, two
browsers at one table, and what a page may hold (only its seat's view)."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from tools import webbrowser
from tools.webserver import TIMEOUT, Server, running_server

import skipbo
import skipbo.bots
from skipbo.io.records import final_state, replay
from skipbo.io.serialization import from_data, to_data

if not webbrowser.CHROMIUM.exists():  # pragma: no cover - tools/check installs it
    pytest.skip(
        "needs Chromium: apt-get install -y chromium (tools/check installs it)",
        allow_module_level=True,
    )

RULES = skipbo.Rules(players=2, stock_size=3)
SHORT = skipbo.Rules(players=2, stock_size=2)
MAX_MOVES = 600
"""More moves than any of these games takes (they are bounded, not timed)."""

MESSAGE_KEYS = {
    "type", "table", "game_type", "version", "seat", "seats", "names", "seating",
    "view", "legal", "last", "game", "target", "scores", "results", "match_winners",
}  # fmt: skip


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    with running_server(db, "--bot-delay", "0", "--moves-per-second", "1000") as started:
        yield started


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with webbrowser.chromium() as started:
        yield started


def visible_cards(seen: skipbo.PlayerView) -> list[int]:
    """The card faces a page may show for a view: hand, stock tops, discards, build tops."""
    cards = list(seen.hand or ())
    cards += [top for top in seen.stock_tops if top is not None]
    cards += [card for piles in seen.discards for pile in piles for card in pile]
    cards += [pile[-1] for pile in seen.builds if pile]
    return sorted(cards)


def record_of(server: Server, table: str) -> skipbo.GameRecord:
    status, data = server.request("GET", f"/api/tables/{table}/games/1/record")
    assert status == 200
    return from_data(data, "record")


def test_a_person_plays_a_whole_game_against_a_bot_by_clicking(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    created = server.create(RULES, ["human", "play-first"])
    page = browser.new_page(viewport={"width": 390, "height": 844})  # a phone's screen
    page.goto(server.base + created["seats"][0]["link"])
    assert server.request("GET", f"/api/tables/{created['table']}/games/1/record")[0] == 409
    clicks = 0
    while webbrowser.wait_for_turn_or_end(page):
        webbrowser.click_a_move(page)
        clicks += 1
        assert clicks < MAX_MOVES
    record = record_of(server, created["table"])
    final = final_state(record)
    assert final.is_over
    assert clicks > 0
    assert "Game over" in page.inner_text("#outcome")
    assert page.locator("#records a").count() == 1  # the record is offered after the game
    page.screenshot(path=str(tmp_path / "end.png"), full_page=True)
    assert (tmp_path / "end.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # The page shows exactly the cards of the person's view at the end.
    assert webbrowser.shown_cards(page) == visible_cards(skipbo.view(final, 0))
    # The person deals the next game of the match.
    page.click("#next")
    page.wait_for_function(
        f"() => {webbrowser.STATUS}.over === 'false'", timeout=webbrowser.WAIT_MS
    )
    assert page.inner_text("#scores").startswith("Game 2.")
    page.close()


def test_two_browsers_share_a_table_and_never_see_each_others_hands(
    server: Server, browser: Any
) -> None:
    created = server.create(SHORT, ["human", "human"])
    pages, frames = [], []
    for seat in (0, 1):
        page = browser.new_context().new_page()
        frames.append(webbrowser.record_frames(page))
        page.goto(server.base + created["seats"][seat]["link"])
        pages.append(page)
    moves = 0
    while True:
        seat = json.loads(urllib.request.urlopen(
            f"{server.base}/api/tables/{created['table']}", timeout=TIMEOUT
        ).read())["view"]["current_player"]  # fmt: skip
        if not webbrowser.wait_for_turn_or_end(pages[seat]):
            break
        webbrowser.click_a_move(pages[seat])
        moves += 1
        # The other browser is pushed the move: it shows it among the last moves.
        move = pages[seat].inner_text("#last li:first-child").rpartition(": ")[2]
        pages[1 - seat].wait_for_function(
            "text => document.querySelector('#last li:first-child')?.innerText === text",
            arg=f"Seat {seat}: {move}",
            timeout=webbrowser.WAIT_MS,
        )
        assert moves < MAX_MOVES
    states = list(replay(record_of(server, created["table"])))
    for seat in (0, 1):
        assert frames[seat], "no WebSocket message was received"
        for frame in frames[seat]:
            # Each message is the seat's view of the table at that version, nothing more.
            assert set(frame) == MESSAGE_KEYS
            assert frame["seat"] == seat
            assert frame["view"] == to_data(skipbo.view(states[frame["version"]], seat))
        shown = webbrowser.shown_cards(pages[seat])
        assert shown == visible_cards(skipbo.view(states[-1], seat))
    # The page itself is the same static file for everyone: no game data in it.
    page_source = urllib.request.urlopen(f"{server.base}/t/{created['table']}", timeout=TIMEOUT)
    static = resources.files("skipbo.web").joinpath("static", "table.html").read_bytes()
    assert page_source.read() == static


def test_a_spectator_page_shows_no_hand(server: Server, browser: Any) -> None:
    created = server.create(RULES, ["human", "play-first"])
    page = browser.new_page()
    frames = webbrowser.record_frames(page)
    page.goto(server.base + created["spectate"])
    page.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)
    assert page.locator("#hand [data-card]").count() == 0
    assert frames
    assert all(frame["view"]["hand"] is None for frame in frames)
    page.close()


def test_the_page_reconnects_after_a_server_restart_and_play_goes_on(
    browser: Any, tmp_path: Path
) -> None:
    with running_server(tmp_path / "tables.sqlite3", "--bot-delay", "0") as server:
        created = server.create(RULES, ["human", "play-first"])
        page = browser.new_page()
        page.goto(server.base + created["seats"][0]["link"])
        assert webbrowser.wait_for_turn_or_end(page)
        webbrowser.click_a_move(page)
        before = webbrowser.version(page)
        server.kill()
        page.wait_for_selector("text=Connection lost", timeout=webbrowser.WAIT_MS)
        server.start()
        # The page connects again by itself and is pushed the stored table.
        page.wait_for_function(
            f"() => {webbrowser.STATUS}.toMove === 'true' && "
            f"!document.querySelector('#status').innerText.includes('Connection lost')",
            timeout=webbrowser.WAIT_MS,
        )
        assert webbrowser.version(page) >= before
        clicks = 0
        while webbrowser.wait_for_turn_or_end(page):
            webbrowser.click_a_move(page)
            clicks += 1
            assert clicks < MAX_MOVES
        assert final_state(record_of(server, created["table"])).is_over
        page.close()


def test_the_lobby_opens_a_table_against_bots(server: Server, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.base + "/")
    page.select_option("#preset", "2 players, short game")
    seats = page.locator("select.seat")
    assert seats.count() == 2
    assert seats.nth(0).input_value() == "human"
    assert seats.nth(1).input_value() in skipbo.bots.BOTS  # a bot by default
    page.click("button[type=submit]")
    page.locator("a.seat-link").first.click()
    page.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)
    assert page.locator("#hand [data-card]").count() == 5  # the person's hand
    assert "bot:" in page.inner_text("#others")
    page.close()
