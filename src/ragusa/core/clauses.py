"""Traceability: rule code names the rule clauses it implements (listed in the docs' Rules pages).

`@implements("BUILD-2", "BUILD-3")` records the decorated function under those
clause IDs and returns the function unchanged, so it costs nothing at run time.
The clause checker (`python -m ragusa.spec check`) reads `IMPLEMENTATIONS`
after importing every module of the package.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])

#: clause ID -> qualified names of the functions that implement it
IMPLEMENTATIONS: dict[str, list[str]] = {}


def implements(*clause_ids: str) -> Callable[[F], F]:
    """Mark a function as the implementation of the given rule clauses."""
    if not clause_ids:
        raise ValueError("implements() needs at least one clause ID")

    def mark(fn: F) -> F:
        name = f"{fn.__module__}.{fn.__qualname__}"
        for cid in clause_ids:
            names = IMPLEMENTATIONS.setdefault(cid, [])
            if name not in names:
                names.append(name)
        existing: tuple[str, ...] = getattr(fn, "__clauses__", ())
        try:
            fn.__clauses__ = existing + tuple(c for c in clause_ids if c not in existing)  # type: ignore[attr-defined]
        except AttributeError:  # a function compiled by mypyc takes no attributes; IMPLEMENTATIONS has it
            pass
        return fn

    return mark
