"""The web table's layout all game long, at every table size of both games, on a phone
and on a desktop (issue 66, point 1), in headless Chromium.

A person plays whole short games against bots (Skip-Bo 2 to 6 players with stocks
of :data:`STOCK`; Skyjo 2 to 8 in two short rounds) by clicking, and at every
decision point (each move of theirs) the page is checked: their own cards and the
shared piles the move needs are on the screen below a short header, the page is no
wider than the screen, and when the whole table from its top down to those piles
fits on the screen, every opponent is on it too (the page is back at its top: a
push within the person's turn never scrolls it again, and the page scrolls back when
the turn passes). A Skyjo round's end is dismissed with "Next round" and the grid
comes back into view. axe-core checks the end of each game.

Each game's moves are chosen by the hint bot over HTTP, not with the page's Hint
button, so the header stays as the person's play leaves it.

The test command runs the smallest and largest table of each game on both devices;
``SKIPBO_WEB_ALL_LAYOUTS=1`` runs every table size (the issue's bar; see
``docs/guide-web.md`` for the command and its time).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from tools import web_layouts, webbrowser
from tools.web_layouts import LAYOUTS, SIZES, Layout
from tools.webserver import Server, token_of

import skipbo
from skipbo import skyjo
from tests.web.test_layout import check_in_view, on_screen

if not webbrowser.CHROMIUM.exists():  # pragma: no cover - tools/check installs it
    pytest.skip(
        "needs Chromium: apt-get install -y chromium (tools/check installs it)",
        allow_module_level=True,
    )

STOCK = 4
"""Skip-Bo's stock size here: games of a few turns each, long enough for discard
piles to fan out."""
MAX_MOVES = 400
"""More of the person's moves than any game here takes."""

ALL = os.environ.get("SKIPBO_WEB_ALL_LAYOUTS") == "1"
RUN = [
    layout
    for layout in LAYOUTS
    if ALL or layout.players in (SIZES[layout.game][0], SIZES[layout.game][-1])
]

PLAY_BOTTOM = """() => {
    const own = document.querySelector(`#board [data-pile="seat0"]`);
    const boxes = [own, document.querySelector('#board .centre')]
        .filter((node) => node).map((node) => node.getBoundingClientRect());
    return Math.max(...boxes.map((box) => box.bottom)) + window.scrollY;
}"""
"""Where the person's area and the shared piles end, from the top of the page."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with web_layouts.layout_server(tmp_path_factory.mktemp("layout-games")) as started:
        yield started


def short_rules(layout: Layout) -> skipbo.Rules | skyjo.Rules:
    if layout.game == "skipbo":
        return skipbo.Rules(players=layout.players, stock_size=STOCK)
    # Two rounds of two turns a player: a round's end and "Next round" in every game.
    return skyjo.Rules(players=layout.players, turn_limit=2 * layout.players, round_limit=2)


def check_point(page: Any, layout: Layout, where: str) -> None:
    """The person's cards and the move's piles in view; the opponents too if all fits."""
    boxes = web_layouts.measure(page)
    check_in_view(boxes, where)
    others = boxes["others"]
    assert len(others) == layout.players - 1
    if page.evaluate(PLAY_BOTTOM) <= boxes["viewport"]["height"]:
        for other in others:
            assert on_screen(other, boxes), f"{where}: opponent {other} (it all fits)"


@pytest.mark.parametrize("layout", RUN, ids=[layout.name for layout in RUN])
def test_the_layout_holds_after_every_move_of_a_whole_game(
    server: Server, browser: Any, layout: Layout
) -> None:
    device = layout.device
    context = browser.new_context(
        viewport={"width": device.width, "height": device.height},
        is_mobile=device.touch,
        has_touch=device.touch,
    )
    context.add_init_script("localStorage.setItem('table-pace', '0')")
    page = context.new_page()
    seats = ["human"] + ["heuristic"] * (layout.players - 1)
    created = server.create(short_rules(layout), seats)
    table, token = created["table"], token_of(created, 0)
    page.goto(server.base + created["seats"][0]["link"])
    rounds_dismissed = 0
    for number in range(MAX_MOVES):
        if not webbrowser.wait_for_turn_or_end(page):
            break
        next_round = page.locator("#next-round")
        if next_round.count():
            next_round.click()  # the last round's end seen: back to the new round's grid
            rounds_dismissed += 1
        check_point(page, layout, f"{layout.name}, move {number + 1}")
        status, hint = server.request("GET", f"/api/tables/{table}/hint", token=token)
        assert status == 200, hint
        webbrowser.play_move(page, hint["move"])
    else:
        raise AssertionError(f"{layout.name}: the game did not end")
    page.locator("#end").wait_for(timeout=webbrowser.WAIT_MS)
    if layout.game == "skyjo":
        assert rounds_dismissed >= 1, "no round's end was dismissed"
    problems = webbrowser.axe_problems(page)
    assert problems == [], f"{layout.name}, the game's end: {problems}"
    context.close()
