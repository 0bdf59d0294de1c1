"""People at the web table, in headless Chromium: whole games of both games by clicking
and by dragging, keyboard play, two browsers at one table, what a page may hold (only
its seat's view), the page's settings and defects, and axe-core's accessibility checks.

The screenshots of the docs (``docs/_static/web``) are made here from the real page
when ``SKIPBO_WEB_SCREENSHOTS`` names that folder (to take them again); otherwise,
as in the test command, they go to a temporary folder.
"""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from tools import webbrowser
from tools.webserver import TIMEOUT, Server, running_server, token_of

import skipbo
import skipbo.games.skipbo.serialization
from skipbo import skyjo
from skipbo.common.game import AnyGame
from skipbo.games.skipbo.adapter import SKIPBO
from skipbo.games.skyjo.adapter import SKYJO
from skipbo.games.skyjo.serialization import from_data as skyjo_from_data
from skipbo.pictures.faces import skipbo_face
from tests.web.browsing import axe_clean

if not webbrowser.CHROMIUM.exists():  # pragma: no cover - tools/check installs it
    pytest.skip(
        "needs Chromium: apt-get install -y chromium (tools/check installs it)",
        allow_module_level=True,
    )

RULES = skipbo.Rules(players=2, stock_size=3)
SHORT = skipbo.Rules(players=2, stock_size=2)
SKYJO_RULES = skyjo.Rules(players=2, end_score=10, turn_limit=8)
"""Short Skyjo games: a round ends after 8 turns, the game after the round that
takes a total to 10 (one round, mostly)."""
MAX_MOVES = 600
"""More moves than any of these games takes (they are bounded, not timed)."""
PHONE = (390, 844)
DESKTOP = (1280, 900)

MESSAGE_KEYS = {
    "type", "table", "game_type", "version", "play_version", "seat", "seats", "names", "seating",
    "view", "legal", "last", "game", "target", "scores", "results", "match_winners", "chat",
    "away", "options", "round_end",
}  # fmt: skip


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    with running_server(db, "--bot-delay", "0", "--moves-per-second", "1000") as started:
        yield started


def rgb(colour: str) -> str:
    """``#1b7a2f`` as the browser's computed style writes it: ``rgb(27, 122, 47)``."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({red}, {green}, {blue})"


def screenshot(page: Any, path: Path, size: tuple[int, int]) -> None:
    """The page at ``size`` (then back to its own size), written to ``path`` as PNG."""
    own = page.viewport_size
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("() => window.scrollTo(0, 0)")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
    page.screenshot(path=str(path))
    page.set_viewport_size(own)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# --- what a page may hold -------------------------------------------------------------


def skipbo_cards(seen: skipbo.PlayerView) -> Counter[int]:
    """The card faces a Skip-Bo page may show for a view: hand, stock tops, discards, builds."""
    cards = list(seen.hand or ())
    cards += [top for top in seen.stock_tops if top is not None]
    cards += [card for piles in seen.discards for pile in piles for card in pile]
    cards += [card for pile in seen.builds for card in pile]
    return Counter(cards)


def skyjo_cards(seen: skyjo.PublicView) -> Counter[int]:
    """The card faces a Skyjo page may show: face-up grid cards, the discard pile, held."""
    cards = [card for grid in seen.grids for card in grid if isinstance(card, int)]
    cards += list(seen.discard_pile)
    cards += [] if seen.held is None else [seen.held]
    return Counter(cards)


def may_show(game: AnyGame, state: Any, seat: int | None) -> Counter[int]:
    seen = game.view(state, seat)
    return skipbo_cards(seen) if game is SKIPBO else skyjo_cards(seen)


def states_of(server: Server, table: str, game: AnyGame) -> list[Any]:
    """Every state of game 1 of ``table``, from its released record (state ``v`` after v moves)."""
    status, data = server.request("GET", f"/api/tables/{table}/games/1/record")
    assert status == 200, data
    record: Any = (
        skipbo.games.skipbo.serialization.from_data(data, "record")
        if game is SKIPBO
        else skyjo_from_data(data, "record")
    )
    state = game.deal(record.rules, record.seed)
    states = [state]
    for move in record.moves:
        state = game.apply(state, move)
        states.append(state)
    return states


def check_frames(frames: list[Any], states: list[Any], game: AnyGame, seat: int | None) -> None:
    """Each message is the seat's view of the table at its version, and nothing more."""
    assert frames, "no WebSocket message was received"
    for frame in frames:
        assert set(frame) == MESSAGE_KEYS
        assert frame["seat"] == seat
        if frame["game"] != 1:
            continue
        state = states[frame["version"]]
        seen = game.view(state, seat)
        assert frame["view"] == game.to_data(seen)
        to_move = seat is not None and not game.is_over(state) and state.current_player == seat
        assert frame["legal"] == ([str(move) for move in game.legal_moves(seen)] if to_move else [])


