"""`env()`'s one-layer `ClassicWrapper` behaves as PettingZoo's three classic wrappers
(OrderEnforcing, AssertOutOfBounds, TerminateIllegal) around `raw_env` do."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from ragusa.adapters.pettingzoo import ClassicWrapper, env, raw_env
from ragusa.ai.ids import NUM_ACTIONS

ILLEGAL_MOVE = (
    "[WARNING]: Illegal move made, game terminating with current player losing. \n"
    "obs['action_mask'] contains a mask of all legal moves that can be chosen."
)
AFTER_THE_END = "[WARNING]: step() called after all agents are terminated or truncated. Should reset() first."


def pettingzoos(players: int) -> Any:
    """`raw_env` in PettingZoo's own three classic wrappers, as `env()` used to build it."""
    e: Any = wrappers.TerminateIllegalWrapper(raw_env(players=players), illegal_reward=-1)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(e))


def plain(x: Any) -> Any:
    """`x` with arrays as (dtype, values) and dicts as sorted items, to compare with `==`."""
    if isinstance(x, np.ndarray):
        return (str(x.dtype), x.tolist())
    if isinstance(x, dict):
        return sorted((k, plain(v)) for k, v in x.items())
    if isinstance(x, (tuple, list)):
        return [plain(v) for v in x]
    return x


def call(e: Any, f: Callable[[], Any]) -> Any:
    """What a call does: its result or its error, the warnings it logs, and the env after it."""
    EnvLogger.flush()
    try:
        out: Any = ("ok", plain(f()))
    except Exception as exc:  # the error is the outcome compared
        out = ("raised", type(exc).__name__, str(exc))
    logged = list(EnvLogger.mqueue)
    u = e.unwrapped
    after = (u.agent_selection, u.agents[:], u.rewards, u._cumulative_rewards, u.terminations, u.truncations, u.infos)
    return out, logged, plain(after)


def script(e: Any, seed: int, illegal_at: int | None) -> list[Any]:
    """Calls before reset, out-of-bounds actions, a random masked game (with an illegal id at
    step `illegal_at`), the dead agents' steps, and steps after the end; every outcome."""
    trace = [call(e, lambda: str(e))]
    trace += [call(e, f) for f in (lambda: e.step(0), lambda: e.observe("player_0"), e.render, e.state)]
    trace += [call(e, f) for f in (e.agent_iter, e.last, lambda: e.rewards, lambda: e.num_agents)]
    trace.append(call(e, lambda: e.reset(seed=seed)))
    for bad in (-1, NUM_ACTIONS, 2**70, 1.5, "7", None):
        trace.append(call(e, functools.partial(e.step, bad)))
    rng = random.Random(seed)
    for k, agent in enumerate(e.agent_iter(2000)):
        trace.append(call(e, e.last))
        _, _, terminated, truncated, _ = e.last(observe=False)
        if terminated or truncated:
            trace.append(call(e, lambda: e.step(0)))  # a dead agent may only pass None
            trace.append(call(e, lambda: e.step(None)))
            continue
        mask = e.observe(agent)["action_mask"]
        legal, illegal = np.flatnonzero(mask), np.flatnonzero(mask == 0)
        chosen = int(illegal[0]) if k == illegal_at else int(legal[rng.randrange(len(legal))])
        trace.append(call(e, functools.partial(e.step, np.int64(chosen) if k % 3 else chosen)))
    trace += [call(e, lambda: e.step(None)), call(e, lambda: e.step(3)), call(e, e.last)]
    return trace


@pytest.mark.parametrize("players,seed,illegal_at", [(2, 1, None), (3, 2, 0), (4, 3, 17), (5, 4, None)])
def test_env_does_what_pettingzoos_three_wrappers_do(players: int, seed: int, illegal_at: int | None) -> None:
    ours, theirs = env(players=players), pettingzoos(players)
    assert isinstance(ours, ClassicWrapper)
    expected = script(theirs, seed, illegal_at)
    got = script(ours, seed, illegal_at)
    assert len(got) == len(expected) > 20
    for k, (a, b) in enumerate(zip(got, expected, strict=True)):
        assert a == b, f"call {k} differs"


def test_before_reset_calls_are_refused_with_pettingzoos_messages() -> None:
    e = env(players=2)
    for f, message in [
        (lambda: e.step(0), "reset() needs to be called before step."),
        (lambda: e.observe("player_0"), "reset() needs to be called before observe."),
        (e.render, "reset() needs to be called before render."),
        (e.agent_iter, "reset() needs to be called before agent_iter()."),
    ]:
        with pytest.raises(AssertionError) as caught:
            f()
        assert str(caught.value) == message
    for name in ("rewards", "agent_selection", "terminations", "agents"):
        with pytest.raises(AttributeError, match=f"^{name} cannot be accessed before reset$"):
            getattr(e, name)
    with pytest.raises(AttributeError, match="^agent_selection cannot be accessed before reset$"):
        e.last()
    e.reset(seed=1)
    assert e.agent_selection == "player_0" and e.rewards == {"player_0": 0.0, "player_1": 0.0}


@pytest.mark.parametrize("action", [-1, NUM_ACTIONS, 2**64, 2.0, "0", None])
def test_an_action_outside_the_space_is_an_assertion_and_changes_nothing(action: Any) -> None:
    e = env(players=3)
    e.reset(seed=2)
    state, agent = e.unwrapped.table.state, e.agent_selection
    with pytest.raises(AssertionError, match="^action is not in action space$"):
        e.step(action)
    assert e.unwrapped.table.state is state and e.agent_selection == agent
    assert not any(e.terminations.values())


def test_an_illegal_id_ends_the_game_minus_one_for_its_agent_zero_for_the_others() -> None:
    e = env(players=3)
    e.reset(seed=5)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    state, first = e.unwrapped.table.state, e.agent_selection
    EnvLogger.flush()
    e.step(illegal)
    assert EnvLogger.mqueue == [ILLEGAL_MOVE]
    assert e.unwrapped.table.state is state  # the engine never saw the id
    assert e.rewards == {"player_0": -1.0, "player_1": 0, "player_2": 0} and first == "player_0"
    assert e.terminations == e.truncations == dict.fromkeys(["player_0", "player_1", "player_2"], True)
    assert e.agent_selection == "player_0"  # the dead agents step out, the first dead one first
    _, reward, terminated, truncated, info = e.last()
    assert (reward, terminated, truncated, info) == (-1.0, True, True, {})
    with pytest.raises(ValueError, match="when an agent is dead, the only valid action is None"):
        e.step(0)
    rewards = []
    for agent in e.agent_iter():
        rewards.append((agent, e.last()[1]))
        e.step(None)
    assert rewards == [("player_0", -1.0), ("player_1", 0), ("player_2", 0)]
    assert e.agents == []
    EnvLogger.flush()
    e.step(None)
    assert EnvLogger.mqueue == [AFTER_THE_END]
