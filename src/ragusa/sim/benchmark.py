"""The benchmark's report: a bot of your own on the fixed deals of `ragusa simulate --preset benchmark`.

`ragusa simulate --preset benchmark --bots SPEC --out DIR` plays the runs of
`ragusa.sim.presets.benchmark`: 2, 3 and 4 players, each deal once with the tested bot in every
seat, against the `expert` (the `medium` level) and against the `hard` level's search at half a CPU
second a decision (the strength table's `ismcts:0.5cpu+heuristic=expert+width=3`). The deals are
the seeds `game_seed(2026, d)`, the same on every machine. This module writes `benchmark.md`:

* per run and per opponent over all its player counts: games, games won by the tested bot (a
  shared victory counts) with the 95% Wilson interval, and its mean VP margin over the best other
  seat with the 95% interval of that mean (normal approximation);
* the tested bot's openskill rating (Plackett-Luce) on the strength table's scale: it starts at
  openskill's default and is updated game by game while the opponents keep their ratings of the
  strength table's ladder (`ragusa.sim.presets.ANCHORS`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from .games import Row
from .presets import ANCHORS, SEARCH_EXPERT, PresetRun
from .stats import Z95, anchored_rating, margins, wilson

__all__ = ["Result", "markdown", "result"]

#: the opponents' names in the report
NAMES = {"expert": "expert (medium)", SEARCH_EXPERT: "hard (search, 0.5 CPU s)"}


@attrs.frozen
class Result:
    """The tested bot over some games: wins with their 95% interval, VP margin with its 95% interval."""

    games: int
    wins: int
    low: float
    high: float
    margin: float
    margin_low: float
    margin_high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def result(bot: str, rows: Sequence[Row]) -> Result:
    """`bot`'s wins and VP margins over the games of `rows` (one seat of `bot` a game)."""
    wins, each = margins(bot, rows)
    n = len(each)
    mean = sum(each) / n if n else 0.0
    sd = math.sqrt(sum((m - mean) ** 2 for m in each) / (n - 1)) if n > 1 else math.inf
    half = Z95 * sd / math.sqrt(n) if n else math.inf
    return Result(n, wins, *wilson(wins, n), mean, mean - half, mean + half)


def _line(what: str, players: str, r: Result) -> str:
    interval = "" if math.isinf(r.margin_high - r.margin_low) else f"{r.margin_low:+.1f} to {r.margin_high:+.1f}"
    return (
        f"| {what} | {players} | {r.games} | {r.wins} | {r.rate:.1%} | {r.low:.1%} to {r.high:.1%} | "
        f"{r.margin:+.1f} | {interval} |"
    )


def markdown(bot: str, runs: Sequence[tuple[PresetRun, list[Row]]]) -> str:
    """The report (see the module docs) of `bot` over the runs and their rows."""
    lines = [
        f"Benchmark of `{bot}`: each deal played once with it in every seat.",
        "",
        "| against | players | games | wins | win rate | 95% interval | mean VP margin | 95% interval |",
        "|---|---:|---:|---:|---:|---|---:|---|",
    ]
    by_opponent: dict[str, list[Row]] = {}
    for run, rows in runs:
        opponent = run.config.bots[1]
        lines.append(_line(NAMES.get(opponent, opponent), str(run.config.players), result(bot, rows)))
        # game numbers made distinct across the runs of one opponent
        by_opponent.setdefault(opponent, []).extend({**r, "game": (run.config.players, r["game"])} for r in rows)
    for opponent, rows in by_opponent.items():
        counts = sorted({p for p, _ in (r["game"] for r in rows)})
        lines.append(_line(f"**{NAMES.get(opponent, opponent)}**", ", ".join(map(str, counts)), result(bot, rows)))
    everything = [{**r, "game": (i, r["game"])} for i, (_, rows) in enumerate(runs) for r in rows]
    rating = anchored_rating(everything, bot, ANCHORS)
    lines += [
        "",
        "| bot | mu | sigma | mu - 3 sigma | rated games |",
        "|---|---:|---:|---:|---:|",
        f"| `{bot}` | {rating.mu:.1f} | {rating.sigma:.2f} | {rating.ordinal:.1f} | {rating.games} |",
    ]
    for name, (mu, sigma) in ANCHORS.items():
        lines.append(f"| `{name}` (the strength table's, held) | {mu:.1f} | {sigma:.2f} | {mu - 3 * sigma:.1f} | |")
    return "\n".join(lines) + "\n"
