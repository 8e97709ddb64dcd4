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
sequence read lazily from the legal moves, `ragusa.ai.ids.LegalActions`: a bot that draws an index
makes only that action). The registered time
limit is `MAX_STEPS`, a bound no game reaches (`ragusa.adapters.table.max_decisions`).
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
    PASS_ID,
    RENDER_MODES,
    REWARDS,
    Action,
    Moves,
    Table,
    check_render_mode,
    game_options,
    is_terminal,
    legal_moves,
    max_decisions,
    new_game,
    render,
    reward_of,
)
from ragusa.ai.encoder import BatchEncoder, ObservationEncoder
from ragusa.ai.ids import LegalActions, legal_action, write_masks
from ragusa.ai.observation_vectors import LAYOUT, OBS_SIZE
from ragusa.bots import Bot, make_bot

__all__ = ["DONE_MASK", "MAX_STEPS", "REWARDS", "RagusaEnv", "RagusaVecEnv", "SoloEnv", "VsBotsEnv"]

#: the observation's `legal` part: the action mask
_MASK = LAYOUT["legal"]

Obs = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

#: the mask once the episode is over: the `pass` id alone (never applied: see the module docs)
DONE_MASK: Mask = np.zeros(NUM_ACTIONS, np.int8)
DONE_MASK[PASS_ID] = 1
DONE_MASK.flags.writeable = False

#: the registered time limit: the most decisions one seat can take in a game of any mode
#: (`max_decisions`), so the limit never cuts a game short
MAX_STEPS = max(max_decisions(players) for players in range(1, 6))


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
        *,
        seat: int = 0,
        reward: str = "win",
        **variants: bool,
    ) -> None:
        self._options = game_options(players, edition, strict, **variants)
        self.render_mode = check_render_mode(render_mode)
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(map(repr, REWARDS))}; got {reward!r}")
        seats = players if players > 1 else 1
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise ValueError(f"seat must be 0 to {seats - 1} (the agent's seat); got {seat!r}")
        self.players = players
        self.edition = edition
        self.reward = reward
        #: the agent's seat
        self.seat = seat
        #: the bots of the other seats, by seat (None at the agent's)
        self.bots: tuple[Bot | None, ...] = tuple(bots[:seat]) + (None,) + tuple(bots[seat:])
        self.observation_space = spaces.Box(low=0.0, high=OBS_HIGH, shape=(OBS_SIZE,), dtype=np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.table = Table(new_game(players, seed=0, edition=edition, options=self._options))
        self._bot_rng = random.Random(0)
        self._encoder = ObservationEncoder()
        self._mask: Mask = DONE_MASK.copy()
        #: decisions the bots took in this episode
        self.bot_decisions = 0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        self._start(seed)
        if self.render_mode == "human":
            self.render()
        obs = self.observe()
        return obs, self.info_of(obs)

    def _start(self, seed: int | None = None) -> None:
        """`reset(seed=seed)` but the observation and info: a new game, played by the bots up to the
        agent's first decision."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63))
        self._bot_rng = random.Random(int(self.np_random.integers(2**63)))
        self.table = Table(new_game(self.players, seed=game_seed, edition=self.edition, options=self._options))
        self.bot_decisions = 0
        self._bots_play()

    def step(self, action: np.int64 | int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        if self.table.over:
            raise RuntimeError("the episode is over: call reset()")
        reward, terminated, illegal = self.play(int(action))
        if self.render_mode == "human" and not illegal:
            self.render()
        obs = self.observe()
        info = self.info_of(obs)
        if illegal:
            info["illegal_action"] = True
        return obs, reward, terminated, False, info

    def play(self, action: int) -> tuple[float, bool, bool]:
        """Take the agent's action `action` (an id), then the bots' turns: `(reward, terminated,
        illegal)`. An illegal id changes nothing and ends the episode with -1."""
        found = self.table.action_of(action)
        if found is None:
            return -1.0, True, True
        self.table.play_action(found)
        self._bots_play()
        over = self.table.over
        return (reward_of(self.table.state, self.seat, self.reward) if over else 0.0), over, False

    def observe(self, out: Obs | None = None) -> Obs:
        """The agent's observation of the current position (written into `out`, a row of a batch, when given)."""
        t = self.table
        return self._encoder.observe(t.state, self.seat, t.ids if t.seat == self.seat and not t.over else None, out)

    def info_of(self, obs: Obs) -> dict[str, Any]:
        """The info of the position `obs` observes (the last `observe`): the mask, the seat, and at the end
        the scores; `action_masks()` returns this mask from now on."""
        # the observation's last part is the mask itself (zero once the game is over)
        over = self.table.over
        self._mask = DONE_MASK.copy() if over else obs[_MASK].astype(np.int8)
        info: dict[str, Any] = {"action_mask": self._mask.copy(), "seat": self.seat}
        if over:
            info["scores"] = self.table.scores()
        return info

    def action_masks(self) -> Mask:
        """The action mask of the current position: `info["action_mask"]` of the last `reset` or `step`
        (once the episode is over, `DONE_MASK`)."""
        return self._mask.copy()

    def _bots_play(self) -> None:
        """The bots' decisions up to the agent's next one (or the end)."""
        choice = self._bot_choice()
        while choice is not None:
            self._bot_play(choice)
            choice = self._bot_choice()

    def _bot_choice(self) -> Action | None:
        """The deciding bot's choice, or None when the agent decides or the game is over."""
        state = self.table.state
        if is_terminal(state) or state.seat == self.seat:
            return None
        bot = self.bots[state.seat]  # type: ignore[index]  # a seat decides until the game is over
        assert bot is not None
        return bot.choose(state, LegalActions(state), self._bot_rng)

    def _bot_play(self, choice: Action) -> None:
        self.table.play_action(choice)
        self.bot_decisions += 1

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
        reward: str = "win",
    ) -> None:
        super().__init__(
            1,
            edition=edition,
            strict=strict,
            render_mode=render_mode,
            reward=reward,
            human_first=human_first,
            easier_rector=easier_rector,
            harder=harder,
        )