def page_cards(page: Any) -> Counter[int]:
    return Counter(webbrowser.shown_cards(page))


def assert_holds_only_the_view(page: Any, game: AnyGame, state: Any, seat: int | None) -> None:
    shown, allowed = page_cards(page), may_show(game, state, seat)
    assert shown <= allowed, f"the page shows {shown - allowed} beyond the view"


def end_panel_says(page: Any, winners: tuple[int, ...]) -> None:
    """The end panel of seat 0 against Bot 1 (seat 1) names the winners in words."""
    names = {(0,): "You won", (1,): "You lost: Bot 1 won", (0, 1): "You and Bot 1 won"}
    assert page.inner_text("#end-title") == names[winners]


# --- whole games ------------------------------------------------------------------------


def test_a_person_plays_a_whole_skipbo_game_by_clicking_on_a_phone(
    server: Server, browser: Any, shots: Path
) -> None:
    created = server.create(RULES, ["human", "heuristic"])
    page = webbrowser.quick_page(browser, *PHONE)
    frames = webbrowser.record_frames(page)
    page.goto(server.base + created["seats"][0]["link"])
    assert server.request("GET", f"/api/tables/{created['table']}/games/1/record")[0] == 409
    clicks = 0
    while webbrowser.wait_for_turn_or_end(page):
        if clicks == 0:  # the first turn: a game of stocks of three may end before a fourth
            axe_clean(page, "Skip-Bo table")
            # Read at a glance: the build piles say what they need, stocks are labelled,
            # the hand marks its playable cards apart from the discard-only ones.
            assert page.locator(".build .needs").first.inner_text().startswith("needs")
            assert "Your stock" in page.inner_text("#board")
            assert "Bot 1's stock" in page.inner_text("#board")
            # The cards wear the pictures' faces (skipbo.pictures.faces).
            card = page.locator("#hand .card").first
            value = int(str(card.get_attribute("data-card")))
            fill = card.evaluate("node => getComputedStyle(node).backgroundColor")
            assert fill == rgb(skipbo_face(value).fill)
            marks = {tag.strip() for tag in page.locator("#hand .card .tag").all_inner_texts()}
            assert marks
            assert marks <= {"▲ build", "discard"}
        if clicks == 3:  # the docs' pictures show a game under way, if it lasts
            screenshot(page, shots / "skipbo-phone.png", PHONE)
            screenshot(page, shots / "skipbo-desktop.png", DESKTOP)
        webbrowser.click_a_move(page)
        clicks += 1
        assert clicks < MAX_MOVES
    states = states_of(server, created["table"], SKIPBO)
    final = states[-1]
    assert final.is_over
    assert_holds_only_the_view(page, SKIPBO, final, 0)
    check_frames(frames, states, SKIPBO, 0)
    # The end panel names the winner in people's words, with the scores and the next game.
    end_panel_says(page, final.outcome.winners)
    assert page.locator("#end-scores tbody tr").count() == 2
    assert page.locator("#end-record").get_attribute("href", timeout=webbrowser.WAIT_MS)
    axe_clean(page, "Skip-Bo end")
    screenshot(page, shots / "skipbo-end-phone.png", PHONE)
    page.click("#next")
    # The page hides the panel when it shows the new game. The bot starts game 2 and
    # may win it at once (stocks of three), showing the panel again: both are game 2.
    page.wait_for_function(
        f"() => {webbrowser.STATUS}.game === '2' && ({webbrowser.STATUS}.over === 'true'"
        " || document.querySelector('#end').hidden)",
        timeout=webbrowser.WAIT_MS,
    )
    assert page.inner_text("#scores").startswith("Game 2.")
    page.close()


