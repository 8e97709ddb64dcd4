"""The compiled schema validators (issue 11) agree with jsonschema on real and mutated documents,
and the component data built without cattrs is the one cattrs builds."""

from __future__ import annotations

import json
from typing import Any

import cattrs
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from ragusa.contract.records import record_of, record_to_data
from ragusa.contract.schema import NAMES, schema
from ragusa.contract.schema.compiled import checker, compile_schema
from ragusa.contract.serialization import action_to_data, event_to_data, state_to_data
from ragusa.contract.views import view, view_to_data
from ragusa.core.components import COMPONENTS, ComponentData, standard_text
from ragusa.rules.legal import legal_actions
from ragusa.rules.resolution import step
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


def _reference(name: str) -> Draft202012Validator:
    return Draft202012Validator(schema(name))


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


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_compiled_and_reference_validators_agree_on_mutations(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(["state", "view", "action", "record", "event"]))
    doc = json.loads(json.dumps(data.draw(st.sampled_from(_DOCS[name]))))
    path = data.draw(st.sampled_from(_paths(doc)[1:] or [()]))
    value = data.draw(_VALUES)
    if path:
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = value
    assert checker(name)(doc) == _reference(name).is_valid(doc), (name, path, value)


def test_component_data_is_built_as_cattrs_builds_it() -> None:
    reference = cattrs.Converter(forbid_extra_keys=True).structure(json.loads(standard_text()), ComponentData)
    assert reference == COMPONENTS
