"""Rule traceability: every verifiable rule of docs/rules.md has a marked test."""

from __future__ import annotations

import textwrap
from pathlib import Path

from tools.traceability import (
    INFORMATIVE,
    SKYJO_RULES_DOCUMENT,
    rule_coverage,
    rule_ids,
    untested,
)


def test_every_rule_has_a_test() -> None:
    missing = untested()
    assert not missing, "rules without a test marked @pytest.mark.rule(...): " + ", ".join(missing)


def test_the_rules_document_defines_the_rule_groups() -> None:
    ids = rule_ids()
    assert len(ids) == len(set(ids))
    for group in ("DECK", "SETUP", "TURN", "BUILD", "DISC", "DRAW", "WIN", "INFO"):
        assert f"R-{group}-1" in ids
    assert set(ids) >= INFORMATIVE


def test_the_skyjo_rules_document_defines_its_rule_groups() -> None:
    ids = rule_ids(SKYJO_RULES_DOCUMENT)
    assert len(ids) == len(set(ids))
    for group in ("DECK", "SETUP", "TURN", "COL", "DRAW", "END", "SCORE", "INFO"):
        assert f"S-{group}-1" in ids
    assert set(ids) <= set(rule_ids())
    assert "S-REL-1" in INFORMATIVE


def write(directory: Path, name: str, source: str) -> None:
    (directory / name).write_text(textwrap.dedent(source), encoding="utf-8")


def test_markers_are_found_on_functions_classes_and_modules(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    write(
        tests,
        "test_functions.py",
        """
        import pytest

        @pytest.mark.rule("R-A-1")
        def test_one():
            pass

        @pytest.mark.parametrize("x", [1])
        @pytest.mark.rule("R-A-2", "R-A-3")
        def test_two(x):
            pass

        @pytest.mark.rule("R-A-9")
        def helper_not_a_test():
            pass

        def test_unmarked():
            pass
        """,
    )
    write(
        tests,
        "test_classes.py",
        """
        import pytest

        @pytest.mark.rule("R-B-1")
        class TestGroup:
            def test_inherits(self):
                pass

            @pytest.mark.rule("R-B-2")
            def test_adds(self):
                pass
        """,
    )
    write(
        tests,
        "test_module_list.py",
        """
        import pytest

        pytestmark = [pytest.mark.rule("R-C-1"), pytest.mark.slow]

        def test_module_marked():
            pass
        """,
    )
    write(
        tests,
        "test_module_single.py",
        """
        import pytest

        pytestmark = pytest.mark.rule("R-C-2")

        def test_single():
            pass
        """,
    )
    write(tests, "helpers.py", '@pytest.mark.rule("R-D-1")\ndef test_not_collected(): pass\n')
    sub = tests / "property"
    sub.mkdir()
    write(
        sub,
        "test_nested.py",
        """
        import pytest

        @pytest.mark.rule("R-E-1")
        def test_deep():
            pass
        """,
    )
    assert rule_coverage(tests) == {
        "R-A-1": ["tests/test_functions.py::test_one"],
        "R-A-2": ["tests/test_functions.py::test_two"],
        "R-A-3": ["tests/test_functions.py::test_two"],
        "R-B-1": [
            "tests/test_classes.py::TestGroup::test_inherits",
            "tests/test_classes.py::TestGroup::test_adds",
        ],
        "R-B-2": ["tests/test_classes.py::TestGroup::test_adds"],
        "R-C-1": ["tests/test_module_list.py::test_module_marked"],
        "R-C-2": ["tests/test_module_single.py::test_single"],
        "R-E-1": ["tests/property/test_nested.py::test_deep"],
    }