def test_a_person_plays_a_whole_skyjo_game_by_clicking(
    server: Server, browser: Any, shots: Path
) -> None:
    created = server.create(SKYJO_RULES, ["human", "heuristic"])
    table = created["table"]
    page = webbrowser.quick_page(browser, *DESKTOP)
    frames = webbrowser.record_frames(page)
    page.goto(server.base + created["seats"][0]["link"])
    played: list[str] = []
    pages_seen: list[tuple[int, Counter[int]]] = []
    while webbrowser.wait_for_turn_or_end(page):
        pages_seen.append((webbrowser.version(page), page_cards(page)))
        if len(played) == 4:
            axe_clean(page, "Skyjo table")
            screenshot(page, shots / "skyjo-desktop.png", DESKTOP)
            screenshot(page, shots / "skyjo-phone.png", PHONE)
        take = page.locator('[data-action="take"].legal')
        if "take" not in played and take.count():  # once, the person takes the discard
            before = webbrowser.version(page)
            take.click()
            page.wait_for_function(
                f"() => Number({webbrowser.STATUS}.version) > {before}",
                timeout=webbrowser.WAIT_MS,
            )
            played.append("take")
        else:
            played.append(webbrowser.play_the_hint(page))
        assert len(played) < MAX_MOVES
    states = states_of(server, table, SKYJO)
    assert SKYJO.is_over(states[-1])
    # The reveals, taking the discard and swapping it in were all clicked.
    assert {move[0] for move in played} >= {"r", "s"}
    assert "take" in played
    check_frames(frames, states, SKYJO, 0)
    for at, shown in pages_seen:  # a face-down card never reached the page
        assert shown <= may_show(SKYJO, states[at], 0)
    assert_holds_only_the_view(page, SKYJO, states[-1], 0)
    end_panel_says(page, states[-1].outcome.winners)
    totals = [int(page.locator("#end-scores td").nth(i).inner_text()) for i in range(2)]
    assert totals == list(states[-1].outcome.totals)
    assert page.locator(".round-scores").count() == 1  # the round scores are shown
    axe_clean(page, "Skyjo end")
    screenshot(page, shots / "skyjo-end-desktop.png", DESKTOP)
    page.close()


MARKED = """(marked) => [...document.querySelectorAll(`#board ${marked}`)].map((node) => {
    const pile = node.closest('.pile');
    const label = pile ? (pile.querySelector(':scope > .count')?.textContent || '').trim() : '';
    return {pile: pile ? pile.className : '', label,
            column: node.style.gridColumn, row: node.style.gridRow};
})"""
"""The board's labels of the marked nodes (``.hinted``, ``.changed``): their pile's
label ("pile 2") and, for a Skyjo grid place, the column and row it is drawn at."""


OWN_CARDS_IN_VIEW = """() => {
    const own = document.querySelector('#board [data-pile="seat0"]');
    const boxes = [own.querySelector('#hand, .grid'),
                   ...document.querySelectorAll('#board .centre .pile')]
        .map((node) => node.getBoundingClientRect());
    const header = document.querySelector('#top').getBoundingClientRect().bottom;
    return {top: Math.min(...boxes.map((box) => box.top)),
            bottom: Math.max(...boxes.map((box) => box.bottom)),
            header, height: window.innerHeight};
}"""
"""Where seat 0's cards to play (Skip-Bo's hand, Skyjo's grid) and the shared piles
(Skip-Bo's build piles; Skyjo's draw, discard and held piles) are: the highest top and
the lowest bottom; and the header's bottom."""


def check_places(words: str, marked: list[Any], what: str) -> int:
    """Every place ``words`` name is a marked node the board labels so; how many were named."""
    named = 0
    for number in re.findall(r"build pile (\d+)", words):
        labels = [node["label"] for node in marked if "build" in node["pile"]]
        assert f"pile {number}" in labels, f"{what}: {words!r} but the board marks {marked}"
        named += 1
    for number in re.findall(r"discard pile (\d+)", words):
        labels = [node["label"] for node in marked if "discard" in node["pile"]]
        assert f"pile {number}" in labels, f"{what}: {words!r} but the board marks {marked}"
        named += 1
    for column, row in re.findall(r"column (\d+), row (\d+)", words):
        places = [(node["column"], node["row"]) for node in marked]
        assert (column, row) in places, f"{what}: {words!r} but the board marks {marked}"
        named += 1
    assert "place " not in words, words  # Skyjo's places: by column and row only
    return named


