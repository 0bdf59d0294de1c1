"""Exhaustive checking of small configurations: every deal, every reachable position.

For each configuration (a tiny deck, short stock piles, small hands, sometimes
fewer build and discard piles, 2-6 seats in every form of play), every distinct
order of the deck is dealt (:func:`skipbo.games.skipbo.deal.deal`), and every position reachable
from any deal by legal moves is visited once (breadth-first, deduplicated by hash).
In every position:

* :func:`skipbo.check_invariants` holds (cards conserved, valid build piles, hand
  sizes, a legal move exactly when the game goes on);
* every move of the move space is either listed by :func:`skipbo.legal_moves` and
  accepted by :func:`skipbo.apply`, or refused with ``IllegalMoveError``;
* some sequence of moves leads to the end of the game: no trap.

**Positions.** A state also counts turns and moves, and carries the seed of the
next reshuffle; with those the reachable states are infinite (a player may cycle
cards through a completed pile forever, each cycle reshuffling with a new seed).
The rules look at none of them except: whether the turn has had a move (an empty
pass, R-WIN-2), with a turn limit the turn number, and with the bounds of R-WIN-4 the
turn's moves and the turns without a stock play. So positions are states with
``turn_moves`` cut to 0/1 without a turn-move bound, ``turn`` dropped without a turn
limit, ``stall_turns`` dropped without a stall bound, and ``shuffle_seed`` dropped:
two states that differ only there have the same legal moves and the same cards
everywhere.

**Reshuffles are chance nodes.** A move that makes the draw pile run out while
cards must be drawn reshuffles the completed cards (R-DRAW-2). The search does not
follow only the order the state's seed gives: it makes the move once for every
distinct order of the completed cards (:func:`outcomes`, equal cards not told
apart), so the invariants and the no-trap check cover every outcome of every
reshuffle. (With ``chance=False``, :func:`explore` follows the seeded order only,
as the checker did before; the figures of both are in docs/verification.md.)

**Deals.** All orders of the deck are dealt, except that equal cards are not told
apart (a multiset permutation is one deal): swapping two equal cards changes
nothing in the game. The reshuffle seed of every deal is 0.

Usage (from the repository root)::

    python -m tools.exhaustive            # the full run: every configuration below
    python -m tools.exhaustive --bounded  # the configurations of the test suite
    python -m tools.exhaustive --seeded-reshuffles   # one order per reshuffle only

Exit status 0 when no position breaks anything, 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator, Sequence

import attrs

import skipbo
from skipbo import Deck, GameState, IllegalMoveError, Move, Rules, Termination
from skipbo.common.randomness import shuffle
from skipbo.games.skipbo import draw
from skipbo.games.skipbo.deal import deal


def _rules(players: int, deck: Deck, **fields: object) -> Rules:
    # Without R-WIN-4's bounds, unless a configuration sets them: the bounds' counters
    # would make the positions of the tiny games many times more numerous.
    unbounded: dict[str, object] = {"turn_move_limit": None, "stall_limit": None}
    return Rules(players=players, deck=deck, **(unbounded | fields))  # type: ignore[arg-type]


BOUNDED: tuple[Rules, ...] = (
    _rules(
        2, Deck(copies=1, wilds=1, highest=3), stock_size=1, hand_size=1, build_pile_count=1,
        discard_pile_count=1,
    ),
    _rules(
        2, Deck(copies=2, wilds=0, highest=3), stock_size=1, hand_size=2, build_pile_count=2,
        discard_pile_count=1,
    ),
    _rules(
        2, Deck(copies=1, wilds=2, highest=3), stock_size=2, hand_size=1, build_pile_count=2,
        discard_pile_count=2,
    ),
    _rules(
        2, Deck(copies=1, wilds=1, highest=3), stock_size=1, hand_size=2, build_pile_count=1,
        discard_pile_count=1, turn_limit=6,
    ),
    _rules(
        2, Deck(copies=1, wilds=1, highest=3), stock_size=1, hand_size=2, build_pile_count=1,
        discard_pile_count=1, turn_move_limit=2, stall_limit=3,
    ),
    _rules(
        3, Deck(copies=1, wilds=1, highest=4), stock_size=1, hand_size=1, build_pile_count=1,
        discard_pile_count=1,
    ),
    _rules(
        3, Deck(copies=1, wilds=2, highest=4), stock_size=1, hand_size=2, build_pile_count=1,
        discard_pile_count=1, turn_limit=8,
    ),
    attrs.evolve(
        Rules.partners(), deck=Deck(copies=1, wilds=2, highest=3), stock_size=1, hand_size=1,
        build_pile_count=1, discard_pile_count=1, turn_move_limit=None, stall_limit=None,
    ),
    attrs.evolve(
        Rules.team_piles(), deck=Deck(copies=1, wilds=2, highest=3), stock_size=1,
        hand_size=1, build_pile_count=1, discard_pile_count=1, turn_move_limit=None,
        stall_limit=None,
    ),
)  # fmt: skip
"""Run by the test suite (seconds): 2, 3, 4 and 6 seats, both team forms, a turn limit, the
bounds of R-WIN-4."""

FULL: tuple[Rules, ...] = (
    *BOUNDED,
    _rules(
        2, Deck(copies=2, wilds=1, highest=3), stock_size=2, hand_size=2, build_pile_count=2,
        discard_pile_count=1,
    ),
    _rules(
        2, Deck(copies=1, wilds=2, highest=4), stock_size=2, hand_size=2, build_pile_count=2,
        discard_pile_count=2,
    ),
    _rules(
        2, Deck(copies=1, wilds=2, highest=4), stock_size=2, hand_size=1, build_pile_count=2,
        discard_pile_count=2,
    ),
    _rules(
        3, Deck(copies=2, wilds=1, highest=3), stock_size=1, hand_size=2, build_pile_count=2,
        discard_pile_count=1,
    ),
    attrs.evolve(
        Rules.partners(), deck=Deck(copies=1, wilds=2, highest=4), stock_size=1, hand_size=1,
        build_pile_count=1, discard_pile_count=1, turn_move_limit=None, stall_limit=None,
    ),
)  # fmt: skip
"""The documented full run (minutes)."""


@attrs.frozen
class Result:
    """The figures of one configuration's search."""

    rules: Rules
    deals: int
    positions: int
    transitions: int
    reshuffles: int
    """Outcomes of reshuffles followed (every order of each reshuffle, see :func:`outcomes`)."""
    endings: Counter[Termination]
    problems: tuple[str, ...]
    seconds: float

    def line(self) -> str:
        """One line for people."""
        rules = self.rules
        ends = ", ".join(f"{n} {t.value}" for t, n in sorted(self.endings.items(), key=str))
        return (
            f"{rules.players} players{' (teams)' if rules.team_play else ''}, "
            f"deck {rules.deck.size} ({rules.deck.highest} values, {rules.deck.wilds} wilds), "
            f"stock {rules.stock_size}, hand {rules.hand_size}, builds {rules.build_pile_count}, "
            f"discards {rules.discard_pile_count}, turn limit {rules.turn_limit}: "
            f"{self.deals} deals, {self.positions} positions, {self.transitions} moves, "
            f"{self.reshuffles} reshuffle outcomes, "
            f"final positions: {ends}; {len(self.problems)} problems; {self.seconds:.1f} s"
        )


