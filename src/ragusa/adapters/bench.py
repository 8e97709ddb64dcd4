"""The adapters' overhead (issue 14.5): the time of a step through each adapter against a raw
engine step, on the same games with the same random choices.

    python -m ragusa.adapters.bench [--games 20] [--players 4]

A raw engine step is `legal_actions(state)` and `apply(state, choice)`: what any driver of
the engine needs to take one decision. Each adapter's step is what its users call per decision:

* OpenSpiel: `state.legal_actions()` and `state.apply_action(id)`;
* PettingZoo: `env.step(id)` with the id drawn from the deciding agent's mask, which the
  agent gets from `env.observe(agent)["action_mask"]`: measured without and with the
  observation vector (`observe` builds both);
* Gymnasium (`ragusa/VsBots-v0` with random bots, whose choices cost next to nothing):
  `env.step(id)`, which returns the observation vector and the mask, and plays the bots'
  decisions; every decision of the game counts as one step.

The games differ between cases (each adapter draws its games from the seed its own way); the
figures are averages per decision over all the games.

The target is a ratio of at most 2. The observation vector (`ragusa.ai.observation`) is
reported apart: it is the encoding itself, not adapter overhead.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

import numpy as np

from ragusa.adapters.table import NUM_ACTIONS, Table, new_game, view
from ragusa.ai.observation import observation
from ragusa.rules.engine import apply
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import is_terminal

__all__ = ["main", "measure"]

#: one measured run: (seconds, steps)
Run = tuple[float, int]


def _raw(players: int, seed: int) -> Run:
    rng = random.Random(seed)
    state = new_game(players, seed=seed)
    steps = 0
    t = time.perf_counter()
    while not is_terminal(state):
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))])
        steps += 1
    return time.perf_counter() - t, steps


def _observation(players: int, seed: int) -> Run:
    """The observation vector alone, for the deciding seat, on the states of the same game."""
    rng = random.Random(seed)
    table = Table(new_game(players, seed=seed))
    spent = 0.0
    steps = 0
    while not table.over:
        seat = table.seat
        assert seat is not None
        t = time.perf_counter()
        observation(view(table.state, seat))
        spent += time.perf_counter() - t
        ids = list(table.legal)
        table.play(ids[rng.randrange(len(ids))])
        steps += 1
    return spent, steps


def _openspiel(players: int, seed: int) -> Run:
    import pyspiel

    import ragusa.adapters.openspiel  # noqa: F401  (registers python_ragusa)

    rng = random.Random(seed)
    state = pyspiel.load_game("python_ragusa", {"players": players, "seed": seed}).new_initial_state()
    steps = 0
    t = time.perf_counter()
    while not state.is_terminal():
        ids = state.legal_actions()
        state.apply_action(ids[rng.randrange(len(ids))])
        steps += 1
    return time.perf_counter() - t, steps


def _pettingzoo(players: int, seed: int, observe: bool) -> Run:
    from ragusa.adapters.pettingzoo import raw_env

    rng = random.Random(seed)
    env = raw_env(players=players)
    env.reset(seed=seed)
    steps = 0
    t = time.perf_counter()
    while not env.table.over:
        agent = env.agent_selection
        if observe:
            mask = env.observe(agent)["action_mask"]
        else:
            mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
            mask[list(env.table.legal)] = 1
        ids = np.flatnonzero(mask)
        env.step(int(ids[rng.randrange(len(ids))]))
        steps += 1
    return time.perf_counter() - t, steps


def _gymnasium(players: int, seed: int) -> Run:
    from ragusa.adapters.gymnasium import VsBotsEnv

    rng = random.Random(seed)
    env = VsBotsEnv(players=players, bots="random")
    _, info = env.reset(seed=seed)
    steps = 0
    done = False
    t = time.perf_counter()
    while not done:
        ids = np.flatnonzero(info["action_mask"])
        _, _, done, _, info = env.step(int(ids[rng.randrange(len(ids))]))
        steps += 1
    # the bots' decisions are engine steps too: count every decision taken in the game
    return time.perf_counter() - t, steps + env.bot_decisions


def measure(games: int, players: int, repeats: int = 3) -> dict[str, float]:
    """Microseconds per step for the raw engine, each adapter, and the observation vector: the
    best of `repeats` rounds, the cases taking turns within each round (the machine's load
    then weighs on all of them alike)."""
    cases: dict[str, Callable[[int, int], Run]] = {
        "raw engine": _raw,
        "openspiel": _openspiel,
        "pettingzoo (step)": lambda n, s: _pettingzoo(n, s, False),
        "pettingzoo (observe + step)": lambda n, s: _pettingzoo(n, s, True),
        "gymnasium (step with observation)": _gymnasium,
        "observation vector alone": _observation,
    }
    best = dict.fromkeys(cases, float("inf"))
    for _ in range(repeats):
        for name, run in cases.items():
            spent, steps = 0.0, 0
            for k in range(games):
                s, n = run(players, 1000 + k)
                spent += s
                steps += n
            best[name] = min(best[name], spent / steps * 1e6)
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ragusa.adapters.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per case (default 20)")
    parser.add_argument("--players", type=int, default=4, help="players, 2 to 5 (default 4)")
    parser.add_argument("--repeats", type=int, default=3, help="rounds; the best is kept (default 3)")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 5 or args.games < 1 or args.repeats < 1:
        parser.error("--players must be 2 to 5, --games and --repeats at least 1")
    figures = measure(args.games, args.players, args.repeats)
    raw = figures["raw engine"]
    print(
        f"{args.games} random games of {args.players} players, best of {args.repeats} rounds; "
        "microseconds per step, and ratio to a raw engine step"
    )
    for name, us in figures.items():
        print(f"  {name:36} {us:8.1f} us  {us / raw:5.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
