"""Play the games of a run on a backend and write their rows as they finish.

Backends (each yields a `JobResult` per batch as batches finish, in any order):

* `serial`: in this process (what `--workers 1` uses with the process backend);
* `process`: a `multiprocessing` pool (`forkserver`) of `workers` processes;
* `ray`: one Ray task per batch, on a local Ray started with `num_cpus=workers` or on the
  cluster at `address`.

`run` writes finished batches in batch order (a batch finished early waits in memory for
the ones before it), so a whole run gives the same file whatever the backend or worker count;
after Ctrl-C it writes every finished batch and keeps them (see `ragusa.sim.store`).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
from tqdm import tqdm

from .games import Job, JobResult, Row, RunConfig, play_job
from .records import RecordDir
from .store import ResultWriter, StoreError, done_games

__all__ = ["BACKENDS", "RunSummary", "batches", "run"]

BACKENDS = ("process", "ray")
#: one finished batch: (batch number, its rows)
Done = JobResult


@attrs.frozen
class RunSummary:
    #: games asked for, games found already in the file, games played now
    games: int
    skipped: int
    played: int
    #: True if the run stopped on Ctrl-C (what finished is kept)
    interrupted: bool
    #: wall-clock seconds of the run
    seconds: float
    #: CPU seconds spent playing the games (summed over workers), and a worker's peak RSS in KiB
    game_cpu: float = 0.0
    worker_peak_rss_kib: int = 0


def batches(todo: Sequence[int], size: int) -> list[list[int]]:
    """`todo` cut into consecutive batches of `size` games (the last may be shorter)."""
    return [list(todo[i : i + size]) for i in range(0, len(todo), size)]


def _ignore_sigint() -> None:
    # Ctrl-C reaches every process of the terminal's group; only the parent handles it
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _serial(jobs: list[Job], workers: int, address: str | None) -> Iterator[Done]:
    for job in jobs:
        yield play_job(job)


def _process(jobs: list[Job], workers: int, address: str | None) -> Iterator[Done]:
    if workers <= 1:
        yield from _serial(jobs, workers, address)
        return
    # forkserver: workers fork from a server process that has imported the game code once, so a
    # worker starts at once and shares those pages; no thread of this process is forked
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["ragusa.sim.games"])
    with ctx.Pool(workers, initializer=_ignore_sigint) as pool:  # leaving the block terminates it
        yield from pool.imap_unordered(play_job, jobs)


def _ray(jobs: list[Job], workers: int, address: str | None) -> Iterator[Done]:
    from .ray_backend import ray_jobs

    yield from ray_jobs(play_job, jobs, workers, address)


_BACKENDS: dict[str, Callable[[list[Job], int, str | None], Iterator[Done]]] = {
    "serial": _serial,
    "process": _process,
    "ray": _ray,
}


def run(
    config: RunConfig,
    games: int,
    out: str | os.PathLike[str],
    *,
    workers: int = 1,
    backend: str = "process",
    address: str | None = None,
    batch_size: int = 8,
    progress: bool = True,
    on_batch: Callable[[int], Any] | None = None,
    records: str | os.PathLike[str] | None = None,
) -> RunSummary:
    """Play games `0 .. games - 1` of `config` not already in `out` and add their rows.

    `records`: a directory where each game's record is written too (`ragusa.sim.records`); a game
    already in `out` whose record is missing is played again for its record only.
    `on_batch(games_written_so_far)` is called after each batch is written (a hook for
    progress reporting and for tests). Ctrl-C (`KeyboardInterrupt`) stops the run,
    keeps every finished batch and returns with `interrupted=True`.
    """
    t0 = time.perf_counter()
    done = done_games(out, config)
    try:
        record_dir = None if records is None else RecordDir(records, config)
    except ValueError as exc:
        raise StoreError(str(exc)) from None
    unrecorded = set() if record_dir is None else record_dir.missing(range(games))
    todo = [g for g in range(games) if g not in done or g in unrecorded]
    here = os.getcwd()
    jobs: list[Job] = [(i, config, b, record_dir is not None, here) for i, b in enumerate(batches(todo, batch_size))]
    skipped = games - len([g for g in todo if g not in done])
    bar = tqdm(total=games, initial=skipped, unit="game", file=sys.stderr, disable=not progress, smoothing=0.05)
    played = 0
    interrupted = False
    waiting: dict[int, JobResult] = {}
    cpu = 0.0
    rss = 0
    with ResultWriter(out, config) as writer:
        try:
            source = _BACKENDS[backend](jobs, workers, address) if jobs else iter(())
            try:
                following = 0
                for result in source:
                    waiting[result.number] = result
                    cpu += result.cpu
                    rss = max(rss, result.peak_rss_kib)
                    while following in waiting:
                        played += _write(writer, record_dir, done, waiting.pop(following), bar)
                        following += 1
                        if on_batch is not None:
                            on_batch(played)
            finally:
                close = getattr(source, "close", None)
                if close is not None:
                    close()
        except KeyboardInterrupt:
            interrupted = True
        finally:
            for number in sorted(waiting):  # finished out of order before the stop: keep them too
                played += _write(writer, record_dir, done, waiting.pop(number), bar)
            bar.close()
    return RunSummary(games, skipped, played, interrupted, time.perf_counter() - t0, cpu, rss)


def _write(writer: ResultWriter, record_dir: RecordDir | None, done: set[int], result: JobResult, bar: Any) -> int:
    """Write a finished batch: the rows of the games not already in the file, and their records."""
    rows: list[Row] = [r for r in result.rows if r["game"] not in done]
    writer.write(rows)
    if record_dir is not None:
        for game, record in result.records.items():
            record_dir.write(game, record)
    new = len({r["game"] for r in rows})
    bar.update(new)
    return new
