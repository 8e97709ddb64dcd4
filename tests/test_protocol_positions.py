"""Positions: `new_game` with `position` plays on from a state document, validated as
`state_from_json` validates it (an impossible one is refused with its clause)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ragusa import GameState, action_to_data, apply, format_action, legal_actions, state_to_json
from ragusa.service.saved import session_from_data, session_to_data
from ragusa.service.store import MemoryStore
from tests.protocol_support import send


def _played(players: int, seed: int, actions: int) -> GameState:
    """The state after `actions` random actions of the human seats (the solo bots move between)."""
    store = MemoryStore(seed)
    send(store, {"op": "new_game", "players": players, "seats": ["human"] * players, "seed": seed})
    rng = random.Random(seed)
    for _ in range(actions):
        legal = send(store, {"op": "legal", "game": "g1"})["legal"]
        send(store, {"op": "apply", "game": "g1", "action": rng.choice(legal)["action"]})
    return store.sessions["g1"].state


def _doc(state: GameState) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(state_to_json(state))
    return doc


@pytest.mark.parametrize(("players", "seats", "actions"), [(3, ["human", "human", "human"], 40), (1, ["human"], 8)])
def test_a_game_plays_on_from_a_position(players: int, seats: list[str], actions: int) -> None:
    state = _played(players, 4, actions)
    store = MemoryStore(1)
    new = send(store, {"op": "new_game", "position": _doc(state), "seats": seats})
    assert new["status"]["actions"] == 0 and new["status"]["phase"] == state.phase
    assert new["status"]["scores"] == [p.total_vp for p in state.players]
    legal = send(store, {"op": "legal", "game": "g1"})["legal"]
    expected = legal_actions(state)
    assert [x["action"] for x in legal] == [action_to_data(a) for a in expected]
    assert [x["text"] for x in legal] == [format_action(a) for a in expected]
    send(store, {"op": "apply", "game": "g1", "action": legal[0]["text"]})
    session = store.sessions["g1"]
    assert session.actions[0] == expected[0]
    # the solo bots moved on from the position; the game is the rules' own continuation
    after = state
    for action in session.actions:
        after = apply(after, action)
    assert session.state == after
    if players == 1:  # undo (a game with one human) goes back to the position itself
        send(store, {"op": "undo", "game": "g1"})
        assert store.sessions["g1"].state == state


def test_a_game_from_a_position_survives_being_kept() -> None:
    state = _played(2, 6, 25)
    store = MemoryStore(1)
    send(store, {"op": "new_game", "position": _doc(state), "players": 2, "seats": ["human", "greedy"]})
    legal = send(store, {"op": "legal", "game": "g1"})["legal"]
    send(store, {"op": "apply", "game": "g1", "action": legal[-1]["action"]})
    s = store.sessions["g1"]
    back = session_from_data("g1", json.loads(json.dumps(session_to_data(s))))
    assert back.from_position and back.initial == state and back.state == s.state and back.version == s.version
    # a record replays a game from its seed, which a position does not have
    record = send(store, {"op": "record", "game": "g1"})
    assert record["error"]["code"] == "conflict"


@pytest.mark.clause("SETUP-2")
def test_an_impossible_position_is_refused_with_its_clause() -> None:
    doc = _doc(_played(3, 4, 40))
    seat = doc["players"][0]
    assert seat["powerhouses_left"] == 0  # a 3-player game has no powerhouses
    board = 12 - seat["houses_left"]  # seat 0's houses on the board, of its 12 (SETUP-2)
    seat["houses_left"] = 0
    reply = send(MemoryStore(1), {"op": "new_game", "position": doc})
    assert reply["error"]["code"] == "bad_request" and reply["error"]["rule"] == "SETUP-2"
    assert reply["error"]["path"] == "$.position.players[0].houses_left"
    said = f"{board} houses on the board + 0 houses left + 0 powerhouses left = {board}; should be 12 (SETUP-2)"
    assert said in reply["error"]["message"]


@pytest.mark.parametrize(
    ("extra", "path"),
    [({"players": 2}, "$.players"), ({"edition": "1st"}, "$.edition"), ({"options": {"strict": True}}, "$.options")],
)
def test_a_position_holds_its_players_edition_and_options(extra: dict[str, Any], path: str) -> None:
    reply = send(MemoryStore(1), {"op": "new_game", "position": _doc(_played(3, 4, 10)), **extra})
    assert reply["error"]["code"] == "bad_request" and reply["error"]["path"] == path


def test_a_schema_problem_in_a_position_is_named_by_its_path() -> None:
    doc = _doc(_played(3, 4, 10))
    doc["players"][1]["vp"] = "many"
    reply = send(MemoryStore(1), {"op": "new_game", "position": doc}, valid=False)
    assert reply["error"]["path"] == "$.position.players[1].vp"
    assert send(MemoryStore(1), {"op": "new_game"}, valid=False)["error"]["message"] == (
        "missing field 'players' (or a position)"
    )
