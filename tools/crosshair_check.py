"""Check the PEP 316 contracts with CrossHair, and fail on anything left unchecked.

``crosshair check`` exits 0 when it finds no counterexample, also when it checked
nothing at all: a precondition it cannot meet ("Unable to meet precondition") or a
condition it never analysed leaves no error line. So this command lists every
``post:`` condition in the contracted modules from their source, runs CrossHair
with ``--report_all`` (one line per condition analysed), and fails unless every
condition was analysed and none was refuted. It also runs ``crosshair
diffbehavior`` on the small core functions against their twins in the reference
implementation (:mod:`tests.skipbo.reference.twins`).

Budgets are this command's settings, :data:`BUDGETS` (paths per condition, for each
contracted function), not comments in the code. They are budgets of work, not of
time: CrossHair runs through :mod:`tools.crosshair_paths`, which explores exactly
that many paths per condition with every time limit inside CrossHair off, so the
verdict is the same on a fast and on a slow machine. Time only caps a run from
outside: a CrossHair process still running after :data:`CEILING` seconds is stopped
and reported as too slow, never as "no counterexample". ``--scale`` multiplies every
budget for long runs.

Usage (from the repository root)::

    python -m tools.crosshair_check                  # the bounded run (test suite)
    python -m tools.crosshair_check --scale 10       # a long run: every budget x10
    python -m tools.crosshair_check --jobs 1 skipbo.games.skipbo.engine._placed   # some functions

Exit status 0 when every condition was analysed without a counterexample and the
twins agree, 1 otherwise.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import attrs

from tools import crosshair_paths

ROOT = Path(__file__).resolve().parent.parent

CONTRACTED_MODULES = (
    "skipbo.common.randomness",
    "skipbo.games.skipbo.draw",
    "skipbo.games.skipbo.engine",
    "skipbo.games.skyjo.engine",
)
"""The modules whose functions carry PEP 316 contracts."""

TWINS = (
    ("accepts", 200),
    ("placed", 300),
    ("without", 200),
    ("permute", 200),
)
"""Functions compared with ``crosshair diffbehavior``:
``tests.skipbo.reference.twins.engine_<name>`` against ``reference_<name>``, with the paths
to explore for each pair."""

CEILING = 1_800.0
"""Wall-clock seconds one CrossHair process may take before it is stopped as too slow:
a ceiling for a machine far slower or busier than usual, never a budget."""

PLUGIN = (
    "import tests.crosshair_states  # registers how CrossHair makes game states\n"
    "import tests.skyjo.crosshair_states  # and Skyjo's\n"
)

_POST = re.compile(r"^\s*post:\s*(?P<expr>.*\S)?\s*$")
BUDGETS: dict[str, int] = {
    "skipbo.games.skipbo.engine.legal_moves": 50,
    "skipbo.games.skipbo.engine.apply": 60,
    "skipbo.games.skipbo.engine._accepts": 20,
    "skipbo.games.skipbo.engine._without": 20,
    "skipbo.games.skipbo.engine._replace": 20,
    "skipbo.games.skipbo.engine._play_from_hand": 40,
    "skipbo.games.skipbo.engine._play_from_stock": 40,
    "skipbo.games.skipbo.engine._play_from_discard": 40,
    "skipbo.games.skipbo.engine._discard": 40,
    "skipbo.games.skipbo.engine._pass": 40,
    "skipbo.games.skipbo.engine._placed": 30,
    "skipbo.games.skipbo.draw.fill_hand": 30,
    "skipbo.games.skipbo.draw.take": 120,
    "skipbo.common.randomness.permute": 30,
    "skipbo.games.skyjo.engine.first_round_starter": 20,
    "skipbo.games.skyjo.engine._remove_column": 30,
    "skipbo.games.skyjo.engine.round_scores": 20,
    "skipbo.games.skyjo.engine.legal_moves": 20,
    "skipbo.games.skyjo.engine.apply": 30,
    "skipbo.games.skyjo.engine._reveal": 20,
    "skipbo.games.skyjo.engine._draw": 20,
    "skipbo.games.skyjo.engine._take": 20,
    "skipbo.games.skyjo.engine._place": 30,
}
"""Paths per condition for each contracted function in the bounded run. A copy of a
function in another module (the injected-bug tests) gets the budget of its name."""


def budget_of(target: str) -> int | None:
    """The budget of ``target``: its own, else that of the one function of its name."""
    if target in BUDGETS:
        return BUDGETS[target]
    name = target.rpartition(".")[2]
    same = [seconds for key, seconds in BUDGETS.items() if key.rpartition(".")[2] == name]
    return same[0] if len(same) == 1 else None


_MESSAGE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<kind>info|error|warning): (?P<text>.*)$")


@attrs.frozen
class Condition:
    """One ``post:`` line of a contract: where it is and what it says."""

    file: str
    line: int
    source: str


@attrs.frozen
class Contracted:
    """A function with a contract: its target name, budget and postconditions."""

    target: str
    budget: int | None
    conditions: tuple[Condition, ...]


@attrs.frozen
class Report:
    """What a run found."""

    conditions: tuple[Condition, ...]
    confirmed: tuple[Condition, ...]
    """Conditions CrossHair proved over all paths."""
    checked: tuple[Condition, ...]
    """Conditions CrossHair found no counterexample for in their budget of paths."""
    problems: tuple[str, ...]
    """Counterexamples, errors, unmet preconditions, unanalysed conditions, twin differences."""
    twins: tuple[str, ...]
    """The twin pairs compared without a difference."""
    seconds: float

    @property
    def ok(self) -> bool:
        """Whether the run checked every condition and found nothing wrong."""
        return not self.problems

    def summary(self) -> str:
        """A few lines for people: the figures and each problem."""
        lines = [
            f"{len(self.conditions)} conditions: {len(self.confirmed)} confirmed over all "
            f"paths, {len(self.checked)} without counterexample in their budget of paths; "
            f"{len(self.twins)} reference twins agree; {self.seconds:.0f} s",
            *self.problems,
        ]
        return "\n".join(lines)


def module_file(module: str) -> Path:
    """The source file of ``module`` (without importing it)."""
    found = importlib.util.find_spec(module)
    if found is None or found.origin is None:
        raise ValueError(f"no module {module}")
    return Path(found.origin)


def contracted_functions(module: str, path: Path | None = None) -> list[Contracted]:
    """Every top-level function of ``module`` whose docstring has ``post:`` lines."""
    path = path if path is not None else module_file(module)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    found = []
    for node in ast.parse(text).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        docstring = node.body[0] if node.body else None
        if not (isinstance(docstring, ast.Expr) and isinstance(docstring.value, ast.Constant)):
            continue
        end = docstring.end_lineno or docstring.lineno
        conditions = []
        for number in range(docstring.lineno, end + 1):
            match = _POST.match(lines[number - 1])
            if match:
                if match.group("expr") is None:
                    raise ValueError(f"{path}:{number}: write one condition per 'post:' line")
                conditions.append(Condition(str(path), number, match.group("expr")))
        if not conditions:
            continue
        target = f"{module}.{node.name}"
        found.append(Contracted(target, budget_of(target), tuple(conditions)))
    return found


def _groups(functions: Sequence[Contracted], jobs: int) -> list[list[Contracted]]:
    """Split the functions into ``jobs`` groups of about equal budgets of paths."""
    groups: list[list[Contracted]] = [[] for _ in range(max(jobs, 1))]
    loads = [0.0] * len(groups)
    for function in sorted(functions, key=_cost, reverse=True):
        lightest = loads.index(min(loads))
        groups[lightest].append(function)
        loads[lightest] += _cost(function)
    return [group for group in groups if group]


def _cost(function: Contracted) -> int:
    return (function.budget or 0) * len(function.conditions)


def _crosshair(
    paths: int, arguments: list[str], plugin: Path, path: Sequence[Path] = ()
) -> tuple[int, str]:
    """Run ``crosshair ARGUMENTS`` with ``paths`` paths per condition; (status, output).

    Status 124 with a "too slow" line when the process outlives :data:`CEILING`.
    """
    command = [
        sys.executable,
        "-m",
        "tools.crosshair_paths",
        str(paths),
        *arguments,
        # Last: the option takes every argument after it up to the next option.
        "--extra_plugin",
        str(plugin),
    ]
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        [*map(str, path), str(ROOT), environment.get("PYTHONPATH", "")]
    )
    # The same iteration order of sets and dicts, and the same solver work, everywhere.
    environment["PYTHONHASHSEED"] = "0"
    environment["CROSSHAIR_SMT_RLIMIT"] = str(crosshair_paths.SMT_RLIMIT)
    try:
        done = subprocess.run(
            command,
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
            env=environment,
            timeout=CEILING,
        )
    except subprocess.TimeoutExpired:
        return 124, (
            f"error: too slow: crosshair {' '.join(arguments)} ran past the ceiling of "
            f"{CEILING:.0f} s of wall-clock time and was stopped (a machine far slower or "
            "busier than usual; no verdict)"
        )
    return done.returncode, done.stdout + done.stderr


def _check_group(
    group: list[Contracted], scale: float, plugin: Path, path: Sequence[Path] = ()
) -> str:
    """Run ``crosshair check`` over one group; return its output."""
    # One run per budget in the group: one CrossHair process explores one number of paths.
    budgets = sorted({function.budget or 0 for function in group})
    runs = [(_scaled(b, scale), [f for f in group if (f.budget or 0) == b]) for b in budgets]
    output = []
    for paths, functions in runs:
        targets = [f.target for f in functions]
        returncode, text = _crosshair(paths, ["check", "--report_all", *targets], plugin, path)
        output.append(text)
        if returncode not in (0, 1, 124):
            output.append(f"error: crosshair exited with status {returncode}")
    return "\n".join(output)


def _scaled(paths: int, scale: float) -> int:
    return max(1, round(paths * scale))


def _diff_twin(name: str, paths: int, plugin: Path) -> tuple[str, str | None]:
    """Run ``crosshair diffbehavior`` on one twin pair; return (name, problem or None)."""
    arguments = [
        "diffbehavior",
        f"tests.skipbo.reference.twins.engine_{name}",
        f"tests.skipbo.reference.twins.reference_{name}",
    ]
    returncode, text = _crosshair(paths, arguments, plugin)
    if returncode == 0 and "No differences found" in text:
        return name, None
    return name, f"twin {name}: engine and reference differ or could not be compared:\n{text}"


def interpret(functions: Sequence[Contracted], output: str) -> tuple[list[str], set[int], set[int]]:
    """Read CrossHair's ``--report_all`` output against the expected conditions.

    Returns the problems and the indices (into the flattened conditions) of the
    conditions confirmed over all paths and of those checked within the budget.
    """
    conditions = [c for f in functions for c in f.conditions]
    where = {(Path(c.file).resolve(), c.line): index for index, c in enumerate(conditions)}
    problems: list[str] = []
    confirmed: set[int] = set()
    checked: set[int] = set()
    for line in output.splitlines():
        match = _MESSAGE.match(line.strip())
        if match is None:
            if line.strip():
                problems.append(f"unexpected CrossHair output: {line.strip()}")
            continue
        key = (Path(match.group("file")).resolve(), int(match.group("line")))
        text = match.group("text")
        index = where.get(key)
        if match.group("kind") == "info" and index is not None:
            if text.startswith("Confirmed over all paths"):
                confirmed.add(index)
                continue
            if text.startswith("Not confirmed"):
                checked.add(index)
                continue
        problems.append(f"{match.group('file')}:{match.group('line')}: {text}")
    for index, condition in enumerate(conditions):
        if index not in confirmed and index not in checked:
            problems.append(
                f"{condition.file}:{condition.line}: not analyzed: post: {condition.source}"
            )
    return problems, confirmed, checked


def run(
    targets: Sequence[str] = (),
    *,
    scale: float = 1.0,
    jobs: int = 2,
    twins: bool = True,
    modules: Sequence[tuple[str, Path | None]] | None = None,
    path: Sequence[Path] = (),
) -> Report:
    """Check the contracts (all, or the functions named in ``targets``) and the twins.

    ``modules`` lists (module name, source file) pairs to read the contracts from (by
    default the contracted modules of skipbo); ``path`` is added to the import path
    of the CrossHair processes.
    """
    start = time.perf_counter()
    chosen = modules if modules is not None else [(m, None) for m in CONTRACTED_MODULES]
    functions = [f for module, file in chosen for f in contracted_functions(module, file)]
    if targets:
        functions = [
            f for f in functions if f.target in targets or f.target.rsplit(".", 1)[0] in targets
        ]
    problems = [
        f"{f.target}: no budget in tools.crosshair_check.BUDGETS"
        for f in functions
        if f.budget is None
    ]
    # One CrossHair process per group of contracts (about equal budgets) and per twin
    # pair, the costliest first, so that the workers finish together.
    jobs = max(jobs, 1)
    checks = [(sum(map(_cost, group)), group) for group in _groups(functions, jobs)]
    pairs = [(_scaled(paths, scale), name) for name, paths in TWINS] if twins else []
    with tempfile.TemporaryDirectory() as directory:
        plugin = Path(directory) / "skipbo_crosshair_plugin.py"
        plugin.write_text(PLUGIN, encoding="utf-8")

        def perform(task: tuple[int, object]) -> tuple[str, str | None, str | None]:
            cost, what = task
            if isinstance(what, str):
                name, problem = _diff_twin(what, cost, plugin)
                return "", name, problem
            assert isinstance(what, list)
            return _check_group(what, scale, plugin, path), None, None

        tasks: list[tuple[int, object]] = [*checks, *pairs]
        tasks.sort(key=lambda task: task[0], reverse=True)
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(perform, tasks))
    found, confirmed, checked = interpret(functions, "\n".join(out for out, _, _ in results))
    problems += found
    problems += [problem for _, _, problem in results if problem]
    conditions = tuple(c for f in functions for c in f.conditions)
    return Report(
        conditions=conditions,
        confirmed=tuple(conditions[i] for i in sorted(confirmed)),
        checked=tuple(conditions[i] for i in sorted(checked)),
        problems=tuple(problems),
        twins=tuple(name for _, name, problem in results if name and problem is None),
        seconds=time.perf_counter() - start,
    )


def main(argv: list[str] | None = None) -> int:
    """Run the check from the command line; exit status 1 on any problem."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("targets", nargs="*", help="functions or modules (default: all contracted)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every budget")
    parser.add_argument("--jobs", type=int, default=2, help="CrossHair processes at once")
    parser.add_argument("--no-twins", action="store_true", help="skip crosshair diffbehavior")
    args = parser.parse_args(argv)
    report = run(args.targets, scale=args.scale, jobs=args.jobs, twins=not args.no_twins)
    print(report.summary())
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
