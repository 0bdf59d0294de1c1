"""Exhaustive checking of tiny Skyjo configurations: every reachable position.

For each configuration (a tiny deck, 2 or 3 players, a start: a whole deal with a round
turn limit, or a late position of a round with a few face-down cards left), every
position reachable by legal moves is visited once (breadth-first, deduplicated).
In every position:

* :func:`skipbo.games.skyjo.check_invariants` holds;
* every move of the move space is either listed by :func:`skipbo.games.skyjo.legal_moves`
  and accepted by :func:`skipbo.games.skyjo.apply`, or refused with ``IllegalMoveError``;
* the round can still end: some sequence of moves leads to the end of the round
  (S-END-1, S-END-3), so no position traps the players.

**Positions.** A state carries the seed of the next shuffle; a position is a state
without it, without the turn count when there is no turn limit, and with the discard
pile below its top as a multiset: the rules look only at the top card and, when the
pile is reshuffled (S-DRAW-1), at its cards, whose order then comes from the seed.
Two states that differ only there have the same legal moves. The search follows the
first state found of each position, so a reshuffle is explored in the order that
state's seed gives.

Usage (from the repository root)::

    python -m tools.skyjo_exhaustive            # every configuration below
    python -m tools.skyjo_exhaustive --bounded  # the configurations of the test suite
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import deque
from collections.abc import Callable

import attrs

from skipbo import skyjo
from skipbo.games.skyjo import Deck, GameState, Rules

Position = tuple[object, ...]


def position(state: GameState) -> Position:
    """What the rules look at: the state without its shuffle seed (and unbounded counts)."""
    pile = state.discard_pile
    canonical = tuple(sorted(pile[:-1])) + pile[-1:]
    fields = attrs.astuple(
        attrs.evolve(state, shuffle_seed=0, discard_pile=canonical), recurse=False
    )
    # Counters the rules do not look at: the turns without a turn limit, the turns
    # without progress without a stall bound (S-END-3).
    unread = {
        name
        for name, limit in (
            ("turns", state.rules.turn_limit),
            ("stall_turns", state.rules.stall_limit),
        )
        if limit is None
    }
    return tuple(
        value
        for name, value in zip(attrs.fields_dict(GameState), fields, strict=True)
        if name not in unread
    )


def round_over(before: GameState, after: GameState) -> bool:
    """Whether ``after`` is past the round ``before`` was in."""
    return len(after.history) > len(before.history)


@attrs.frozen
class Result:
    """The figures of one configuration's search."""

    name: str
    positions: int
    round_ends: int
    seconds: float


def explore(name: str, starts: list[GameState], limit: int = 2_000_000) -> Result:
    """Visit every position reachable from ``starts`` (within the round); check each."""
    began = time.perf_counter()
    seen: dict[Position, int] = {}
    states: list[GameState] = []
    edges: list[list[int]] = []
    ends: set[int] = set()
    queue: deque[int] = deque()
    for start in starts:
        key = position(start)
        if key not in seen:
            seen[key] = len(states)
            states.append(start)
            edges.append([])
            queue.append(seen[key])
    space = skyjo.all_moves()
    while queue:
        index = queue.popleft()
        state = states[index]
        skyjo.check_invariants(state)
        legal = skyjo.legal_moves(state)
        assert legal, f"a round in progress has no legal move: {state}"
        allowed = set(legal)
        for move in space:
            if move not in allowed:
                try:
                    skyjo.apply(state, move)
                except skyjo.IllegalMoveError:
                    continue
                raise AssertionError(f"{move} was accepted but is not listed in {state}")
            after = skyjo.apply(state, move)
            if round_over(state, after):
                skyjo.check_invariants(after)
                ends.add(index)
                continue
            key = position(after)
            if key not in seen:
                if len(states) >= limit:
                    raise AssertionError(f"{name}: more than {limit} positions")
                seen[key] = len(states)
                states.append(after)
                edges.append([])
                queue.append(seen[key])
            edges[index].append(seen[key])
    _every_round_can_end(name, edges, ends)
    return Result(name, len(states), len(ends), time.perf_counter() - began)


