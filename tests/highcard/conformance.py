"""High card's conformance check: the shared loop of :mod:`skipbo.common.conformance`."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from skipbo.common.conformance import GameCheck, ReportFigures, RulesFunctions, move_limit
from skipbo.common.randomness import derive_seed
from tests.highcard import engine
from tests.highcard.moves import Move
from tests.highcard.rules import Rules
from tests.highcard.state import GameState


@attrs.frozen
class ConformanceReport(ReportFigures):
    """The games played (nothing wrong, or the check would have raised)."""

    game_lengths: tuple[int, ...]
    illegal_moves: int


class _Check(GameCheck[Rules, GameState, Move]):
    def __init__(self, rules: Rules, seed: int, max_moves: int, illegal_per_step: int) -> None:
        # The engine's functions are read now, so that a test can patch a broken one in.
        functions = RulesFunctions(
            engine.new_game,
            engine.apply,
            engine.legal_moves,
            engine.is_over,
            engine.invariant_violations,
        )
        super().__init__(
            rules, seed, functions, max_moves=max_moves, illegal_per_step=illegal_per_step
        )

    def illegal_moves(self, state: GameState, legal: Sequence[Move]) -> list[Move]:
        return [move for move in Move if move not in legal][: self.illegal_per_step]

    def choose(self, state: GameState, legal: Sequence[Move]) -> Move:
        return self.rng.choice(legal)

    def check_end(self, states: Sequence[GameState]) -> None:
        final = states[-1]
        assert final.outcome is not None  # the loop ends only when the game has ended
        if final.outcome.winners != (final.hands.index(max(final.hands)),):
            raise self.fail(f"the winners {final.outcome.winners} do not hold the highest card")


def check_conformance(
    rules: Rules,
    games: int = 20,
    *,
    seed: int = 0,
    max_moves: int | None = None,
    illegal_per_step: int = 2,
) -> ConformanceReport:
    """Play ``games`` seeded random games of ``rules``, checking every step."""
    lengths, illegal = [], 0
    for game in range(games):
        check = _Check(
            rules, derive_seed(seed, game), move_limit(rules.players, max_moves), illegal_per_step
        )
        _, tried = check.play()
        lengths.append(len(check.moves))
        illegal += tried
    return ConformanceReport(tuple(lengths), illegal)
