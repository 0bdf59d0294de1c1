"""Throughput of Skyjo's batch and fused loop (skipbo.batch.skyjo) against its core, in one run.

Every engine plays uniformly random legal moves to each game's end (standard rules):

* ``core``: ``skyjo.legal_moves`` and the checking ``skyjo.apply``, ``random.Random.choice``
  (as ``bench_skyjo.py``);
* ``batch``: :class:`~skipbo.batch.skyjo.SkyjoBatch` of ``--size`` games with auto-reset,
  the actions chosen from its masks in NumPy (a random key per action, the legal one of
  highest key: uniform over the legal actions), the step checked as for any caller;
* ``fused``: :func:`skipbo.batch.skyjo.play` with the ``random`` policy, the games' seeds
  derived in Python included.

For 2, 4 and 8 players, with rounds interleaved, it prints moves per CPU second
(``time.process_time``, so that other work on a shared machine is not counted) and
``x_core``, the ratio to the core's rate measured in the same run (the machine is
noisy: the ratio is the figure to compare between runs). ``--json`` prints one JSON
object a line: ``game``, ``players``, ``engine``, ``games`` (the batch's size; 1 for
the core, the games played for the fused loop), ``moves_per_s``, ``x_core``.

``--env`` also measures Skyjo's vector environment: agent steps per CPU second of
:class:`~skipbo.envs.skyjo_vector.SkyjoVectorEnv` (256 games, over the batch) and of
Gymnasium's ``SyncVectorEnv`` of 16 ``SkyjoEnv`` (over the core), random agent and
opponents, at 2 and 4 players.

Usage: python benchmarks/bench_skyjo_batch.py [--moves M] [--rounds R] [--size B] [--json] [--env]
"""

from __future__ import annotations

import argparse
import json
import random
import time

import numpy as np

from skipbo.batch.skyjo import SkyjoBatch, play
from skipbo.games import skyjo

PLAYERS = (2, 4, 8)


def core_rate(rules: skyjo.Rules, moves: int, seed: int) -> tuple[int, float]:
    """Moves played by the core in whole random games (at least ``moves``), and CPU seconds."""
    legal_moves, apply = skyjo.legal_moves, skyjo.apply
    played, game = 0, 0
    start = time.process_time()
    while played < moves:
        rng = random.Random(seed + game)
        state = skyjo.new_game(rules, seed=seed + game)
        while state.outcome is None:
            state = apply(state, rng.choice(legal_moves(state)))
            played += 1
        game += 1
    return played, time.process_time() - start


def batch_rate(rules: skyjo.Rules, size: int, moves: int, seed: int) -> tuple[int, float]:
    """Moves of a batch stepped with random legal actions (after a warm-up), and CPU seconds."""
    batch = SkyjoBatch.new(rules, size, seed=seed, auto_reset=True)
    rng = np.random.default_rng(seed)

    def step() -> None:
        mask = batch.legal_action_mask()
        batch.step((rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1))

    for _ in range(50):
        step()
    steps = max(1, moves // size)
    start = time.process_time()
    for _ in range(steps):
        step()
    return steps * size, time.process_time() - start


def fused_rate(rules: skyjo.Rules, moves: int, seed: int) -> tuple[int, float, int]:
    """Moves, CPU seconds and games of the fused loop playing about ``moves`` moves."""
    games = max(1, moves // (70 * rules.players))  # random games last about 70 moves a seat
    start = time.process_time()
    result = play(rules, games, seed=seed, policy="random")
    return int(result.moves.sum()), time.process_time() - start, games


def env_rates(players: int, steps: int = 200) -> tuple[float, float]:
    """Agent steps per CPU second: ``SkyjoVectorEnv`` (256 games), ``SyncVectorEnv`` (16)."""
    import gymnasium

    import skipbo.envs.gymnasium  # noqa: F401  (registers skipbo/Skyjo-v0)
    from skipbo.envs.skyjo_vector import SkyjoVectorEnv

    rng = np.random.default_rng(players)
    rates = []
    for envs, count in (
        (SkyjoVectorEnv(256, players=players, opponents="random"), steps),
        (
            gymnasium.vector.SyncVectorEnv(
                [
                    lambda: gymnasium.make("skipbo/Skyjo-v0", players=players, opponents="random")
                    for _ in range(16)
                ]
            ),
            steps // 2,
        ),
    ):
        _, info = envs.reset(seed=1)
        start = time.process_time()
        for _ in range(count):
            mask = info["action_mask"].astype(bool)
            _, _, _, _, info = envs.step((rng.random(mask.shape) * mask).argmax(axis=1))
        rates.append(count * envs.num_envs / (time.process_time() - start))
    return rates[0], rates[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=200_000, help="moves per batch/fused run")
    parser.add_argument("--core-moves", type=int, default=20_000, help="moves per core run")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--size", type=int, default=1024, help="games in the batch")
    parser.add_argument("--json", action="store_true", help="one JSON object a line")
    parser.add_argument("--env", action="store_true", help="also the vector environments")
    options = parser.parse_args()
    for players in PLAYERS:  # compile (or load) the kernels before timing
        rules = skyjo.Rules(players=players)
        play(rules, 2, seed=0)
        batch_rate(rules, 8, 8, 0)
    totals: dict[tuple[int, str], list[float]] = {}
    games: dict[tuple[int, str], int] = {}
    for round_number in range(options.rounds):
        for players in PLAYERS:
            rules = skyjo.Rules(players=players)
            seed = 1000 * round_number + players
            for engine in ("core", "batch", "fused"):
                if engine == "core":
                    moves, seconds = core_rate(rules, options.core_moves, seed)
                    games[players, engine] = 1
                elif engine == "batch":
                    moves, seconds = batch_rate(rules, options.size, options.moves, seed)
                    games[players, engine] = options.size
                else:
                    moves, seconds, played = fused_rate(rules, options.moves, seed)
                    games[players, engine] = played
                tally = totals.setdefault((players, engine), [0.0, 0.0])
                tally[0] += moves
                tally[1] += seconds
    if not options.json:
        print(f"{'players':>7} {'engine':>6} {'games':>6} {'moves/s':>12} {'x_core':>7}")
    for players in PLAYERS:
        core = totals[players, "core"][0] / totals[players, "core"][1]
        for engine in ("core", "batch", "fused"):
            made, seconds = totals[players, engine]
            rate = made / seconds
            record = {
                "game": "skyjo",
                "players": players,
                "engine": engine,
                "games": games[players, engine],
                "moves_per_s": round(rate),
                "x_core": round(rate / core, 2),
            }
            if options.json:
                print(json.dumps(record))
            else:
                print(
                    f"{players:>7} {engine:>6} {record['games']:>6} {rate:>12,.0f} "
                    f"{rate / core:>7.1f}"
                )

    if options.env:
        for players in (2, 4):
            vector, sync = env_rates(players)
            print(
                f"{players} players: SkyjoVectorEnv(256) {vector:,.0f} agent steps/s, "
                f"SyncVectorEnv(16 x SkyjoEnv) {sync:,.0f}, ratio {vector / sync:.1f}"
            )


if __name__ == "__main__":
    main()
