"""Strength benchmark: the search bot against greedy bots.

    python -m ragusa.ai.strength --games 200 --players 2 --iterations 200 --workers 2

Game `k` is seeded `seed + k`; the search bot takes seat `k % players` and greedy bots
the other seats. A shared victory counts as a fraction (1 / number of winners). Prints the
search bot's win rate with a 95% Wilson interval, its average VP margin over the best other
seat, and its seconds per decision (mean over the decisions it was asked, and the slowest).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor

import attrs

from ragusa.ai.ismcts import ISMCTSBot, SearchConfig
from ragusa.bots import Bot, GreedyBot, make_bot, play
from ragusa.core.actions import Action
from ragusa.core.state import GameState
from ragusa.rules.game import new_game
from ragusa.rules.queries import scores, winners

__all__ = ["GameResult", "play_one", "summary", "wilson", "main"]


@attrs.frozen
class GameResult:
    seed: int
    win: float
    margin: int
    decisions: int
    seconds: float
    slowest: float


class _Timed:
    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.decisions = 0
        self.seconds = 0.0
        self.slowest = 0.0

    def choose(self, state: GameState, actions: Sequence[Action], rng: random.Random) -> Action:
        t0 = time.process_time()
        a = self.bot.choose(state, actions, rng)
        dt = time.process_time() - t0
        self.decisions += 1
        self.seconds += dt
        self.slowest = max(self.slowest, dt)
        return a


#: (seed, players, search config, edition, bot spec or None for the search bot with that config)
_Job = tuple[int, int, SearchConfig, str, str | None]


def play_one(args: _Job) -> GameResult:
    """One game: (seed, players, search config, edition, spec) -> the tested bot's result."""
    seed, players, config, edition, spec = args
    me = seed % players
    timed = _Timed(ISMCTSBot(config) if spec is None else make_bot(spec))
    greedy = GreedyBot()
    bots: list[Bot] = [timed if s == me else greedy for s in range(players)]
    final = play(new_game(players, seed=seed, edition=edition), bots, random.Random(seed))
    sc = scores(final)
    win = winners(final)
    best_other = max(v for s, v in enumerate(sc) if s != me)
    return GameResult(
        seed=seed,
        win=1 / len(win) if me in win else 0.0,
        margin=sc[me] - best_other,
        decisions=timed.decisions,
        seconds=timed.seconds,
        slowest=timed.slowest,
    )


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def summary(results: Sequence[GameResult], players: int, name: str = "ismcts") -> list[str]:
    n = len(results)
    wins = sum(r.win for r in results)
    lo, hi = wilson(wins, n)
    decisions = sum(r.decisions for r in results)
    secs = sum(r.seconds for r in results)
    return [
        f"{n} games, {players} players: {name} against {players - 1} greedy",
        f"{name} wins {wins:g} = {wins / max(n, 1):.1%} (95% CI {lo:.1%} .. {hi:.1%}); chance level {1 / players:.0%}",
        f"average VP margin over the best other seat: {sum(r.margin for r in results) / max(n, 1):+.2f}",
        f"CPU seconds per decision: mean {secs / max(decisions, 1):.3f}, slowest {max((r.slowest for r in results), default=0):.3f} "
        f"({decisions} decisions)",
    ]


class _Inline:
    """`map` in this process (one worker), with the pool's context manager."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, fn: Callable[[_Job], GameResult], jobs: Sequence[_Job]) -> Iterator[GameResult]:
        return map(fn, jobs)


def _load(path: str) -> list[GameResult]:
    """The results already written to `path` (one JSON object per line; none if it is missing)."""
    try:
        with open(path, encoding="utf-8") as f:
            return [GameResult(**json.loads(line)) for line in f if line.strip()]
    except FileNotFoundError:
        return []


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ragusa.ai.strength", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2, choices=range(2, 6), metavar="{2..5}")
    parser.add_argument("--iterations", type=int, default=200, help="search iterations per decision (0: no limit)")
    parser.add_argument("--seconds", type=float, default=None, help="search seconds per decision")
    parser.add_argument("--workers", type=int, default=1, help="processes playing games in parallel")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (game k uses seed + k)")
    parser.add_argument("--edition", choices=("1st", "2nd"), default="2nd")
    parser.add_argument(
        "--bot", default=None, help="test this bot spec instead (e.g. greedy: the baseline on the same seeds)"
    )
    default = SearchConfig()
    parser.add_argument("--exploration", type=float, default=default.exploration, help="UCB constant")
    parser.add_argument("--width", type=int, default=default.width, help="actions searched per node")
    parser.add_argument(
        "--opponent-width", type=int, default=default.opponent_width, help="actions searched at other seats' nodes"
    )
    parser.add_argument("--scale", type=float, default=default.scale, help="VP margin of a clear lead")
    parser.add_argument("--rollout", type=int, default=default.rollout, help="greedy decisions before a leaf is scored")
    parser.add_argument(
        "--settle",
        action=argparse.BooleanOptionalAction,
        default=default.settle,
        help="let greedy finish the turn in progress before scoring a leaf",
    )
    parser.add_argument(
        "--playout", type=int, default=default.playout, help="greedy placements before a leaf is scored"
    )
    parser.add_argument(
        "--rival-max",
        type=float,
        default=default.rival_max,
        help="1: margin over the best other seat, 0: over their mean",
    )
    parser.add_argument(
        "--chain",
        action=argparse.BooleanOptionalAction,
        default=default.chain,
        help="walk other seats' replies at once",
    )
    parser.add_argument("--cpu-seconds", type=float, default=None, help="cap of CPU seconds per decision")
    parser.add_argument(
        "--out", default=None, help="append each game's result to this JSON-lines file; games already there are skipped"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    if args.bot is not None:
        try:
            make_bot(args.bot)
        except ValueError as exc:
            parser.error(str(exc))
    iterations = args.iterations or None
    if iterations is None and args.seconds is None and args.cpu_seconds is None:
        parser.error("give --iterations or --seconds")
    # every knob of the search is an option of the same name
    config = SearchConfig(
        **{f.name: getattr(args, f.name) for f in attrs.fields(SearchConfig)} | {"iterations": iterations}
    )
    seeds = range(args.seed, args.seed + args.games)
    done = {r.seed: r for r in _load(args.out)} if args.out else {}
    jobs = [(k, args.players, config, args.edition, args.bot) for k in seeds if k not in done]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(args.workers) if args.workers > 1 else _Inline() as pool:
        for r in pool.map(play_one, jobs):
            done[r.seed] = r
            if args.out:
                with open(args.out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(attrs.asdict(r)) + "\n")
    results = [done[k] for k in seeds if k in done]
    for line in summary(results, args.players, args.bot or "ismcts"):
        print(line)
    print(f"wall time {time.perf_counter() - t0:.1f} s with {args.workers} worker(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
