"""`skipbo demo`'s default output: the game told in a screenful (issue 19, item 5)."""

from __future__ import annotations

import contextlib
import io
import re

import pytest

import skipbo
from skipbo.arena import play_game
from skipbo.cli import main
from skipbo.cli.summary import summarize
from skipbo.games.skipbo.bots import make_bot

SCREEN = 40
"""Lines a newcomer's terminal shows without scrolling."""


def demo(*args: str) -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["demo", *args]) == 0
    return out.getvalue().splitlines()


def record_of(rules: skipbo.Rules, seed: int) -> skipbo.GameRecord:
    bots = [make_bot("play-first", seed + seat) for seat in range(rules.players)]
    return play_game(rules, bots, seed)  # type: ignore[no-any-return]


def test_the_readme_demo_fits_a_screen_and_tells_the_result() -> None:
    lines = demo("--players", "3", "--seed", "7")
    assert len(lines) <= SCREEN
    full = demo("--players", "3", "--seed", "7", "--full")
    assert len(full) > 10 * SCREEN  # the move-by-move text is still there, behind --full
    # the summary's winner is the full narration's
    ending = full[-1]
    winner = re.search(r"\(seat (\d+)\) won after", lines[-2])
    assert winner is not None
    assert ending.endswith(f"seat {winner.group(1)} won")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_progress_line_is_the_state_at_its_turn(players: int) -> None:
    rules = skipbo.Rules(players=players, stock_size=10)
    record = record_of(rules, seed=players)
    lines = summarize(record)
    assert len(lines) <= SCREEN
    first_at_turn: dict[int, skipbo.GameState] = {}
    for state in skipbo.replay(record):
        first_at_turn.setdefault(state.turn, state)
    last = list(skipbo.replay(record))[-1]
    rows = [line.split() for line in lines if re.fullmatch(r"\s*\d+(\s+\d+)+", line)]
    assert len(rows) >= 2
    # each row is the table at the start of its turn; the last one, the end of the game
    expected = [first_at_turn[int(row[0])] for row in rows[:-1]] + [last]
    for row, state in zip(rows, expected, strict=True):
        assert [int(x) for x in row] == [
            state.turn,
            *(len(stock) for stock in state.stocks),
            len(state.draw_pile),
        ]


def test_a_game_without_a_winner_says_why() -> None:
    rules = skipbo.Rules(players=2, stock_size=3, turn_limit=5)
    lines = summarize(record_of(rules, seed=2))
    assert lines[-1].startswith("No winner: the turn limit ended the game after 5 turns")


def test_an_unfinished_record_says_so() -> None:
    rules = skipbo.Rules(players=2, stock_size=3)
    whole = record_of(rules, seed=4)
    part = skipbo.GameRecord(rules=rules, seed=whole.seed, moves=whole.moves[:7])
    assert "before the game did" in summarize(part)[-1]
