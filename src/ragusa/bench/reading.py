"""Benchmark of reading JSON at the trust boundary (issue 11): `state_from_json` of a mid-game
4-player state, `record_from_json` of a whole 4-player game's record, and `import ragusa` in a
fresh interpreter. Each figure is the median of repeated runs; `ragusa bench` prints them with
their targets."""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

import attrs

from ragusa.contract.records import record_from_json, record_of, record_to_json
from ragusa.contract.serialization import state_from_json, state_to_json
from ragusa.core.actions import Action
from ragusa.core.state import GameState
from ragusa.rules.game import new_game
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import is_terminal
from ragusa.rules.resolution import apply

__all__ = ["ReadingResult", "TARGETS_MS", "main", "measure_reading"]

#: the targets, in milliseconds (medians)
TARGETS_MS = {"state": 0.5, "record": 10.0, "import": 100.0}

_IMPORT = (
    "import time; t = time.perf_counter(); c = time.process_time(); import ragusa; "
    "print(time.perf_counter() - t, time.process_time() - c)"
)


@attrs.frozen
class ReadingResult:
    state_ms: float
    state_bytes: int
    record_ms: float
    record_bytes: int
    record_actions: int
    import_ms: float
    #: CPU time of the import (on a busy machine the wall clock also counts waiting for a core)
    import_cpu_ms: float

    def lines(self) -> list[str]:
        t = TARGETS_MS
        return [
            f"state_from_json, mid-game 4 players ({self.state_bytes:,} bytes): {self.state_ms:.3f} ms median"
            f" (target <= {t['state']} ms)",
            f"record_from_json, whole 4-player game ({self.record_actions} actions, {self.record_bytes:,} bytes): "
            f"{self.record_ms:.2f} ms median (target <= {t['record']} ms)",
            f"import ragusa, fresh interpreter, bytecode cached: {self.import_ms:.1f} ms median"
            f" ({self.import_cpu_ms:.1f} ms CPU; target <= {t['import']} ms)",
        ]


def _game(seed: int) -> tuple[GameState, GameState, list[Action]]:
    """A random 4-player game: its start, a mid-game state and its actions."""
    rng = random.Random(seed)
    start = state = new_game(4, seed=seed)
    actions: list[Action] = []
    states = []
    while not is_terminal(state):
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action)
        states.append(state)
    return start, states[len(states) // 2], actions


def _median_ms(run: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        run()  # type: ignore[operator]
        times.append(time.perf_counter() - t)
    return 1e3 * statistics.median(times)


def measure_reading(repeat: int = 200, imports: int = 5, seed: int = 0) -> ReadingResult:
    start, mid, actions = _game(seed)
    state_text = state_to_json(mid)
    record_text = record_to_json(record_of(start, seed, actions))
    state_from_json(state_text)
    record_from_json(record_text)
    state_ms = _median_ms(lambda: state_from_json(state_text), repeat)
    record_ms = _median_ms(lambda: record_from_json(record_text), max(repeat // 10, 5))
    runs: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as cache:
        # as an installed package imports: with its bytecode cached (a first run writes it)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        for i in range(imports + 1):
            out = subprocess.run([sys.executable, "-c", _IMPORT], capture_output=True, text=True, check=True, env=env)
            if i:
                wall, cpu = out.stdout.split()
                runs.append((float(wall), float(cpu)))
    return ReadingResult(
        state_ms=state_ms,
        state_bytes=len(state_text),
        record_ms=record_ms,
        record_bytes=len(record_text),
        record_actions=len(actions),
        import_ms=1e3 * statistics.median(r[0] for r in runs),
        import_cpu_ms=1e3 * statistics.median(r[1] for r in runs),
    )


def main() -> None:
    """`python -m ragusa.bench.reading`: the reading figures alone, with their targets."""
    for line in measure_reading().lines():
        print(line)


if __name__ == "__main__":
    main()
