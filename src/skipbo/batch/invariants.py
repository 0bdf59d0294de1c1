"""Invariants of a batch, checked on the arrays themselves (no conversion to states).

The same properties :func:`skipbo.check_invariants` checks of one state, computed
for all games at once so that tests can afford them after every step: every card
of the deck is in exactly one place (card conservation), build piles are runs
``1, 2, ...`` with wilds standing in (R-BUILD-2, R-BUILD-3) and below the highest
number (R-BUILD-4), completed cards are whole runs, hands hold at most a full hand,
and the lengths and kept top cards agree with the piles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from skipbo.errors import InvariantViolation
from skipbo.games.skipbo.cards import WILD

if TYPE_CHECKING:
    from skipbo.batch.engine import GameBatch

__all__ = ["batch_invariant_violations", "check_batch_invariants"]


def _in_pile(lengths: npt.NDArray[np.int64], capacity: int) -> npt.NDArray[np.bool_]:
    """For each pile position: whether it holds a card (it is below the pile's length)."""
    held: npt.NDArray[np.bool_] = np.arange(capacity) < lengths[..., None]
    return held


def _counts(
    cards: npt.NDArray[np.int8], held: npt.NDArray[np.bool_], values: int
) -> npt.NDArray[np.int64]:
    """Per game (first axis), how many of each card value the held positions hold."""
    games = cards.shape[0]
    flat = (np.arange(games)[:, None] * values + cards.reshape(games, -1).astype(np.int64))[
        held.reshape(games, -1)
    ]
    return np.bincount(flat, minlength=games * values).reshape(games, values)


def _run_breaks(
    cards: npt.NDArray[np.int8], held: npt.NDArray[np.bool_], highest: int
) -> npt.NDArray[np.bool_]:
    """Positions that break a run: position ``k`` must hold ``k % highest + 1`` or a wild."""
    number = np.arange(cards.shape[-1]) % highest + 1
    breaks: npt.NDArray[np.bool_] = held & (cards != number) & (cards != WILD)
    return breaks


def batch_invariant_violations(batch: GameBatch) -> list[str]:
    """Every invariant the games of ``batch`` break, one line each naming the game."""
    rules = batch.rules
    a = batch.arrays
    deck = rules.deck
    values, highest = deck.highest + 1, deck.highest
    problems: list[str] = []

    def report(found: npt.NDArray[np.bool_] | np.bool_, what: str) -> None:
        bad = np.asarray(found)
        per_game = bad.reshape(bad.shape[0], -1).any(axis=1)
        problems.extend(f"game {game}: {what}" for game in np.flatnonzero(per_game).tolist())

    report((a.stock_len < 0) | (a.stock_len > rules.stock_size), "stock pile length out of range")
    report((a.discard_len < 0) | (a.discard_len > deck.size), "discard pile length out of range")
    report((a.draw_len < 0) | (a.draw_len > deck.size), "draw pile length out of range")
    report((a.completed_len < 0) | (a.completed_len > deck.size), "completed length out of range")
    # R-BUILD-4: a pile that reaches the highest number leaves the centre at once.
    report((a.build_len < 0) | (a.build_len >= highest), "build pile length out of range")
    report((a.hand < 0).any(axis=2), "negative hand count")
    report(a.hand.sum(axis=2) != a.hand_len, "hand length differs from its cards")
    report(a.hand_len > rules.hand_size, "hand holds more than a full hand")
    if problems:
        return problems  # the checks below index by these lengths

    stock_held = _in_pile(a.stock_len, rules.stock_size)
    discard_held = _in_pile(a.discard_len, deck.size)
    build_held = _in_pile(a.build_len, highest)
    draw_held = _in_pile(a.draw_len, deck.size)
    completed_held = _in_pile(a.completed_len, deck.size)

    counts = (
        _counts(a.stock, stock_held, values)
        + _counts(a.discard, discard_held, values)
        + _counts(a.build, build_held, values)
        + _counts(a.draw, draw_held, values)
        + _counts(a.completed, completed_held, values)
        + a.hand.sum(axis=1)
    )
    expected = np.array([deck.wilds] + [deck.copies] * highest)
    report(counts != expected, "cards not conserved")

    report(_run_breaks(a.build, build_held, highest), "build pile is not a run (R-BUILD-2)")
    report(_run_breaks(a.completed, completed_held, highest), "completed cards not whole runs")
    report(a.completed_len % highest != 0, "completed cards not whole runs")

    def tops(cards: npt.NDArray[np.int8], lengths: npt.NDArray[np.int64]) -> npt.NDArray[np.int8]:
        top = np.take_along_axis(cards, np.maximum(lengths - 1, 0)[..., None], axis=-1)[..., 0]
        return np.where(lengths > 0, top, -1).astype(np.int8)

    report(tops(a.stock, a.stock_len) != a.stock_top, "stock top out of date")
    report(tops(a.discard, a.discard_len) != a.discard_top, "discard top out of date")
    report(
        (a.current_player < 0) | (a.current_player >= rules.players), "current player out of range"
    )
    report(a.turn < 1, "turn below 1")
    report(a.stall_turns < 0, "negative count of turns without a stock play")
    # R-WIN-4: a running game is within both bounds (the end checks stop it at them).
    running = a.termination == 0
    if rules.stall_limit is not None:
        report(running & (a.stall_turns >= rules.stall_limit), "stalled but running (R-WIN-4)")
    if rules.turn_move_limit is not None:
        report(running & (a.turn_moves > rules.turn_move_limit), "turn past its moves (R-WIN-4)")
    return problems


def check_batch_invariants(batch: GameBatch) -> None:
    """Raise :class:`~skipbo.InvariantViolation` listing every invariant ``batch`` breaks.

    >>> import skipbo
    >>> from skipbo.batch import GameBatch
    >>> check_batch_invariants(GameBatch.new(skipbo.Rules(players=3), 4, seed=0))

    """
    problems = batch_invariant_violations(batch)
    if problems:
        raise InvariantViolation(problems)
