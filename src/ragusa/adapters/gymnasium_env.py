"""The single-agent Gymnasium environments: `RagusaEnv` and its registered kinds `SoloEnv` and
`VsBotsEnv`. Import them from `ragusa.adapters.gymnasium`, which documents them and registers them."""

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
    Table,
    check_render_mode,
    game_options,
    is_terminal,
    max_decisions,
    new_game,
    render,
    reward_of,
)
from ragusa.ai.encoder import ObservationEncoder
from ragusa.ai.lazy_legal import LegalActions
from ragusa.ai.observation_vectors import LAYOUT, OBS_SIZE
from ragusa.bots import Bot, make_bot

__all__ = ["DONE_MASK", "MAX_STEPS", "Mask", "Obs", "RagusaEnv", "SoloEnv", "VsBotsEnv"]

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
        self.start_episode(seed)
        if self.render_mode == "human":
            self.render()
        obs = self.observe()
        return obs, self.info_of(obs)

    def start_episode(self, seed: int | None = None) -> None:
        """`reset(seed=seed)` but the observation and info: a new game, played by the bots up to the
        agent's first decision (a vector environment observes its games together)."""
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
        choice = self.bot_choice()
        while choice is not None:
            self.play_bot_choice(choice)
            choice = self.bot_choice()

    def bot_choice(self) -> Action | None:
        """The deciding bot's choice, or None when the agent decides or the game is over."""
        state = self.table.state
        if is_terminal(state) or state.seat == self.seat:
            return None
        bot = self.bots[state.seat]  # type: ignore[index]  # a seat decides until the game is over
        assert bot is not None
        return bot.choose(state, LegalActions(state), self._bot_rng)

    def play_bot_choice(self, choice: Action) -> None:
        """Play `choice`, the deciding bot's (`bot_choice`), and count it in `bot_decisions`."""
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
