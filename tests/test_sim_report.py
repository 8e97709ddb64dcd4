"""ragusa.sim.stats and report: Wilson intervals, the openskill ladder, the HTML report."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from ragusa.cli import main
from ragusa.sim.balance import mode_seats, plot, table
from ragusa.sim.games import Row, RunConfig
from ragusa.sim.runner import run
from ragusa.sim.stats import ladder, wilson, win_rates
from ragusa.sim.store import read_rows


def test_wilson_interval_worked_by_hand() -> None:
    # z = 1.96: z^2 = 3.8415; n = 10 -> denominator 1 + 0.38415
    low, high = wilson(5, 10)  # centre 0.5, half-width 1.96 * sqrt(0.025 + 0.0096) / 1.38415 = 0.2634
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(0, 10)  # centre = half-width = 0.19207 / 1.38415 = 0.13876
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def _row(game: int, seat: int, bot: str, rank: int) -> Row:
    return {"game": game, "seat": seat, "bot": bot, "rank": rank, "winner": rank == 1, "position": seat}


def test_win_rates_count_the_winner_flag_per_key() -> None:
    rows = [
        _row(0, 0, "a", 1),
        _row(0, 1, "b", 2),
        _row(1, 0, "b", 1),
        _row(1, 1, "a", 2),
        _row(2, 0, "a", 1),
        _row(2, 1, "b", 2),
    ]
    rates = {r.key: (r.wins, r.n) for r in win_rates(rows, "bot")}
    assert rates == {"a": (2, 3), "b": (1, 3)}
    by_seat = win_rates(rows, "position")
    assert [(r.key, r.wins, r.n) for r in by_seat] == [(0, 3, 3), (1, 0, 3)]


def test_ladder_of_one_game_is_openskills_own_update() -> None:
    rows = [_row(0, 0, "weak", 3), _row(0, 1, "strong", 1), _row(0, 2, "mid", 2)]
    model = PlackettLuce()
    want = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[3, 1, 2])
    got = {x.bot: x for x in ladder(rows)}
    assert [x.bot for x in ladder(rows)] == ["strong", "mid", "weak"]
    for seat, bot in enumerate(("weak", "strong", "mid")):
        assert got[bot].mu == pytest.approx(want[seat][0].mu)
        assert got[bot].sigma == pytest.approx(want[seat][0].sigma)
        assert got[bot].games == 1


def test_ladder_skips_self_play_and_sums_a_bots_seats() -> None:
    assert ladder([_row(0, 0, "a", 1), _row(0, 1, "a", 2)]) == []
    # a beats b, then b beats a: much closer than after the first game alone
    first = {x.bot: x.mu for x in ladder([_row(0, 0, "a", 1), _row(0, 1, "b", 2)])}
    both = {
        x.bot: x.mu for x in ladder([_row(0, 0, "a", 1), _row(0, 1, "b", 2), _row(1, 0, "b", 1), _row(1, 1, "a", 2)])
    }
    assert abs(both["a"] - both["b"]) < abs(first["a"] - first["b"]) / 3
    # "a" holds seats 0 and 2: its mu moves by the sum of both seats' changes, its variance by their product
    model = PlackettLuce()
    new = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 3])
    got = {x.bot: x for x in ladder([_row(0, 0, "a", 1), _row(0, 1, "b", 2), _row(0, 2, "a", 3)])}
    start = model.rating()
    assert got["a"].mu == pytest.approx(start.mu + (new[0][0].mu - start.mu) + (new[2][0].mu - start.mu))
    assert got["a"].sigma == pytest.approx(new[0][0].sigma * new[2][0].sigma / start.sigma)
    assert got["b"].mu == pytest.approx(new[1][0].mu)


def test_report_ranks_greedy_above_random_and_writes_every_plot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "r.parquet"
    run(RunConfig(1, 2, "2nd", ("greedy", "random")), 12, results, progress=False)
    assert main(["report", str(results), "--out", str(tmp_path / "rep")]) == 0
    index = Path(capsys.readouterr().out.strip())
    assert index == tmp_path / "rep" / "index.html"
    page = index.read_text()
    for png in (
        "win_by_position",
        "win_by_seat",
        "vp_per_bot",
        "vp_by_source_bot",
        "vp_by_source_position",
        "activations",
        "game_length",
        "ladder",
    ):
        path = tmp_path / "rep" / f"{png}.png"
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", png
        assert f'src="{png}.png"' in page
    lad = ladder(read_rows(results))
    assert [x.bot for x in lad] == ["greedy", "random"] and lad[0].games == 12
    assert "<td>1</td><td>greedy</td>" in page


def test_report_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.parquet").write_text("nope")
    assert main(["report", str(tmp_path / "bad.parquet"), "--out", str(tmp_path / "o")]) == 2
    assert main(["report", str(tmp_path / "missing.parquet"), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert err.count("ragusa report: ") == 2 and "Traceback" not in err


def test_balance_table_by_turn_position(tmp_path: Path) -> None:
    # two 2-player games: position 0 wins both, with 60 and 40 VP against 50 and 30
    rows: list[Row] = []
    for game, (first, second) in enumerate(((60, 50), (40, 30))):
        for pos, vp in enumerate((first, second)):
            rows.append(
                {
                    "game": game,
                    "seat": pos,
                    "position": pos,
                    "players": 2,
                    "seats": 2,
                    "bot": "greedy",
                    "vp_total": vp,
                    "winner": pos == 0,
                }
            )
    m = mode_seats(rows)
    assert (m.label, m.games, m.wins, m.vp) == ("2 players", 2, (2, 0), (50.0, 40.0))
    assert m.vp_half[0] == pytest.approx(1.959964 * math.sqrt(100 / 2), rel=1e-5)  # population sd 10 over 2 games
    assert "| 2 players | 2 | 0 | greedy | 100.0% |" in table([m])
    assert [p.name for p in plot([m], tmp_path)] == ["seat_win_rate.png", "seat_vp.png"]