@pytest.mark.parametrize(
    ("rules", "size"),
    [
        (skipbo.Rules(players=4, stock_size=3), PHONE),
        (skipbo.Rules(players=2, stock_size=3), DESKTOP),
        (skyjo.Rules(players=2, end_score=10, turn_limit=8), PHONE),
        (skyjo.Rules(players=4, end_score=10, turn_limit=6), DESKTOP),
    ],
    ids=["skipbo-4-phone", "skipbo-2-desktop", "skyjo-2-phone", "skyjo-4-desktop"],
)
def test_every_place_the_words_name_is_the_place_the_board_labels_so(
    server: Server, browser: Any, rules: Any, size: tuple[int, int]
) -> None:
    seats = ["human"] + ["heuristic"] * (rules.players - 1)
    created = server.create(rules, seats)
    page = webbrowser.quick_page(browser, *size)
    page.goto(server.base + created["seats"][0]["link"])
    hinted = latest = 0
    moves = 0
    while webbrowser.wait_for_turn_or_end(page):
        # The own cards and the shared piles are in view at each turn, below the header.
        seen = page.evaluate(OWN_CARDS_IN_VIEW)
        assert seen["header"] - 1 <= seen["top"], f"under the header: {seen}"
        assert seen["bottom"] <= seen["height"] + 1, f"below the screen: {seen}"
        said = page.inner_text("#latest-text")
        if moves:  # the last move (a bot's, or this seat's): its places are marked "new"
            latest += check_places(said, page.evaluate(MARKED, ".changed"), "last move")
        # The hint in words, and on the board: its card and target outlined.
        page.click("#hint")
        page.locator("#hint-text[data-move]").wait_for(timeout=webbrowser.WAIT_MS)
        words = page.inner_text("#hint-text")
        marks = page.evaluate(MARKED, ".hinted")
        move = page.get_attribute("#hint-text", "data-move")
        assert marks or move == "pass", f"the hint {move} is not on the board"
        hinted += check_places(words, marks, "hint")
        webbrowser.play_the_hint(page)
        moves += 1
        assert moves < MAX_MOVES
    # The game's last move too (a bot may win before the person's second turn).
    latest += check_places(
        page.inner_text("#latest-text"), page.evaluate(MARKED, ".changed"), "end"
    )
    assert hinted > 0  # the hints named places
    assert latest > 0  # and so did the moves
    page.close()


@pytest.mark.parametrize(("rules", "size"), [(SHORT, PHONE), (SKYJO_RULES, DESKTOP)])
def test_a_person_plays_a_whole_game_by_dragging(
    server: Server, browser: Any, rules: Any, size: tuple[int, int]
) -> None:
    created = server.create(rules, ["human", "heuristic"])
    page = webbrowser.quick_page(browser, *size)
    page.goto(server.base + created["seats"][0]["link"])
    moves = 0
    while webbrowser.wait_for_turn_or_end(page):
        webbrowser.play_the_hint(page, drag=True)
        moves += 1
        assert moves < MAX_MOVES
    game = SKIPBO if isinstance(rules, skipbo.Rules) else SKYJO
    final = states_of(server, created["table"], game)[-1]
    assert game.is_over(final)
    assert page.locator(".flying").count() == 0  # no dragged copy is left behind
    assert_holds_only_the_view(page, game, final, 0)
    page.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_skyjo_rounds_end_shows_every_card_up_with_the_scores(
    server: Server, browser: Any, size: tuple[int, int]
) -> None:
    rules = skyjo.Rules(players=4, end_score=1000, turn_limit=8)  # round 1 ends at turn 8
    created = server.create(rules, ["human", "heuristic", "heuristic", "heuristic"])
    table = created["table"]
    page = webbrowser.quick_page(browser, *size)
    page.goto(server.base + created["seats"][0]["link"])
    moves = 0
    while not page.locator("#round-end").count():
        assert webbrowser.wait_for_turn_or_end(page)
        webbrowser.play_the_hint(page)
        moves += 1
        assert moves < MAX_MOVES
    panel = page.locator("#round-end")
    assert panel.inner_text().startswith("Round 1 is over")
    assert panel.locator(".card.back").count() == 0  # every card turned up
    message = server.request("GET", f"/api/tables/{table}")[1]
    (scored,) = message["view"]["history"]
    shown = [int(str(c.get_attribute("data-card"))) for c in panel.locator("[data-card]").all()]
    assert sum(shown) == sum(scored["sums"])  # the grids the sums were taken from
    for seat in range(4):
        words = panel.locator(f'.ended-grid[data-seat="{seat}"] .round-score').inner_text()
        assert words.endswith(f"scores {scored['scores'][seat]}")
        assert ("doubled" in words) == (scored["scores"][seat] != scored["sums"][seat])
    assert "?" in json.dumps(message["view"]["grids"])  # meanwhile round 2 is dealt
    axe_clean(page, "a round's end")
    page.click("#next-round")
    assert page.locator("#round-end").count() == 0
    page.close()


