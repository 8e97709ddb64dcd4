"""Steps per second of the native batched environment against Gymnasium's `make_vec` "sync" mode.

    python -m ragusa.adapters.vector_speedup [--envs 64] [--steps 100] [--rounds 3] [--players 2] [--bots random]

Both run `ragusa/VsBots-v0` games in this process: `make_vec(..., vectorization_mode="sync")` (one
wrapped environment per game, stepped in turn, their observations and infos stacked), and
`vectorization_mode="vector_entry_point"`, `ragusa.adapters.gymnasium.RagusaVecEnv` (the games in
one object, stepped stage by stage, observations and masks written in place). Each round runs both,
one after the other, on the same seeds; the agent's actions are random legal ids drawn from the masks
outside the timed calls.
Printed: each round's agent steps per CPU second (`time.process_time` over `step` only) and the
ratio, then the median ratio over the rounds.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import gymnasium
import numpy as np

import ragusa.adapters.gymnasium  # noqa: F401  (registers the environments)

__all__ = ["MODES", "main", "steps_per_second"]

#: the two ways of running N games compared
MODES = ("sync", "vector_entry_point")


def steps_per_second(mode: str, envs: int, steps: int, players: int = 2, bots: str = "random", seed: int = 1) -> float:
    """Agent steps per CPU second of `steps` vector steps of `envs` games in `mode`."""
    vec = gymnasium.make_vec("ragusa/VsBots-v0", num_envs=envs, vectorization_mode=mode, players=players, bots=bots)
    try:
        _, info = vec.reset(seed=seed)
        rng = np.random.default_rng(seed)
        spent = 0.0
        for _ in range(steps):
            actions = np.array([rng.choice(np.flatnonzero(row)) for row in info["action_mask"]])
            t0 = time.process_time()
            _, _, _, _, info = vec.step(actions)
            spent += time.process_time() - t0
    finally:
        vec.close()
    return envs * steps / spent if spent else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ragusa.adapters.vector_speedup", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="random")
    args = parser.parse_args(argv)
    ratios = []
    print(f"{args.envs} games of {args.players} players against {args.bots}, {args.steps} vector steps a run")
    for r in range(args.rounds):
        sync, native = (steps_per_second(m, args.envs, args.steps, args.players, args.bots) for m in MODES)
        ratios.append(native / sync)
        print(f"round {r + 1}: sync {sync:,.0f} steps/s, native {native:,.0f} steps/s, ratio {native / sync:.2f}x")
    print(f"median ratio: {sorted(ratios)[len(ratios) // 2]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
