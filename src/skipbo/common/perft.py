"""Perft: how many move sequences and distinct positions lie at each depth below a position.

Chess engines check each other with *perft* counts (performance test: the number of
legal move sequences of each length from a published position); two engines that agree
on them to a few plies agree on every rule those plies reach. :func:`perft` gives the
same numbers for any registered game (:mod:`skipbo.common.game`), from a full state:

* ``sequences`` at depth ``d``: the move sequences of exactly ``d`` legal moves (a
  sequence that ends the game earlier is not extended, as a mate ends a chess line);
* ``positions`` at depth ``d``: the distinct states those sequences reach (two orders
  of the same plays reach one position);
* ``ended`` at depth ``d``: how many of those sequences end the game with their last move.

A position is the whole state, hidden cards included: the referee's count, which is
what two rule implementations must agree on. The deals of the documented counts are
written out card by card (``docs/perft/``), so that an engine with another shuffle can
load them.

>>> import skipbo
>>> from skipbo.common.game import game_of
>>> state = skipbo.new_game(skipbo.Rules(players=2), seed=1)
>>> counts = perft(game_of(state.rules), state, 2)
>>> [(level.depth, level.sequences >= level.positions) for level in counts]
[(0, True), (1, True), (2, True)]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any, TypeVar

import attrs

from skipbo.common.game import AnyGame
from skipbo.errors import ArgumentTypeError, ConfigurationError

__all__ = ["MAX_DEPTH", "PerftLevel", "count_levels", "perft"]

PositionT = TypeVar("PositionT")

MAX_DEPTH = 8
"""The deepest count :func:`perft` makes: beyond it the positions outgrow memory."""


@attrs.frozen
class PerftLevel:
    """The counts at one depth below the starting position."""

    depth: int
    """Moves from the starting position (0: the position itself)."""
    sequences: int
    """Legal move sequences of exactly ``depth`` moves."""
    positions: int
    """Distinct states those sequences reach."""
    ended: int
    """Sequences whose last move ends the game."""


def perft(game: AnyGame, state: Any, depth: int) -> tuple[PerftLevel, ...]:
    """The counts at every depth from 0 to ``depth`` below ``state``, a state of ``game``.

    Raises:
        ~skipbo.errors.ArgumentTypeError: if ``depth`` is not an integer.
        ~skipbo.errors.ConfigurationError: if ``depth`` is outside 0 to :data:`MAX_DEPTH`.

    """

    def children(position: Any) -> Iterator[Any]:
        seen = game.view(position, game.current_player(position))
        return (game.apply(position, move) for move in game.legal_moves(seen))

    return count_levels(state, depth, children, game.is_over)


def count_levels(
    root: PositionT,
    depth: int,
    children: Callable[[PositionT], Iterable[PositionT]],
    is_over: Callable[[PositionT], bool],
    key: Callable[[PositionT], Hashable] | None = None,
) -> tuple[PerftLevel, ...]:
    """The perft counts below ``root`` for any way of listing a position's moves.

    ``children`` gives the position after each distinct legal move of a position;
    ``key`` tells positions apart (by default the positions themselves). :func:`perft`
    counts with the engine; an independent implementation of the rules (the reference
    model of the tests, the model extracted from the Coq definitions) counts with its own moves
    and steps, so that the counts compare the rules and not the counting.

    Each level holds every distinct position with the number of sequences reaching
    it, so transpositions are expanded once: the work grows with the positions, not
    the sequences.

    Raises:
        ~skipbo.errors.ArgumentTypeError: if ``depth`` is not an integer.
        ~skipbo.errors.ConfigurationError: if ``depth`` is outside 0 to :data:`MAX_DEPTH`.

    """
    if type(depth) is not int:
        raise ArgumentTypeError(f"depth must be an integer, got {type(depth).__name__}")
    if not 0 <= depth <= MAX_DEPTH:
        raise ConfigurationError("depth", f"must be from 0 to {MAX_DEPTH}, got {depth}")
    identify: Callable[[PositionT], Hashable] = key if key is not None else _itself
    level: dict[Hashable, tuple[PositionT, int]] = {identify(root): (root, 1)}
    levels = [PerftLevel(0, 1, 1, 0)]
    for reached in range(1, depth + 1):
        below: dict[Hashable, tuple[PositionT, int]] = {}
        ended = 0
        for position, ways in level.values():
            if is_over(position):
                continue  # a finished game has no next move
            for child in children(position):
                name = identify(child)
                known = below.get(name)
                below[name] = (child, ways + (known[1] if known else 0))
                if is_over(child):
                    ended += ways
        level = below
        sequences = sum(ways for _, ways in level.values())
        levels.append(PerftLevel(reached, sequences, len(level), ended))
    return tuple(levels)


def _itself(position: Any) -> Hashable:
    return position  # type: ignore[no-any-return]
