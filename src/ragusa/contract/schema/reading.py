"""Reading JSON documents: the single entry of every JSON reader of the library.

`read_document` parses the text, rejects what JSON itself allows but a document never
holds (duplicate keys, NaN, nesting deeper than any document), validates against the schema, and
raises `InvalidInputError` naming the JSON path of the first problem.
"""

from __future__ import annotations

import json
from typing import Any

from ragusa.contract.schema.compiled import checker
from ragusa.contract.schema.explain import explain
from ragusa.contract.schema.generate import schema
from ragusa.core.errors import InvalidInputError

#: deepest nesting any document of the library has (the state: 6); deeper input is rejected unread
MAX_DEPTH = 32
#: most values (numbers, strings, arrays, objects...) in one document; the largest real ones (component
#: data, the record of a long game) hold a few thousand. Larger input is rejected before validation.
MAX_VALUES = 50_000
#: largest document read, in bytes of UTF-8 (a record of a long game is about 50 KB, the component
#: data about 60 KB); longer text is refused before it is parsed
MAX_BYTES = 2_000_000


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"duplicate key {k!r}")
        out[k] = v
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: object) -> Any:
    """JSON text (`str` or `bytes`) to Python data, or `InvalidInputError` at `$`.

    Text longer than `MAX_BYTES` is refused unread."""
    if isinstance(text, (str, bytes, bytearray)) and len(text) > MAX_BYTES:
        raise InvalidInputError("$", f"too large: {len(text):,} bytes; a document has at most {MAX_BYTES:,}")
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidInputError("$", f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    if not isinstance(text, str):
        raise InvalidInputError("$", f"expected JSON text, got a {type(text).__name__}")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise InvalidInputError("$", f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise InvalidInputError("$", f"nested too deeply (a document nests at most {MAX_DEPTH} levels)") from None
    except ValueError as exc:  # duplicate keys, NaN/Infinity, integers too long to convert
        why = "a number has too many digits" if "digits" in str(exc) else str(exc)
        raise InvalidInputError("$", f"not valid JSON: {why}") from None


def _within(data: object, limit: int, max_values: int) -> bool:
    """Whether `data` nests at most `limit` levels and holds at most `max_values` values (fast: no paths)."""
    level: list[object] = [data]
    count = 1
    for _ in range(limit - 1):
        nxt: list[object] = []
        for value in level:
            t = type(value)
            if t is dict:
                items = value.values()  # type: ignore[attr-defined]
            elif t is list or t is tuple:
                items = value
            else:
                continue
            count += len(items)
            nxt.extend(v for v in items if type(v) in (dict, list, tuple))
        if count > max_values:
            return False
        if not nxt:
            return True
        level = nxt
    return False


def check_depth(data: object, limit: int = MAX_DEPTH, max_values: int = MAX_VALUES) -> None:
    """Reject data nested deeper than `limit` or holding more than `max_values` values
    (iteratively: no recursion on hostile input)."""
    if _within(data, limit, max_values):
        return
    stack: list[tuple[object, int, str]] = [(data, 0, "$")]
    count = 1
    while stack:
        value, depth, path = stack.pop()
        items: list[tuple[str, object]]
        if isinstance(value, dict):
            count += len(value)
            items = [(f"{path}.{k}", v) for k, v in value.items() if isinstance(v, (dict, list, tuple))]
        elif isinstance(value, (list, tuple)):
            count += len(value)
            items = [(f"{path}[{i}]", v) for i, v in enumerate(value) if isinstance(v, (dict, list, tuple))]
        else:
            continue
        if count > max_values:
            raise InvalidInputError("$", f"too large (a document holds at most {max_values} values)")
        if items and depth + 1 >= limit:
            raise InvalidInputError(items[0][0], f"nested too deeply (a document nests at most {limit} levels)")
        stack.extend((v, depth + 1, p) for p, v in items)


def check_document(name: str, data: object) -> None:
    """Validate parsed JSON against the schema `name`; raise `InvalidInputError` at the first problem.

    Valid documents pass the compiled validator (`.compiled`) and nothing else runs; for an
    invalid one, `.explain` walks the schema to name the first problem and its JSON path.
    """
    check_depth(data)
    if checker(name)(data):
        return
    problem = explain(schema(name), data)
    if problem is None:  # pragma: no cover - the differential tests keep the two in step
        raise InvalidInputError("$", "does not match its schema")
    raise InvalidInputError(problem.json_path, problem.message)


def read_document(name: str, source: object) -> Any:
    """JSON text (or already-parsed data: dicts, lists...) validated against the schema `name`."""
    data = parse_json(source) if isinstance(source, (str, bytes, bytearray)) else source
    check_document(name, data)
    return data
