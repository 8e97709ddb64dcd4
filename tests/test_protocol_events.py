"""Events: every answer that changes a game carries its typed events, the requesting seat's share;
`view` with `since` gives each step's events; a seat never receives another seat's hidden card."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ragusa import legal_actions, new_game, step
from ragusa.contract.serialization import CONVERTER, event_to_data
from ragusa.contract.views import BOT_PASS_REASON, BOT_PLACEMENT_REASON, HIDDEN
from ragusa.core.events import Event
from ragusa.service.store import MemoryStore
from tests.protocol_support import send


@pytest.mark.clause("SETUP-6")
def test_apply_answers_the_seats_share_of_the_events() -> None:
    store = MemoryStore(1)
    new = send(store, {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 3})
    assert new["events"] == []  # seat 0 chooses first: nothing has happened yet
    mine = send(store, {"op": "apply", "game": "g1", "action": "bonus walls", "seat": 0})
    # seat 0 sees its own card; the greedy seat 1's card stays hidden (SETUP-6)
    assert mine["events"] == [
        {"type": "bonus_chosen", "seat": 0, "card": "bonus-walls"},
        {"type": "bonus_chosen", "seat": 1, "card": HIDDEN},
    ]
    undone = send(store, {"op": "undo", "game": "g1"})
    assert undone["events"] == []
    # without a seat: the public share, which hides both cards
    public = send(store, {"op": "apply", "game": "g1", "action": "bonus walls"})
    assert [e["card"] for e in public["events"]] == [HIDDEN, HIDDEN]
    # the steps since action 0, as seat 0 sees them, with their events
    view = send(store, {"op": "view", "game": "g1", "seat": 0, "since": 0})
    assert [s["events"] for s in view["steps"]] == [[mine["events"][0]], [mine["events"][1]]]


def _hides_the_others(events: list[dict[str, Any]], seat: int | None) -> int:
    """Assert no event shows a card another seat keeps; return how many events concern another seat."""
    others = 0
    for e in events:
        if e.get("seat") == seat:
            continue
        others += 1
        if e["type"] == "bonus_chosen":
            assert e["card"] == HIDDEN, e
        if e["type"] == "bot_decision" and e["decision"].split()[0] in ("place", "pass"):
            assert e["reason"] in (BOT_PLACEMENT_REASON, BOT_PASS_REASON), e
    return others


@pytest.mark.clause("SETUP-6", "RECTOR-1", "SOLO-2", "SOLO-4")
@pytest.mark.parametrize(("players", "seats"), [(1, ["human"]), (3, ["human", "greedy", "expert"])])
def test_no_event_shows_a_seat_another_seats_hidden_card(players: int, seats: list[str]) -> None:
    store = MemoryStore(2)
    new = send(store, {"op": "new_game", "players": players, "seats": seats, "seed": 5})
    token = new["tokens"][0]
    rng = random.Random(5)
    seen = _hides_the_others(new["events"], None)
    status = new["status"]
    at = 0
    while not status["over"]:
        legal = send(store, {"op": "legal", "game": "g1", "token": token})["legal"]
        reply = send(store, {"op": "apply", "game": "g1", "token": token, "action": rng.choice(legal)["text"]})
        status = reply["status"]
        seen += _hides_the_others(reply["events"], 0)
        since = send(store, {"op": "view", "game": "g1", "token": token, "since": at})
        for done in since["steps"]:
            seen += _hides_the_others(done["events"], 0)
        at = status["actions"]
    assert seen > 100  # the other seats' moves were checked, not skipped


def test_events_are_written_as_the_converter_writes_them() -> None:
    found: dict[str, int] = {}
    for players in (1, 2, 5):
        state = new_game(players, seed=players)
        rng = random.Random(players)
        while state.seat is not None:
            state, events = step(state, rng.choice(legal_actions(state)))
            for e in events:
                data = event_to_data(e)
                expected = CONVERTER.unstructure(e, Event)
                assert data == expected and list(data) == list(expected)
                assert [type(v) for v in data.values()] == [type(v) for v in expected.values()]
                found[data["type"]] = found.get(data["type"], 0) + 1
    assert {"game_ended", "ship_bought", "bonus_chosen", "house_placed", "vp_scored"} <= set(found)
