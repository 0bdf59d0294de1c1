"""Differential run of the batched engine against the core, step by step.

For each configuration, a :class:`~skipbo.batch.GameBatch` of seeded games is
stepped with random legal actions (half the games prefer build-pile plays, so that
games are long and reshuffle, the other half choose uniformly, so that they
discard and pass), while the core plays the same games move by move from its own
``new_game``. At every step and for every running game:

* the batch's mask row equals :func:`skipbo.games.skipbo.actions.legal_action_mask` of the
  core's state;
* after the step, the batch's game converts to exactly the core's
  :func:`skipbo.apply` result (every pile, hand, counter, outcome and the shuffle
  seed: a reshuffle must give the core's order);
* :func:`skipbo.batch.check_batch_invariants` holds on the arrays (card
  conservation, build piles are runs, completed cards whole runs, lengths, tops).

Some configurations set the bounds of R-WIN-4 so small that play reaches them: turns
at their move bound (only a discard or the pass is legal) and games ended "stalled".
The tally counts both, so that a test can check the run reached them.

With auto-reset (half the configurations), a slot whose game ends must hold the
core's next game, ``new_game(rules, seed=derive_seed(seed, index))``.

Usage (from the repository root)::

    python -m tools.batch_differential                 # the long run of the docs
    python -m tools.batch_differential --steps 150     # as in the test suite

Exit status 0 when batch and core agree everywhere, 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

import attrs
import numpy as np
import numpy.typing as npt

import skipbo
from skipbo import Deck, FirstPlayer, GameState, Rules, Termination
from skipbo.batch import GameBatch, batch_invariant_violations
from skipbo.common.randomness import derive_seed
from skipbo.games.skipbo.actions import action_blocks, legal_action_mask

SMALL = Deck(copies=2, wilds=2, highest=4)
TINY = Deck(copies=1, wilds=1, highest=3)

CONFIGURATIONS: tuple[Rules, ...] = (
    # Standard games, every individual player count, both named decks.
    *(Rules.standard(players) for players in range(2, 7)),
    Rules.standard(3, deck=Deck.international_games()),
    # Short games and turn limits (R-SETUP-2, R-WIN-2).
    Rules.short(players=2),
    Rules.short(players=4, stock_size=15, turn_limit=40),
    Rules(players=2, turn_limit=12),
    # The bounds of R-WIN-4, small enough to be reached: turns cut at their moves
    # (a play-first game plays on), stalls (the stall limit equal to the turn limit:
    # the turn limit is checked first), none at all, in every seating.
    Rules(players=2, turn_move_limit=3, stall_limit=20),
    Rules(players=2, turn_limit=12, turn_move_limit=5, stall_limit=12),
    Rules.short(players=3, turn_move_limit=1, stall_limit=9),
    Rules(players=2, turn_move_limit=None, stall_limit=None),
    Rules(
        players=2,
        deck=SMALL,
        stock_size=2,
        hand_size=3,
        turn_move_limit=2,
        stall_limit=4,
    ),
    Rules.partners(turn_move_limit=2, stall_limit=16),
    Rules.team_piles(stock_size=5, turn_move_limit=4, stall_limit=10),
    # Who starts (R-SETUP-5).
    Rules(players=3, first_player=FirstPlayer.DEALER_DRAW),
    Rules(players=5, first_player=FirstPlayer.HIGHEST_STOCK_TOP),
    Rules(players=2, first_player=1),
    # More build piles than the mask's table of build pile heights covers (12 ** 5 rows).
    Rules(players=3, build_pile_count=5),
    # Small decks, where reshuffles, empty draw piles (R-DRAW-3), passes (R-TURN-8)
    # and blocked games (R-WIN-2) are common.
    Rules(players=2, deck=SMALL, stock_size=2, hand_size=3),
    Rules(players=3, deck=SMALL, stock_size=2, hand_size=2, turn_limit=30),
    Rules(
        players=2, deck=TINY, stock_size=1, hand_size=1, build_pile_count=1, discard_pile_count=1
    ),
    Rules(players=4, deck=Deck.small(highest=6, copies=3, wilds=2), stock_size=2, hand_size=2),
    Rules(
        players=2, deck=SMALL, stock_size=2, hand_size=2, build_pile_count=2, discard_pile_count=3
    ),
    Rules(players=6, deck=Deck(copies=4, wilds=0, highest=5), stock_size=2, hand_size=2),
    # Team forms fit the same arrays (R-TEAM-1, R-TEAM-2).
    Rules.partners(),
    Rules.partners(teams=((0, 1), (2, 3), (4, 5)), stock_size=5),
    Rules.team_piles(stock_size=8),
)
"""Every configuration the run covers."""


@attrs.define
class Tally:
    """What a run checked."""

    steps: int = 0
    """Game steps compared (one game, one action)."""
    games: int = 0
    """Games finished."""
    reshuffles: int = 0
    """Game steps in which the completed cards were shuffled into the draw pile."""
    spent_turns: int = 0
    """Game steps made at the turn's move bound, where only a discard or the pass is
    legal (R-WIN-4 (a))."""
    endings: Counter[Termination] = attrs.field(factory=Counter)
    """The finished games by how they ended."""
    problems: list[str] = attrs.field(factory=list)
    """The first disagreements found."""


def _choose(
    mask: npt.NDArray[np.bool_], plays: int, rng: np.random.Generator
) -> npt.NDArray[np.int64]:
    """Random legal actions; even games prefer build-pile plays (play-first)."""
    keys = rng.random(mask.shape)
    keys[0::2, :plays] += 1.0
    chosen: npt.NDArray[np.int64] = np.where(mask, keys, -1.0).argmax(axis=1)
    return chosen


def run(
    rules: Rules, games: int, steps: int, seed: int, *, auto_reset: bool, compiled: bool = True
) -> Tally:
    """Step ``games`` games of ``rules`` for ``steps`` steps against the core.

    ``compiled``: the batch's compiled kernels (when Numba is there), else its NumPy path.
    """
    tally = Tally()
    batch = GameBatch.new(rules, games, seed=seed, auto_reset=auto_reset, compiled=compiled)
    core: list[GameState] = [
        skipbo.new_game(rules, seed=derive_seed(seed, i)) for i in range(games)
    ]
    next_game = games
    plays = action_blocks(rules)["Discard"].start
    moves = skipbo.all_moves(rules)
    rng = np.random.default_rng(seed)
    for step in range(steps):
        if not auto_reset and all(state.outcome is not None for state in core):
            break
        mask = batch.legal_action_mask()
        for game, state in enumerate(core):
            expected = np.frombuffer(legal_action_mask(state), dtype=np.bool_)
            if not np.array_equal(mask[game], expected):
                tally.problems.append(f"{rules!r} seed {seed} step {step} game {game}: mask")
                return tally
        actions = _choose(mask, plays, rng)
        result = batch.step(actions)
        for game, state in enumerate(core):
            if state.outcome is not None:
                continue
            after = skipbo.apply(state, moves[int(actions[game])])
            tally.steps += 1
            bound = rules.turn_move_limit
            tally.spent_turns += bound is not None and state.turn_moves >= bound
            # Only a reshuffle (R-DRAW-2) draws a new seed.
            tally.reshuffles += after.shuffle_seed != state.shuffle_seed
            if bool(result.ended[game]) != (after.outcome is not None):
                tally.problems.append(f"{rules!r} seed {seed} step {step} game {game}: ended")
                return tally
            if after.outcome is not None:
                tally.games += 1
                tally.endings[after.outcome.termination] += 1
                if auto_reset:
                    after = skipbo.new_game(rules, seed=derive_seed(seed, next_game))
                    next_game += 1
            if batch.state(game) != after:
                tally.problems.append(
                    f"{rules!r} seed {seed} step {step} game {game}: state differs"
                )
                return tally
            core[game] = after
        violations = batch_invariant_violations(batch)
        if violations:
            tally.problems.extend(f"{rules!r} seed {seed} step {step}: {v}" for v in violations)
            return tally
    return tally


def run_all(games: int, steps: int, seed: int) -> Tally:
    """Every configuration, alternately with and without auto-reset, by both paths.

    Both the compiled kernels (when Numba is there) and the NumPy path step each one.
    """
    total = Tally()
    for index, rules in enumerate(CONFIGURATIONS):
        for compiled in (True, False):
            tally = run(
                rules, games, steps, seed + index, auto_reset=index % 2 == 1, compiled=compiled
            )
            total.steps += tally.steps
            total.games += tally.games
            total.reshuffles += tally.reshuffles
            total.spent_turns += tally.spent_turns
            total.endings.update(tally.endings)
            total.problems.extend(tally.problems)
    return total


def main(argv: list[str] | None = None) -> int:
    """Run the configurations; print the tally; 1 if batch and core disagree."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=32, help="games a batch")
    parser.add_argument("--steps", type=int, default=3000, help="steps a configuration")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    tally = run_all(args.games, args.steps, args.seed)
    endings = ", ".join(f"{end.value} {count:,}" for end, count in tally.endings.items())
    print(
        f"{len(CONFIGURATIONS)} configurations, {tally.steps:,} game steps, "
        f"{tally.games:,} games finished ({endings}), {tally.reshuffles:,} reshuffles, "
        f"{tally.spent_turns:,} steps at a turn's move bound; "
        f"{time.perf_counter() - start:.0f} s"
    )
    for problem in tally.problems:
        print(problem)
    return 1 if tally.problems else 0


if __name__ == "__main__":
    sys.exit(main())
