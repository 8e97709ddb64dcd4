"""Helpers for the web tests: an app on a temporary database, and a real uvicorn server thread."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from ragusa.web.app import create_app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def running_server(db: Path, port: int | None = None) -> Iterator[tuple[str, Any]]:
    """A uvicorn server on 127.0.0.1 (``port`` or a free one) serving the app on ``db``; yields (base URL, app)."""
    app = create_app(db)
    port = port or free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
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
def served(db: Path) -> Iterator[tuple[str, str]]:
    """``ragusa serve`` in its own process on a free port; yields (base URL, the line it printed)."""
    port = free_port()
    cmd = [sys.executable, "-m", "ragusa", "serve", "--port", str(port), "--db", str(db)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(base + "/api/board", timeout=5)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or proc.poll() is not None:  # pragma: no cover
                    raise RuntimeError(f"ragusa serve did not start: {line}") from None
                time.sleep(0.1)
        yield base, line
    finally:
        proc.terminate()
        proc.wait(timeout=15)
