"""Benchmark: `ragusa simulate` with 1 worker against 2 (or more) workers.

`python -m ragusa.sim.bench [--games 128] [--players 4] [--bots greedy] [--workers 2] [--batch 2]`

Plays the same seeded games twice through `ragusa.sim.runner.run`: once with one worker
(in this process: the fastest one-worker baseline, no pool) and once with `--workers` pool
processes, each into a fresh file in a temporary directory, checks that both files hold the same
rows, and prints the times, the speed-up and the peak memory (RSS) of the largest pool worker.
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

from .games import RunConfig
from .runner import RunSummary, run
from .store import read_rows

__all__ = ["TARGET_SPEEDUP", "main"]

TARGET_SPEEDUP = 1.8


def _run(config: RunConfig, games: int, path: Path, workers: int, batch: int) -> tuple[RunSummary, float]:
    """The run's summary, and the CPU seconds this (parent) process spent on it."""
    cpu = time.process_time()
    summary = run(config, games, path, workers=workers, batch_size=batch, progress=False)
    return summary, time.process_time() - cpu


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ragusa.sim.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=128)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--batch", type=int, default=2, help="games per task (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    config = RunConfig(args.seed, args.players, bots=tuple(args.bots.split(",")))
    with tempfile.TemporaryDirectory() as tmp:
        one, _ = _run(config, args.games, Path(tmp) / "one.parquet", 1, args.batch)
        many, parent = _run(config, args.games, Path(tmp) / "many.parquet", args.workers, args.batch)
        same = read_rows(Path(tmp) / "one.parquet") == read_rows(Path(tmp) / "many.parquet")
    speedup = one.seconds / many.seconds if many.seconds else 0.0
    n = args.games
    print(f"{n} games, {args.players} players, bots {args.bots}, batches of {args.batch}")
    print(f"1 worker (in-process): {one.seconds:.2f} s ({n / one.seconds:.1f} games/s)")
    print(f"{args.workers} workers (process pool): {many.seconds:.2f} s ({n / many.seconds:.1f} games/s)")
    print(f"speed-up: {speedup:.2f}x (target >= {TARGET_SPEEDUP}x with 2 workers on 2 otherwise idle cores)")
    # on a busy machine the wall-clock figure says little; CPU per game says whether workers lose time
    print(
        f"CPU per game: {1000 * one.game_cpu / n:.0f} ms (1 worker), {1000 * many.game_cpu / n:.0f} ms "
        f"({args.workers} workers); peak memory of a pool worker: {many.worker_peak_rss_kib / 1024:.0f} MiB RSS"
    )
    # Amdahl: the games' CPU split evenly over the workers, plus what the parent does alone
    bound = one.game_cpu / (many.game_cpu / args.workers + parent) if parent or many.game_cpu else 0.0
    print(
        f"parent CPU during the pool run: {parent:.2f} s; predicted speed-up on idle cores: {bound:.2f}x "
        "(without the fork server's start-up, once per process)"
    )
    print(f"rows identical: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
