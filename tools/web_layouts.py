"""The web table at every table size, on a phone and on a desktop, on the person's turn.

    python -m tools.web_layouts docs/_static/web/layout

opens, for each game and the table sizes of :data:`PICTURED` and each device (a
390 x 844 touch phone, a 1280 x 900 desktop), a table of one person and bots where it
is the person's turn, and saves what the screen shows then as
``<game>-<players>-<device>.png`` (the docs' web guide shows them; ``--all`` saves
every table size). ``tests/web/test_layout.py`` opens the tables of every size
(:data:`LAYOUTS`) with the same code, measures where the page put everything
(:func:`measure`) and saves the same pictures into a temporary folder.
"""

from __future__ import annotations

import argparse
import contextlib
import struct
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

import skipbo
from skipbo import skyjo
from tools import webbrowser
from tools.webserver import Server, running_server


@dataclass(frozen=True)
class Device:
    """A screen: its size in CSS pixels and whether it is touched (a phone) or not."""

    name: str
    width: int
    height: int
    touch: bool


PHONE = Device("phone", 390, 844, touch=True)
DESKTOP = Device("desktop", 1280, 900, touch=False)
DEVICES = (PHONE, DESKTOP)

SIZES = {"skipbo": range(2, 7), "skyjo": range(2, 9)}
"""Every table size of each game: Skip-Bo seats 2 to 6, Skyjo 2 to 8."""


@dataclass(frozen=True)
class Layout:
    """One table size of one game on one device."""

    game: str
    players: int
    device: Device

    @property
    def name(self) -> str:
        """``skipbo-4-phone``: the picture's file name without ``.png``, and the test's id."""
        return f"{self.game}-{self.players}-{self.device.name}"

    def rules(self) -> skipbo.Rules | skyjo.Rules:
        """The game's standard rules for the table size."""
        if self.game == "skipbo":
            return skipbo.Rules(players=self.players)
        return skyjo.Rules(players=self.players)


LAYOUTS = tuple(
    Layout(game, players, device)
    for game, sizes in SIZES.items()
    for players in sizes
    for device in DEVICES
)
"""Every table size of both games on both devices."""

PICTURED = {"skipbo": (2, 4, 6), "skyjo": (2, 4, 8)}
"""The table sizes whose pictures the docs show: the smallest, four and the largest."""


def open_turn(browser: Browser, server: Server, layout: Layout, script: str = "") -> Page:
    """A new page (in its own browser context) at a new table, on the person's turn.

    The person sits at seat 0, bots in the other seats. In Skyjo the person first
    turns up their two cards (as the hint says), so the page is at a turn that takes
    from the draw or discard pile: the one that needs the shared piles. ``script``
    runs in the page before the page's own scripts.
    """
    device = layout.device
    context = browser.new_context(
        viewport={"width": device.width, "height": device.height},
        device_scale_factor=1,
        is_mobile=device.touch,
        has_touch=device.touch,
    )
    page = context.new_page()
    page.add_init_script("localStorage.setItem('table-pace', '0')")
    if script:
        page.add_init_script(script)
    created = server.create(layout.rules(), ["human"] + ["heuristic"] * (layout.players - 1))
    page.goto(server.base + created["seats"][0]["link"])
    if not webbrowser.wait_for_turn_or_end(page):
        raise AssertionError(f"{layout.name}: the game ended before the person's turn")
    if layout.game == "skyjo":
        webbrowser.play_the_hint(page)  # the reveal of two cards
        if not webbrowser.wait_for_turn_or_end(page):
            raise AssertionError(f"{layout.name}: the round ended before the person's turn")
    return page


MEASURE = """() => {
    const box = (node) => {
        const r = node.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                width: r.width, height: r.height};
    };
    const own = document.querySelector('#board [data-pile="seat0"]');
    const needed = document.querySelector('#board').dataset.game === 'skipbo'
        ? '.centre .build' : '.centre .drawpile, .centre .discard, .centre .held';
    return {
        viewport: {width: window.innerWidth, height: window.innerHeight},
        scrollWidth: document.documentElement.scrollWidth,
        header: box(document.querySelector('#top')),
        own: box(own),
        cards: box(own.querySelector('#hand, .grid')),
        piles: [...document.querySelectorAll(`#board ${needed}`)].map(
            (node) => ({pile: node.dataset.pile, ...box(node)})),
        others: [...document.querySelectorAll('#board .others > .player')].map(
            (node) => ({pile: node.dataset.pile, ...box(node)})),
        touch: [...own.querySelectorAll('[data-source].legal, [data-target], [data-action]'),
                ...document.querySelectorAll(`#board ${needed}`)].map(
            (node) => ({what: node.dataset.source || node.dataset.target
                        || node.dataset.action || node.dataset.pile, ...box(node)})),
    };
}"""
"""Where the page put things, in the viewport's pixels: the sticky header; the
person's area and its cards (the hand, the grid); the shared piles the turn needs
(Skip-Bo's build piles; Skyjo's draw, discard and held piles); each opponent's
area; and every card or pile the person may touch."""


def measure(page: Page) -> dict[str, Any]:
    """The boxes of :data:`MEASURE` for the page now."""
    found: dict[str, Any] = page.evaluate(MEASURE)
    return found


def save(page: Page, path: Path) -> None:
    """The screen as the person sees it now (the viewport only), as a PNG at ``path``."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
    page.screenshot(path=str(path))


def png_size(path: Path) -> tuple[int, int]:
    """The width and height a PNG file declares (its IHDR chunk)."""
    head = path.read_bytes()[:24]
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise ValueError(f"{path} is not a PNG file")
    width, height = struct.unpack(">II", head[16:24])
    return width, height


@contextlib.contextmanager
def layout_server(folder: Path) -> Iterator[Server]:
    """A server whose bots move at once, storing its tables in ``folder``.

    It seats up to 8 (Skyjo's most) and opens a table for each layout within a
    minute (a public server's limit per address is lower).
    """
    options = ("--bot-delay", "0", "--max-players", "8", "--tables-per-minute", "1000")
    with running_server(folder / "tables.sqlite3", *options) as server:
        yield server


def take_all(folder: Path, layouts: Sequence[Layout]) -> list[Path]:
    """Save the picture of each of ``layouts`` into ``folder``; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    saved = []
    with (
        tempfile.TemporaryDirectory() as directory,
        webbrowser.chromium() as browser,
        layout_server(Path(directory)) as server,
    ):
        for layout in layouts:
            page = open_turn(browser, server, layout)
            path = folder / f"{layout.name}.png"
            save(page, path)
            page.context.close()
            saved.append(path)
    return saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--all", action="store_true", help="every table size, not only PICTURED")
    arguments = parser.parse_args()
    layouts = [
        layout for layout in LAYOUTS if arguments.all or layout.players in PICTURED[layout.game]
    ]
    for path in take_all(arguments.folder, layouts):
        print(path)


if __name__ == "__main__":
    main()
