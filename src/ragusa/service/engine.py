"""`ragusa engine`: the protocol as JSON lines on stdin/stdout, for UIs and bots in any language.

Each input line is one request object; each output line is its response (flushed at once).
A line that is not JSON gets a `bad_request` response; an empty line is skipped; a request that
fails unexpectedly gets the `internal` error (the traceback goes to standard error) and the next
line is served. An `analyse` runs while the next lines are read (`{"op": "stop"}` ends it early).
Sessions live in memory for the life of the process. Example:

    $ echo '{"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 1}' | ragusa engine
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from collections.abc import Callable, Sequence
from typing import IO, Any

from .protocol import LOG, Store, error, handle, internal_error
from .store import MemoryStore

__all__ = ["MAX_LINE", "configure", "main", "respond", "run"]

#: longest request line accepted (a record of a long game is well under this)
MAX_LINE = 4_000_000


def respond(store: Store, line: str) -> str:
    """The response line to one request line (never raises)."""
    try:
        return _respond(store, line)
    except Exception:  # a bug: answered, logged, and the next line is served
        LOG.exception("internal error on a request line")
        return json.dumps(internal_error("this request line"), separators=(",", ":"))


def _respond(store: Store, line: str) -> str:
    if len(line) > MAX_LINE:
        out = error("bad_request", f"request line longer than {MAX_LINE} characters")
    else:
        try:
            msg = json.loads(line)
        except ValueError as exc:
            out = error("bad_request", f"not JSON: {exc}")
        else:
            out = handle(store, msg)
    return json.dumps(out, separators=(",", ":"))


class _Analyses:
    """The engine's one analysis at a time, run in a thread while the next lines are read."""

    def __init__(self, store: Store, write: Callable[[str], None]) -> None:
        self.store = store
        self.write = write
        self.thread: threading.Thread | None = None
        self.stopping = threading.Event()

    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def start(self, msg: dict[str, Any]) -> None:
        if self.running():
            out = error("conflict", 'an analysis is running: send {"op": "stop"} or wait for its answer')
            self.write(_echo(msg, out))
            return
        self.stopping.clear()
        self.thread = threading.Thread(target=self._work, args=(msg,), daemon=True)
        self.thread.start()

    def _work(self, msg: dict[str, Any]) -> None:
        try:
            line = json.dumps(handle(self.store, msg, stop=self.stopping.is_set), separators=(",", ":"))
        except Exception:  # pragma: no cover - handle never raises; a bug still gets its answer
            LOG.exception("internal error in an analysis")
            line = json.dumps(internal_error("op 'analyse'"), separators=(",", ":"))
        self.write(line)

    def stop(self, msg: dict[str, Any]) -> None:
        out = handle(self.store, msg)
        if out.get("ok"):
            out["stopped"] = self.running()
            self.stopping.set()
        self.write(_echo(msg, out))

    def wait(self) -> None:
        if self.thread is not None:
            self.thread.join()


def _echo(msg: dict[str, Any], out: dict[str, Any]) -> str:
    if "id" in msg and "id" not in out and (msg["id"] is None or type(msg["id"]) in (str, int)):
        out["id"] = msg["id"]
    return json.dumps(out, separators=(",", ":"))


def _op(line: str) -> tuple[str | None, dict[str, Any]]:
    """The op of a request line that is a JSON object (None for anything else)."""
    if '"op"' not in line or len(line) > MAX_LINE:
        return None, {}
    try:
        msg = json.loads(line)
    except ValueError:
        return None, {}
    op = msg.get("op") if isinstance(msg, dict) else None
    return (op, msg) if isinstance(op, str) else (None, {})


def run(stdin: IO[str] | None = None, stdout: IO[str] | None = None, seed: int | None = None) -> int:
    """Answer requests from `stdin` until it closes; returns the exit code (0).

    An `analyse` request runs in a thread while the next lines are read and answered (its answer
    comes when it is done, with its `id`); `{"op": "stop"}` ends it early. One runs at a time."""
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    store = MemoryStore(seed)
    lock = threading.Lock()

    def write(line: str) -> None:
        with lock:
            out.write(line + "\n")
            out.flush()

    analyses = _Analyses(store, write)
    for line in inp:
        if not line.strip():
            continue
        op, msg = _op(line)
        if op == "analyse":
            analyses.start(msg)
        elif op == "stop":
            analyses.stop(msg)
        else:
            write(respond(store, line))
    analyses.wait()
    return 0


def configure(p: argparse.ArgumentParser) -> None:
    """The engine's one option (`ragusa engine`, `ragusa-engine`)."""
    p.add_argument("--seed", type=int, default=None, help="make game ids, seat tokens and default seeds reproducible")


def main(argv: Sequence[str] | None = None) -> int:
    """`ragusa-engine [--seed S]`: the same engine as `ragusa engine`, from an install or a bundle."""
    parser = argparse.ArgumentParser(
        prog="ragusa-engine", description="the JSON protocol as JSON lines on stdin/stdout"
    )
    configure(parser)
    return run(seed=parser.parse_args(argv).seed)
