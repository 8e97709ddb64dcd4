"""The benchmark suite: ragusa against python-chess in one run, per mode; the cost of
`legal_actions` and `apply` at a placement decision; decisions/s by game phase; memory per
retained state.

A python-chess random game (the `bench` extra) starts from the initial position and, until
`board.is_game_over()`, lists `board.legal_moves` and pushes one chosen uniformly: one ply is
one decision. A ragusa random playout does the same with `legal_actions` and `apply`
until `is_terminal`. In solo one decision is the human's; its `apply` also plays both
bots' turns. The two alternate in the same process, in equal shares of time (`compare`),
so that a load on the machine slows both alike, and both are timed in CPU time of the process
(`time.process_time`), the time of one core; the ratio of decisions/s to plies/s is what
the targets are stated in.
"""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import attrs

from ragusa.core.actions import Place
from ragusa.core.build import compiled_modules
from ragusa.core.state import Phase
from ragusa.rules.game import new_game
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import is_terminal
from ragusa.rules.resolution import apply

__all__ = [
    "COMPILED_TARGETS",
    "MODES",
    "TARGETS",
    "ModeResult",
    "chess_available",
    "chess_game",
    "compare",
    "memory_per_state",
    "phase_rates",
    "placement_costs",
    "ragusa_game",
    "suite_lines",
]

#: the modes compared, as (label, players)
MODES: tuple[tuple[str, int], ...] = (("4p", 4), ("2p", 2), ("3p", 3), ("5p", 5), ("solo", 1))
#: the target: the least ratio of decisions/s to python-chess plies/s, per mode, of the pure build
TARGETS: dict[str, float] = {"4p": 2.0, "2p": 2.0, "3p": 2.0, "5p": 2.0, "solo": 0.6}
#: the same for the compiled build (`ragusa.core.build.compiled_modules`)
COMPILED_TARGETS: dict[str, float] = {"4p": 4.5, "2p": 3.5, "3p": 3.5, "5p": 3.5, "solo": 1.5}
#: the target: the most median microseconds of `legal_actions` and `apply` at a placement decision
TARGET_LEGAL_US = 15.0
TARGET_APPLY_US = 20.0


def chess_available() -> bool:
    try:
        import chess  # noqa: F401
    except ImportError:
        return False
    return True


def chess_game(rng: random.Random) -> int:
    """One random python-chess game; the number of plies."""
    import chess

    board = chess.Board()
    plies = 0
    while not board.is_game_over():
        moves = list(board.legal_moves)
        board.push(moves[rng.randrange(len(moves))])
        plies += 1
    return plies


