"""Notebook display through IPython's real display formatter, and the layering it keeps."""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace
from typing import Any

import pytest

import skipbo
from skipbo import pictures, skyjo
from skipbo.games.skyjo import records as skyjo_records
from skipbo.pictures.notebook import NotebookError, shown_types
from tests.pictures.helpers import parse

formatters = pytest.importorskip("IPython.core.formatters")  # the dev extra installs IPython

SVG = "image/svg+xml"


def values() -> list[object]:
    state = skipbo.new_game(skipbo.Rules(players=2), seed=1)
    board = skyjo.new_game(skyjo.Rules(players=2), seed=1)
    return [
        state,
        skipbo.view(state, 0),
        skipbo.spectator_view(state),
        skipbo.GameRecord(rules=state.rules, seed=1, moves=[skipbo.legal_moves(state)[0]]),
        board,
        skyjo.view(board),
        skyjo_records.GameRecord(rules=board.rules, seed=1),
    ]


def test_the_extension_makes_states_views_and_records_display_as_pictures() -> None:
    shell = SimpleNamespace(display_formatter=formatters.DisplayFormatter())
    before = [shell.display_formatter.format(value)[0] for value in values()]
    assert all(SVG not in data for data in before)  # nothing until a notebook asks
    pictures.load_ipython_extension(shell)
    for value in values():
        data, _ = shell.display_formatter.format(value)
        assert data[SVG] == pictures.draw(value).svg
        parse(data[SVG])
        assert "text/plain" in data  # the repr stays for text front ends


def test_enable_notebook_finds_the_running_shell_or_says_there_is_none() -> None:
    from IPython.core.interactiveshell import InteractiveShell

    if InteractiveShell.initialized():  # pragma: no cover - only inside IPython
        pytest.skip("a shell is running")
    with pytest.raises(NotebookError, match="no IPython shell"):
        pictures.enable_notebook()
    shell = SimpleNamespace(display_formatter=formatters.DisplayFormatter())
    pictures.enable_notebook(shell)
    assert SVG in shell.display_formatter.format(values()[0])[0]


def test_the_games_do_not_import_the_pictures_and_have_no_picture_hooks() -> None:
    """The layering: importing the games loads no picture code, and no class has _repr_svg_."""
    code = (
        "import sys, skipbo, skipbo.games.skyjo, skipbo.games.skipbo.serialization;"
        "print(sorted(m for m in sys.modules if m.startswith('skipbo.pictures')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert loaded.strip() == "[]"
    # Both shipped games' states, views and records (a test's own game may add its own).
    assert len([kind for kind in shown_types() if kind.__module__.startswith("skipbo.")]) == 6
    assert not [kind for kind in shown_types() if hasattr(kind, "_repr_svg_")]


def test_load_ext_in_a_real_shell(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    monkeypatch.setenv("IPYTHONDIR", str(tmp_path))
    config = Config()
    config.HistoryManager.enabled = False
    shell: Any = InteractiveShell.instance(config=config)
    try:
        shell.run_line_magic("load_ext", "skipbo.pictures")
        data, _ = shell.display_formatter.format(values()[1])
        assert data[SVG] == pictures.draw(values()[1]).svg
    finally:
        InteractiveShell.clear_instance()
