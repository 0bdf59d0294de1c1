"""The exception hierarchy.

Every error the library raises on purpose derives from :class:`SkipBoError`.
Errors about bad input are also :class:`ValueError` subclasses, so callers that
already catch ``ValueError`` keep working.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the rules and moves modules raise these errors
    from skipbo.moves import Move
    from skipbo.rules import Rules

__all__ = [
    "ActionError",
    "ConfigurationError",
    "ConformanceError",
    "DataError",
    "IllegalMoveError",
    "InvalidStateError",
    "InvariantViolation",
    "MatchError",
    "MoveSyntaxError",
    "PenaltyError",
    "ReplayError",
    "SkipBoError",
    "ViewError",
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


class DataError(InvalidStateError):
    """Untrusted data (JSON, a game record's text) that cannot be loaded.

    Raised by :mod:`skipbo.serialization` and :mod:`skipbo.records`; the data is
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


class ReplayError(DataError):
    """A game record whose moves cannot be replayed: move ``index`` is illegal.

    The :class:`IllegalMoveError` that :func:`skipbo.apply` raised is the
    ``__cause__``; its rule ID is repeated in ``rule``.

    Attributes:
        index: The index of the first bad move in the record (counting from 0).
        move: That move.
        rule: The ID of the rule it breaks.

    """

    def __init__(self, index: int, move: object, rule: str, reason: str) -> None:
        super().__init__(f"/moves/{index}", f"move {index} ({move}) is illegal: {reason} ({rule})")
        self.index = index
        self.move = move
        self.rule = rule


class ViewError(SkipBoError, ValueError):
    """A player's view that does not exist or cannot answer the question asked.

    For example a seat the game does not have, or the legal moves asked of a view
    that does not hold the hand of the player to move (R-INFO-2).
    """


class ActionError(SkipBoError, ValueError):
    """An action index or move outside the action space of a rules configuration."""


class PenaltyError(SkipBoError, ValueError):
    """A referee penalty (:func:`skipbo.penalize`) the rules do not allow now.

    For example in a game without teams, in a finished game, or for a seat the game
    does not have. The state passed in is unchanged.

    Attributes:
        rule: The ID of the rule in RULES.md that forbids it (e.g. ``"R-TEAM-4"``).

    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"no penalty: {reason} ({rule})")
        self.rule = rule


class MatchError(SkipBoError, ValueError):
    """A match operation (:class:`skipbo.Match`) the rules do not allow now.

    For example starting the next game before the current one has ended, or after
    the match has been won. The match passed in is unchanged.

    Attributes:
        rule: The ID of the rule in RULES.md behind the refusal (e.g. ``"R-SCORE-3"``).

    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{reason} ({rule})")
        self.rule = rule


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


class ConformanceError(SkipBoError, AssertionError):
    """A rules configuration failed :func:`skipbo.check_conformance`.

    The game is reproducible: ``skipbo.new_game(error.rules, seed=error.seed)``,
    then ``error.moves`` in order (the failure happened at the state they lead to,
    or when applying the last of them).

    Attributes:
        rules: The rules configuration checked.
        seed: The seed of the failing game.
        moves: The moves from the deal up to the failure.
        reason: What went wrong.

    .. versionadded:: 0.1.0

    """

    def __init__(self, rules: Rules, seed: int, moves: tuple[Move, ...], reason: str) -> None:
        shown = " ".join(map(str, moves[-12:]))
        more = f"... ({len(moves)} moves) " if len(moves) > 12 else ""
        super().__init__(
            f"{reason}\nreproduce: skipbo.new_game(rules, seed={seed}), then the "
            f"{len(moves)} moves in error.moves ({more}{shown})\nrules: {rules!r}"
        )
        self.rules = rules
        self.seed = seed
        self.moves = moves
        self.reason = reason
