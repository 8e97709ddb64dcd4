"""The compiled schema validators and their explanations agree with jsonschema on real and fuzzed
documents of every schema in schemas/ (the protocol's too), and the component data built without
cattrs is the one cattrs builds."""

from __future__ import annotations

import json
from typing import Any

import cattrs
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource

from ragusa.contract.records import record_of, record_to_data
from ragusa.contract.schema import NAMES, schema
from ragusa.contract.schema.compiled import checker, compile_schema
from ragusa.contract.schema.explain import Problem, explain
from ragusa.contract.serialization import action_to_data, event_to_data, state_to_data
from ragusa.contract.views import view, view_to_data
from ragusa.core.components import COMPONENTS, ComponentData, standard_text
from ragusa.rules.legal import legal_actions
from ragusa.rules.resolution import step
from ragusa.service.protocol import handle
from ragusa.service.schema import protocol_schema
from ragusa.service.store import MemoryStore
from tests.boundary_positions import by_phase, middle

_STATES = [middle(3), middle(1), *by_phase(2).values()]
_DOCS: dict[str, list[Any]] = {
    "state": [json.loads(json.dumps(state_to_data(s))) for s in _STATES],
    "view": [json.loads(json.dumps(view_to_data(view(s, 0)))) for s in _STATES],
    "action": [action_to_data(a) for s in _STATES for a in legal_actions(s)[:5]],
    "record": [json.loads(json.dumps(record_to_data(record_of(_STATES[0], 1, []))))],
    "components": [json.loads(standard_text())],
}
_DOCS["event"] = [event_to_data(e) for s in _STATES if s.seat is not None for e in step(s, legal_actions(s)[0])[1]]
_SCHEMA_FILES = [*NAMES, "protocol"]


def _conversation() -> list[Any]:
    """Requests and responses of a short game through the protocol (every op, an error too)."""
    store = MemoryStore(seed=1)
    requests: list[Any] = [
        {"op": "info", "id": 1},
        {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 3, "options": {"strict": True}},
        {"op": "legal", "game": "g1"},
        {"op": "apply", "game": "g1", "seat": 0, "action": "place s28"},
        {"op": "view", "game": "g1", "seat": 0},
        {"op": "log", "game": "g1", "since": 2},
        {"op": "undo", "game": "g1"},
        {"op": "record", "game": "g1"},
        {"op": "apply", "game": "g1", "seat": 1, "action": {"type": "pass"}},
    ]
    out: list[Any] = []
    for request in requests:
        out += [request, json.loads(json.dumps(handle(store, request)))]
    record = next(m["record"] for m in out if "record" in m)
    out += [{"op": "replay", "record": record, "seat": 1}, json.loads(json.dumps(handle(store, out[-2])))]
    return out


_DOCS["protocol"] = _conversation()


def _reference(name: str) -> Draft202012Validator:
    if name != "protocol":
        return Draft202012Validator(schema(name))
    registry: Registry[Any] = Registry().with_resources(
        (f"{n}.schema.json", Resource.from_contents(schema(n))) for n in NAMES
    )
    return Draft202012Validator(protocol_schema(), registry=registry)


def _explain(name: str, doc: Any) -> Problem | None:
    if name != "protocol":
        return explain(schema(name), doc)
    return explain(protocol_schema(), doc, lambda file: schema(file.removesuffix(".schema.json")))


def _error_paths(errors: list[ValidationError]) -> set[tuple[Any, ...]]:
    """Where jsonschema finds a problem, the alternatives of unions included."""
    out: set[tuple[Any, ...]] = set()
    for e in errors:
        out.add(tuple(e.absolute_path))
        out |= _error_paths(list(e.context))
    return out


def test_every_schema_compiles_and_accepts_real_documents() -> None:
    for name in NAMES:
        compile_schema(schema(name))
        assert _DOCS[name], name
        for doc in _DOCS[name]:
            assert checker(name)(doc), name
            assert _reference(name).is_valid(doc)


