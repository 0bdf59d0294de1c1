"""Bots' moves in worker processes, each within a time budget, off the server's event loop.

A search bot may think for seconds; on the event loop's thread pool it held the
GIL that every request needs (issue 20, W4: another table's bot took 14.3 s a
turn, GETs 846 ms). Here each move is computed in one of a few worker processes
(``workers``) and waited for on the event loop without blocking it. A worker is
sent only the bot and the seat's view (never the state), and answers the move.

Each move has a deadline, ``move_seconds`` after its table asks for it: the time
it waits for a free worker counts. The bot is given what is left, less the
worker's slack (``think_share`` of it), to think in (an anytime search answers its
best move so far). A move that finds no worker in time, or whose worker overruns
the deadline (killed and replaced), is the caller's cheap ``fallback``, logged
without the move. So however many tables' bots think at once, no bot's move takes
longer than ``move_seconds``: busy tables make moves weaker, not slower.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import pickle
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from skipbo.common.bots import SeededBot

__all__ = ["OUT_OF_TIME", "PRELOADED", "BotPool", "choose_within"]

MIN_THINK_SHARE = 0.1
"""Below this part of ``move_seconds`` left to think in, a move is the cheap one."""

OUT_OF_TIME = ("bot-no-worker", "bot-too-late", "bot-overrun")
"""The log events of a move out of time (the cheap move played instead): no worker
free before the deadline, one free too late to think, a worker that overran."""

log = logging.getLogger("skipbo.web")

PRELOADED = ("skipbo.web.botpool", "skipbo.games.skipbo.bots", "skipbo.games.skyjo.bots")
"""What each worker has imported before its first job: what a job's pickle names.