def _every_round_can_end(name: str, edges: list[list[int]], ends: set[int]) -> None:
    # Backwards from the positions with a move that ends the round.
    into: list[list[int]] = [[] for _ in edges]
    for source, targets in enumerate(edges):
        for target in targets:
            into[target].append(source)
    can_end = set(ends)
    queue = deque(ends)
    while queue:
        for source in into[queue.popleft()]:
            if source not in can_end:
                can_end.add(source)
                queue.append(source)
    trapped = len(edges) - len(can_end)
    assert not trapped, f"{name}: {trapped} positions from which the round cannot end"


def whole_deal(players: int, deck: Deck, turn_limit: int) -> list[GameState]:
    """The deal of a deck in increasing order, from the reveals on."""
    rules = Rules(players=players, deck=deck, turn_limit=turn_limit, end_score=1, stall_limit=None)
    return [skyjo.deal(rules, deck.cards(), 0, round=1, starter=0)]


def late_round(
    players: int,
    deck: Deck,
    face_down: int,
    turn_limit: int | None = None,
    stall_limit: int | None = None,
) -> list[GameState]:
    """A position after the reveals with ``face_down`` cards face down per player.

    The deck in increasing order dealt, then every grid turned up but its last
    ``face_down`` places (columns of equal face-up cards removed as the rules say).
    Without S-END-3's stall bound unless one is given: its count would multiply the
    positions.
    """
    rules = Rules(
        players=players, deck=deck, end_score=1, turn_limit=turn_limit, stall_limit=stall_limit
    )
    state = skyjo.deal(rules, deck.cards(), 0, round=1, starter=0)
    state = attrs.evolve(
        state,
        phase=skyjo.Phase.TAKE,
        face_up=((True,) * (12 - face_down) + (False,) * face_down,) * players,
        reveals=(None,) * players,
    )
    grids, ups, discard = [], [], state.discard_pile
    for grid, up in zip(state.grids, state.face_up, strict=True):
        for column in range(4):
            places = skyjo.column_places(column)
            cards = {grid[p] for p in places}
            if all(up[p] for p in places) and len(cards) == 1:
                discard += tuple(grid[p] for p in places)  # type: ignore[misc]
                grid = tuple(None if p in places else c for p, c in enumerate(grid))
                up = tuple(False if p in places else u for p, u in enumerate(up))
        grids.append(grid)
        ups.append(up)
    state = attrs.evolve(state, grids=tuple(grids), face_up=tuple(ups), discard_pile=discard)
    skyjo.check_invariants(state)
    return [state]


TWO = Deck({0: 13, 1: 14})
"""27 cards of two values: two grids, the first discard card and a draw pile of 2."""
ZEROS = Deck({0: 27})
"""27 equal cards: only which cards are face up, and the piles' sizes, tell positions apart."""

BOUNDED: list[tuple[str, Callable[[], list[GameState]]]] = [
    ("2 players, 0/1 deck, 1 face-down card each, turn limit 5",
     lambda: late_round(2, TWO, 1, turn_limit=5)),
    ("2 players, 0/1 deck, 2 face-down cards each, turn limit 4",
     lambda: late_round(2, TWO, 2, turn_limit=4)),
    ("2 players, 27 zeros, 2 face-down cards each", lambda: late_round(2, ZEROS, 2)),
    ("2 players, 0/1 deck, 2 face-down cards each, stall bound 3",
     lambda: late_round(2, TWO, 2, stall_limit=3)),
    ("3 players, 0/1/2 deck, 1 face-down card each, turn limit 3",
     lambda: late_round(3, Deck({0: 13, 1: 12, 2: 13}), 1, turn_limit=3)),
]  # fmt: skip
"""The configurations the test suite checks (seconds)."""

FULL = BOUNDED + [
    ("2 players, 25 zeros, whole deal, turn limit 1", lambda: whole_deal(2, Deck({0: 25}), 1)),
    ("2 players, 27 zeros, 4 face-down cards each", lambda: late_round(2, ZEROS, 4)),
    ("2 players, 0/1 deck, 2 face-down cards each, turn limit 6",
     lambda: late_round(2, TWO, 2, turn_limit=6)),
]  # fmt: skip
"""Every configuration of the full run (minutes)."""


def main(argv: list[str] | None = None) -> int:
    """Run the configurations; print one line of figures each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bounded", action="store_true", help="only the test suite's set")
    args = parser.parse_args(argv)
    for name, starts in BOUNDED if args.bounded else FULL:
        result = explore(name, starts())
        print(
            f"{name}: {result.positions} positions, {result.round_ends} end the round, "
            f"{result.seconds:.1f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
