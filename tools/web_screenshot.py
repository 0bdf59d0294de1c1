"""The screenshot of the web table in the docs, taken in headless Chromium.

    python -m tools.web_screenshot docs/_static/web-table.png

opens a three-player table (a person and two bots), plays a few of the person's
turns by clicking, chooses a card, and saves the page.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import skipbo
from tools import webbrowser
from tools.webserver import running_server

PERSON_MOVES = 14
"""Moves the person makes before the picture (a table with cards on it)."""


def take(path: Path, width: int = 1100, height: int = 820) -> None:
    """Save a screenshot of a game in progress to ``path``."""
    with tempfile.TemporaryDirectory() as directory, webbrowser.chromium() as browser:
        db = Path(directory) / "tables.sqlite3"
        with running_server(db, "--bot-delay", "0") as server:
            created = server.create(skipbo.Rules(players=3), ["human", "play-first", "heuristic"])
            page = webbrowser.quick_page(browser, width, height)
            page.goto(server.base + created["seats"][0]["link"])
            for _ in range(PERSON_MOVES):
                if not webbrowser.wait_for_turn_or_end(page):
                    break
                webbrowser.click_a_move(page)
            webbrowser.wait_for_turn_or_end(page)
            page.locator("#hand [data-source].legal").first.click()  # a card chosen
            page.evaluate("() => window.scrollTo(0, 0)")
            page.screenshot(path=str(path))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("path", type=Path)
    take(parser.parse_args().path)


if __name__ == "__main__":
    main()
