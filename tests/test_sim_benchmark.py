"""ragusa simulate --preset benchmark (and strength) with a bot of your own: the fixed deals, seats
rotated, the report's intervals and the rating held to the strength table's scale."""

from __future__ import annotations

import math
import re
import shlex
import subprocess
import sys
from pathlib import Path
from types import MappingProxyType

import pytest
from openskill.models import PlackettLuce

import ragusa.sim.presets as presets
from ragusa.cli import main
from ragusa.sim.benchmark import result
from ragusa.sim.games import Row, RunConfig, game_seed, play_game
from ragusa.sim.presets import ANCHORS, PRESETS, SEARCH_EXPERT, SEED, PresetRun, benchmark, preset_runs
from ragusa.sim.stats import anchored_rating, ladder
from ragusa.sim.store import read_rows
from ragusa.sim.strength import _numbered, read_runs

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_the_benchmark_plays_every_deal_once_with_the_bot_in_each_seat() -> None:
    runs = {r.name: r for r in benchmark("mine.py:make")}
    assert list(runs) == [f"mine-py-make-vs-{o}-{p}p" for o in ("expert", "hard") for p in (2, 3, 4)]
    three = runs["mine-py-make-vs-expert-3p"]
    assert three.config == RunConfig(SEED, 3, "2nd", ("mine.py:make", "expert", "expert"), repeat=3)
    assert three.games == 150  # 50 deals, each with the bot in seat 0, 1 and 2
    assert runs["mine-py-make-vs-hard-4p"].config.bots == ("mine.py:make",) + (SEARCH_EXPERT,) * 3
    assert runs["mine-py-make-vs-hard-4p"].games == 40
    # games 3, 4, 5 play deal 1 (one seed), the bot in seats 0, 2 and 1 (seat s plays bots[(s + g) % 3])
    rows = [play_game(RunConfig(SEED, 3, "2nd", ("random", "expert", "expert"), repeat=3), g) for g in (3, 4, 5)]
    assert {r["seed"] for game in rows for r in game} == {game_seed(SEED, 1)}
    assert [[r["seat"] for r in game if r["bot"] == "random"] for game in rows] == [[0], [2], [1]]


def test_a_config_without_repeats_keeps_its_stored_form() -> None:
    plain = RunConfig(3, 2, "2nd", ("greedy",))
    assert "repeat" not in plain.to_dict() and RunConfig.from_dict(plain.to_dict()) == plain
    rotated = RunConfig(3, 2, "2nd", ("greedy", "expert"), repeat=2)
    assert rotated.to_dict()["repeat"] == 2 and RunConfig.from_dict(rotated.to_dict()) == rotated


def test_the_anchors_are_the_strength_tables_ladder() -> None:
    rated = {x.bot: x for x in ladder(_numbered(read_runs(DOCS / "strength", PRESETS["strength"])))}
    for bot, (mu, sigma) in ANCHORS.items():
        assert (round(rated[bot].mu, 1), round(rated[bot].sigma, 2)) == (mu, sigma)


def _game(game: int, mine: int, theirs: int, won: bool) -> list[Row]:
    return [
        {"game": game, "seat": 0, "bot": "me", "vp_total": mine, "winner": won, "rank": 1 if won else 2},
        {"game": game, "seat": 1, "bot": "expert", "vp_total": theirs, "winner": not won, "rank": 2 if won else 1},
    ]


def test_result_counts_wins_and_the_margins_interval() -> None:
    rows = _game(0, 60, 50, True) + _game(1, 40, 70, False) + _game(2, 55, 50, True)
    r = result("me", rows)
    # margins +10, -30, +5: mean -5; sample sd sqrt((225 + 625 + 100) / 2) = 21.79; half 1.96 * 21.79 / sqrt(3)
    assert (r.games, r.wins, r.margin) == (3, 2, -5.0)
    assert r.margin_high - r.margin == pytest.approx(1.959964 * math.sqrt(475) / math.sqrt(3), rel=1e-6)
    assert r.low == pytest.approx(0.2077, abs=1e-4) and r.high == pytest.approx(0.9385, abs=1e-4)


