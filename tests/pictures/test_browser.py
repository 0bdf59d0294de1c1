"""The HTML replay in headless Chromium: it steps through a whole game, both games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tools import webbrowser

import skipbo
from skipbo import skyjo
from skipbo.games.skipbo.text import describe_move
from skipbo.games.skyjo import records as skyjo_records
from skipbo.games.skyjo.text import describe_move as skyjo_words
from skipbo.pictures.replay import replay_html
from tests.pictures.test_replay import skipbo_record, skyjo_record

if not webbrowser.CHROMIUM.exists():  # pragma: no cover - tools/check installs it
    pytest.skip(
        "needs Chromium: apt-get install -y chromium (tools/check installs it)",
        allow_module_level=True,
    )


def skipbo_words(record: skipbo.GameRecord) -> list[str]:
    states = list(skipbo.replay(record))
    return [
        describe_move(move, skipbo.spectator_view(before))
        for move, before in zip(record.moves, states, strict=False)
    ]


def skyjo_said(record: skyjo_records.GameRecord) -> list[str]:
    states = list(skyjo_records.replay(record))
    return [
        f"seat {before.current_player}: {skyjo_words(move, skyjo.view(before))}"
        for move, before in zip(record.moves, states, strict=False)
    ]


SHOWN = (
    "[document.body.dataset.step, document.getElementById('words').textContent,"
    " document.querySelectorAll('#stage svg').length]"
)
"""What the page shows: the step, its words and how many pictures (one)."""


def step_through(browser: Any, page_html: str, said: list[str], tmp_path: Path) -> Any:
    path = tmp_path / "replay.html"
    path.write_text(page_html, encoding="utf-8")
    page = browser.new_page(viewport={"width": 390, "height": 844})  # a phone's screen
    page.goto(path.as_uri())
    assert page.locator("#words").text_content() == "start: the deal"
    assert page.locator("#stage svg").count() == 1
    for index, words in enumerate(said, 1):
        if index % 10 == 1:  # the button now and then, the arrow key (quicker) otherwise
            page.click("#forward")
        else:
            page.keyboard.press("ArrowRight")
        assert page.evaluate(SHOWN) == [str(index), f"{index} of {len(said)}: {words}", 1]
    page.click("#forward")  # past the end it stays at the last move
    assert page.evaluate("document.body.dataset.step") == str(len(said))
    page.click("#first")
    assert page.evaluate("document.body.dataset.step") == "0"
    page.evaluate("document.body.dataset.interval = '20'")  # a quick pace for the test
    page.click("#play")  # plays to the end by itself, then stops
    last = f"document.body.dataset.step === '{len(said)}'"
    page.wait_for_function(f"() => {last}", timeout=webbrowser.WAIT_MS * 4)
    assert page.locator("#play").text_content() == "play"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.body.dataset.step") == str(len(said) - 1)
    return page


def test_the_skipbo_replay_steps_through_a_whole_game(browser: Any, tmp_path: Path) -> None:
    record = skipbo_record()
    page = step_through(browser, replay_html(record), skipbo_words(record), tmp_path)
    page.screenshot(path=str(tmp_path / "replay.png"), full_page=True)
    assert (tmp_path / "replay.png").stat().st_size > 0
    page.close()


def test_the_skyjo_replay_steps_through_a_whole_game(browser: Any, tmp_path: Path) -> None:
    record = skyjo_record()
    page = step_through(browser, replay_html(record), skyjo_said(record), tmp_path)
    page.close()
