"""The rules help in headless Chromium: reached from a table of each game and from the
lobby, with its pictures drawn at a readable size, no Content-Security-Policy refusal
and no accessibility violation (axe-core).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tools import webbrowser
from tools.webserver import Server, running_server, token_of

import skipbo
from skipbo import skyjo
from tests.web.browsing import axe_clean

if not webbrowser.CHROMIUM.exists():  # pragma: no cover - tools/check installs it
    pytest.skip(
        "needs Chromium: apt-get install -y chromium (tools/check installs it)",
        allow_module_level=True,
    )

PHONE = (390, 844)
TABLES = {"skipbo": skipbo.Rules(players=2), "skyjo": skyjo.Rules(players=2)}
NAMES = {"skipbo": "Skip-Bo", "skyjo": "Skyjo"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    with running_server(db, "--bot-delay", "0") as started:
        yield started


def follow(page: Any, link: str) -> Any:
    """Click ``link`` (it opens a new tab); the new tab once its page has loaded."""
    with page.context.expect_page(timeout=webbrowser.WAIT_MS) as opened:
        page.click(link)
    help_page = opened.value
    help_page.wait_for_load_state(timeout=webbrowser.WAIT_MS)
    return help_page


def check_rules_page(page: Any, game: str) -> None:
    """The game's rules help: its title, its pictures shown within the screen, no refusal."""
    assert page.url.endswith(f"/rules/{game}")
    assert page.inner_text("h1") == f"How to play {NAMES[game]}"
    pictures = page.locator("figure svg")
    assert pictures.count() == 2
    width = page.viewport_size["width"]
    for index in range(2):
        picture = pictures.nth(index)
        picture.scroll_into_view_if_needed()
        box = picture.bounding_box()
        assert box is not None
        assert 0.7 * width < box["width"] <= width  # as wide as a phone allows
        assert box["height"] > 0.5 * box["width"]  # its own proportions, not squashed
        # Drawn: the cards are there (not an empty box the policy left blank).
        assert picture.locator("rect").count() > 20
        assert picture.locator("title").text_content()
    assert page.locator("li[id^='R-'], li[id^='S-']").count() > 20  # the rules in full
    page.click(".summary .cite a >> nth=0")  # a rule's ID goes to the rule in full
    assert page.evaluate("() => location.hash") != ""
    assert page.locator("li:target").count() == 1
    axe_clean(page, f"the rules of {game}")
    assert webbrowser.policy_violations(page) == []


@pytest.mark.parametrize("game", ["skipbo", "skyjo"])
def test_the_table_links_to_its_game_s_rules_with_pictures(
    server: Server, browser: Any, game: str
) -> None:
    created = server.create(TABLES[game], ["human", "heuristic"])
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    context.add_init_script(webbrowser.RECORD_POLICY_VIOLATIONS)  # in every tab it opens
    errors: list[str] = []
    context.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    table = context.new_page()
    table.goto(f"{server.base}/t/{created['table']}#{token_of(created, 0)}")
    table.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)
    link = table.locator("#rules-link")
    assert link.is_visible()
    assert link.get_attribute("href") == f"/rules/{game}"
    axe_clean(table, f"a {game} table with its rules link")
    rules = follow(table, "#rules-link")
    check_rules_page(rules, game)
    assert not table.is_closed()  # the table stays open in its own tab
    assert webbrowser.policy_violations(table) == []
    assert errors == []
    context.close()


def test_the_lobby_links_to_each_game_s_rules(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    context.add_init_script(webbrowser.RECORD_POLICY_VIOLATIONS)
    lobby = context.new_page()
    lobby.goto(server.base + "/")
    lobby.wait_for_selector("body[data-ready]", timeout=webbrowser.WAIT_MS)
    for game in ("skipbo", "skyjo"):
        rules = follow(lobby, f'#game-rules a[href="/rules/{game}"]')
        assert rules.inner_text("h1") == f"How to play {NAMES[game]}"
        assert rules.locator("figure svg").count() == 2
        assert webbrowser.policy_violations(rules) == []
        rules.close()
    axe_clean(lobby, "the lobby")
    context.close()
