"""The PettingZoo adapter: PettingZoo's own tests, and what they do not check."""

from __future__ import annotations

import pickle
import random
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from ragusa.adapters.pettingzoo import env, raw_env
from ragusa.ai.ids import NUM_ACTIONS, legal_ids
from ragusa.ai.observation_vectors import OBS_SIZE, observation
from ragusa.contract.views import view
from ragusa.rules.queries import winners

#: the two warnings PettingZoo's api_test gives every environment with dict observations whose
#: name is not on its own list of classic games; nothing else may warn
CLASSIC_DICT_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_pettingzoo_api_seed_and_render_tests_pass(players: int) -> None:
    def make(**kwargs: Any) -> Any:
        return env(players=players, **kwargs)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(make(), num_cycles=200)
        seed_test(make, num_cycles=60)
        render_test(make)
    assert {str(w.message) for w in caught} <= CLASSIC_DICT_WARNINGS


@pytest.mark.parametrize("players,edition", [(2, "1st"), (3, "2nd"), (5, "2nd")])
def test_a_random_masked_game_ends_with_the_engines_winners(players: int, edition: str) -> None:
    e = raw_env(players=players, edition=edition)
    e.reset(seed=players)
    rng = random.Random(0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        seat = e.possible_agents.index(agent)
        state = e.table.state
        assert seat == state.seat
        # the mask is the engine's legal ids for the deciding agent, all zero for the others
        assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(legal_ids(state))
        other = e.possible_agents[(seat + 1) % players]
        assert not e.observe(other)["action_mask"].any()
        assert obs["observation"].shape == (OBS_SIZE,)
        assert np.array_equal(obs["observation"], observation(view(state, seat)))
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert e.table.over
    assert e.agents == []  # every agent was stepped out after the end
    assert steps > 10 * players  # a real game: every seat placed several houses


def test_final_rewards_reach_every_agent() -> None:
    e = raw_env(players=2)
    e.reset(seed=11)
    rng = random.Random(1)
    got: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            got[agent] = float(reward)
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    won = winners(e.table.state)
    expected = (
        {f"player_{s}": (1.0 if s in won else -1.0) for s in range(2)} if len(won) == 1 else dict.fromkeys(got, 0.0)
    )
    assert got == expected


def test_an_illegal_action_ends_the_game_with_minus_one_through_env() -> None:
    e = env(players=3)
    e.reset(seed=5)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    first = e.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the wrapper warns that the move was illegal
        e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[first] == -1


def test_raw_env_refuses_an_illegal_id_with_a_clear_message() -> None:
    e = raw_env(players=2)
    e.reset(seed=3)
    state = e.table.state
    illegal = next(i for i in range(NUM_ACTIONS) if i not in legal_ids(state))
    with pytest.raises(ValueError, match=f"action {illegal} is not legal for seat {state.seat}"):
        e.step(illegal)
    assert e.table.state is state


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"players": 1}, "2 to 5 players"),
        ({"players": 6}, "players must be 1"),
        ({"edition": "3rd"}, "edition must be one of"),
        ({"render_mode": "rgb_array"}, "render_mode must be"),
    ],
)
def test_bad_parameters_are_named(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        raw_env(**kwargs)


def test_the_same_seed_gives_the_same_game_and_ansi_render_is_text() -> None:
    a, b = raw_env(players=4, render_mode="ansi"), pickle.loads(pickle.dumps(raw_env(players=4, render_mode="ansi")))
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.table.state == b.table.state
    text = a.render()
    assert isinstance(text, str) and text.startswith("Ragusa, 2nd edition, 4 players")
    a.reset(seed=10)
    assert a.table.state != b.table.state


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_every_observation_of_a_random_game_lies_in_the_observation_box(players: int) -> None:
    from ragusa.adapters.table import OBS_HIGH, Table
    from ragusa.rules.game import new_game

    table = Table(new_game(players, seed=100 + players))
    rng = random.Random(players)
    lowest, highest = 0.0, 0.0
    while True:
        for seat in range(table.state.n_players):
            obs = observation(view(table.state, seat))
            lowest, highest = min(lowest, float(obs.min())), max(highest, float(obs.max()))
        if table.over:
            break
        table.play(rng.choice(table.ids))
    assert lowest == 0.0 and 1.0 <= highest <= OBS_HIGH
