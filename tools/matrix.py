"""The technique x rule matrix: which verification techniques catch which rule bugs.

Each injected bug of :mod:`tools.bugs` (a fixture that breaks named rules) is run
against each technique alone, in the bounded form the test suite runs:

* the pytest techniques in one pytest process per bug (``-p tools.bugs.plugin``:
  the bug injected for the session, the Hypothesis profile ``matrix`` — the ``ci``
  example counts, derandomized, no shrinking — and, once a technique has a failing
  test, its other tests skipped);
* CrossHair (:mod:`tools.crosshair_check`, the bounded budgets) on a copy of the
  bug's module, for the contracted functions that contain or call the changed one.

A technique *catches* a bug when one of its tests fails (for the run-time contracts:
with a broken contract) or CrossHair reports a counterexample. The results are kept
in ``tools/bugs/results.json``; the docs page ``docs/matrix.md`` is generated from
them and the catalogue, per bug and per rule.

Usage (from the repository root)::

    python -m tools.matrix                 # measure every bug (minutes), write both
    python -m tools.matrix B02 B11         # measure some bugs again, write both
    python -m tools.matrix --game skyjo    # measure one game's bugs (skipbo, skyjo)
    python -m tools.matrix --write         # regenerate the page from the results
    python -m tools.matrix --check         # exit 1 if the page or the results are stale

Exit status of ``--check``: 1 when the page differs from what the results give,
when a bug of the catalogue has no result (or a result has no bug), or when a
fixture no longer applies to the code.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tools import crosshair_check
from tools.bugs import BUGS, Bug, buggy_module, by_name, stale
from tools.traceability import INFORMATIVE, rule_ids

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "tools" / "bugs" / "results.json"
PAGE = ROOT / "docs" / "matrix.md"

TECHNIQUES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "scenario",
        "scenario tests",
        (
            "tests/skipbo/test_rules_",
            "tests/skipbo/test_teams.py",
            "tests/skipbo/test_penalty.py",
            "tests/skipbo/test_setup_variants.py",
            "tests/skipbo/test_deal.py",
            "tests/skipbo/test_engine.py",
            "tests/skipbo/test_decks.py",
            "tests/skipbo/test_match.py",
            "tests/skipbo/test_views.py",
            "tests/skyjo/test_setup.py",
            "tests/skyjo/test_turn.py",
            "tests/skyjo/test_columns.py",
            "tests/skyjo/test_end_and_scoring.py",
            "tests/skyjo/test_information.py",
        ),
    ),
    (
        "property",
        "properties",
        (
            "tests/skipbo/property/test_random_play.py",
            "tests/skipbo/property/test_variants.py",
            "tests/skipbo/property/test_table.py",
            "tests/skipbo/test_decks.py::TestPlayingCards::test_every_move_round_trips",
            "tests/skipbo/test_views.py::TestHiddenInformation::test_non_interference",
            "tests/skipbo/test_views.py::TestHiddenInformation::test_a_view_holds_no_hidden_card",
            "tests/skipbo/test_views.py::TestPrivateInformation::test_the_movers_view_gives_the_same",
            "tests/skyjo/property/test_random_play.py",
            "tests/skyjo/property/test_table.py",
            "tests/skyjo/test_information.py::TestHidden::test_hidden_facts_do_not_change",
        ),
    ),
    (
        "stateful",
        "state machine",
        ("tests/skipbo/property/test_stateful.py", "tests/skyjo/property/test_stateful.py"),
    ),
    (
        "contracts",
        "contracts at run time",
        ("tests/skipbo/test_contracts.py", "tests/skyjo/test_contracts.py"),
    ),
    ("crosshair", "CrossHair", ()),
    (
        "exhaustive",
        "exhaustive",
        (
            "tests/skipbo/property/test_exhaustive.py::test_every_reachable",
            "tests/skyjo/property/test_exhaustive.py",
        ),
    ),
    (
        "conformance",
        "conformance",
        ("tests/skipbo/test_conformance.py", "tests/skyjo/test_conformance.py::TestConformance"),
    ),
    ("differential", "differential", ("tests/skipbo/property/test_differential.py",)),
    ("golden", "golden files", ("tests/skipbo/test_golden.py",)),
)
"""Each technique: key, column title, and the test-id prefixes of its tests (CrossHair
runs through its own command). A test belongs to the technique of the longest prefix
its id starts with (a property test in a file of scenario tests is a property)."""

GAMES = (("skipbo", "Skip-Bo", "R-"), ("skyjo", "Skyjo", "S-"))
"""Each game: key (:attr:`tools.bugs.Bug.game`), title, and the prefix of its rule IDs.
A bug is measured with its own game's tests only (``tests/skyjo/`` for Skyjo)."""

