"""`ragusa simulate` and `ragusa report`: arguments and handlers.

This module imports no optional dependency at import time (the base CLI imports it); the
handlers import `ragusa.sim.runner` / `ragusa.sim.report`, which need the `sim`
extra, and say how to install it if it is missing.
"""

from __future__ import annotations

import argparse
import signal
import sys
from types import FrameType

from ragusa.core.state import EDITIONS

__all__ = ["configure_report", "configure_simulate", "run_report", "run_simulate"]

_EXTRA = "needs the sim extra: pip install 'ragusa[sim]'"


#: the presets' names (`ragusa.sim.presets.PRESETS`; listed here so that the base CLI imports nothing more)
PRESET_NAMES = ("strength", "balance", "benchmark")


def configure_simulate(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--preset",
        choices=PRESET_NAMES,
        default=None,
        help="a named set of runs, each in its own file in the --out directory, then its report "
        "(strength: the bots against each other, and --bots SPEC against each; balance: the seat advantage with "
        "greedy and expert; benchmark: --bots SPEC on fixed deals against expert and the hard level)",
    )
    p.add_argument(
        "--games", type=int, default=None, help="number of games (indices 0 .. N-1); with --preset, at most N a run"
    )
    p.add_argument("--players", type=int, default=None, help="players, 2 to 5; 1 is the solo game")
    p.add_argument("--edition", choices=EDITIONS, default="2nd", help="rulebook edition (default 2nd)")
    p.add_argument(
        "--bots",
        default="greedy",
        help="comma-separated bot specs (ragusa.bots.make_bot), rotated over the seats (default greedy); "
        "a bot of your own is module:factory or path/to/file.py:factory",
    )
    p.add_argument("--seed", type=int, default=0, help="run seed; game g's seed is a hash of (seed, g) (default 0)")
    p.add_argument("--workers", type=int, default=1, help="parallel workers (default 1)")
    p.add_argument(
        "--out",
        required=True,
        help="Parquet file, an existing one of the same run is continued; with --preset, the directory of its files",
    )
    p.add_argument(
        "--records",
        default=None,
        metavar="DIR",
        help="also write each game's record (the JSON ragusa verify and ragusa.replay read), one file a game, to DIR",
    )
    p.add_argument("--report", default=None, help="with --preset: the directory of its report (default: --out)")
    p.add_argument(
        "--backend", choices=("process", "ray"), default="process", help="process pool (default) or Ray tasks"
    )
    p.add_argument("--address", default=None, help="Ray cluster address (with --backend ray; default: a local Ray)")
    p.add_argument("--batch", type=int, default=8, help="games per task (default 8)")
    p.add_argument("--strict", action="store_true", help="R-3 strict: Market/Wharf need a commodity already held")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _fail(command: str, message: str) -> int:
    print(f"ragusa {command}: {message}", file=sys.stderr)
    return 2


def _check_simulate(args: argparse.Namespace) -> str | None:
    if args.games is not None and args.games < 0:
        return f"--games must be 0 or more; got {args.games}"
    if args.workers < 1:
        return f"--workers must be 1 or more; got {args.workers}"
    if args.batch < 1:
        return f"--batch must be 1 or more; got {args.batch}"
    if args.address and args.backend != "ray":
        return "--address needs --backend ray"
    if args.preset is not None:
        if args.records is not None:
            return "--records goes with a single run (--games and --players), not with --preset"
        if args.edition != "2nd" or args.strict or (args.players is not None and args.preset != "benchmark"):
            return "--preset sets the players, edition and rules of its runs; drop those options"
        if args.preset == "balance" and args.bots != "greedy":
            return "--preset balance sets the bots of its runs; drop --bots"
        if args.preset == "benchmark" and args.players not in (None, 2, 3, 4):
            return f"--players with --preset benchmark is 2, 3 or 4; got {args.players}"
        if args.preset == "strength" and args.bots == "greedy":
            return None
        if "," in args.bots:
            return f"--preset {args.preset} takes one bot spec, the bot to measure; got {args.bots!r}"
        return _check_bots([args.bots])
    if args.games is None or args.players is None:
        return "give --games and --players, or a --preset"
    if args.report is not None:
        return "--report goes with --preset"
    if not 1 <= args.players <= 5:
        return f"--players must be 1 to 5 (1 is solo); got {args.players}"
    return _check_bots([b.strip() for b in args.bots.split(",")])


