"""The shared exception hierarchy.

Every error the library raises on purpose derives from :class:`SkipBoError`.
Errors about bad input are also :class:`ValueError` subclasses, so callers that
already catch ``ValueError`` keep working.

This module holds the errors every game and layer shares (bad configurations,
illegal moves, unreadable data, broken invariants, views and actions that do not
exist, records that do not replay, rules that fail their conformance check); it
imports nothing of skipbo. Each game raises these or subclasses of the same names
(Skyjo's derive from :class:`~skipbo.games.skyjo.errors.SkyjoError` too), so one
``except`` clause catches the same error of either game:

>>> import skipbo.errors
>>> from skipbo import skyjo
>>> issubclass(skyjo.ReplayError, skipbo.errors.ReplayError)
True
>>> issubclass(skipbo.ReplayError, skipbo.errors.ReplayError)
True

Errors of one game only live with that game: Skip-Bo's
:class:`~skipbo.PenaltyError` and :class:`~skipbo.MatchError`.
"""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

__all__ = [
    "SHOWN_MOVES",
    "ActionError",
    "ArgumentTypeError",
    "ConfigurationError",
    "ConformanceError",
    "DataError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvariantViolation",
    "MoveSyntaxError",
    "ReplayError",
    "RuleError",
    "SkipBoError",
    "ViewError",
]

RulesT = TypeVar("RulesT")
MoveT = TypeVar("MoveT")

SHOWN_MOVES = 12
"""How many of the last moves a :class:`ConformanceError` message shows."""


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

    Raised by every game's ``loads``, ``from_data`` and ``parse_record`` (and by
    :func:`skipbo.games.load`); the data is rejected as a whole and nothing is built
    from it.

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


class ReplayError(DataError):
    """A game record whose moves cannot be replayed: move ``index`` is illegal.

    The game's ``IllegalMoveError`` is the ``__cause__``; its rule ID is repeated in
    ``rule``. Each game raises its own subclass (:class:`skipbo.ReplayError`,
    :class:`skipbo.skyjo.ReplayError`); ``except skipbo.errors.ReplayError`` catches
    both.

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


class ConformanceError(SkipBoError, AssertionError, Generic[RulesT, MoveT]):
    """Rules of some game failed that game's conformance check.

    The game is reproducible: the game's ``new_game(error.rules, seed=error.seed)``,
    then ``error.moves`` in order (the failure happened at the state they lead to, or
    when applying the last of them). Each game raises its own subclass
    (:class:`skipbo.ConformanceError`, :class:`skipbo.skyjo.ConformanceError`), which
    names the game's facade in the message (:attr:`package`); ``except
    skipbo.errors.ConformanceError`` catches both.

    Attributes:
        rules: The rules configuration checked.
        seed: The seed of the failing game.
        moves: The moves from the deal up to the failure.
        reason: What went wrong.

    """

    package: ClassVar[str] = "skipbo"
    """The facade whose ``new_game`` the message tells to call."""

    def __init__(self, rules: RulesT, seed: int, moves: tuple[MoveT, ...], reason: str) -> None:
        shown = " ".join(map(str, moves[-SHOWN_MOVES:]))
        more = f"... ({len(moves)} moves) " if len(moves) > SHOWN_MOVES else ""
        super().__init__(
            f"{reason}\nreproduce: {self.package}.new_game(rules, seed={seed}), then the "
            f"{len(moves)} moves in error.moves ({more}{shown})\nrules: {rules!r}"
        )
        self.rules = rules
        self.seed = seed
        self.moves = moves
        self.reason = reason
