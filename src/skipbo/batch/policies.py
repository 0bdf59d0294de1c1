"""Bots for a whole batch: one action per game from the batch's masks, in a few NumPy steps.

Each policy ranks the actions and takes, in every game, the legal action of highest
rank: one multiplication and one maximum over the ``(B, actions)`` mask.

* :class:`PlayFirstPolicy` is the "play-first" bot (:class:`skipbo.bots.PlayFirstBot`)
  for a batch: a uniformly random legal build-pile play if there is one, else a
  uniformly random legal action. Each step draws one random order of the actions for
  the whole batch; the first element of a fixed set in a uniformly random order is
  uniform over the set, so each game's choice is distributed as the bot's.
* :class:`PriorityPolicy` is a simple deterministic heuristic (not the
  :class:`skipbo.bots.HeuristicBot`, whose plan does not vectorise): play from the
  stock pile first (R-WIN-1), then a number card from the hand, then from a discard
  pile, then a wild from the hand (wilds are kept for last, they fit anywhere,
  R-BUILD-3); when nothing can be played, discard the highest card of the hand
  (low cards are the ones a build pile needs soon), then pass.

>>> import skipbo
>>> from skipbo.batch import GameBatch
>>> from skipbo.batch.policies import PlayFirstPolicy, PriorityPolicy
>>> batch = GameBatch.new(skipbo.Rules(players=2), 4, seed=1)
>>> mask = batch.legal_action_mask()
>>> first, priority = PlayFirstPolicy(batch.rules, seed=1)(mask), PriorityPolicy(batch.rules)(mask)
>>> bool(mask[range(4), first].all()), bool(mask[range(4), priority].all())
(True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from skipbo.actions import action_blocks, action_count
from skipbo.batch.compiled import KERNELS
from skipbo.cards import WILD
from skipbo.moves import Discard, PlayFromDiscard, PlayFromHand, PlayFromStock, all_moves
from skipbo.rules import Rules

__all__ = ["POLICIES", "PlayFirstPolicy", "PriorityPolicy", "make_policy"]


def _rank_type(count: int) -> type[np.unsignedinteger[Any]]:
    return np.uint8 if count < 256 else np.uint16


class _RankedPolicy:
    """Takes the legal action of highest rank in every game."""

    def __init__(self, rules: Rules) -> None:
        count = action_count(rules)
        self.rank_type = _rank_type(count)
        self.ranks: npt.NDArray[np.unsignedinteger[Any]] = np.empty(count, dtype=self.rank_type)
        self.action_of_rank = np.zeros(count + 1, dtype=np.int64)

    def __call__(self, mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        """One action per game (the argument: a ``(B, actions)`` legal mask)."""
        return self._choose(mask)

    def _choose(self, mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        if KERNELS is not None and mask.flags.c_contiguous:
            chosen_rows = np.empty(mask.shape[0], dtype=np.int64)
            KERNELS.ranked_choice(mask.view(np.uint8), self.ranks, self.action_of_rank, chosen_rows)
            return chosen_rows
        scores: npt.NDArray[np.unsignedinteger[Any]] = mask.view(np.uint8).astype(self.rank_type)
        scores *= self.ranks
        chosen: npt.NDArray[np.int64] = self.action_of_rank[scores.max(axis=1)]
        return chosen


class PlayFirstPolicy(_RankedPolicy):
    """The "play-first" bot for a batch: a random legal build play, else a random action."""

    def __init__(self, rules: Rules, seed: int | None = None) -> None:
        super().__init__(rules)
        self.rng = np.random.default_rng(seed)
        self.plays = action_blocks(rules)["Discard"].start  # plays come first (skipbo.actions)
        self.others = action_count(rules) - self.plays

    def __call__(self, mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        """One action per game (the argument: a ``(B, actions)`` legal mask)."""
        ranks = self.ranks
        ranks[: self.plays] = self.others + 1 + self.rng.permutation(self.plays)
        ranks[self.plays :] = 1 + self.rng.permutation(self.others)
        self.action_of_rank[ranks] = np.arange(ranks.size)
        return self._choose(mask)


class PriorityPolicy(_RankedPolicy):
    """A deterministic heuristic for a batch: stock plays first, discard high cards."""

    def __init__(self, rules: Rules, seed: int | None = None) -> None:
        super().__init__(rules)
        moves = all_moves(rules)

        def key(index: int) -> tuple[int, int, int]:
            move = moves[index]
            if isinstance(move, PlayFromStock):
                return (6, 0, -index)
            if isinstance(move, PlayFromHand):
                return (4 if move.card == WILD else 5, 0, -index)
            if isinstance(move, PlayFromDiscard):
                return (4, 1, -index)
            if isinstance(move, Discard):
                # The highest number first; a wild is discarded last of all.
                value = -1 if move.card == WILD else move.card
                return (2, value, -index)
            return (1, 0, -index)  # the pass

        order = sorted(range(len(moves)), key=key)
        self.ranks[order] = np.arange(1, len(moves) + 1, dtype=self.rank_type)
        self.action_of_rank[self.ranks] = np.arange(len(moves))


POLICIES = {"play-first": PlayFirstPolicy, "heuristic": PriorityPolicy}
"""The batch policies by name: ``"heuristic"`` is :class:`PriorityPolicy`."""


def make_policy(name: str, rules: Rules, seed: int | None = None) -> _RankedPolicy:
    """The batch policy ``name`` for ``rules``.

    Raises:
        ValueError: if there is no such policy.

    """
    if name not in POLICIES:
        raise ValueError(
            f"unknown batch policy {name[:40]!r}; the policies are: {', '.join(POLICIES)}"
        )
    return POLICIES[name](rules, seed)
