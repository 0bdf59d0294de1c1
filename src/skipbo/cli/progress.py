"""The tournament's progress bar: tqdm, from the ``skipbo[cli]`` extra.

tqdm is small, well kept and draws on stderr, leaving stdout to the results (so
``skipbo tournament --json > result.json`` works). Without the extra, importing
this module raises an :class:`ImportError` that names it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

try:
    from tqdm import tqdm
except ImportError as error:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        "the progress bar needs tqdm: pip install 'skipbo[cli]' (or use --no-progress)"
    ) from error

__all__ = ["progress_bar"]


@contextmanager
def progress_bar(total: int, unit: str = "game") -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr; yields the function to call with each number of games done."""
    with tqdm(total=total, unit=unit, dynamic_ncols=True, leave=False) as bar:

        def advance(games: int) -> None:
            bar.update(games)

        yield advance
