"""Words for people at the web table (issue 66, points 4 and 5), in headless Chromium.

Names are kept by the browser only once the server accepts them, a refused name
leaves the field as the seat's name is, and renames reach the server in the order
sent. A pile tapped where the chosen card cannot go is outlined and the notice says
why in the board's words. And over whole games of both games, no text the page
shows a person starts with a route or field name ("/name:") or holds a move in the
notation ("h5>b0", "r0+5", "s7").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from tools import webbrowser
from tools.webserver import Server, running_server

import skipbo
from skipbo import skyjo

if not webbrowser.CHROMIUM.exists():  # pragma: no cover - tools/check installs it
    pytest.skip(
        "needs Chromium: apt-get install -y chromium (tools/check installs it)",
        allow_module_level=True,
    )

PHONE = {"width": 390, "height": 844}
MAX_MOVES = 600
"""More moves than any game here takes (their rules are short)."""

NOTATION = re.compile(r"(?<![\w-])(?:[hsd]\d+(?:\.\d+)?>[bd]\d+|r\d+\+\d+|[sfg]\d+(?:\.\d+)?)\b")
"""A move or place in the notation: Skip-Bo's ``h5>b0``, ``d1.2>b3``; Skyjo's
``r0+5``, ``s7``, ``f3``; a place key ``g0.4``."""
ROUTE = re.compile(r"^\s*/[\w/]*:?")
"""A text that starts with a route or a field's path (``/name:``, ``/move:``)."""

TEXTS = """() => [...document.querySelectorAll(
    '#status, #latest-text, #prompt, #hint-text, #away-note, #notice, #log li,'
    + ' #end:not([hidden]) h2, #end:not([hidden]) p, #scores, #records li, #board h2,'
    + ' #board .small, #board .note, #chat-lines li, #rules-text li')]
    .map((node) => node.innerText.trim()).filter((text) => text)"""
