"""Building frozen attrs objects from parsed JSON, without cattrs: a small, strict structurer for
the types the component data uses (str, int, bool, `X | None`, `tuple[X, ...]`, fixed tuples,
`dict[str, X]`, nested attrs classes). It keeps `cattrs` (slow to import and to set up) off
the path of `import ragusa`; on any mismatch it raises `ValueError` and the caller asks
cattrs for a detailed message."""

from __future__ import annotations

import types
import typing
from typing import Any, TypeVar

import attrs

T = TypeVar("T")

_Fields = tuple[tuple[str, Any, bool], ...]


def _fields(cls: type) -> _Fields:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name], f.default is attrs.NOTHING) for f in attrs.fields(cls))


def _build(tp: Any, value: Any, cache: dict[type, _Fields]) -> Any:
    if isinstance(tp, type) and attrs.has(tp):
        if type(value) is not dict:
            raise ValueError(f"{tp.__name__}: expected an object")
        fields = cache.get(tp)
        if fields is None:
            fields = cache[tp] = _fields(tp)
        names = {name for name, _, _ in fields}
        if not value.keys() <= names:
            raise ValueError(f"{tp.__name__}: unknown fields {sorted(value.keys() - names)}")
        kwargs = {}
        for name, ftp, required in fields:
            if name in value:
                kwargs[name] = _build(ftp, value[name], cache)
            elif required:
                raise ValueError(f"{tp.__name__}: missing {name}")
        return tp(**kwargs)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in args:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _build(inner, value, cache)
    if origin is tuple:
        if type(value) is not list:
            raise ValueError("expected an array")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_build(args[0], v, cache) for v in value)
        if len(args) != len(value):
            raise ValueError(f"expected {len(args)} items")
        return tuple(_build(a, v, cache) for a, v in zip(args, value))
    if origin is dict:
        if type(value) is not dict:
            raise ValueError("expected an object")
        return {str(k): _build(args[1], v, cache) for k, v in value.items()}
    if tp in (str, int, bool) and type(value) is tp:
        return value
    raise ValueError(f"expected {tp}, got {type(value).__name__}")


def build(cls: type[T], value: Any) -> T:
    """A `cls` from parsed JSON `value`; `ValueError` on any mismatch of types or fields."""
    result: T = _build(cls, value, {})
    return result
