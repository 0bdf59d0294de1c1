"""Run-time checking of the PEP 316 contracts: :func:`enforced`.

CrossHair checks the contracts symbolically, within a budget. This module checks
the same ``pre:``/``post:`` lines at run time on whatever the tests play: within
``with enforced(module):`` every contracted function of the module is replaced by a
wrapper that evaluates its preconditions, calls it, and evaluates its
postconditions (with ``__return__`` and ``__old__``, as in PEP 316). A false
condition raises :class:`ContractBroken`, naming the condition and the arguments.
Calls between the module's functions go through the module's globals, and the
dispatch table of :func:`skipbo.apply` is patched too, so internal calls are
checked as well.
"""

from __future__ import annotations

import functools
import inspect
import re
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

_LINE = re.compile(r"^\s*(?P<kind>pre|post|raises):\s*(?P<expr>.+?)\s*$")


class ContractBroken(AssertionError):
    """A contract condition was false (or could not be evaluated) at run time."""


def conditions(function: Callable[..., Any]) -> dict[str, list[str]]:
    """The ``pre``, ``post`` and ``raises`` lines of a function's docstring."""
    found: dict[str, list[str]] = {"pre": [], "post": [], "raises": []}
    for line in (function.__doc__ or "").splitlines():
        match = _LINE.match(line)
        if match:
            found[match.group("kind")].append(match.group("expr"))
    return found


def _checked(function: Callable[..., Any], namespace: dict[str, Any]) -> Callable[..., Any]:
    found = conditions(function)
    signature = inspect.signature(function)
    pre = [(text, compile(text, f"<pre of {function.__name__}>", "eval")) for text in found["pre"]]
    post = [
        (text, compile(text, f"<post of {function.__name__}>", "eval")) for text in found["post"]
    ]
    allowed = tuple(eval(name, namespace) for text in found["raises"] for name in text.split(","))

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        names = dict(bound.arguments)
        # One dict for globals and arguments: comprehensions in a condition see both.
        scope = {**namespace, **names}
        for text, code in pre:
            _require(eval(code, scope), function, "pre", text, names)
        try:
            result = function(*args, **kwargs)
        except allowed:
            raise
        scope.update(__return__=result, __old__=types.SimpleNamespace(**names))
        for text, code in post:
            _require(eval(code, scope), function, "post", text, names)
        return result

    return wrapper


def _require(
    value: object, function: Callable[..., Any], kind: str, text: str, names: dict[str, Any]
) -> None:
    if not value:
        shown = ", ".join(f"{k}={v!r}" for k, v in names.items() if k != "__old__")
        raise ContractBroken(f"{function.__qualname__}: {kind}: {text} is false for {shown}")


@contextmanager
def enforced(module: types.ModuleType) -> Iterator[list[str]]:
    """Check the contracts of every contracted function of ``module`` while inside.

    Yields the names of the functions checked.
    """
    originals: dict[str, Any] = {}
    wrappers: dict[int, Callable[..., Any]] = {}
    namespace = vars(module)
    for name, value in list(namespace.items()):
        ours = inspect.isfunction(value) and value.__module__ == module.__name__
        if ours and conditions(value)["post"]:
            originals[name] = value
            wrappers[id(value)] = _checked(value, namespace)
    tables: list[tuple[dict[Any, Any], Any, Any]] = []
    for value in list(namespace.values()):
        if isinstance(value, dict):
            tables += [(value, k, v) for k, v in value.items() if id(v) in wrappers]
    try:
        for name, value in originals.items():
            setattr(module, name, wrappers[id(value)])
        for table, key, value in tables:
            table[key] = wrappers[id(value)]
        yield sorted(originals)
    finally:
        for name, value in originals.items():
            setattr(module, name, value)
        for table, key, value in tables:
            table[key] = value
