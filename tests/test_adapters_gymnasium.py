"""The Gymnasium adapter: Gymnasium's checker, and what it does not check."""

from __future__ import annotations

import random
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ragusa.adapters.gymnasium
from ragusa.adapters.gymnasium import MAX_STEPS, RagusaEnv, SoloEnv, VsBotsEnv
from ragusa.adapters.table import PASS_ID, max_decisions
from ragusa.ai.ids import action_id, legal_ids
from ragusa.ai.observation_vectors import LAYOUT, observation
from ragusa.bots import GreedyBot, RandomBot
from ragusa.contract.views import view
from ragusa.core.actions import Pass
from ragusa.rules.queries import scores, winners


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
    """A random masked game; checks the mask (`info` and `action_masks()`) and the observation at every step."""
    obs, info = env.reset(seed=seed)
    rng = random.Random(seed)
    done, steps, reward = False, 0, 0.0
    while not done:
        state, seat = env.table.state, env.seat
        assert state.seat == seat and info["seat"] == seat and "scores" not in info
        assert np.flatnonzero(info["action_mask"]).tolist() == sorted(legal_ids(state))
        assert np.array_equal(env.action_masks(), info["action_mask"])
        assert np.array_equal(obs, observation(view(state, seat)))
        obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert not truncated
        steps += 1
    # over: the pass id alone, so that a sampler never meets an all-zero mask; the final scores
    assert np.flatnonzero(info["action_mask"]).tolist() == [PASS_ID] == np.flatnonzero(env.action_masks()).tolist()
    assert info["scores"] == list(scores(env.table.state))
    assert not obs[LAYOUT["legal"]].any()  # the observation itself is the specification's
    return float(reward), steps


def _expected_reward(env: RagusaEnv) -> float:
    won = winners(env.table.state)
    if len(won) == env.table.state.n_players:
        return 0.0
    return 1.0 if env.seat in won else -1.0


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
    assert [None if b is None else type(b) for b in env.bots] == [None, RandomBot, GreedyBot]
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
        ({"seat": 2}, "seat must be 0 to 1"),
        ({"reward": "vp"}, "reward must be one of 'win', 'margin', 'share'"),
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


@pytest.mark.parametrize("seat", [1, 2])
def test_the_agent_takes_any_seat(seat: int) -> None:
    env = VsBotsEnv(players=3, bots=["random", "greedy"], seat=seat)
    # the bots fill the other seats in seat order
    assert [None if b is None else type(b) for b in env.bots] == [
        [RandomBot, None, GreedyBot],
        [RandomBot, GreedyBot, None],
    ][seat - 1]
    reward, steps = _play(env, 11)
    assert reward == _expected_reward(env) and steps > 5


def test_margin_and_share_rewards_are_counted_from_the_final_scores() -> None:
    for kind in ("win", "margin", "share"):
        env = VsBotsEnv(players=3, bots="greedy", reward=kind, seat=1)
        reward, _ = _play(env, 5)
        vp, won = scores(env.table.state), winners(env.table.state)
        expected = {
            "win": _expected_reward(env),
            "margin": float(vp[1] - max(vp[0], vp[2])),
            "share": 1 / len(won) if 1 in won else 0.0,
        }[kind]
        assert reward == expected, kind
    solo = SoloEnv(reward="margin")
    reward, _ = _play(solo, 3)
    vp = scores(solo.table.state)
    assert reward == float(vp[0] - max(vp[1:]))


def test_the_agent_plays_next_to_bot_objects() -> None:
    env = VsBotsEnv(players=2, bots=GreedyBot())
    assert env.bot_specs == ("GreedyBot",)
    _play(env, 2)


def test_the_time_limit_is_registered_and_never_cuts_a_game() -> None:
    assert PASS_ID == action_id(Pass())
    assert MAX_STEPS == max(max_decisions(p) for p in range(1, 6)) == max_decisions(5) == 463
    for env_id in ("ragusa/Solo-v0", "ragusa/VsBots-v0"):
        env = gymnasium.make(env_id)
        assert env.spec is not None and env.spec.max_episode_steps == MAX_STEPS


def test_action_masks_are_reachable_through_the_wrappers() -> None:
    env = gymnasium.make("ragusa/VsBots-v0", players=2, bots="random")
    _, info = env.reset(seed=3)
    masks = env.get_wrapper_attr("action_masks")
    rng = np.random.default_rng(0)
    done = False
    while not done:
        assert np.array_equal(masks(), info["action_mask"])
        _, _, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(masks()))))
    assert np.array_equal(masks(), info["action_mask"]) and masks().sum() == 1


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_make_vec_autoresets_with_a_mask_a_sampler_can_use(mode: str) -> None:
    """Next-step autoreset (Gymnasium's default): after a game ends, the next step's action is not
    applied; the masks are never all zero, so a masked sampler always has a choice."""
    envs = gymnasium.make_vec("ragusa/VsBots-v0", num_envs=2, vectorization_mode=mode, players=2, bots="random")
    try:
        _, infos = envs.reset(seed=1)
        rng = np.random.default_rng(1)
        ended = 0
        for _ in range(200):
            masks = infos["action_mask"]
            assert masks.shape == (2, LAYOUT["legal"].stop - LAYOUT["legal"].start) and masks.any(axis=1).all()
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
            _, rewards, terminated, truncated, infos = envs.step(actions)
            ended += int(terminated.sum())
            assert not truncated.any()
            if ended >= 2:
                break
        assert ended >= 1
    finally:
        envs.close()


