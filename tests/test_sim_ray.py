"""The Ray backend on a local Ray (2 CPUs, loopback, no dashboard) gives the process pool's rows."""

from __future__ import annotations

from pathlib import Path

import ray

from ragusa.sim.games import RunConfig
from ragusa.sim.ray_backend import start
from ragusa.sim.runner import run
from tests.test_sim_run import read_rows


def test_local_ray_rows_equal_the_process_pools(tmp_path: Path) -> None:
    config = RunConfig(21, 4, "2nd", ("random", "greedy"))
    pool = run(config, 4, tmp_path / "pool.parquet", workers=2, batch_size=1, progress=False)
    assert start(2, None)  # the local Ray a run would start: ray.init(num_cpus=2), no dashboard
    try:
        nodes = ray.nodes()  # type: ignore[no-untyped-call]
        assert [n["NodeManagerAddress"] for n in nodes] == ["127.0.0.1"]  # loopback only
        cpus = ray.cluster_resources()["CPU"]  # type: ignore[no-untyped-call]
        assert cpus == 2
        on_ray = run(config, 4, tmp_path / "ray.parquet", workers=2, backend="ray", batch_size=1, progress=False)
        assert ray.is_initialized()  # a run leaves a Ray it did not start running
    finally:
        ray.shutdown()
    assert (pool.played, on_ray.played, on_ray.interrupted) == (4, 4, False)
    rows = read_rows(tmp_path / "ray.parquet")
    assert len(rows) == 16 and rows == read_rows(tmp_path / "pool.parquet")