def test_keyboard_play_reaches_every_control(server: Server, browser: Any) -> None:
    created = server.create(RULES, ["human", "human"])
    message = server.request("GET", f"/api/tables/{created['table']}")[1]
    seat = message["view"]["current_player"]
    page = webbrowser.quick_page(browser, *DESKTOP)
    page.goto(server.base + created["seats"][seat]["link"])
    assert webbrowser.wait_for_turn_or_end(page)
    # Every card that may be chosen is a focusable button with a name for screen readers.
    for control in page.locator("[data-source].legal, [data-action].legal").all():
        assert control.get_attribute("tabindex") == "0"
        assert control.get_attribute("role") == "button"
        assert control.locator(".sr-only").count() == 1  # what it is, for screen readers
    page.locator("#board").focus()
    for _ in range(80):  # Tab to the first card that may be played
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('[data-source].legal')"):
            break
    else:
        raise AssertionError("no card could be reached with Tab")
    before = webbrowser.version(page)
    page.keyboard.press("Enter")  # choose it: the focus goes to a pile it may go onto
    page.wait_for_function(
        "() => document.activeElement.matches('.drop')", timeout=webbrowser.WAIT_MS
    )
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => Number({webbrowser.STATUS}.version) > {before}", timeout=webbrowser.WAIT_MS
    )
    page.close()


# --- two browsers, spectators, settings, defects ------------------------------------------


def test_two_browsers_share_a_table_and_never_see_each_others_hands(
    server: Server, browser: Any
) -> None:
    created = server.create(SHORT, ["human", "human"])
    pages, frames = [], []
    for seat in (0, 1):
        page = webbrowser.quick_page(browser, *PHONE)
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
        # The other browser is pushed the move, said in words, at the top of its page.
        latest = pages[seat].inner_text("#latest-text")
        assert latest.startswith("You")
        pages[1 - seat].wait_for_function(
            "n => document.querySelector('#log li:first-child')?.value === n",
            arg=moves,
            timeout=webbrowser.WAIT_MS,
        )
        assert pages[1 - seat].inner_text("#latest-text").startswith(f"Player {seat + 1}")
        assert moves < MAX_MOVES
    states = states_of(server, created["table"], SKIPBO)
    for seat in (0, 1):
        check_frames(frames[seat], states, SKIPBO, seat)
        assert_holds_only_the_view(pages[seat], SKIPBO, states[-1], seat)
        pages[seat].close()
    # The page itself is the same static file for everyone: no game data in it.
    page_source = urllib.request.urlopen(f"{server.base}/t/{created['table']}", timeout=TIMEOUT)
    static = resources.files("skipbo.web").joinpath("static", "table.html").read_bytes()
    assert page_source.read() == static


def test_a_seat_link_opened_on_the_spectator_page_takes_the_seat(
    server: Server, browser: Any
) -> None:
    created = server.create(RULES, ["human", "heuristic"])
    page = webbrowser.quick_page(browser, *PHONE)
    frames = webbrowser.record_frames(page)
    page.goto(server.base + created["spectate"])
    page.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)
    assert page.locator("#hand [data-card]").count() == 0
    assert all(frame["view"]["hand"] is None for frame in frames)
    page.goto(server.base + created["seats"][0]["link"])  # the same page: only the #fragment
    page.wait_for_function(
        "() => document.querySelectorAll('#hand [data-card]').length === 5",
        timeout=webbrowser.WAIT_MS,
    )
    assert frames[-1]["seat"] == 0
    page.close()


