"""Ragusa as single-agent Gymnasium environments. Needs `pip install 'ragusa[ai]'`.

Importing this module registers two environments:

* `ragusa/Solo-v0`: the solo game, the agent (seat 0) against the Patrician, whose bots play
  inside the engine. Parameters: `edition`, the solo variants `human_first`,
  `easier_rector`, `harder`, and `strict`.
* `ragusa/VsBots-v0`: seat 0 against built-in bots. Parameters: `players` (2-5, default 2),
  `bots` (bot specs for `ragusa.bots.make_bot`, one for every other seat or a single one
  for all, default `"greedy"`), `edition` and `strict`.

Examples:
    >>> import gymnasium
    >>> import ragusa.adapters.gymnasium
    >>> env = gymnasium.make("ragusa/VsBots-v0", players=3, bots="random")
    >>> obs, info = env.reset(seed=1)
    >>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
    (True, True)

`gymnasium.make("ragusa.adapters.gymnasium:ragusa/Solo-v0")` imports the module itself.

Actions are the fixed ids of `ragusa.ai.ids` (`Discrete(NUM_ACTIONS)`); the observation
is `ragusa.ai.observation` of seat 0's view; `info["action_mask"]` is an
int8 vector, 1 at the legal ids. The reward comes at the end: +1 when seat 0 is among the
winners, -1 when it is not, 0 when every seat ties. An illegal id ends the episode with -1 and
`info["illegal_action"] = True` (nothing is applied). `reset(seed=s)` fixes the game and the
bots' choices; the bots never see more than the engine gives them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ragusa.adapters.table import missing_extra

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
except ImportError as exc:  # the framework is an optional extra
    raise ImportError(missing_extra(exc, __name__, "ai")) from exc

from ragusa.adapters.table import (
    NUM_ACTIONS,
    OBS_HIGH,
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
from ragusa.bots import Bot, make_bot

__all__ = ["RagusaEnv", "SoloEnv", "VsBotsEnv"]

#: the observation's `legal` part: the action mask
_MASK = LAYOUT["legal"]

Obs = npt.NDArray[np.float32]
#: the agent's seat
AGENT = 0


class RagusaEnv(gymnasium.Env[Obs, np.int64]):
    """Seat 0 of a Ragusa game; every other seat is played inside `step` (solo: by the engine)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(
        self,
        players: int,
        bots: Sequence[Bot] = (),
        edition: str = "2nd",
        strict: bool = False,
        render_mode: str | None = None,
        **variants: bool,
    ) -> None:
        self._options = game_options(players, edition, strict, **variants)
        self.render_mode = check_render_mode(render_mode)
        self.players = players
        self.edition = edition
        self.bots = tuple(bots)
        self.observation_space = spaces.Box(low=0.0, high=OBS_HIGH, shape=(OBS_SIZE,), dtype=np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.table = Table(new_game(players, seed=0, edition=edition, options=self._options))
        self._bot_rng = random.Random(0)
        self._encoder = ObservationEncoder()
        #: decisions the bots took in this episode
        self.bot_decisions = 0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63))
        self._bot_rng = random.Random(int(self.np_random.integers(2**63)))
        self.table = Table(new_game(self.players, seed=game_seed, edition=self.edition, options=self._options))
        self.bot_decisions = 0
        self._bots_play()
        if self.render_mode == "human":
            self.render()
        obs = self._obs()
        return obs, self._info(obs)

    def step(self, action: np.int64 | int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        if self.table.over:
            raise RuntimeError("the episode is over: call reset()")
        if self.table.action_of(int(action)) is None:
            obs = self._obs()
            return obs, -1.0, True, False, {**self._info(obs), "illegal_action": True}
        self.table.play(int(action))
        self._bots_play()
        if self.render_mode == "human":
            self.render()
        reward = self._reward() if self.table.over else 0.0
        obs = self._obs()
        return obs, reward, self.table.over, False, self._info(obs)

    def _bots_play(self) -> None:
        t = self.table
        while not t.over and t.seat != AGENT:
            seat = t.seat
            assert seat is not None
            t.play_action(self.bots[seat - 1].choose(t.state, t.actions, self._bot_rng))
            self.bot_decisions += 1

    def _reward(self) -> float:
        shares = [win_share(self.table.state, s) for s in range(self.table.state.n_players)]
        if all(x > 0 for x in shares):
            return 0.0
        return 1.0 if shares[AGENT] > 0 else -1.0

    def _obs(self) -> Obs:
        t = self.table
        return self._encoder.observe(t.state, AGENT, t.ids if t.seat == AGENT and not t.over else None)

    def _info(self, obs: Obs) -> dict[str, Any]:
        # the observation's last part is the mask itself (zero once the game is over)
        return {"action_mask": obs[_MASK].astype(np.int8)}

    def render(self) -> str | None:
        return render(self.table.state, self.render_mode, gymnasium.logger.warn)


class SoloEnv(RagusaEnv):
    """`ragusa/Solo-v0`: the solo game against the Patrician (SOLO)."""

    def __init__(
        self,
        edition: str = "2nd",
        human_first: bool = False,
        easier_rector: bool = False,
        harder: bool = False,
        strict: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__(
            1,
            edition=edition,
            strict=strict,
            render_mode=render_mode,
            human_first=human_first,
            easier_rector=easier_rector,
            harder=harder,
        )


class VsBotsEnv(RagusaEnv):
    """`ragusa/VsBots-v0`: seat 0 against built-in bots."""

    def __init__(
        self,
        players: int = 2,
        bots: str | Sequence[str] = "greedy",
        edition: str = "2nd",
        strict: bool = False,
        render_mode: str | None = None,
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 5:
            raise ValueError(f"ragusa/VsBots-v0 is for 2 to 5 players (for solo use ragusa/Solo-v0); got {players!r}")
        specs = [bots] if isinstance(bots, str) else list(bots)
        if len(specs) == 1:
            specs = specs * (players - 1)
        if len(specs) != players - 1:
            raise ValueError(f"give one bot spec for all other seats or one per seat ({players - 1}); got {len(specs)}")
        super().__init__(players, [make_bot(s) for s in specs], edition, strict, render_mode)
        self.bot_specs = tuple(specs)


gymnasium.register(id="ragusa/Solo-v0", entry_point="ragusa.adapters.gymnasium:SoloEnv")
gymnasium.register(id="ragusa/VsBots-v0", entry_point="ragusa.adapters.gymnasium:VsBotsEnv")
