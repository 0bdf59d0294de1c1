"""The error an adapter raises when the framework of its extra is not installed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def needs_extra(extra: str) -> Iterator[None]:
    """Turn an ImportError in the block into one that names the extra to install.

    Each adapter imports its framework inside ``with needs_extra("name"):``, so that a
    missing framework is reported with ``pip install 'skipbo[name]'``.
    """
    try:
        yield
    except ImportError as error:
        raise ImportError(
            f"{error.name or extra} is not installed: this part of skipbo needs the "
            f"{extra!r} extra, pip install 'skipbo[{extra}]'"
        ) from error