def _check_bots(bots: list[str]) -> str | None:
    if not all(bots):
        return f"--bots: empty bot name in {','.join(bots)!r}"
    from ragusa.bots import make_bot

    for spec in dict.fromkeys(bots):
        try:
            make_bot(spec, imports=True)
        except ValueError as exc:
            return f"--bots: {exc}"
    return None


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt  # SIGTERM stops a run like Ctrl-C: what finished is kept


def run_simulate(args: argparse.Namespace) -> int:
    problem = _check_simulate(args)
    if problem:
        return _fail("simulate", problem)
    try:
        from .games import RunConfig
        from .runner import run
        from .store import StoreError
    except ImportError:
        return _fail("simulate", _EXTRA)
    if args.backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            return _fail("simulate", "--backend ray " + _EXTRA)
    if args.preset is not None:
        return _run_preset(args)
    config = RunConfig(
        args.seed, args.players, args.edition, tuple(b.strip() for b in args.bots.split(",")), args.strict
    )
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        summary = run(
            config, args.games, args.out, workers=args.workers, backend=args.backend,
            address=args.address, batch_size=args.batch, progress=not args.quiet, records=args.records,
        )  # fmt: skip
    except StoreError as exc:
        return _fail("simulate", str(exc))
    finally:
        signal.signal(signal.SIGTERM, previous)
    rate = summary.played / summary.seconds if summary.seconds else 0.0
    print(
        f"{summary.played} games played, {summary.skipped} already in {args.out}, "
        f"{summary.seconds:.1f} s ({rate:.1f} games/s)",
        file=sys.stderr,
    )
    if summary.interrupted:
        print(
            f"interrupted: the finished games are kept in {args.out}; run the same command to continue", file=sys.stderr
        )
        return 130
    return 0


def _run_preset(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .presets import preset_runs
    from .runner import run
    from .store import StoreError, read_rows

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    # the bot of your own: the benchmark's (greedy by default), the strength preset's unless the default
    measured = args.preset == "benchmark" or (args.preset == "strength" and args.bots != "greedy")
    candidate = args.bots.strip() if measured else None
    runs = preset_runs(args.preset, candidate, args.players)
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        for i, r in enumerate(runs):
            games = r.games if args.games is None else min(args.games, r.games)
            path = out / f"{r.name}.parquet"
            print(f"[{i + 1}/{len(runs)}] {r.name}: {games} games of {', '.join(r.config.bots)}", file=sys.stderr)
            summary = run(
                r.config, games, path, workers=args.workers, backend=args.backend,
                address=args.address, batch_size=args.batch, progress=not args.quiet,
            )  # fmt: skip
            print(f"    {summary.played} games played, {summary.skipped} already in {path}", file=sys.stderr)
            if summary.interrupted:
                print(
                    f"interrupted: the finished games are kept in {out}; run the same command to continue",
                    file=sys.stderr,
                )
                return 130
    except StoreError as exc:
        return _fail("simulate", str(exc))
    finally:
        signal.signal(signal.SIGTERM, previous)
    report = Path(args.report or out)
    report.mkdir(parents=True, exist_ok=True)
    if args.preset == "strength":
        from .strength import markdown, read_runs

        text = markdown(read_runs(out, runs))
        (report / "strength.md").write_text(text, encoding="utf-8")
    elif args.preset == "benchmark":
        from .benchmark import markdown as benchmark_markdown
        from .strength import read_runs

        assert candidate is not None
        text = benchmark_markdown(candidate, read_runs(out, runs))
        (report / "benchmark.md").write_text(text, encoding="utf-8")
    else:
        from .balance import write_balance

        text = write_balance([(r.config.bots[0], read_rows(out / f"{r.name}.parquet")) for r in runs], report)
    print(text, end="")
    return 0


def configure_report(p: argparse.ArgumentParser) -> None:
    p.add_argument("results", help="a Parquet file written by ragusa simulate")
    p.add_argument("--out", required=True, help="directory for index.html and the plots")


def run_report(args: argparse.Namespace) -> int:
    try:
        from .report import write_report
        from .store import StoreError
    except ImportError:
        return _fail("report", _EXTRA)
    try:
        index = write_report(args.results, args.out)
    except StoreError as exc:
        return _fail("report", str(exc))
    except OSError as exc:
        return _fail("report", f"cannot write to {args.out}: {exc.strerror or exc}")
    print(index)
    return 0
