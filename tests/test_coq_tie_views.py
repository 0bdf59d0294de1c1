"""The engine's views tied to the Coq model's views (tools/coq_tie_views.py).

The models of what a seat sees (coq/theories/Views.v, SkyjoViews.v) are proved to leak
nothing; these tests compare the engine's ``view``, ``spectator_view`` and JSON view
documents with them, every seat and the spectator, along a seeded random game of every
variant of both games, and make sure each of the catalogue's view-leak bugs is caught
by that comparison alone.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from tools import coq_tie, coq_tie_skyjo, coq_tie_views
from tools.bugs import by_name, injected


def _tools() -> None:
    missing = [tool for tool in ("coqc", "coq_makefile", "ocamlopt") if shutil.which(tool) is None]
    assert not missing, f"the tie needs Debian's coq, libcoq-stdlib and ocaml-nox: {missing}"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    _tools()
    return Path(tmp_path_factory.mktemp("coq-views"))


@pytest.fixture(scope="module")
def skipbo_model(folder: Path) -> Iterator[coq_tie_views.SkipBoViews]:
    with coq_tie_views.SkipBoViews(coq_tie.build_driver(folder, "driver")) as running:
        yield running


@pytest.fixture(scope="module")
def skyjo_model(folder: Path) -> Iterator[coq_tie_views.SkyjoViews]:
    driver = coq_tie.build_driver(folder, coq_tie_skyjo.DRIVER)
    with coq_tie_views.SkyjoViews(driver) as running:
        yield running


@pytest.mark.rule("R-INFO-1", "R-INFO-2", "R-INFO-3")
def test_the_skipbo_views_are_the_models(skipbo_model: coq_tie_views.SkipBoViews) -> None:
    tally = coq_tie_views.run_skipbo(skipbo_model, games=1, moves=20)
    assert tally.problems == []
    assert tally.positions > 150


@pytest.mark.rule("S-INFO-1", "S-INFO-2")
def test_the_skyjo_views_are_the_models(skyjo_model: coq_tie_views.SkyjoViews) -> None:
    tally = coq_tie_views.run_skyjo(skyjo_model, games=1, moves=40)
    assert tally.problems == []
    assert tally.positions > 250


@pytest.mark.parametrize("name", ["B34", "B37", "B43"])
def test_the_tie_alone_catches_each_skipbo_view_leak(
    skipbo_model: coq_tie_views.SkipBoViews, name: str
) -> None:
    with injected(by_name(name)):
        tally = coq_tie_views.run_skipbo(skipbo_model, games=1, moves=60)
    assert tally.problems
    assert "differs from the model's" in tally.problems[0]


@pytest.mark.parametrize("name", ["S22", "S23"])
def test_the_tie_alone_catches_each_skyjo_view_leak(
    skyjo_model: coq_tie_views.SkyjoViews, name: str
) -> None:
    with injected(by_name(name)):
        tally = coq_tie_views.run_skyjo(skyjo_model, games=1, moves=120)
    assert tally.problems
    assert "differs from the model's" in tally.problems[0]
