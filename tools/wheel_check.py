"""Release check: build the sdist and the wheel, check them, run the wheel in a fresh venv.

Command line (``tools/check`` runs it beside pytest)::

    python -m tools.wheel_check            # exit 1, naming each problem, if one is found
    python -m tools.wheel_check --keep     # the same, and keep the temporary folder

What ``pip install skipbo`` gives a user is the wheel, not the checkout, so the checks
run on what ``python -m build`` makes (the sdist, then the wheel built from the sdist,
which shows that the sdist holds what a build needs), in a temporary folder, never in
the checkout:

- ``twine check --strict`` accepts both (the README renders on the Package Index);
- the wheel holds exactly the package's files (``py.typed``, the games' JSON schemas,
  the web table's static files) and the metadata, nothing else: no tests, docs,
  benchmarks, tools or research; the sdist holds pyproject.toml, README.md, LICENSE
  and the sources, and no virtual environment, cache or research notes;
- the classifiers claim exactly the Python version running this check, the only one
  the test command runs, and ``Requires-Python`` admits it;
- in a fresh virtual environment that has only the wheel and its declared
  dependencies (no extra), from a folder outside the checkout: ``skipbo`` is imported
  from the venv's site-packages, ``skipbo demo`` prints what it prints from the source
  tree, and the README's examples pass as doctests.
"""

from __future__ import annotations

import argparse
import email.parser
import fnmatch
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Iterable, Sequence
from email.message import Message
from pathlib import Path, PurePosixPath

from packaging.specifiers import SpecifierSet

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "skipbo"
README = ROOT / "README.md"

DEMO = ("demo", "--players", "3", "--seed", "7")
"""The README's first command, after installing."""

REQUIRED_IN_WHEEL = (
    "skipbo/py.typed",
    "skipbo/games/skipbo/schemas/*.json",
    "skipbo/games/skyjo/schemas/*.json",
    "skipbo/web/static/*.html",
    "skipbo/web/static/*.js",
    "skipbo/web/static/*.css",
    "skipbo/web/static/rules-*.html",  # the rules help, generated from the docs at dev time
)
"""Patterns that must each match a file of the wheel: the data files beside the code."""

REQUIRED_IN_DIST_INFO = ("METADATA", "WHEEL", "RECORD", "entry_points.txt", "licenses/LICENSE")

REQUIRED_IN_SDIST = (
    "pyproject.toml",
    "README.md",
    "LICENSE",
    "PKG-INFO",
    "src/skipbo/__init__.py",
    "src/skipbo/py.typed",
)
"""What building the wheel from the sdist needs (and the sdist's own metadata)."""

NEVER_IN_SDIST = frozenset(
    {
        ".git",
        ".venv",
        "__pycache__",
        ".hypothesis",
        ".mypy_cache",
        ".ruff_cache",
        ".pytest_cache",
        ".benchmarks",
        "_build",
        ".npm",
        "node_modules",
        "mutants",
        "research",
    }
)
"""Folder names that mark a local environment, a cache, a build or the research notes."""

NEVER_SUFFIXES = (".pyc", ".pyo", ".sqlite3", ".coverage")


class CheckFailed(Exception):
    """A step of the release check failed; the message says which and why."""


def read_wheel(wheel: Path) -> tuple[list[str], str, Message]:
    """A wheel's file names, its metadata folder's name and its METADATA."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        folders = {name.split("/")[0] for name in names}
        dist_infos = sorted(folder for folder in folders if folder.endswith(".dist-info"))
        if len(dist_infos) != 1:
            raise CheckFailed(f"wheel: {len(dist_infos)} .dist-info folders, not one")
        try:
            metadata = archive.read(f"{dist_infos[0]}/METADATA").decode("utf-8")
        except KeyError:
            raise CheckFailed(f"wheel: no {dist_infos[0]}/METADATA") from None
    return names, dist_infos[0], email.parser.Parser().parsestr(metadata)


def read_sdist(sdist: Path) -> list[str]:
    """The names of an sdist's files."""
    with tarfile.open(sdist) as archive:
        return [member.name for member in archive.getmembers() if member.isfile()]


def package_files(package: Path = PACKAGE) -> set[str]:
    """The package's files as the wheel names them (``skipbo/...``), caches left out."""
    return {
        (PurePosixPath(package.name) / path.relative_to(package).as_posix()).as_posix()
        for path in package.rglob("*")
        if path.is_file()
        and "__pycache__" not in path.relative_to(package).parts
        and not path.name.endswith(NEVER_SUFFIXES)
    }


def wheel_problems(names: Iterable[str], expected: set[str], dist_info: str) -> list[str]:
    """What is wrong with a wheel's file list, given the package's files.

    ``dist_info`` is the metadata folder's name (``skipbo-0.1.0.dist-info``).
    """
    names = set(names)
    problems = []
    package_names = {name for name in names if name.startswith("skipbo/")}
    for pattern in REQUIRED_IN_WHEEL:
        if not fnmatch.filter(package_names, pattern):
            problems.append(f"wheel: nothing matches {pattern}")
    problems.extend(f"wheel: missing {name}" for name in sorted(expected - package_names))
    problems.extend(
        f"wheel: not a file of the package: {name}" for name in sorted(package_names - expected)
    )
    for required in REQUIRED_IN_DIST_INFO:
        if f"{dist_info}/{required}" not in names:
            problems.append(f"wheel: missing {dist_info}/{required}")
    others = names - package_names - {name for name in names if name.startswith(f"{dist_info}/")}
    problems.extend(f"wheel: neither package nor metadata: {name}" for name in sorted(others))
    return problems


