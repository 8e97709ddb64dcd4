"""Loading `clauses.toml` into a `Registry`, checking it on the way:
unique, well-formed IDs, known areas and editions, required fields present, no unknown fields,
an ID prefix that matches its area, a reason on every ruling, a `pending_reason` on every
pending clause, and contradictions that name existing clauses. Every problem found is reported at
once in a `RegistryError`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from ragusa.spec.registry import (
    AREAS,
    CLAUSE_OPTIONAL,
    CLAUSE_REQUIRED,
    CONTRADICTION_KINDS,
    CONTRADICTION_OPTIONAL,
    CONTRADICTION_REQUIRED,
    EDITION_FIELDS,
    EDITIONS,
    PREFIX_AREAS,
    STATUSES,
    Clause,
    Contradiction,
    Registry,
    RegistryError,
    id_prefix,
)


class _Problems:
    """Collects problems with a location prefix, so they can all be reported at once."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, what: str) -> None:
        self.items.append(f"{where}: {what}")


def _where(table: str, index: int, raw: Mapping[str, Any]) -> str:
    ident = raw.get("id")
    named = f" ({ident})" if isinstance(ident, str) else ""
    return f"[[{table}]] #{index + 1}{named}"


def _check_keys(
    problems: _Problems, where: str, raw: Mapping[str, Any], required: tuple[str, ...], optional: tuple[str, ...]
) -> None:
    for key in required:
        if key not in raw:
            problems.add(where, f"missing required field {key!r}")
    for key in raw:
        if key not in required and key not in optional:
            allowed = ", ".join(required + optional)
            problems.add(where, f"unknown field {key!r} (allowed: {allowed})")


def _text(problems: _Problems, where: str, raw: Mapping[str, Any], key: str) -> str | None:
    """A field that must be a non-empty string, or None (with a problem) if it is not."""
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        problems.add(where, f"field {key!r} must be a non-empty string, got {value!r}")
        return None
    return value.strip()


