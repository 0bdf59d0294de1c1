"""Sphinx configuration: built with ``sphinx-build -W -n`` (warnings are errors)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import skipbo

# The docs' own Sphinx extension: pictures and charts drawn at build time.
sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "skipbo"
author = "The skipbo developers"
copyright = "2026, the skipbo developers"
release = skipbo.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "skipbo_pictures",
    "skipbo_refs",
]
html_static_path = ["_static"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
myst_heading_anchors = 3
html_theme = "furo"
html_title = f"skipbo {release}"

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# No intersphinx: the build machines have no network, so references into the
# standard library cannot resolve and are not checked (nitpick_ignore_regex).

nitpicky = True
# Both games name their classes in the rules' vocabulary (Rules, GameState, DataError,
# ReplayError, Bot ...): a short reference such as a Napoleon "Raises: DataError" has
# several targets, and links to the one of its own game (docs/_ext/skipbo_refs.py); a
# reference that stays ambiguous, or has no target, is an error.
nitpick_ignore_regex = [
    ("py:class", r"(abc|enum|collections|collections\.abc|typing|random|re|pathlib|types)\.\w+"),
    # The web layer's third-party and standard-library types (skipbo.web).
    ("py:class", r"(starlette\.\w+|argparse|http)\.\w+|HTTPStatus|Path"),
    ("py:class", r"concurrent\.futures(\._base)?\.\w+"),
    ("py:class", r"(uvicorn|asyncio|multiprocessing)\..*"),
    ("py:class", r"ASGIApp|Scope|Receive|Send"),  # starlette.types' aliases, by short name
]
# Third-party types in the research adapters' signatures (skipbo.envs): no inventory offline.
nitpick_ignore_regex += [
    ("py:class", r"(numpy|np|npt|gymnasium|pettingzoo|pyspiel|distributed)\..*"),
    ("py:class", r"concurrent\.futures\.(_base\.)?Executor"),
]
# The type variables of the machinery both games share (skipbo.common: the Game
# protocol, the conformance loop, ...) have no page of their own.
nitpick_ignore_regex += [
    (
        "py:(class|obj)",
        r"(skipbo\.common\.\w+\.|skipbo\.errors\.)?(T|[A-Z]\w*T|RulesIn|StateOut|MoveIn|RecordOut|BotOut)",
    ),
    ("py:(class|obj)", r"skipbo\.envs\.openspiel\.adapter\.StateT"),  # OpenSpiel adapter's state
]
nitpick_ignore = [
    ("py:class", "T"),
    # Names in the environments' signatures: an import alias (skyjo.Rules) and the batch
    # policies' private base class.
    ("py:class", "SkyjoRules"),
    ("py:class", "skipbo.batch.policies._RankedPolicy"),
    ("py:class", "attrs.Attribute"),
    # The default of skipbo.games.skipbo.state.replace's keywords: "keep the field" (private).
    ("py:class", "skipbo.games.skipbo.state._Keep"),
    ("py:class", "Card"),
    ("py:class", "Pile"),
    ("py:class", "Move"),
    # Standard-library types in signatures (no intersphinx inventory offline).
    ("py:class", "collections.abc.Sequence"),
    ("py:class", "SimpleNamespace"),
]


_SINGLE_COLON = re.compile(r"(?<!:):(?!:)")


def _keep_attribute_colons(app, what, name, obj, options, lines):  # type: ignore[no-untyped-def]
    """Stop Napoleon from reading "Text: more text" in a field docstring as "type: text".

    Napoleon takes whatever precedes the first colon of an attribute's docstring as
    its type. The field docstrings here are prose ("For each seat, the index of its
    team (in individual play: the seat itself)"), so an empty type is put in front.
    """
    if what in ("attribute", "property", "data") and lines and _SINGLE_COLON.search(lines[0]):
        lines[0] = ": " + lines[0]


def setup(app):  # type: ignore[no-untyped-def]
    # Before Napoleon's own handler (priority 500).
    app.connect("autodoc-process-docstring", _keep_attribute_colons, priority=400)
