"""Benchmark: ``ragusa simulate`` with 1 worker against 2 (or more) workers.

``python -m ragusa.sim.bench [--games 64] [--players 4] [--bots greedy] [--workers 2]``

Plays the same seeded games twice through :func:`ragusa.sim.runner.run`: once with one worker
(in this process: the fastest one-worker baseline, no pool) and once with ``--workers`` pool
processes, each into a fresh file in a temporary directory, checks that both files hold the same
rows, and prints the times, the speed-up and the peak memory (RSS) of the largest pool worker.
The target on a 2-core machine is a speed-up of at least 1.8 (:data:`TARGET_SPEEDUP`).
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from .games import RunConfig
from .runner import run
from .store import read_rows

__all__ = ["TARGET_SPEEDUP", "main"]

TARGET_SPEEDUP = 1.8


def _time(config: RunConfig, games: int, path: Path, workers: int, batch: int) -> float:
    summary = run(config, games, path, workers=workers, batch_size=batch, progress=False)
    return summary.seconds


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ragusa.sim.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--batch", type=int, default=4, help="games per task (default 4)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    config = RunConfig(args.seed, args.players, bots=tuple(args.bots.split(",")))
    with tempfile.TemporaryDirectory() as tmp:
        one = _time(config, args.games, Path(tmp) / "one.parquet", 1, args.batch)
        many = _time(config, args.games, Path(tmp) / "many.parquet", args.workers, args.batch)
        same = read_rows(Path(tmp) / "one.parquet") == read_rows(Path(tmp) / "many.parquet")
    rss_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    speedup = one / many if many else 0.0
    print(f"{args.games} games, {args.players} players, bots {args.bots}, batches of {args.batch}")
    print(f"1 worker (in-process): {one:.2f} s ({args.games / one:.1f} games/s)")
    print(f"{args.workers} workers (process pool): {many:.2f} s ({args.games / many:.1f} games/s)")
    print(f"speed-up: {speedup:.2f}x (target >= {TARGET_SPEEDUP}x with 2 workers on 2 idle cores)")
    print(f"peak memory of a pool worker: {rss_mib:.0f} MiB RSS")
    print(f"rows identical: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
