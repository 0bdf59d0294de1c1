"""The conformance checker for Skyjo rules: :func:`~skipbo.skyjo.check_conformance`.

The Skyjo counterpart of :func:`skipbo.check_conformance` (OpenSpiel's
``random_sim_test``): it plays seeded games under the given :class:`~skipbo.skyjo.Rules`
and checks at every step

* the invariants of :func:`skipbo.skyjo.check_invariants` (150 cards conserved,
  columns, phases, scores);
* that :func:`skipbo.skyjo.legal_moves` lists distinct moves in the action order, the
  same from the public view, none in an ended game and some in every other;
* illegal-move rejection: the other moves raise
  :class:`~skipbo.games.skyjo.errors.IllegalMoveError` and leave the state as it was;
* purity and determinism of :func:`skipbo.skyjo.apply`, and that the record replays;
* view non-interference: a state sampled from the view has the same view;
* that every game ends within ``max_moves`` (by default the proved bound of the rules,
  :func:`skipbo.skyjo.max_moves`, S-END-3).

Half of the games are played by random players, half by the heuristic bot.

>>> from skipbo import skyjo
>>> from skipbo.games.skyjo.conformance import check_conformance
>>> print(check_conformance(skyjo.Rules(players=3, turn_limit=30), games=4, seed=7))
... # doctest: +ELLIPSIS
4 games, ... moves (longest game ...), ... rounds; ... illegal moves refused
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from skipbo.common import conformance as common
from skipbo.common.conformance import (
    GameCheck,
    ReportFigures,
    RulesFunctions,
    move_limit,
)
from skipbo.common.naming import type_name
from skipbo.common.randomness import derive_seed
from skipbo.games.skyjo.actions import move_to_action
from skipbo.games.skyjo.engine import apply, is_over, legal_moves, new_game
from skipbo.games.skyjo.errors import ArgumentTypeError, IllegalMoveError, SkyjoError
from skipbo.games.skyjo.invariants import invariant_violations
from skipbo.games.skyjo.moves import Move, all_moves
from skipbo.games.skyjo.records import GameRecord, replay
from skipbo.games.skyjo.rules import Rules
from skipbo.games.skyjo.rules import max_moves as rules_max_moves
from skipbo.games.skyjo.sampling import sample_state
from skipbo.games.skyjo.state import GameState, Phase
from skipbo.games.skyjo.views import view

if TYPE_CHECKING:
    from skipbo.games.skyjo.bots import Bot

__all__ = ["ConformanceError", "ConformanceReport", "check_conformance"]

ILLEGAL_PER_STEP = 8
"""Default number of illegal moves tried at each step."""


class ConformanceError(SkyjoError, common.ConformanceError[Rules, Move]):
    """Skyjo rules failed :func:`~skipbo.skyjo.check_conformance`.

    Reproduce with ``skipbo.skyjo.new_game(error.rules, seed=error.seed)`` and ``error.moves``.

    Attributes:
        rules: The rules checked.
        seed: The seed of the failing game.
        moves: The moves from the deal up to the failure.
        reason: What went wrong.

    """

    package = "skipbo.skyjo"


@attrs.frozen(slots=True)
class ConformanceReport(ReportFigures):
    """What :func:`~skipbo.skyjo.check_conformance` played (nothing wrong, or it raised)."""

    rules: Rules
    """The rules checked."""
    seed: int
    """The seed the games' seeds were derived from."""
    game_lengths: tuple[int, ...]
    """The number of moves of each game."""
    rounds: tuple[int, ...]
    """The number of rounds of each game."""
    illegal_moves: int
    """How many illegal moves were tried (and refused)."""

    def __str__(self) -> str:
        return (
            f"{self.games} games, {self.moves} moves (longest game "
            f"{self.longest_game}), {sum(self.rounds)} rounds; "
            f"{self.illegal_moves} illegal moves refused"
        )