SKYJO_TESTS = "tests/skyjo/"


BESIDES = ("differential", "golden")
"""The techniques that do not count towards the goal: every rule bug caught by at least
two techniques other than these (they compare with a second implementation or with
recorded games, and see every difference, whatever its rule)."""

NEEDS = {"contracts": "ContractBroken"}
"""Text a failing test's report must contain to count for the technique."""

GOAL = 2


def _pytest(
    bug: Bug | None,
    only: Sequence[str] = (),
    deselect: Sequence[str] = (),
    game: str | None = None,
) -> dict[str, Any]:
    """Run the pytest techniques (all, or those in ``only``) with ``bug`` injected:
    technique -> first failing test. Without a bug (the baseline): {"failed": [...]},
    of ``game``'s tests only if given. The tests in ``deselect`` are left out (those
    that fail without a bug)."""
    groups = {
        key: list(prefixes)
        for key, _, prefixes in TECHNIQUES
        if prefixes and (not only or key in only)
    }
    files = sorted(
        {
            str(path.relative_to(ROOT))
            for prefixes in groups.values()
            for prefix in prefixes
            for path in ROOT.glob(_file_pattern(prefix))
        }
    )
    game = bug.game if bug is not None else game
    if game is not None:  # only the bug's game's tests
        skyjo = game == "skyjo"
        files = [file for file in files if file.startswith(SKYJO_TESTS) == skyjo]
    if not files:  # (pytest given no file would run the whole suite)
        return {"failed": []} if bug is None else {}
    with tempfile.TemporaryDirectory() as directory:
        report = Path(directory) / "caught.json"
        environment = dict(
            os.environ,
            SKIPBO_BUG=bug.name if bug is not None else "",
            SKIPBO_MATRIX_GROUPS=json.dumps(groups),
            SKIPBO_MATRIX_NEEDS=json.dumps(NEEDS),
            SKIPBO_MATRIX_REPORT=str(report),
            HYPOTHESIS_PROFILE="matrix",
        )
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        command += ["-p", "tools.bugs.plugin", "--tb=line", "-o", "addopts=", *files]
        command += [f"--deselect={nodeid}" for nodeid in deselect]
        subprocess.run(
            ["nice", "-n", "5", *command],
            cwd=ROOT,
            env=environment,
            capture_output=True,
            check=False,
        )
        if not report.exists():
            raise RuntimeError(f"{bug}: the pytest run wrote no report")
        caught: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
        return caught


def _file_pattern(prefix: str) -> str:
    """The test files a test-id prefix covers (``tests/skipbo/test_rules_`` -> every such file)."""
    file = prefix.split("::")[0]
    return file if file.endswith(".py") else file + "*"


def _crosshair(bug: Bug) -> str | None:
    """Run CrossHair on the contracted functions around ``bug``: the refutation, if
    any; None when it found nothing, and "n/a" when no contract reaches the bug."""
    targets = bug.crosshair_targets()
    if not targets:
        return "n/a"
    with tempfile.TemporaryDirectory() as directory:
        name, path = buggy_module(bug, Path(directory))
        report = crosshair_check.run(
            [f"{name}.{target}" for target in targets],
            jobs=1,
            twins=False,
            modules=[(name, path)],
            path=[Path(directory)],
        )
        refuted = [
            p
            for p in report.problems
            if "not analyzed" not in p and str(path) in p and "false" in p
        ]
        return refuted[0].replace(str(path), f"{bug.module}({bug.name})") if refuted else None


def measure(
    bug: Bug, only: Sequence[str] = (), deselect: Sequence[str] = (), before: Any = None
) -> dict[str, Any]:
    """Every technique (or those in ``only``, keeping the others from ``before``)
    against ``bug``: technique -> how it caught it (or None)."""
    start = time.perf_counter()
    chosen = [key for key, _, _ in TECHNIQUES if not only or key in only]
    caught: dict[str, Any] = {key: None for key, _, _ in TECHNIQUES}
    if before is not None:
        caught.update({k: v for k, v in before["caught"].items() if k not in chosen})
    if any(key != "crosshair" for key in chosen):
        caught.update(_pytest(bug, [key for key in chosen if key != "crosshair"], deselect))
    if "crosshair" in chosen:
        caught["crosshair"] = _crosshair(bug)
    return {"caught": caught, "seconds": round(time.perf_counter() - start)}


