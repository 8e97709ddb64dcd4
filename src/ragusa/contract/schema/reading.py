"""Reading JSON documents: the single entry of every JSON reader of the library.

`read_document` parses the text, rejects what JSON itself allows but a document never
holds (duplicate keys, NaN, nesting deeper than any document), validates against the schema, and
raises `InvalidInputError` naming the JSON path of the first problem.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

from ragusa.contract.schema.compiled import checker
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
#: validation stops after this many errors and reports the most relevant of them
_MAX_ERRORS = 20
#: error messages quote at most this much of an offending value
_QUOTE = 120

_VALIDATORS: dict[str, Any] = {}


def _validator(name: str) -> Any:
    v = _VALIDATORS.get(name)
    if v is None:
        from jsonschema import Draft202012Validator, validators

        # (tests check each schema against the draft 2020-12 meta-schema; not repeated at run time)
        # Python data from *_to_data holds tuples where parsed JSON holds lists: both are arrays.
        checker = Draft202012Validator.TYPE_CHECKER.redefine(
            "array", lambda _checker, instance: isinstance(instance, (list, tuple))
        )
        cls = validators.extend(Draft202012Validator, type_checker=checker)  # type: ignore[no-untyped-call]
        v = _VALIDATORS[name] = cls(schema(name))
    return v


def _quote(value: object) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):  # pragma: no cover - parsed JSON always dumps
        text = repr(type(value))
    return text if len(text) <= _QUOTE else text[: _QUOTE - 3] + "..."


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


def _message(error: Any) -> str:
    """A short message for a jsonschema error (its own messages quote whole values)."""
    kw = error.validator
    inst = error.instance
    val = error.validator_value
    if kw == "type":
        want = val if isinstance(val, str) else " or ".join(val)
        return f"expected {want}, got {_quote(inst)}"
    if kw == "required":
        missing = [k for k in val if isinstance(inst, dict) and k not in inst]
        return f"missing required field {missing[0]!r}" if missing else "missing a required field"
    if kw == "additionalProperties" and isinstance(inst, dict):
        known = set(error.schema.get("properties", {}))
        extra = sorted(k for k in inst if k not in known)
        return f"unknown field {extra[0]!r}" if extra else "unknown field"
    if kw == "enum":  # a closed vocabulary: list it whole
        return f"{_quote(inst)} is not one of {json.dumps(val)}"
    if kw == "const":
        return f"expected {_quote(val)}, got {_quote(inst)}"
    if kw in ("minimum", "maximum"):
        return f"{_quote(inst)} is {'below the minimum' if kw == 'minimum' else 'above the maximum'} {val}"
    if kw in ("minItems", "maxItems"):
        n = len(inst) if isinstance(inst, list) else "?"
        return f"{n} items; {'at least' if kw == 'minItems' else 'at most'} {val} expected"
    if kw == "items" and val is False:
        return f"too many items ({len(inst) if isinstance(inst, list) else '?'})"
    if kw == "propertyNames":
        return f"a key is not allowed here ({error.message[:_QUOTE]})"
    msg: str = error.message
    return msg if len(msg) <= 2 * _QUOTE else msg[: 2 * _QUOTE - 3] + "..."


def check_document(name: str, data: object) -> None:
    """Validate parsed JSON against the schema `name`; raise `InvalidInputError` at the first problem.

    Valid documents pass the compiled validator (`.compiled`) and nothing else runs; for an
    invalid one, `jsonschema` finds the error to report.
    """
    check_depth(data)
    if checker(name)(data):
        return
    from jsonschema.exceptions import best_match

    try:
        error = best_match(itertools.islice(_validator(name).iter_errors(data), _MAX_ERRORS))
    except RecursionError:  # pragma: no cover - check_depth bounds the nesting
        raise InvalidInputError("$", "nested too deeply") from None
    if error is None:  # the compiled validator is stricter in one respect
        raise InvalidInputError("$", "an integer is written with a fraction or an exponent (1.0, 1e3)")
    if error.validator == "anyOf" and error.context:
        # ``X | None`` fields: when the value has the right JSON type for a branch, that branch's
        # errors are the useful ones; otherwise say which types are accepted.
        deeper = [e for e in error.context if e.validator != "type" or e.absolute_path != error.absolute_path]
        if deeper:
            error = best_match(deeper) or error
        else:
            kinds: list[str] = []
            for e in error.context:
                v = e.validator_value
                kinds.extend([v] if isinstance(v, str) else v)
            raise InvalidInputError(error.json_path, f"expected {' or '.join(kinds)}, got {_quote(error.instance)}")
    raise InvalidInputError(error.json_path, _message(error))


def read_document(name: str, source: object) -> Any:
    """JSON text (or already-parsed data: dicts, lists...) validated against the schema `name`."""
    data = parse_json(source) if isinstance(source, (str, bytes, bytearray)) else source
    check_document(name, data)
    return data
