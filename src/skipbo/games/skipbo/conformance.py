"""A conformance checker for any rules configuration: :func:`~skipbo.check_conformance`.

Modelled on OpenSpiel's ``random_sim_test`` and pgx's ``api_test``: it plays
seeded random games under the given :class:`~skipbo.Rules` (a house-rule
configuration of your own, say) and checks, at every step:

* the invariants of :func:`skipbo.check_invariants` (cards conserved, build piles
  valid runs, hand sizes, a move for every unfinished state, none for a finished one);
* that :func:`skipbo.legal_moves` lists distinct moves of the move space, each one
  allowed by the specification (:func:`skipbo.games.skipbo.spec.is_legal`);
* illegal-move rejection: moves of the move space that are not legal raise
  :class:`~skipbo.IllegalMoveError` and leave the state as it was;
* purity and determinism of :func:`skipbo.apply`: it leaves its input unchanged and
  gives equal results for equal arguments; the same seed deals the same game and
  the same moves replay it exactly;
* that every game ends (within ``max_moves``: by default the proved bound of the
  rules, :func:`skipbo.max_moves`, R-WIN-4).

The first violation raises :class:`~skipbo.ConformanceError` with the seed and the
moves that reproduce it. Half of the games choose moves uniformly at random, half
prefer plays onto build piles (so that games reach completed piles, reshuffles and
wins).

>>> import skipbo
>>> rules = skipbo.Rules(players=3, deck=skipbo.Deck.small(copies=3), stock_size=3, hand_size=3)
>>> report = skipbo.check_conformance(rules, games=4, seed=7)
>>> report.games, report.moves == sum(report.game_lengths), len(report.outcomes)
(4, True, 4)
>>> print(report)  # doctest: +ELLIPSIS
4 games, ... moves (longest game ...): ... won, ... blocked, 0 turn limit, ... illegal moves refused
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import overload

import attrs

from skipbo.common import conformance as common
from skipbo.common.conformance import GameCheck, ReportFigures, RulesFunctions, move_limit
from skipbo.common.game import Conformance, game_of
from skipbo.common.randomness import derive_seed
from skipbo.errors import ConfigurationError
from skipbo.games.skipbo import spec
from skipbo.games.skipbo.deal import new_game
from skipbo.games.skipbo.engine import apply, is_over, legal_moves
from skipbo.games.skipbo.invariants import invariant_violations
from skipbo.games.skipbo.moves import Discard, Move, Pass, all_moves
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.rules import max_moves as rules_max_moves
from skipbo.games.skipbo.state import GameState, Outcome, Termination

__all__ = ["ConformanceError", "ConformanceReport", "check_conformance", "rules_problem"]


class ConformanceError(common.ConformanceError[Rules, Move]):
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


ILLEGAL_DRAWS = 50
"""How many draws from the move space each wanted illegal move may take (most moves of
a space are illegal in any state, so a few draws find one)."""

ILLEGAL_PER_STEP = 4
"""Default number of illegal moves tried at each step (sampled from the move space)."""


@attrs.frozen(slots=True)
class ConformanceReport(ReportFigures):
    """What :func:`check_conformance` played and found (nothing wrong, or it would have raised).

    .. versionadded:: 0.1.0
    """

    rules: Rules
    """The rules configuration checked."""

    seed: int
    """The seed the games' seeds were derived from."""

    game_lengths: tuple[int, ...]
    """The number of moves of each game, in order."""

    outcomes: tuple[Outcome, ...]
    """The outcome of each game, in order."""

    illegal_moves: int
    """How many illegal moves were tried (and refused)."""

    @property
    def terminations(self) -> Counter[Termination]:
        """How many games ended each way."""
        return Counter(outcome.termination for outcome in self.outcomes)

    def __str__(self) -> str:
        ends = self.terminations
        return (
            f"{self.games} games, {self.moves} moves (longest game {self.longest_game}): "
            f"{ends[Termination.STOCK_EMPTIED]} won, {ends[Termination.BLOCKED]} blocked, "
            f"{ends[Termination.TURN_LIMIT]} turn limit, {ends[Termination.STALLED]} stalled; "
            f"{self.illegal_moves} illegal moves refused"
        )


@overload
def check_conformance(
    rules: Rules,
    games: int = 100,
    *,
    seed: int = 0,
    max_moves: int | None = None,
    illegal_per_step: int = ILLEGAL_PER_STEP,
) -> ConformanceReport: ...


@overload
def check_conformance(
    rules: object,
    games: int = 100,
    *,
    seed: int = 0,
    max_moves: int | None = None,
    illegal_per_step: int = ILLEGAL_PER_STEP,
) -> Conformance: ...


