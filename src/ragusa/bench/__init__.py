"""Benchmark: random playouts on one core.

`python -m ragusa.bench` or `ragusa bench [--games N] [--players 4] [--seed S] [--profile]`.

Each playout starts from `new_game(players, seed=seed + k)` and picks uniformly among the
legal actions with its own `random.Random` (the game's generator is not touched). The
calls to `ragusa.legal_actions` and `ragusa.apply` are timed separately with
`time.perf_counter`; a decision is one applied action. A few warm-up games run first and
are not counted; the total is CPU time of the process (one core: waiting while other programs
run does not count), the calls wall-clock time. `--profile` runs the same playouts under `cProfile` and prints the
functions with the most time spent in them.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from collections.abc import Sequence

import attrs

from ragusa.bench import perft as perft_module
from ragusa.bench.suite import suite_lines
from ragusa.core.actions import Action
from ragusa.core.build import describe as describe_build
from ragusa.core.state import GameState
from ragusa.rules.game import new_game
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import is_terminal
from ragusa.rules.resolution import apply, step

__all__ = ["BenchResult", "StepCost", "add_arguments", "main", "playouts", "profile", "run", "run_bench", "step_cost"]

#: the floor the library aims for, in decisions per second (4 players, random playouts, one core)
TARGET_DECISIONS_PER_SECOND = 5000


@attrs.frozen
class BenchResult:
    games: int
    players: int
    decisions: int
    #: CPU seconds of the measured playouts (choosing, legal_actions, apply, bookkeeping)
    seconds: float
    legal_calls: int
    legal_seconds: float
    apply_calls: int
    apply_seconds: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0

    @property
    def us_per_legal(self) -> float:
        return 1e6 * self.legal_seconds / max(self.legal_calls, 1)

    @property
    def us_per_apply(self) -> float:
        return 1e6 * self.apply_seconds / max(self.apply_calls, 1)

    @property
    def ms_per_game(self) -> float:
        return 1e3 * self.seconds / max(self.games, 1)

    def lines(self) -> list[str]:
        return [
            f"measured: {self.games} games, {self.players} players, {self.decisions} decisions "
            f"({self.decisions / max(self.games, 1):.1f} per game), {self.seconds:.3f} s",
            f"decisions per second: {self.decisions_per_second:,.0f} (floor target {TARGET_DECISIONS_PER_SECOND:,})",
            f"legal_actions: {self.us_per_legal:.1f} us per call ({self.legal_calls} calls)",
            f"apply: {self.us_per_apply:.1f} us per call ({self.apply_calls} calls)",
            f"full game: {self.ms_per_game:.2f} ms",
        ]


def playouts(games: int, players: int = 4, seed: int = 0, edition: str = "2nd") -> BenchResult:
    """Play `games` random playouts (seeds `seed .. seed + games - 1`) and time them."""
    pc = time.perf_counter
    decisions = 0
    legal_t = apply_t = 0.0
    legal_n = apply_n = 0
    cpu0 = time.process_time()
    for k in range(games):
        rng = random.Random(seed + k)
        state = new_game(players, seed=seed + k, edition=edition)
        while not is_terminal(state):
            a = pc()
            actions = legal_actions(state)
            b = pc()
            action = actions[rng.randrange(len(actions))]
            c = pc()
            state = apply(state, action)
            d = pc()
            legal_t += b - a
            apply_t += d - c
            legal_n += 1
            apply_n += 1
            decisions += 1
    return BenchResult(
        games=games,
        players=players,
        decisions=decisions,
        seconds=time.process_time() - cpu0,
        legal_calls=legal_n,
        legal_seconds=legal_t,
        apply_calls=apply_n,
        apply_seconds=apply_t,
    )


def run_bench(games: int = 200, players: int = 4, seed: int = 0, warmup: int = 5, edition: str = "2nd") -> BenchResult:
    """Warm up with `warmup` games (other seeds, not counted), then measure `games` playouts."""
    if warmup:
        playouts(warmup, players, seed=seed + 1_000_000, edition=edition)
    return playouts(games, players, seed=seed, edition=edition)


@attrs.frozen
class StepCost:
    """What reporting events costs: `ragusa.step` against `ragusa.apply` on the same decisions."""

    decisions: int
    passes: int
    #: the fastest pass over every decision, in microseconds per call
    us_per_apply: float
    us_per_step: float

    def line(self) -> str:
        return (
            f"step: {self.us_per_step:.1f} us per call, {self.us_per_step / max(self.us_per_apply, 1e-9):.2f}x apply "
            f"({self.us_per_apply:.1f} us; the same {self.decisions} decisions, fastest of {self.passes} passes)"
        )


def step_cost(games: int = 6, seed: int = 0, passes: int = 15, edition: str = "2nd") -> StepCost:
    """Time `step` and `apply` on the decisions of `games` random playouts (3 and 4 players in turn,
    seeds `seed ..`): each pass calls one of them on every decision; the fastest pass counts."""
    decisions: list[tuple[GameState, Action]] = []
    for k in range(games):
        rng = random.Random(seed + k)
        state = new_game(3 + k % 2, seed=seed + k, edition=edition)
        while not is_terminal(state):
            actions = legal_actions(state)
            action = actions[rng.randrange(len(actions))]
            decisions.append((state, action))
            state = apply(state, action)
    pc = time.perf_counter
    best = {apply: float("inf"), step: float("inf")}
    for _ in range(passes):
        for f in (apply, step):
            a = pc()
            for s, x in decisions:
                f(s, x)
            best[f] = min(best[f], pc() - a)
    n = max(len(decisions), 1)
    return StepCost(len(decisions), passes, 1e6 * best[apply] / n, 1e6 * best[step] / n)


def _untimed(games: int, players: int, seed: int, edition: str = "2nd") -> int:
    """The playouts without the timers, for the profiler."""
    decisions = 0
    for k in range(games):
        rng = random.Random(seed + k)
        state = new_game(players, seed=seed + k, edition=edition)
        while not is_terminal(state):
            actions = legal_actions(state)
            state = apply(state, actions[rng.randrange(len(actions))])
            decisions += 1
    return decisions


def profile(
    games: int = 100, players: int = 4, seed: int = 0, top: int = 25, sort: str = "tottime", edition: str = "2nd"
) -> str:
    """cProfile a batch of random playouts; the `top` functions by `sort` (tottime: time in the
    function itself; cumulative: with its callees), as pstats prints them."""
    prof = cProfile.Profile()
    prof.enable()
    _untimed(games, players, seed, edition)
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.strip_dirs().sort_stats(sort).print_stats(top)
    return out.getvalue()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The benchmark's options (shared by `python -m ragusa.bench` and `ragusa bench`)."""
    parser.add_argument("--games", type=int, default=200, help="measured playouts (default 200)")
    parser.add_argument(
        "--players", type=int, default=4, choices=range(1, 6), metavar="{1..5}", help="default 4 (1: solo)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first playout (playout k uses seed + k)")
    parser.add_argument("--warmup", type=int, default=5, help="unmeasured warm-up playouts (default 5)")
    parser.add_argument("--edition", choices=("1st", "2nd"), default="2nd")
    parser.add_argument(
        "--profile", action="store_true", help="also run the playouts under cProfile and print the hotspots"
    )
    parser.add_argument("--top", type=int, default=25, help="functions listed by --profile (default 25)")
    parser.add_argument(
        "--suite-games",
        type=int,
        default=None,
        help="games per mode of the suite (ratio to python-chess per mode, placement costs, phases, "
        "memory); default: --games / 4, at least 2; 0 skips the suite",
    )
    parser.add_argument("--perft", action="store_true", help="also check every committed perft count (slow)")
    parser.add_argument(
        "--no-reading", action="store_true", help="skip the JSON reading figures (state, record, import ragusa)"
    )


