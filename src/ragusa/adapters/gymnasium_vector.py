"""`RagusaVecEnv`: many games of a Ragusa Gymnasium environment in one process. Needs `pip install 'ragusa[ai]'`.

Import it from `ragusa.adapters.gymnasium`, which documents it and registers it as the vector entry
point of `ragusa/VsBots-v0` and, through `solo_vec_env`, of `ragusa/Solo-v0`.
"""

from __future__ import annotations

from typing import Any

from ragusa.adapters.table import missing_extra

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
except ImportError as exc:  # the framework is an optional extra
    raise ImportError(missing_extra(exc, __name__, "ai")) from exc

from ragusa.adapters.gymnasium_env import DONE_MASK, Obs, RagusaEnv, SoloEnv, VsBotsEnv
from ragusa.adapters.table import NUM_ACTIONS, Moves, legal_moves, reward_of
from ragusa.ai.batch_encoder import BatchEncoder
from ragusa.ai.ids import legal_action, write_masks
from ragusa.ai.observation_vectors import LAYOUT, OBS_SIZE

__all__ = ["RagusaVecEnv", "solo_vec_env"]

#: the observation's `legal` part: the action mask
_MASK = LAYOUT["legal"]


class RagusaVecEnv(gymnasium.vector.VectorEnv[Obs, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """N games of one environment in one process, as a Gymnasium vector environment.

    `RagusaVecEnv(num_envs, env_id="ragusa/VsBots-v0", **kwargs)` plays `num_envs` games of that
    environment (`kwargs` as for it: `players`, `bots`, `seat`, `reward`, ...); `gymnasium.make_vec(id,
    num_envs, vectorization_mode="vector_entry_point", **kwargs)` makes the same. Its observations
    are one float32 array `(num_envs, OBS_SIZE)` and its masks one int8 array `(num_envs, NUM_ACTIONS)`
    (`infos["action_mask"]`, `action_masks()`), kept by the environment and written in place by the
    fast encoder at every step: copy them to keep them. Autoreset is same-step
    (`metadata["autoreset_mode"]`): a game that ends is reset at once, the step returns the new
    game's observation and mask, and the ended game's observation, mask, seat and scores are in
    `infos["final_obs"]` and `infos["final_info"]` (with `_final_obs` / `_final_info` saying which
    games ended). `reset(seed=s)` seeds game i with `s + i`, as `make_vec`'s `"sync"` mode does, so
    both give the same games for the same actions.

    A step runs the games stage by stage rather than one game's step after another: every agent's
    action (told legal and made from the legal moves kept from the last step), then the bots'
    decisions a round at a time (every game's choice, then every game's move), then every game's
    observation (`ragusa.ai.batch_encoder.BatchEncoder`), then every mask at once from the legal moves
    (`ragusa.ai.ids.write_masks`). Each stage's code runs for all the games in a row, warm in the
    processor's caches; no info dictionary is made for a game that goes on."""

    metadata: dict[str, Any] = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}

    def __init__(self, num_envs: int, env_id: str = "ragusa/VsBots-v0", **kwargs: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be 1 or more; got {num_envs!r}")
        kinds: dict[str, type[RagusaEnv]] = {"ragusa/VsBots-v0": VsBotsEnv, "ragusa/Solo-v0": SoloEnv}
        if env_id not in kinds:
            raise ValueError(f"env_id must be one of {', '.join(kinds)}; got {env_id!r}")
        kwargs.pop("max_episode_steps", None)  # the registered limit: no game reaches it
        self.envs = [kinds[env_id](**kwargs) for _ in range(num_envs)]
        self.num_envs = num_envs
        self.render_mode = None
        first = self.envs[0]
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = gymnasium.vector.utils.batch_space(first.observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(first.action_space, num_envs)
        self.observations: Obs = np.zeros((num_envs, OBS_SIZE), np.float32)
        self.masks: npt.NDArray[np.int8] = np.zeros((num_envs, NUM_ACTIONS), np.int8)
        self._seats = np.array([e.seat for e in self.envs], np.int64)
        self._seat = first.seat  # every game's agent
        self._encoder = BatchEncoder(num_envs)
        #: every game's legal moves (its agent's, once the bots have played)
        self._moves: list[Moves] = [legal_moves(e.table.state) for e in self.envs]
        self._choice_ids: list[list[int] | None] = [None] * num_envs  # the ids of each game's choices

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        seeds: list[int | None]
        if isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = [None] * self.num_envs if seed is None else list(seed)
        if len(seeds) != self.num_envs:
            raise ValueError(f"give one seed per game ({self.num_envs}); got {len(seeds)}")
        for env, s in zip(self.envs, seeds):
            env.start_episode(s)
        self._observe()
        return self.observations, {"action_mask": self.masks, "seat": self._seats}

    def step(self, actions: npt.NDArray[np.int64]) -> tuple[Obs, Any, Any, Any, dict[str, Any]]:
        n = self.num_envs
        rewards = np.zeros(n, np.float64)
        terminated = np.zeros(n, np.bool_)
        # stage by stage (see the class docs): the agents' actions, then the bots' decisions a round at
        # a time (every game's choice, then every game's move), then the ends, observations and masks
        ids = np.asarray(actions, np.int64).reshape(-1).tolist()
        if len(ids) != n:
            raise ValueError(f"give one action per game ({n}); got {len(ids)}")
        found = list(map(legal_action, self._moves, ids, self._choice_ids))
        over = [i for i, action in enumerate(found) if action is None]  # an illegal id ends the game
        playing = [(i, env) for i, env in enumerate(self.envs) if found[i] is not None]
        for i, env in playing:
            env.table.play_action(found[i])  # type: ignore[arg-type]  # not None: legal
        while playing:
            chosen = [(i, env, env.bot_choice()) for i, env in playing]
            playing = []
            for i, env, choice in chosen:
                if choice is not None:
                    env.play_bot_choice(choice)
                    playing.append((i, env))
                elif env.table.over:
                    over.append(i)
        ended = [self._end(i, found[i] is None) for i in sorted(over)]
        for i, reward, _, _ in ended:
            rewards[i], terminated[i] = reward, True
        self._observe()
        infos: dict[str, Any] = {"action_mask": self.masks, "seat": self._seats}
        if ended:
            final_obs = np.full(n, None, dtype=object)
            final_info: dict[str, Any] = {}
            for i, _, obs, info in ended:
                final_obs[i] = obs
                final_info = self._add_info(final_info, info, i)
            which = np.zeros(n, np.bool_)
            which[over] = True
            infos.update(final_obs=final_obs, _final_obs=which, final_info=final_info, _final_info=which)
        return self.observations, rewards, terminated, np.zeros(n, np.bool_), infos

    def action_masks(self) -> npt.NDArray[np.int8]:
        """Every game's action mask: `infos["action_mask"]` of the last `reset` or `step`."""
        return self.masks.copy()

    def _end(self, i: int, illegal: bool) -> tuple[int, float, Obs, dict[str, Any]]:
        """Game i, ended (by an illegal id: nothing applied), and a new game started in its place: its
        reward, final observation and final info."""
        env = self.envs[i]
        table = env.table
        reward = -1.0 if illegal else reward_of(table.state, env.seat, env.reward)
        obs = self._encoder.row(i, table.state, env.seat, table.ids if illegal else None)
        info = env.info_of(obs)
        if illegal:
            info["illegal_action"] = True
        env.start_episode()
        return i, reward, obs, info

    def _observe(self) -> None:
        """Every game's observation and mask, written in place from its state: its legal moves, then
        the encoder's observation (but its legal ids), then the masks from the moves at once."""
        states = [env.table.state for env in self.envs]
        moves = self._moves = [legal_moves(state) for state in states]
        self._encoder.observe(states, self._seat, self.observations)
        self._choice_ids = write_masks(moves, self.masks)
        self.observations[:, _MASK] = self.masks
        over = ~self.masks.any(axis=1)  # no legal move: a game that ended before the agent decided
        if over.any():
            self.masks[over] = DONE_MASK

    def close_extras(self, **kwargs: Any) -> None:
        self.envs = []


def solo_vec_env(num_envs: int, **kwargs: Any) -> RagusaVecEnv:
    """`make_vec("ragusa/Solo-v0", vectorization_mode="vector_entry_point")`."""
    return RagusaVecEnv(num_envs, "ragusa/Solo-v0", **kwargs)
