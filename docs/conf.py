"""Sphinx configuration: built with ``sphinx-build -W -n`` (warnings are errors)."""

from __future__ import annotations

import skipbo

project = "skipbo"
author = "The skipbo developers"
copyright = "2026, the skipbo developers"
release = skipbo.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
]
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

intersphinx_mapping = {"python": ("https://docs.python.org/3", None)}
# No network on the build machines: the Python inventory is optional.
intersphinx_disabled_reftypes = ["*"]

nitpicky = True
nitpick_ignore = [
    ("py:class", "T"),
    ("py:class", "attrs.Attribute"),
    ("py:class", "Card"),
    ("py:class", "Pile"),
    ("py:class", "Move"),
    # Standard-library types in signatures (no intersphinx inventory offline).
    ("py:class", "collections.abc.Sequence"),
]
