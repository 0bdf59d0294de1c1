"""The import direction of the layers (docs/design.md): dependencies point inward.

Every module of ``skipbo`` belongs to one layer of one table, the same for every game:
a module may import only from its own layer and those below it. A game is a package
of :mod:`skipbo.games` whose modules are placed by their role's name (``engine``,
``views``, ``bots``, ...), so a new game fits the table with no exception; a game
imports no other game. The core and the layers without an extra import nothing
outside the standard library but attrs.
"""

from __future__ import annotations

import ast
import fnmatch
import re
import subprocess
import sys
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent.parent / "src"

GAME = "skipbo.games.*"
"""A game's package: ``*`` stands for any game's name."""

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("common", ("skipbo.errors", "skipbo.common", "skipbo.arena", "skipbo.games")),
    (
        "core",
        tuple(
            f"{GAME}.{role}"
            for role in (
                "errors",
                "cards",
                "rules",
                "seating",
                "state",
                "moves",
                "draw",
                "engine",
                "deal",
                "spec",
                # A view is core: Skyjo's legal moves are a function of its public view.
                "views",
            )
        ),
    ),
    (
        "services",
        tuple(
            f"{GAME}.{role}"
            for role in (
                "actions",
                "sampling",
                "position",
                "invariants",
                "codec",
                "serialization",
                "records",
                "text",
                "variants",
            )
        ),
    ),
    ("players", (f"{GAME}.bots",)),
    # The conformance checker plays games with a game's bots.
    ("checks", (f"{GAME}.conformance",)),
    # The adapter registers the game for the game-agnostic layers; the package re-exports.
    ("game", (f"{GAME}.adapter", GAME)),
    ("observation", ("skipbo.observation",)),
    ("pictures", ("skipbo.pictures",)),
    ("batch", ("skipbo.batch",)),
    ("frontends", ("skipbo.cli", "skipbo.web", "skipbo.envs")),
)
"""The layers from the innermost out, each with its module patterns (a module matches a
pattern, or lies inside a package that does)."""

OUTER_FROM = "observation"
"""The innermost layer that may import the facades :mod:`skipbo` and :mod:`skipbo.skyjo`
(it and every later one): no module of a game may, since the facades import the games."""

FACADES = {"skipbo", "skipbo.skyjo", "skipbo.games", "skipbo.__main__"}
"""The public faces of the games' packages (``skipbo.games`` finds them by name) and the
``python -m skipbo`` entry: no layer."""

EXTRA_FREE = {"common", "core", "views", "services", "players", "checks", "game", "pictures"}
"""Layers that must import nothing but the standard library, attrs and skipbo."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SOURCE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted((SOURCE / "skipbo").rglob("*.py"))}


def matches(module: str, pattern: str) -> bool:
    """Whether ``module`` is ``pattern`` or lies inside it (``*`` is one name)."""
    depth = pattern.count(".") + 1
    return fnmatch.fnmatchcase(".".join(module.split(".")[:depth]), pattern) and (
        module.count(".") + 1 >= depth
    )


def owner(module: str) -> tuple[str, int]:
    """The layer a module belongs to, and the layer's rank: its most specific pattern."""
    best: tuple[int, str, int] | None = None
    for rank, (layer, patterns) in enumerate(LAYERS):
        for pattern in patterns:
            if matches(module, pattern) and (best is None or pattern.count(".") > best[0]):
                best = (pattern.count("."), layer, rank)
    if best is None:
        raise LookupError(module)
    return best[1], best[2]


def game_of(module: str) -> str | None:
    """The game a module belongs to (``skipbo.games.skyjo.engine``: ``skyjo``), if any."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["skipbo", "games"] else None


def imports(module: str, path: Path) -> list[str]:
    """Every module ``module`` imports (at any depth of the file, TYPE_CHECKING included).

    ``from package import module`` imports the module, not the package's own names:
    the package is counted only when a name imported from it is not a module.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    known = modules()
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
            submodules = [f"{origin}.{alias.name}" for alias in node.names]
            found += [name for name in submodules if name in known]
            if not all(name in known for name in submodules):
                found.append(origin)
    return [name for name in found if not name.startswith("skipbo") or name in known]


def allowed(importer: str, imported: str) -> bool:
    """Whether ``importer`` may import the skipbo module ``imported``."""
    if importer in FACADES:
        return True
    _, my_rank = owner(importer)
    if imported in FACADES:
        return my_rank >= [layer for layer, _ in LAYERS].index(OUTER_FROM)
    _, their_rank = owner(imported)
    mine, theirs = game_of(importer), game_of(imported)
    if mine is not None and theirs is not None and mine != theirs:
        return False  # a game imports no other game
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
    """The unit whose private names stay inside it: a game, a subpackage of skipbo, or a module."""
    parts = module.split(".")
    if game_of(module) is not None:
        return ".".join(parts[:3])
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
        "from skipbo.games.skipbo.deal import _deal\n"
        "from skipbo.batch.arrays import _x\n"
        "from skipbo.games.skyjo.engine import _deal\n",
        encoding="utf-8",
    )
    assert private_imports("skipbo.batch.engine", path) == [
        "skipbo.batch.engine imports skipbo.games.skipbo.deal._deal",
        "skipbo.batch.engine imports skipbo.games.skyjo.engine._deal",
    ]
    assert private_imports("skipbo.games.skipbo.engine", path) == [
        "skipbo.games.skipbo.engine imports skipbo.batch.arrays._x",
        "skipbo.games.skipbo.engine imports skipbo.games.skyjo.engine._deal",
    ]


