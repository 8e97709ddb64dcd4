"""What is wrong with an invalid document: its JSON path and the problem, read from the schema itself.

The compiled validators (`.compiled`) only answer whether a document is valid. When it is not,
`explain` walks the same schema beside the document and names the first problem: the one nearest
the root (a missing field before a wrong value inside it), the earliest in the document among
those at one depth. It handles every keyword the library's schemas and the protocol's use (those of
`.compiled`, plus `oneOf`, `minLength` and `maxLength`), `$ref` within a document and to
another document by file name (`action.schema.json`), resolved by the caller.

Like the compiled validators, an `integer` is a JSON number written without a fraction or an
exponent (`1.0` is refused), as every document the library writes has it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import attrs

__all__ = ["Problem", "explain", "json_path"]

#: error messages quote at most this much of an offending value
QUOTE = 120
#: a key written `.key` in a JSON path (any other key is written `['key']`)
_PLAIN_KEY = re.compile(r"^[a-zA-Z][a-zA-Z0-9_]*$")
_IS = {
    "object": lambda x: type(x) is dict,
    "array": lambda x: type(x) in (list, tuple),
    "string": lambda x: isinstance(x, str),
    "integer": lambda x: isinstance(x, int) and not isinstance(x, bool),
    "number": lambda x: type(x) in (int, float),
    "boolean": lambda x: type(x) is bool,
    "null": lambda x: x is None,
}

Resolve = Callable[[str], dict[str, Any]]
Path = tuple[str | int, ...]


@attrs.frozen
class Problem:
    """One reason a document is invalid: where (`path`, keys and indices from the root) and what.

    `types` is set when the value has the wrong JSON type (the types accepted there); `tag` when
    it is not the one value allowed (`const`: in a union, the alternative was not meant)."""

    path: Path
    message: str
    types: tuple[str, ...] = ()
    tag: bool = attrs.field(default=False, eq=False)

    @property
    def json_path(self) -> str:
        return json_path(self.path)


def json_path(path: Path) -> str:
    """`("players", 0, "vp")` -> `$.players[0].vp` (a key that is not a plain word as `['key']`)."""
    out = "$"
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _PLAIN_KEY.match(part):
            out += "." + part
        else:
            out += "['" + part.replace("\\", "\\\\").replace("'", "\\'") + "']"
    return out


def quote(value: object) -> str:
    """`value` as JSON, cut to `QUOTE` characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):  # pragma: no cover - parsed JSON always dumps
        text = repr(type(value))
    return text if len(text) <= QUOTE else text[: QUOTE - 3] + "..."


def explain(doc: dict[str, Any], data: object, resolve: Resolve | None = None) -> Problem | None:
    """The first problem of `data` against the schema document `doc`, or None when it is valid.

    `resolve(name)` gives the schema document a `$ref` names by file (`"action.schema.json"`)."""
    return _first(_Walk(resolve).problems(doc, doc, data, ()))


def _first(problems: Iterator[Problem]) -> Problem | None:
    best: Problem | None = None
    for p in problems:
        if best is None or len(p.path) < len(best.path):
            best = p
    return best


def _type_names(types: object) -> tuple[str, ...]:
    return (types,) if isinstance(types, str) else tuple(types)  # type: ignore[arg-type]


def _equal(value: object, option: object) -> bool:
    """JSON equality: `true` is not `1`, `1` is `1.0`."""
    if type(value) in (int, float) and type(option) in (int, float):
        return value == option
    return type(value) is type(option) and value == option


