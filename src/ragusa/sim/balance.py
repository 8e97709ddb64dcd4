"""Seat advantage across modes, from several `ragusa simulate` files (the "Is Ragusa balanced?" page).

`python -m ragusa.sim.balance p1.parquet p2.parquet ... --out docs/balance/`

For each file (one mode each), by turn position (0 = the start player; in solo, positions 0 and 1
are the Patrician's bots A and B and 2 the human, SOLO-3): games, win rate with its 95% Wilson
interval, mean VP with its 95% normal interval. Writes `seat_win_rate.png` and
`seat_vp.png` (one panel per mode) and prints the table in Markdown.

`write_balance` does the same for the `balance` preset of `ragusa simulate` (the same modes played by
two bots): both tables, a table comparing the two position by position, and the page's plots.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from pathlib import Path

import attrs

from .games import Row
from .stats import Z95, group_means, per_game, win_rates
from .store import read_rows

__all__ = ["ModeSeats", "comparison", "main", "mode_seats", "plot", "table", "write_balance"]


@attrs.frozen
class ModeSeats:
    """One mode's numbers by turn position (lists indexed by position)."""

    label: str
    games: int
    seats: int
    names: tuple[str, ...]
    wins: tuple[int, ...]
    win_low: tuple[float, ...]
    win_high: tuple[float, ...]
    vp: tuple[float, ...]
    vp_half: tuple[float, ...]

    def rate(self, pos: int) -> float:
        return self.wins[pos] / self.games


def _label(rows: Sequence[Row]) -> str:
    return "solo" if rows[0]["players"] == 1 else f"{rows[0]['players']} players"


def mode_seats(rows: Sequence[Row]) -> ModeSeats:
    """Win rate and mean VP by turn position for the rows of one mode."""
    rates = win_rates(rows, "position")
    means = group_means(rows, "position", ["vp_total"])
    sq = group_means([{**r, "sq": r["vp_total"] ** 2} for r in rows], "position", ["sq"])
    n = len(per_game(rows))
    half = []
    for pos in sorted(means):
        var = max(sq[pos][0] - means[pos][0] ** 2, 0.0)
        half.append(Z95 * math.sqrt(var / n))
    names = {r["position"]: r["bot"] for r in rows}
    return ModeSeats(
        _label(rows), n, rows[0]["seats"], tuple(str(names[p]) for p in sorted(names)),
        tuple(r.wins for r in rates), tuple(r.low for r in rates), tuple(r.high for r in rates),
        tuple(means[p][0] for p in sorted(means)), tuple(half),
    )  # fmt: skip


def table(modes: Sequence[ModeSeats]) -> str:
    """The Markdown table: one line per mode and position."""
    lines = [
        "| mode | games | position | seat played by | win rate | 95% interval | fair share | mean VP |",
        "|---|---:|---:|---|---:|---|---:|---:|",
    ]
    for m in modes:
        for p in range(m.seats):
            lines.append(
                f"| {m.label} | {m.games} | {p} | {m.names[p]} | {m.rate(p):.1%} | "
                f"{m.win_low[p]:.1%} to {m.win_high[p]:.1%} | {1 / m.seats:.1%} | {m.vp[p]:.1f} ± {m.vp_half[p]:.1f} |"
            )
    return "\n".join(lines)


def comparison(first: Sequence[ModeSeats], second: Sequence[ModeSeats]) -> str:
    """Markdown: per mode and position, the two bots' win rates and mean VP side by side, and whether
    their 95% intervals overlap ("same" when they do, else which is higher)."""
    a_name = next(n for m in first for n in m.names if m.label != "solo")
    b_name = next(n for m in second for n in m.names if m.label != "solo")
    lines = [
        f"| mode | position | {a_name} win rate | {b_name} win rate | difference | {a_name} mean VP | {b_name} mean VP |",
        "|---|---:|---:|---:|---|---:|---:|",
    ]
    by_label = {m.label: m for m in second}
    for a in first:
        b = by_label.get(a.label)
        if b is None:
            continue
        for p in range(a.seats):
            if a.win_high[p] < b.win_low[p] or b.win_high[p] < a.win_low[p]:
                diff = f"{b.rate(p) - a.rate(p):+.1%}"
            else:
                diff = "same (intervals overlap)"
            lines.append(
                f"| {a.label} | {p} | {a.rate(p):.1%} | {b.rate(p):.1%} | {diff} | {a.vp[p]:.1f} | {b.vp[p]:.1f} |"
            )
    return "\n".join(lines)


