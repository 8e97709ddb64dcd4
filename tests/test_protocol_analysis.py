"""Analysis (`analyse`): what a bot would play for the deciding seat and its estimate of each move,
from what the seat may see only; the same seed and iterations give the same answer; `ragusa engine`
runs it while reading the next lines, and `stop` ends it early."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from ragusa import legal_actions, state_to_json
from ragusa.service.engine import run
from ragusa.service.store import MemoryStore
from tests.protocol_support import send
from tests.web_support import running_server


def _store() -> MemoryStore:
    store = MemoryStore(1)
    send(store, {"op": "new_game", "players": 3, "seats": ["human", "greedy", "expert"], "seed": 3})
    first = send(store, {"op": "legal", "game": "g1"})["legal"][0]
    send(store, {"op": "apply", "game": "g1", "action": first["action"]})
    return store


@pytest.mark.parametrize("how", [{}, {"level": "hard"}, {"bot": "expert"}, {"level": "easy"}])
def test_the_same_seed_and_iterations_give_the_same_answer(how: dict[str, Any]) -> None:
    request = {"op": "analyse", "game": "g1", "seat": 0, "budget": {"iterations": 30}, **how}
    store = _store()
    first = send(store, request)
    assert first == send(store, request) == send(_store(), request)
    moves = first["moves"]
    legal = legal_actions(store.sessions["g1"].state)
    assert moves and all(m["text"] and isinstance(m["value"], float) for m in moves)
    # every move weighed is a legal one, listed once
    assert len({m["text"] for m in moves}) == len(moves) <= len(legal)
    if first["bot"] in ("ismcts", "hard"):
        # the search ranks by visits, which add up to the iterations
        assert first["iterations"] == 30 and sum(m["visits"] for m in moves) == 30
        assert [m["visits"] for m in moves] == sorted((m["visits"] for m in moves), reverse=True)
    else:  # the expert and greedy judge every legal move, best value first
        assert first["iterations"] == 0 and len(moves) == len(legal)
        assert [m["value"] for m in moves] == sorted((m["value"] for m in moves), reverse=True)
    other = send(store, {**request, "seed": 1})
    assert other["ok"]


def test_the_analysis_reads_only_what_the_seat_may_see() -> None:
    """Two positions that differ only in a card seat 0 cannot see give the same analysis."""
    store = _store()
    doc = json.loads(state_to_json(store.sessions["g1"].state))
    hidden, deck = doc["players"][1]["bonus_cards"], doc["bonus_deck"]
    assert hidden and deck and hidden[0] != deck[0]
    swapped = json.loads(json.dumps(doc))
    swapped["players"][1]["bonus_cards"][0], swapped["bonus_deck"][0] = deck[0], hidden[0]
    answers = []
    for position in (doc, swapped):
        other = MemoryStore(1)
        send(other, {"op": "new_game", "position": position, "seats": ["human", "human", "human"], "seed": 3})
        for how in ({"bot": "ismcts"}, {"bot": "expert"}):
            request = {"op": "analyse", "game": "g1", "seat": 0, "budget": {"iterations": 25}, **how}
            answers.append(send(other, request)["moves"])
    assert answers[:2] == answers[2:]


@pytest.mark.parametrize(
    ("fields", "code", "words"),
    [
        ({"seat": 1}, "not_your_turn", "seat 0 decides now"),
        ({"seat": 0, "bot": "random"}, "bad_request", "not 'random'"),
        ({"seat": 0, "bot": "ismcts:10"}, "bad_request", "not 'ismcts:10'"),
        ({"seat": 0, "bot": "expert", "level": "easy"}, "bad_request", "not both"),
        ({"seat": 0, "budget": {"ms": 0}}, "bad_request", "below the minimum 1"),
        ({"seat": 0, "budget": {"iterations": 5, "ms": 5}}, "bad_request", "budget"),
        ({}, "bad_request", "missing field 'seat'"),
    ],
)
def test_an_analysis_refused(fields: dict[str, Any], code: str, words: str) -> None:
    request = {"op": "analyse", "game": "g1", "budget": {"iterations": 5}, **fields}
    reply = send(_store(), request, valid=code != "bad_request" or "budget" not in fields)
    assert reply["error"]["code"] == code and words in reply["error"]["message"], reply


def test_a_local_engine_takes_a_search_spec() -> None:
    store = MemoryStore(1, bot_specs=True)
    send(store, {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 3})
    reply = send(store, {"op": "analyse", "game": "g1", "seat": 0, "bot": "ismcts:5+width=2", "budget": {"ms": 50}})
    assert reply["ok"] and len(reply["moves"]) <= 2 and reply["iterations"] >= 1


def test_the_engine_answers_while_it_analyses_and_stop_ends_it() -> None:
    lines = [
        {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 1, "id": "new"},
        {"op": "analyse", "game": "g1", "seat": 0, "budget": {"iterations": 100_000}, "id": "think"},
        {"op": "analyse", "game": "g1", "seat": 0, "budget": {"iterations": 5}, "id": "twice"},
        {"op": "legal", "game": "g1", "id": "legal"},
        {"op": "stop", "id": "stop"},
    ]
    out = io.StringIO()
    assert run(io.StringIO("".join(json.dumps(m) + "\n" for m in lines)), out, seed=0) == 0
    replies = {r["id"]: r for r in map(json.loads, out.getvalue().splitlines())}
    assert set(replies) == {"new", "think", "twice", "legal", "stop"}
    assert replies["legal"]["ok"] and replies["twice"]["error"]["code"] == "conflict"
    assert replies["stop"] == {"ok": True, "op": "stop", "stopped": True, "id": "stop"}
    # stopped long before its budget, with what it found
    assert replies["think"]["ok"] and 1 <= replies["think"]["iterations"] < 100_000 and replies["think"]["moves"]
    # with nothing running, stop stops nothing
    assert send(MemoryStore(1), {"op": "stop"}) == {"ok": True, "op": "stop", "stopped": False}


def test_a_hint_over_http_is_the_seats_own(tmp_path: Path) -> None:
    with running_server(tmp_path / "games.sqlite3") as (base, _), httpx.Client(base_url=base, timeout=60) as c:
        new = c.post("/api/message", json={"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 1})
        _, _, game, token = new.json()["links"][0].split("/")
        hint = {"op": "analyse", "game": game, "level": "medium", "budget": {"ms": 500}}
        assert c.post("/api/message", json=hint).status_code == 403  # without the seat's token
        r = c.post("/api/message", json={**hint, "token": token})
        assert r.status_code == 200 and r.json()["bot"] == "medium" and r.json()["moves"]