def load() -> dict[str, Any]:
    """The stored results (empty when there are none)."""
    if not RESULTS.exists():
        return {"bugs": {}}
    results: dict[str, Any] = json.loads(RESULTS.read_text(encoding="utf-8"))
    return results


def catches(result: dict[str, Any], technique: str) -> bool:
    """Whether the stored ``result`` of a bug says ``technique`` caught it."""
    found = result["caught"].get(technique)
    return found is not None and found != "n/a"


def coverage(results: dict[str, Any]) -> dict[str, set[str]]:
    """Rule -> the techniques (besides differential and golden) that caught a bug of it."""
    by_rule: dict[str, set[str]] = {}
    for bug in BUGS:
        result = results["bugs"].get(bug.name)
        for rule in bug.rules:
            techniques = by_rule.setdefault(rule, set())
            if result is not None:
                techniques.update(
                    key for key, _, _ in TECHNIQUES if key not in BESIDES and catches(result, key)
                )
    return by_rule


def techniques_of(game: str) -> list[str]:
    """The techniques that have tests for ``game`` (CrossHair: both games)."""
    skyjo = game == "skyjo"
    return [
        key
        for key, _, prefixes in TECHNIQUES
        if not prefixes or any(prefix.startswith(SKYJO_TESTS) == skyjo for prefix in prefixes)
    ]


def _cell(result: dict[str, Any] | None, key: str) -> str:
    if result is None:
        return "?"
    if result["caught"].get(key) == "n/a":
        return "n/a"
    if "CPU budget" in str(result["caught"].get(key)):
        return "✓*"
    return "✓" if catches(result, key) else "·"


def page(results: dict[str, Any]) -> str:
    """The docs page for ``results``."""
    titles = {key: title for key, title, _ in TECHNIQUES}
    lines = [
        "# Which technique catches which rule bug",
        "",
        "<!-- generated by `python -m tools.matrix --write`; do not edit -->",
        "",
        "Each row is a rule bug injected into a game's rules (the fixtures of",
        "`tools/bugs/catalogue.py`), run against each technique alone in the bounded",
        "form of the test suite; ✓ means the technique caught it, · that it did not,",
        "n/a that no contract reaches the changed function. How the matrix is measured,",
        "and what it does not show: [How skipbo is verified]"
        "(verification.md#the-technique-x-rule-matrix).",
        "Measured by "
        + "; then ".join(
            f"`{run['command']}` ({run['date']}, {run['seconds']} s with 2 jobs)"
            for run in results.get("runs", [])
        )
        + ".",
    ]
    by_rule = coverage(results)
    for game, name, prefix in GAMES:
        keys = techniques_of(game)
        lines += [
            "",
            f"## {name}: by bug",
            "",
            "| bug | rules | what it does | " + " | ".join(titles[k] for k in keys) + " |",
            "| --- | --- | --- | " + " | ".join("---" for _ in keys) + " |",
        ]
        hung = False
        for bug in BUGS:
            if bug.game != game:
                continue
            result = results["bugs"].get(bug.name)
            cells = " | ".join(_cell(result, key) for key in keys)
            hung = hung or "✓*" in cells
            lines.append(f"| {bug.name} | {', '.join(bug.rules)} | {bug.summary} | {cells} |")
        if hung:
            lines += [
                "",
                "✓*: a test of the technique ran over its CPU budget: the bug made it hang (a",
                "game that could not end), which counts as caught, as a timeout does in",
                "mutation testing.",
            ]
        counted = [key for key in keys if key not in BESIDES]
        lines += [
            "",
            f"## {name}: by rule",
            "",
            "The techniques that caught at least one bug of the rule"
            + (f", not counting {' and '.join(BESIDES)} tests" if game == "skipbo" else "")
            + f"; the goal is {GOAL} or more for every rule.",
            "",
            "| rule | bugs | techniques | count |",
            "| --- | --- | --- | --- |",
        ]
        for rule in rule_ids():
            if rule in INFORMATIVE or not rule.startswith(prefix):
                continue
            bugs = [bug.name for bug in BUGS if rule in bug.rules]
            if not bugs:
                lines.append(f"| {rule} | (no injected bug yet) | | |")
                continue
            techniques = [titles[key] for key in counted if key in by_rule[rule]]
            count = len(techniques)
            mark = "" if count >= GOAL else " (below the goal)"
            lines.append(
                f"| {rule} | {', '.join(bugs)} | {', '.join(techniques)} | {count}{mark} |"
            )
        informative = [rule for rule in rule_ids() if rule in INFORMATIVE and rule[:2] == prefix]
        lines += [
            "",
            f"Not in the table: {', '.join(informative)}, informative (the rules describe "
            "other games or how the games differ: nothing to verify).",
        ]
    return "\n".join(lines) + "\n"


