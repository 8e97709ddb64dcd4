"""ragusa.sim.runner and store: worker counts, resume, Ctrl-C, the Parquet file, the CLI."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ragusa.cli import main
from ragusa.sim.games import MEASURED_COLUMNS, Row, RunConfig, play_game
from ragusa.sim.runner import batches, run
from ragusa.sim.store import StoreError, done_games
from ragusa.sim.store import read_rows as read_all_rows

CONFIG = RunConfig(3, 3, "2nd", ("random", "greedy"))


def stable(rows: list[Row]) -> list[Row]:
    """The rows without the measured columns (CPU time), which differ from one play of a game to the next."""
    return [{k: v for k, v in r.items() if k not in MEASURED_COLUMNS} for r in rows]


def read_rows(path: str | Path) -> list[Row]:
    return stable(read_all_rows(path))


def _expected(config: RunConfig, games: int) -> list[Row]:
    return stable([row for g in range(games) for row in play_game(config, g)])


def test_batches_cut_in_order() -> None:
    assert batches([0, 1, 2, 3, 4], 2) == [[0, 1], [2, 3], [4]]
    assert batches([], 3) == []


def test_one_and_two_workers_write_identical_rows(tmp_path: Path) -> None:
    one = run(CONFIG, 6, tmp_path / "one.parquet", workers=1, batch_size=2, progress=False)
    two = run(CONFIG, 6, tmp_path / "two.parquet", workers=2, batch_size=2, progress=False)
    assert (one.played, two.played, one.interrupted, two.interrupted) == (6, 6, False, False)
    assert two.game_cpu > 0 and two.worker_peak_rss_kib > 10_000  # reported back by the workers
    rows = read_rows(tmp_path / "one.parquet")
    assert rows == read_rows(tmp_path / "two.parquet") == _expected(CONFIG, 6)
    assert len(rows) == 18


def test_a_rerun_skips_the_games_already_in_the_file(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    first = run(CONFIG, 3, out, batch_size=2, progress=False)
    assert (first.skipped, first.played) == (0, 3)
    again = run(CONFIG, 5, out, workers=2, batch_size=2, progress=False)
    assert (again.games, again.skipped, again.played) == (5, 3, 2)
    assert read_rows(out) == _expected(CONFIG, 5)
    assert run(CONFIG, 5, out, progress=False).played == 0


class _Stop:
    """on_batch hook that raises KeyboardInterrupt (as Ctrl-C would) once ``after`` games are written."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.calls = 0

    def __call__(self, written: int) -> None:
        self.calls += 1
        if written >= self.after:
            raise KeyboardInterrupt


def test_ctrl_c_keeps_the_finished_games_and_a_rerun_completes(tmp_path: Path) -> None:
    out = tmp_path / "i.parquet"
    stopped = run(CONFIG, 8, out, batch_size=2, progress=False, on_batch=_Stop(4))
    assert stopped.interrupted and stopped.played == 4
    assert done_games(out, CONFIG) == {0, 1, 2, 3}
    assert not (tmp_path / "i.parquet.partial").exists()
    rest = run(CONFIG, 8, out, batch_size=2, progress=False)
    assert (rest.skipped, rest.played, rest.interrupted) == (4, 4, False)
    assert read_rows(out) == _expected(CONFIG, 8)


def test_ctrl_c_with_a_process_pool_keeps_whole_games_only(tmp_path: Path) -> None:
    out = tmp_path / "p.parquet"
    stopped = run(CONFIG, 8, out, workers=2, batch_size=1, progress=False, on_batch=_Stop(1))
    assert stopped.interrupted
    kept = done_games(out, CONFIG)
    assert len(kept) == stopped.played >= 1
    rows = read_rows(out)
    assert len(rows) == 3 * len(kept)  # every kept game has all its seats
    assert rows == [r for r in _expected(CONFIG, 8) if r["game"] in kept]
    run(CONFIG, 8, out, workers=2, batch_size=1, progress=False)
    assert read_rows(out) == _expected(CONFIG, 8)


