"""A pytest plugin that runs the tests with one injected bug and records what failed.

Used by ``python -m tools.matrix`` (``pytest -p tools.bugs.plugin``), configured by
environment variables:

* ``SKIPBO_BUG``: the bug of :data:`tools.bugs.BUGS` to inject for the whole session
  (empty: none, the baseline run: then every failing test is recorded, under
  ``"failed"``, and none is skipped);
* ``SKIPBO_MATRIX_GROUPS``: JSON, technique -> prefixes of test ids
  (``tests/skipbo/test_rules_``): which technique each test belongs to. Once a technique
  has a failing test, its remaining tests are skipped (one failure is enough to
  count it as catching the bug; this keeps the run short);
* ``SKIPBO_MATRIX_NEEDS``: JSON, technique -> text that a failure's report must
  contain to count (run-time contracts count only a broken contract,
  ``ContractBroken``, not any failure of their test file);
* ``SKIPBO_MATRIX_REPORT``: the file to write the result to (JSON: technique -> the
  first failing test's id).

A bug can make a test loop for ever (a game that can no longer be won never ends
when its players keep cycling cards). Each test therefore gets
:data:`TEST_CPU_SECONDS` of CPU time (not wall time: the machine may be loaded); a
test that runs over fails with :class:`OverBudget`, which counts as catching the
bug, as a timeout does in mutation testing.

It also registers the Hypothesis profile ``matrix``: derandomized (the same result
every run), the ``ci`` example counts, and no shrinking (a failure is all the
matrix needs, not the smallest one).
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Generator
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from types import FrameType

import pytest
from hypothesis import HealthCheck, Phase, settings

from tools.bugs import by_name, injected

settings.register_profile(
    "matrix",
    derandomize=True,
    database=None,
    max_examples=60,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=list(HealthCheck),
)


TEST_CPU_SECONDS = 45
"""CPU seconds a test may take with a bug in place (the longest takes about 20 without)."""


class OverBudget(Exception):
    """A test ran over :data:`TEST_CPU_SECONDS` of CPU time: the bug made it hang."""


def _over_budget(signum: int, frame: FrameType | None) -> None:
    raise OverBudget(f"the test ran over {TEST_CPU_SECONDS} s of CPU time")


class Matrix:
    """The session's bug, the technique of each test, and what failed."""

    def __init__(self) -> None:
        self.groups: dict[str, list[str]] = json.loads(os.environ["SKIPBO_MATRIX_GROUPS"])
        self.needs: dict[str, str] = json.loads(os.environ.get("SKIPBO_MATRIX_NEEDS", "{}"))
        self.report = Path(os.environ["SKIPBO_MATRIX_REPORT"])
        self.caught: dict[str, str] = {}
        self.failed: list[str] = []

    def technique(self, nodeid: str) -> str | None:
        """The technique of a test, by the longest group prefix its id starts with."""
        found = [
            (len(prefix), technique)
            for technique, prefixes in self.groups.items()
            for prefix in prefixes
            if nodeid.startswith(prefix)
        ]
        return max(found)[1] if found else None

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        technique = self.technique(item.nodeid)
        if BASELINE:
            return
        if technique is not None and technique in self.caught:
            pytest.skip(f"{technique} has already caught the bug")

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, object, object]:
        # Repeating, so that Hypothesis' replay of a hanging example is stopped too.
        signal.signal(signal.SIGPROF, _over_budget)
        signal.setitimer(signal.ITIMER_PROF, TEST_CPU_SECONDS, 5)
        try:
            return (yield)
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        technique = self.technique(report.nodeid)
        if BASELINE and report.failed:
            self.failed.append(report.nodeid)
            self.pytest_sessionfinish()
            return
        if not report.failed or technique is None or technique in self.caught:
            return
        needed = self.needs.get(technique)
        if needed is not None and needed not in report.longreprtext:
            return
        self.caught[technique] = report.nodeid
        if "OverBudget" in report.longreprtext:
            self.caught[technique] += " (ran over its CPU budget)"
        self.pytest_sessionfinish()  # as it goes: a run that is stopped keeps it

    def pytest_sessionfinish(self) -> None:
        found: dict[str, object] = {"failed": self.failed} if BASELINE else dict(self.caught)
        self.report.write_text(json.dumps(found, indent=1), encoding="utf-8")


BASELINE = not os.environ.get("SKIPBO_BUG")
_bug: AbstractContextManager[None] = (
    nullcontext() if BASELINE else injected(by_name(os.environ["SKIPBO_BUG"]))
)


def pytest_configure(config: pytest.Config) -> None:
    """Inject the bug for the session and register the recorder."""
    _bug.__enter__()
    config.pluginmanager.register(Matrix(), "skipbo-matrix")


def pytest_unconfigure(config: pytest.Config) -> None:
    """Take the bug out again."""
    _bug.__exit__(None, None, None)