def run(args: argparse.Namespace) -> int:
    """Run the benchmark for parsed arguments (see `add_arguments`) and print the figures."""
    if args.games < 1:
        print("ragusa bench: --games must be at least 1", file=sys.stderr)
        return 2
    print(f"build: {describe_build()}, Python {sys.version.split()[0]}", flush=True)
    result = run_bench(args.games, args.players, seed=args.seed, warmup=max(args.warmup, 0), edition=args.edition)
    for line in result.lines():
        print(line)
    print(step_cost(seed=args.seed, edition=args.edition).line())
    if not args.no_reading:
        from ragusa.bench.reading import measure_reading

        print("reading JSON (the trust boundary):")
        for line in measure_reading().lines():
            print("  " + line)
    suite_games = max(args.games // 4, 2) if args.suite_games is None else args.suite_games
    if suite_games > 0:
        print()
        for line in suite_lines(suite_games, seed=args.seed):
            print(line, flush=True)
    if args.perft:
        print()
        code = perft_module.run(argparse.Namespace(file=str(perft_module.DEFAULT_FILE), max_depth=None, id=None))
        if code:
            return code
    if args.profile:
        print()
        print(f"cProfile of {args.games} random playouts, by time spent in each function itself:")
        print(profile(args.games, args.players, args.seed, top=args.top, sort="tottime", edition=args.edition))
        print("by cumulative time (with callees):")
        print(profile(args.games, args.players, args.seed, top=args.top, sort="cumulative", edition=args.edition))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ragusa.bench", description=__doc__.splitlines()[0] if __doc__ else None
    )
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
