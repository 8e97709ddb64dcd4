"""The workers' speed-up: `ragusa simulate` with 1 worker against 2 (or more) workers.

`python -m ragusa.sim.speedup [--games 256] [--players 4] [--bots greedy] [--workers 2] [--batch 2] [--rounds 3]`

Plays the same seeded games twice per round through `ragusa.sim.runner.run`: once with one
worker (in this process: the fastest one-worker baseline, no pool) and once with `--workers` pool
processes, each into a fresh file in a temporary directory, checks that both files hold the same
rows, and prints the times per round, the median speed-up over the rounds (the two runs of a
round follow each other, so both meet the same conditions; on a virtual machine a process's CPU
cost per game moves by about 10% from run to run, which one pair of runs cannot tell from the
pool's own cost) and the peak memory (RSS) of the largest pool worker.
It also prints the CPU time per game in both runs (equal when the workers lose nothing to each
other; on a busy machine the wall-clock speed-up says little), the CPU the parent process spent
during the pool run, and from these the speed-up idle cores would give (games' CPU split over the
workers plus the parent's serial part).
The target on a 2-core machine is a speed-up of at least 1.8 (`TARGET_SPEEDUP`).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from .games import MEASURED_COLUMNS, RunConfig
from .runner import RunSummary, run
from .store import read_rows

__all__ = ["TARGET_SPEEDUP", "main"]

TARGET_SPEEDUP = 1.8


def _run(config: RunConfig, games: int, path: Path, workers: int, batch: int) -> tuple[RunSummary, float]:
    """The run's summary, and the CPU seconds this (parent) process spent on it."""
    cpu = time.process_time()
    summary = run(config, games, path, workers=workers, batch_size=batch, progress=False)
    return summary, time.process_time() - cpu


#: one round: the 1-worker run, the pool run, and the parent's CPU seconds during the pool run
Summaries = tuple[RunSummary, RunSummary, float]


def _round(config: RunConfig, games: int, tmp: Path, k: int, workers: int, batch: int) -> tuple[Summaries, bool]:
    """One round: the games with one worker, then with `workers`; both files must hold the same rows."""
    one, _ = _run(config, games, tmp / f"one-{k}.parquet", 1, batch)
    many, parent = _run(config, games, tmp / f"many-{k}.parquet", workers, batch)
    same = _game_rows(tmp / f"one-{k}.parquet") == _game_rows(tmp / f"many-{k}.parquet")
    return (one, many, parent), same


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ragusa.sim.speedup", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=256)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--batch", type=int, default=2, help="games per task (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=3, help="1-worker and pool runs, alternated (default 3)")
    args = parser.parse_args(argv)
    config = RunConfig(args.seed, args.players, bots=tuple(args.bots.split(",")))
    n, rounds = args.games, max(1, args.rounds)
    print(f"{n} games, {args.players} players, bots {args.bots}, batches of {args.batch}, {rounds} round(s)")
    results: list[Summaries] = []
    same = True
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(rounds):
            (one, many, parent), ok = _round(config, n, Path(tmp), k, args.workers, args.batch)
            same = same and ok
            results.append((one, many, parent))
            print(
                f"round {k + 1}: 1 worker (in-process) {one.seconds:.2f} s, {args.workers} workers (process pool) "
                f"{many.seconds:.2f} s: {_ratio(one, many):.2f}x; CPU per game {1000 * one.game_cpu / n:.0f} ms and "
                f"{1000 * many.game_cpu / n:.0f} ms; parent CPU {parent:.2f} s"
            )
    ratios = sorted(_ratio(one, many) for one, many, _ in results)
    median = ratios[len(ratios) // 2]
    print(
        f"speed-up: {median:.2f}x, the median of the rounds (range {ratios[0]:.2f}x to {ratios[-1]:.2f}x; "
        f"target >= {TARGET_SPEEDUP}x with 2 workers on 2 otherwise idle cores)"
    )
    one, many, parent = results[-1]
    # Amdahl, from CPU times alone (what to read on a busy machine): the games' CPU split evenly
    # over the workers, plus what the parent does alone
    bound = one.game_cpu / (many.game_cpu / args.workers + parent) if parent or many.game_cpu else 0.0
    print(
        f"predicted speed-up on idle cores (last round, CPU times): {bound:.2f}x (without the fork server's "
        f"start-up, once per process); peak memory of a pool worker: {many.worker_peak_rss_kib / 1024:.0f} MiB RSS"
    )
    print(f"rows identical: {'yes' if same else 'NO'}")
    return 0 if same else 1


def _game_rows(path: Path) -> list[dict[str, object]]:
    """The rows of a results file without the columns that measure the machine (`MEASURED_COLUMNS`)."""
    return [{k: v for k, v in row.items() if k not in MEASURED_COLUMNS} for row in read_rows(path)]


def _ratio(one: RunSummary, many: RunSummary) -> float:
    return one.seconds / many.seconds if many.seconds else 0.0


if __name__ == "__main__":
    sys.exit(main())
