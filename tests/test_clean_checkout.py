"""The project's commands leave a checkout as they found it (issue 19, item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skipbo.web.options import default_database

ROOT = Path(__file__).resolve().parent.parent


def test_the_server_keeps_its_tables_in_the_users_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_database() == tmp_path / "skipbo" / "tables.sqlite3"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    home = tmp_path / "home"
    assert default_database() == home / ".local" / "share" / "skipbo" / "tables.sqlite3"


def test_the_server_default_is_outside_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.chdir(ROOT)
    assert not default_database().resolve().is_relative_to(ROOT)
