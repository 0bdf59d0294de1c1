"""Mutation testing of the rules core with mutmut 3, and the score.

mutmut (configured in ``[tool.mutmut]`` of pyproject.toml) makes small changes
("mutants") to the core modules, one at a time, and runs the tests that reach the
changed function; a mutant the tests do not notice "survives". This command runs
it with the derandomized Hypothesis profile ``mutation`` (so that a kill is the same
every run) under ``nice``, then prints the score and checks that every surviving
mutant is listed, with the reason it is equivalent, in ``docs/mutants-survivors.md``.

Usage (from the repository root; CPU-heavy, 10-15 minutes with two workers)::

    python -m tools.mutation                          # run (resumes), then report
    python -m tools.mutation --report                 # report on the last run only
    python -m tools.mutation "skipbo.games.skipbo.engine.*"        # only some mutants
    python -m tools.mutation --max-children 1         # fewer parallel workers

Exit status 0 when every survivor is explained, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SURVIVORS = ROOT / "docs" / "mutants-survivors.md"
MUTMUT = Path(sys.executable).parent / "mutmut"

DETECTED = ("killed", "timeout", "caught by type check", "segfault")
"""Outcomes that count as a killed mutant (a timeout is a mutant that made a test hang)."""

NOT_RUN = "not checked"
"""The status of a mutant that a partial run (some mutants only) left alone."""

_RESULT = re.compile(r"^\s*(?P<name>[\w.]+__mutmut_\d+): (?P<status>.+?)\s*$")
_LISTED = re.compile(r"`(?P<name>[\w.]+__mutmut_\d+)`")


def results() -> dict[str, str]:
    """Every mutant of the last run and its status (``mutmut results --all true``)."""
    done = subprocess.run(
        [str(MUTMUT), "results", "--all", "true"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    found = {}
    for line in done.stdout.splitlines():
        match = _RESULT.match(line)
        if match:
            found[match.group("name")] = match.group("status")
    return found


def module_of(mutant: str) -> str:
    """The module a mutant belongs to (``skipbo.games.skipbo.engine.x_apply__mutmut_3``: engine).

    A game's module is named after its role, below ``skipbo.games.<game>``.
    """
    parts = mutant.split(".")
    if parts[:2] == ["skipbo", "games"]:
        return parts[3]
    return parts[1] if parts[0] == "skipbo" else parts[0]


def listed_survivors(path: Path = SURVIVORS) -> set[str]:
    """The mutants explained in the survivors file (named in backticks)."""
    if not path.exists():
        return set()
    return set(_LISTED.findall(path.read_text(encoding="utf-8")))


def report(statuses: dict[str, str], survivors: Path = SURVIVORS) -> tuple[str, list[str]]:
    """The score per module and in all, and the survivors not explained in ``survivors``."""
    lines = []
    by_module: dict[str, Counter[str]] = {}
    for name, status in statuses.items():
        by_module.setdefault(module_of(name), Counter())[status] += 1
    total = Counter[str]()
    for module, counts in sorted(by_module.items()):
        total.update(counts)
        lines.append(_line(module, counts))
    lines.append(_line("all", total))
    not_killed = sorted(n for n, s in statuses.items() if s not in (*DETECTED, NOT_RUN))
    unexplained = [n for n in not_killed if n not in listed_survivors(survivors)]
    lines.append(f"{len(not_killed)} not killed, {len(unexplained)} of them not explained")
    return "\n".join(lines), unexplained


def _line(label: str, counts: Counter[str]) -> str:
    mutants = sum(counts.values())
    killed = sum(counts[s] for s in DETECTED)
    score = 100 * killed / mutants if mutants else 100.0
    others = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()) if s not in DETECTED)
    rest = f"; {others}" if others else ""
    timeouts = f" (incl. {counts['timeout']} timeouts)" if counts["timeout"] else ""
    return f"{label}: {mutants} mutants, {killed} killed{timeouts} ({score:.1f}%){rest}"


def main(argv: list[str] | None = None) -> int:
    """Run mutmut (unless ``--report``), print the score, check the survivors file."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("mutants", nargs="*", help="mutant names or globs (default: all)")
    parser.add_argument("--report", action="store_true", help="do not run, only report")
    parser.add_argument("--max-children", type=int, default=2, help="parallel test workers")
    args = parser.parse_args(argv)
    if not args.report:
        environment = dict(os.environ, HYPOTHESIS_PROFILE="mutation")
        command = ["nice", "-n", "10", str(MUTMUT), "run", "--max-children"]
        subprocess.run(
            [*command, str(args.max_children), *args.mutants],
            cwd=ROOT,
            env=environment,
            check=False,
        )
    text, unexplained = report(results())
    print(text)
    for name in unexplained:
        print(f"  not killed and not in {SURVIVORS.relative_to(ROOT)}: {name}")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
