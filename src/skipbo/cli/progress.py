"""The tournament's progress bar: tqdm, from the ``skipbo[cli]`` extra.

tqdm is small, well kept and draws on stderr, leaving stdout to the results (so
``skipbo tournament --json > result.json`` works). Without the extra, importing
this module raises an :class:`ImportError` that names it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

try:
    from tqdm import tqdm
except ImportError as error:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        "the progress bar needs tqdm: pip install 'skipbo[cli]' (or use --no-progress)"
    ) from error

__all__ = ["Bar", "progress_bar"]


class Bar:
    """A progress bar's handle: call it with the games just done; :meth:`show` a status."""

    def __init__(self, bar: tqdm[Any]) -> None:
        self._bar = bar

    def __call__(self, games: int) -> None:
        """Count ``games`` more games done."""
        self._bar.update(games)

    def show(self, status: str) -> None:
        """Show ``status`` (such as a sequential test's standing) beside the bar."""
        self._bar.set_postfix_str(status)


@contextmanager
def progress_bar(total: int, unit: str = "game") -> Iterator[Bar]:
    """A progress bar on stderr; yields its handle, to call with each number of games done."""
    with tqdm(total=total, unit=unit, dynamic_ncols=True, leave=False) as bar:
        yield Bar(bar)
