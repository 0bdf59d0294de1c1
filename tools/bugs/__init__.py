"""Injected rule bugs: the fixtures of the technique x rule matrix (``tools.matrix``).

Each :class:`Bug` is a small textual change to one function (or method) of a game's
rules that breaks one or more rules (named by their IDs in ``docs/rules.md``), like a mutant of
mutation testing but chosen by hand to be a plausible mistake. The catalogue is
:data:`BUGS` (in :mod:`tools.bugs.catalogue`), and :data:`TIE_BUGS` those of the Coq tie
not yet measured by the matrix. A bug is put in place two ways:

* :func:`injected`, in this process: the function is recompiled from its changed
  source in its module's namespace, and every reference to the original in loaded
  modules and in their dispatch tables (such as the engine's move table) is
  replaced, and the original function object is given the changed code (for the
  references held elsewhere, such as an attrs default factory), until the ``with``
  block ends; a method (``"Deck.cards"``) gets the changed code the same way;
* :func:`buggy_module`, as a copy of the whole module with the change, written to a
  file (for CrossHair, which analyses source in its own processes).

A bug whose original text is no longer in its function is *stale*
(:func:`stale`): the code changed, and the fixture must be brought up to date.
"""

from __future__ import annotations
import __future__

import ast
import importlib
import inspect
import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs

__all__ = ["BUGS", "TIE_BUGS", "Bug", "buggy_module", "by_name", "injected", "stale"]


@attrs.frozen
class Bug:
    """One injected rule bug: where it goes, what it changes and which rules it breaks."""

    name: str
    """A short identifier (``B02``)."""
    rules: tuple[str, ...]
    """The rules it breaks."""
    summary: str
    """What the bug does, for people."""
    module: str
    """The module of the changed function (``skipbo.games.skipbo.draw``)."""
    function: str
    """The changed top-level function, or method of a top-level class (``"Deck.cards"``)."""
    edits: tuple[tuple[str, str], ...]
    """(original text, replacement) pairs; each original occurs once in the function."""

    @property
    def game(self) -> str:
        """The game whose rules the bug breaks: ``"skyjo"`` or ``"skipbo"``."""
        return "skyjo" if self.module.startswith("skipbo.games.skyjo") else "skipbo"

    def _owner(self) -> tuple[Any, str]:
        """The object holding the function (its module, or its class) and its name there."""
        owner: Any = importlib.import_module(self.module)
        path = self.function.split(".")
        for name in path[:-1]:
            owner = getattr(owner, name)
        return owner, path[-1]

    def original_function(self) -> Callable[..., Any]:
        """The unchanged function, as its module (or class) holds it now."""
        owner, name = self._owner()
        found: Any = vars(owner)[name] if isinstance(owner, type) else getattr(owner, name)
        if isinstance(found, classmethod | staticmethod):
            found = found.__func__
        elif isinstance(found, property):
            found = found.fget
        unwrapped: Callable[..., Any] = inspect.unwrap(found)
        return unwrapped

    def source(self) -> str:
        """The changed source of the function."""
        text = inspect.getsource(self.original_function())
        for original, replacement in self.edits:
            if text.count(original) != 1:
                raise ValueError(f"{self.name}: {original!r} is not once in {self.function}")
            text = text.replace(original, replacement)
        return text

    def crosshair_targets(self) -> tuple[str, ...]:
        """The contracted functions of the module that CrossHair checks for this bug.

        The changed function if it has a contract, else the contracted functions of
        the module that call it (the state-level ``apply`` and ``legal_moves`` only
        when the bug is in them: they reach everything and their budgets are the
        largest).
        """
        path = Path(inspect.getfile(importlib.import_module(self.module)))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        contracted = {
            node.name: node
            for node in tree.body
            if isinstance(node, ast.FunctionDef) and "post:" in (ast.get_docstring(node) or "")
        }
        if "." in self.function:
            return ()  # CrossHair checks top-level functions only
        if self.function in contracted:
            return (self.function,)
        return tuple(
            name
            for name, node in contracted.items()
            if name not in ("apply", "legal_moves")
            and any(
                isinstance(inner, ast.Name) and inner.id == self.function
                for inner in ast.walk(node)
            )
        )


