"""The table page's turn sound and spectators' chat, in headless Chromium.

The sound is counted where the page makes it (an init script wraps
``OscillatorNode.start``); every check waits for the page to show the version it
is about, never for time to pass.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tools import webbrowser
from tools.webserver import Server, running_server, token_of

import skipbo
from tests.web.browsing import axe_clean

if not webbrowser.CHROMIUM.exists():  # pragma: no cover - tools/check installs it
    pytest.skip(
        "needs Chromium: apt-get install -y chromium (tools/check installs it)",
        allow_module_level=True,
    )

LONG = skipbo.Rules(players=2)
"""Stocks of 30: discarding turns never end the game."""

COUNT_SOUNDS = """
window.sounds = 0;
const startTone = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.sounds += 1;
  return startTone.apply(this, args);
};
"""
"""An init script counting the tones the page starts (``window.sounds``)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    with running_server(db, "--bot-delay", "0", "--moves-per-second", "1000") as started:
        yield started


def open_page(browser: Any, url: str) -> Any:
    """A page (its own browser context: its own storage) on ``url``, counting its tones."""
    page = webbrowser.quick_page(browser)
    page.add_init_script(COUNT_SOUNDS)
    page.goto(url)
    page.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)
    return page


def shows(page: Any, version: int) -> None:
    """Wait until ``page`` shows the table at ``version``."""
    page.wait_for_function(
        f"() => Number({webbrowser.STATUS}.version) === {version}", timeout=webbrowser.WAIT_MS
    )


def discard(server: Server, created: Any, seat: int) -> int:
    """``seat`` ends its turn with a discard (over HTTP); the table's version after it."""
    token = token_of(created, seat)
    message = server.request("GET", f"/api/tables/{created['table']}", token=token)[1]
    move = next(move for move in message["legal"] if ">d" in move)
    body = {"move": move, "version": message["version"]}
    status, answer = server.request(
        "POST", f"/api/tables/{created['table']}/moves", body, token=token
    )
    assert status == 200, answer
    return int(answer["version"])


def test_the_turn_sound_plays_once_when_the_turn_begins_and_only_if_chosen(
    server: Server, browser: Any
) -> None:
    created = server.create(LONG, ["human", "human"])
    table = created["table"]
    chosen = open_page(browser, server.base + created["seats"][0]["link"])
    other = open_page(browser, server.base + created["seats"][1]["link"])
    spectator = open_page(browser, server.base + created["spectate"])
    assert not chosen.is_checked("#sound")  # off unless chosen
    assert spectator.locator("#sound").is_hidden()  # a spectator has no turn
    chosen.check("#sound")
    chosen.reload()
    chosen.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)
    assert chosen.is_checked("#sound")  # remembered by the browser
    axe_clean(chosen, "the sound toggle")
    version = 0
    if server.request("GET", f"/api/tables/{table}")[1]["view"]["current_player"] == 0:
        version = discard(server, created, 0)  # the page's first view is no turn beginning
    shows(chosen, version)
    assert chosen.evaluate("() => window.sounds") == 0
    version = discard(server, created, 1)  # seat 1's turn ends: seat 0's begins
    chosen.wait_for_function("() => window.sounds === 1", timeout=webbrowser.WAIT_MS)
    shows(chosen, version)
    assert chosen.evaluate(f"() => {webbrowser.STATUS}.toMove") == "true"
    # A push within the turn (a new name) is no new turn: no second tone.
    token = token_of(created, 0)
    status, _ = server.request("POST", f"/api/tables/{table}/name", {"name": "Ada"}, token)
    assert status == 200
    shows(chosen, version + 1)
    assert chosen.evaluate("() => window.sounds") == 1
    discard(server, created, 0)
    version = discard(server, created, 1)  # the next turn: one more tone
    chosen.wait_for_function("() => window.sounds === 2", timeout=webbrowser.WAIT_MS)
    shows(chosen, version)
    assert chosen.evaluate("() => window.sounds") == 2
    # Seat 1's turn began twice meanwhile, on a page whose sound is off: no tone.
    shows(other, version)
    assert other.evaluate("() => window.sounds") == 0
    shows(spectator, version)
    assert spectator.evaluate("() => window.sounds") == 0
    for page in (chosen, other, spectator):
        assert webbrowser.policy_violations(page) == []  # Web Audio needs no policy change
        page.close()


def test_a_spectator_and_a_seat_chat_at_a_table_that_lets_spectators_chat(
    server: Server, browser: Any
) -> None:
    lobby = webbrowser.quick_page(browser)
    lobby.goto(server.base + "/")
    lobby.wait_for_selector("body[data-ready]", timeout=webbrowser.WAIT_MS)
    assert not lobby.is_checked("#spectator-chat")  # off unless chosen
    lobby.check("#spectator-chat")
    lobby.click("#open")
    lobby.wait_for_selector("#links:not([hidden])", timeout=webbrowser.WAIT_MS)
    seat_link = lobby.locator("a.seat-link").first.get_attribute("href")
    spectate = lobby.locator("a.spectate-link").get_attribute("href")
    assert seat_link is not None
    assert spectate is not None
    lobby.close()
    seat = open_page(browser, server.base + seat_link)
    spectator = open_page(browser, server.base + spectate)
    assert spectator.inner_text("#chat-label") == "Message to the table (you write as a spectator)"
    assert seat.inner_text("#chat-label") == "Message to the table (spectators read it too)"
    attack = '<img src=x onerror="window.owned=1"><b>hello</b> from the rail'
    spectator.fill("#chat-text", attack)
    spectator.click("#chat-form button")
    seat.wait_for_function(
        "() => document.querySelectorAll('#chat-lines li').length === 1",
        timeout=webbrowser.WAIT_MS,
    )
    assert seat.inner_text("#chat-lines li") == f"Spectator 1: {attack}"  # as text
    assert seat.locator("#chat-lines b, #chat-lines img").count() == 0
    assert spectator.input_value("#chat-text") == ""  # sent: the field is cleared
    seat.fill("#chat-text", "welcome")
    seat.keyboard.press("Enter")
    spectator.wait_for_function(
        "() => document.querySelectorAll('#chat-lines li').length === 2",
        timeout=webbrowser.WAIT_MS,
    )
    assert spectator.inner_text("#chat-lines li:last-child") == "Player 1: welcome"
    # A refused line is said, and given back to be sent again.
    spectator.fill("#chat-text", "a\u202eb")
    spectator.click("#chat-form button")
    spectator.wait_for_function(
        "() => document.querySelector('#notice').textContent.includes('bidi')",
        timeout=webbrowser.WAIT_MS,
    )
    assert spectator.input_value("#chat-text") == "a\u202eb"
    axe_clean(spectator, "a spectator's chat")
    for page in (seat, spectator):
        assert page.evaluate("() => window.owned") is None
        assert webbrowser.policy_violations(page) == []
        page.close()
