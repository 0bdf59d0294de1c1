"""A recorded game told in a screenful: who sat where, how the stocks went down, the result.

``skipbo demo`` prints this by default; ``--full`` prints every move and board
(:func:`skipbo.cli.narrate.narrate`). The summary names the rules and the bots, then
one line every few turns (chosen so that about :data:`CHECKPOINTS` lines tell the
whole game) with each seat's stock cards left and the draw pile, the turns at which
the draw pile was rebuilt from completed build piles, and the outcome.
"""

from __future__ import annotations

import itertools
import textwrap
from collections.abc import Sequence

from skipbo import GameRecord, GameState, Termination, replay

__all__ = ["CHECKPOINTS", "summarize"]

CHECKPOINTS = 20
"""About how many progress lines a game gets, however long it is."""

_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)


def summarize(record: GameRecord) -> list[str]:
    """The summary of the game of ``record``, a line each (at most about 30 lines).

    Players are called by the record's names, else ``seat N``.

    Raises:
        ReplayError: if a move of the record is illegal.

    """
    players = record.rules.players
    who = list(record.names) or [f"seat {seat}" for seat in range(players)]
    states = list(replay(record))
    first, last = states[0], states[-1]
    step = _step(last.turn)
    lines = [
        f"{players} players, {record.rules.stock_size} stock cards each, seed {record.seed}: "
        + ", ".join(f"{name} (seat {seat})" for seat, name in enumerate(who)),
        f"{'turn':>6}  "
        + "  ".join(f"{f'stock s{pile}':>8}" for pile in range(len(first.stocks)))
        + "  draw pile",
    ]
    lines.append(_checkpoint(first))
    shown = {first.turn}
    rebuilt = []
    for before, after in itertools.pairwise(states):
        if len(after.completed) < len(before.completed) or len(after.draw_pile) > len(
            before.draw_pile
        ):
            rebuilt.append(after.turn)
        if after.turn != before.turn and after.turn % step == 0 and after.turn not in shown:
            shown.add(after.turn)
            lines.append(_checkpoint(after))
    if last.turn not in shown:
        lines.append(_checkpoint(last))
    if rebuilt:
        turns = ", ".join(map(str, sorted(set(rebuilt))))
        told = f"The draw pile was rebuilt from completed build piles at turn {turns}."
        lines += textwrap.wrap(told, width=88)
    lines.append(_result(last, who, len(record.moves)))
    return lines


def _step(turns: int) -> int:
    """A round number of turns between progress lines: about CHECKPOINTS lines in all."""
    return next((step for step in _STEPS if turns / step <= CHECKPOINTS), _STEPS[-1])


def _checkpoint(state: GameState) -> str:
    stocks = "  ".join(f"{len(stock):>8}" for stock in state.stocks)
    return f"{state.turn:>6}  {stocks}  {len(state.draw_pile):>9}"


def _result(state: GameState, who: Sequence[str], moves: int) -> str:
    outcome = state.outcome
    played = f"after {state.turn} turns and {moves} moves"
    if outcome is None:
        return f"The record ends {played}, before the game did."
    if outcome.termination is Termination.STOCK_EMPTIED:
        winners = " and ".join(f"{who[seat]} (seat {seat})" for seat in outcome.winners)
        return f"{winners} won {played}, playing the last stock card."
    if outcome.termination is Termination.TURN_LIMIT:
        return f"No winner: the turn limit ended the game {played}."
    if outcome.termination is Termination.STALLED:
        return f"No winner: the game stalled {played} (no stock card played for too long)."
    return f"No winner: the game was blocked {played} (no cards left to draw or play)."
