"""The release check's own checks find what a wrong distribution gets wrong (issue 54).

``tools/check`` runs ``tools/wheel_check.py`` on the real sdist and wheel; these tests
show, on fake ones, that its content and classifier checks would fail a wrong build.
"""

from __future__ import annotations

import tarfile
import zipfile
from email.message import Message
from pathlib import Path

import pytest
from tools.wheel_check import (
    CheckFailed,
    classifier_problems,
    package_files,
    read_sdist,
    read_wheel,
    sdist_problems,
    wheel_problems,
)

DIST_INFO = "skipbo-0.1.0.dist-info"
METADATA_FILES = [
    f"{DIST_INFO}/{name}"
    for name in ("METADATA", "WHEEL", "RECORD", "entry_points.txt", "licenses/LICENSE")
]


def _wheel(tmp_path: Path, names: list[str]) -> Path:
    path = tmp_path / "skipbo-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        for name in names:
            text = "Metadata-Version: 2.4\nName: skipbo\n" if name.endswith("/METADATA") else ""
            archive.writestr(name, text)
    return path


def test_a_wheel_of_exactly_the_package_passes(tmp_path: Path) -> None:
    expected = package_files()
    names, dist_info, metadata = read_wheel(_wheel(tmp_path, [*expected, *METADATA_FILES]))
    assert dist_info == DIST_INFO
    assert metadata["Name"] == "skipbo"
    assert wheel_problems(names, expected, dist_info) == []


def test_the_package_has_the_data_files_a_wheel_must_carry() -> None:
    files = package_files()
    assert "skipbo/py.typed" in files
    assert {"skipbo/games/skipbo/schemas/skipbo.schema.json"} <= files
    assert any(name.startswith("skipbo/web/static/") for name in files)
    rules_help = {f"skipbo/web/static/rules-{game}.html" for game in ("skipbo", "skyjo")}
    assert rules_help | {"skipbo/web/static/rules.css"} <= files
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in files)


def test_a_wheel_without_its_data_files_or_with_tests_fails(tmp_path: Path) -> None:
    expected = package_files()
    schemas = {name for name in expected if "/schemas/" in name}
    kept = expected - {"skipbo/py.typed"} - schemas
    stray = [
        "tests/skipbo/test_engine.py",
        "docs/index.md",
        "skipbo/__pycache__/cards.cpython-311.pyc",
    ]
    names, dist_info, _ = read_wheel(_wheel(tmp_path, [*kept, *stray, *METADATA_FILES[:-1]]))
    problems = "\n".join(wheel_problems(names, expected, dist_info))
    assert "missing skipbo/py.typed" in problems
    assert "nothing matches skipbo/games/skyjo/schemas/*.json" in problems
    for name in [*schemas, *stray, METADATA_FILES[-1]]:
        assert name in problems


def test_a_wheel_without_the_rules_help_fails(tmp_path: Path) -> None:
    expected = package_files()
    pages = {name for name in expected if name.startswith("skipbo/web/static/rules-")}
    assert len(pages) == 2
    names, dist_info, _ = read_wheel(_wheel(tmp_path, [*(expected - pages), *METADATA_FILES]))
    problems = wheel_problems(names, expected, dist_info)
    assert "wheel: nothing matches skipbo/web/static/rules-*.html" in problems
    assert all(f"wheel: missing {page}" in problems for page in pages)


def test_a_wheel_without_metadata_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CheckFailed, match="METADATA"):
        read_wheel(_wheel(tmp_path, ["skipbo/__init__.py", f"{DIST_INFO}/WHEEL"]))


def _sdist(tmp_path: Path, names: list[str]) -> Path:
    path = tmp_path / "skipbo-0.1.0.tar.gz"
    with tarfile.open(path, "w:gz") as archive:
        for name in names:
            source = tmp_path / "empty"
            source.touch()
            archive.add(source, arcname=name)
    return path


SDIST_NEEDS = [
    "pyproject.toml",
    "README.md",
    "LICENSE",
    "PKG-INFO",
    "src/skipbo/__init__.py",
    "src/skipbo/py.typed",
]


def test_an_sdist_with_what_a_build_needs_passes(tmp_path: Path) -> None:
    names = read_sdist(_sdist(tmp_path, [f"skipbo-0.1.0/{name}" for name in SDIST_NEEDS]))
    assert sdist_problems(names, "skipbo-0.1.0") == []


def test_an_sdist_with_a_venv_caches_or_research_and_no_license_fails(tmp_path: Path) -> None:
    local = [
        ".venv/bin/python",
        "src/skipbo/__pycache__/cards.cpython-311.pyc",
        ".hypothesis/examples/x",
        "research/README.md",
        "docs/_build/html/index.html",
        "skipbo-tables.sqlite3",
    ]
    needed = [name for name in SDIST_NEEDS if name != "LICENSE"]
    names = read_sdist(
        _sdist(tmp_path, [f"skipbo-0.1.0/{name}" for name in [*needed, *local]] + ["stray.txt"])
    )
    problems = sdist_problems(names, "skipbo-0.1.0")
    text = "\n".join(problems)
    assert len(problems) == len(local) + 2
    for name in local:
        assert f"skipbo-0.1.0/{name}" in text
    assert "missing skipbo-0.1.0/LICENSE" in text
    assert "outside skipbo-0.1.0/: stray.txt" in text


def _metadata(requires: str, *classifiers: str) -> Message:
    metadata = Message()
    metadata["Requires-Python"] = requires
    for classifier in classifiers:
        metadata["Classifier"] = classifier
    return metadata


def test_classifiers_claiming_exactly_the_tested_python_pass() -> None:
    metadata = _metadata(
        ">=3.11",
        "Programming Language :: Python :: 3",
        "Programming Language :: Python :: 3 :: Only",
        "Programming Language :: Python :: 3.11",
        "Typing :: Typed",
    )
    assert classifier_problems(metadata, "3.11") == []


def test_classifiers_claiming_an_untested_python_fail() -> None:
    metadata = _metadata(
        ">=3.11", "Programming Language :: Python :: 3.11", "Programming Language :: Python :: 3.12"
    )
    (problem,) = classifier_problems(metadata, "3.11")
    assert "3.11, 3.12" in problem


def test_requires_python_excluding_the_tested_python_fails() -> None:
    metadata = _metadata(">=3.12", "Programming Language :: Python :: 3.11")
    (problem,) = classifier_problems(metadata, "3.11")
    assert "'>=3.12' excludes 3.11" in problem
    unclaimed = Message()
    unclaimed["Classifier"] = "Programming Language :: Python :: 3"
    missing, unbounded = classifier_problems(unclaimed, "3.11")
    assert "claim Python none" in missing
    assert "None excludes 3.11" in unbounded
