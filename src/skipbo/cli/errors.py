"""The command line's own error: bad arguments or input, reported in one line."""

from __future__ import annotations

__all__ = ["UsageError"]


class UsageError(Exception):
    """A bad argument, option or input file; the command ends with exit status 2."""

    def __init__(self, message: str, *, command: str | None = None) -> None:
        super().__init__(message)
        self.command = command
        """The (sub)command whose arguments were wrong, if the parser knows it."""
