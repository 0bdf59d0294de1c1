"""Big tables from the lobby of a default server, and a pasted rules document that sets
the lobby's controls (issue 66, "reaching big tables"), in headless Chromium.

The server here runs with its defaults (no ``--max-players``): every game's whole
range opens, Skyjo at 8 players and Skip-Bo at 12 in the shared-piles form.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from tools import webbrowser
from tools.webserver import Server, running_server

import skipbo
from skipbo import skyjo
from skipbo.games.skipbo.adapter import SKIPBO
from skipbo.games.skyjo.adapter import SKYJO
from tests.web.browsing import axe_clean

if not webbrowser.CHROMIUM.exists():  # pragma: no cover - tools/check installs it
    pytest.skip(
        "needs Chromium: apt-get install -y chromium (tools/check installs it)",
        allow_module_level=True,
    )

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # The default server: only the database is given.
    with running_server(tmp_path_factory.mktemp("lobby") / "tables.sqlite3") as started:
        yield started


def lobby(browser: Any, server: Server) -> Any:
    page = browser.new_page(viewport=PHONE)
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready]", timeout=webbrowser.WAIT_MS)
    return page


def variants(page: Any) -> list[str]:
    return [str(name) for name in page.locator("#preset option").all_inner_texts()]


def open_from_the_lobby(page: Any, game: str, variant: str) -> None:
    """Choose ``game`` and ``variant``, open the table, follow the first seat's link."""
    page.check(f"#game-{game}")
    page.select_option("#preset", label=variant)
    page.click("#open")
    title = page.locator("#links-title")
    title.wait_for(state="visible", timeout=webbrowser.WAIT_MS)
    # On a phone the links come into sight by themselves (they are below the form).
    box = title.bounding_box()
    assert box is not None
    assert 0 <= box["y"] < PHONE["height"], box
    page.locator("a.seat-link").first.click()
    page.wait_for_selector("#status[data-version]", timeout=webbrowser.WAIT_MS)


def test_the_lobby_offers_every_player_count_of_both_games(server: Server, browser: Any) -> None:
    page = lobby(browser, server)
    page.check("#game-skipbo")
    skipbo_variants = variants(page)
    for players in range(2, 7):
        assert f"{players} players" in skipbo_variants
    for players in (6, 8, 10, 12):
        assert f"team piles ({players} players)" in skipbo_variants
    page.check("#game-skyjo")
    skyjo_variants = variants(page)
    for players in range(2, 9):
        assert f"{players} players" in skyjo_variants
    page.select_option("#preset", label="8 players")
    assert page.locator("select.seat").count() == 8
    page.close()


def test_a_default_server_opens_skyjo_at_8_and_skipbo_at_12_from_the_lobby(
    server: Server, browser: Any
) -> None:
    page = lobby(browser, server)
    open_from_the_lobby(page, "skyjo", "8 players")
    assert page.inner_text("#title") == "Skyjo"
    page.wait_for_function(
        "() => document.querySelectorAll('#board .grid').length === 8",
        timeout=webbrowser.WAIT_MS,
    )
    page.close()
    page = lobby(browser, server)
    open_from_the_lobby(page, "skipbo", "team piles (12 players)")
    assert page.inner_text("#title") == "Skip-Bo"
    boxes = page.locator("#board [data-pile^='seat']")
    assert boxes.count() == 12
    assert "(team 2)" in page.inner_text("#board")
    axe_clean(page, "Skip-Bo at 12 players")
    page.close()


def test_a_pasted_rules_document_sets_the_lobbys_controls(server: Server, browser: Any) -> None:
    page = lobby(browser, server)
    page.click("#document summary")
    # A Skyjo document while Skip-Bo is chosen: the game, the variant and the seats follow.
    eight = SKYJO.rules_to_data(skyjo.Rules(players=8))
    page.fill("#rules", json.dumps(eight))
    assert page.is_checked("#game-skyjo")
    assert page.locator("#preset option:checked").inner_text() == "8 players"
    assert page.locator("select.seat").count() == 8
    assert "is the variant" in page.inner_text("#rules-note")
    # A document of no preset: "the rules document", its limits in their controls.
    bounded = SKIPBO.rules_to_data(
        skipbo.Rules(players=3, stock_size=5, turn_move_limit=40, stall_limit=None)
    )
    page.fill("#rules", json.dumps(bounded))
    assert page.is_checked("#game-skipbo")
    assert page.locator("#preset option:checked").inner_text() == "the rules document"
    assert page.locator("select.seat").count() == 3
    assert page.input_value("#bound-turn_move_limit") == "40"
    assert page.input_value("#bound-stall_limit") == ""  # no limit
    # A limit changed writes into the document, which is what the table gets.
    page.click("#advanced summary")
    page.fill("#bound-turn_move_limit", "60")
    assert json.loads(page.input_value("#rules"))["turn_move_limit"] == 60
    page.click("#open")
    page.locator("a.seat-link").first.wait_for(timeout=webbrowser.WAIT_MS)
    link = str(page.locator("a.seat-link").first.get_attribute("href"))
    table = re.sub(r"^/t/([^#]+)#.*$", r"\1", link)
    rules = server.request("GET", f"/api/tables/{table}")[1]["view"]["rules"]
    assert (rules["turn_move_limit"], rules["stall_limit"], rules["players"]) == (60, None, 3)
    # Another variant chosen: the document gives way, and the limits are the variant's.
    page.select_option("#preset", label="4 players")
    assert page.input_value("#rules") == ""
    assert page.input_value("#bound-turn_move_limit") == "500"
    assert page.locator("select.seat").count() == 4
    page.close()


def test_the_lobbys_limits_set_a_presets_bounds(server: Server, browser: Any) -> None:
    page = lobby(browser, server)
    page.check("#game-skyjo")
    page.click("#advanced summary")
    assert page.input_value("#bound-round_limit") == "100"
    page.fill("#bound-round_limit", "1")
    page.fill("#bound-stall_limit", "")
    axe_clean(page, "the lobby's limits")
    page.click("#open")
    page.locator("a.seat-link").first.wait_for(timeout=webbrowser.WAIT_MS)
    link = str(page.locator("a.seat-link").first.get_attribute("href"))
    table = re.sub(r"^/t/([^#]+)#.*$", r"\1", link)
    rules = server.request("GET", f"/api/tables/{table}")[1]["view"]["rules"]
    assert (rules["round_limit"], rules["stall_limit"]) == (1, None)
    page.close()


def test_a_default_server_opens_every_variant_the_lobby_offers(server: Server) -> None:
    games = server.request("GET", "/api/presets")[1]["games"]
    for name, game in games.items():
        for variant, rules in game["presets"].items():
            seats = ["human"] + [game["bots"][0]] * (rules["players"] - 1)
            body = {"rules": rules, "seats": seats, "target": None}
            status, answer = server.request("POST", "/api/tables", body)
            assert status == 201, (name, variant, answer)
