"""Screenshot of the HTML replay for the docs (docs/api-pictures.md), in Debian's Chromium.

    python -m tools.replay_screenshot docs/_static/replay-page.png

A short game between two heuristic bots, shown at a phone's width a few moves in.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import skipbo
from skipbo.games.skipbo.bots import make_bot
from skipbo.pictures.replay import replay_html
from tools import webbrowser

STEPS = 9
"""The move shown: one with a play onto a build pile, outlined."""


def record() -> skipbo.GameRecord:
    rules = skipbo.Rules(players=2, stock_size=5)
    state, moves = skipbo.new_game(rules, seed=11), []
    bots = [make_bot("heuristic", seed=1), make_bot("heuristic", seed=2)]
    while not skipbo.is_over(state):
        move = bots[state.current_player].choose(skipbo.view(state, state.current_player))
        moves.append(move)
        state = skipbo.apply(state, move)
    return skipbo.GameRecord(rules=rules, seed=11, moves=moves, names=("Ann", "Bo"))


def main(target: str) -> None:
    with tempfile.TemporaryDirectory() as folder, webbrowser.chromium() as browser:
        page_file = Path(folder) / "replay.html"
        page_file.write_text(replay_html(record()), encoding="utf-8")
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(page_file.as_uri())
        for _ in range(STEPS):
            page.keyboard.press("ArrowRight")
        page.screenshot(path=target, full_page=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/_static/replay-page.png")
