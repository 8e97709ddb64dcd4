"""Compiled validators: each schema (`.generate`) turned into Python code once, at first use.

The generated function answers one question fast: is the document valid? Only when it is not does
`ragusa.contract.schema.reading.check_document` walk the schema again (`.explain`) for the problem
to report, so valid input pays for nothing else. The compiler handles the keywords our
schemas use (`type`, `properties`, `required`, `additionalProperties`, `items`,
`prefixItems`, `minItems`, `maxItems`, `minimum`, `maximum`, `enum`, `const`,
`anyOf`, `allOf`, `if`/`then`, `$ref`, `propertyNames`) and refuses any other, so a
schema change it does not understand fails loudly (a test compiles every schema). An `allOf` of
`if {type: const X} then {$ref}` branches (the tagged unions) becomes a dict lookup by the tag.

It is stricter than JSON Schema in one respect: an `integer` is a JSON number written without a
fraction or exponent (`1.0` is refused), as every document the library writes has it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from ragusa.contract.schema.generate import schema

Check = Callable[[Any], bool]

_HANDLED = frozenset(
    "type properties required additionalProperties items prefixItems minItems maxItems minimum maximum enum "
    "const anyOf allOf if then $ref propertyNames $defs $schema title description".split()
)
_TYPES = {
    "object": "type({v}) is dict",
    "array": "type({v}) in (list, tuple)",
    "string": "isinstance({v}, str)",
    "integer": "(type({v}) is int or (isinstance({v}, int) and not isinstance({v}, bool)))",
    "number": "type({v}) in (int, float)",
    "boolean": "type({v}) is bool",
    "null": "{v} is None",
}


class _Compiler:
    def __init__(self, doc: dict[str, Any]) -> None:
        self.defs: dict[str, Any] = doc.get("$defs", {})
        self.funcs: list[str] = []
        self.consts: dict[str, Any] = {}
        self.named: dict[str, str] = {}
        self.n = 0

    def fresh(self, prefix: str) -> str:
        self.n += 1
        return f"{prefix}{self.n}"

    def const(self, value: Any) -> str:
        name = self.fresh("K")
        self.consts[name] = value
        return name

    def ref(self, ref: str) -> str:
        assert ref.startswith("#/$defs/"), ref
        key = ref[len("#/$defs/") :]
        if key not in self.named:
            self.named[key] = name = self.fresh(f"d_{key}_")
            self.function(self.defs[key], name)
        return self.named[key]

    def function(self, s: Any, name: str | None = None) -> str:
        name = name or self.fresh("f")
        body: list[str] = []
        self.emit(s, "x", body, 1)
        self.funcs.append(f"def {name}(x):\n" + "".join(body) + "    return True\n")
        return name

    def emit(self, s: Any, v: str, out: list[str], depth: int) -> None:
        pad = "    " * depth
        if s is True or s == {}:
            return
        if s is False:
            out.append(f"{pad}return False\n")
            return
        unknown = set(s) - _HANDLED
        if unknown:
            raise ValueError(f"the schema compiler does not handle {sorted(unknown)}")
        if "$ref" in s:
            out.append(f"{pad}if not {self.ref(s['$ref'])}({v}): return False\n")
        types = s.get("type")
        if types is not None:
            kinds = [types] if isinstance(types, str) else list(types)
            test = " or ".join(_TYPES[k].format(v=v) for k in kinds)
            out.append(f"{pad}if not ({test}): return False\n")
        if "enum" in s:
            out.append(f"{pad}if not _member({v}, {self.const(list(s['enum']))}): return False\n")
        if "const" in s:
            out.append(f"{pad}if not _member({v}, {self.const([s['const']])}): return False\n")
        self.numbers(s, v, out, pad)
        self.arrays(s, v, out, depth)
        self.objects(s, v, out, depth)
        if "anyOf" in s:
            names = [self.function(b) for b in s["anyOf"]]
            out.append(f"{pad}if not ({' or '.join(f'{n}({v})' for n in names)}): return False\n")
        if "allOf" in s:
            self.all_of(s["allOf"], v, out, pad)
        if "if" in s:
            cond, then = self.function(s["if"]), self.function(s.get("then", True))
            out.append(f"{pad}if {cond}({v}) and not {then}({v}): return False\n")

    def numbers(self, s: Any, v: str, out: list[str], pad: str) -> None:
        for kw, op in (("minimum", "<"), ("maximum", ">")):
            if kw in s:
                out.append(f"{pad}if type({v}) in (int, float) and {v} {op} {s[kw]!r}: return False\n")

    def arrays(self, s: Any, v: str, out: list[str], depth: int) -> None:
        keys = {"items", "prefixItems", "minItems", "maxItems"} & set(s)
        if not keys:
            return
        pad = "    " * depth
        out.append(f"{pad}if type({v}) in (list, tuple):\n")
        inner = "    " * (depth + 1)
        out.append(f"{inner}pass\n")
        if "minItems" in s:
            out.append(f"{inner}if len({v}) < {s['minItems']}: return False\n")
        if "maxItems" in s:
            out.append(f"{inner}if len({v}) > {s['maxItems']}: return False\n")
        prefix = s.get("prefixItems", [])
        for i, item in enumerate(prefix):
            e = self.fresh("e")
            out.append(f"{inner}if len({v}) > {i}:\n{inner}    {e} = {v}[{i}]\n")
            self.emit(item, e, out, depth + 2)
        items = s.get("items", True)
        if items is False:
            out.append(f"{inner}if len({v}) > {len(prefix)}: return False\n")
        elif items is not True and items != {}:
            e = self.fresh("e")
            rest = f"{v}[{len(prefix)}:]" if prefix else v
            out.append(f"{inner}for {e} in {rest}:\n")
            self.emit(items, e, out, depth + 2)

    def objects(self, s: Any, v: str, out: list[str], depth: int) -> None:
        keys = {"properties", "required", "additionalProperties", "propertyNames"} & set(s)
        if not keys:
            return
        pad = "    " * depth
        inner = "    " * (depth + 1)
        out.append(f"{pad}if type({v}) is dict:\n{inner}pass\n")
        props: dict[str, Any] = s.get("properties", {})
        for key in s.get("required", []):
            out.append(f"{inner}if {key!r} not in {v}: return False\n")
        extra = s.get("additionalProperties", True)
        if extra is False:
            out.append(f"{inner}if not {v}.keys() <= {self.const(frozenset(props))}: return False\n")
        elif extra is not True:
            k = self.fresh("k")
            out.append(f"{inner}for {k} in {v}:\n{inner}    if {k} in {self.const(frozenset(props))}: continue\n")
            self.emit(extra, f"{v}[{k}]", out, depth + 2)
        if "propertyNames" in s:
            k = self.fresh("k")
            out.append(f"{inner}for {k} in {v}:\n")
            self.emit(s["propertyNames"], k, out, depth + 2)
        for key, sub in props.items():
            e = self.fresh("e")
            body: list[str] = []
            self.emit(sub, e, body, depth + 2)
            if body:
                out.append(f"{inner}if {key!r} in {v}:\n{inner}    {e} = {v}[{key!r}]\n")
                out.extend(body)

    def all_of(self, branches: list[Any], v: str, out: list[str], pad: str) -> None:
        tags = [_tag_branch(b) for b in branches]
        if all(t is not None for t in tags):  # a tagged union: dispatch on the tag
            table = {t[0]: self.ref(t[1]) for t in tags if t is not None}
            name = self.fresh("T")
            self.consts[name] = table  # filled with the functions once they exist
            out.append(f"{pad}if type({v}) is dict and type({v}.get('type')) is str:\n")
            out.append(
                f"{pad}    g = {name}.get({v}['type'])\n{pad}    if g is not None and not g({v}): return False\n"
            )
            return
        for b in branches:
            out.append(f"{pad}if not {self.function(b)}({v}): return False\n")


def _tag_branch(b: Any) -> tuple[str, str] | None:
    """`{"if": {"properties": {"type": {"const": X}}, "required": ["type"]}, "then": {"$ref": R}}` -> (X, R)."""
    cond, then = b.get("if"), b.get("then")
    if set(b) != {"if", "then"} or not isinstance(then, dict) or set(then) != {"$ref"}:
        return None
    if cond != {
        "properties": {"type": {"const": cond.get("properties", {}).get("type", {}).get("const")}},
        "required": ["type"],
    }:
        return None
    tag = cond["properties"]["type"]["const"]
    return (tag, then["$ref"]) if isinstance(tag, str) else None


def _member(value: Any, options: list[Any]) -> bool:
    """JSON equality: `true` is not `1` (a str enum member is its string)."""
    if isinstance(value, str):
        return value in options
    return any(value == o and type(value) is type(o) for o in options) or (
        type(value) in (int, float) and any(type(o) in (int, float) and value == o for o in options)
    )


def compile_schema(doc: dict[str, Any]) -> tuple[Check, str]:
    """The validator function of a schema document, and its source."""
    c = _Compiler(doc)
    top = c.function(doc, "validate")
    source = "\n".join(reversed(c.funcs))
    namespace: dict[str, Any] = {"_member": _member, **c.consts}
    exec(compile(source, f"<schema validator {doc.get('title', '')}>", "exec"), namespace)
    for name, value in c.consts.items():
        if name.startswith("T"):
            namespace[name] = {tag: namespace[fn] for tag, fn in value.items()}
    check: Check = namespace[top]
    return check, source


_LOCK = threading.Lock()
_COMPILED: dict[str, Check] = {}


def checker(name: str) -> Check:
    """The compiled validator of the schema `name` (compiled on first use, under a lock)."""
    check = _COMPILED.get(name)
    if check is None:
        with _LOCK:
            check = _COMPILED.get(name)
            if check is None:
                check = _COMPILED[name] = compile_schema(schema(name))[0]
    return check
