"""The turn timer in sight (issue 66, point 2), in headless Chromium.

At a table with a turn timer the header names the limit and the seat to move shows
the seconds left; near the end the count flashes and, with the sound setting on
(only then), a tone sounds; when the time runs out the page says in words that a
bot plays for the person, and why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tools import webbrowser
from tools.webserver import Server, running_server

import skipbo
from skipbo.games.skipbo.adapter import SKIPBO

if not webbrowser.CHROMIUM.exists():  # pragma: no cover - tools/check installs it
    pytest.skip(
        "needs Chromium: apt-get install -y chromium (tools/check installs it)",
        allow_module_level=True,
    )

SECONDS = 8
"""The turn timer here (long enough for two pages to load on a loaded machine): its
last third is the hurry."""

RECORD_TONES = """
window.tones = [];
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.tones.push(this.frequency.value);
  return start.apply(this, args);
};
"""
"""An init script keeping the frequency of every tone the page starts."""
HURRY_TONE = 880
"""The near-end tone's frequency (the turn's own tone is 660 Hz)."""

OWN_COUNTDOWN = '#board [data-pile="seat0"] h2 .countdown'


def open_timed_table(server: Server, browser: Any, *, sound: bool) -> Any:
    """Seat 0 (who moves first) of a new table with the timer, sound on or off."""
    body = {
        "rules": SKIPBO.rules_to_data(skipbo.Rules(players=2)),
        "seats": ["human", "heuristic"],
        "target": None,
        "options": {"turn_seconds": SECONDS},
    }
    status, created = server.request("POST", "/api/tables", body)
    assert status == 201, created
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script("localStorage.setItem('table-pace', '0')")
    context.add_init_script(f"localStorage.setItem('turn-sound', '{'on' if sound else 'off'}')")
    context.add_init_script(RECORD_TONES)
    page = context.new_page()
    page.goto(server.base + created["seats"][0]["link"])
    return page


def test_the_countdown_the_tone_setting_and_the_takeover_in_words(
    browser: Any, tmp_path: Path
) -> None:
    # Bots wait a little: the takeover's first moves are there to be read.
    with running_server(tmp_path / "tables.sqlite3", "--bot-delay", "0.3") as server:
        loud = open_timed_table(server, browser, sound=True)
        quiet = open_timed_table(server, browser, sound=False)
        for page in (loud, quiet):
            page.locator(OWN_COUNTDOWN).wait_for(timeout=webbrowser.WAIT_MS)
            assert page.inner_text("#turn-limit") == f"Turn timer: {SECONDS} seconds"
            assert page.inner_text(OWN_COUNTDOWN).endswith(" s left")
        for page in (loud, quiet):
            page.locator(f"{OWN_COUNTDOWN}.hurry").wait_for(timeout=webbrowser.WAIT_MS)
        loud.wait_for_function(
            f"() => window.tones.includes({HURRY_TONE})", timeout=webbrowser.WAIT_MS
        )
        assert "then a bot plays for you" in loud.inner_text(OWN_COUNTDOWN)
        for page in (loud, quiet):
            page.wait_for_function(
                "() => !document.querySelector('#back').hidden", timeout=webbrowser.WAIT_MS
            )
            assert page.inner_text("#away-note") == (
                f"A bot is playing for you: your turn's {SECONDS} seconds ran out."
                " Take your seat back to play again."
            )
            assert page.locator(OWN_COUNTDOWN).count() == 0  # no timer on a bot's play
        # The sound setting off: the count flashed, no tone sounded.
        assert HURRY_TONE not in quiet.evaluate("() => window.tones")
        for page in (loud, quiet):
            page.context.close()