def test_the_seat_token_leaves_the_address_bar_and_the_seat_link_is_copied(
    server: Server, browser: Any
) -> None:
    created = server.create(RULES, ["human", "heuristic"])
    link = server.base + created["seats"][0]["link"]
    token = token_of(created, 0)
    context = browser.new_context(
        viewport={"width": PHONE[0], "height": PHONE[1]},
        permissions=["clipboard-read", "clipboard-write"],
    )
    page = context.new_page()
    page.add_init_script(webbrowser.RECORD_POLICY_VIOLATIONS)
    answer = page.goto(link)
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    seated = "() => document.querySelectorAll('#hand [data-card]').length === 5"
    page.wait_for_function(seated, timeout=webbrowser.WAIT_MS)
    assert token not in page.url  # out of the address bar
    assert "#" not in page.url
    assert token not in page.evaluate("() => history.state === null ? '' : String(history.state)")
    page.reload()  # the tab keeps its seat
    page.wait_for_function(seated, timeout=webbrowser.WAIT_MS)
    assert token not in page.url
    page.click("#copy-seat")
    page.wait_for_function(
        "() => document.querySelector('#seat-link-note').textContent.startsWith('Copied')",
        timeout=webbrowser.WAIT_MS,
    )
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    axe_clean(page, "the seat link")
    assert webbrowser.policy_violations(page) == []  # the policy refused nothing the page needs
    # A spectator has no seat link to copy.
    spectator = context.new_page()
    spectator.goto(server.base + created["spectate"])
    spectator.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)
    assert spectator.locator("#copy-seat").is_hidden()
    context.close()


def test_names_are_chosen_on_joining_and_shown_as_text(server: Server, browser: Any) -> None:
    created = server.create(SKYJO_RULES, ["human", "heuristic"])
    page = webbrowser.quick_page(browser, *PHONE)
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)
    assert page.get_attribute("#name", "maxlength") == "24"
    page.fill("#name", "<b>Ada</b>")
    page.click("#name-form button")
    spectator = webbrowser.quick_page(browser, *PHONE)
    spectator.goto(server.base + created["spectate"])
    spectator.wait_for_function(
        "() => document.querySelector('#board').innerText.includes('<b>Ada</b>')",
        timeout=webbrowser.WAIT_MS,
    )
    assert spectator.locator("#board b").count() == 0  # the name is text, not markup
    assert server.request("GET", f"/api/tables/{created['table']}")[1]["names"][0] == "<b>Ada</b>"
    page.close()
    spectator.close()


def test_renames_ten_a_second_never_stop_the_other_seat_from_moving(
    server: Server, browser: Any
) -> None:
    # Stock piles of 30: one turn never ends the game.
    created = server.create(skipbo.Rules(players=2), ["human", "human"])
    table = created["table"]
    seat = server.request("GET", f"/api/tables/{table}")[1]["view"]["current_player"]
    page = webbrowser.quick_page(browser, *DESKTOP)
    answers: list[int] = []
    page.on(
        "response",
        lambda response: (
            answers.append(response.status) if response.url.endswith("/moves") else None
        ),
    )
    page.goto(server.base + created["seats"][seat]["link"])
    assert webbrowser.wait_for_turn_or_end(page)
    stop, renamed = threading.Event(), []

    def rename() -> None:  # the other seat renames itself about ten times a second
        number = 0
        while not stop.is_set():
            number += 1
            body = {"name": f"Eve {number}"}
            status, _ = server.request(
                "POST", f"/api/tables/{table}/name", body, token=token_of(created, 1 - seat)
            )
            renamed.append(status)
            time.sleep(0.1)

    griefer = threading.Thread(target=rename)
    griefer.start()
    try:
        moves = 0
        while webbrowser.wait_for_turn_or_end(page):  # the whole turn, to its discard
            webbrowser.click_a_move(page)
            moves += 1
            page.wait_for_function(  # the move itself landed (not just a new name)
                "n => document.querySelector('#log li:first-child')?.value === n",
                arg=moves,
                timeout=webbrowser.WAIT_MS,
            )
            if page.evaluate(f"() => {webbrowser.STATUS}.toMove") != "true":
                break
            assert moves < MAX_MOVES
    finally:
        stop.set()
        griefer.join()
    assert answers == [200] * moves  # every move posted was played
    assert renamed.count(200) >= 2  # the names changed while the seat played
    message = server.request("GET", f"/api/tables/{table}")[1]
    assert message["view"]["current_player"] == 1 - seat  # the turn was played to its end
    assert len(message["last"]) == moves
    page.close()


