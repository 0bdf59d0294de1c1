"""Jupyter display of every game's states, views and records, installed from this layer.

The games know nothing of pictures: no ``_repr_svg_`` is defined on their classes.
Instead :func:`enable_notebook` (or ``%load_ext skipbo.pictures``) registers a
formatter for each of their types (those of every painter registered when it runs)
with IPython's display formatter (``for_type``), so the layering holds: the core
never imports the renderer, and the renderer registers itself only where a notebook
asks for it. Nothing here imports IPython:
the running shell is handed in (an extension) or found among the loaded modules.
"""

from __future__ import annotations

import sys
from typing import Any

from skipbo.errors import SkipBoError
from skipbo.pictures.drawing import draw, painters

__all__ = ["SVG_MIME", "NotebookError", "enable_notebook", "load_ipython_extension", "shown_types"]

SVG_MIME = "image/svg+xml"
"""The MIME type the pictures are displayed as."""


class NotebookError(SkipBoError, RuntimeError):
    """No IPython shell is running to show pictures in."""


def shown_types() -> tuple[type, ...]:
    """The classes that display as pictures: the states, views and records of every painter."""
    return tuple(
        kind for painter in painters() for kind in (*painter.state_types, painter.record_type)
    )


def _svg(value: object) -> str:
    return draw(value).svg


def load_ipython_extension(ipython: Any) -> None:
    """What ``%load_ext skipbo.pictures`` runs: show the games' values as pictures."""
    formatter = ipython.display_formatter.formatters[SVG_MIME]
    for kind in shown_types():
        formatter.for_type(kind, _svg)


def enable_notebook(ipython: Any = None) -> None:
    """Show states, views and records as pictures in the running IPython (or ``ipython``).

    Raises:
        skipbo.pictures.notebook.NotebookError: if no IPython shell is given and none is running.

    """
    if ipython is None:
        module = sys.modules.get("IPython")
        ipython = None if module is None else module.get_ipython()
    if ipython is None:
        raise NotebookError("no IPython shell is running: call this inside Jupyter or IPython")
    load_ipython_extension(ipython)
