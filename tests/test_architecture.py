"""The import direction of the layers (docs/design.md): dependencies point inward.

Every module of ``skipbo`` belongs to one layer; a module may import only from its
own layer and those below it. The core (cards, rules, state, moves, engine,
drawing, dealing, the specification) imports nothing from views, serialization,
bots or any later layer, and the game-agnostic part imports no game. A new module
must be placed in a layer here before it can land. The core and the layers without
an extra import nothing outside the standard library but attrs.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent.parent / "src"

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("common", ("skipbo.errors", "skipbo.common", "skipbo.arena")),
    (
        "core",
        (
            "skipbo.cards",
            "skipbo.rules",
            "skipbo.seating",
            "skipbo.state",
            "skipbo.moves",
            "skipbo.draw",
            "skipbo.engine",
            "skipbo.deal",
            "skipbo.spec",
            "skipbo.game",
        ),
    ),
    ("views", ("skipbo.views",)),
    (
        "services",
        (
            "skipbo.actions",
            "skipbo.sampling",
            "skipbo.position",
            "skipbo.checking",
            "skipbo.io",
            "skipbo.variants",
            "skipbo.text",
        ),
    ),
    ("players", ("skipbo.bots",)),
    ("pictures", ("skipbo.pictures",)),
    ("frontends", ("skipbo.cli", "skipbo.web", "skipbo.envs", "skipbo.batch")),
)
"""The layers from the innermost out, each with its module prefixes."""

SEPARATE = {"skipbo.skyjo": "common"}
"""Games of their own: a prefix and the one layer of skipbo it may import besides itself."""

GAMES_FROM = "pictures"
"""The innermost layer that may import the separate games (it and every later one):
the layers written once for both games."""

FACADES = {"skipbo", "skipbo.__main__"}
"""The top-level package re-exports every layer's public names; it is no layer."""