def check_conformance(
    rules: Rules,
    games: int = 50,
    *,
    seed: int = 0,
    max_moves: int | None = None,
    illegal_per_step: int = ILLEGAL_PER_STEP,
) -> ConformanceReport:
    """Play ``games`` seeded games under ``rules``, checking every step.

    Game ``n`` is dealt with ``derive_seed(seed, n)``, which also seeds its players. A
    game that has not ended after ``max_moves`` moves is a failure: by default the
    proved bound of the rules (:func:`~skipbo.skyjo.max_moves`), for rules that
    lift a bound :data:`~skipbo.common.conformance.MAX_MOVES`.

    Raises:
        ConformanceError: at the first violation, with the game's seed and moves.
        TypeError: if ``rules`` is not Skyjo :class:`~skipbo.skyjo.Rules`.

    """
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"rules must be a skipbo.skyjo.Rules, got {type_name(rules)}")
    # Imported here, not at the top: the adapter imports this module when Skyjo is
    # imported, and the bots (with their search) load only when a check is run.
    from skipbo.games.skyjo.bots import HeuristicBot, RandomBot

    lengths, rounds, illegal = [], [], 0
    limit = move_limit(rules_max_moves(rules), max_moves)
    for game in range(games):
        game_seed = derive_seed(seed, game)
        make = HeuristicBot if game % 2 else RandomBot
        bots: list[Bot] = [make(derive_seed(game_seed, seat)) for seat in range(rules.players)]
        check = _GameCheck(rules, game_seed, limit, illegal_per_step, bots)
        final, tried = check.play()
        lengths.append(len(check.moves))
        rounds.append(final.round)
        illegal += tried
    return ConformanceReport(rules, seed, tuple(lengths), tuple(rounds), illegal)


class _GameCheck(GameCheck[Rules, GameState, Move]):
    """One Skyjo game under check: the shared loop with Skyjo's functions and checks."""

    error_type = ConformanceError
    illegal_move_error = IllegalMoveError

    def __init__(
        self, rules: Rules, seed: int, max_moves: int, illegal_per_step: int, bots: list[Bot]
    ) -> None:
        # The functions are read from this module now, so that a test can patch a broken
        # engine in (``monkeypatch.setattr(conformance, "apply", ...)``).
        functions = RulesFunctions(new_game, apply, legal_moves, is_over, invariant_violations)
        super().__init__(
            rules, seed, functions, max_moves=max_moves, illegal_per_step=illegal_per_step
        )
        self.bots = bots

    def check_legal(self, state: GameState, legal: Sequence[Move]) -> None:
        """Distinct moves in action order, some unless ended, the same from the view."""
        actions = [move_to_action(move) for move in legal]
        if actions != sorted(set(actions)):
            raise self.fail(f"legal_moves is not distinct moves in action order: {legal}")
        if state.phase is not Phase.OVER and not legal:
            raise self.fail("a game in progress has no legal move")
        seen = view(state)
        if legal_moves(seen) != legal:
            raise self.fail("legal_moves of the view differs from the state's")
        if view(sample_state(seen, self.rng)) != seen:
            raise self.fail("a state sampled from the view has another view")

    def illegal_moves(self, state: GameState, legal: Sequence[Move]) -> list[Move]:
        allowed = set(legal)
        candidates = [move for move in all_moves() if move not in allowed]
        return self.rng.sample(candidates, min(self.illegal_per_step, len(candidates)))

    def choose(self, state: GameState, legal: Sequence[Move]) -> Move:
        """The move of the seat's bot, shown the public view."""
        seen = view(state)
        move = self.bots[seen.current_player].choose(seen)
        if move not in legal:
            raise self.fail(f"a bot chose {move}, which legal_moves does not list")
        return move

    def check_end(self, states: Sequence[GameState]) -> None:
        """The game's record replays to the same states."""
        record = GameRecord(rules=self.rules, seed=self.seed, moves=tuple(self.moves))
        if list(replay(record)) != list(states):
            raise self.fail("replaying the record gave other states")
