"""Crash safety: `ragusa serve` killed (SIGKILL) at random, seeded moments while clients make moves,
50 times on SQLite and 50 times on PostgreSQL. After each kill every game opens, its state is the one
its recorded moves produce, and every move the server acknowledged is there, in order (the move sent
when the server died may be there too: written, not answered). A kill comes a seeded 0 to 50 ms
after the client sent its k-th move of the round (k seeded, 2 to 6), so it lands on requests in
flight, and every round has moves acknowledged before it. The kills run in five lanes at once, each
its own database and server, ten kills a lane."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from ragusa.service.session import replay_actions
from ragusa.text.notation import format_action
from ragusa.web.db import open_games
from ragusa.web.latency import started
from tests.web_support import DATABASES, database, postgres_server

LANES = 5
KILLS = 10  # a lane: 50 kills a database
#: a server is killed after the client sent this many moves (at least) since it started ...
MOVES = (2, 6)
#: ... and this many seconds more
DELAY = (0.0, 0.05)


@pytest.fixture(scope="module")
def pg() -> Any:
    with postgres_server() as url:
        yield url


@contextmanager
def _server(db: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    proc, base, _ = started(db, "--workers", "1")  # on a port it holds: never another lane's server
    try:
        yield base, proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)


class Client:
    """Plays the games of one lane, every seat, and notes each move the server acknowledged."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        #: game id -> the tokens of its seats
        self.tokens: dict[str, list[str]] = {}
        #: game id -> the actions the server acknowledged, in order
        self.acked: dict[str, list[str]] = {}
        #: the moves sent to the server running now
        self.sent = 0
        #: anything unexpected a request met (a refusal, an error)
        self.errors: list[str] = []
        self.progress = threading.Condition()

    def play(self, base: str, stop: threading.Event) -> None:
        try:
            with httpx.Client(base_url=base, timeout=30) as c:
                if len(self.tokens) < 3:
                    seats = ["human", "human"] if len(self.tokens) < 2 else ["human", "easy"]
                    made = self._ask(c, {"op": "new_game", "players": 2, "seats": seats})
                    game = made["status"]["game"]
                    self.tokens[game] = [link.split("/")[-1] if link else "" for link in made["links"]]
                    self.acked[game] = []
                while not stop.is_set():
                    self._move(c, self.rng.choice(sorted(self.tokens)))
        except httpx.TransportError:  # the server was killed under the request
            pass
        except Exception as exc:  # noted: the test fails on it
            self.errors.append(repr(exc))
        finally:
            with self.progress:
                self.progress.notify_all()

    def _ask(self, c: httpx.Client, msg: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = c.post("/api/message", json=msg).json()
        if not out["ok"]:
            raise AssertionError(f"{msg['op']} refused: {out['error']}")
        return out

    def _move(self, c: httpx.Client, game: str) -> None:
        token = next(t for t in self.tokens[game] if t)
        seen = self._ask(c, {"op": "legal", "game": game, "token": token})
        seat = seen["status"]["seat"]
        if seen["status"]["over"] or not self.tokens[game][seat]:
            time.sleep(0.01)  # a bot decides: it moves on the server
            return
        token = self.tokens[game][seat]
        seen = self._ask(c, {"op": "view", "game": game, "token": token})
        choice = self.rng.choice(seen["legal"])["text"]
        with self.progress:
            self.sent += 1
            self.progress.notify_all()
        r = c.post(
            "/api/message",
            json={"op": "apply", "game": game, "token": token, "action": choice, "expect": seen["status"]["version"]},
        )
        if r.status_code == 200:  # acknowledged: this action, then the bots' (unknown here: "?")
            before = seen["status"]["actions"]
            after = r.json()["status"]["actions"]
            known = (self.acked[game] + ["?"] * before)[:before]  # a bot may have moved unseen (resumed)
            self.acked[game] = [*known, choice, *["?"] * (after - before - 1)]


def _check(db: str, client: Client) -> int:
    """Every game opens, replays to its state, and holds every acknowledged move; the moves held."""
    games = open_games(db)
    try:
        ids = games.ids()
        assert set(client.tokens) <= set(ids)  # and perhaps a game made but not answered
        held = 0
        for game in ids:
            acked = client.acked.get(game, [])
            s = games.get(game)
            assert s is not None, f"game {game} does not open"
            assert s.state == replay_actions(s.initial, s.actions), f"game {game}: its state is not its moves'"
            assert len(s.log) == len(s.actors) == len(s.actions)
            kept = [format_action(a) for a in s.actions]
            assert len(kept) >= len(acked), f"game {game}: {len(acked)} moves acknowledged, {len(kept)} kept"
            assert all(a == "?" or a == k for a, k in zip(acked, kept)), f"game {game}: an acknowledged move is lost"
            if game in client.acked:
                client.acked[game] = kept
            held += len(kept)
        return held
    finally:
        games.close()


def _lane(db: str, seed: int) -> tuple[int, int]:
    """KILLS kills of a server on `db` while a client plays; (kills, moves held at the end)."""
    rng, client = random.Random(seed), Client(seed)
    held = 0
    for _ in range(KILLS):
        with _server(db) as (base, proc):
            stop = threading.Event()
            client.sent = 0
            player = threading.Thread(target=client.play, args=(base, stop))
            player.start()
            moves = rng.randint(*MOVES)
            with client.progress:
                going = client.progress.wait_for(lambda: client.sent >= moves or client.errors, timeout=120)  # noqa: B023
            assert going and not client.errors, client.errors
            time.sleep(rng.uniform(*DELAY))
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
            stop.set()
            player.join(timeout=30)
        held = _check(db, client)
    return KILLS, held


@pytest.mark.parametrize("kind", DATABASES)
def test_acknowledged_moves_survive_a_killed_server(kind: str, tmp_path: Path, request: Any) -> None:
    server = request.getfixturevalue("pg") if kind == "postgres" else None
    start = time.monotonic()
    with ThreadPoolExecutor(LANES) as lanes:
        dbs = [database(kind, tmp_path / f"lane{i}", server) for i in range(LANES)]
        urls = [d.__enter__() for d in dbs]
        try:
            results = list(lanes.map(_lane, urls, range(LANES)))
        finally:
            for d in dbs:
                d.__exit__(None, None, None)
    kills = sum(k for k, _ in results)
    moves = sum(m for _, m in results)
    print(f"{kind}: {kills} kills, {moves} moves held, {time.monotonic() - start:.0f} s")
    assert kills == LANES * KILLS == 50
    assert moves >= kills  # each round acknowledged a move before its kill
