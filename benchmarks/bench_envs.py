"""Throughput of the research environments against the core, in one run, on one core.

Measures, at 2 players with rounds interleaved (CPU time of this process,
``time.process_time``, so that other work on a shared machine is not counted):

* **core**: moves per second of whole games with the "play-first" policy
  (``bench_play.play_first_game``: ``legal_moves`` + ``apply``), and the cost of one
  ``apply`` alone (the same games' moves applied again from their recorded states);
* **vector**: agent steps per second of :class:`skipbo.envs.vector.SkipBoVectorEnv`
  at B = 1,024 (the agent plays a random legal action; the opponents, play-first
  and then heuristic, move inside the batch; resets included);
* **lockstep**: the same environment with ``lockstep=True`` (one batch step of every
  game per vector step): its agent decisions per second, counting only the games
  where the agent was to move (``info["to_move"]``), not the wait actions of the
  others; the share of games where the agent was to move is printed too;
* both again against play-first with ``copy=False`` (Gymnasium's option of its vector
  environments: the environment's own arrays are returned, rewritten by the next
  step, as a learner that copies them into its rollout storage can take them);
* **AEC**: the cost per step of the PettingZoo AEC environment in a user's random
  legal-play loop: ``last()`` (the observation vector and the action mask of the
  agent to act, its reward and flags), a uniformly random legal action read from the
  mask, then ``step()`` (the action's check and the move); resets included. The
  loop is timed whole; the same games are replayed by ``step()`` alone, and the
  choices made again from the kept masks, each timed whole. The environment's own
  cost per step is the loop's less the agent's choice (``last()`` and ``step()``).
  Skip-Bo's AEC environment runs on :class:`skipbo.batch.single.SingleGame` when the
  compiled kernels are there.

It prints the rates and the ratios the issue asks for: the vector env's agent steps
per second over the core's moves per second (at least 2), in both stepping
contracts, and the AEC environment's cost per step over one core ``apply`` (at most 3).
It also counts, outside the timing, the batch steps of one vector step (the agent's,
then one per move of the longest opponent turn among the games): the vector env's
fixed cost per agent step.

The compiled kernels of :mod:`skipbo.batch.compiled` are used when Numba is installed
(the script says which); each environment's warm-up steps, outside the timing, load
or compile them. ``SKIPBO_NO_NUMBA=1`` measures the pure-Python paths.

Usage: python benchmarks/bench_envs.py [--rounds R] [--size B]
"""

from __future__ import annotations

import argparse
import random
import time

import bench_play
import numpy as np

import skipbo
from skipbo.batch.compiled import KERNELS
from skipbo.batch.policies import RankedPolicy
from skipbo.envs.pettingzoo import env
from skipbo.envs.vector import SkipBoVectorEnv

RULES = skipbo.Rules(players=2)