def problems(results: dict[str, Any]) -> list[str]:
    """Why the stored results do not fit the catalogue and the code."""
    found = [f"stale fixture {line}" for line in stale()]
    names = {bug.name for bug in BUGS}
    found += [
        f"{name}: no result (run python -m tools.matrix {name})"
        for name in sorted(names - set(results["bugs"]))
    ]
    found += [
        f"{name}: a result without a bug in the catalogue"
        for name in sorted(set(results["bugs"]) - names)
    ]
    return found


def _save(results: dict[str, Any], command: str, start: float) -> None:
    """Write the results, in catalogue order, with the command and date of the run."""
    results["bugs"] = {b.name: results["bugs"][b.name] for b in BUGS if b.name in results["bugs"]}
    runs = results.setdefault("runs", [])
    run = {"command": command, "date": datetime.now(UTC).strftime("%Y-%m-%d")}
    if runs and runs[-1]["command"] == command and runs[-1].get("open"):
        runs.pop()
    runs.append({**run, "seconds": round(time.perf_counter() - start), "open": True})
    RESULTS.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """Measure, write or check (see the module docs)."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("bugs", nargs="*", help="bugs to measure (default: all)")
    parser.add_argument("--write", action="store_true", help="only regenerate the page")
    parser.add_argument("--check", action="store_true", help="exit 1 if the page is stale")
    parser.add_argument("--jobs", type=int, default=2, help="bugs measured at once")
    parser.add_argument("--only", help="measure only these techniques (comma-separated)")
    parser.add_argument(
        "--game", choices=[game for game, _, _ in GAMES], help="measure only this game's bugs"
    )
    args = parser.parse_args(argv)
    results = load()
    if args.check:
        found = problems(results)
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
        if current != page(results):
            found.append(f"{PAGE.relative_to(ROOT)} is stale: python -m tools.matrix --write")
        for line in found:
            print(line)
        return 1 if found else 0
    if not args.write:
        chosen = [by_name(name) for name in args.bugs] if args.bugs else list(BUGS)
        chosen = [bug for bug in chosen if args.game in (None, bug.game)]
        start = time.perf_counter()
        only = args.only.split(",") if args.only else []
        every = set(args.bugs) in (set(), {bug.name for bug in BUGS})  # the whole catalogue
        command = "python -m tools.matrix" + ("" if every else " " + " ".join(args.bugs))
        command += f" --game {args.game}" if args.game else ""
        command += f" --only {args.only}" if args.only else ""
        # Tests that fail without any bug would credit their technique with every bug.
        failing: list[str] = _pytest(None, only, game=args.game)["failed"]
        results["failing without a bug"] = failing
        for nodeid in failing:
            print(f"left out, fails without a bug: {nodeid}")

        def one(bug: Bug) -> dict[str, Any]:
            return measure(bug, only, failing, results["bugs"].get(bug.name))

        # The CrossHair step imports each bug's module in a worker thread; two threads
        # importing one package at once can deadlock on its import lock (Skyjo's
        # package imports its game, which imports its bots), so import them all first.
        for module in {bug.module for bug in chosen}:
            importlib.import_module(module)

        with ThreadPoolExecutor(max_workers=max(args.jobs, 1)) as pool:
            for bug, result in zip(chosen, pool.map(one, chosen), strict=True):
                results["bugs"][bug.name] = result
                caught = [key for key in result["caught"] if catches(result, key)]
                print(f"{bug.name}: {', '.join(caught) or 'nothing'} ({result['seconds']} s)")
                sys.stdout.flush()
                _save(results, command, start)  # after each bug: a long run keeps what it has
        results["runs"][-1].pop("open", None)
        RESULTS.write_text(
            json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    PAGE.write_text(page(results), encoding="utf-8")
    for line in problems(results):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
