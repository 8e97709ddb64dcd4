"""Seat advantage across modes, from several `ragusa simulate` files (the "Is Ragusa balanced?" page).

`python -m ragusa.sim.balance p1.parquet p2.parquet ... --out docs/balance/`

For each file (one mode each), by turn position (0 = the start player; in solo, positions 0 and 1
are the Patrician's bots A and B and 2 the human, SOLO-3): games, win rate with its 95% Wilson
interval, mean VP with its 95% normal interval. Writes `seat_win_rate.png` and
`seat_vp.png` (one panel per mode) and prints the table in Markdown.
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

__all__ = ["ModeSeats", "main", "mode_seats", "plot", "table"]


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
                f"| {m.label} | {m.games} | {p} | {m.names[p] if m.label == 'solo' else 'greedy'} | {m.rate(p):.1%} | "
                f"{m.win_low[p]:.1%} to {m.win_high[p]:.1%} | {1 / m.seats:.1%} | {m.vp[p]:.1f} ± {m.vp_half[p]:.1f} |"
            )
    return "\n".join(lines)


def plot(modes: Sequence[ModeSeats], out: Path) -> list[Path]:
    """Two figures, one panel per mode: win rate and mean VP by turn position, with 95% intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths = []
    for kind in ("win_rate", "vp"):
        fig, axes = plt.subplots(1, len(modes), figsize=(2.6 * len(modes) + 1, 3.4), squeeze=False)
        for ax, m in zip(axes[0], modes):
            xs = [str(p) for p in range(m.seats)]
            if kind == "win_rate":
                ys = [m.rate(p) for p in range(m.seats)]
                err = [[ys[p] - m.win_low[p] for p in range(m.seats)], [m.win_high[p] - ys[p] for p in range(m.seats)]]
                ax.axhline(1 / m.seats, color="#c44e52", linestyle="--", linewidth=1)
            else:
                ys = list(m.vp)
                err = [list(m.vp_half), list(m.vp_half)]
            ax.bar(xs, ys, yerr=err, capsize=4, color="#4c72b0")
            ax.set_title(f"{m.label} ({m.games} games)", fontsize=9)
            ax.set_xlabel("turn position")
        axes[0][0].set_ylabel("win rate (95% CI; dashed: fair share)" if kind == "win_rate" else "mean VP (95% CI)")
        fig.tight_layout()
        path = out / f"seat_{kind}.png"
        fig.savefig(path, dpi=90)
        plt.close(fig)
        paths.append(path)
    return paths


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
