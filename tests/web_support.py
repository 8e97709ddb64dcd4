"""Helpers for the web tests: an app on a temporary database (a SQLite file or a database of a
PostgreSQL server), a real uvicorn server thread, `ragusa serve` in its own process.

PostgreSQL: `RAGUSA_TEST_POSTGRES` names a server to use (CI starts one); without it the tests
start a throwaway cluster of Debian's PostgreSQL 15 (initdb in a fresh directory, as the
`postgres` user when run by root, listening on 127.0.0.1 only on a free port) and remove it after.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from ragusa.web.app import create_app
from ragusa.web.latency import free_port, started

__all__ = ["DATABASES", "database", "free_port", "fresh_database", "postgres_server", "running_server", "served"]

#: Debian's PostgreSQL 15 programs (apt-get install -y postgresql)
PG_BIN = Path(os.environ.get("RAGUSA_PG_BIN", "/usr/lib/postgresql/15/bin"))
#: the databases every store and server test runs on
DATABASES = ["sqlite", "postgres"]


def _as_postgres(cmd: list[str]) -> list[str]:
    """`cmd` run as the `postgres` user when root runs the tests (PostgreSQL refuses to run as root)."""
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@contextmanager
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server's `postgres` database: RAGUSA_TEST_POSTGRES, or a throwaway cluster."""
    given = os.environ.get("RAGUSA_TEST_POSTGRES")
    if given:
        yield given
        return
    if not (PG_BIN / "initdb").exists():
        # CI starts a server and fails on any skip (RAGUSA_FAIL_ON_SKIP=1), so there this never passes silently
        pytest.skip(f"the PostgreSQL tests need Debian's PostgreSQL 15 in {PG_BIN} (apt-get install -y postgresql)")
    root = Path(tempfile.mkdtemp(prefix="ragusa-pg-"))
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    data, port = root / "data", free_port()

    def run(cmd: list[str]) -> None:
        subprocess.run(_as_postgres(cmd), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, timeout=120)

    run([str(PG_BIN / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust"])
    options = f"-h 127.0.0.1 -p {port} -k {root} -F"  # loopback only; fsync off: a test server, crashes are the app's
    start = [str(PG_BIN / "pg_ctl"), "-D", str(data), "-l", str(root / "log"), "-o", options, "-w", "start"]
    run(start)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        run([str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"])
        shutil.rmtree(root, ignore_errors=True)


@contextmanager
def fresh_database(server: str) -> Iterator[str]:
    """A new, empty database on the PostgreSQL `server` (its URL), dropped afterwards."""
    import psycopg  # the postgres extra (in the test extra); only the PostgreSQL tests need it

    name = f"ragusa_{secrets.token_hex(6)}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield server.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE {name} WITH (FORCE)")


@contextmanager
def database(kind: str, tmp_path: Path, server: str | None) -> Iterator[str]:
    """A new, empty games database of `kind` ("sqlite": a file under `tmp_path`; "postgres" on `server`)."""
    if kind == "sqlite":
        yield str(tmp_path / "games.sqlite3")
        return
    assert server is not None
    with fresh_database(server) as url:
        yield url


@contextmanager
def running_server(db: str | Path, port: int | None = None, workers: int | None = None) -> Iterator[tuple[str, Any]]:
    """A uvicorn server on 127.0.0.1 (``port`` or a free one) serving the app on ``db``; yields (base URL, app)."""
    app = create_app(db, workers=workers)
    port = port or free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline:  # pragma: no cover
            raise RuntimeError("server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        server.should_exit = True
        thread.join(timeout=15)
        app.state.store.close()


@contextmanager
def served(db: str | Path, *extra: str) -> Iterator[tuple[str, str]]:
    """``ragusa serve`` in its own process on a free port; yields (base URL, the line it printed)."""
    proc, base, line = started(str(db), *extra)
    try:
        yield base, line
    finally:
        proc.terminate()
        proc.wait(timeout=15)