class VsBotsEnv(RagusaEnv):
    """`ragusa/VsBots-v0`: the agent (at `seat`) against bots."""

    def __init__(
        self,
        players: int = 2,
        bots: str | Bot | Sequence[str | Bot] = "greedy",
        edition: str = "2nd",
        strict: bool = False,
        render_mode: str | None = None,
        seat: int = 0,
        reward: str = "win",
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 5:
            raise ValueError(f"ragusa/VsBots-v0 is for 2 to 5 players (for solo use ragusa/Solo-v0); got {players!r}")
        specs: list[str | Bot] = [bots] if isinstance(bots, str) or hasattr(bots, "choose") else list(bots)  # type: ignore[list-item]
        if len(specs) == 1:
            specs = specs * (players - 1)
        if len(specs) != players - 1:
            raise ValueError(f"give one bot spec for all other seats or one per seat ({players - 1}); got {len(specs)}")
        made = [make_bot(s, imports=True) if isinstance(s, str) else s for s in specs]
        super().__init__(players, made, edition, strict, render_mode, seat=seat, reward=reward)
        self.bot_specs = tuple(s if isinstance(s, str) else type(s).__name__ for s in specs)


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
    observation (`ragusa.ai.encoder.BatchEncoder`), then every mask at once from the legal moves
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
            env._start(s)
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
            chosen = [(i, env, env._bot_choice()) for i, env in playing]
            playing = []
            for i, env, choice in chosen:
                if choice is not None:
                    env._bot_play(choice)
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
        env._start()
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


gymnasium.register(
    id="ragusa/Solo-v0",
    entry_point="ragusa.adapters.gymnasium:SoloEnv",
    vector_entry_point="ragusa.adapters.gymnasium:_solo_vec",
    max_episode_steps=MAX_STEPS,
)
gymnasium.register(
    id="ragusa/VsBots-v0",
    entry_point="ragusa.adapters.gymnasium:VsBotsEnv",
    vector_entry_point="ragusa.adapters.gymnasium:RagusaVecEnv",
    max_episode_steps=MAX_STEPS,
)


def _solo_vec(num_envs: int, **kwargs: Any) -> RagusaVecEnv:
    """`make_vec("ragusa/Solo-v0", vectorization_mode="vector_entry_point")`."""
    return RagusaVecEnv(num_envs, "ragusa/Solo-v0", **kwargs)
