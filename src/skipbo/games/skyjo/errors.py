"""Skyjo's errors: the library's error classes, marked as Skyjo's.

Each class derives from :class:`SkyjoError` and from the shared class of the same
name in :mod:`skipbo.errors`, so ``except skipbo.IllegalMoveError`` catches an illegal
move of either game, and ``except SkyjoError`` only Skyjo's. As in Skip-Bo, the errors
of one layer live with that layer (:class:`~skipbo.games.skyjo.views.ViewError`,
:class:`~skipbo.games.skyjo.actions.ActionError`,
:class:`~skipbo.games.skyjo.records.ReplayError`). The rule IDs they
carry are those of the Skyjo rules (``S-TURN-2``, ...).
"""

from __future__ import annotations

from skipbo import errors

__all__ = [
    "ArgumentTypeError",
    "ConfigurationError",
    "DataError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvariantViolation",
    "MoveSyntaxError",
    "SkyjoError",
]


class SkyjoError(errors.SkipBoError):
    """Base class of every error raised by :mod:`skipbo.games.skyjo`."""


class ArgumentTypeError(SkyjoError, errors.ArgumentTypeError):
    """A Skyjo function or value given an object of the wrong kind (a ``TypeError``)."""


class ConfigurationError(SkyjoError, errors.ConfigurationError):
    """Impossible Skyjo rules or deck (``parameter`` names the offending parameter)."""


class IllegalMoveError(SkyjoError, errors.IllegalMoveError):
    """A move the Skyjo rules do not allow in the given state; the state is unchanged.

    ``rule`` is the ID of the Skyjo rule the move breaks (e.g. ``"S-TURN-2"``).
    """


class InvalidMoveError(SkyjoError, errors.InvalidMoveError):
    """A Skyjo move built with a place no text or message could show (a ``ValueError``)."""


class MoveSyntaxError(SkyjoError, errors.MoveSyntaxError):
    """Text that is not a move in Skyjo's move notation."""


class InvalidStateError(SkyjoError, errors.InvalidStateError):
    """Data that does not describe a valid Skyjo state."""


class DataError(InvalidStateError, errors.DataError):
    """Untrusted Skyjo data (JSON) that cannot be loaded; ``path`` is a JSON pointer."""


class InvariantViolation(SkyjoError, errors.InvariantViolation):
    """A Skyjo state that breaks invariants; ``violations`` lists them, one line each."""