def plot(modes: Sequence[ModeSeats], out: Path, others: Sequence[ModeSeats] = ()) -> list[Path]:
    """Two figures, one panel per mode: win rate and mean VP by turn position, with 95% intervals;
    with `others` (the same modes played by another bot), the two bots' bars side by side."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = [list(modes)] + ([list(others)] if others else [])
    colors = ("#4c72b0", "#dd8452")
    width = 0.8 / len(groups)
    paths = []
    for kind in ("win_rate", "vp"):
        fig, axes = plt.subplots(1, len(modes), figsize=(2.6 * len(modes) + 1, 3.4), squeeze=False)
        for i, ax in enumerate(axes[0]):
            for g, group in enumerate(groups):
                m = group[i]
                xs = [p + (g - (len(groups) - 1) / 2) * width for p in range(m.seats)]
                if kind == "win_rate":
                    ys = [m.rate(p) for p in range(m.seats)]
                    err = [  # (a rounding error can put a bound a hair past the rate)
                        [max(0.0, ys[p] - m.win_low[p]) for p in range(m.seats)],
                        [max(0.0, m.win_high[p] - ys[p]) for p in range(m.seats)],
                    ]
                else:
                    ys = list(m.vp)
                    err = [list(m.vp_half), list(m.vp_half)]
                name = next((n for n in m.names if m.label != "solo"), m.names[-1])
                ax.bar(xs, ys, width=width, yerr=err, capsize=3, color=colors[g], label=name)
            m = groups[0][i]
            counts = [str(group[i].games) for group in groups]  # in the legend's order, when they differ
            if kind == "win_rate":
                ax.axhline(1 / m.seats, color="#c44e52", linestyle="--", linewidth=1)
            ax.set_xticks(range(m.seats), [str(p) for p in range(m.seats)])
            ax.set_title(f"{m.label} ({' / '.join(dict.fromkeys(counts))} games)", fontsize=9)
            ax.set_xlabel("turn position")
        axes[0][0].set_ylabel("win rate (95% CI; dashed: fair share)" if kind == "win_rate" else "mean VP (95% CI)")
        if others:
            axes[0][-1].legend(fontsize=8)
        fig.tight_layout()
        path = out / f"seat_{kind}.png"
        fig.savefig(path, dpi=90)
        plt.close(fig)
        paths.append(path)
    return paths


def write_balance(runs: Sequence[tuple[str, Sequence[Row]]], out: Path) -> str:
    """The balance preset's report: `runs` are (bot, rows of one mode) pairs; writes the two seat plots
    (the bots side by side), per bot and mode the VP by source (`vp_by_source_<bot>_p<P>.png`) and
    the game length (`game_length_<bot>_p<P>.png`), and `balance.md`; returns the Markdown."""
    from . import plots

    out.mkdir(parents=True, exist_ok=True)
    by_bot: dict[str, list[ModeSeats]] = {}
    for bot, rows in runs:
        by_bot.setdefault(bot, []).append(mode_seats(rows))
        players = rows[0]["players"]
        plots.vp_by_source(rows, "position", out / f"vp_by_source_{bot}_p{players}.png")
        if players > 1:
            plots.game_length(rows, out / f"game_length_{bot}_p{players}.png")
    order = list(by_bot)
    for bot in order:
        by_bot[bot].sort(key=lambda m: (m.label != "solo", m.label))
    plot(by_bot[order[0]], out, by_bot[order[1]] if len(order) > 1 else ())
    parts = [f"## {bot} in every seat\n\n{table(by_bot[bot])}\n" for bot in order]
    if len(order) > 1:
        parts.append(
            f"## {order[0]} and {order[1]}, position by position\n\n{comparison(by_bot[order[0]], by_bot[order[1]])}\n"
        )
    text = "\n".join(parts)
    (out / "balance.md").write_text(text, encoding="utf-8")
    return text


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ragusa.sim.balance", description=__doc__.split("\n")[0])
    parser.add_argument("results", nargs="+", help="ragusa simulate files, one per mode")
    parser.add_argument("--out", required=True, help="directory for the two PNG files")
    args = parser.parse_args(argv)
    modes = sorted((mode_seats(read_rows(p)) for p in args.results), key=lambda m: (m.label != "solo", m.label))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    plot(modes, out)
    print(table(modes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
