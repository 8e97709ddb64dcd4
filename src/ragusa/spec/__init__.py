"""The clause catalogue and the traceability checker.

`clauses.toml` (in this package) lists every rule clause of the library: the rule
clauses and the library's rulings, each with its area, title, statement, editions and
rulebook source. This package loads it (`load_registry`), and checks that the
code (`@ragusa.core.clauses.implements`) and the tests (`@pytest.mark.clause`) cover it:

    python -m ragusa.spec check [--tests tests]
    python -m ragusa.spec matrix [--tests tests] [--format markdown|json]

The docs site renders its rule pages from the same registry.
"""

from __future__ import annotations

from ragusa.spec.check import (
    CheckReport,
    ClauseTrace,
    Problem,
    check,
    format_report,
    trace_clauses,
)
from ragusa.spec.loading import default_registry, load_registry, parse_registry, parse_registry_text
from ragusa.spec.matrix import render_document, render_matrix
from ragusa.spec.registry import (
    AREA_TITLES,
    AREAS,
    EDITIONS,
    Clause,
    Contradiction,
    Registry,
    RegistryError,
)
from ragusa.spec.trace import CollectedTest, ImportFailure, Traceability, gather

__all__ = [
    "AREAS",
    "AREA_TITLES",
    "EDITIONS",
    "CheckReport",
    "Clause",
    "ClauseTrace",
    "CollectedTest",
    "Contradiction",
    "ImportFailure",
    "Problem",
    "Registry",
    "RegistryError",
    "Traceability",
    "check",
    "default_registry",
    "format_report",
    "gather",
    "load_registry",
    "parse_registry",
    "parse_registry_text",
    "render_document",
    "render_matrix",
    "trace_clauses",
]
