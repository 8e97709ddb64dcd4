"""Ragusa as a PettingZoo AEC environment, shaped like PettingZoo's classic games.

Needs `pip install 'ragusa[ai]'`.

Examples:
    >>> from ragusa.adapters.pettingzoo import env
    >>> e = env(players=3, edition="2nd")
    >>> e.reset(seed=7)
    >>> obs, reward, terminated, truncated, info = e.last()
    >>> sorted(obs)
    ['action_mask', 'observation']

* Agents `player_0` .. `player_{n-1}`, one per seat, for 2 to 5 players (the solo game has
  its bots inside the engine: use `ragusa.adapters.gymnasium`'s `ragusa/Solo-v0`).
* Actions: `Discrete(NUM_ACTIONS)`, the fixed ids of `ragusa.ai.ids`.
* Observations: `{"observation": float32 vector, "action_mask": int8 vector}`; the vector is
  `ragusa.ai.observation` of the agent's own view (seats relative to it), the
  mask is 1 at the agent's legal ids and all zero for an agent that does not decide.
* Rewards, at the end only: +1 to each winner, -1 to each other seat, 0 to all when every seat ties.
* `reset(seed=s)` starts the game `new_game(n, seed=...)` drawn from `s`: the same seed gives
  the same games; without any seed the games come from the operating system's entropy.
* `render_mode`: `"human"` prints a short text picture, `"ansi"` returns it.
* `env` wraps `raw_env` as the classic games do, with `ClassicWrapper`: PettingZoo's three
  classic wrappers (`OrderEnforcingWrapper`, `AssertOutOfBoundsWrapper`,
  `TerminateIllegalWrapper` with -1) in one layer, so an illegal action ends the game with -1
  for the agent that took it; `raw_env` itself raises `ValueError`.
"""

from __future__ import annotations

import random
from typing import Any

from ragusa.adapters.table import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
    from gymnasium import logger, spaces
    from gymnasium.utils import EzPickle
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as exc:  # the framework is an optional extra
    raise ImportError(missing_extra(exc, __name__, "ai")) from exc

from ragusa.adapters.table import (
    NUM_ACTIONS,
    OBS_HIGH,
    PHASE_OVER,
    RENDER_MODES,
    Table,
    check_render_mode,
    game_options,
    new_game,
    render,
    win_share,
)
from ragusa.ai.encoder import ObservationEncoder
from ragusa.ai.observation_vectors import LAYOUT, OBS_SIZE

#: the observation's `legal` part: the action mask
_MASK = LAYOUT["legal"]

__all__ = ["OBS_HIGH", "ClassicWrapper", "env", "raw_env"]

Obs = dict[str, npt.NDArray[Any]]


def env(**kwargs: Any) -> AECEnv:
    """`raw_env` with PettingZoo's classic wrappers (illegal action: -1 and the game ends),
    as one `ClassicWrapper`."""
    return ClassicWrapper(raw_env(**kwargs), illegal_reward=-1)


