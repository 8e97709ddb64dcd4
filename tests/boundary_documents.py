"""Mutated JSON documents for the fuzzers of the trust boundary: a real document with one value set,
deleted or swapped with its neighbour, or its text cut short or corrupted."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

#: values put in place of a real one: near the ranges, far outside them, of every JSON type
VALUES = st.one_of(
    st.integers(-4, 30),
    st.sampled_from([2**64, -(2**70), 12, 13, 0, 1, 2, 3]),
    st.booleans(),
    st.none(),
    st.sampled_from(["s1", "w1", "h1", "architect", "wood", "over", "place", "mason", "", "x" * 300]),
    st.lists(st.integers(-3, 5), max_size=4),
)


def paths(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into `doc` (keys and indices), the document itself first."""
    out = [path]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.extend(paths(v, (*path, k)))
    elif isinstance(doc, (list, tuple)):
        for i, v in enumerate(doc):
            out.extend(paths(v, (*path, i)))
    return out


def mutate(doc: Any, path: tuple[Any, ...], value: Any, how: str) -> Any:
    """A copy of `doc` with the value at `path` set to `value`, deleted, or swapped with the next item."""
    doc = json.loads(json.dumps(doc))
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if how == "delete":
        del parent[key]
    elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
        j = (key + 1) % len(parent)
        parent[key], parent[j] = parent[j], parent[key]
    else:
        parent[key] = value
    return doc


@st.composite
def mutated_text(draw: st.DrawFn, docs: list[Any]) -> str:
    """The JSON text of one of `docs` with one value changed, or its text cut or corrupted."""
    doc = draw(st.sampled_from(docs), label="document")
    how = draw(st.sampled_from(["set", "set", "delete", "swap", "cut", "corrupt"]), label="how")
    if how in ("cut", "corrupt"):
        text = json.dumps(doc)
        i = draw(st.integers(0, len(text)), label="at")
        if how == "cut":
            return text[:i]
        return text[:i] + draw(st.text(min_size=1, max_size=3), label="inserted") + text[i + 1 :]
    path = draw(st.sampled_from(paths(doc)[1:]), label="path")
    return json.dumps(mutate(doc, path, draw(VALUES, label="value"), how))