def core_round(games: int, seed: int) -> tuple[int, float, int, float]:
    """Moves and seconds of play-first games; then applies and seconds of ``apply`` alone."""
    start = time.process_time()
    moves = sum(bench_play.play_first_game(RULES, seed + game) for game in range(games))
    seconds = time.process_time() - start
    # The states and moves of one game, recorded outside the timing.
    pairs = []
    rng = random.Random(seed)
    state = skipbo.new_game(RULES, seed=seed)
    while state.outcome is None:
        move = rng.choice(skipbo.legal_moves(state))
        pairs.append((state, move))
        state = skipbo.apply(state, move)
    apply = skipbo.apply
    start = time.process_time()
    for _ in range(max(1, moves // len(pairs))):
        for before, move in pairs:
            apply(before, move)
    applied = max(1, moves // len(pairs)) * len(pairs)
    return moves, seconds, applied, time.process_time() - start


def vector_round(
    size: int, steps: int, opponents: str, seed: int, *, copy: bool = True
) -> tuple[int, float]:
    """Agent steps and seconds of the vector env (random legal agent actions)."""
    envs = SkipBoVectorEnv(size, RULES, opponents=opponents, copy=copy)
    _, info = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(20):  # warm up: the games at several stages
        info = envs.step(_random_legal(info["action_mask"], rng))[4]
    start = time.process_time()
    for _ in range(steps):
        info = envs.step(_random_legal(info["action_mask"], rng))[4]
    return steps * size, time.process_time() - start


def lockstep_round(
    size: int, steps: int, opponents: str, seed: int, *, copy: bool = True
) -> tuple[int, float, int]:
    """Agent decisions (not waits) and seconds of the lockstep vector env; the game steps."""
    envs = SkipBoVectorEnv(size, RULES, opponents=opponents, lockstep=True, copy=copy)
    _, info = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(20):  # warm up: the games at several stages
        info = envs.step(_random_legal(info["action_mask"], rng))[4]
    decisions = 0
    start = time.process_time()
    for _ in range(steps):
        decisions += int(np.count_nonzero(info["to_move"]))
        info = envs.step(_random_legal(info["action_mask"], rng))[4]
    return decisions, time.process_time() - start, steps * size


def batch_steps(size: int, opponents: str, seed: int, steps: int = 20) -> float:
    """Batch steps per vector step (untimed): the agent's, then the opponents' phase.

    The opponents' phase takes one rank row of their policy a batch step
    (``GameBatch.play_others``), so its steps are the rows the policy consumes.
    """
    envs = SkipBoVectorEnv(size, RULES, opponents=opponents)
    _, info = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):  # as in vector_round: the games at several stages
        info = envs.step(_random_legal(info["action_mask"], rng))[4]
    consume = RankedPolicy.consume
    counted = 0

    def counting(self: RankedPolicy, steps: int) -> None:
        nonlocal counted
        counted += steps
        consume(self, steps)

    RankedPolicy.consume = counting  # type: ignore[method-assign]
    try:
        for _ in range(steps):
            info = envs.step(_random_legal(info["action_mask"], rng))[4]
    finally:
        RankedPolicy.consume = consume  # type: ignore[method-assign]
    return 1 + counted / steps


def _random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row: the legal action of highest random rank.

    One random order of the actions a step for all the rows, as the batch policies
    draw (:mod:`skipbo.batch.policies`): each row's choice is uniform over its legal
    actions, for a few byte-sized passes over the mask instead of a random number each.
    """
    ranks = (rng.permutation(mask.shape[1]) + 1).astype(np.uint8)  # under 256 actions
    return (mask.view(np.uint8) * ranks).argmax(axis=1)  # type: ignore[no-any-return]


def aec_round(steps: int, seed: int) -> tuple[int, float, float, float]:
    """AEC steps and seconds of random legal play; then of its ``step()``s and choices alone.

    The loop is timed whole (a clock read a step would cost a fifth of one). It keeps
    each step's mask and action, untimed in effect (two list appends): the same games
    are then replayed by ``step()`` alone (from the same seed), and the choices are
    made again from the kept masks, each pass timed whole.
    """
    game = env(RULES)
    game.reset(seed=seed)
    rng = random.Random(seed)
    clock = time.process_time
    made = 0
    masks: list[np.ndarray] = []
    actions: list[int | None] = []  # None: a reset
    start = clock()
    while made < steps:
        observed, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.reset()
            actions.append(None)
            continue
        mask = observed["action_mask"]
        legal = np.flatnonzero(mask)
        action = int(legal[rng.randrange(len(legal))])
        game.step(action)
        masks.append(mask)
        actions.append(action)
        made += 1
    loop = clock() - start
    game.reset(seed=seed)
    start = clock()
    for action in actions:
        if action is None:
            game.reset()
        else:
            game.step(action)
    stepping = clock() - start
    rng = random.Random(seed)
    start = clock()
    for mask in masks:
        legal = np.flatnonzero(mask)
        int(legal[rng.randrange(len(legal))])
    choosing = clock() - start
    return made, loop, stepping, choosing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--size", type=int, default=1024, help="B, the vector env's games")
    parser.add_argument("--steps", type=int, default=100, help="vector steps a round")
    arguments = parser.parse_args()
    names = ["core", "apply", "play-first", "heuristic", "aec", "aec step", "aec choice"]
    names += ["lockstep play-first", "lockstep heuristic"]
    names += ["play-first, copy=False", "lockstep play-first, copy=False"]
    totals = dict.fromkeys(names, (0, 0.0))
    game_steps = dict.fromkeys(("play-first", "heuristic", "play-first, copy=False"), 0)

    def add(name: str, count: int, seconds: float) -> None:
        before = totals[name]
        totals[name] = (before[0] + count, before[1] + seconds)

    for round_ in range(arguments.rounds):
        moves, seconds, applied, apply_seconds = core_round(20, seed=100 * round_)
        add("core", moves, seconds)
        add("apply", applied, apply_seconds)
        for opponents in ("play-first", "heuristic"):
            add(opponents, *vector_round(arguments.size, arguments.steps, opponents, round_))
            decisions, seconds, steps = lockstep_round(
                arguments.size, 3 * arguments.steps, opponents, round_
            )
            add(f"lockstep {opponents}", decisions, seconds)
            game_steps[opponents] += steps
        shared = "play-first, copy=False"
        add(
            shared, *vector_round(arguments.size, arguments.steps, "play-first", round_, copy=False)
        )
        decisions, seconds, steps = lockstep_round(
            arguments.size, 3 * arguments.steps, "play-first", round_, copy=False
        )
        add(f"lockstep {shared}", decisions, seconds)
        game_steps[shared] += steps
        made, seconds, stepping, choosing = aec_round(20_000, seed=round_)
        add("aec", made, seconds)
        add("aec step", made, stepping)
        add("aec choice", made, choosing)

    def rate(name: str) -> float:
        count, seconds = totals[name]
        return count / seconds

    core, apply_cost = rate("core"), 1e6 / rate("apply")
    aec_cost = 1e6 / rate("aec")
    print(f"2 players, {arguments.rounds} interleaved rounds, CPU time of one process")
    kernels = "in use" if KERNELS is not None else "not in use (no Numba, or SKIPBO_NO_NUMBA)"
    print(f"compiled kernels of skipbo.batch (Numba): {kernels}")
    print(f"core (play-first games):      {core:12,.0f} moves/s")
    print(f"core apply alone:             {apply_cost:12.2f} us per move")
    kinds = ("play-first", "heuristic", "play-first, copy=False")
    for opponents in kinds:
        vector = rate(opponents)
        print(
            f"vector env B={arguments.size} vs {opponents:22} {vector:12,.0f} agent steps/s"
            f"   ratio to the core: {vector / core:5.2f} (target >= 2)"
        )
    for opponents in kinds:
        lockstep = rate(f"lockstep {opponents}")
        share = totals[f"lockstep {opponents}"][0] / game_steps[opponents]
        print(
            f"lockstep B={arguments.size} vs {opponents:22} {lockstep:12,.0f} agent decisions/s"
            f" ratio to the core: {lockstep / core:5.2f} (target >= 2; waits not counted,"
            f" the agent to move in {share:.0%} of game steps)"
        )
    for opponents in ("play-first", "heuristic"):
        count = batch_steps(arguments.size, opponents, seed=7)
        print(f"batch steps per vector step vs {opponents:10} {count:6.1f}")
    step_cost, choice_cost = 1e6 / rate("aec step"), 1e6 / rate("aec choice")
    env_cost = aec_cost - choice_cost
    print(
        f"AEC loop step:                {aec_cost:12.2f} us per step"
        f"   ratio to one apply: {aec_cost / apply_cost:5.2f} (last(), the choice, step())"
    )
    print(
        f"AEC env's cost per step:      {env_cost:12.2f} us per step"
        f"   ratio to one apply: {env_cost / apply_cost:5.2f} (target <= 3: last() and step())"
    )
    print(
        f"  of which: step() {step_cost:.2f} us, last() {env_cost - step_cost:.2f} us;"
        f" the loop's random choice (the agent's, not the environment's) {choice_cost:.2f} us"
    )


if __name__ == "__main__":
    main()