def test_the_rating_holds_the_anchors_and_moves_the_bot_only() -> None:
    model = PlackettLuce()
    one = anchored_rating(_game(0, 60, 50, True), "me", {"expert": (36.4, 1.94)})
    [[me], [expert]] = model.rate([[model.rating()], [model.rating(36.4, 1.94)]], ranks=[1, 2])
    assert one.mu == pytest.approx(me.mu) and one.sigma == pytest.approx(me.sigma) and one.games == 1
    # a second game starts from the first's rating, the expert again at its anchor
    two = anchored_rating(_game(0, 60, 50, True) + _game(1, 40, 70, False), "me", {"expert": (36.4, 1.94)})
    [[me2], _] = model.rate([[model.rating(me.mu, me.sigma)], [model.rating(36.4, 1.94)]], ranks=[2, 1])
    assert two.mu == pytest.approx(me2.mu) and two.sigma == pytest.approx(me2.sigma) and two.games == 2
    assert anchored_rating(_game(0, 60, 50, True), "me", {}).games == 0  # an opponent without a rating


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "first.py").write_text(
        "class First:\n    def choose(self, state, actions, rng):\n        return actions[0]\n", encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    return tmp_path


def test_a_tiny_benchmark_plays_and_reports(
    here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(presets, "BENCHMARK_DEALS", MappingProxyType({"expert": 2}))
    args = ["simulate", "--preset", "benchmark", "--bots", "first.py:First", "--players", "2", "--out", "b", "--quiet"]
    assert main(args) == 0
    rows = read_rows(here / "b" / "first-py-First-vs-expert-2p.parquet")
    assert len(rows) == 8 and len({r["seed"] for r in rows}) == 2  # 2 deals, 2 seatings each
    report = (here / "b" / "benchmark.md").read_text(encoding="utf-8")
    assert report in capsys.readouterr().out
    # the expert wins every game against a bot that takes the first legal action
    assert "| expert (medium) | 2 | 4 | 0 | 0.0% | 0.0% to 49.0% |" in report
    assert "| **expert (medium)** | 2 | 4 | 0 | 0.0% |" in report
    assert "| `first.py:First` |" in report and "| `expert` (the strength table's, held) | 36.4 | 1.94 |" in report


def test_the_strength_preset_adds_a_bot_of_your_own(
    here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tiny = (PresetRun("greedy-random-2p", RunConfig(3, 2, "2nd", ("greedy", "random")), 2),)
    monkeypatch.setattr(presets, "PRESETS", MappingProxyType({**PRESETS, "strength": tiny}))
    monkeypatch.setattr(presets, "CANDIDATE_GAMES", MappingProxyType({"random": 2, "greedy": 2}))
    assert [r.name for r in preset_runs("strength", "first.py:First")] == [
        "greedy-random-2p",
        "first-py-First-random-2p",
        "first-py-First-greedy-2p",
    ]
    assert main(["simulate", "--preset", "strength", "--bots", "first.py:First", "--out", "s", "--quiet"]) == 0
    report = (here / "s" / "strength.md").read_text(encoding="utf-8")
    assert "| first-py-First-greedy-2p | 2 | 2 | `first.py:First` | 1 greedy |" in report
    assert "`first.py:First`" in report.split("| rank | bot |")[1]  # on the ladder


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--preset", "balance", "--bots", "expert"], "--preset balance sets the bots"),
        (["--preset", "benchmark", "--bots", "expert,greedy"], "takes one bot spec"),
        (["--preset", "benchmark", "--players", "5"], "is 2, 3 or 4; got 5"),
        (["--preset", "strength", "--players", "2"], "--preset sets the players"),
        (["--preset", "benchmark", "--bots", "nope.py:x"], "--bots: bot 'nope.py:x': no Python file nope.py"),
    ],
)
def test_preset_bot_errors(here: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str) -> None:
    assert main(["simulate", "--out", "e", *extra]) == 2
    assert message in capsys.readouterr().err


def test_the_simulate_pages_own_bot_commands_run(tmp_path: Path) -> None:
    """docs/simulate.md: mybot.py as shown, then each command of its bash blocks that names it."""
    page = (DOCS / "simulate.md").read_text(encoding="utf-8")
    code = re.findall(r"```python\n(.*?)```", page, re.S)
    (tmp_path / "mybot.py").write_text(next(c for c in code if "class FirstLegal" in c), encoding="utf-8")
    lines = [line for block in re.findall(r"```bash\n(.*?)```", page, re.S) for line in block.splitlines()]
    shown = [line for line in lines if "mybot.py:FirstLegal" in line and "--out docs/" not in line]
    assert len(shown) == 3
    for line in shown:
        if "--preset benchmark" in line and "--games" not in line:
            continue  # the whole benchmark: its size is checked above, its tiny form runs here
        done = subprocess.run(
            [sys.executable, "-m", "ragusa", *shlex.split(line)[1:]], cwd=tmp_path, capture_output=True, text=True
        )
        assert done.returncode == 0, (line, done.stderr)
    assert len(read_rows(tmp_path / "mine.parquet")) == 8
    report = (tmp_path / "tiny" / "benchmark.md").read_text(encoding="utf-8")
    assert "| expert (medium) | 2 | 1 |" in report and "| hard (search, 0.5 CPU s) | 2 | 1 |" in report
