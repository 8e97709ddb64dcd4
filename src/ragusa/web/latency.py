"""The server's response times under load: `python -m ragusa.web.latency [--db DB] [--infos N] [--moves M] [--hard-games K]`.

Starts `ragusa serve` (its bots in one worker process per core) on 127.0.0.1, a free port and a
new database (a SQLite file in a temporary directory, or `--db`, a SQLite file or an empty
PostgreSQL database), and starts `--hard-games` games of five `hard` bots (their `new_game`
requests left running: the bots play on). While they play it measures, over HTTP:

* `info`: the time to answer, `--infos` times, 0.1 s apart (target: within 0.5 s);
* a person's move beside two `medium` bots: the time from sending `apply` to its answer, which
  comes once both bots have moved (as from `ragusa engine`), `--moves` times (target: within 1.5 s).

It prints each measurement's median and maximum, and stops the server.
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["Load", "free_port", "main", "measure", "post", "serving", "started"]

Msg = dict[str, Any]


def post(base: str, msg: Msg, timeout: float = 60) -> Msg:
    """The protocol's answer to `msg` (errors too: a 4xx answer is JSON like any other)."""
    request = urllib.request.Request(
        base + "/api/message", json.dumps(msg).encode(), {"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as r:
            out: Msg = json.loads(r.read())
    except urllib.error.HTTPError as exc:
        out = json.loads(exc.read())
    return out


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def started(db: str, *extra: str) -> tuple[subprocess.Popen[str], str, str]:
    """`ragusa serve --port 0` over `db` in a process of its own, listening once this returns:
    (the process, its base URL, the line it printed). The port is the one the server holds, so no
    other server can be answering there."""
    cmd = [sys.executable, "-m", "ragusa", "serve", "--port", "0", "--db", db, *extra]
    with tempfile.TemporaryFile("w+") as err:  # a file, not a pipe: a server logging much never blocks on it
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, text=True)
        assert proc.stdout is not None
        line = proc.stdout.readline()  # printed once the socket listens ("" if the server stopped)
        found = re.search(r"http://\S+?(?=/)", line)
        if found is None:
            proc.kill()
            proc.wait(timeout=30)
            err.seek(0)
            raise RuntimeError(f"ragusa serve did not start: {(line + err.read()).strip()}")
    return proc, found.group(0), line


@contextmanager
def serving(db: str, *extra: str) -> Iterator[str]:
    """`ragusa serve` on 127.0.0.1 (a free port) over `db`, until the block ends; yields its base URL."""
    proc, base, _ = started(db, *extra)
    try:
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:  # pragma: no cover - a server that ignores SIGTERM
            proc.kill()
            proc.wait()


class Load:
    """What `measure` found: the seconds each `info` and each person's move took."""

    def __init__(self, infos: list[float], moves: list[float], bot_moves: int) -> None:
        self.infos = infos
        self.moves = moves
        #: the hard bots' moves made while measuring (they were playing)
        self.bot_moves = bot_moves

    def summary(self) -> str:
        def line(name: str, xs: list[float], target: float) -> str:
            return (
                f"{name}: median {statistics.median(xs):.3f} s, max {max(xs):.3f} s over {len(xs)} "
                f"(target: within {target} s)"
            )

        return "\n".join(
            [
                line("info", self.infos, 0.5),
                line("a person's move beside two medium bots", self.moves, 1.5),
                f"the hard bots' moves meanwhile: {self.bot_moves}",
            ]
        )


def _hard_game(base: str, seed: int) -> None:
    try:
        post(base, {"op": "new_game", "players": 5, "seats": ["hard"] * 5, "seed": seed}, timeout=3600)
    except (OSError, ValueError):  # the server stopped under it: the measurement is over
        pass


def measure(db: str, infos: int = 40, moves: int = 20, hard_games: int = 3, seed: int = 1) -> Load:
    """Serve `db`, start `hard_games` games of five hard bots, then time `infos` infos and `moves` moves."""
    with serving(db) as base:
        for i in range(hard_games):
            threading.Thread(target=_hard_game, args=(base, seed + i), daemon=True).start()
        time.sleep(1.0)  # the games are made and their bots think
        first = _bot_moves(db)
        info_times: list[float] = []
        for _ in range(infos):
            start = time.perf_counter()
            post(base, {"op": "info"})
            info_times.append(time.perf_counter() - start)
            time.sleep(0.1)
        move_times: list[float] = []
        game = token = ""
        while len(move_times) < moves:
            seen = post(base, {"op": "view", "game": game, "token": token}) if game else {}
            if not seen or seen["status"]["over"]:  # a new game against two medium bots
                made = post(base, {"op": "new_game", "players": 3, "seats": ["human", "medium", "medium"]})
                _, _, game, token = made["links"][0].split("/")
                continue
            action = seen["legal"][0]["text"]
            start = time.perf_counter()
            done = post(base, {"op": "apply", "game": game, "token": token, "action": action})
            move_times.append(time.perf_counter() - start)
            if not done["ok"]:
                raise RuntimeError(f"the move was refused: {done['error']}")
        return Load(info_times, move_times, _bot_moves(db) - first)


def _bot_moves(db: str) -> int:
    """The actions stored in the database's games of bots only."""
    from .db import open_games

    games = open_games(db)
    try:
        found = [games.get(game) for game in games.ids()]
        return sum(len(s.actions) for s in found if s is not None and set(s.seats) == {"hard"})
    finally:
        games.close()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ragusa.web.latency", description=__doc__.split("\n\n")[0])
    p.add_argument("--db", default=None, help="a SQLite file or an empty PostgreSQL database (default: a new file)")
    p.add_argument("--infos", type=int, default=40)
    p.add_argument("--moves", type=int, default=20)
    p.add_argument("--hard-games", type=int, default=3)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "bench.sqlite3")
        load = measure(db, args.infos, args.moves, args.hard_games)
    print(load.summary())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
