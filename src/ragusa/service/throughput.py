"""The protocol's throughput: `python -m ragusa.service.throughput [--messages N] [--games K]`, and `--compare G`.

`--compare G` plays the same G games (3 players, every seat human, a seeded random client) three
ways in one run, taking turns game by game so that a busy machine slows each alike, and gives the
decisions per CPU second of each: the Python API (`legal_actions` then `apply`), `handle`
(`legal` then `apply` with the action's JSON, in this process) and `ragusa engine` over a pipe
(the same requests as JSON lines; the CPU seconds of both processes, the engine's read from /proc). A decision is one legal+apply
pair; the ratios to the Python API are the figures docs/benchmarks.md reports.

Starts `python -m ragusa.service.engine_main` (what `ragusa engine` runs) as a child process
and plays games through it, every seat human, the client picking a legal action at random:
`legal` then `apply` for each decision (half the actions sent as notation, half as JSON),
and a `view` every 10 decisions. Two measurements:

* lock-step: one game, each request waits for its response (the latency a single UI sees);
* pipelined: `--games` games at once, their requests written together, then the responses
  read (as a client driving several games or bots would); the target is >= 5,000 messages/s.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from ragusa.core.actions import Action
from ragusa.rules.game import new_game
from ragusa.rules.legal import legal_actions
from ragusa.rules.resolution import apply

from .protocol import handle
from .store import MemoryStore

Msg = dict[str, Any]


class Engine:
    """A `ragusa engine` child process."""

    def __init__(self) -> None:
        cmd = [sys.executable, "-m", "ragusa.service.engine_main"]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.sent = 0

    def ask(self, msgs: list[Msg]) -> list[Msg]:
        """Write every request, then read every response."""
        p = self.proc
        assert p.stdin is not None and p.stdout is not None
        p.stdin.write("".join(json.dumps(m) + "\n" for m in msgs))
        p.stdin.flush()
        self.sent += len(msgs)
        replies = [json.loads(p.stdout.readline()) for _ in msgs]
        for m, r in zip(msgs, replies):
            if not r.get("ok"):
                raise RuntimeError(f"engine refused {m}: {r}")
        return replies

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _new(engine: Engine, rng: random.Random, players: int) -> str:
    msg = {"op": "new_game", "players": players, "seats": ["human"] * players, "seed": rng.randrange(10**6)}
    game: str = engine.ask([msg])[0]["status"]["game"]
    return game


def measure(messages: int = 20_000, games: int = 1, players: int = 4, seed: int = 0) -> tuple[int, float, float]:
    """Send about `messages` requests over `games` games at once; return (messages, wall seconds,
    the engine process's CPU seconds: on a busy machine the CPU figure is the steadier one)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    rng = random.Random(seed)
    engine = Engine()
    start = time.perf_counter()
    try:
        ids = [_new(engine, rng, players) for _ in range(games)]
        decisions = 0
        while engine.sent < messages:
            legal = engine.ask([{"op": "legal", "game": g} for g in ids])
            applies = []
            for g, reply in zip(ids, legal):
                pick = reply["legal"][rng.randrange(len(reply["legal"]))]
                applies.append(
                    {"op": "apply", "game": g, "action": pick["text"] if rng.random() < 0.5 else pick["action"]}
                )
            decisions += 1
            views = [{"op": "view", "game": g, "seat": 0} for g in ids] if decisions % 10 == 0 else []
            replies = engine.ask(applies + views)
            ids = [g if not r["status"]["over"] else _new(engine, rng, players) for g, r in zip(ids, replies)]
    finally:
        engine.close()
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return engine.sent, wall, cpu


@attrs.frozen
class Comparison:
    """Decisions and CPU seconds of each way of playing the same games (`compare`)."""

    decisions: int
    api: float
    handle: float
    engine: float

    def rate(self, seconds: float) -> float:
        return self.decisions / max(seconds, 1e-9)

    def lines(self) -> list[str]:
        api = self.rate(self.api)
        out = [f"{self.decisions} decisions (legal + apply) of the same games, per CPU second:"]
        out.append(f"  Python API (legal_actions + apply): {api:,.0f}")
        for label, seconds in (("handle (legal + apply)", self.handle), ("ragusa engine over a pipe", self.engine)):
            rate = self.rate(seconds)
            out.append(f"  {label}: {rate:,.0f} = {rate / api:.2f} of the Python API")
        return out


def _cpu(engine: Engine | None = None) -> float:
    """CPU seconds of this process, and of the running engine (Linux: /proc; its clock ticks are
    10 ms, which over many games add up to a fair figure)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    spent = own.ru_utime + own.ru_stime
    if engine is not None:
        fields = Path(f"/proc/{engine.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        spent += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return spent


def _play(seed: int, listed: Callable[[], Sequence[Any]], take: Callable[[Any], object]) -> int:
    """Take a seeded random one of the `listed()` options until there are none; the decisions taken."""
    rng = random.Random(seed)
    n = 0
    while options := listed():
        take(options[rng.randrange(len(options))])
        n += 1
    return n


def _api_game(players: int, seed: int) -> int:
    state = [new_game(players, seed=seed)]

    def take(action: Action) -> None:
        state[0] = apply(state[0], action)

    return _play(seed, lambda: legal_actions(state[0]), take)


def _protocol_game(ask: Callable[[Msg], Msg], players: int, seed: int) -> int:
    game = ask({"op": "new_game", "players": players, "seats": ["human"] * players, "seed": seed})["status"]["game"]

    def listed() -> list[Msg]:
        reply = ask({"op": "legal", "game": game})
        listed: list[Msg] = reply["legal"]
        return [] if reply["status"]["over"] else listed

    return _play(seed, listed, lambda entry: ask({"op": "apply", "game": game, "action": entry["action"]}))


def compare(games: int = 20, players: int = 3, seed: int = 0) -> Comparison:
    """Play the same `games` games through the API, `handle` and `ragusa engine`, game by game in turn."""
    store = MemoryStore(seed)
    engine = Engine()
    engine.ask([{"op": "info"}])  # the engine's start (its imports) is not a decision's work
    spent = {"api": 0.0, "handle": 0.0, "engine": 0.0}
    decisions = 0
    try:
        for g in range(seed, seed + games):
            start = _cpu()
            n = _api_game(players, g)
            spent["api"] += _cpu() - start
            start = _cpu()
            assert _protocol_game(lambda m: handle(store, m), players, g) == n
            spent["handle"] += _cpu() - start
            start = _cpu(engine)
            assert _protocol_game(lambda m: engine.ask([m])[0], players, g) == n
            spent["engine"] += _cpu(engine) - start
            decisions += n
    finally:
        engine.close()
    return Comparison(decisions, spent["api"], spent["handle"], spent["engine"])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m ragusa.service.throughput", description="ragusa engine throughput over a pipe"
    )
    p.add_argument("--messages", type=int, default=20_000, help="requests per measurement (default 20000)")
    p.add_argument("--games", type=int, default=16, help="games played at once in the pipelined run (default 16)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--compare", type=int, metavar="G", help="compare the API, handle and the engine on G games")
    args = p.parse_args(argv)
    if args.compare:
        print("\n".join(compare(args.compare, 3, args.seed).lines()))
        return 0
    for label, games in (("lock-step, 1 game", 1), (f"pipelined, {args.games} games", args.games)):
        sent, wall, cpu = measure(args.messages, games, args.players, args.seed)
        print(
            f"ragusa engine over a pipe ({label}): {sent} messages in {wall:.2f} s = {sent / wall:,.0f} messages/s; "
            f"engine CPU {cpu:.2f} s = {sent / max(cpu, 1e-9):,.0f} messages per CPU second"
        )
    print("target: >= 5,000 messages/s (pipelined)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
