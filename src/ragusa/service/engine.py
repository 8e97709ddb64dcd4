"""`ragusa engine`: the protocol as JSON lines on stdin/stdout, for UIs and bots in any language.

Each input line is one request object; each output line is its response (flushed at once).
A line that is not JSON gets a `bad_request` response; an empty line is skipped; a request that
fails unexpectedly gets the `internal` error (the traceback goes to standard error) and the next
line is served. Sessions live in memory for the life of the process. Example:

    $ echo '{"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 1}' | ragusa engine
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import IO

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


def run(stdin: IO[str] | None = None, stdout: IO[str] | None = None, seed: int | None = None) -> int:
    """Answer requests from `stdin` until it closes; returns the exit code (0)."""
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    store = MemoryStore(seed)
    for line in inp:
        if not line.strip():
            continue
        out.write(respond(store, line) + "\n")
        out.flush()
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
