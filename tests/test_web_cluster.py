"""Three ``skipbo serve`` processes on one real PostgreSQL, under load and faults.

A bounded run of ``python -m tools.web_cluster``: 200 clients (HTTP and
WebSocket) on 50 tables of two people and a bot, spread so that every table has
clients on every process; one process is killed (SIGKILL) mid-game and
restarted, then PostgreSQL is restarted mid-run. Every acknowledged move must
be in the record exactly once at its version, no version acknowledged for two
moves, every spectator on every process must see the game's end (each within
the run's ceiling of ``tools.web_cluster.DEADLINE`` seconds), and every process
must show the same final table.
"""

from __future__ import annotations

from pathlib import Path

from tools.pgserver import PostgresServer
from tools.web_cluster import run_cluster

import skipbo

RULES = skipbo.Rules(players=3, stock_size=1)
"""Short games (about 11 moves each, 2 in 3 by people) keep the run bounded."""


def test_three_processes_keep_every_move_through_a_kill_and_a_database_restart(
    postgres: PostgresServer, tmp_path: Path
) -> None:
    figures = run_cluster(
        postgres, RULES, processes=3, tables=50, kill=80, restart_db=160, log_dir=tmp_path
    )
    assert figures.problems == []
    assert figures.clients == 200
    assert (figures.kills, figures.db_restarts) == (1, 1)  # both faults came mid-run
    assert figures.acknowledged > 160
    assert figures.bot_moves > 0  # the bots were driven, through both faults
    # The faults were felt: clients were cut off and reconnected.
    assert figures.reconnects > 0