def _text_list(problems: _Problems, where: str, raw: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = raw.get(key)
    if value is None:
        return ()
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        problems.add(where, f"field {key!r} must be a non-empty list of strings, got {value!r}")
        return ()
    return tuple(value)


def _check_editions(problems: _Problems, where: str, editions: tuple[str, ...]) -> None:
    for edition in editions:
        if edition not in EDITIONS:
            problems.add(where, f"unknown edition {edition!r} (known: {', '.join(EDITIONS)})")
    if len(set(editions)) != len(editions):
        problems.add(where, f"editions listed twice: {list(editions)}")


def _check_id(problems: _Problems, where: str, clause_id: str, area: str | None) -> None:
    prefix = id_prefix(clause_id)
    if prefix is None:
        problems.add(where, f"malformed clause ID {clause_id!r} (expected e.g. 'BUILD-2' or 'BUILD-7a')")
        return
    expected = PREFIX_AREAS.get(prefix)
    if expected is None:
        problems.add(where, f"unknown ID prefix {prefix!r} (known: {', '.join(PREFIX_AREAS)})")
    elif area is not None and area != expected:
        problems.add(where, f"ID prefix {prefix!r} belongs to area {expected!r}, not {area!r}")


def _parse_clause(problems: _Problems, index: int, raw: Any) -> Clause | None:
    if not isinstance(raw, dict):
        problems.add(f"[[clause]] #{index + 1}", "must be a table")
        return None
    where = _where("clause", index, raw)
    _check_keys(problems, where, raw, CLAUSE_REQUIRED, CLAUSE_OPTIONAL)
    fields = {key: _text(problems, where, raw, key) for key in ("id", "area", "title", "statement", "source")}
    reason = _text(problems, where, raw, "reason")
    status = _text(problems, where, raw, "status") or "active"
    pending_reason = _text(problems, where, raw, "pending_reason")
    editions = _text_list(problems, where, raw, "editions")
    _check_editions(problems, where, editions)

    area = fields["area"]
    if area is not None and area not in AREAS:
        problems.add(where, f"unknown area {area!r} (known: {', '.join(AREAS)})")
    if fields["id"] is not None:
        _check_id(problems, where, fields["id"], area if area in AREAS else None)
    if status not in STATUSES:
        problems.add(where, f"unknown status {status!r} (known: {', '.join(STATUSES)})")
    if status == "pending" and pending_reason is None:
        problems.add(where, "a pending clause needs a 'pending_reason'")
    if status != "pending" and pending_reason is not None:
        problems.add(where, "'pending_reason' is only allowed on a pending clause")
    if area == "rulings" and reason is None:
        problems.add(where, "a ruling needs a 'reason'")
    if area != "rulings" and reason is not None:
        problems.add(where, "'reason' is only allowed on a ruling (area 'rulings')")
    edition_fields = {key: _text(problems, where, raw, key) for key in EDITION_FIELDS}
    for key, value in edition_fields.items():
        if area == "editions" and value is None and key not in raw:
            problems.add(where, f"an editions clause needs {key!r}")
        if area != "editions" and value is not None:
            problems.add(where, f"{key!r} is only allowed on an editions clause")

    if any(v is None for v in fields.values()) or not editions:
        return None
    return Clause(
        id=str(fields["id"]),
        area=str(fields["area"]),
        title=str(fields["title"]),
        statement=str(fields["statement"]),
        editions=editions,
        source=str(fields["source"]),
        reason=reason,
        status=status,
        pending_reason=pending_reason,
        **edition_fields,
    )


def _parse_contradiction(problems: _Problems, index: int, raw: Any, known_ids: set[str]) -> Contradiction | None:
    if not isinstance(raw, dict):
        problems.add(f"[[contradiction]] #{index + 1}", "must be a table")
        return None
    where = _where("contradiction", index, raw)
    _check_keys(problems, where, raw, CONTRADICTION_REQUIRED, CONTRADICTION_OPTIONAL)
    fields = {key: _text(problems, where, raw, key) for key in ("id", "kind", "where", "says", "rule")}
    note = _text(problems, where, raw, "note")
    editions = _text_list(problems, where, raw, "editions")
    _check_editions(problems, where, editions)
    decided_by = _text_list(problems, where, raw, "decided_by")
    if fields["kind"] is not None and fields["kind"] not in CONTRADICTION_KINDS:
        problems.add(where, f"unknown kind {fields['kind']!r} (known: {', '.join(CONTRADICTION_KINDS)})")
    for clause_id in decided_by:
        if clause_id not in known_ids:
            problems.add(where, f"'decided_by' names {clause_id!r}, which is not a clause in the registry")

    if any(v is None for v in fields.values()) or not editions or not decided_by:
        return None
    return Contradiction(
        id=str(fields["id"]),
        kind=str(fields["kind"]),
        editions=editions,
        where=str(fields["where"]),
        says=str(fields["says"]),
        rule=str(fields["rule"]),
        decided_by=decided_by,
        note=note,
    )


def _check_unique(problems: _Problems, table: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for ident in ids:
        if ident in seen:
            problems.add(f"[[{table}]]", f"ID {ident!r} is used more than once")
        seen.add(ident)


def _table_list(problems: _Problems, data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        problems.add(key, f"must be an array of tables ([[{key}]])")
        return []
    return value


def parse_registry(data: Mapping[str, Any], source: str = "<data>") -> Registry:
    """Validate parsed TOML data and build the `Registry`; `RegistryError` lists all problems."""
    problems = _Problems()
    for key in data:
        if key not in ("clause", "contradiction"):
            problems.add("top level", f"unknown table {key!r} (allowed: [[clause]], [[contradiction]])")
    raw_clauses = _table_list(problems, data, "clause")
    if not raw_clauses:
        problems.add("top level", "no [[clause]] entries")
    clauses = [_parse_clause(problems, i, raw) for i, raw in enumerate(raw_clauses)]
    valid_clauses = [c for c in clauses if c is not None]
    _check_unique(problems, "clause", [c.id for c in valid_clauses])

    known = {c.id for c in valid_clauses}
    raw_contradictions = _table_list(problems, data, "contradiction")
    contradictions = [_parse_contradiction(problems, i, raw, known) for i, raw in enumerate(raw_contradictions)]
    valid_contradictions = [c for c in contradictions if c is not None]
    _check_unique(problems, "contradiction", [c.id for c in valid_contradictions])

    if problems.items:
        raise RegistryError(source, problems.items)
    return Registry(clauses=tuple(valid_clauses), contradictions=tuple(valid_contradictions))


def parse_registry_text(text: str, source: str = "<text>") -> Registry:
    """Parse and validate TOML text."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RegistryError(source, [f"not valid TOML: {exc}"]) from exc
    return parse_registry(data, source)


def load_registry(path: Path | str | None = None) -> Registry:
    """Load and validate a registry file; by default the `clauses.toml` shipped in this package."""
    if path is None:
        return default_registry()
    file = Path(path)
    return parse_registry_text(file.read_text(encoding="utf-8"), str(file))


@lru_cache(maxsize=1)
def default_registry() -> Registry:
    """The package's own registry, loaded once."""
    file = resources.files(__package__ or "ragusa.spec").joinpath("clauses.toml")
    return parse_registry_text(file.read_text(encoding="utf-8"), "ragusa/spec/clauses.toml")