def test_two_seats_chat_in_two_browsers_and_a_script_stays_text(
    server: Server, browser: Any
) -> None:
    created = server.create(RULES, ["human", "human"])
    pages = []
    for seat in (0, 1):
        page = webbrowser.quick_page(browser, *PHONE)
        page.goto(server.base + created["seats"][seat]["link"])
        page.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)
        pages.append(page)
    attack = '<img src=x onerror="window.owned=1"><script>window.owned=1</script><b>hi</b>'
    pages[0].fill("#chat-text", attack)
    pages[0].click("#chat-form button")
    pages[1].wait_for_function(
        "() => document.querySelectorAll('#chat-lines li').length === 1",
        timeout=webbrowser.WAIT_MS,
    )
    assert pages[1].inner_text("#chat-lines li") == f"Player 1: {attack}"  # as text
    assert pages[1].locator("#chat-lines b, #chat-lines img, #chat-lines script").count() == 0
    assert pages[1].evaluate("() => window.owned") is None
    assert pages[0].input_value("#chat-text") == ""  # sent: the field is cleared
    pages[1].fill("#chat-text", "سلام")
    pages[1].keyboard.press("Enter")
    pages[0].wait_for_function(
        "() => document.querySelectorAll('#chat-lines li').length === 2",
        timeout=webbrowser.WAIT_MS,
    )
    assert pages[0].inner_text("#chat-lines li:last-child") == "Player 2: سلام"
    axe_clean(pages[0], "the chat")
    # A spectator reads no chat; no record holds it.
    spectator = webbrowser.quick_page(browser, *PHONE)
    spectator.goto(server.base + created["spectate"])
    spectator.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)
    assert spectator.locator("#chat").is_hidden()
    assert server.request("GET", f"/api/tables/{created['table']}")[1]["chat"] == []
    for page in [*pages, spectator]:
        assert webbrowser.policy_violations(page) == []
        page.close()


def test_a_turn_timer_lets_a_bot_play_the_seat_until_the_person_takes_it_back(
    browser: Any, tmp_path: Path
) -> None:
    # Bots wait half a second a move here (the shared server's bots wait none): with
    # stocks of 30 the game then lasts minutes, so the person's return always finds it
    # going, however fast the machine plays the bots' moves.
    with running_server(tmp_path / "tables.sqlite3", "--bot-delay", "0.5") as server:
        take_the_seat_back(server, browser)


def take_the_seat_back(server: Server, browser: Any) -> None:
    body = {
        "rules": SKIPBO.rules_to_data(skipbo.Rules(players=2)),
        "seats": ["human", "heuristic"],
        "target": None,
        "options": {"turn_seconds": 1},
    }
    status, created = server.request("POST", "/api/tables", body)
    assert status == 201, created
    page = webbrowser.quick_page(browser, *DESKTOP)
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)
    # The person does not move: their second runs out, a bot plays for them.
    page.wait_for_function(
        "() => !document.querySelector('#back').hidden", timeout=webbrowser.WAIT_MS
    )
    assert page.inner_text("#away-note").startswith("A bot is playing for you")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#log li')]"
        ".some((li) => li.textContent.endsWith('(a bot played for you)'))",
        timeout=webbrowser.WAIT_MS,
    )
    page.click("#back")
    page.wait_for_function(
        "() => document.querySelector('#back').hidden", timeout=webbrowser.WAIT_MS
    )
    # The seat is the person's again: on their turn the tab says so.
    assert webbrowser.wait_for_turn_or_end(page)
    page.wait_for_function(
        "() => document.title.startsWith('Your turn')", timeout=webbrowser.WAIT_MS
    )
    assert page.inner_text("#away-note") == ""
    axe_clean(page, "a seat given back")
    page.close()


def test_the_others_moves_are_paced_by_the_setting(server: Server, browser: Any) -> None:
    # Stock piles of 30: three moves cannot end the game (stocks of two could).
    created = server.create(skipbo.Rules(players=2), ["human", "human"])
    table = created["table"]
    watcher = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
    watcher.add_init_script("localStorage.setItem('table-pace', '2600')")  # "slow"
    watcher.goto(server.base + created["spectate"])
    watcher.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)
    version = 0
    for _ in range(3):  # three moves at once, by whoever is to move
        message = server.request("GET", f"/api/tables/{table}")[1]
        token = token_of(created, message["view"]["current_player"])
        mine = server.request("GET", f"/api/tables/{table}", token=token)[1]
        body = {"move": mine["legal"][0], "version": version}
        assert server.request("POST", f"/api/tables/{table}/moves", body, token=token)[0] == 200
        version += 1
    # The page holds the moves back one by one: it shows an earlier version than it
    # has received while the first move waits out its pace.
    watcher.wait_for_function(
        f"() => Number({webbrowser.STATUS}.received) === {version}"
        f" && Number({webbrowser.STATUS}.version) < {version}",
        timeout=webbrowser.WAIT_MS,
    )
    assert watcher.input_value("#pace") == "2600"
    # The move on the screen is shown on the board: the piles it changed are marked.
    assert watcher.locator(".changed .badge").count() >= 1
    assert watcher.inner_text("#latest-text").startswith("Player")
    watcher.select_option("#pace", "0")  # "at once": catch up
    watcher.wait_for_function(
        f"() => Number({webbrowser.STATUS}.version) === {version}", timeout=webbrowser.WAIT_MS
    )
    watcher.close()


