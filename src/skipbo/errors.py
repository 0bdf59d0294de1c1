"""The shared exception hierarchy.

Every error the library raises on purpose derives from :class:`SkipBoError`.
Errors about bad input are also :class:`ValueError` subclasses, so callers that
already catch ``ValueError`` keep working.

This module holds the errors every game and layer shares (bad configurations,
illegal moves, unreadable data, broken invariants, views and actions that do not
exist); it imports nothing. Skip-Bo raises these; Skyjo raises subclasses of the
same names that derive from :class:`~skipbo.games.skyjo.errors.SkyjoError` too, so one
``except`` clause catches the same error of either game. Errors of one layer live
with that layer and are re-exported by the top-level package:
:class:`~skipbo.games.skipbo.records.ReplayError`,
:class:`~skipbo.games.skipbo.variants.penalty.PenaltyError`,
:class:`~skipbo.games.skipbo.variants.match.MatchError` and
:class:`~skipbo.games.skipbo.conformance.ConformanceError`.
"""

from __future__ import annotations

__all__ = [
    "ActionError",
    "ArgumentTypeError",
    "ConfigurationError",
    "DataError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvariantViolation",
    "MoveSyntaxError",
    "RuleError",
    "SkipBoError",
    "ViewError",
]


class SkipBoError(Exception):
    """Base class of every error raised by skipbo."""


class ArgumentTypeError(SkipBoError, TypeError):
    """A function or value given an object of the wrong kind (a programming error).

    The message names what was wanted and what was given, e.g. ``apply needs a
    GameState, not PlayerView``.

    .. versionadded:: 0.1.0
    """


class ActionError(SkipBoError, ValueError):
    """An action index or move outside the action space of a rules configuration.

    Raised by the integer actions (:mod:`skipbo.games.skipbo.actions`) and by the
    environments of every game (:mod:`skipbo.envs`).
    """


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


class RuleError(SkipBoError, ValueError):
    """An action beside the moves that the rules do not allow now, naming the rule.

    The base of :class:`~skipbo.games.skipbo.variants.penalty.PenaltyError` and
    :class:`~skipbo.games.skipbo.variants.match.MatchError`; whatever was passed in is unchanged.

    .. versionadded:: 0.1.0

    Attributes:
        rule: The ID of the rule in RULES.md behind the refusal (e.g. ``"R-TEAM-4"``).

    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{reason} ({rule})")
        self.rule = rule


class MoveSyntaxError(SkipBoError, ValueError):
    """Text that is not a move in the move notation (see :func:`skipbo.parse_move`)."""


class InvalidMoveError(SkipBoError, ValueError):
    """A move built with a field out of range (a negative pile index or card).

    Move fields are checked when the move is made, so that a move that exists is a
    move of some rules configuration; whether it is legal depends on the state.
    A field of the wrong type (``True``, ``1.5``) raises :class:`ArgumentTypeError`.

    .. versionadded:: 0.1.0
    """


class InvalidStateError(SkipBoError, ValueError):
    """Data that does not describe a valid game state (bad or tampered input)."""


class DataError(InvalidStateError):
    """Untrusted data (JSON, a game record's text) that cannot be loaded.

    Raised by :mod:`skipbo.games.skipbo.serialization` and :mod:`skipbo.games.skipbo.records`; the
    data is
    rejected as a whole and nothing is built from it.

    Attributes:
        path: Where the problem is: a JSON pointer such as ``"/hands/1/3"`` (``""``
            for the document as a whole), or ``"line 3"`` in a record's text.
        reason: What is wrong there.

    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path or '(document)'}: {reason}")
        self.path = path
        self.reason = reason


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


class ViewError(SkipBoError, ValueError):
    """A player's view that does not exist or cannot answer the question asked.

    For example a seat the game does not have, or (in Skip-Bo) the legal moves asked
    of a view that does not hold the hand of the player to move (R-INFO-2).
    """