class _Walk:
    def __init__(self, resolve: Resolve | None) -> None:
        self.resolve = resolve

    def problems(self, root: dict[str, Any], s: Any, x: object, path: Path) -> Iterator[Problem]:
        """Every problem of `x` at `path` against the subschema `s` of the document `root`."""
        if s is True or s == {}:
            return
        if s is False:
            yield Problem(path, "not allowed here")
            return
        if "$ref" in s:
            yield from self.ref(root, s["$ref"], x, path)
        if "type" in s:
            types = _type_names(s["type"])
            if not any(_IS[t](x) for t in types):
                yield Problem(path, f"expected {' or '.join(types)}, got {quote(x)}", types)
                return
        if "enum" in s and not any(_equal(x, o) for o in s["enum"]):
            yield Problem(path, f"{quote(x)} is not one of {json.dumps(s['enum'])}")
        if "const" in s and not _equal(x, s["const"]):
            yield Problem(path, f"expected {quote(s['const'])}, got {quote(x)}", tag=True)
        yield from _scalars(s, x, path)
        if type(x) in (list, tuple):
            yield from self.array(root, s, x, path)  # type: ignore[arg-type]
        if type(x) is dict:
            yield from self.mapping(root, s, x, path)
        for key in ("anyOf", "oneOf"):
            if key in s:
                yield from self.union(root, s[key], x, path, exactly_one=key == "oneOf")
        for branch in s.get("allOf", ()):
            yield from self.problems(root, branch, x, path)
        if "if" in s and _first(self.problems(root, s["if"], x, path)) is None:
            yield from self.problems(root, s.get("then", True), x, path)

    def ref(self, root: dict[str, Any], ref: str, x: object, path: Path) -> Iterator[Problem]:
        name, _, pointer = ref.partition("#")
        if name:
            assert self.resolve is not None, f"no resolver for {ref}"
            root = self.resolve(name)
        target: Any = root
        for part in filter(None, pointer.split("/")):
            target = target[part]
        yield from self.problems(root, target, x, path)

    def array(self, root: dict[str, Any], s: Any, x: list[Any] | tuple[Any, ...], path: Path) -> Iterator[Problem]:
        prefix = s.get("prefixItems", [])
        items = s.get("items", True)
        if items is False and len(x) > len(prefix):
            yield Problem(path, f"too many items ({len(x)})")
        if "minItems" in s and len(x) < s["minItems"]:
            yield Problem(path, f"{len(x)} items; at least {s['minItems']} expected")
        if "maxItems" in s and len(x) > s["maxItems"]:
            yield Problem(path, f"{len(x)} items; at most {s['maxItems']} expected")
        for i, (item, sub) in enumerate(zip(x, prefix)):
            yield from self.problems(root, sub, item, (*path, i))
        if items is not True and items is not False:
            for i in range(len(prefix), len(x)):
                yield from self.problems(root, items, x[i], (*path, i))

    def mapping(self, root: dict[str, Any], s: Any, x: dict[str, Any], path: Path) -> Iterator[Problem]:
        props: dict[str, Any] = s.get("properties", {})
        missing = [k for k in s.get("required", ()) if k not in x]
        if missing:
            yield Problem(path, f"missing required field {missing[0]!r}")
        extra = s.get("additionalProperties", True)
        unknown = sorted(k for k in x if k not in props)
        if extra is False and unknown:
            yield Problem(path, f"unknown field {unknown[0]!r}")
        elif extra is not True and extra is not False:
            for k in unknown:
                yield from self.problems(root, extra, x[k], (*path, k))
        if "propertyNames" in s:
            for k in x:
                for p in self.problems(root, s["propertyNames"], k, path):
                    yield Problem(path, f"key {quote(k)} is not allowed here: {p.message}")
        for k, sub in props.items():
            if k in x:
                yield from self.problems(root, sub, x[k], (*path, k))

    def union(
        self, root: dict[str, Any], branches: list[Any], x: object, path: Path, exactly_one: bool
    ) -> Iterator[Problem]:
        """`anyOf`/`oneOf`: the deepest problem of the alternatives that accept the value's JSON
        type and tag; otherwise which types are accepted."""
        found = [_first(self.problems(root, b, x, path)) for b in branches]
        passed = found.count(None)
        if passed == 1 or (passed > 1 and not exactly_one):
            return
        if passed > 1:
            yield Problem(path, f"matches {passed} of the alternatives; exactly one must match")
            return
        meant = [p for p in found if p is not None and not p.tag and not (p.types and p.path == path)]
        if meant:
            yield max(meant, key=lambda p: len(p.path))
            return
        kinds = [t for p in found if p is not None for t in p.types]
        yield Problem(path, f"expected {' or '.join(dict.fromkeys(kinds))}, got {quote(x)}", tuple(kinds))


def _scalars(s: Any, x: object, path: Path) -> Iterator[Problem]:
    if type(x) in (int, float):
        if "minimum" in s and x < s["minimum"]:
            yield Problem(path, f"{quote(x)} is below the minimum {s['minimum']}")
        if "maximum" in s and x > s["maximum"]:
            yield Problem(path, f"{quote(x)} is above the maximum {s['maximum']}")
    if isinstance(x, str):
        if "minLength" in s and len(x) < s["minLength"]:
            yield Problem(path, f"{quote(x)} is too short: {len(x)} characters; at least {s['minLength']} expected")
        if "maxLength" in s and len(x) > s["maxLength"]:
            yield Problem(path, f"too long: {len(x)} characters; at most {s['maxLength']} expected")
