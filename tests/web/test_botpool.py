"""The bot pool: a move's deadline counts its wait for a worker (issue 20, W4).

Real worker processes. The verdicts do not depend on the machine's speed: a
stalled job is killed at its deadline whatever the speed, and a move queued
behind it finds no worker before its own deadline, which falls within a
millisecond of the stalled one's, long before a replacement worker can start.
"""

from __future__ import annotations

import asyncio
import functools
import io
import json
import logging
import pickle
import subprocess
import sys
import time
from typing import Any

import pytest

import skipbo
from skipbo import skyjo
from skipbo.common.game import game_of
from skipbo.web.botpool import PRELOADED, BotPool, choose_within

FALLBACK = "fallback"


def _stall(seconds: float) -> float:
    """A job that overruns any deadline (a bot that ignores its time limit)."""
    time.sleep(3600)
    return seconds


def _thinking_time(seconds: float) -> float:
    """A job that answers the time it was given to think."""
    return seconds


def _fallback() -> str:
    return FALLBACK


async def _ask(pool: BotPool, job: object) -> object:
    return await pool.choose(job, _fallback)  # type: ignore[arg-type]


def test_a_move_gets_its_thinking_share_of_the_deadline() -> None:
    async def run() -> object:
        pool = BotPool(workers=1, move_seconds=60.0, think_share=0.5)
        try:
            return await _ask(pool, _thinking_time)
        finally:
            await pool.close()

    given = asyncio.run(run())
    assert isinstance(given, float)
    assert 0.5 * 60.0 * 0.1 < given <= 0.5 * 60.0  # the share of what was left


def test_a_move_queued_behind_an_overrun_plays_the_fallback_within_its_deadline(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="skipbo.web")

    async def run() -> tuple[object, object, int]:
        pool = BotPool(workers=1, move_seconds=0.5)
        try:
            stalled, queued = await asyncio.gather(_ask(pool, _stall), _ask(pool, _thinking_time))
            return stalled, queued, pool.overruns
        finally:
            await pool.close()

    stalled, queued, overruns = asyncio.run(run())
    # Before, the queued move waited for the stalled one's whole budget and then had a
    # whole budget of its own: twice the deadline. Now its wait counts.
    assert (stalled, queued, overruns) == (FALLBACK, FALLBACK, 2)
    # Each says in the log why its move was the cheap one.
    events = sorted(json.loads(record.getMessage())["event"] for record in caplog.records)
    assert events == ["bot-no-worker", "bot-overrun"]


def test_a_bot_pool_refuses_nonsense_settings() -> None:
    for workers, seconds, share in [(0, 1.0, 0.7), (1, 0.0, 0.7), (1, 1.0, 1.0), (1, 1.0, 0)]:
        with pytest.raises(ValueError, match="bot pool"):
            BotPool(workers, seconds, share)


class _Names(pickle.Unpickler):
    """Unpickles, noting each module the pickle names (those unpickling it imports)."""

    def __init__(self, data: bytes) -> None:
        super().__init__(io.BytesIO(data))
        self.modules: set[str] = set()

    def find_class(self, module: str, name: str) -> Any:
        self.modules.add(module)
        return super().find_class(module, name)


def _modules_named(data: bytes) -> set[str]:
    names = _Names(data)
    names.load()
    return names.modules


@pytest.mark.parametrize("rules", [skipbo.Rules(players=2), skyjo.Rules(players=2)], ids=repr)
def test_a_worker_has_loaded_every_module_a_bot_job_names(rules: object) -> None:
    # Before: a job named skipbo.web.tables, which no worker had loaded, so every fresh
    # worker spent its first move's deadline importing the server and was killed (13 of
    # 19 moves of a quiet table played the cheap move, each replacement overrunning too).
    adapter = game_of(rules)
    state = adapter.deal(rules, 1)
    seen = adapter.view(state, 0)
    named: set[str] = set()
    for factory in adapter.bots.values():
        job = functools.partial(choose_within, factory(1, time_limit=0.5), seen)
        named |= _modules_named(pickle.dumps(job))
    program = (
        f"import sys; import {', '.join(PRELOADED)}; "
        f"print(sorted(set({sorted(named)!r}) - set(sys.modules)))"
    )
    missing = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert missing == "[]"