def test_the_page_reconnects_after_a_server_restart_and_play_goes_on(
    browser: Any, tmp_path: Path
) -> None:
    with running_server(tmp_path / "tables.sqlite3", "--bot-delay", "0") as server:
        created = server.create(SHORT, ["human", "play-first"])
        page = webbrowser.quick_page(browser)
        page.goto(server.base + created["seats"][0]["link"])
        assert webbrowser.wait_for_turn_or_end(page)
        webbrowser.click_a_move(page)
        before = webbrowser.version(page)
        server.kill()
        page.wait_for_selector("text=Connection lost", timeout=webbrowser.WAIT_MS)
        server.start()
        # The page connects again by itself and is pushed the stored table. The bot
        # may move on, and even win (a stock of two), before this seat's next turn.
        page.wait_for_function(
            f"() => ({webbrowser.STATUS}.toMove === 'true' || {webbrowser.STATUS}.over === 'true')"
            " && !document.querySelector('#status').innerText.includes('Connection lost')",
            timeout=webbrowser.WAIT_MS,
        )
        assert webbrowser.version(page) >= before
        clicks = 0
        while webbrowser.wait_for_turn_or_end(page):
            webbrowser.click_a_move(page)
            clicks += 1
            assert clicks < MAX_MOVES
        assert states_of(server, created["table"], SKIPBO)[-1].is_over
        page.close()


@pytest.mark.parametrize("game", ["skipbo", "skyjo"])
def test_the_lobby_opens_a_table_of_either_game_against_bots(
    server: Server, browser: Any, game: str
) -> None:
    context = browser.new_context(
        viewport={"width": PHONE[0], "height": PHONE[1]},
        permissions=["clipboard-read", "clipboard-write"],
    )
    page = context.new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready]", timeout=webbrowser.WAIT_MS)
    page.check(f"#game-{game}")
    assert page.locator("#target-row").is_visible() == (game == "skipbo")
    axe_clean(page, f"lobby ({game})")
    seats = page.locator("select.seat")
    assert seats.count() == 2
    assert seats.nth(0).input_value() == "human"
    assert seats.nth(1).input_value() == "heuristic"  # a bot by default
    page.click("#open")
    # Each invite link has a copy button, which copies that link.
    copy = page.locator("#link-list li:first-child button.copy")
    copy.click()
    page.wait_for_function(
        "() => document.querySelector('#link-list li:first-child button.copy').textContent"
        " === 'Copied'",
        timeout=webbrowser.WAIT_MS,
    )
    first_link = page.locator("a.seat-link").first.inner_text()
    assert page.evaluate("() => navigator.clipboard.readText()") == first_link
    assert page.locator("#link-list button.copy").count() == 2  # the seat and spectators
    page.locator("a.seat-link").first.click()
    page.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)
    assert page.inner_text("#title") == ("Skip-Bo" if game == "skipbo" else "Skyjo")
    if game == "skipbo":
        assert page.locator("#hand [data-card]").count() == 5  # the person's hand
    else:
        assert page.locator('[data-pile^="g0."]').count() == 12  # the person's grid
    assert "Bot 1" in page.inner_text("#board")
    context.close()


def test_editing_custom_rules_does_not_eat_the_first_click(server: Server, browser: Any) -> None:
    page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready]", timeout=webbrowser.WAIT_MS)
    page.click("details summary")
    three = skipbo.games.skipbo.serialization.to_data(skipbo.Rules(players=3, stock_size=5))
    page.fill("#rules", json.dumps(three))
    assert page.locator("select.seat").count() == 3  # redrawn while typing
    page.click("#open")  # one click, straight from the rules box
    page.wait_for_selector("#links:not([hidden])", timeout=webbrowser.WAIT_MS)
    assert page.locator("a.seat-link").count() == 1
    page.close()