GENERIC = (
    "skipbo.arena",
    "skipbo.common",
    "skipbo.errors",
    "skipbo.observation.layout",
    "skipbo.observation.encoder",
    "skipbo.pictures.drawing",
    "skipbo.pictures.faces",
    "skipbo.pictures.layout",
    "skipbo.pictures.notebook",
    "skipbo.pictures.replay",
    "skipbo.pictures.svg",
    "skipbo.envs._adapter",
)
"""The generic parts of the layers: a game plugs into them by registering, so they name
no game (docs: Adding a game)."""


def games() -> set[str]:
    """The names of the games: the packages of :mod:`skipbo.games`."""
    return {path.name for path in (SOURCE / "skipbo" / "games").iterdir() if path.is_dir()}


def names_a_game(module: str) -> bool:
    """Whether ``module`` is one game's: in its package, its facade, or a layer's module for it."""
    return game_of(module) is not None or module in FACADES or module.rpartition(".")[2] in games()


def test_the_generic_part_of_a_layer_imports_no_game() -> None:
    found = [
        f"{name} imports {imported}"
        for name, path in modules().items()
        if any(matches(name, pattern) for pattern in GENERIC)
        for imported in imports(name, path)
        if imported.startswith("skipbo") and names_a_game(imported)
    ]
    assert found == []


def test_a_game_import_in_a_generic_part_is_found() -> None:
    assert names_a_game("skipbo.pictures.skyjo")
    assert names_a_game("skipbo.games.skipbo.views")
    assert names_a_game("skipbo")
    assert not names_a_game("skipbo.pictures.drawing")


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
        ("skipbo.games.skipbo.engine", "skipbo.games.skipbo.sampling", False),
        ("skipbo.games.skipbo.engine", "skipbo.games.skipbo.bots", False),
        ("skipbo.games.skipbo.rules", "skipbo.games.skipbo.codec", False),
        ("skipbo.common.strictjson", "skipbo.games.skipbo.cards", False),
        ("skipbo.games.skipbo.views", "skipbo.games.skipbo.engine", True),
        ("skipbo.games.skipbo.codec", "skipbo.common.strictjson", True),
        ("skipbo.games.skyjo.engine", "skipbo.games.skipbo.engine", False),
        ("skipbo.games.skyjo.engine", "skipbo.common.randomness", True),
        ("skipbo.games.skipbo.bots", "skipbo.games.skyjo", False),
        ("skipbo.games.skyjo.views", "skipbo.games.skyjo.bots.heuristic", False),
        ("skipbo.games.skyjo.conformance", "skipbo.games.skyjo.bots", True),
        ("skipbo.games.skipbo.adapter", "skipbo", False),
        ("skipbo.games.toy.engine", "skipbo.games.toy.adapter", False),
        ("skipbo.games.toy.adapter", "skipbo.games.toy.engine", True),
        ("skipbo.batch.single", "skipbo.envs.observation", False),
        ("skipbo.batch.single", "skipbo.observation.skipbo", True),
        ("skipbo.envs.vector", "skipbo.batch", True),
        ("skipbo.cli", "skipbo.skyjo", True),
        ("skipbo.pictures.drawing", "skipbo.games.skyjo", True),
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
        "    from skipbo.games.skipbo.views import PlayerView\n"
        "from skipbo.games.skipbo import draw\n"
        "from . import spec\n",
        encoding="utf-8",
    )
    found = imports("skipbo.games.skipbo.engine", path)
    expected = {"skipbo.games.skipbo.views", "skipbo.games.skipbo.draw", "skipbo.games.skipbo.spec"}
    assert expected <= set(found)
    # "from package import module" names the module, not the package's re-exports.
    assert "skipbo.games.skipbo" not in found


def test_import_skipbo_loads_no_outer_layer() -> None:
    """``import skipbo`` (and ``skipbo.skyjo``) loads the rules, never a bot, NumPy or the web."""
    code = "import sys, skipbo\nfrom skipbo import skyjo\nprint('\\n'.join(sys.modules))\n"
    loaded = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout.split()
    outer = ("skipbo.batch", "skipbo.envs", "skipbo.web", "skipbo.cli", "numpy", "starlette")
    bots = [
        name for name in loaded if (".games." in name and ".bots" in name) or name.startswith(outer)
    ]
    assert bots == []
    assert "skipbo.games.skyjo.adapter" in loaded  # both games are registered
