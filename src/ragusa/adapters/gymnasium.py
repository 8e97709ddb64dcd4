"""Ragusa as single-agent Gymnasium environments. Needs `pip install 'ragusa[ai]'`.

Importing this module registers two environments:

* `ragusa/Solo-v0`: the solo game, the agent (seat 0) against the Patrician, whose bots play
  inside the engine. Parameters: `edition`, the solo variants `human_first`,
  `easier_rector`, `harder`, `strict` and `reward`.
* `ragusa/VsBots-v0`: the agent against bots. Parameters: `players` (2-5, default 2), `seat`
  (the agent's, default 0), `bots` (bot specs for `ragusa.bots.make_bot`, bots of your own
  included, or bot objects: one for every other seat, in seat order, or a single one for all,
  default `"greedy"`), `edition`, `strict` and `reward`.

Examples:
    >>> import gymnasium
    >>> import ragusa.adapters.gymnasium
    >>> env = gymnasium.make("ragusa/VsBots-v0", players=3, bots="random")
    >>> obs, info = env.reset(seed=1)
    >>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
    (True, True)

`gymnasium.make("ragusa.adapters.gymnasium:ragusa/Solo-v0")` imports the module itself.

Actions are the fixed ids of `ragusa.ai.ids` (`Discrete(NUM_ACTIONS)`); the observation
is `ragusa.ai.observation` of the agent's view; `info["action_mask"]` is an int8 vector, 1 at the
legal ids, and `env.action_masks()` (reachable through the wrappers as
`env.get_wrapper_attr("action_masks")()`, as sb3-contrib's MaskablePPO asks) returns the same. Once
the episode is over the mask allows the `pass` id alone (`DONE_MASK`), so that a sampler never meets
an all-zero mask under next-step autoreset (the action given then is not applied: the environment
resets). `info["seat"]` is the agent's seat and, at the end, `info["scores"]` every seat's VP.

The reward comes at the end (`reward`): `"win"` (default) +1 when the agent is among the winners,
-1 when it is not, 0 when every seat ties; `"margin"` the agent's VP minus the best other seat's;
`"share"` its share of the win (1/k for each of k winners, else 0). An illegal id ends the episode
with -1 and `info["illegal_action"] = True` (nothing is applied). `reset(seed=s)` fixes the game
and the bots' choices; the bots never see more than the engine gives them (their `actions` are a
sequence read lazily from the legal moves, `ragusa.ai.lazy_legal.LegalActions`: a bot that draws an index
makes only that action). The registered time
limit is `MAX_STEPS`, a bound no game reaches (`ragusa.adapters.table.max_decisions`).
"""

from __future__ import annotations

from ragusa.adapters.table import REWARDS, missing_extra

try:
    import gymnasium
except ImportError as exc:  # the framework is an optional extra
    raise ImportError(missing_extra(exc, __name__, "ai")) from exc

from ragusa.adapters.gymnasium_env import DONE_MASK, MAX_STEPS, RagusaEnv, SoloEnv, VsBotsEnv
from ragusa.adapters.gymnasium_vector import RagusaVecEnv

__all__ = ["DONE_MASK", "MAX_STEPS", "REWARDS", "RagusaEnv", "RagusaVecEnv", "SoloEnv", "VsBotsEnv"]

gymnasium.register(
    id="ragusa/Solo-v0",
    entry_point="ragusa.adapters.gymnasium:SoloEnv",
    vector_entry_point="ragusa.adapters.gymnasium_vector:solo_vec_env",
    max_episode_steps=MAX_STEPS,
)
gymnasium.register(
    id="ragusa/VsBots-v0",
    entry_point="ragusa.adapters.gymnasium:VsBotsEnv",
    vector_entry_point="ragusa.adapters.gymnasium:RagusaVecEnv",
    max_episode_steps=MAX_STEPS,
)
