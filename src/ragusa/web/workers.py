"""Where the web app's bots think: a pool of worker processes, off the requests' path.

A bot's decision (`ragusa.service.session.think`: the same seeded choice `ragusa engine` makes)
runs in a worker process, started at a lower priority than the server so that requests are
answered while the bots think. The searching bots (the `hard` level, `ismcts`) think in at most
`workers` processes at once (by default one per core this process may use); the quick bots
(every other level: milliseconds a move) have one process more, so a person's move beside quick
bots never waits behind a table of searching bots. Decisions wait their turn in order, the quick
ones first. The request waiting for a decision holds only its game's lock; other games and every
other request go on. The `analyse` op's searches run there too, waiting their turn as the same
bot's decisions do, never in a request's thread.
"""

from __future__ import annotations

import heapq
import itertools
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from ..contract.views import PlayerView
from ..core.actions import Action
from ..service.analysis import Move
from ..service.analysis import run as run_analysis
from ..service.session import Session, think

T = TypeVar("T")

__all__ = ["BotPool", "default_workers"]


def default_workers() -> int:
    """The cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def _start_worker(server: int) -> None:
    """A worker's start: a lower priority than the server's, and an end of its own when the server
    ends, even killed (its parent changes)."""
    try:
        os.nice(5)
    except (AttributeError, OSError):  # pragma: no cover - not POSIX, or not allowed
        pass

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGKILL)  # the server is gone: nothing here is worth keeping

    threading.Thread(target=watch, name="ragusa-worker-watch", daemon=True).start()


def _slow(spec: str) -> bool:
    """Whether the bot `spec` searches (seconds a move) rather than decides at once."""
    return spec.split(":", 1)[0] in {"ismcts", "hard"}


class BotPool:
    """`workers` processes deciding the bots' moves; `choose` blocks its caller (a request's thread)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        self._executor: ProcessPoolExecutor | None = None
        self._cv = threading.Condition()
        self._waiting: list[tuple[int, int]] = []
        self._order = itertools.count()
        #: decisions being made: the searches', all
        self._searching = 0
        self._busy = 0
        self._closed = False

    def _pool(self) -> ProcessPoolExecutor:
        with self._cv:
            if self._closed:
                raise RuntimeError("the server is stopping: no more bot moves")
            if self._executor is None:
                self._executor = ProcessPoolExecutor(
                    self.workers + 1,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_worker,
                    initargs=(os.getpid(),),
                )
            return self._executor

    def choose(self, session: Session, spec: str) -> Action:
        """The bot `spec`'s action in `session`, decided in a worker process."""
        return self._run(_slow(spec), think, session.state, spec, session.seed, len(session.actions))

    def analyse(
        self, v: PlayerView, spec: str, any_spec: bool, budget: dict[str, int], seed: str
    ) -> tuple[list[Move], int]:
        """An analysis (`ragusa.service.analysis.run`) made in a worker process, waiting its turn as
        a bot's decision by the same bot would."""
        return self._run(_slow(spec), run_analysis, v, spec, any_spec, budget, seed)

    def _run(self, slow: bool, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` in a worker process, when its turn comes (the quick ones first)."""
        ticket = (1 if slow else 0, next(self._order))

        def my_turn() -> bool:
            if self._waiting[0] != ticket or self._busy > self.workers:
                return False
            return not slow or self._searching < self.workers

        with self._cv:
            heapq.heappush(self._waiting, ticket)
            self._cv.wait_for(my_turn)
            heapq.heappop(self._waiting)
            self._busy += 1
            self._searching += slow
            self._cv.notify_all()
        pool = self._pool()
        try:
            try:
                return pool.submit(fn, *args).result()
            except BrokenProcessPool:  # a worker died (killed from outside): a fresh pool decides again
                with self._cv:
                    if self._executor is pool:
                        self._executor = None
                return self._pool().submit(fn, *args).result()
        finally:
            with self._cv:
                self._busy -= 1
                self._searching -= slow
                self._cv.notify_all()

    def close(self) -> None:
        with self._cv:
            executor, self._executor, self._closed = self._executor, None, True
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)
