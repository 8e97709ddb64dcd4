"""The Gymnasium adapter: Gymnasium's checker, and what it does not check."""

from __future__ import annotations

import random
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ragusa.adapters.gymnasium  # noqa: F401  (registers the environments)
from ragusa.adapters.gymnasium import RagusaEnv, SoloEnv, VsBotsEnv
from ragusa.ai.ids import legal_ids
from ragusa.ai.observation_vectors import observation
from ragusa.bots import GreedyBot, RandomBot
from ragusa.contract.views import view
from ragusa.rules.queries import winners


@pytest.mark.parametrize(
    "env_id,kwargs",
    [
        ("ragusa/Solo-v0", {}),
        ("ragusa/Solo-v0", {"edition": "1st", "human_first": True, "easier_rector": True}),
        ("ragusa/Solo-v0", {"harder": True, "strict": True}),
        ("ragusa/VsBots-v0", {}),
        ("ragusa/VsBots-v0", {"players": 3, "bots": "random", "edition": "1st"}),
        ("ragusa/VsBots-v0", {"players": 4, "bots": ["random", "greedy", "random"]}),
        ("ragusa/VsBots-v0", {"players": 5, "bots": "greedy"}),
    ],
)
def test_gymnasiums_checker_passes_without_warnings(env_id: str, kwargs: dict[str, Any]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(gymnasium.make(env_id, **kwargs).unwrapped)
    assert [str(w.message) for w in caught] == []


def _play(env: RagusaEnv, seed: int) -> tuple[float, int]:
    """A random masked game; checks the mask and the observation at every step."""
    obs, info = env.reset(seed=seed)
    rng = random.Random(seed)
    done, steps, reward = False, 0, 0.0
    while not done:
        state = env.table.state
        assert state.seat == 0
        assert np.flatnonzero(info["action_mask"]).tolist() == sorted(legal_ids(state))
        assert np.array_equal(obs, observation(view(state, 0)))
        obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert not truncated
        steps += 1
    assert not info["action_mask"].any()
    return float(reward), steps


def _expected_reward(env: RagusaEnv) -> float:
    won = winners(env.table.state)
    if len(won) == env.table.state.n_players:
        return 0.0
    return 1.0 if 0 in won else -1.0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_solo_random_game_reward_is_the_engines_verdict(seed: int) -> None:
    env = SoloEnv()
    reward, steps = _play(env, seed)
    assert env.table.over and env.table.state.solo is not None
    assert reward == _expected_reward(env)
    assert steps >= 10


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_vs_bots_random_game_reward_is_the_engines_verdict(players: int) -> None:
    env = VsBotsEnv(players=players, bots="greedy")
    reward, _ = _play(env, players)
    assert env.table.over and reward == _expected_reward(env)
    assert env.bot_decisions > 0


def test_vs_bots_builds_the_bots_named() -> None:
    env = VsBotsEnv(players=3, bots=["random", "greedy"])
    assert [type(b) for b in env.bots] == [RandomBot, GreedyBot]
    assert env.bot_specs == ("random", "greedy")


def test_the_same_seed_replays_the_same_episode() -> None:
    a, b = VsBotsEnv(players=3, bots="random"), VsBotsEnv(players=3, bots="random")
    assert _play(a, 7) == _play(b, 7)
    assert a.table.state == b.table.state


def test_an_illegal_action_ends_the_episode_with_minus_one_and_changes_nothing() -> None:
    env = SoloEnv()
    _, info = env.reset(seed=4)
    before = env.table.state
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert env.table.state is before


def test_module_colon_id_imports_the_adapter() -> None:
    env = gymnasium.make("ragusa.adapters.gymnasium:ragusa/Solo-v0")
    obs, info = env.reset(seed=0)
    assert obs.shape == env.observation_space.shape and info["action_mask"].any()


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"players": 1}, "2 to 5 players"),
        ({"players": 3, "bots": ["random", "random", "random"]}, "one per seat \\(2\\); got 3"),
        ({"bots": "nobody"}, "unknown bot 'nobody'"),
        ({"edition": "3rd"}, "edition must be one of"),
        ({"render_mode": "rgb_array"}, "render_mode must be"),
    ],
)
def test_bad_parameters_are_named(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        VsBotsEnv(**kwargs)


def test_ansi_render_is_the_text_picture() -> None:
    env = SoloEnv(render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and "solo against the Patrician" in text and "seat 0 to decide" in text
