"""Throughput of the batched engine (skipbo.batch) against the core, in one run.

The policy is the "play-first" policy of ``bench_play.py``, computed from the masks:
a uniformly random legal build-pile play if there is one, else a uniformly random
legal action. For a whole batch it draws one random order of the actions per step,
plays first, and each game takes the first legal action in that order: the first
element of a fixed set in a uniformly random order is uniform over the set, so each
game's choice is distributed as in ``bench_play.py``. The order is given as ranks
(the first action ranks highest), so that a game's choice is the maximum of its
mask row times the ranks: one multiplication and one maximum over the masks.

For 2, 4 and 6 players (default stock sizes) it measures, with rounds interleaved:
the core (``bench_play.play_first_game``), the mutable baseline
(``mutable_baseline.py``) and the batch at B = 1, 64, 1024 and 4096 games with
auto-reset (the cost of dealing new games included), timed in steady state after
1,000 warm-up steps (at most 2,000 timed steps), and prints moves per second,
the ratios to the core and the baseline, and the memory of the batch per game.
``--breakdown`` also splits the time of a B = 4096 step into mask, policy and step.
Times are CPU seconds of this process (``time.process_time``), so that the other
work on a shared machine is not counted against any engine; the machine is still
noisy (shared caches and cores), so the ratios, measured in the same run, are the
figures to report.

Usage: python benchmarks/bench_batch.py [--moves M] [--rounds R] [--breakdown]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import bench_play
import mutable_baseline
import numpy as np
import numpy.typing as npt

import skipbo
from skipbo.batch import GameBatch
from skipbo.games.skipbo.actions import action_blocks

SIZES = (1, 64, 1024, 4096)
WARM_UP_STEPS = 1_000
"""Steps before timing: all games of a new batch start together, and only after
about one game length (a few hundred steps) are the slots at every stage of a game,
with reshuffles and the deals of auto-reset at their steady rate."""
MIN_STEPS, MAX_STEPS = 200, 2_000


class PlayFirst:
    """The play-first policy over a batch's masks."""

    def __init__(self, rules: skipbo.Rules, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.plays = action_blocks(rules)["Discard"].start
        self.others = len(skipbo.all_moves(rules)) - self.plays
        count = self.plays + self.others
        # Ranks 1..count, 0 for illegal actions: bytes while they fit, the cheapest rows to
        # take the maximum of.
        self.rank_type = np.uint8 if count < 256 else np.uint16
        self.ranks: npt.NDArray[np.unsignedinteger[Any]] = np.empty(count, dtype=self.rank_type)
        self.action_of_rank = np.zeros(count + 1, dtype=np.int64)

    def __call__(self, mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        # The random order as ranks: the plays rank above the other actions, each block
        # in a random order; the legal action of highest rank is the first legal one in
        # that order. Ranks are distinct, so the highest names its action.
        ranks = self.ranks
        ranks[: self.plays] = self.others + 1 + self.rng.permutation(self.plays)
        ranks[self.plays :] = 1 + self.rng.permutation(self.others)
        self.action_of_rank[ranks] = np.arange(ranks.size)
        scores: npt.NDArray[np.unsignedinteger[Any]] = mask.view(np.uint8).astype(self.rank_type)
        scores *= ranks
        chosen: npt.NDArray[np.int64] = self.action_of_rank[scores.max(axis=1)]
        return chosen


def batch_rate(rules: skipbo.Rules, size: int, moves: int, seed: int) -> tuple[int, float]:
    """Moves and seconds of a batch of ``size`` games with auto-reset, in steady state."""
    batch = GameBatch.new(rules, size, seed=seed, auto_reset=True)
    policy = PlayFirst(rules, seed)
    for _ in range(WARM_UP_STEPS):
        batch.step(policy(batch.legal_action_mask()))
    steps = min(max(moves // size, MIN_STEPS), MAX_STEPS)
    start = time.process_time()
    for _ in range(steps):
        batch.step(policy(batch.legal_action_mask()))
    # With auto-reset every slot holds a running game at every step: one move each.
    return steps * size, time.process_time() - start


def games_rate(play: object, rules: skipbo.Rules, moves: int, seed: int) -> tuple[int, float]:
    """Moves and seconds of whole games played one at a time until ``moves`` are made."""
    made = 0
    game = seed
    start = time.process_time()
    while made < moves:
        if play == "core":
            made += bench_play.play_first_game(rules, game)
        else:
            made += mutable_baseline.play_first_game(rules.players, rules.stock_size, game)
        game += 1
    return made, time.process_time() - start


def breakdown(rules: skipbo.Rules, steps: int = 100) -> str:
    """Milliseconds per B = 4096 step spent in the mask, the policy and the step."""
    batch = GameBatch.new(rules, 4096, seed=1, auto_reset=True)
    policy = PlayFirst(rules, 1)
    for _ in range(WARM_UP_STEPS):
        batch.step(policy(batch.legal_action_mask()))
    spent = [0.0, 0.0, 0.0]
    for _ in range(steps):
        start = time.process_time()
        mask = batch.legal_action_mask()
        masked = time.process_time()
        actions = policy(mask)
        chosen = time.process_time()
        batch.step(actions)
        spent[0] += masked - start
        spent[1] += chosen - masked
        spent[2] += time.process_time() - chosen
    mask_ms, policy_ms, step_ms = (1000 * value / steps for value in spent)
    return f"mask {mask_ms:.2f} ms, policy {policy_ms:.2f} ms, step {step_ms:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=400_000, help="moves per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--breakdown", action="store_true", help="time mask/policy/step")
    args = parser.parse_args()
    print(
        f"{'players':>7} {'engine':>12} {'moves/s':>11} {'x core':>7} {'x mutable':>9}"
        f" {'bytes/game':>10}"
    )
    for players in (2, 4, 6):
        rules = skipbo.Rules(players=players)
        totals: dict[str, list[float]] = {}
        for round_ in range(args.rounds):
            seed = 1_000 * round_
            runs = {
                "core": games_rate("core", rules, args.moves, seed),
                "mutable": games_rate("mutable", rules, args.moves, seed),
            }
            for size in SIZES:
                runs[f"batch {size}"] = batch_rate(rules, size, args.moves, seed)
            for name, (moves_made, seconds) in runs.items():
                total = totals.setdefault(name, [0.0, 0.0])
                total[0] += moves_made
                total[1] += seconds
        rates = {name: moves / seconds for name, (moves, seconds) in totals.items()}
        for name, rate in rates.items():
            memory = ""
            if name.startswith("batch"):
                size = int(name.split()[1])
                memory = f"{GameBatch.new(rules, size, seed=0).nbytes // size:,}"
            print(
                f"{players:>7} {name:>12} {rate:>11,.0f} {rate / rates['core']:>7.2f}"
                f" {rate / rates['mutable']:>9.2f} {memory:>10}"
            )
        if args.breakdown:
            print(f"{players:>7} B=4096 step: {breakdown(rules)}")


if __name__ == "__main__":
    main()
