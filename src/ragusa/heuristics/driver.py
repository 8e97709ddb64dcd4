"""What a bot is, the simplest one, and the loop that plays a game with bots.

A bot is anything with `choose(state, actions, rng) -> Action` (`Bot`): it gets the
state, the tuple `legal_actions(state)` of the deciding seat and a `random.Random`
owned by the caller. Bots draw randomness only from that `rng`, never from the game's own
generator (`GameState.rng`), so a game played by bots is reproducible from the game seed
and the bots' seed, and the game's shuffles are the same whoever plays.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from ragusa.core.actions import Action
from ragusa.core.events import Event
from ragusa.core.state import GameState
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import is_terminal
from ragusa.rules.resolution import apply, step

__all__ = ["Bot", "RandomBot", "StepHook", "play"]


class Bot(Protocol):
    """What the driver asks of a bot: pick one of `actions` (never empty) for the deciding seat."""

    name: str

    def choose(self, state: GameState, actions: Sequence[Action], rng: random.Random) -> Action: ...


class RandomBot:
    """Uniform over the legal actions (trades and passes included), drawn from `rng`."""

    name = "random"

    def choose(self, state: GameState, actions: Sequence[Action], rng: random.Random) -> Action:
        return actions[rng.randrange(len(actions))]


#: called after each action: (state before, action, state after, events)
StepHook = Callable[[GameState, Action, GameState, tuple[Event, ...]], None]


def play(state: GameState, bots: Sequence[Bot], rng: random.Random, on_step: StepHook | None = None) -> GameState:
    """Play `state` to the end, the deciding seat's bot choosing each action (`bots[seat]`).

    With `on_step` the game runs through `ragusa.step` and the hook sees every action
    and its events; without it, through the faster `ragusa.apply`.
    """
    while not is_terminal(state):
        seat = state.seat
        assert seat is not None
        actions = legal_actions(state)
        action = bots[seat].choose(state, actions, rng)
        if on_step is None:
            state = apply(state, action)
        else:
            new, events = step(state, action)
            on_step(state, action, new, events)
            state = new
    return state