class raw_env(AECEnv, EzPickle):  # PettingZoo's name
    """The unwrapped AEC environment (parameters: see the module docs)."""

    metadata: dict[str, Any] = {
        "render_modes": list(RENDER_MODES),
        "name": "ragusa_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, players: int = 4, edition: str = "2nd", render_mode: str | None = None, strict: bool = False):
        EzPickle.__init__(self, players, edition, render_mode, strict)
        super().__init__()
        if players == 1:
            raise ValueError(
                "the PettingZoo environment is for 2 to 5 players; for solo use gymnasium's ragusa/Solo-v0"
            )
        self._options = game_options(players, edition, strict)
        self.render_mode = check_render_mode(render_mode)
        self.players = players
        self.edition = edition
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        box = spaces.Box(low=0.0, high=OBS_HIGH, shape=(OBS_SIZE,), dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.agents}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.agents}
        self._games: random.Random | None = None
        self._encoder = ObservationEncoder()
        self.table = Table(new_game(players, seed=0, edition=edition, options=self._options))
        self._start()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _start(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent(self.table.seat)

    def _agent(self, seat: int | None) -> str:
        return self.possible_agents[seat if seat is not None else 0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._games = random.Random(seed)
        elif self._games is None:
            self._games = random.Random()
        game_seed = self._games.getrandbits(63)
        self.table = Table(new_game(self.players, seed=game_seed, edition=self.edition, options=self._options))
        self._start()

    def observe(self, agent: str) -> Obs:
        seat = self._seats[agent]
        t = self.table
        state = t.state
        # the ids only for the deciding seat (none once the game is over: its seat is None)
        obs = self._encoder.observe(state, seat, t.ids if seat == state.seat else None)
        # the observation's last part is the mask itself (zero for a seat that does not decide)
        return {"observation": obs, "action_mask": obs[_MASK].astype(np.int8)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: give an action id, not None")
        self._cumulative_rewards[agent] = 0.0
        t = self.table
        t.play(action if type(action) is int else int(action))
        state = t.state
        if state.phase == PHASE_OVER:  # is_terminal
            self._clear_rewards()
            self._finish()
            self._accumulate_rewards()
        else:  # rewards come only at the end: every one is still 0, nothing to clear or add
            self.agent_selection = self.possible_agents[state.seat]  # type: ignore[index]  # a seat decides
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        shares = [win_share(self.table.state, s) for s in range(self.players)]
        everyone = all(x > 0 for x in shares)
        for s, a in enumerate(self.possible_agents):
            self.rewards[a] = 0.0 if everyone else (1.0 if shares[s] > 0 else -1.0)
        self.terminations = dict.fromkeys(self.agents, True)

    def render(self) -> str | None:
        return render(self.table.state, self.render_mode, logger.warn)

    def close(self) -> None:
        pass


class ClassicWrapper(wrappers.OrderEnforcingWrapper):
    """What `TerminateIllegalWrapper(illegal_reward)` inside `AssertOutOfBoundsWrapper` inside
    `OrderEnforcingWrapper` does to `raw_env`, in one layer (the same errors, warnings, rewards
    and infos): each of the three forwards every call and attribute to the next, which cost
    a step more than the engine's own work. Any other environment: use PettingZoo's wrappers.

    * before `reset`: `step`, `observe`, `render`, `state` and `agent_iter` raise PettingZoo's
      `AssertionError`s, and `rewards`, `agent_selection`, ... raise `AttributeError`;
    * `step` with an action outside the action space: `AssertionError("action is not in action space")`;
    * `step` with an id outside the deciding agent's mask: PettingZoo's warning, then every
      agent is terminated and truncated, the agent gets `illegal_reward` and the others 0.
    """

    def __init__(self, env: raw_env, illegal_reward: float) -> None:
        super().__init__(env)
        self._raw = env
        self._illegal_value = illegal_reward
        self._prev_obs: Obs | None = None  # the deciding agent's last observation, for its mask
        self._terminated = False  # ended by an illegal action

    def __str__(self) -> str:
        return str(self._raw)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._has_reset = self._has_updated = True
        self._terminated = False
        self._prev_obs = None
        self._raw.reset(seed=seed, options=options)

    def observe(self, agent: str) -> Obs:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        e = self._raw
        obs = e.observe(agent)
        if agent == e.agent_selection:
            self._prev_obs = obs
        return obs

    def last(self, observe: bool = True) -> tuple[Obs | None, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        e = self._raw
        agent = e.agent_selection
        # what `observe(agent)` does for the deciding agent, one call less
        obs = self._prev_obs = e.observe(agent) if observe else None
        return obs, e._cumulative_rewards[agent], e.terminations[agent], e.truncations[agent], e.infos[agent]

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        e = self._raw
        self._has_updated = True
        agent = e.agent_selection
        if (
            type(action) is int
            and 0 <= action < NUM_ACTIONS
            and e.agents
            and not (e.terminations[agent] or e.truncations[agent])
        ):
            # the common case, a live agent and a plain int in the action space: the mask is 1
            # exactly at the table's legal ids, so the id is looked up there
            self._prev_obs = None
            if action in e.table.moves.ids:
                e.step(action)
            else:
                self._illegal(agent)
            return
        if not e.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        dead = e.terminations[agent] or e.truncations[agent]
        assert (action is None and dead) or e.action_spaces[agent].contains(action), "action is not in action space"
        obs, self._prev_obs = self._prev_obs, None
        if self._terminated and dead:
            e._was_dead_step(action)
        elif not dead and not self._in_mask(agent, action, obs):
            self._illegal(agent)
        else:
            e.step(action)

    def _in_mask(self, agent: str, action: Any, obs: Obs | None) -> bool:
        """Whether the deciding agent's mask allows `action` (any integer type)."""
        if obs is None:
            obs = self.observe(agent)
        return bool(obs["action_mask"][action])

    def _illegal(self, agent: str) -> None:
        """`TerminateIllegalWrapper`'s end of the game."""
        EnvLogger.warn_on_illegal_move()
        e = self._raw
        e._cumulative_rewards[agent] = 0
        e.terminations = dict.fromkeys(e.agents, True)
        e.truncations = dict.fromkeys(e.agents, True)
        e.rewards = dict.fromkeys(e.truncations, 0)
        e.rewards[agent] = float(self._illegal_value)
        e._accumulate_rewards()
        e._deads_step_first()
        self._terminated = True
