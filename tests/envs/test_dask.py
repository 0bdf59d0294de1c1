"""Tests for `skipbo.envs.dask`: tournaments on a Dask cluster match the local run."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from dask.distributed import Client, LocalCluster

from skipbo import Rules
from skipbo.arena import tournament
from skipbo.envs.dask import cluster_tournament, worker_threads

RULES = Rules(players=3, stock_size=4)


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    """A cluster of two worker processes of one thread each on this machine."""
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


def test_the_cluster_gives_the_local_result(client: Client) -> None:
    lineup = ["heuristic", "play-first", "random"]
    finished: list[int] = []
    on_cluster = cluster_tournament(
        client, RULES, lineup, games=24, seed=11, progress=finished.append
    )
    assert on_cluster == tournament(RULES, lineup, games=24, seed=11)
    assert sum(finished) == 24
    assert worker_threads(client) == 2
    assert len(client.scheduler_info()["workers"]) == 2


def test_a_different_seed_gives_a_different_tournament(client: Client) -> None:
    lineup = ["random", "random", "random"]
    first = cluster_tournament(client, RULES, lineup, games=12, seed=1)
    other = cluster_tournament(client, RULES, lineup, games=12, seed=2)
    assert first.summaries != other.summaries


def test_bad_arguments_fail_before_any_work(client: Client) -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        cluster_tournament(client, RULES, ["nobody"] * 3, games=1, seed=1)
