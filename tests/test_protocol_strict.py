"""Strict requests: the protocol schema decides every op's fields and their types; an unknown field
or a value of the wrong type is a `bad_request` naming it (`path`), and no request of any shape gets
the `internal` error from `handle` or a 5xx over HTTP. (Tooling: no clause marker.)"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ragusa.service.protocol import OPS, handle
from ragusa.service.reference import reference
from ragusa.service.schema import ERROR_CODES, ERROR_MEANINGS, ERRORS, REQUESTS
from ragusa.service.store import MemoryStore
from tests.protocol_support import check
from tests.web_support import running_server

#: a valid request of each op, on game g1 of `_store()` (seat 1 decides there)
MINIMAL: dict[str, dict[str, Any]] = {
    "info": {"op": "info"},
    "new_game": {"op": "new_game", "players": 2},
    "legal": {"op": "legal", "game": "g1"},
    "apply": {"op": "apply", "game": "g1", "action": "bonus 0"},
    "view": {"op": "view", "game": "g1", "seat": 0},
    "log": {"op": "log", "game": "g1"},
    "undo": {"op": "undo", "game": "g1"},
    "record": {"op": "record", "game": "g1"},
    "analyse": {"op": "analyse", "game": "g1", "seat": 1, "budget": {"iterations": 2}},
    "stop": {"op": "stop"},
}
#: the error codes a request may get (never `internal`: that one is a bug)
DOCUMENTED = set(ERROR_CODES) - {"internal"}


def _store() -> MemoryStore:
    store = MemoryStore(1)
    assert handle(store, {"op": "new_game", "players": 2, "seats": ["human", "human"], "seed": 1})["ok"]
    return store


MINIMAL["replay"] = {"op": "replay", "record": handle(_store(), {"op": "record", "game": "g1"})["record"]}


def test_every_op_has_a_minimal_request() -> None:
    assert set(MINIMAL) == set(OPS) == set(REQUESTS)


@pytest.mark.parametrize("op", sorted(REQUESTS))
def test_an_unknown_field_is_refused_by_its_name(op: str) -> None:
    reply = handle(_store(), {**MINIMAL[op], "zzz": 1})
    assert reply["ok"] is False and reply["error"]["code"] == "bad_request"
    assert reply["error"]["path"] == "$.zzz" and 'no field "zzz"' in reply["error"]["message"]


def test_a_misspelled_field_is_refused_with_the_likely_one() -> None:
    store = _store()
    reply = handle(store, {"op": "new_game", "playrs": 3})
    assert reply["error"] == {
        "code": "bad_request",
        "message": "op new_game has no field \"playrs\" (did you mean 'players'?)",
        "path": "$.playrs",
    }
    # a typo of `seat` no longer plays the move for whichever seat decides: nothing is applied
    before = store.sessions["g1"]
    reply = handle(store, {"op": "apply", "game": "g1", "seet": 1, "action": "bonus 0"})
    assert reply["error"]["path"] == "$.seet" and store.sessions["g1"] is before


@pytest.mark.parametrize(("op", "field"), [(op, f) for op, r in sorted(REQUESTS.items()) for f in r["properties"]])
def test_a_field_of_the_wrong_type_is_refused_by_its_path(op: str, field: str) -> None:
    # a list of a list is a value no field of any request accepts
    reply = handle(_store(), {**MINIMAL[op], field: [[]]})
    assert reply["ok"] is False and reply["error"]["code"] == "bad_request", reply
    assert reply["error"]["path"].startswith(f"$.{field}"), reply


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
_NAMES = sorted({f for r in REQUESTS.values() for f in r["properties"]} | {"zzz", "playrs"})
_REQUEST = st.one_of(
    _JSON,
    st.builds(
        lambda op, fields: {**fields, "op": op},
        st.sampled_from([*OPS, "nope"]) | _JSON,
        st.dictionaries(st.sampled_from(_NAMES), _JSON | st.sampled_from(["g1", 0, 1, "bonus 0", True]), max_size=5),
    ),
)


def _refusal_is_documented(reply: dict[str, Any], op: object = None) -> None:
    check(json.loads(json.dumps(reply)))
    if not reply["ok"]:
        assert reply["error"]["code"] in DOCUMENTED, reply
        if isinstance(op, str) and op in ERRORS:  # the reference lists the codes each op answers
            assert reply["error"]["code"] in ERRORS[op], (op, reply)


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(msg=_REQUEST)
def test_handle_answers_any_json_with_a_documented_code(msg: Any) -> None:
    _refusal_is_documented(handle(_store(), msg), msg.get("op") if isinstance(msg, dict) else None)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    db: Path = tmp_path_factory.mktemp("strict") / "games.sqlite3"
    with running_server(db) as (base, _), httpx.Client(base_url=base, timeout=30) as c:
        yield c


@pytest.mark.parametrize("op", [["view"], {}, None, 3, True, "nope"])
def test_an_op_of_any_shape_over_http_is_a_400(client: httpx.Client, op: Any) -> None:
    r = client.post("/api/message", json={"op": op, "game": "g1"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"


@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(msg=_REQUEST)
def test_http_answers_any_json_without_a_5xx(client: httpx.Client, msg: Any) -> None:
    r = client.post("/api/message", content=json.dumps(msg))
    assert r.status_code < 500, r.text[:300]
    _refusal_is_documented(r.json())


def test_the_reference_lists_every_op_its_fields_and_its_error_codes() -> None:
    assert set(ERRORS) == set(OPS) and set(ERROR_MEANINGS) == set(ERROR_CODES)
    assert all(set(codes) <= DOCUMENTED for codes in ERRORS.values())
    text = reference()
    for op, request in REQUESTS.items():
        section = text.split(f"### `{op}`")[1].split("### ")[0]
        assert all(f"| `{field}` |" in section for field in request["properties"] if field not in ("op", "id"))
        assert "Its error codes: " + ", ".join(f"`{c}`" for c in ERRORS[op]) in section


@pytest.mark.parametrize(
    ("op", "request_", "code"),
    [
        ("apply", {"game": "g1", "action": "place s1", "expect": 9}, "stale"),
        ("apply", {"game": "g1", "action": "place s1", "seat": 0}, "not_your_turn"),  # seat 1 decides
        ("apply", {"game": "g1", "action": "place s999"}, "bad_request"),
        ("undo", {"game": "g1"}, "conflict"),
        ("record", {"game": "g1", "token": "nope"}, "forbidden"),
        ("analyse", {"game": "g1", "seat": 0, "budget": {"iterations": 1}}, "not_your_turn"),
        ("view", {"game": "g9", "seat": 0}, "not_found"),
    ],
)
def test_each_op_answers_the_codes_the_reference_gives_it(op: str, request_: dict[str, Any], code: str) -> None:
    reply = handle(_store(), {"op": op, **request_})
    assert reply["error"]["code"] == code and code in ERRORS[op], reply
