"""Shared test configuration: Hypothesis profiles, a PostgreSQL server for the web tests,
and the headless Chromium the browser tests drive.

Profiles (select with ``HYPOTHESIS_PROFILE=<name>``):

* ``ci`` (default): derandomized, no example database, modest example counts, so
  that the normal test run is fast and every failure reproduces exactly.
* ``thorough``: many more examples, random seeds, for long verification runs
  (``HYPOTHESIS_PROFILE=thorough pytest tests``).
* ``mutation``: derandomized like ``ci`` with fewer examples, so that a mutant is
  killed (or not) the same way every time and quickly; ``python -m tools.mutation``
  selects it for mutmut.

Failures print a ``@reproduce_failure`` blob (``print_blob=True``) to replay them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from tools.pgserver import PostgresServer

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    max_examples=60,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=2_000,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "mutation",
    derandomize=True,
    database=None,
    max_examples=10,
    deadline=None,
    print_blob=True,
    # mutmut runs the same test methods several times in one process (statistics,
    # clean run, then the forked mutant runs), which this check mistakes for a bug.
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A real PostgreSQL server (Debian's package) in a temporary folder, for the session."""
    from tools.pgserver import running_postgres

    with running_postgres() as server:
        yield server


class _FileNames:
    """Names each test file as its first test starts, so a long stretch says what runs.

    pytest names the files itself only when one process runs the tests; with
    pytest-xdist's workers (the test command's ``-n``) it prints bare dots.
    """

    def __init__(self, terminal: pytest.TerminalReporter) -> None:
        self.terminal = terminal
        self.begun: set[str] = set()

    def pytest_runtest_logstart(self, nodeid: str) -> None:
        path = nodeid.partition("::")[0]
        if path not in self.begun:
            self.begun.add(path)
            self.terminal.write(f" [{path}] ")


LONG_FIRST = (
    "tests/skipbo/test_crosshair.py",
    "tests/skipbo/property/test_stateful.py",
    "tests/skipbo/property/test_exhaustive.py",
)
"""The test files with the longest single tests, run first.

With one process a core, a two-minute test that starts late ends the run late while
the other core idles; started first, it runs while the other core works through the
short tests and then takes the rest of its share. Only the order changes."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        path = item.nodeid.partition("::")[0]
        return LONG_FIRST.index(path) if path in LONG_FIRST else len(LONG_FIRST)

    items.sort(key=rank)  # stable: each file keeps its own order


@pytest.hookimpl(trylast=True)  # after the terminal reporter is registered
def pytest_configure(config: pytest.Config) -> None:
    terminal = config.pluginmanager.get_plugin("terminalreporter")
    workers = getattr(config.option, "numprocesses", None)
    if workers and terminal is not None and not hasattr(config, "workerinput"):
        config.pluginmanager.register(_FileNames(terminal), "skipbo-file-names")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, for one test module (``tools.webbrowser``)."""
    from tools import webbrowser  # Playwright: only the browser tests need it

    with webbrowser.chromium() as started:
        yield started