def stale(bugs: tuple[Bug, ...] | None = None) -> list[str]:
    """The bugs whose original text no longer matches the code, with the reason."""
    found = []
    for bug in BUGS + TIE_BUGS if bugs is None else bugs:
        try:
            bug.source()
        except (ValueError, AttributeError, OSError) as error:
            found.append(str(error) if isinstance(error, ValueError) else f"{bug.name}: {error}")
    return found


def by_name(name: str) -> Bug:
    """The bug of the catalogue called ``name`` (the matrix's or the tie's)."""
    for bug in BUGS + TIE_BUGS:
        if bug.name == name:
            return bug
    raise KeyError(f"no bug {name!r} in tools.bugs.catalogue")


@contextmanager
def injected(bug: Bug) -> Iterator[None]:
    """Put ``bug`` in place in this process until the block ends.

    The changed function is compiled into its own module's namespace, so that it
    calls (and is called through) the module's globals like the original.
    """
    module = importlib.import_module(bug.module)
    namespace = vars(module)
    if "." in bug.function:
        with _method_injected(bug, namespace):
            yield
        return
    original = namespace[bug.function]
    code = compile(
        bug.source(),
        f"<{bug.name} in {bug.module}.{bug.function}>",
        "exec",
        flags=__future__.annotations.compiler_flag,
        dont_inherit=True,
    )
    exec(code, namespace)
    buggy = namespace[bug.function]
    namespace[bug.function] = original  # so that it is found and replaced with the rest
    replaced = _replace_everywhere(original, buggy)
    # References the search cannot see (an attrs default factory holds the function
    # itself) run the bug too: the original lends itself the changed code.
    target = inspect.unwrap(original)
    code = target.__code__
    target.__code__ = inspect.unwrap(buggy).__code__
    try:
        yield
    finally:
        target.__code__ = code
        for holder, key in replaced:
            holder[key] = original


@contextmanager
def _method_injected(bug: Bug, namespace: dict[str, Any]) -> Iterator[None]:
    """Put a bug in a method in place: the changed method, compiled with the module's
    globals, lends its code to the original function object, so that every reference
    to it (bound methods kept elsewhere, such as an attrs field's default factory)
    runs the bug."""
    target = bug.original_function()
    code = compile(
        textwrap.dedent(bug.source()),
        f"<{bug.name} in {bug.module}.{bug.function}>",
        "exec",
        flags=__future__.annotations.compiler_flag,
        dont_inherit=True,
    )
    scratch: dict[str, Any] = {}
    exec(code, namespace, scratch)  # globals: the module's; the new method lands in scratch
    changed: Any = scratch[bug.function.rpartition(".")[2]]
    if isinstance(changed, classmethod | staticmethod):
        changed = changed.__func__
    elif isinstance(changed, property):
        changed = changed.fget
    original = target.__code__
    target.__code__ = changed.__code__
    try:
        yield
    finally:
        target.__code__ = original


def _replace_everywhere(original: object, buggy: object) -> list[tuple[dict[Any, Any], Any]]:
    """Replace ``original`` by ``buggy`` in the globals (and their dicts) of every
    loaded skipbo, tests and tools module; return where it was replaced."""
    replaced: list[tuple[dict[Any, Any], Any]] = []
    for name, loaded in list(sys.modules.items()):
        namespace = getattr(loaded, "__dict__", None)  # sys.modules may hold None
        if namespace is None or name.partition(".")[0] not in ("skipbo", "tests", "tools"):
            continue
        holders: list[dict[Any, Any]] = [namespace]
        holders += [value for value in list(namespace.values()) if isinstance(value, dict)]
        for holder in holders:
            for key, value in list(holder.items()):
                if value is original:
                    holder[key] = buggy
                    replaced.append((holder, key))
    return replaced


def buggy_module(bug: Bug, directory: Path) -> tuple[str, Path]:
    """Write a copy of ``bug``'s module with the bug to ``directory``; return its
    module name and file."""
    module = importlib.import_module(bug.module)
    path = Path(inspect.getfile(module))
    text = path.read_text(encoding="utf-8")
    original = inspect.getsource(bug.original_function())
    if text.count(original) != 1:
        raise ValueError(f"{bug.name}: the source of {bug.function} is not once in {path}")
    name = f"buggy_{bug.name.lower()}"
    target = directory / f"{name}.py"
    target.write_text(text.replace(original, bug.source()), encoding="utf-8")
    return name, target


from tools.bugs.catalogue import BUGS, TIE_BUGS  # noqa: E402  (the catalogue uses Bug)
