"""The fused loop: whole Skyjo games played by a built-in policy, all in compiled code.

:func:`~skipbo.batch.skyjo.play` deals game ``g`` as
``skyjo.new_game(rules, seed=derive_seed(seed, g))``, chooses every move with a
built-in policy (:data:`~skipbo.batch.skyjo.kernels.POLICIES`: ``"random"``,
``"replace-highest"``) and applies it with the batch's rules, without returning to
Python until the end, or every ``every`` moves with
:func:`~skipbo.batch.skyjo.play_chunks`.
A game's moves depend only on its seed (the policy's generator is seeded from it),
so a game is the same whatever the chunks, and equals the game the step API
(:class:`~skipbo.batch.skyjo.SkyjoBatch` with
:meth:`~skipbo.batch.skyjo.SkyjoBatch.policy_actions`) and the core play with the same
choices (the differential tests replay them).

Skyjo's state is a few hundred numbers, so the loop plays one game after another in
one slot: the state stays in the processor's first-level cache.

>>> from skipbo import skyjo
>>> result = play(skyjo.Rules(players=2), 3, seed=1, policy="random")
>>> result.totals.shape, bool((result.moves > 0).all())
((3, 2), True)
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import numpy as np
import numpy.typing as npt

from skipbo.batch.skyjo import kernels as k
from skipbo.batch.skyjo.engine import SkyjoState, _pairs, _rules_array, policy_number
from skipbo.common.randomness import derive_seed
from skipbo.games.skyjo.errors import ArgumentTypeError, ConfigurationError
from skipbo.games.skyjo.rules import Rules

__all__ = ["FusedResult", "play", "play_chunks"]


@attrs.frozen(slots=True, eq=False)
class FusedResult:
    """The games a fused run finished (row ``g``: game ``g``; zeros for games not finished yet)."""

    totals: npt.NDArray[np.int64]
    """``(N, P)``: each game's final totals (the winners: the lowest, S-SCORE-3)."""
    rounds: npt.NDArray[np.int64]
    """Each game's rounds."""
    moves: npt.NDArray[np.int64]
    """Each game's moves (every move of every seat: reveals, draws, takes, placements)."""
    finished: int
    """How many games have finished (games ``0 .. finished - 1``)."""

    @property
    def winners(self) -> npt.NDArray[np.bool_]:
        """``(N, P)``: the seats with the lowest total of each game."""
        lowest: npt.NDArray[np.bool_] = self.totals == self.totals.min(axis=1, keepdims=True)
        return lowest


def play_chunks(
    rules: Rules, games: int, *, seed: int, policy: str = "random", every: int = 1_000_000
) -> Iterator[FusedResult]:
    """Play ``games`` games in the fused loop, yielding the results every ``every`` moves.

    Each yield shows the games finished so far (the same arrays, filled as games end);
    the last one has them all.

    Raises:
        TypeError: if ``rules`` is not a Skyjo :class:`~skipbo.skyjo.Rules`.
        ValueError: for an unknown policy, fewer than one game or ``every`` below 1.

    """
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"rules must be a skyjo Rules, got {type(rules).__name__}")
    number = policy_number(policy)
    for name, value in (("games", games), ("every", every)):
        if type(value) is not int or value < 1:
            raise ConfigurationError(name, f"must be a positive int, got {value!r}")
    seeds = np.array([derive_seed(seed, game) for game in range(games)], dtype=np.uint64)
    state = SkyjoState(rules, 1, history=0)
    s = state.tuple()
    rules_array, deck, pairs = _rules_array(rules), np.array(rules.deck.cards()), _pairs()
    rng = np.ones(1, dtype=np.uint64)
    cursor = np.zeros(2, dtype=np.int64)
    totals = np.zeros((games, rules.players), dtype=np.int64)
    rounds = np.zeros(games, dtype=np.int64)
    moves = np.zeros(games, dtype=np.int64)
    while cursor[0] < games:
        k.run_games(number, seeds, cursor, every, s, rules_array, deck, pairs, rng,
                    totals, rounds, moves)  # fmt: skip
        yield FusedResult(totals, rounds, moves, int(cursor[0]))


def play(rules: Rules, games: int, *, seed: int, policy: str = "random") -> FusedResult:
    """Play ``games`` games in the fused loop and return them all (see :func:`play_chunks`)."""
    *_, last = play_chunks(rules, games, seed=seed, policy=policy, every=2**62)
    return last
