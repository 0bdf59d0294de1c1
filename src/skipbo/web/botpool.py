"""Bots' moves in worker processes, each within a time budget, off the server's event loop.

A search bot may think for seconds; on the event loop's thread pool it held the
GIL that every request needs (issue 20, W4: another table's bot took 14.3 s a
turn, GETs 846 ms). Here each move is computed in one of a few worker processes
(``workers``) and waited for on the event loop without blocking it. A worker is
sent only the bot and the seat's view (never the state), and answers the move.

Each move has a deadline (``move_seconds``). A worker that overruns it is killed
and replaced, and the table plays a cheap legal move instead (the caller's
``fallback``), logged without the move. Jobs wait in one first-come queue, at
most one per table (a table's bots move one after another), so a bot's move waits
at most ``ceil(tables thinking / workers)`` deadlines (:meth:`BotPool.bound`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import multiprocessing
import pickle
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

__all__ = ["BotPool"]

log = logging.getLogger("skipbo.web")


def _work(connection: Connection) -> None:
    """A worker's loop: run each job sent, answer its result (or the error's type only)."""
    while True:
        try:
            job = connection.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("move", job())
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
    """A few worker processes that compute bots' moves, each within ``move_seconds``."""

    def __init__(self, workers: int, move_seconds: float) -> None:
        if workers < 1 or not move_seconds > 0:
            raise ValueError("a bot pool needs one worker or more and a positive time budget")
        self.workers = workers
        self.move_seconds = move_seconds
        self.overruns = 0
        # forkserver: a worker is forked from a clean process (not this threaded one)
        # that has already imported the bots, so replacing a killed worker is quick.
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(["skipbo.bots", "skipbo.web.botpool"])
        self._idle: asyncio.Queue[_Worker] | None = None
        self._all: set[_Worker] = set()
        self._tasks: set[asyncio.Task[None]] = set()  # workers starting

    def bound(self, tables: int) -> float:
        """The longest a bot's move may take while ``tables`` tables' bots think at once."""
        return math.ceil(max(1, tables) / self.workers) * self.move_seconds

    def _started(self) -> asyncio.Queue[_Worker]:
        """The queue of idle workers; the first call starts them (in threads: a start blocks)."""
        if self._idle is None:
            self._idle = asyncio.Queue()
            loop = asyncio.get_running_loop()
            for _ in range(self.workers):
                task = loop.create_task(self._add())
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
        return self._idle

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
        self, job: Callable[[], Any], fallback: Callable[[], Any], table: str = ""
    ) -> Any:
        """The move ``job()`` computes in a worker, or ``fallback()`` if it overruns or fails.

        ``job`` must pickle (a bot's bound ``choose`` and a view, say).
        """
        idle = self._started()
        worker = await idle.get()
        replace = False
        try:
            kind, value = await self._ask(worker, job)
        except TimeoutError:
            self.overruns += 1
            replace = True
            _log("bot-overrun", table=table, seconds=self.move_seconds)
            return fallback()
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

    async def _replace(self, worker: _Worker) -> None:
        await asyncio.to_thread(worker.kill)
        await self._add()

    async def _ask(self, worker: _Worker, job: Callable[[], object]) -> tuple[str, Any]:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        descriptor = worker.connection.fileno()

        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(descriptor, readable)
        try:
            worker.connection.send(job)
            async with asyncio.timeout(self.move_seconds):
                await ready
            answer: tuple[str, Any] = worker.connection.recv()
        finally:
            loop.remove_reader(descriptor)
        return answer


def _log(event: str, **fields: object) -> None:
    log.info(json.dumps({"event": event, **fields}, sort_keys=True))
