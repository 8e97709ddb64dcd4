"""`ragusa report results.parquet --out report/`: an HTML page with tables and PNG plots.

Sections: the run, win rate by turn position and by seat (95% Wilson intervals), win rate and
VP per bot, VP distributions per bot, VP by source (per bot and per turn position), building
activations, game length, and the bots' rating ladder (openskill Plackett-Luce, mixed games only).
"""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from pathlib import Path

from . import plots
from .games import Row, RunConfig
from .stats import Ladder, Rate, group_means, ladder, per_game, win_rates
from .store import StoreError, read_config, read_table

__all__ = ["write_report"]

_CSS = """body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:.2rem .6rem;text-align:right}
th{background:#eee}img{max-width:100%}"""


_POSITION_NOTE = (
    "<h2>Win rate by turn position</h2><p>Position 0 is the start player (SETUP-7), then turn order. "
    "Intervals: 95% Wilson score.</p>"
)


def _table(head: Sequence[str], body: Sequence[Sequence[object]]) -> str:
    def cell(x: object) -> str:
        return f"{x:.3f}" if isinstance(x, float) else html.escape(str(x))

    rows = "".join("<tr>" + "".join(f"<td>{cell(x)}</td>" for x in r) + "</tr>" for r in body)
    return "<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>" + rows + "</table>"


def _rate_table(rates: Sequence[Rate], name: str) -> str:
    return _table(
        [name, "games", "wins", "win rate", "95% low", "95% high"],
        [(r.key, r.n, r.wins, r.rate, r.low, r.high) for r in rates],
    )


def _img(path: Path, alt: str) -> str:
    return f'<img src="{html.escape(path.name)}" alt="{html.escape(alt)}">'


def _run_section(rows: Sequence[Row], config: RunConfig | None) -> str:
    games = per_game(rows)
    seats = rows[0]["seats"]
    mode = "solo (the human seat 0 against the Patrician's bots)" if rows[0]["players"] == 1 else f"{seats} players"
    desc = [
        ("games", len(games)),
        ("mode", mode),
        ("edition", rows[0]["edition"]),
        ("bots", ", ".join(sorted({r["bot"] for r in rows}))),
    ]
    if config is not None:
        desc += [
            ("run seed", config.seed),
            ("bot specs (rotated over seats)", ",".join(config.bots)),
            ("strict R-3", config.strict),
        ]
    return "<h2>Run</h2>" + _table(["", ""], desc)


def _ladder_section(rows: Sequence[Row], out: Path) -> str:
    lad: list[Ladder] = ladder(rows)
    if not lad:
        return "<h2>Rating ladder</h2><p>No game with two different bots: nothing to rate.</p>"
    body = [(i + 1, x.bot, x.mu, x.sigma, x.ordinal, x.games) for i, x in enumerate(lad)]
    table = _table(["#", "bot", "mu", "sigma", "mu - 3 sigma", "rated games"], body)
    png = plots.ladder_plot(lad, out / "ladder.png")
    note = (
        "<p>openskill Plackett-Luce, every game with two or more different bots, in game order; each seat "
        "is a one-player team ranked by its final rank. Bars: mu &plusmn; 2 sigma. Sorted by mu - 3 sigma.</p>"
    )
    return "<h2>Rating ladder</h2>" + note + table + _img(png, "rating ladder")


def _bot_section(rows: Sequence[Row], out: Path) -> str:
    rates = win_rates(rows, "bot")
    means = group_means(rows, "bot", ["vp_total", "rank"])
    table = _table(
        ["bot", "seats played", "wins", "win rate", "95% low", "95% high", "mean VP", "mean rank"],
        [(r.key, r.n, r.wins, r.rate, r.low, r.high, *means[str(r.key)]) for r in rates],
    )
    return "<h2>Bots</h2>" + table + _img(plots.vp_distribution(rows, out / "vp_per_bot.png"), "VP per bot")


def write_report(results: str | os.PathLike[str], out_dir: str | os.PathLike[str]) -> Path:
    """Write `index.html` and its PNG plots into `out_dir`; the path of `index.html`."""
    table = read_table(results)
    config = read_config(table)
    rows: list[Row] = table.to_pylist()
    if not rows:
        raise StoreError(f"{results}: no games in the file")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    seats = rows[0]["seats"]
    by_pos = win_rates(rows, "position")
    by_seat = win_rates(rows, "seat")
    parts = [
        f"<!doctype html><html><head><meta charset='utf-8'><title>Ragusa simulation report</title><style>{_CSS}</style></head><body>",
        "<h1>Ragusa simulation report</h1>",
        _run_section(rows, config),
        _POSITION_NOTE,
        _rate_table(by_pos, "position"),
        _img(
            plots.seat_win_rates(
                by_pos, seats, out / "win_by_position.png", "Win rate by turn position", "position (0 = start player)"
            ),
            "win rate by position",
        ),
        "<h2>Win rate by seat</h2>",
        _rate_table(by_seat, "seat"),
        _img(
            plots.seat_win_rates(by_seat, seats, out / "win_by_seat.png", "Win rate by seat", "seat"),
            "win rate by seat",
        ),
        _bot_section(rows, out),
        "<h2>VP by source</h2>",
        _img(plots.vp_by_source(rows, "bot", out / "vp_by_source_bot.png"), "VP by source per bot"),
        _img(plots.vp_by_source(rows, "position", out / "vp_by_source_position.png"), "VP by source per position"),
        "<h2>Building activations</h2>",
        _img(plots.activations(rows, out / "activations.png"), "building activations"),
        "<h2>Game length</h2>",
        _img(plots.game_length(rows, out / "game_length.png"), "game length"),
        _ladder_section(rows, out),
        "</body></html>",
    ]
    index = out / "index.html"
    index.write_text("\n".join(parts), encoding="utf-8")
    return index
