"""Scale-out on Dask: bot tournaments on a ``dask.distributed`` cluster.

Needs the ``dask`` extra (``pip install 'skipbo[dask]'``). skipbo has no scheduler of
its own: :func:`skipbo.arena.tournament` plays its games in any
:class:`concurrent.futures.Executor`, and a Dask client provides one. Every game is
derived from the tournament's seed and its index alone, so the result on a cluster
is the result of the same tournament played in one process.

.. code-block:: python

    from dask.distributed import Client
    from skipbo.envs.dask import cluster_tournament

    with Client("tcp://scheduler:8786") as client:
        result = cluster_tournament(
            client, skipbo.Rules(players=2), ["heuristic", "play-first"],
            games=1_000_000, seed=1,
        )

See the how-to "Run a large tournament on a Dask cluster" in the docs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor

from skipbo.common.extras import needs_extra

with needs_extra("dask"):
    from distributed import Client

from skipbo import Rules
from skipbo.arena import Entrant, TournamentResult, tournament

__all__ = ["cluster_tournament", "executor", "worker_threads"]


def executor(client: Client) -> Executor:
    """A :class:`concurrent.futures.Executor` that runs its calls on ``client``'s cluster."""
    pool: Executor = client.get_executor()
    return pool


def worker_threads(client: Client) -> int:
    """How many tasks the cluster runs at once (its workers' threads, at least 1)."""
    threads: dict[str, int] = client.nthreads()
    return max(1, sum(threads.values()))


def cluster_tournament(
    client: Client,
    rules: Rules,
    lineup: Sequence[Entrant],
    *,
    games: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
    max_moves: int | None = None,
) -> TournamentResult:
    """:func:`skipbo.arena.tournament` with its games played on ``client``'s cluster.

    The games are sent in chunks, a few for each worker thread, so that a slow
    worker does not hold up the end. The result equals ``tournament(rules, lineup,
    games=games, seed=seed)`` played in one process. Bots given as factories must be
    importable on the workers (defined in a module installed there). ``max_moves`` caps
    each game's moves, as for :func:`~skipbo.arena.tournament` (needed for rules that
    lift a bound).

    Raises:
        ValueError: as :func:`~skipbo.arena.tournament` does (before anything is sent
            to the cluster, for rules that lift a bound without ``max_moves``).

    """
    return tournament(
        rules,
        lineup,
        games=games,
        seed=seed,
        workers=worker_threads(client),
        executor=executor(client),
        progress=progress,
        max_moves=max_moves,
    )
