"""The golden regression file (see :mod:`tools.golden`): unintended behaviour change.

It checks that the engine still plays the recorded games exactly as when the file was
written; it is not evidence of correctness (the rules are checked by the scenario and
property tests).
"""

from __future__ import annotations

from tools import golden


def test_play_first_games_match_the_golden_file() -> None:
    stored = golden.GOLDEN.read_text(encoding="utf-8")
    diff = golden.difference(stored, golden.generate())
    assert not diff, (
        "the engine's behaviour changed; if that is intended, regenerate the file with "
        "`python -m tools.golden --write` and review its diff:\n" + diff
    )


def test_the_golden_file_is_small_and_covers_every_game() -> None:
    stored = golden.GOLDEN.read_text(encoding="utf-8")
    assert len(stored.encode()) < 8_000
    heads = [line for line in stored.splitlines() if line.startswith("players=")]
    assert len(heads) == len(golden.PLAYERS) * len(golden.SEEDS)
