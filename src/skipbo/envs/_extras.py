"""The error an adapter raises when the framework of its extra is not installed."""

from __future__ import annotations


def missing_extra(extra: str, error: ImportError) -> ImportError:
    """An ImportError for ``error`` that names the extra to install (``skipbo[extra]``)."""
    return ImportError(
        f"{error.name or extra} is not installed: this part of skipbo needs the "
        f"{extra!r} extra, pip install 'skipbo[{extra}]'"
    )
