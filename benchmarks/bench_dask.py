"""Games per second of a tournament on a Dask cluster of 1 and of 2 workers.

Starts a ``dask.distributed.LocalCluster`` of one worker process (one thread), plays
a tournament on it, then does the same on a cluster of two worker processes, and
prints the games per second of each and their ratio (the goal: two workers at least
1.8 times one, which needs two free cores). Cluster start-up is not timed; each
cluster first plays a short warm-up tournament. The results of the two runs must be
identical (the same seed), which the script checks.

The figure is measured in one run on whatever machine runs it: on a shared machine
the other load decides how much the second worker can add, so report the load too.

Usage: python benchmarks/bench_dask.py [--games N] [--players P]
"""

from __future__ import annotations

import argparse
import os
import time

from dask.distributed import Client, LocalCluster

import skipbo
from skipbo.arena import TournamentResult
from skipbo.envs.dask import cluster_tournament

LINEUP = ("heuristic", "play-first")


def timed_run(workers: int, rules: skipbo.Rules, games: int) -> tuple[float, TournamentResult]:
    """Seconds to play ``games`` games on a fresh cluster of ``workers`` workers."""
    with (
        LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        lineup = list(LINEUP) + ["play-first"] * (rules.players - len(LINEUP))
        cluster_tournament(client, rules, lineup, games=4 * workers, seed=0)  # warm-up
        start = time.perf_counter()
        result = cluster_tournament(client, rules, lineup, games=games, seed=1)
        return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=2)
    arguments = parser.parse_args()
    rules = skipbo.Rules(players=arguments.players)
    print(f"{arguments.games} games, {rules.players} players, lineup {LINEUP}")
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    one, result_one = timed_run(1, rules, arguments.games)
    two, result_two = timed_run(2, rules, arguments.games)
    assert result_one == result_two, "the two clusters gave different results"
    print(f"1 worker : {arguments.games / one:8.1f} games/s")
    print(f"2 workers: {arguments.games / two:8.1f} games/s")
    print(f"speed-up : {one / two:8.2f}x (goal: 1.8x)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
