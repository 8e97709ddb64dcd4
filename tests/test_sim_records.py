"""ragusa simulate --records DIR: every game's record, verified, resumable like the rows."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from ragusa import record_from_json, replay, verify
from ragusa.cli import main
from ragusa.sim.games import RunConfig
from ragusa.sim.records import record_path
from ragusa.sim.runner import run
from ragusa.sim.store import StoreError, read_rows

CONFIG = RunConfig(5, 2, "2nd", ("expert", "greedy"))


def test_every_game_has_a_record_that_verifies_to_its_rows(tmp_path: Path) -> None:
    run(CONFIG, 4, tmp_path / "r.parquet", records=tmp_path / "rec", progress=False, workers=2, batch_size=1)
    rows = read_rows(tmp_path / "r.parquet")
    assert sorted(p.name for p in (tmp_path / "rec").iterdir()) == [f"game-00000{g}.json" for g in range(4)] + [
        "run.json"
    ]
    for g in range(4):
        record = record_from_json(record_path(tmp_path / "rec", g).read_text(encoding="utf-8"))
        result = verify(record)
        assert result.ok and record.seed == rows[2 * g]["seed"]
        assert list(result.scores) == [r["vp_total"] for r in rows if r["game"] == g]
        # one action a decision
        assert len(record.actions) == rows[2 * g]["decisions"]


def test_a_solo_games_record_replays(tmp_path: Path) -> None:
    run(RunConfig(2, 1, "2nd", ("greedy",)), 1, tmp_path / "s.parquet", records=tmp_path / "rec", progress=False)
    record = record_from_json(record_path(tmp_path / "rec", 0).read_text(encoding="utf-8"))
    assert record.players == 1 and verify(record).ok
    totals = [r["vp_total"] for r in read_rows(tmp_path / "s.parquet")]
    assert totals == list(verify(record).scores) and replay(record).final == verify(record).state


def test_a_rerun_writes_the_missing_records_without_adding_rows(tmp_path: Path) -> None:
    out, rec = tmp_path / "r.parquet", tmp_path / "rec"
    run(CONFIG, 3, out, progress=False)  # rows first, no records
    rows = read_rows(out)
    summary = run(CONFIG, 4, out, records=rec, progress=False)
    assert (summary.skipped, summary.played) == (3, 1)  # games 0-2 replayed for their records only
    assert len(read_rows(out)) == 8 and read_rows(out)[:6] == rows
    first = record_path(rec, 1).read_text(encoding="utf-8")
    record_path(rec, 1).unlink()
    assert run(CONFIG, 4, out, records=rec, progress=False).played == 0
    assert record_path(rec, 1).read_text(encoding="utf-8") == first  # the same game, the same record
    assert len(read_rows(out)) == 8


def test_a_records_directory_of_another_run_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(CONFIG, 1, tmp_path / "a.parquet", records=tmp_path / "rec", progress=False)
    with pytest.raises(StoreError, match="holds the records of another run"):
        run(RunConfig(6, 2, "2nd", ("expert", "greedy")), 1, tmp_path / "b.parquet", records=tmp_path / "rec")
    args = ["simulate", "--games", "1", "--players", "3", "--out", str(tmp_path / "c.parquet")]
    assert main([*args, "--records", str(tmp_path / "rec"), "--quiet"]) == 2
    assert "holds the records of another run; choose another --records directory" in capsys.readouterr().err
    assert main(["simulate", "--preset", "strength", "--records", "x", "--out", str(tmp_path / "p")]) == 2
    assert "--records goes with a single run" in capsys.readouterr().err


def test_cli_simulate_writes_records(tmp_path: Path) -> None:
    out, rec = tmp_path / "r.parquet", tmp_path / "rec"
    args = ["simulate", "--games", "2", "--players", "3", "--bots", "random", "--out", str(out), "--records", str(rec)]
    assert main([*args, "--quiet"]) == 0
    assert main(["verify", str(record_path(rec, 1))]) == 0


def test_the_ai_pages_imitation_example_gives_the_experts_decisions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "ai.md").read_text(encoding="utf-8")
    (code,) = [b for b in re.findall(r"```python\n(.*?)```", page, re.S) if "record_from_json" in b]
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    exec(compile(code, "docs/ai.md (imitation)", "exec"), namespace)
    rows = read_rows(tmp_path / "games.parquet")
    expert = sum(r["seat_decisions"] for r in rows if r["bot"] == "expert")
    y = namespace["y"]
    assert isinstance(y, np.ndarray) and len(y) == expert > 0
