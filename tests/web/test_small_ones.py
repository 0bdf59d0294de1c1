"""The small defects of issue 66 (point 6), each where it is seen, in headless Chromium.

A move tried while the server cannot be reached gives the turn back (it no longer
shows "your move" with nothing to click); the card flying to an opponent's compact
box is drawn at that box's card size, not full height over its labels; the badges
on Skyjo's card in hand ("new", "hint") leave its heading readable; a new Skyjo
round starts without the last round's "new" marks.
"""

from __future__ import annotations

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

PHONE = (390, 844)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("small") / "tables.sqlite3"
    with running_server(db, "--bot-delay", "0", "--moves-per-second", "1000") as started:
        yield started


def test_a_move_the_server_cannot_take_gives_the_turn_back(server: Server, browser: Any) -> None:
    created = server.create(skipbo.Rules(players=2), ["human", "heuristic"])
    page = webbrowser.quick_page(browser, *PHONE)
    page.goto(server.base + created["seats"][0]["link"])
    assert webbrowser.wait_for_turn_or_end(page)
    page.route("**/moves", lambda route: route.abort())  # the server cannot be reached
    page.locator("#hand [data-source].legal").first.click()
    page.locator('[data-target^="d"].drop').first.click()
    page.wait_for_function(
        "() => document.querySelector('#notice').textContent.startsWith('The server cannot')",
        timeout=webbrowser.WAIT_MS,
    )
    page.wait_for_function(f"() => {webbrowser.STATUS}.toMove === 'true'")
    assert page.inner_text("#status") == "Your turn."
    assert page.locator("#hand [data-source].legal").count() > 0
    page.unroute("**/moves")
    webbrowser.click_a_move(page)  # and the move goes through once it can
    page.close()


def test_a_card_flying_to_a_compact_box_keeps_its_size(server: Server, browser: Any) -> None:
    # The person passes the turn at once; the bot's moves fly to its compact box.
    created = server.create(skipbo.Rules(players=2), ["human", "heuristic"])
    page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
    page.add_init_script("localStorage.setItem('table-pace', '600')")
    page.add_init_script(
        """window.flights = [];
        new MutationObserver((changes) => {
          for (const change of changes) {
            for (const node of change.addedNodes) {
              if (!node.classList || !node.classList.contains('flying')) continue;
              const box = node.getBoundingClientRect();
              window.flights.push({width: box.width, height: box.height});
            }
          }
        }).observe(document, {childList: true, subtree: true});"""
    )
    page.goto(server.base + created["seats"][0]["link"])
    assert webbrowser.wait_for_turn_or_end(page)
    page.locator("#hand [data-source].legal").first.click()
    page.locator('[data-target^="d"].drop').first.click()  # a discard: the turn passes
    # The bot's card lands in its compact box: a small card, as tall as the box draws it.
    small = page.evaluate(
        """() => {
            const card = document.querySelector('#board .others .card');
            const box = card.getBoundingClientRect();
            return {width: box.width, height: box.height};
        }"""
    )
    page.wait_for_function(
        f"() => window.flights.some((f) => Math.abs(f.width - {small['width']}) < 1)",
        timeout=webbrowser.WAIT_MS,
    )
    flights = page.evaluate("() => window.flights")
    landed = [flight for flight in flights if abs(flight["width"] - small["width"]) < 1]
    for flight in landed:
        assert abs(flight["height"] - small["height"]) < 1, (flight, small)
    page.close()


def test_skyjos_card_in_hand_keeps_its_heading_readable(server: Server, browser: Any) -> None:
    created = server.create(skyjo.Rules(players=2), ["human", "heuristic"])
    page = webbrowser.quick_page(browser, *PHONE)
    page.goto(server.base + created["seats"][0]["link"])
    assert webbrowser.wait_for_turn_or_end(page)
    webbrowser.play_the_hint(page)  # the reveal of two cards
    assert webbrowser.wait_for_turn_or_end(page)
    before = webbrowser.version(page)
    page.locator('[data-action="draw"].legal').click()
    page.wait_for_function(
        f"() => Number({webbrowser.STATUS}.version) > {before}"
        f" && {webbrowser.STATUS}.toMove === 'true'",
        timeout=webbrowser.WAIT_MS,
    )
    page.click("#hint")
    page.locator("#board .held .hint-mark").wait_for(timeout=webbrowser.WAIT_MS)
    clear = page.evaluate(
        """() => {
            const held = document.querySelector('#board .centre .held');
            const heading = held.closest('.area').querySelector('h3').getBoundingClientRect();
            return [...held.querySelectorAll('.badge')].map((badge) =>
                badge.getBoundingClientRect().top >= heading.bottom - 0.5);
        }"""
    )
    assert len(clear) == 2  # "new" (the card drawn) and "hint"
    assert all(clear), clear
    page.close()


def test_a_new_skyjo_round_starts_without_the_last_rounds_new_marks(
    server: Server, browser: Any
) -> None:
    # One turn a player a round: the bot (seat 1) ends round 1, and the person (seat 0)
    # turns up the first cards of round 2 (in seat order, S-SETUP-4), so the page's first
    # view of round 2 comes with the bot's last move of round 1 and none of round 2.
    rules = skyjo.Rules(players=2, turn_limit=2, round_limit=2)
    created = server.create(rules, ["human", "heuristic"])
    page = webbrowser.quick_page(browser, *PHONE)
    page.goto(server.base + created["seats"][0]["link"])
    centre = "#board .centre h2"
    while webbrowser.wait_for_turn_or_end(page):
        if page.inner_text(centre) == "Round 2":
            break
        webbrowser.play_the_hint(page)
    else:
        raise AssertionError("the game ended before round 2")
    assert page.locator("#board .changed").count() == 0
    assert page.locator("#round-end").count() == 1  # round 1's end is shown, apart
    page.close()
