"""How `step` makes its events: each as it happens, through a constructor generated from the event
class's own fields (`ragusa.core.events.maker`), equal to the class's own `__init__`; and the
protocol's records (`step_recorded`) make the same events (`made`)."""

from __future__ import annotations

import random

import attrs
import pytest

from ragusa import apply, is_terminal, legal_actions, new_game, step
from ragusa.bench import step_cost
from ragusa.core.events import MAKERS, Event, HexActivated, ResourceGained, ShipBought, made, maker
from ragusa.rules.resolution import step_recorded


def test_a_generated_maker_makes_the_event_its_class_makes() -> None:
    gained = maker(ResourceGained)(2, "wood", "h5", 3)
    assert type(gained) is ResourceGained
    assert gained == ResourceGained(2, "wood", "h5", 3)
    assert (gained.seat, gained.resource, gained.hex, gained.total) == (2, "wood", "h5", 3)
    assert repr(gained) == "ResourceGained(seat=2, resource='wood', hex='h5', total=3)"
    assert hash(gained) == hash(ResourceGained(2, "wood", "h5", 3))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        gained.total = 4  # type: ignore[misc]
    assert maker(HexActivated)("h7") == HexActivated("h7")
    assert maker(ShipBought)(1, "s2", 0, {"wood": 2}, 3) == ShipBought(1, "s2", 0, {"wood": 2}, 3)


def test_every_event_class_has_its_maker() -> None:
    assert set(MAKERS) == set(Event.__args__)


def test_step_makes_the_events_the_records_make() -> None:
    """All game long, at 2 to 5 players: `step`'s events, made as they happen, equal those made
    afterwards from the records, and its state is `apply`'s."""
    events = 0
    for players in (2, 3, 4, 5):
        rng = random.Random(players)
        state = new_game(players, seed=players)
        while not is_terminal(state):
            actions = legal_actions(state)
            action = actions[rng.randrange(len(actions))]
            new, got = step(state, action)
            recorded_state, recorded = step_recorded(state, action)
            old = tuple(r[0](*r[1]) if isinstance(r, tuple) else r for r in recorded)
            assert got == made(recorded) == old
            assert [type(e) for e in got] == [type(e) for e in old]
            assert new == recorded_state == apply(state, action)
            events += len(got)
            state = new
    assert events > 0


def test_step_cost_times_both_calls_on_the_same_decisions() -> None:
    cost = step_cost(games=1, passes=1)
    assert cost.decisions > 0 and cost.passes == 1
    assert cost.us_per_apply > 0 and cost.us_per_step > 0
    assert cost.line().startswith("step: ") and f"the same {cost.decisions} decisions" in cost.line()