EXTRA_FREE = {"common", "core", "views", "services", "players", "pictures"}
"""Layers that must import nothing but the standard library, attrs and skipbo."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SOURCE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted((SOURCE / "skipbo").rglob("*.py"))}


def owner(module: str) -> tuple[str, int | None]:
    """The layer (or separate game) a module belongs to, and the layer's rank."""
    for prefix, _ in SEPARATE.items():
        if module == prefix or module.startswith(prefix + "."):
            return prefix, None
    for rank, (layer, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return layer, rank
    raise LookupError(module)


def imports(module: str, path: Path) -> list[str]:
    """Every module ``module`` imports (at any depth of the file, TYPE_CHECKING included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                origin = ".".join([*base, node.module] if node.module else base)
            else:
                origin = node.module or ""
            found.append(origin)
            # "from skipbo import engine" imports the module skipbo.engine.
            found += [f"{origin}.{alias.name}" for alias in node.names]
    known = modules()
    return [name for name in found if not name.startswith("skipbo") or name in known]


def allowed(importer: str, imported: str) -> bool:
    """Whether ``importer`` may import the skipbo module ``imported``."""
    if importer in FACADES or imported in FACADES:
        return importer in FACADES or imported == "skipbo"
    mine, my_rank = owner(importer)
    theirs, their_rank = owner(imported)
    if my_rank is None:  # a separate game: itself and its permitted layer
        permitted = SEPARATE[mine]
        return theirs in (mine, permitted)
    if their_rank is None:  # a separate game is imported only by the outer layers
        return my_rank >= [layer for layer, _ in LAYERS].index(GAMES_FROM)
    return their_rank <= my_rank


def test_every_module_is_in_a_layer() -> None:
    unplaced = []
    for name in modules():
        if name in FACADES:
            continue
        try:
            owner(name)
        except LookupError:
            unplaced.append(name)
    assert unplaced == [], "place these modules in a layer of tests/test_architecture.py"


def test_imports_point_inward() -> None:
    wrong = [
        f"{name} imports {imported}"
        for name, path in modules().items()
        for imported in imports(name, path)
        if imported.startswith("skipbo") and not allowed(name, imported)
    ]
    assert wrong == []


def test_the_inner_layers_need_no_extra() -> None:
    outside = []
    for name, path in modules().items():
        if name in FACADES or owner(name)[0] not in EXTRA_FREE:
            continue
        for imported in imports(name, path):
            top = imported.split(".")[0]
            ours = top in {"skipbo", "attrs", "__future__"} or top in sys.stdlib_module_names
            if top and not ours:
                outside.append(f"{name} imports {imported}")
    assert outside == []


def unit(module: str) -> str:
    """The unit whose private names stay inside it: a subpackage of skipbo, or a module."""
    parts = module.split(".")
    if len(parts) > 2 or (SOURCE / "skipbo" / parts[-1]).is_dir():
        return ".".join(parts[:2])
    return module


def private_imports(module: str, path: Path) -> list[str]:
    """The private names (``_name``) ``module`` imports from another unit of skipbo."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            source = node.module
            if not source.startswith("skipbo") or unit(source) == unit(module):
                continue
            found += [
                f"{module} imports {source}.{alias.name}"
                for alias in node.names
                if alias.name.startswith("_") and not alias.name.startswith("__")
            ]
    return found


def test_no_private_name_leaves_its_unit() -> None:
    """A layer uses another's public API only: a private function is free to change."""
    found = [line for name, path in modules().items() for line in private_imports(name, path)]
    assert found == []


def test_a_private_import_from_another_unit_is_found(tmp_path: Path) -> None:
    path = tmp_path / "engine.py"
    path.write_text(
        "from skipbo.deal import _deal\nfrom skipbo.batch.arrays import _x\n", encoding="utf-8"
    )
    assert private_imports("skipbo.batch.engine", path) == [
        "skipbo.batch.engine imports skipbo.deal._deal"
    ]


TESTS = Path(__file__).resolve().parent
MAIN_GUARD = re.compile(r"^if __name__ == .__main__.:", re.MULTILINE)


def test_tests_hold_no_runnable_tool() -> None:
    """Commands (regenerating a golden file, long runs) live in tools/, not in tests/."""
    runnable = [
        str(path.relative_to(TESTS))
        for path in sorted(TESTS.rglob("*.py"))
        if path.name == "__main__.py" or MAIN_GUARD.search(path.read_text("utf-8"))
    ]
    assert runnable == []


@pytest.mark.parametrize(
    ("importer", "imported", "expected"),
    [
        ("skipbo.engine", "skipbo.views", False),
        ("skipbo.engine", "skipbo.bots", False),
        ("skipbo.rules", "skipbo.io.codec", False),
        ("skipbo.common.strictjson", "skipbo.cards", False),
        ("skipbo.views", "skipbo.engine", True),
        ("skipbo.io.codec", "skipbo.common.strictjson", True),
        ("skipbo.skyjo.engine", "skipbo.engine", False),
        ("skipbo.skyjo.engine", "skipbo.common.randomness", True),
        ("skipbo.bots", "skipbo.skyjo", False),
        ("skipbo.cli", "skipbo.skyjo", True),
        ("skipbo.pictures.drawing", "skipbo.skyjo", True),
        ("skipbo.pictures.drawing", "skipbo.cli", False),
        ("skipbo.cli.render", "skipbo.pictures", True),
    ],
)
def test_the_check_tells_inward_from_outward(importer: str, imported: str, expected: bool) -> None:
    assert allowed(importer, imported) is expected


def test_an_outward_import_is_found(tmp_path: Path) -> None:
    """The scan sees every form of import, TYPE_CHECKING blocks and relative ones included."""
    path = tmp_path / "engine.py"
    path.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from skipbo.views import PlayerView\n"
        "from skipbo import draw\n"
        "from . import spec\n",
        encoding="utf-8",
    )
    found = imports("skipbo.engine", path)
    assert {"skipbo.views", "skipbo.draw", "skipbo.spec"} <= set(found)
