"""The report's plots (matplotlib, Agg backend), each written to a PNG file."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from ragusa.core.components import BUILDING_NAMES, BUILDINGS
from ragusa.core.state import VP_SOURCES

from .games import Row
from .stats import Ladder, Rate, group_means, per_game

__all__ = ["activations", "game_length", "ladder_plot", "seat_win_rates", "vp_by_source", "vp_distribution"]

VP_COLS = [f"vp_{s}" for s in VP_SOURCES]
ACT_COLS = [f"act_{b.replace('-', '_')}" for b in BUILDINGS]


def _save(fig: Figure, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def seat_win_rates(rates: Sequence[Rate], seats: int, path: Path, title: str, xlabel: str) -> Path:
    """Bars of the win rate per seat (or turn position) with 95% Wilson intervals, and the fair share 1/seats."""
    fig, ax = plt.subplots(figsize=(6, 3.6))
    xs = [str(r.key) for r in rates]
    ys = [r.rate for r in rates]
    err = [[r.rate - r.low for r in rates], [r.high - r.rate for r in rates]]
    ax.bar(xs, ys, yerr=err, capsize=5, color="#4c72b0")
    ax.axhline(1 / seats, color="#c44e52", linestyle="--", label=f"fair share 1/{seats}")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("win rate (95% Wilson CI)")
    ax.set_title(title)
    ax.legend(loc="upper right")
    return _save(fig, path)


def vp_distribution(rows: Sequence[Row], path: Path) -> Path:
    """Box plots of final VP per bot."""
    bots = sorted({r["bot"] for r in rows})
    data = [[r["vp_total"] for r in rows if r["bot"] == b] for b in bots]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.3 * len(bots) + 2), 3.6))
    ax.boxplot(data, tick_labels=bots)
    ax.set_ylabel("final VP")
    ax.set_title("VP per bot")
    return _save(fig, path)


def _stacked(means: dict[str, list[float]], labels: Sequence[str], path: Path, ylabel: str, title: str) -> Path:
    keys = list(means)
    fig, ax = plt.subplots(figsize=(max(5.0, 1.2 * len(keys) + 3.5), 3.8))
    bottom = [0.0] * len(keys)
    cmap = plt.get_cmap("tab10")
    for i, label in enumerate(labels):
        vals = [means[k][i] for k in keys]
        ax.bar([str(k) for k in keys], vals, bottom=bottom, label=label, color=cmap(i % 10))
        bottom = [b + v for b, v in zip(bottom, vals)]
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(loc="center left", bbox_to_anchor=(1.0, 0.5), fontsize=8)
    return _save(fig, path)


def vp_by_source(rows: Sequence[Row], key: str, path: Path) -> Path:
    """Mean VP per source, stacked, per value of `key` (`bot` or `position`)."""
    return _stacked(group_means(rows, key, VP_COLS), list(VP_SOURCES), path, "mean VP", f"VP by source, per {key}")


def activations(rows: Sequence[Row], path: Path) -> Path:
    """Mean building activations per game, stacked by building, per bot."""
    labels = [BUILDING_NAMES[b] for b in BUILDINGS]
    return _stacked(
        group_means(rows, "bot", ACT_COLS), labels, path, "activations per game", "Building activations per bot"
    )


def game_length(rows: Sequence[Row], path: Path) -> Path:
    """Histogram of game length in decisions (one count per game)."""
    lengths = Counter(seats[0]["decisions"] for seats in per_game(rows).values())
    fig, ax = plt.subplots(figsize=(6, 3.4))
    xs = sorted(lengths)
    ax.bar(xs, [lengths[x] for x in xs], width=1.0, color="#55a868")
    ax.set_xlabel("decisions per game (all seats)")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    return _save(fig, path)


def ladder_plot(ladder: Sequence[Ladder], path: Path) -> Path:
    """The rating ladder: mu with +-2 sigma bars, best at the top."""
    fig, ax = plt.subplots(figsize=(6, 0.5 * len(ladder) + 1.5))
    names = [x.bot for x in reversed(ladder)]
    mus = [x.mu for x in reversed(ladder)]
    ax.errorbar(mus, names, xerr=[2 * x.sigma for x in reversed(ladder)], fmt="o", capsize=5)
    ax.set_xlabel("openskill Plackett-Luce rating (mu +- 2 sigma)")
    ax.set_title("Rating ladder")
    return _save(fig, path)
