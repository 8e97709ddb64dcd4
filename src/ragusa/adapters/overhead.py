"""The adapters' overhead: a step through each adapter against raw engine steps
on the very same decisions, in CPU time.

    python -m ragusa.adapters.overhead [--games 20] [--players 4] [--repeats 3]

A raw engine step is `legal_actions(state)` and `apply(state, action)`: what any driver of
the engine needs to take one decision. Each adapter's step is what its users call per decision:

* OpenSpiel: `state.legal_actions()` and `state.apply_action(id)`;
* PettingZoo (`raw_env`, and `env()` with the classic wrappers' behaviour, `ClassicWrapper`): `env.last()`,
  which gives the deciding agent its observation vector and action mask, and `env.step(id)`;
* Gymnasium (`ragusa/VsBots-v0` with random bots): `env.step(id)`, which returns the
  observation vector and the mask, and plays the bots' decisions in between; its ratio is the
  time of the steps over the raw time of every decision they took (the agent's and the bots').

Each game is first played untimed with random masked choices, recording the ids chosen and
every `(state, action)` the engine applied; then the adapter replays the same ids (timed:
nothing but the adapter's calls), and the raw engine replays the same actions from the same
first state (timed). So each adapter is compared with the raw engine on the same decisions.
Times are CPU time (`time.process_time`), the least of `repeats` rounds in which the cases take
turns (wall time beside it); within a round the adapter's and the raw replays alternate game by
game, and the ratio printed is the median over the rounds of that round's ratio. The recorded
games are kept out of the garbage collector's way (`gc.freeze`), so that collecting them is not
charged to whichever replay allocates more. The target is a ratio of at most 2.

Also printed, as parts: the observation vector alone, by the specification
(`observation(view(state, seat))`) and by `ragusa.ai.encoder.ObservationEncoder`.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

import ragusa.adapters.table as table_module
from ragusa.adapters.table import GameState, view
from ragusa.ai.encoder import ObservationEncoder
from ragusa.ai.ids import ids_of
from ragusa.ai.observation_vectors import observation
from ragusa.core.actions import Action
from ragusa.rules.legal import legal_actions
from ragusa.rules.resolution import apply

__all__ = ["INFORMATIVE", "TARGET", "Figures", "Row", "main", "measure"]

#: the most a step through an adapter may cost, in raw engine steps
TARGET = 2.0

#: (CPU seconds, wall seconds)
Times = tuple[float, float]


class Game:
    """One game as an adapter played it: the ids its driver chose, and what the engine applied."""

    def __init__(self, ids: list[int], applied: list[tuple[GameState, Action]], final: GameState) -> None:
        self.ids = ids
        self.applied = applied
        self.final = final


#: one adapter's case: `start(players, seed)` makes a driver (untimed); a driver has
#: `choose() -> int | None` (a random legal id, None when the game is over; untimed),
#: `step(id)` (the timed call) and `final() -> GameState`
Driver = Any
Start = Callable[[int, int], Driver]


def _timed(run: Callable[[], object]) -> Times:
    cpu, wall = time.process_time(), time.perf_counter()
    run()
    return time.process_time() - cpu, time.perf_counter() - wall


def _masked(mask: Any, rng: random.Random) -> int:
    ids = np.flatnonzero(mask)
    return int(ids[rng.randrange(len(ids))])


class _OpenSpiel:
    def __init__(self, players: int, seed: int) -> None:
        import pyspiel

        import ragusa.adapters.openspiel  # noqa: F401  (registers python_ragusa)

        self.state = pyspiel.load_game("python_ragusa", {"players": players}).new_initial_state()
        self.rng = random.Random(seed)

    def choose(self) -> int | None:
        s = self.state
        if s.is_terminal():
            return None
        if s.is_chance_node():
            outcomes, weights = zip(*s.chance_outcomes(), strict=True)
            return int(self.rng.choices(outcomes, weights)[0])
        ids = s.legal_actions()
        return int(ids[self.rng.randrange(len(ids))])

    def step(self, action: int) -> None:
        self.state.legal_actions()
        self.state.apply_action(action)

    def final(self) -> GameState:
        return self.state.ragusa_state  # type: ignore[no-any-return]


class _PettingZoo:
    def __init__(self, players: int, seed: int, wrapped: bool) -> None:
        from ragusa.adapters.pettingzoo import env, raw_env

        self.env = env(players=players) if wrapped else raw_env(players=players)
        self.env.reset(seed=seed)
        self.rng = random.Random(seed)

    def choose(self) -> int | None:
        if self.env.unwrapped.table.over:
            return None
        return _masked(self.env.observe(self.env.agent_selection)["action_mask"], self.rng)

    def step(self, action: int) -> None:
        self.env.last()
        self.env.step(action)

    def final(self) -> GameState:
        return self.env.unwrapped.table.state  # type: ignore[no-any-return]


class _Gymnasium:
    def __init__(self, players: int, seed: int) -> None:
        from ragusa.adapters.gymnasium import VsBotsEnv

        self.env = VsBotsEnv(players=players, bots="random")
        _, self.info = self.env.reset(seed=seed)
        self.rng = random.Random(seed)

    def choose(self) -> int | None:
        return None if self.env.table.over else _masked(self.info["action_mask"], self.rng)

    def step(self, action: int) -> None:
        _, _, _, _, self.info = self.env.step(action)

    def final(self) -> GameState:
        return self.env.table.state


CASES: dict[str, Start] = {
    "openspiel: legal_actions + apply_action": _OpenSpiel,
    "pettingzoo raw_env: last + step": lambda n, s: _PettingZoo(n, s, wrapped=False),
    "pettingzoo env(): last + step, with the classic wrappers": lambda n, s: _PettingZoo(n, s, wrapped=True),
    "gymnasium VsBots-v0: step (+ bots' steps)": _Gymnasium,
}


#: the lines printed for information, without a verdict: the observation vector's parts
INFORMATIVE = (
    "observation, by the specification (view)",
    "observation, ObservationEncoder (ids given)",
)


def _record(start: Start, players: int, seed: int) -> Game:
    """Play one game untimed with random masked choices, recording what the engine applied."""
    applied: list[tuple[GameState, Action]] = []

    def recording(state: GameState, action: Action) -> GameState:
        applied.append((state, action))
        return apply(state, action)

    driver = start(players, seed)
    ids: list[int] = []
    setattr(table_module, "apply", recording)  # noqa: B010  (every adapter applies through the table)
    try:
        while (choice := driver.choose()) is not None:
            ids.append(choice)
            driver.step(choice)
    finally:
        setattr(table_module, "apply", apply)  # noqa: B010
    return Game(ids, applied, driver.final())


def _adapter(start: Start, players: int, seed: int, game: Game) -> Times:
    driver = start(players, seed)
    step = driver.step

    def run() -> None:
        for i in game.ids:
            step(i)

    times = _timed(run)
    if driver.final() != game.final:
        raise RuntimeError("the adapter's replay left the recorded game: the benchmark is broken")
    return times


def _raw(game: Game) -> Times:
    first = game.applied[0][0]
    actions = [a for _, a in game.applied]
    end: list[GameState] = []

    def run() -> None:
        state = first
        for a in actions:
            legal_actions(state)
            state = apply(state, a)
        end.append(state)

    times = _timed(run)
    if end[0] != game.final:
        raise RuntimeError("the raw replay left the recorded game: the benchmark is broken")
    return times


def _parts(games: list[Game]) -> dict[str, Times]:
    """The observation vector alone for the deciding seat, on the recorded states."""
    states = [s for g in games for s, _ in g.applied]

    def spec() -> None:
        for s in states:
            assert s.seat is not None
            observation(view(s, s.seat))

    legal = [ids_of(legal_actions(s)) for s in states]  # the adapters have them from the step

    def fast() -> None:
        encoder = ObservationEncoder()
        for s, ids in zip(states, legal, strict=True):
            assert s.seat is not None
            encoder.observe(s, s.seat, ids)

    return {
        "observation, by the specification (view)": _timed(spec),
        "observation, ObservationEncoder (ids given)": _timed(fast),
    }


class Row(NamedTuple):
    """One case: seconds per decision (CPU, the least over the rounds; wall beside it) of the
    adapter and of the raw engine on the same decisions, and the median over the rounds of
    the ratio of their CPU times (each round's adapter and raw runs alternate game by game, so
    both meet the same load)."""

    cpu: float
    raw_cpu: float
    wall: float
    raw_wall: float
    ratio: float


Figures = dict[str, Row]
Sums = tuple[float, float, float, float]


def _rounds(rows: list[Sums]) -> Row:
    ratios = sorted(r[0] / r[1] for r in rows)
    least = [min(r[k] for r in rows) for k in range(4)]
    return Row(least[0], least[1], least[2], least[3], ratio=ratios[len(ratios) // 2])


def _case(start: Start, players: int, seeds: list[int], games: list[Game]) -> Sums:
    """One round of one case: adapter and raw replays of each game in turn, per decision."""
    totals = [0.0, 0.0, 0.0, 0.0]
    for seed, game in zip(seeds, games, strict=True):
        (cpu, wall), (raw_cpu, raw_wall) = _adapter(start, players, seed, game), _raw(game)
        for k, t in enumerate((cpu, raw_cpu, wall, raw_wall)):
            totals[k] += t
    n = sum(len(g.applied) for g in games)
    return totals[0] / n, totals[1] / n, totals[2] / n, totals[3] / n


def _parts_round(games: list[Game]) -> dict[str, Sums]:
    n = sum(len(g.applied) for g in games)
    raw_cpu, raw_wall = map(sum, zip(*(_raw(g) for g in games), strict=True))
    return {name: (cpu / n, raw_cpu / n, wall / n, raw_wall / n) for name, (cpu, wall) in _parts(games).items()}


def measure(games: int, players: int, repeats: int = 3) -> Figures:
    """Per decision, for each case and for the observation vector alone: see `Row`."""
    seeds = [1000 + k for k in range(games)]
    recorded = {name: [_record(start, players, s) for s in seeds] for name, start in CASES.items()}
    # the recorded games are the benchmark's, not the adapters': the collector leaves them alone
    gc.collect()
    gc.freeze()
    try:
        rows: dict[str, list[Sums]] = {}
        for _ in range(repeats):
            for name, start in CASES.items():
                rows.setdefault(name, []).append(_case(start, players, seeds, recorded[name]))
            for name, sums in _parts_round(recorded["pettingzoo raw_env: last + step"]).items():
                rows.setdefault(name, []).append(sums)
    finally:
        gc.unfreeze()
    return {name: _rounds(r) for name, r in rows.items()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ragusa.adapters.overhead", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per case (default 20)")
    parser.add_argument("--players", type=int, default=4, help="players, 2 to 5 (default 4)")
    parser.add_argument("--repeats", type=int, default=3, help="rounds; the best is kept (default 3)")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 5 or args.games < 1 or args.repeats < 1:
        parser.error("--players must be 2 to 5, --games and --repeats at least 1")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    figures = measure(args.games, args.players, args.repeats)
    print(
        f"{args.games} random games of {args.players} players, {args.repeats} rounds, "
        f"{os.cpu_count()} cores, load average {load}\n"
        "per decision: the adapter and a raw engine step (legal_actions + apply) on the same decisions, "
        "in CPU (and wall) microseconds, the least of the rounds; ratio of CPU times, the median of the "
        f"rounds; target at most {TARGET:.0f}x"
    )
    for name, (cpu, raw, wall, raw_wall, ratio) in figures.items():
        verdict = "" if name in INFORMATIVE else ("  ok" if ratio <= TARGET else "  ABOVE TARGET")
        print(
            f"  {name:58} {cpu * 1e6:7.1f} us vs raw {raw * 1e6:6.1f} us "
            f"(wall {wall * 1e6:6.1f} vs {raw_wall * 1e6:6.1f})  {ratio:5.2f}x{verdict}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