_VALUES = st.one_of(
    st.integers(-3, 30),
    st.booleans(),
    st.none(),
    st.sampled_from(["s1", "wood", "place", "x", ""]),
    st.lists(st.integers(-1, 3), max_size=3),
    st.dictionaries(st.sampled_from(["a", "type"]), st.integers(0, 2), max_size=2),
    st.sampled_from([1.5, -0.5, "place s28", "x" * 201, {"type": "pass"}, {"op": "info"}]),
)


def _paths(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.extend(_paths(v, (*path, k)))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out.extend(_paths(v, (*path, i)))
    return out


def _value(data: st.DataObject) -> Any:
    return json.loads(json.dumps(data.draw(_VALUES)))  # a fresh copy: no value is shared or mutated


def _mutate(data: st.DataObject, doc: Any) -> Any:
    """`doc` with one to three values replaced, removed, or added under a new key."""
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(doc)))
        if not path:
            doc = _value(data) if data.draw(st.integers(0, 9)) == 0 else doc
            continue
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        how = data.draw(st.sampled_from(["set", "set", "delete", "add"]))
        if how == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif how == "add" and isinstance(parent[path[-1]], dict):
            parent[path[-1]][data.draw(st.sampled_from(["extra", "type", "a", "seat"]))] = _value(data)
        else:
            parent[path[-1]] = _value(data)
    return doc


@settings(max_examples=600, deadline=None)
@given(st.data())
def test_validators_agree_with_jsonschema_on_fuzzed_documents(data: st.DataObject) -> None:
    """For every schema: the compiled validator, the explanation and jsonschema say the same of
    validity, and an explained problem is at a path where jsonschema finds one too."""
    name = data.draw(st.sampled_from(_SCHEMA_FILES))
    doc = _mutate(data, json.loads(json.dumps(data.draw(st.sampled_from(_DOCS[name])))))
    errors = list(_reference(name).iter_errors(doc))
    problem = _explain(name, doc)
    assert (problem is None) == (not errors), (name, doc if problem is None else problem)
    if name != "protocol":
        assert checker(name)(doc) == (not errors), name
    if problem is not None:
        assert problem.path in _error_paths(errors), (name, problem, [e.json_path for e in errors])
        assert len(problem.message) < 1000  # a quoted value is cut; a closed vocabulary is listed whole


def test_every_real_document_is_explained_as_valid() -> None:
    for name in _SCHEMA_FILES:
        for doc in _DOCS[name]:
            assert _explain(name, doc) is None, name
            assert _reference(name).is_valid(doc), name


def test_explanations_name_the_path_and_the_problem() -> None:
    """Worked examples: each message gives the value and what the schema wants there."""
    state = json.loads(json.dumps(_DOCS["state"][0]))
    state["players"][1]["resources"][2] = -4  # a count below zero
    assert _explain("state", state) == Problem(("players", 1, "resources", 2), "-4 is below the minimum 0")
    assert _explain("action", {"type": "buy_ship", "slot": "2"}) == Problem(
        ("slot",), 'expected integer, got "2"', ("integer",)
    )
    assert _explain("action", {"type": "pass", "why": 1}) == Problem((), "unknown field 'why'")
    assert _explain("action", {"type": "buy_ship", "slot": 1.0}) == Problem(
        ("slot",), "expected integer, got 1.0", ("integer",)
    )
    long_game = {"op": "legal", "game": "g" * 101}
    assert _explain("protocol", long_game) == Problem(("game",), "too long: 101 characters; at most 100 expected")
    found = _explain("protocol", {"op": "apply", "game": "g1", "action": 7})
    assert found is not None and found.path == ("action",) and found.message.startswith("expected string or object")


def test_component_data_is_built_as_cattrs_builds_it() -> None:
    reference = cattrs.Converter(forbid_extra_keys=True).structure(json.loads(standard_text()), ComponentData)
    assert reference == COMPONENTS
