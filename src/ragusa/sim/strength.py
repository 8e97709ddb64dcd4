"""How strong each bot is, from the runs of `ragusa simulate --preset strength` (the docs' strength table).

`python -m ragusa.sim.strength DIR [--out FILE]` reads every results file of the preset in `DIR` and
prints (or writes) three Markdown tables (with `--bots SPEC`, the runs of a bot of your own too):

* **head to head**: per run, the first bot of its spec list (the one tested) against the others: its
  games won (a shared victory counts for each winner, as on the balance page) with the 95% Wilson
  interval, and its mean VP margin over the best other seat;
* **every bot against every other**: in the 2-player games, the row bot's win rate against the
  column bot, with the games played;
* **the ladder**: openskill's Plackett-Luce ratings over every game of every run, in the preset's
  order (`ragusa.sim.stats.ladder`), with each bot's CPU milliseconds per decision (the `cpu_us`
  column over the bot's decisions: `time.process_time` in the process that played the game).
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

import attrs

from .games import Row
from .presets import PresetRun, preset_runs
from .stats import Ladder, ladder, margins, per_game, wilson
from .store import read_rows

__all__ = ["HeadToHead", "head_to_head", "main", "markdown", "matrix", "read_runs", "think_ms"]


@attrs.frozen
class HeadToHead:
    """The tested bot of one run against the others."""

    run: str
    players: int
    games: int
    bot: str
    opponents: str
    wins: int
    low: float
    high: float
    margin: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def head_to_head(run: PresetRun, rows: Sequence[Row]) -> HeadToHead:
    """The run's first bot against the rest, over the games in `rows` (one tested seat a game)."""
    bot = run.config.bots[0]
    wins, each = margins(bot, rows)
    n, margin = len(each), sum(each)
    opponents = " + ".join(f"{run.config.bots.count(b)} {b}" for b in dict.fromkeys(run.config.bots[1:]))
    return HeadToHead(run.name, run.config.players, n, bot, opponents, wins, *wilson(wins, n), margin / max(n, 1))


def matrix(rows: Sequence[Row]) -> dict[tuple[str, str], tuple[int, int]]:
    """Over the 2-player games among `rows`: (row bot, column bot) -> (row bot's wins, games)."""
    out: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for seats in per_game(rows).values():
        if len(seats) != 2 or seats[0]["bot"] == seats[1]["bot"]:
            continue
        for me, other in ((seats[0], seats[1]), (seats[1], seats[0])):
            cell = out[me["bot"], other["bot"]]
            cell[0] += bool(me["winner"])
            cell[1] += 1
    return {k: (v[0], v[1]) for k, v in out.items()}


def think_ms(rows: Sequence[Row]) -> dict[str, float]:
    """Each bot's mean CPU milliseconds per decision over all its seats in `rows`."""
    cpu: dict[str, int] = defaultdict(int)
    decisions: dict[str, int] = defaultdict(int)
    for r in rows:
        cpu[r["bot"]] += r["cpu_us"]
        decisions[r["bot"]] += r["seat_decisions"]
    return {b: cpu[b] / 1000 / decisions[b] for b in cpu if decisions[b]}


def _numbered(runs: Sequence[tuple[PresetRun, list[Row]]]) -> list[Row]:
    """Every run's rows, game numbers made distinct across runs (in the preset's order)."""
    out: list[Row] = []
    for i, (_, rows) in enumerate(runs):
        out.extend({**r, "game": i * 10**9 + r["game"]} for r in rows)
    return out


def markdown(runs: Sequence[tuple[PresetRun, list[Row]]]) -> str:
    """The three tables (see the module docs) for the runs and their rows."""
    lines = [
        "| run | players | games | bot | against | wins | win rate | 95% interval | mean VP margin |",
        "|---|---:|---:|---|---|---:|---:|---|---:|",
    ]
    for run, rows in runs:
        h = head_to_head(run, rows)
        lines.append(
            f"| {h.run} | {h.players} | {h.games} | `{h.bot}` | {h.opponents} | {h.wins} | {h.rate:.1%} | "
            f"{h.low:.1%} to {h.high:.1%} | {h.margin:+.1f} |"
        )
    everything = _numbered(runs)
    cells = matrix(everything)
    lad: list[Ladder] = ladder(everything)
    met = {b for pair in cells for b in pair}
    bots = [x.bot for x in lad if x.bot in met]  # strongest first, as on the ladder
    lines += ["", "| row bot's wins against | " + " | ".join(f"`{b}`" for b in bots) + " |"]
    lines.append("|---|" + "---:|" * len(bots))
    for a in bots:
        row = []
        for b in bots:
            w, n = cells.get((a, b), (0, 0))
            row.append("" if a == b or not n else f"{w / n:.0%} of {n}")
        lines.append(f"| `{a}` | " + " | ".join(row) + " |")
    ms = think_ms(everything)
    lines += [
        "",
        "| rank | bot | mu | sigma | mu - 3 sigma | rated games | CPU ms per decision |",
        "|---:|---|---:|---:|---:|---:|---:|",
    ]
    for i, x in enumerate(lad):
        lines.append(
            f"| {i + 1} | `{x.bot}` | {x.mu:.1f} | {x.sigma:.2f} | {x.ordinal:.1f} | {x.games} | {_ms(ms.get(x.bot))} |"
        )
    return "\n".join(lines) + "\n"


def _ms(value: float | None) -> str:
    if value is None:
        return ""
    return f"{value:.2f}" if value < 10 else f"{value:.0f}"


def read_runs(directory: str | Path, runs: Sequence[PresetRun]) -> list[tuple[PresetRun, list[Row]]]:
    """Each of `runs` whose results file is in `directory`, with its rows."""
    found = []
    for run in runs:
        path = Path(directory) / f"{run.name}.parquet"
        if path.exists():
            found.append((run, read_rows(path)))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ragusa.sim.strength", description=__doc__.split("\n")[0])
    parser.add_argument("results", help="the directory of the strength preset's results files")
    parser.add_argument("--out", default=None, help="write the tables to this file (default: print them)")
    parser.add_argument("--bots", default=None, help="the bot of your own the runs were played with (--bots SPEC)")
    args = parser.parse_args(argv)
    runs = read_runs(args.results, preset_runs("strength", args.bots))
    if not runs:
        print(f"no results file of the strength preset in {args.results}", file=sys.stderr)
        return 2
    text = markdown(runs)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
