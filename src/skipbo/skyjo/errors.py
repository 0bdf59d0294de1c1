"""Skyjo's errors: the library's error classes, marked as Skyjo's.

Each class derives from :class:`SkyjoError` and from the library-wide class of the
same name in :mod:`skipbo.errors`, so ``except skipbo.IllegalMoveError`` catches an
illegal move of either game, and ``except SkyjoError`` only Skyjo's. The rule IDs they
carry are those of the Skyjo rules (``S-TURN-2``, ...).
"""

from __future__ import annotations

from skipbo import errors

__all__ = [
    "ActionError",
    "ConfigurationError",
    "DataError",
    "IllegalMoveError",
    "InvalidStateError",
    "InvariantViolation",
    "MoveSyntaxError",
    "ReplayError",
    "SkyjoError",
    "ViewError",
]


class SkyjoError(errors.SkipBoError):
    """Base class of every error raised by :mod:`skipbo.skyjo`."""


class ConfigurationError(SkyjoError, errors.ConfigurationError):
    """Impossible Skyjo rules or deck (``parameter`` names the offending parameter)."""


class IllegalMoveError(SkyjoError, errors.IllegalMoveError):
    """A move the Skyjo rules do not allow in the given state; the state is unchanged.

    ``rule`` is the ID of the Skyjo rule the move breaks (e.g. ``"S-TURN-2"``).
    """


class MoveSyntaxError(SkyjoError, errors.MoveSyntaxError):
    """Text that is not a move in Skyjo's move notation."""


class InvalidStateError(SkyjoError, errors.InvalidStateError):
    """Data that does not describe a valid Skyjo state."""


class DataError(InvalidStateError, errors.DataError):
    """Untrusted Skyjo data (JSON) that cannot be loaded; ``path`` is a JSON pointer."""


class ReplayError(DataError, errors.ReplayError):
    """A Skyjo record whose move ``index`` is illegal (the cause is the IllegalMoveError)."""


class ViewError(SkyjoError, errors.ViewError):
    """A question the public view cannot answer."""


class ActionError(SkyjoError, errors.ActionError):
    """An action index or move outside the action space of Skyjo rules."""


class InvariantViolation(SkyjoError, errors.InvariantViolation):
    """A Skyjo state that breaks invariants; ``violations`` lists them, one line each."""
