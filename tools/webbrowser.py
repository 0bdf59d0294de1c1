"""Headless Chromium (Debian's package) driven by Playwright, for the web table tests.

The browser is the system's ``/usr/bin/chromium`` (``tools/check`` installs it);
Playwright's own browser download is never used. A *person* here clicks like one:
a card that may be played, then a pile it may go onto; or asks for a hint and plays
it by clicking (or dragging) what the page shows, in either game.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
WAIT_MS = 30_000
"""Milliseconds any one wait in a page may take before a test fails."""

STATUS = "document.querySelector('#status').dataset"


@contextlib.contextmanager
def chromium() -> Iterator[Browser]:
    """A headless Chromium, closed afterwards."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def record_frames(page: Page) -> list[Any]:
    """Every WebSocket message the page receives, decoded, in a list that grows."""
    frames: list[Any] = []
    page.on(
        "websocket",
        lambda socket: socket.on(
            "framereceived", lambda payload: frames.append(json.loads(payload))
        ),
    )
    return frames


def wait_for_turn_or_end(page: Page) -> bool:
    """Wait until the page's seat may move (True) or the game is over (False)."""
    page.wait_for_function(
        f"() => {STATUS}.toMove === 'true' || {STATUS}.over === 'true'", timeout=WAIT_MS
    )
    return bool(page.evaluate(f"() => {STATUS}.over") != "true")


def version(page: Page) -> int:
    return int(page.evaluate(f"() => {STATUS}.version"))


def click_a_move(page: Page) -> None:
    """Play one move by clicking: a card onto a build pile if any can go, else a discard.

    Then wait until the table has moved on (the pushed version changes).
    """
    before = version(page)
    if page.locator("#pass").is_visible():
        page.click("#pass")
    else:
        sources = page.locator("[data-source].legal")
        names = [sources.nth(i).get_attribute("data-source") for i in range(sources.count())]
        for name in dict.fromkeys(names):
            page.locator(f'[data-source="{name}"].legal').first.click()
            builds = page.locator('[data-target^="b"].drop')
            if builds.count():
                builds.first.click()
                break
            page.locator(f'[data-source="{name}"].legal').first.click()  # put it back
        else:  # nothing goes onto a build pile: discard a hand card
            page.locator("#hand [data-source].legal").first.click()
            page.locator("[data-target].drop").first.click()
    page.wait_for_function(f"() => Number({STATUS}.version) > {before}", timeout=WAIT_MS)


AXE = Path(__file__).parent / ".npm" / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core, installed by ``tools/check`` (``npm install --prefix tools/.npm axe-core``)."""


def axe_problems(page: Page) -> list[str]:
    """The serious and critical accessibility violations axe-core finds in the page now.

    Each as ``"<rule>: <the first offending element>"``.
    """
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # Evaluated, not added as a <script>: the pages' policy refuses inline scripts.
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    found = page.evaluate(
        """async () => {
            const result = await axe.run(document, {resultTypes: ["violations"]});
            return result.violations
                .filter((v) => v.impact === "serious" || v.impact === "critical")
                .map((v) => `${v.id}: ${v.nodes[0].html.slice(0, 160)}`);
        }"""
    )
    return [str(problem) for problem in found]


def quick_page(browser: Browser, width: int = 1280, height: int = 900) -> Page:
    """A new page whose table shows the others' moves at once (the pace setting 0)."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.add_init_script("localStorage.setItem('table-pace', '0')")
    page.add_init_script(RECORD_POLICY_VIOLATIONS)
    return page


RECORD_POLICY_VIOLATIONS = """
window.policyViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.policyViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""
"""An init script keeping what the Content-Security-Policy refused (``policy_violations``)."""


def policy_violations(page: Page) -> list[str]:
    """What the page's Content-Security-Policy refused so far (a quick page records them)."""
    return [str(found) for found in page.evaluate("() => window.policyViolations || []")]


def _press(page: Page, selector: str) -> None:
    page.locator(selector).first.click()


def _centre(page: Page, selector: str) -> tuple[float, float]:
    """Scroll the element to the middle of the screen (clear of the sticky header): its centre."""
    node = page.locator(selector).first
    node.evaluate("node => node.scrollIntoView({block: 'center', inline: 'center'})")
    box = node.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _drag(page: Page, source: str, target: str) -> None:
    """Press on ``source``, move over ``target`` in steps, let go: a person's drag."""
    x, y = _centre(page, source)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y, steps=3)
    x, y = _centre(page, target)
    page.mouse.move(x, y, steps=4)
    hit = page.evaluate(
        "([x, y, target]) => !!document.elementFromPoint(x, y)?.closest(target)", [x, y, target]
    )
    assert hit, f"the drop point of {target} is covered"
    page.mouse.up()


def play_the_hint(page: Page, *, drag: bool = False) -> str:
    """Ask for a hint, then play it as a person would: click (or drag) its cards.

    Returns the move played. Waits until the table has moved on.
    """
    page.click("#hint")
    hint = page.locator("#hint-text[data-move]")
    hint.wait_for(timeout=WAIT_MS)
    move = str(hint.get_attribute("data-move"))
    play_move(page, move, drag=drag)
    return move


def play_move(page: Page, move: str, *, drag: bool = False) -> None:
    """Play ``move`` (in the game's notation) as a person would: click (or drag) its cards.

    Waits until the table has moved on.
    """
    before = version(page)
    game = page.evaluate("() => document.querySelector('#board').dataset.game")
    if move == "pass":
        page.click("#pass")
    elif game == "skipbo":
        source, target = (f'[data-source="{move.split(">")[0]}"].legal', move.split(">")[1])
        if drag:
            _drag(page, source, f'[data-target="{target}"]')
        else:
            _press(page, source)
            _press(page, f'[data-target="{target}"].drop')
    elif move in ("draw", "take"):
        _press(page, f'[data-action="{move}"].legal')
    elif move[0] == "s":
        if drag:
            _drag(page, '[data-source="held"].legal', f'[data-target="g{move[1:]}"]')
        else:
            _press(page, f'[data-target="g{move[1:]}"].drop')
    elif move[0] == "f":
        if drag:
            _drag(page, '[data-source="held"].legal', '[data-target="discard"]')
        else:
            _press(page, '[data-target="discard"].drop')
        _press(page, f'[data-target="g{move[1:]}"].drop')
    else:  # r<first>+<second>: two face-down cards
        first, second = move[1:].split("+")
        _press(page, f'[data-source="g{first}"].legal')
        _press(page, f'[data-target="g{second}"].drop')
    page.wait_for_function(f"() => Number({STATUS}.version) > {before}", timeout=WAIT_MS)


def shown_cards(page: Page) -> list[int]:
    """Every card face in the page, sorted."""
    values = page.eval_on_selector_all("[data-card]", "nodes => nodes.map(n => n.dataset.card)")
    return sorted(int(value) for value in values)