def test_a_file_of_another_run_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "x.parquet"
    run(CONFIG, 1, out, progress=False)
    other = RunConfig(4, 3, "2nd", ("random", "greedy"))
    with pytest.raises(StoreError, match="another run: seed 3 .file. vs 4"):
        run(other, 2, out, progress=False)
    (tmp_path / "junk.parquet").write_text("not parquet")
    with pytest.raises(StoreError, match="not a readable Parquet file"):
        done_games(tmp_path / "junk.parquet", CONFIG)


def test_cli_simulate_writes_rows_and_continues(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "c.parquet")
    args = ["simulate", "--games", "2", "--players", "2", "--bots", "random", "--seed", "5", "--out", out, "--quiet"]
    assert main(args) == 0
    assert "2 games played, 0 already in" in capsys.readouterr().err
    assert main([*args[:2], "3", *args[3:]]) == 0
    assert "1 games played, 2 already in" in capsys.readouterr().err
    assert read_rows(out) == _expected(RunConfig(5, 2, "2nd", ("random",)), 3)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--players", "6"], "--players must be 1 to 5"),
        (["--players", "2", "--bots", "greedy,nobody"], "--bots: unknown bot 'nobody'"),
        (["--players", "2", "--bots", "greedy,"], "--bots: empty bot name"),
        (["--players", "2", "--workers", "0"], "--workers must be 1 or more"),
        (["--players", "2", "--address", "auto"], "--address needs --backend ray"),
    ],
)
def test_cli_simulate_usage_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    assert main(["simulate", "--games", "1", "--out", str(tmp_path / "e.parquet"), *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ragusa simulate: ") and message in err
    assert "Traceback" not in err and not (tmp_path / "e.parquet").exists()


def test_cli_simulate_refuses_another_runs_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "o.parquet")
    assert main(["simulate", "--games", "1", "--players", "2", "--bots", "random", "--out", out, "--quiet"]) == 0
    assert main(["simulate", "--games", "1", "--players", "3", "--bots", "random", "--out", out, "--quiet"]) == 2
    assert "holds games of another run: players 2 (file) vs 3" in capsys.readouterr().err


def test_without_the_sim_extra_the_commands_say_what_to_install(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("ragusa.sim.runner", "ragusa.sim.report", "ragusa.sim.store", "pyarrow"):
        monkeypatch.setitem(sys.modules, name, None)  # importing it now raises ImportError
    assert main(["simulate", "--games", "1", "--players", "2", "--out", str(tmp_path / "x.parquet")]) == 2
    assert main(["report", str(tmp_path / "x.parquet"), "--out", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "ragusa simulate: needs the sim extra: pip install 'ragusa[sim]'",
        "ragusa report: needs the sim extra: pip install 'ragusa[sim]'",
    ]


def test_a_file_from_before_the_cpu_column_reads_with_zeros_and_resumes(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    out = tmp_path / "old.parquet"
    run(CONFIG, 2, out, progress=False)
    table = pq.read_table(out)
    pq.write_table(table.drop_columns(list(MEASURED_COLUMNS)), out)  # as written before the column existed
    assert [r["cpu_us"] for r in read_all_rows(out)] == [0] * 6
    assert run(CONFIG, 3, out, progress=False).played == 1
    rows = read_all_rows(out)
    assert [r["cpu_us"] for r in rows[:6]] == [0] * 6 and rows[6]["cpu_us"] + rows[7]["cpu_us"] > 0
    assert stable(rows) == _expected(CONFIG, 3)


def test_the_workers_benchmark_finds_the_same_games_with_one_and_two_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the two runs of a round differ only in the measured columns (cpu_us): the benchmark's check ignores them
    from ragusa.sim import speedup

    assert speedup.main(["--games", "4", "--players", "2", "--rounds", "1", "--workers", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "rows identical: yes"