def _drive(envs: Any, steps: int, seed: int, illegal_at: int = -1) -> list[tuple[Any, ...]]:
    """`steps` vector steps with random legal ids (game 0 an illegal one at step `illegal_at`); what
    each returned (copied), the ended games' final observations and infos included."""
    obs, info = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out: list[tuple[Any, ...]] = [(obs.copy(), info["action_mask"].copy())]
    for t in range(steps):
        masks = info["action_mask"]
        assert masks.any(axis=1).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        if t == illegal_at:
            actions[0] = np.flatnonzero(masks[0] == 0)[0]
        obs, rewards, terminated, truncated, info = envs.step(actions)
        finals = []
        for i in np.flatnonzero(info.get("_final_info", np.zeros(len(actions), bool))):
            got = info["final_info"]
            fields = {k: np.asarray(v[i]).tolist() for k, v in got.items() if k[0] != "_" and got["_" + k][i]}
            finals.append((i, info["final_obs"][i].tolist(), fields))
        out.append((obs.copy(), info["action_mask"].copy(), rewards.copy(), terminated.copy(), finals))
    return out


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 2, "bots": "random", "reward": "margin"},
        {"players": 3, "bots": ["greedy", "random"], "seat": 1, "reward": "share"},
    ],
)
def test_the_native_vector_env_plays_the_games_of_the_sync_mode(kwargs: dict[str, Any]) -> None:
    """The same seeds and actions give the same observations, masks, rewards, ends, final observations
    and final infos (scores, an illegal action) as make_vec's sync mode with same-step autoreset, over
    several games a row; the arrays are the environment's own, rewritten."""
    native = gymnasium.make_vec("ragusa/VsBots-v0", num_envs=3, vectorization_mode="vector_entry_point", **kwargs)
    sync = gymnasium.make_vec(
        "ragusa/VsBots-v0",
        num_envs=3,
        vectorization_mode="sync",
        vector_kwargs={"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP},
        **kwargs,
    )
    assert isinstance(native, ragusa.adapters.gymnasium.RagusaVecEnv)
    a, b = _drive(native, 160, 4, illegal_at=30), _drive(sync, 160, 4, illegal_at=30)
    for x, y in zip(a, b):
        assert np.array_equal(x[0], y[0]) and np.array_equal(x[1], y[1])
        if len(x) > 2:
            assert np.array_equal(x[2], y[2]) and np.array_equal(x[3], y[3]) and x[4] == y[4]
    finals = [f for x in a[1:] for f in x[4]]
    assert sum(f[2].get("illegal_action", False) for f in finals) == 1  # game 0's illegal id, step 30
    assert all(len(f[2]["scores"]) == kwargs["players"] for f in finals if "illegal_action" not in f[2])
    assert min(sum(f[0] == i for f in finals) for i in range(3)) >= 2  # every row reset twice or more
    obs, info = native.reset(seed=0)
    obs2, _, _, _, info2 = native.step(np.array([np.flatnonzero(m)[0] for m in info["action_mask"]]))
    assert obs2 is obs and info2["action_mask"] is info["action_mask"]  # written in place
    assert np.array_equal(native.action_masks(), info2["action_mask"])
    with pytest.raises(ValueError, match="one action per game"):
        native.step(np.array([0, 0]))
    native.close()
    sync.close()


def test_the_native_vector_env_runs_the_solo_game_and_names_bad_input() -> None:
    solo = gymnasium.make_vec("ragusa/Solo-v0", num_envs=2, vectorization_mode="vector_entry_point")
    obs, info = solo.reset(seed=1)
    assert obs.shape == (2, LAYOUT["legal"].stop) and (info["seat"] == 0).all()
    with pytest.raises(ValueError, match="num_envs must be 1 or more"):
        ragusa.adapters.gymnasium.RagusaVecEnv(0)
    with pytest.raises(ValueError, match="env_id must be one of"):
        ragusa.adapters.gymnasium.RagusaVecEnv(2, "ragusa/Other-v0")


def test_the_vector_benchmark_measures_both_modes(capsys: pytest.CaptureFixture[str]) -> None:
    from ragusa.adapters.vector_speedup import main

    assert main(["--envs", "2", "--steps", "3", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "round 1: sync" in out and "median ratio:" in out
