"""Protocol throughput over a pipe: `python -m ragusa.service.bench [--messages N] [--games K]`.

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
import random
import resource
import subprocess
import sys
import time
from typing import Any

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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m ragusa.service.bench", description="ragusa engine throughput over a pipe"
    )
    p.add_argument("--messages", type=int, default=20_000, help="requests per measurement (default 20000)")
    p.add_argument("--games", type=int, default=16, help="games played at once in the pipelined run (default 16)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
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