def ragusa_game(players: int, seed: int, edition: str = "2nd") -> int:
    """One random ragusa playout from `new_game(players, seed=seed)`; the number of decisions."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed, edition=edition)
    decisions = 0
    while not is_terminal(state):
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))])
        decisions += 1
    return decisions


@attrs.frozen
class ModeResult:
    mode: str
    games: int
    decisions: int
    seconds: float
    plies: int
    chess_seconds: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0

    @property
    def plies_per_second(self) -> float:
        return self.plies / self.chess_seconds if self.chess_seconds else 0.0

    @property
    def ratio(self) -> float:
        return self.decisions_per_second / self.plies_per_second if self.plies_per_second else 0.0


def _timed(run: Callable[..., int], *args: Any) -> tuple[int, float]:
    """`run(*args)` and the CPU time it took (the process's: time spent waiting for the CPU
    while other programs run does not count, so the figures are those of one core)."""
    t0 = time.process_time()
    n = run(*args)
    return n, time.process_time() - t0


def compare(rounds: int, seed: int = 0, modes: tuple[tuple[str, int], ...] = MODES) -> list[ModeResult]:
    """Per mode, `rounds` python-chess games, each followed by ragusa playouts until the mode's
    ragusa time has caught up with its python-chess time: both get the same share of the run, so
    a varying load on the machine weighs on both alike."""
    totals = {label: [0, 0, 0.0, 0, 0.0] for label, _ in modes}
    chess_rng = random.Random(seed)
    for _ in range(rounds):
        for label, players in modes:
            t = totals[label]
            plies, chess_s = _timed(chess_game, chess_rng)
            t[3] += plies
            t[4] += chess_s
            while t[2] < t[4]:
                decisions, ragusa_s = _timed(ragusa_game, players, seed + int(t[0]))
                t[0] += 1
                t[1] += decisions
                t[2] += ragusa_s
    return [ModeResult(m, int(t[0]), int(t[1]), t[2], int(t[3]), t[4]) for m, t in ((m, totals[m]) for m, _ in modes)]


def placement_costs(players: int = 4, games: int = 20, seed: int = 0) -> tuple[float, float, int]:
    """Median microseconds of `legal_actions` at a placement decision and of `apply` of one
    placement (chosen at random), over the placement decisions of `games` random playouts; and
    how many decisions were timed. Each state is timed as a playout meets it: straight out of
    `apply`, its legal moves not worked out yet."""
    pc = time.perf_counter
    legal_us: list[float] = []
    apply_us: list[float] = []
    for k in range(games):
        rng = random.Random(seed + k)
        state = new_game(players, seed=seed + k)
        while not is_terminal(state):
            a = pc()
            actions = legal_actions(state)
            b = pc()
            places = [x for x in actions if isinstance(x, Place)] if state.phase == Phase.PLACE else []
            if not places:
                state = apply(state, actions[rng.randrange(len(actions))])
                continue
            action = places[rng.randrange(len(places))]
            c = pc()
            state = apply(state, action)
            d = pc()
            legal_us.append(1e6 * (b - a))
            apply_us.append(1e6 * (d - c))
    return statistics.median(legal_us), statistics.median(apply_us), len(legal_us)


def phase_rates(players: int = 4, games: int = 20, seed: int = 0) -> tuple[float, float, float]:
    """Decisions/s in the first, middle and last third of each game's decisions (random playouts),
    in CPU time of the process."""
    pc = time.process_time
    counts = [0, 0, 0]
    seconds = [0.0, 0.0, 0.0]
    for k in range(games):
        rng = random.Random(seed + k)
        state = new_game(players, seed=seed + k)
        times: list[float] = []
        while not is_terminal(state):
            t0 = pc()
            actions = legal_actions(state)
            state = apply(state, actions[rng.randrange(len(actions))])
            times.append(pc() - t0)
        for i, dt in enumerate(times):
            third = min(3 * i // len(times), 2)
            counts[third] += 1
            seconds[third] += dt
    r0, r1, r2 = (n / s if s else 0.0 for n, s in zip(counts, seconds))
    return r0, r1, r2


def memory_per_state(players: int = 4, seed: int = 0) -> tuple[float, int]:
    """Bytes allocated per state when every state of a random playout is kept (what a search tree
    or a replay buffer pays; states share what an action did not change), and the number of states."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed)
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        kept = [state]
        while not is_terminal(state):
            actions = legal_actions(state)
            state = apply(state, actions[rng.randrange(len(actions))])
            kept.append(state)
        used = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    return used / len(kept), len(kept)


def _mark(ok: bool) -> str:
    return "meets" if ok else "BELOW"


def suite_lines(games: int, seed: int = 0) -> list[str]:
    """The suite's report: the per-mode ratios (when python-chess is installed), the placement
    costs, the rates by phase and the memory per state."""
    lines: list[str] = []
    if chess_available():
        lines.append(
            f"ragusa vs python-chess, random playouts, interleaved: per mode {games} python-chess games, "
            "each followed by ragusa games for as long"
        )
        targets = COMPILED_TARGETS if compiled_modules() else TARGETS
        for r in compare(games, seed):
            target = targets[r.mode]
            lines.append(
                f"  {r.mode:>4}: {r.decisions_per_second:>9,.0f} decisions/s ({r.games} games)  python-chess "
                f"{r.plies_per_second:>8,.0f} plies/s  ratio {r.ratio:.2f}x (target {target:.1f}x, "
                f"{_mark(r.ratio >= target)})"
            )
    else:
        lines.append("python-chess is not installed (pip install 'ragusa[bench]'): no ratios")
    legal_us, apply_us, n = placement_costs(4, max(games // 2, 2), seed)
    lines.append(
        f"placement decision, 4 players ({n} decisions): legal_actions median {legal_us:.1f} us "
        f"(target {TARGET_LEGAL_US:.0f}, {_mark(legal_us <= TARGET_LEGAL_US)}), apply of a placement "
        f"median {apply_us:.1f} us (target {TARGET_APPLY_US:.0f}, {_mark(apply_us <= TARGET_APPLY_US)})"
    )
    early, middle, end = phase_rates(4, max(games // 2, 2), seed)
    lines.append(f"decisions/s by game phase, 4 players: early {early:,.0f}, middle {middle:,.0f}, end {end:,.0f}")
    per_state, kept = memory_per_state(4, seed)
    lines.append(f"memory per retained state, 4 players: {per_state:,.0f} bytes ({kept} states of one game kept)")
    return lines
