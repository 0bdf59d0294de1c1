"""The exception hierarchy.

Every error the library raises on purpose derives from :class:`SkipBoError`.
Errors about bad input are also :class:`ValueError` subclasses, so callers that
already catch ``ValueError`` keep working.
"""

from __future__ import annotations

__all__ = [
    "ConfigurationError",
    "IllegalMoveError",
    "InvalidStateError",
    "InvariantViolation",
    "MoveSyntaxError",
    "SkipBoError",
]


class SkipBoError(Exception):
    """Base class of every error raised by skipbo."""


class ConfigurationError(SkipBoError, ValueError):
    """An impossible rules or deck configuration.

    Attributes:
        parameter: The name of the offending parameter (or of the two parameters
            that conflict, joined by ``" / "``).

    """

    def __init__(self, parameter: str, message: str) -> None:
        super().__init__(f"{parameter}: {message}")
        self.parameter = parameter


class IllegalMoveError(SkipBoError, ValueError):
    """A move that the rules do not allow in the given state.

    The state passed to :func:`skipbo.apply` is unchanged (states are immutable).

    Attributes:
        move: The rejected move.
        rule: The ID of the rule in RULES.md that the move breaks (e.g. ``"R-BUILD-2"``).

    """

    def __init__(self, move: object, rule: str, reason: str) -> None:
        super().__init__(f"illegal move {move}: {reason} ({rule})")
        self.move = move
        self.rule = rule
        self.reason = reason


class MoveSyntaxError(SkipBoError, ValueError):
    """Text that is not a move in the move notation (see :func:`skipbo.parse_move`)."""


class InvalidStateError(SkipBoError, ValueError):
    """Data that does not describe a valid game state (bad or tampered input)."""


class InvariantViolation(SkipBoError, AssertionError):
    """A state that breaks one or more invariants (see :func:`skipbo.check_invariants`).

    Attributes:
        violations: Every violation found, one human-readable line each.

    """

    def __init__(self, violations: list[str]) -> None:
        super().__init__(
            f"{len(violations)} invariant violation(s):\n" + "\n".join(f"- {v}" for v in violations)
        )
        self.violations = tuple(violations)
