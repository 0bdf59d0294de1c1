"""The docs' build-time pictures (docs/_ext/skipbo_pictures.py): their numbers come
from the docs' own tables, and their positions are the tutorials' positions."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

import skipbo
from skipbo import skyjo
from tests.pictures.helpers import parse

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(scope="module")
def extension() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "skipbo_pictures", DOCS / "_ext" / "skipbo_pictures.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def table_rows(page: str, heading: str, level: str = "##") -> list[list[str]]:
    """The table under ``heading``, read here independently of the extension."""
    text = (DOCS / page).read_text(encoding="utf-8")
    section = text.split(f"\n{level} {heading}\n", 1)[1].split("\n#", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[2:]]


def bars(svg: str) -> list[float]:
    return [float(g.get("data-value", "")) for g in parse(svg).iter() if g.get("class") == "bar"]


@pytest.mark.parametrize(
    ("game", "heading", "level"),
    [("skipbo", "Strength", "##"), ("skyjo", "Skyjo's strength", "###")],
)
def test_the_strength_charts_draw_the_strength_tables(
    extension: ModuleType, game: str, heading: str, level: str
) -> None:
    rows = table_rows("guide-bots.md", heading, level)
    assert rows  # the page has its table
    expected = [float(re.match(r"([\d.]+)%", row[2]).group(1)) / 100 for row in rows]  # type: ignore[union-attr]
    assert bars(extension.strength_chart(game)) == pytest.approx(expected, abs=1e-4)


@pytest.mark.parametrize(
    ("game", "heading"), [("skipbo", "Skip-Bo: by bug"), ("skyjo", "Skyjo: by bug")]
)
def test_the_matrix_charts_count_the_matrix(extension: ModuleType, game: str, heading: str) -> None:
    rows = table_rows("matrix.md", heading)
    techniques = len(rows[0]) - 3
    expected = [
        sum(row[3 + t].startswith("✓") for row in rows) / len(rows) for t in range(techniques)
    ]
    assert bars(extension.matrix_chart(game)) == pytest.approx(expected, abs=1e-4)


def test_the_table_directive_plays_the_tutorials_positions(extension: ModuleType) -> None:
    state, last, mover = extension._play({"players": 2, "seed": 3, "moves": "h12>d0"})
    expected = skipbo.apply(
        skipbo.new_game(skipbo.Rules(players=2), seed=3), skipbo.parse_move("h12>d0")
    )
    assert (state, last, mover) == (expected, skipbo.parse_move("h12>d0"), 0)
    ended, _, _ = extension._play(
        {"players": 2, "stock-size": 5, "seed": 4, "bots": "heuristic:1 play-first:2"}
    )
    assert str(skipbo.outcome(ended)) == "seat 0 won"  # the tutorial's game
    board, _, _ = extension._play(
        {"game": "skyjo", "players": 3, "seed": 7, "bots": "heuristic:0 random:1 random:2"}
    )
    result = skyjo.outcome(board)
    assert result is not None
    assert result.winners == (0,)  # the Skyjo tutorial's game