def orders(cards: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every distinct order of a multiset of cards (equal cards not told apart)."""
    counts = Counter(cards)
    values = sorted(counts)
    order: list[int] = []

    def extend() -> Iterator[tuple[int, ...]]:
        if len(order) == len(cards):
            yield tuple(order)
            return
        for value in values:
            if counts[value]:
                counts[value] -= 1
                order.append(value)
                yield from extend()
                order.pop()
                counts[value] += 1

    return extend()


def position(state: GameState) -> GameState:
    """The state without what the rules never look at (see the module docs)."""
    rules = state.rules
    return attrs.evolve(
        state,
        turn=state.turn if rules.turn_limit is not None else 0,
        turn_moves=state.turn_moves
        if rules.turn_move_limit is not None
        else min(state.turn_moves, 1),
        stall_turns=state.stall_turns if rules.stall_limit is not None else 0,
        shuffle_seed=0,
    )


def outcomes(state: GameState, move: Move) -> tuple[list[GameState], int]:
    """Every state ``move`` can lead to: one per distinct order of a reshuffle.

    The move is made once with the engine's own shuffle, watched; if it reshuffled,
    it is made again for each distinct order of the shuffled cards, with the shuffle
    giving that order (a move draws at most once, so it reshuffles at most once).
    Returns the states and the number of reshuffle orders (0 without a reshuffle).
    """
    shuffled: list[tuple[int, ...]] = []

    def watched(items: Sequence[int], seed: int) -> tuple[tuple[int, ...], int]:
        shuffled.append(tuple(items))
        return shuffle(items, seed)

    after = _with_shuffle(watched, state, move)
    if not shuffled:
        return [after], 0
    found = []
    for order in orders(shuffled[0]):

        def given(
            items: Sequence[int], seed: int, order: tuple[int, ...] = order
        ) -> tuple[tuple[int, ...], int]:
            return order, shuffle(items, seed)[1]

        found.append(_with_shuffle(given, state, move))
    return found, len(found)


def _with_shuffle(
    replacement: Callable[[Sequence[int], int], tuple[tuple[int, ...], int]],
    state: GameState,
    move: Move,
) -> GameState:
    """``apply(state, move)`` with the draw module's shuffle replaced."""
    namespace = vars(draw)  # the name take() looks the shuffle up by
    original = namespace["shuffle"]
    namespace["shuffle"] = replacement
    try:
        return skipbo.apply(state, move)
    finally:
        namespace["shuffle"] = original


def explore(rules: Rules, *, max_positions: int | None = None, chance: bool = True) -> Result:
    """Deal every order of the deck and visit every reachable position.

    With ``chance`` (the default) every reshuffle is a chance node: every distinct
    order of the completed cards is followed (:func:`outcomes`); without, only the
    order the state's seed gives.
    """
    start = time.perf_counter()
    space = skipbo.all_moves(rules)
    index: dict[GameState, int] = {}
    successors: list[list[int]] = []
    final: list[bool] = []
    problems: list[str] = []
    endings: Counter[Termination] = Counter()
    queue: deque[GameState] = deque()

    def visit(state: GameState) -> int:
        key = position(state)
        found = index.get(key)
        if found is None:
            found = index[key] = len(successors)
            successors.append([])
            final.append(state.outcome is not None)
            queue.append(state)
        return found

    deals = 0
    for cards in orders(rules.deck.cards()):
        deals += 1
        visit(deal(rules, cards, seed=0))
    transitions = 0
    reshuffles = 0
    while queue:
        if max_positions is not None and len(successors) > max_positions:
            problems.append(f"stopped after {max_positions} positions")
            break
        state = queue.popleft()
        here = index[position(state)]
        problems.extend(f"{violation}: {state!r}" for violation in _violations(state))
        if state.outcome is not None:
            endings[state.outcome.termination] += 1
            continue
        legal = set(skipbo.legal_moves(state))
        for move in space:
            if move in legal:
                if chance:
                    states, orders_made = outcomes(state, move)
                    reshuffles += orders_made
                else:
                    states = [skipbo.apply(state, move)]
                successors[here].extend(visit(after) for after in states)
                transitions += 1
            else:
                try:
                    skipbo.apply(state, move)
                except IllegalMoveError:
                    continue
                problems.append(f"apply accepted the illegal move {move}: {state!r}")
        if not legal <= set(space):
            problems.append(f"legal moves outside the move space: {state!r}")
    if not queue:  # a search stopped early leaves positions unexpanded: no trap check
        problems.extend(traps(index, successors, final))
    return Result(
        rules,
        deals,
        len(successors),
        transitions,
        reshuffles,
        endings,
        tuple(problems),
        time.perf_counter() - start,
    )


def _violations(state: GameState) -> list[str]:
    return skipbo.invariant_violations(state)


def traps(index: dict[GameState, int], successors: list[list[int]], final: list[bool]) -> list[str]:
    """Positions from which no sequence of moves ends the game."""
    predecessors: list[list[int]] = [[] for _ in successors]
    for here, nexts in enumerate(successors):
        for there in nexts:
            predecessors[there].append(here)
    can_end = [False] * len(successors)
    queue = deque(here for here, done in enumerate(final) if done)
    for here in queue:
        can_end[here] = True
    while queue:
        here = queue.popleft()
        for earlier in predecessors[here]:
            if not can_end[earlier]:
                can_end[earlier] = True
                queue.append(earlier)
    stuck = [state for state, here in index.items() if not can_end[here]]
    return [f"trap: no sequence of moves ends the game from {state!r}" for state in stuck[:5]] + (
        [f"... and {len(stuck) - 5} more traps"] if len(stuck) > 5 else []
    )


def main(argv: list[str] | None = None) -> int:
    """Run the search from the command line; exit status 1 on any problem."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--bounded", action="store_true", help="only the test-suite configurations")
    parser.add_argument(
        "--seeded-reshuffles",
        action="store_true",
        help="follow each reshuffle in the seeded order only, not every order",
    )
    args = parser.parse_args(argv)
    total_start = time.perf_counter()
    failed = False
    totals = Counter[str]()
    for rules in BOUNDED if args.bounded else FULL:
        result = explore(rules, chance=not args.seeded_reshuffles)
        print(result.line(), flush=True)
        for problem in result.problems[:20]:
            print("  " + problem)
        failed = failed or bool(result.problems)
        totals.update(
            deals=result.deals,
            positions=result.positions,
            moves=result.transitions,
            reshuffles=result.reshuffles,
        )
    print(
        f"total: {totals['deals']} deals, {totals['positions']} positions, "
        f"{totals['moves']} moves, {totals['reshuffles']} reshuffle outcomes; "
        f"{time.perf_counter() - total_start:.0f} s"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
