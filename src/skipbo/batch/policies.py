"""Bots for a whole batch: one action per game from the batch's masks, in a few NumPy steps.

Each policy ranks the actions and takes, in every game, the legal action of highest
rank: one multiplication and one maximum over the ``(B, actions)`` mask (or one
compiled pass, :func:`choose`). A step's ranks are a row of the policy's
:meth:`~RankedPolicy.upcoming` rows, made :data:`RANK_BLOCK` at a time, so that a
batch can play many steps in one compiled call
(:meth:`skipbo.batch.GameBatch.play_others`).

* :class:`RandomPolicy` is the "random" bot (:class:`skipbo.games.skipbo.bots.RandomBot`)
  for a batch: a uniformly random legal action (each step one random order of all the
  actions for the whole batch; each game takes the first legal one in it).
* :class:`PlayFirstPolicy` is the "play-first" bot (:class:`skipbo.games.skipbo.bots.PlayFirstBot`)
  for a batch: a uniformly random legal build-pile play if there is one, else a
  uniformly random legal action. Each step takes one random order of the actions for
  the whole batch; the first element of a fixed set in a uniformly random order is
  uniform over the set, so each game's choice is distributed as the bot's.
* :class:`PriorityPolicy` is a simple deterministic heuristic (not the
  :class:`skipbo.games.skipbo.bots.HeuristicBot`, whose plan does not vectorise): play from the
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

from skipbo.batch.compiled import KERNELS
from skipbo.games.skipbo.actions import action_blocks, action_count
from skipbo.games.skipbo.cards import WILD
from skipbo.games.skipbo.moves import (
    Discard,
    PlayFromDiscard,
    PlayFromHand,
    PlayFromStock,
    all_moves,
)
from skipbo.games.skipbo.rules import Rules

__all__ = [
    "OLD_NAMES",
    "POLICIES",
    "RANK_BLOCK",
    "PlayFirstPolicy",
    "PriorityPolicy",
    "RandomPolicy",
    "RankedPolicy",
    "choose",
    "make_policy",
]


def _rank_type(count: int) -> type[np.unsignedinteger[Any]]:
    return np.uint8 if count < 256 else np.uint16


RANK_BLOCK = 16
"""Rank rows a policy makes at a time (:meth:`RankedPolicy.upcoming`)."""


class RankedPolicy:
    """Takes the legal action of highest rank in every game.

    The ranks of each step are a row of :meth:`upcoming`: one step's choice takes the
    first row and :meth:`consume` s it, and a batch that plays many steps in one
    call (:meth:`skipbo.batch.GameBatch.play_others`) reads the rows it needs and
    consumes as many. The ranks are distinct and positive, so the highest-ranked
    legal action of a row is unique.
    """

    def __init__(self, rules: Rules) -> None:
        self.count = action_count(rules)
        self.rank_type = _rank_type(self.count)
        self._block = np.empty((0, self.count), dtype=self.rank_type)
        self._used = 0

    def __call__(self, mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        """One action per game (the argument: a ``(B, actions)`` legal mask)."""
        ranks = self.upcoming()[0]
        self.consume(1)
        return choose(mask, ranks)

    def upcoming(self) -> npt.NDArray[np.unsignedinteger[Any]]:
        """The rank rows of the next steps, one row a step (at least one row)."""
        if self._used >= len(self._block):
            self._block, self._used = self._next_block(), 0
        return self._block[self._used :]

    def consume(self, steps: int) -> None:
        """Mark the first ``steps`` rows of :meth:`upcoming` as used."""
        self._used += steps

    def _next_block(self) -> npt.NDArray[np.unsignedinteger[Any]]:
        """The next :data:`RANK_BLOCK` rank rows."""
        raise NotImplementedError


def choose(
    mask: npt.NDArray[np.bool_], ranks: npt.NDArray[np.unsignedinteger[Any]]
) -> npt.NDArray[np.int64]:
    """Each row's legal action of highest rank (``0`` for a row with no legal action)."""
    if KERNELS is not None and mask.flags.c_contiguous:
        chosen = np.empty(mask.shape[0], dtype=np.int64)
        KERNELS.ranked_choice(mask.view(np.uint8), ranks, chosen)
        return chosen
    # Ranks are below 2 ** 8 (or 2 ** 16) and flags 0 or 1: the product keeps the type.
    best: npt.NDArray[np.int64] = (mask.view(np.uint8) * ranks).argmax(axis=1)
    return best


class RandomPolicy(RankedPolicy):
    """The "random" bot for a batch: a uniformly random legal action."""

    def __init__(self, rules: Rules, seed: int | None = None) -> None:
        super().__init__(rules)
        self.rng = np.random.default_rng(seed)

    def _next_block(self) -> npt.NDArray[np.unsignedinteger[Any]]:
        """Rank rows each a random order of all the actions."""
        every = np.broadcast_to(np.arange(1, self.count + 1), (RANK_BLOCK, self.count))
        return self.rng.permuted(every, axis=1).astype(self.rank_type)


class PlayFirstPolicy(RankedPolicy):
    """The "play-first" bot for a batch: a random legal build play, else a random action."""

    def __init__(self, rules: Rules, seed: int | None = None) -> None:
        super().__init__(rules)
        self.rng = np.random.default_rng(seed)
        self.plays = action_blocks(rules)[
            "Discard"
        ].start  # plays come first (skipbo.games.skipbo.actions)
        self.others = self.count - self.plays

    def _next_block(self) -> npt.NDArray[np.unsignedinteger[Any]]:
        """Rank rows each a random order of the plays above a random order of the rest."""
        rows = np.empty((RANK_BLOCK, self.count), dtype=self.rank_type)
        plays = np.broadcast_to(np.arange(self.plays), (RANK_BLOCK, self.plays))
        others = np.broadcast_to(np.arange(self.others), (RANK_BLOCK, self.others))
        rows[:, : self.plays] = self.others + 1 + self.rng.permuted(plays, axis=1)
        rows[:, self.plays :] = 1 + self.rng.permuted(others, axis=1)
        return rows


class PriorityPolicy(RankedPolicy):
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
        ranks = np.empty(len(moves), dtype=self.rank_type)
        ranks[order] = np.arange(1, len(moves) + 1, dtype=self.rank_type)
        self._rows = np.broadcast_to(ranks, (RANK_BLOCK, len(moves)))

    def _next_block(self) -> npt.NDArray[np.unsignedinteger[Any]]:
        """The same priorities every step."""
        return self._rows


POLICIES = {"random": RandomPolicy, "play-first": PlayFirstPolicy, "priority": PriorityPolicy}
"""The batch policies by name, each named for what it does: ``"random"`` plays as the
``random`` bot, ``"play-first"`` as the ``play-first`` bot, ``"priority"`` is
:class:`PriorityPolicy` (a fixed priority, not the ``heuristic`` bot)."""

OLD_NAMES = {"heuristic": "priority"}
"""Names the batch policies had before, still accepted: ``"heuristic"`` was ``"priority"``."""


def make_policy(name: str, rules: Rules, seed: int | None = None) -> RankedPolicy:
    """The batch policy ``name`` for ``rules``.

    Raises:
        ValueError: if there is no such policy.

    """
    name = OLD_NAMES.get(name, name)
    if name not in POLICIES:
        raise ValueError(
            f"unknown batch policy {name[:40]!r}; the policies are: {', '.join(POLICIES)}"
        )
    return POLICIES[name](rules, seed)
