"""ragusa simulate --preset: named sets of runs, resumable, and their reports (strength and balance)."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

import attrs
import pytest

import ragusa.sim.presets as presets
from ragusa.bots import make_bot
from ragusa.cli import main
from ragusa.ismcts import ISMCTSBot
from ragusa.sim.balance import comparison, mode_seats
from ragusa.sim.games import Row, RunConfig
from ragusa.sim.presets import PRESETS, SEARCH_EXPERT, PresetRun
from ragusa.sim.store import read_rows
from ragusa.sim.strength import head_to_head, markdown, matrix, read_runs, think_ms

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _seat(game: int, seat: int, bot: str, vp: int, winner: bool, decisions: int = 10, cpu_us: int = 0) -> Row:
    return {
        "game": game,
        "seat": seat,
        "position": seat,
        "players": 2,
        "seats": 2,
        "bot": bot,
        "vp_total": vp,
        "rank": 1 if winner else 2,
        "winner": winner,
        "seat_decisions": decisions,
        "cpu_us": cpu_us,
    }


# three 2-player games of x against y: x wins 60-50 and 70-40, y wins 55-45
GAMES = [
    _seat(0, 0, "x", 60, True, 10, 20_000),
    _seat(0, 1, "y", 50, False, 10, 5_000),
    _seat(1, 0, "y", 40, False, 12, 6_000),
    _seat(1, 1, "x", 70, True, 12, 30_000),
    _seat(2, 0, "x", 45, False, 8, 10_000),
    _seat(2, 1, "y", 55, True, 8, 4_000),
]


def test_head_to_head_counts_the_first_bots_wins_and_margin() -> None:
    run = PresetRun("x-y-2p", RunConfig(1, 2, "2nd", ("x", "y")), 3)
    h = head_to_head(run, GAMES)
    # wins 2 of 3; margins +10, +30, -10: mean +10
    assert (h.games, h.wins, h.bot, h.opponents, h.margin) == (3, 2, "x", "1 y", 10.0)
    assert (h.low, h.high) == pytest.approx((0.2077, 0.9385), abs=1e-4)  # Wilson, 2 of 3


def test_matrix_and_time_per_decision() -> None:
    assert matrix(GAMES) == {("x", "y"): (2, 3), ("y", "x"): (1, 3)}
    # x: 60,000 us over 30 decisions = 2 ms; y: 15,000 us over 30 = 0.5 ms
    assert think_ms(GAMES) == {"x": 2.0, "y": 0.5}


def test_the_presets_play_the_runs_the_docs_show() -> None:
    strength = {r.name: r for r in PRESETS["strength"]}
    assert strength["expert-greedy-2p"].games == strength["expert-greedy-4p"].games == 1000
    assert strength["expert-greedy-4p"].config.bots == ("expert", "greedy", "greedy", "greedy")
    assert strength["search+expert-search-2p"].config.bots[0] == SEARCH_EXPERT
    # the strength runs measure the hard level's search: its options, half a CPU second for its wall budget
    hard, measured = make_bot("hard"), make_bot(SEARCH_EXPERT)
    assert isinstance(hard, ISMCTSBot) and isinstance(measured, ISMCTSBot)
    assert (hard.config.seconds, measured.config.cpu_seconds) == (0.5, 0.5)
    assert attrs.evolve(hard.config, seconds=None, cpu_seconds=0.5) == measured.config
    assert (measured.config.heuristic, measured.config.width) == ("expert", 3)
    assert {r.config.seed for r in PRESETS["strength"]} == {2026}
    balance = PRESETS["balance"]
    assert [(r.config.bots, r.config.players, r.games) for r in balance[:2]] == [
        (("greedy",), 1, 10_000),
        (("greedy",), 2, 10_000),
    ]
    assert len(balance) == 10 and {r.config.bots for r in balance} == {("greedy",), ("expert",)}


def test_the_strength_runs_in_the_docs_are_the_presets_runs_whole() -> None:
    for run in PRESETS["strength"]:
        rows = read_rows(DOCS / "strength" / f"{run.name}.parquet")
        games = {r["game"] for r in rows}
        assert games == set(range(run.games)), run.name
        assert {r["bot"] for r in rows} == set(run.config.bots), run.name
        assert {(r["players"], r["edition"]) for r in rows} == {(run.config.players, "2nd")}, run.name


def test_the_strength_tables_of_the_ai_page_are_the_report_of_those_runs() -> None:
    page = (DOCS / "ai.md").read_text(encoding="utf-8")
    tables = markdown(read_runs(DOCS / "strength", PRESETS["strength"])).strip().split("\n\n")
    assert len(tables) == 3
    for table in tables:
        assert table in page


def _tiny(monkeypatch: pytest.MonkeyPatch, name: str, runs: tuple[PresetRun, ...]) -> None:
    monkeypatch.setattr(presets, "PRESETS", MappingProxyType({**PRESETS, name: runs}))


def test_strength_preset_plays_resumes_and_reports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = (
        PresetRun("greedy-random-2p", RunConfig(3, 2, "2nd", ("greedy", "random")), 4),
        PresetRun("expert-greedy-4p", RunConfig(3, 4, "2nd", ("expert", "greedy", "greedy", "greedy")), 2),
    )
    _tiny(monkeypatch, "strength", runs)
    args = ["simulate", "--preset", "strength", "--out", str(tmp_path), "--quiet"]
    assert main(args) == 0
    assert len(read_rows(tmp_path / "greedy-random-2p.parquet")) == 8
    assert len(read_rows(tmp_path / "expert-greedy-4p.parquet")) == 8
    report = (tmp_path / "strength.md").read_text(encoding="utf-8")
    assert "| greedy-random-2p | 2 | 4 | `greedy` | 1 random |" in report
    assert "| expert-greedy-4p | 4 | 2 | `expert` | 3 greedy |" in report
    assert "| row bot's wins against |" in report and "| rank | bot | mu |" in report
    assert report in capsys.readouterr().out
    assert main(args) == 0  # everything is there: nothing is played again
    err = capsys.readouterr().err
    assert "0 games played, 4 already in" in err and "0 games played, 2 already in" in err
    assert len(read_rows(tmp_path / "greedy-random-2p.parquet")) == 8


def test_balance_preset_compares_two_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runs = tuple(PresetRun(f"{b}-p2", RunConfig(5, 2, "2nd", (b,)), 3) for b in ("greedy", "expert"))
    _tiny(monkeypatch, "balance", runs)
    report = tmp_path / "report"
    assert main(["simulate", "--preset", "balance", "--out", str(tmp_path), "--report", str(report), "--quiet"]) == 0
    text = (report / "balance.md").read_text(encoding="utf-8")
    assert "## greedy in every seat" in text and "## expert in every seat" in text
    assert "| mode | position | greedy win rate | expert win rate |" in text
    names = {p.name for p in report.iterdir()}
    assert {"seat_win_rate.png", "seat_vp.png", "vp_by_source_expert_p2.png", "game_length_greedy_p2.png"} <= names


def test_comparison_says_same_only_when_the_intervals_overlap() -> None:
    def mode(bot: str, first_wins: int) -> list[Row]:
        # 40 games; position 0 wins `first_wins` of them
        return [
            {**_seat(g, s, bot, 50, (s == 0) == (g < first_wins)), "position": s} for g in range(40) for s in range(2)
        ]

    a, b, c = mode_seats(mode("greedy", 20)), mode_seats(mode("expert", 22)), mode_seats(mode("expert", 38))
    assert "| 2 players | 0 | 50.0% | 55.0% | same (intervals overlap) |" in comparison([a], [b])
    # 20 of 40 (95%: 35.2% to 64.8%) against 38 of 40 (83.5% to 98.6%): +45.0%
    assert "| 2 players | 0 | 50.0% | 95.0% | +45.0% |" in comparison([a], [c])


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--preset", "balance", "--players", "2"], "--preset sets the players, edition and rules"),
        (["--preset", "strength", "--bots", "random,greedy"], "--preset strength takes one bot spec"),
        (["--preset", "strength", "--edition", "1st"], "--preset sets the players, edition and rules"),
        (["--players", "2"], "give --games and --players, or a --preset"),
        (["--games", "1", "--players", "2", "--report", "r"], "--report goes with --preset"),
    ],
)
def test_preset_usage_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    assert main(["simulate", "--out", str(tmp_path / "e"), *extra]) == 2
    assert message in capsys.readouterr().err
