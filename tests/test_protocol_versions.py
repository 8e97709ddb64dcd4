"""Versions: `status.version` grows with every change to a game (each action, the bots' too, and
each undo); `apply` and `undo` with `expect` refuse another version as `stale`, the status attached,
and change nothing. (Tooling: no clause marker.)"""

from __future__ import annotations

import json
from typing import Any

import attrs

from ragusa import state_to_json
from ragusa.service.saved import session_from_data, session_to_data
from ragusa.service.session import apply_action
from ragusa.service.store import MemoryStore
from tests.protocol_support import send


def _game(store: MemoryStore) -> dict[str, Any]:
    # seat 0 human, seat 1 greedy: seat 0 chooses its setup bonus first, so nothing has happened yet
    reply = send(store, {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 3})
    assert reply["status"]["version"] == 0 and reply["status"]["actions"] == 0
    return reply


def test_the_version_counts_actions_bot_moves_and_undos() -> None:
    store = MemoryStore(1)
    _game(store)
    applied = send(store, {"op": "apply", "game": "g1", "action": "bonus walls", "expect": 0})
    # seat 0's bonus, then the greedy seat 1's bonus: two actions, two changes
    assert applied["status"]["actions"] == 2 and applied["status"]["version"] == 2
    undone = send(store, {"op": "undo", "game": "g1", "expect": 2})
    # the undo takes both actions back in one change: the version still grows
    assert undone["undone"] == 2 and undone["status"]["actions"] == 0 and undone["status"]["version"] == 3


def test_a_stale_move_is_refused_with_the_status_and_changes_nothing() -> None:
    store = MemoryStore(1)
    _game(store)
    send(store, {"op": "apply", "game": "g1", "action": "bonus walls", "expect": 0})
    before = store.sessions["g1"]
    for op in ({"op": "apply", "action": "place s1"}, {"op": "undo"}):
        reply = send(store, {**op, "game": "g1", "expect": 0})
        assert reply["ok"] is False and reply["error"]["code"] == "stale"
        assert "version 2, not 0" in reply["error"]["message"]
        assert reply["error"]["status"]["version"] == 2 and reply["error"]["status"]["actions"] == 2
        assert store.sessions["g1"] is before
    # without expect a change is taken as before
    assert send(store, {"op": "undo", "game": "g1"})["status"]["version"] == 3


def test_the_version_is_kept_with_the_session() -> None:
    store = MemoryStore(1)
    _game(store)
    send(store, {"op": "apply", "game": "g1", "action": "bonus walls"})
    send(store, {"op": "undo", "game": "g1"})
    s = store.sessions["g1"]
    assert s.version == 3
    data = session_to_data(s)
    assert session_from_data("g1", data).version == 3
    # data written before versions existed reads the number of actions as the version
    del data["version"]
    assert session_from_data("g1", data).version == len(s.actions) == 0


def test_a_step_keeps_every_other_field_of_the_session() -> None:
    store = MemoryStore(1)
    _game(store)
    send(store, {"op": "apply", "game": "g1", "action": "bonus walls"})
    doc = json.loads(state_to_json(store.sessions["g1"].state))
    send(store, {"op": "new_game", "position": doc, "seats": ["human", "human"], "names": ["Ana", None]})
    s = store.sessions["g2"]
    seat = s.state.seat
    assert seat is not None
    new = apply_action(s, s.legal[0])
    expected = attrs.evolve(s, state=new.state, actions=(s.legal[0],), actors=(seat,), version=s.version + 1)
    assert new == expected and new.from_position and new.names == ("Ana", None)