A module a job names but a worker lacks is imported when the job arrives, within
the move's deadline: a fresh worker (and every replacement of an overrun one)
would overrun its first move too.
"""


def choose_within(bot: Any, seen: Any, seconds: float | None = None) -> Any:
    """``bot``'s move from its view ``seen``, thinking at most ``seconds`` if given.

    The job a table sends the pool (see :meth:`BotPool.choose`).
    """
    if seconds is not None and isinstance(bot, SeededBot):
        bot.limit_time(seconds)  # what is left of the move's budget once a worker is free
    return bot.choose(seen)


def _work(connection: Connection) -> None:
    """A worker's loop: run each job sent, answer its result (or the error's type only)."""
    while True:
        try:
            job, seconds = connection.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("move", job(seconds))
        except Exception as error:  # a bot's bug must not kill the worker
            # Only the type: a message might name a hidden card.
            answer = ("error", type(error).__name__)
        connection.send(answer)


class _Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, context: Any) -> None:
        parent, child = context.Pipe()
        self.process: BaseProcess = context.Process(target=_work, args=(child,), daemon=True)
        self.process.start()
        child.close()
        self.connection: Connection = parent

    def kill(self) -> None:
        self.process.kill()
        self.process.join(5)
        self.connection.close()


class BotPool:
    """A few worker processes that compute bots' moves, each within ``move_seconds``.

    Raises:
        ValueError: if ``workers`` is below 1, ``move_seconds`` is not positive or
            ``think_share`` is not between 0 and 1.

    """

    def __init__(self, workers: int, move_seconds: float, think_share: float = 0.7) -> None:
        if workers < 1 or not move_seconds > 0 or not 0 < think_share < 1:
            raise ValueError(
                "a bot pool needs one worker or more, a positive time budget and a"
                " thinking share between 0 and 1"
            )
        self.workers = workers
        self.move_seconds = move_seconds
        self.think_share = think_share
        self.overruns = 0
        """Moves that ran out of time (waiting for a worker or in one): the fallback's."""
        # forkserver: a worker is forked from a clean process (not this threaded one)
        # that has already imported the bots, so replacing a killed worker is quick.
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(list(PRELOADED))
        self._idle: asyncio.Queue[_Worker] | None = None
        self._up = asyncio.Event()  # set once the first workers have started
        self._all: set[_Worker] = set()
        self._tasks: set[asyncio.Task[None]] = set()  # workers starting

    def start(self) -> None:
        """Start the workers (in threads: a start blocks), unless they are started."""
        self._started()

    def _started(self) -> asyncio.Queue[_Worker]:
        """The queue of idle workers; the first call starts them."""
        if self._idle is None:
            self._idle = asyncio.Queue()
            self._up = asyncio.Event()
            loop = asyncio.get_running_loop()
            starting = [loop.create_task(self._add()) for _ in range(self.workers)]
            for task in starting:
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            up = loop.create_task(self._all_up(starting))
            self._tasks.add(up)
            up.add_done_callback(self._tasks.discard)
        return self._idle

    async def _all_up(self, starting: list[asyncio.Task[None]]) -> None:
        await asyncio.gather(*starting, return_exceptions=True)
        self._up.set()

    async def _add(self) -> None:
        worker = await self._spawn()
        if self._idle is not None:
            self._idle.put_nowait(worker)

    async def _spawn(self) -> _Worker:
        worker = await asyncio.to_thread(_Worker, self._context)
        self._all.add(worker)
        return worker

    async def close(self) -> None:
        """Stop every worker."""
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._idle = None
        for worker in list(self._all):
            await asyncio.to_thread(worker.kill)
        self._all.clear()

    async def choose(
        self, job: Callable[[float], Any], fallback: Callable[[], Any], table: str = ""
    ) -> Any:
        """The move ``job(seconds)`` computes in a worker, or ``fallback()`` if out of time.

        ``job`` must pickle (a bot and its view, say) and think at most ``seconds``:
        the share of the move's time left once a worker is free. A move is out of time
        when no worker is free before its deadline, when too little is left to think
        in, when the worker overruns, or when the job fails.
        """
        idle = self._started()
        await self._up.wait()  # the pool's own start-up is not a move's wait
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.move_seconds
        try:
            async with asyncio.timeout_at(deadline):
                worker = await idle.get()
        except TimeoutError:
            return self._out_of_time("bot-no-worker", table, fallback)
        think = self.think_share * (deadline - loop.time())
        if think < MIN_THINK_SHARE * self.move_seconds:
            # Too little left for a search to answer before its worker is killed (the
            # first deal is always searched): keep the worker, play the cheap move.
            idle.put_nowait(worker)
            return self._out_of_time("bot-too-late", table, fallback)
        replace = False
        try:
            kind, value = await self._ask(worker, job, think, deadline)
        except TimeoutError:
            replace = True
            return self._out_of_time("bot-overrun", table, fallback)
        except (EOFError, OSError):
            replace = True
            _log("bot-worker-died", table=table)
            return fallback()
        except (pickle.PicklingError, TypeError, AttributeError) as error:
            # The job does not pickle (a bot of a game whose objects do not): the worker
            # was sent nothing, so it stays; the table plays on with the cheap move.
            _log("bot-unpicklable", table=table, error=type(error).__name__)
            return fallback()
        except asyncio.CancelledError:
            replace = True  # the worker may still be computing: not reusable as it is
            raise
        finally:
            if replace:
                self._all.discard(worker)
                task = asyncio.get_running_loop().create_task(self._replace(worker))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            else:
                idle.put_nowait(worker)
        if kind != "move":
            _log("bot-error", table=table, error=str(value)[:80])
            return fallback()
        return value

    def _out_of_time(self, event: str, table: str, fallback: Callable[[], Any]) -> Any:
        """Count and log a move out of time; the cheap move instead."""
        self.overruns += 1
        _log(event, table=table, seconds=self.move_seconds)
        return fallback()

    async def _replace(self, worker: _Worker) -> None:
        await asyncio.to_thread(worker.kill)
        await self._add()

    async def _ask(
        self, worker: _Worker, job: Callable[[float], object], think: float, deadline: float
    ) -> tuple[str, Any]:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        descriptor = worker.connection.fileno()

        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(descriptor, readable)
        try:
            worker.connection.send((job, think))
            async with asyncio.timeout_at(deadline):
                await ready
            answer: tuple[str, Any] = worker.connection.recv()
        finally:
            loop.remove_reader(descriptor)
        return answer


def _log(event: str, **fields: object) -> None:
    log.info(json.dumps({"event": event, **fields}, sort_keys=True))