"""Every text of the page a person reads: the header, the log, the end panel, the
match, the board's headings and notes."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("words") / "tables.sqlite3"
    with running_server(db, "--bot-delay", "0", "--moves-per-second", "1000") as started:
        yield started


def settled(page: Any) -> None:
    """Wait until no rename is on its way."""
    page.wait_for_function(
        "() => document.querySelector('#name-form').dataset.renaming === 'false'",
        timeout=webbrowser.WAIT_MS,
    )


def check_words(texts: list[str], where: str) -> None:
    for text in texts:
        assert not ROUTE.match(text), f"{where}: {text!r}"
        assert not NOTATION.search(text), f"{where}: {text!r}"


def test_a_name_is_kept_once_accepted_and_renames_end_on_the_last(
    server: Server, browser: Any
) -> None:
    context = browser.new_context(viewport=PHONE)
    context.add_init_script("localStorage.setItem('table-pace', '0')")
    page = context.new_page()
    created = server.create(skipbo.Rules(players=2), ["human", "heuristic"])
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)
    # A refused name: said in words, the field back to the seat's name, nothing kept.
    page.fill("#name", "Player 2")
    page.click("#name-form button")
    settled(page)
    notice = page.inner_text("#notice")
    assert notice.startswith("The name 'Player 2' is a name the page gives a seat"), notice
    check_words([notice], "a refused name")
    assert page.input_value("#name") == "Player 1"
    assert page.evaluate("() => localStorage.getItem('player-name')") is None
    # Ten renames at once: the last one is the seat's name, and the one kept.
    page.evaluate(
        """() => {
            for (let i = 1; i <= 10; i++) {
                document.querySelector('#name').value = `Ada ${i}`;
                document.querySelector('#name-form').requestSubmit();
            }
        }"""
    )
    settled(page)
    table = created["table"]
    assert server.request("GET", f"/api/tables/{table}")[1]["names"][0] == "Ada 10"
    assert page.evaluate("() => localStorage.getItem('player-name')") == "Ada 10"
    # At the next table, the accepted name is the seat's at once.
    other = server.create(skipbo.Rules(players=2), ["human", "heuristic"])
    second = context.new_page()
    second.goto(server.base + other["seats"][0]["link"])
    second.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)
    settled(second)
    assert server.request("GET", f"/api/tables/{other['table']}")[1]["names"][0] == "Ada 10"
    assert second.inner_text("#notice") == ""
    context.close()


def refuse_a_tapped_pile(page: Any) -> str:
    """On the person's Skip-Bo turn: choose a hand card, tap a build pile that cannot
    take it; the pile is outlined and the notice says why. Returns the notice."""
    hand = page.locator("#hand [data-source].legal")
    for index in range(hand.count()):
        hand.nth(index).click()
        refusing = page.locator('#board [data-target^="b"]:not(.drop)')
        if refusing.count():
            refusing.first.click()
            page.locator("#board .refused").wait_for(timeout=webbrowser.WAIT_MS)
            notice = page.inner_text("#notice")
            assert notice.startswith("You cannot play"), notice
            assert "build pile" in notice
            assert page.locator("#board .refused .refused-mark").inner_text() == "not here"
            assert page.evaluate(f"() => {webbrowser.STATUS}.toMove") == "true"  # still on
            page.click("#cancel")
            return str(notice)
        hand.nth(index).click()  # put it back
    raise AssertionError("every hand card goes on every build pile")


def play_a_whole_game(page: Any) -> list[str]:
    """Play the hint until the game ends; every text shown after each move."""
    texts: list[str] = []
    for _ in range(MAX_MOVES):
        texts += page.evaluate(TEXTS)
        if not webbrowser.wait_for_turn_or_end(page):
            texts += page.evaluate(TEXTS)
            return texts
        webbrowser.play_the_hint(page)
        texts += page.evaluate(TEXTS)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", ["skipbo", "skyjo"])
def test_no_text_shown_holds_a_route_or_a_move_in_notation(
    server: Server, browser: Any, game: str
) -> None:
    rules: Any = (
        skipbo.Rules(players=2, stock_size=3)
        if game == "skipbo"
        else skyjo.Rules(players=2, end_score=10, turn_limit=8)
    )
    page = webbrowser.quick_page(browser, PHONE["width"], PHONE["height"])
    created = server.create(rules, ["human", "heuristic"])
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)
    texts: list[str] = []
    page.fill("#name", "Bot 1")  # refused: another seat's name, and the page's own
    page.click("#name-form button")
    settled(page)
    texts.append(page.inner_text("#notice"))
    if game == "skipbo" and webbrowser.wait_for_turn_or_end(page):
        texts.append(refuse_a_tapped_pile(page))
    texts += play_a_whole_game(page)
    assert page.locator("#end").is_visible()
    check_words(texts, game)
    if game == "skyjo":  # the cards a move turns up are named once it is made
        revealed = re.compile(r"turn up the cards at .+: an? -?\d+ and an? -?\d+")
        assert any(revealed.search(text) for text in texts)
    # The end panel says how the game ended with a subject ("You emptied your stock").
    how = page.inner_text("#end-how")
    assert re.match(r"^(You|Bot 1|A total|The game)\b", how), how
    page.close()


@pytest.mark.parametrize("game", ["skipbo", "skyjo"])
def test_a_game_ended_by_its_bounds_says_so_in_words(
    server: Server, browser: Any, game: str
) -> None:
    # Issue 61's bounds: Skip-Bo stalls after one turn without a stock card; Skyjo
    # stops after its one round (of two turns a player).
    rules: Any = (
        skipbo.Rules(players=2, stall_limit=1)
        if game == "skipbo"
        else skyjo.Rules(players=2, turn_limit=4, round_limit=1)
    )
    page = webbrowser.quick_page(browser, PHONE["width"], PHONE["height"])
    created = server.create(rules, ["human", "heuristic"])
    page.goto(server.base + created["seats"][0]["link"])
    play_a_whole_game(page)
    how = page.inner_text("#end-how")
    if game == "skipbo":
        # A stock card played in the first turn starts the count again: then one more.
        assert how.startswith("The game ended as stalled: nobody played a stock card in 1 turn")
    else:
        assert how.startswith("The game reached its limit of 1 round:"), how
        assert "the lowest total" in how
    page.close()
