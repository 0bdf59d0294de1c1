"""Tests for the mutation-testing report of ``python -m tools.mutation``."""

from __future__ import annotations

from pathlib import Path

from tools import mutation


def test_the_score_counts_kills_and_timeouts_per_module(tmp_path: Path) -> None:
    statuses = {
        "skipbo.games.skipbo.engine.x_apply__mutmut_1": "killed",
        "skipbo.games.skipbo.engine.x_apply__mutmut_2": "timeout",
        "skipbo.games.skipbo.engine.x_apply__mutmut_3": "survived",
        "skipbo.games.skipbo.spec.x_is_run__mutmut_1": "killed",
        "skipbo.games.skipbo.spec.x_is_run__mutmut_2": "no tests",
    }
    text, unexplained = mutation.report(statuses, tmp_path / "missing.md")
    lines = text.splitlines()
    assert lines[0] == "engine: 3 mutants, 2 killed (incl. 1 timeouts) (66.7%); 1 survived"
    assert lines[1] == "spec: 2 mutants, 1 killed (50.0%); 1 no tests"
    assert lines[2] == "all: 5 mutants, 3 killed (incl. 1 timeouts) (60.0%); 1 no tests, 1 survived"
    assert unexplained == [
        "skipbo.games.skipbo.engine.x_apply__mutmut_3",
        "skipbo.games.skipbo.spec.x_is_run__mutmut_2",
    ]


def test_survivors_explained_in_the_docs_are_accepted(tmp_path: Path) -> None:
    listed = tmp_path / "survivors.md"
    listed.write_text("- `skipbo.games.skipbo.engine.x_apply__mutmut_3`: equivalent, because ...\n")
    statuses = {"skipbo.games.skipbo.engine.x_apply__mutmut_3": "survived"}
    assert mutation.listed_survivors(listed) == {"skipbo.games.skipbo.engine.x_apply__mutmut_3"}
    assert mutation.report(statuses, listed)[1] == []


def test_module_of_a_mutant() -> None:
    assert mutation.module_of("skipbo.games.skipbo.engine.x_apply__mutmut_3") == "engine"
    assert mutation.module_of("skipbo.games.skipbo.rules.xǁRulesǁshort__mutmut_1") == "rules"


def test_mutants_left_out_of_a_partial_run_are_not_survivors(tmp_path: Path) -> None:
    statuses = {"skipbo.games.skipbo.engine.x_apply__mutmut_1": "not checked"}
    text, unexplained = mutation.report(statuses, tmp_path / "missing.md")
    assert unexplained == []
    assert text.splitlines()[-1] == "0 not killed, 0 of them not explained"