def check_conformance(
    rules: object,
    games: int = 100,
    *,
    seed: int = 0,
    max_moves: int | None = None,
    illegal_per_step: int = ILLEGAL_PER_STEP,
) -> Conformance:
    """Play ``games`` seeded random games under ``rules``, checking every step.

    The rules of another registered game (:class:`skipbo.skyjo.Rules`) are checked by
    that game's own checker (:func:`skipbo.skyjo.check_conformance`),
    found through :func:`skipbo.common.game.game_of`; it raises its own
    ``ConformanceError``, also an ``AssertionError``.

    Args:
        rules: Any rules configuration, of Skip-Bo or of another registered game.
        games: How many games to play.
        seed: Game ``n`` is dealt with ``skipbo.common.randomness.derive_seed(seed, n)``, which
            also seeds its choice of moves.
        max_moves: A game that has not ended after this many moves is a failure. By
            default the proved bound of the rules (:func:`skipbo.max_moves`); for
            rules that lift a bound (and so have none)
            :data:`~skipbo.common.conformance.MAX_MOVES`.
        illegal_per_step: How many illegal moves to try at each step.

    Returns:
        The figures of the run (games, moves, the longest game, the outcomes).

    Raises:
        ConformanceError: at the first violation, with the game's seed and moves;
            before any game when ``rules`` itself is corrupt (a derived field that does
            not follow from the parameters names that field).
        TypeError: if ``rules`` are of no registered game; the message names the
            known rules types.

    .. versionadded:: 0.1.0

    """
    if not isinstance(rules, Rules):
        return game_of(rules).check_conformance(
            rules, games, seed=seed, max_moves=max_moves, illegal_per_step=illegal_per_step
        )
    problem = rules_problem(rules)
    if problem is not None:
        raise ConformanceError(rules, seed, (), problem)
    lengths: list[int] = []
    outcomes: list[Outcome] = []
    illegal = 0
    space = all_moves(rules)
    limit = move_limit(rules_max_moves(rules), max_moves)
    for game in range(games):
        game_seed = derive_seed(seed, game)
        checker = _GameCheck(
            rules, game_seed, space, limit, illegal_per_step, prefer_plays=game % 2 == 1
        )
        final, tried = checker.play()
        assert final.outcome is not None  # the loop ends only when the game has ended
        lengths.append(len(checker.moves))
        outcomes.append(final.outcome)
        illegal += tried
    return ConformanceReport(rules, seed, tuple(lengths), tuple(outcomes), illegal)


def rules_problem(rules: Rules) -> str | None:
    """What is wrong with ``rules`` itself, or ``None``: the checker trusts nothing.

    A :class:`~skipbo.Rules` validates itself when made, but its fields can still
    be changed behind its back (``object.__setattr__``, a hand-made pickle). The
    parameters are passed to a fresh :class:`~skipbo.Rules`, which validates them
    and derives the seating again; every field must then agree, and the move space
    must have the size the parameters give it.
    """
    parameters = {
        field.name: getattr(rules, field.name) for field in attrs.fields(Rules) if field.init
    }
    try:
        fresh = Rules(**parameters)
    except ConfigurationError as error:
        return f"the rules are not valid: {error}"
    except Exception as error:  # a corrupted field of the wrong kind
        return f"the rules are not valid: {type(error).__name__}: {error}"
    for field in attrs.fields(Rules):
        if getattr(fresh, field.name) != getattr(rules, field.name):
            return f"rules.{field.name} does not follow from the parameters"
    cards = rules.deck.highest + 1
    builds, piles, stocks = rules.build_pile_count, rules.discard_pile_count, rules.stock_pile_count
    expected = cards * builds + stocks * builds + stocks * piles * builds + cards * piles + 1
    if len(all_moves(rules)) != expected:
        return f"the move table holds {len(all_moves(rules))} moves, the rules give {expected}"
    return None


class _GameCheck(GameCheck[Rules, GameState, Move]):
    """One Skip-Bo game under check: the shared loop with Skip-Bo's checks."""

    error_type = ConformanceError

    def __init__(
        self,
        rules: Rules,
        seed: int,
        space: tuple[Move, ...],
        max_moves: int,
        illegal_per_step: int,
        *,
        prefer_plays: bool,
    ) -> None:
        # The functions are read from this module now, so that a test can patch a broken
        # engine in (``monkeypatch.setattr(conformance, "apply", ...)``).
        functions = RulesFunctions(new_game, apply, legal_moves, is_over, invariant_violations)
        super().__init__(
            rules, seed, functions, max_moves=max_moves, illegal_per_step=illegal_per_step
        )
        self.space = space
        self.space_set = frozenset(space)  # a membership test on the tuple cost ~0.5 s a step
        self.prefer_plays = prefer_plays
        self.legal: set[Move] = set()
        """The legal moves of the state last checked, as a set."""

    def check_legal(self, state: GameState, legal: Sequence[Move]) -> None:
        """Distinct moves of the move space, each allowed by the specification."""
        self.legal = set(legal)
        if len(self.legal) != len(legal):
            raise self.fail(f"legal_moves lists a move twice: {legal}")
        for move in legal:
            if move not in self.space_set or not spec.is_legal(state, move):
                raise self.fail(f"legal_moves lists {move}, which the rules do not allow")

    def illegal_moves(self, state: GameState, legal: Sequence[Move]) -> list[Move]:
        allowed = self.legal
        # Drawn at random from the move space rather than listing every illegal move:
        # the space of the largest configurations holds thousands of moves.
        chosen: list[Move] = []
        wanted = min(self.illegal_per_step, len(self.space) - len(allowed))
        for _ in range(ILLEGAL_DRAWS * max(wanted, 1)):
            if len(chosen) >= wanted:
                break
            move = self.space[self.rng.randrange(len(self.space))]
            if move not in allowed and move not in chosen:
                chosen.append(move)
        return chosen

    def choose(self, state: GameState, legal: Sequence[Move]) -> Move:
        """Uniformly at random, or among the build-pile plays if preferred and any."""
        plays = [m for m in legal if type(m) is not Discard and type(m) is not Pass]
        return self.rng.choice(plays if self.prefer_plays and plays else legal)

    def check_step(self, state: GameState, move: Move, after: GameState) -> None:
        if not spec.conserves(state, after):
            raise self.fail(f"{move} lost or made cards")