def sdist_problems(names: Iterable[str], top: str) -> list[str]:
    """What is wrong with an sdist's file list; ``top`` is its folder (``skipbo-0.1.0``)."""
    relative = set()
    problems = []
    for name in names:
        path = PurePosixPath(name)
        if not path.parts or path.parts[0] != top:
            problems.append(f"sdist: outside {top}/: {name}")
            continue
        inner = PurePosixPath(*path.parts[1:])
        relative.add(inner.as_posix())
        if NEVER_IN_SDIST & set(inner.parts) or inner.name.endswith(NEVER_SUFFIXES):
            problems.append(f"sdist: a local environment, cache or research file: {name}")
    problems.extend(
        f"sdist: missing {top}/{name}" for name in REQUIRED_IN_SDIST if name not in relative
    )
    return problems


def classifier_problems(metadata: Message, python: str) -> list[str]:
    """Whether the metadata claims exactly the Python version ``python`` (``"3.11"``)."""
    prefix = "Programming Language :: Python :: "
    claimed = {
        classifier.removeprefix(prefix)
        for classifier in metadata.get_all("Classifier", [])
        if classifier.startswith(prefix) and classifier.removeprefix(prefix)[:2] == "3."
    }
    problems = []
    if claimed != {python}:
        listed = ", ".join(sorted(claimed)) or "none"
        problems.append(
            f"classifiers claim Python {listed}; the test command runs only {python}: claim that"
        )
    requires = metadata.get("Requires-Python")
    if requires is None or python not in SpecifierSet(requires):
        problems.append(f"Requires-Python {requires!r} excludes {python}, the version tested")
    return problems


def _run(step: str, command: Sequence[str | Path], cwd: Path, env: dict[str, str]) -> str:
    """Run ``command``; its output, or CheckFailed naming the step with the output."""
    completed = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if completed.returncode != 0:
        raise CheckFailed(
            f"{step}: exit status {completed.returncode}\n{completed.stdout}{completed.stderr}"
        )
    return completed.stdout


def _outside_env() -> dict[str, str]:
    """The environment without the variables that would put the checkout on the path."""
    return {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("PYTHON") and key != "VIRTUAL_ENV"
    }


_README_DOCTESTS = """
import doctest, pathlib, sys, sysconfig
import skipbo
where = pathlib.Path(skipbo.__file__).resolve()
site = pathlib.Path(sysconfig.get_paths()["purelib"]).resolve()
if not where.is_relative_to(site):
    sys.exit(f"skipbo was imported from {where}, not from the venv's {site}")
readme = sys.argv[1]
expected = sum(line.startswith(">>> ") for line in open(readme, encoding="utf-8"))
result = doctest.testfile(readme, module_relative=False, optionflags=doctest.ELLIPSIS)
if result.failed or result.attempted != expected:
    sys.exit(f"README: {result.failed} of {result.attempted} examples failed ({expected} expected)")
print(f"README: {result.attempted} examples passed; skipbo from {where.parent}")
"""
"""Run in the fresh venv: the README's examples as pytest runs them (ELLIPSIS on)."""


def check(work: Path) -> list[str]:
    """Every step, in ``work`` (an empty folder); the problems found, or CheckFailed."""
    env = _outside_env()
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    began = time.monotonic()

    def done(step: str) -> None:
        print(f"{step} ({time.monotonic() - began:.0f} s)", flush=True)

    dist = work / "dist"
    _run("build", [sys.executable, "-m", "build", "--outdir", dist, ROOT], work, env)
    (wheel,) = dist.glob("*.whl")
    (sdist,) = dist.glob("*.tar.gz")
    done(f"built {sdist.name} and {wheel.name} from it")
    _run(
        "twine check", [sys.executable, "-m", "twine", "check", "--strict", sdist, wheel], work, env
    )
    done("twine check --strict: both pass")

    names, dist_info, metadata = read_wheel(wheel)
    sdist_names = read_sdist(sdist)
    problems = wheel_problems(names, package_files(), dist_info)
    problems += sdist_problems(sdist_names, sdist.name.removesuffix(".tar.gz"))
    problems += classifier_problems(metadata, python)
    done(f"contents: {len(names)} files in the wheel, {len(sdist_names)} in the sdist")

    venv = work / "venv"
    _run("venv", [sys.executable, "-m", "venv", "--without-pip", venv], work, env)
    venv_python = venv / "bin" / "python"
    pip: list[str | Path] = [sys.executable, "-m", "pip", "--python", venv_python]
    _run("install the wheel", [*pip, "install", "--quiet", wheel], work, env)
    _run("pip check", [*pip, "check"], work, env)
    done("fresh venv with the wheel and its dependencies")

    outside = work / "outside"  # no checkout file on the path: a folder of its own
    outside.mkdir()
    demo = _run("skipbo demo (wheel)", [venv / "bin" / "skipbo", *DEMO], outside, env)
    source_env = {**env, "PYTHONPATH": str(ROOT / "src")}
    source = _run("skipbo demo (source)", [sys.executable, "-m", "skipbo", *DEMO], ROOT, source_env)
    if not demo.strip() or demo != source:
        problems.append("skipbo demo: the wheel's output differs from the source tree's")
    done(f"skipbo {' '.join(DEMO)}: {len(demo.splitlines())} lines, as from the source tree")

    readme = outside / "README.md"
    shutil.copyfile(README, readme)
    command: list[str | Path] = [venv_python, "-I", "-W", "error", "-c", _README_DOCTESTS, readme]
    print(_run("README doctests", command, outside, env).strip())
    done("README doctests")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    """Run the release check; 0 if every step passes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    arguments = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="skipbo-release-"))
    try:
        problems = check(work)
    except CheckFailed as failure:
        problems = [str(failure)]
    finally:
        if arguments.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    for problem in problems:
        print(f"!! {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
