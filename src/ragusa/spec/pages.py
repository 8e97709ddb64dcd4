"""Markdown for the docs site, rendered from the registry so the docs cannot drift.

The mkdocs hook (`docs/hooks/ragusa_docs.py`) is thin glue: it gathers the
traceability, then asks this module for the rule pages (one per area) and for the
blocks that hand-written pages embed with placeholders such as
`<!-- ragusa:matrix -->`. Every function takes the path of the page it renders
for, so that links between pages are relative and mkdocs can check them.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping

from ragusa.core.clauses import implements
from ragusa.spec.check import CheckReport, ClauseTrace
from ragusa.spec.matrix import collapse_tests, escape_cell, render_matrix
from ragusa.spec.registry import AREA_TITLES, AREAS, Clause, Registry

#: Areas presented on pages of their own, not under `rules/`.
TOP_LEVEL_AREAS: Mapping[str, str] = {"editions": "editions.md", "rulings": "rulings.md"}

#: The areas that get a generated page under `rules/`.
RULE_AREAS: tuple[str, ...] = tuple(a for a in AREAS if a not in TOP_LEVEL_AREAS)


def area_page(area: str) -> str:
    """The docs path of the page that presents an area's clauses."""
    return TOP_LEVEL_AREAS.get(area, f"rules/{area}.md")


def relative_link(target: str, from_page: str) -> str:
    """A link from one docs page to another (`rules/a.md` -> `rules/b.md#X` is `b.md#X`)."""
    path, _, anchor = target.partition("#")
    rel = posixpath.relpath(path, posixpath.dirname(from_page) or ".")
    return f"{rel}#{anchor}" if anchor else rel


def clause_href(clause: Clause, from_page: str) -> str:
    """The link to a clause's entry, its ID being the anchor."""
    return relative_link(f"{area_page(clause.area)}#{clause.id}", from_page)


def clause_link(clause: Clause, from_page: str) -> str:
    return f"[{clause.id}]({clause_href(clause, from_page)})"


def linkify(text: str, registry: Registry, from_page: str) -> str:
    """Turn every clause ID in `text` into a link to that clause (text inside backticks is left alone)."""
    ids = sorted(registry.ids, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in ids) + r")(?![\w-])")
    parts = text.split("`")
    for index in range(0, len(parts), 2):  # even parts lie outside code spans
        parts[index] = pattern.sub(lambda m: clause_link(registry.get(m.group(1)), from_page), parts[index])
    return "`".join(parts)


# --------------------------------------------------------------------- clauses


def _bullets(label: str, entries: list[str]) -> list[str]:
    """A labelled bullet; several entries become a nested list."""
    if not entries:
        return [f"- **{label}:** none yet"]
    if len(entries) == 1:
        return [f"- **{label}:** {entries[0]}"]
    return [f"- **{label}:**", *(f"    - {entry}" for entry in entries)]


#: the docs page that shows every function a clause names, with its source
CODE_PAGE = "code.md"


def code_link(name: str) -> str:
    """A function that implements a clause, linked to its entry (and source) on `CODE_PAGE`.

    The link is a cross-reference by the function's dotted name, which the docs' API reference
    (mkdocstrings) resolves; `mkdocs build --strict` fails on one it cannot resolve."""
    return f"[`{name}`][{name}]"


def _code_entries(trace: ClauseTrace) -> list[str]:
    return [code_link(name) for name in trace.code]


def implementing_functions(report: CheckReport) -> dict[str, list[str]]:
    """Module -> the functions of it that implement a clause (names as the markers record them)."""
    found: dict[str, list[str]] = {}
    for trace in report.traces:
        for name in trace.code:
            module, _, function = name.rpartition(".")
            if function not in found.setdefault(module, []):
                found[module].append(function)
    return {module: sorted(names) for module, names in sorted(found.items())}


def render_code_reference(report: CheckReport) -> str:
    """The reference entries (mkdocstrings directives, the source shown) of every implementing function."""
    lines: list[str] = []
    for module, functions in implementing_functions(report).items():
        lines += [f"::: {module}", "    options:", "      show_source: true", "      filters: []", "      members:"]
        lines += [*(f"        - {f}" for f in functions), ""]
    return "\n".join(lines)


def _test_entries(trace: ClauseTrace) -> list[str]:
    return [f"`{nodeid}`" + (" (skipped)" if skipped else "") for nodeid, skipped in collapse_tests(trace.tests)]


def render_clause(trace: ClauseTrace, registry: Registry, from_page: str) -> str:
    """One clause: its ID as heading anchor, title, statement, editions, source, code and tests."""
    clause = trace.clause
    lines = [
        f"### {clause.id} · {clause.title} {{ #{clause.id} }}",
        "",
        linkify(clause.statement, registry, from_page),
        "",
    ]
    if clause.pending:
        lines += ['!!! note "Pending"', f"    {clause.pending_reason}", ""]
    if clause.reason:
        lines += [f"**Reason.** {linkify(clause.reason, registry, from_page)}", ""]
    lines += [
        f"- **Editions:** {', '.join(clause.editions)}",
        f"- **Source:** {clause.source}",
        *_bullets("Implemented by", _code_entries(trace)),
        *_bullets("Tested by", _test_entries(trace)),
        "",
    ]
    return "\n".join(lines)


def render_clauses(report: CheckReport, registry: Registry, area: str, from_page: str) -> str:
    """Every clause of one area, in registry order."""
    blocks = [render_clause(t, registry, from_page) for t in report.traces if t.clause.area == area]
    return "\n".join(blocks)


def _area_summary(report: CheckReport, area: str) -> str:
    traces = [t for t in report.traces if t.clause.area == area]
    covered = sum(1 for t in traces if t.covered)
    pending = sum(1 for t in traces if t.clause.pending)
    text = f"{len(traces)} clauses, {covered} covered by code and a running test"
    return text + (f", {pending} pending." if pending else ".")


def render_area_page(report: CheckReport, registry: Registry, area: str) -> str:
    """A whole generated rule page (`rules/<area>.md`)."""
    page = area_page(area)
    return "\n".join(
        [
            f"# {AREA_TITLES[area]}",
            "",
            "*Generated from `ragusa/spec/clauses.toml`; see [Traceability]"
            f"({relative_link('traceability.md', page)}) for the whole matrix.*",
            "",
            _area_summary(report, area),
            "",
            render_clauses(report, registry, area, page),
        ]
    )


# ------------------------------------------------------------ editions, rulings


def render_editions_table(registry: Registry, from_page: str) -> str:
    """The ED clauses as a table: what each edition says and what the `edition` option changes."""
    rows = [
        '| Clause | Topic | 1st edition (2018) | 2nd edition (2020, default) | What `edition="1st"` changes |',
        "|---|---|---|---|---|",
    ]
    for clause in registry.by_area("editions"):
        cells = [
            clause_link(clause, from_page),
            escape_cell(clause.title),
            linkify(escape_cell(clause.first_edition or ""), registry, from_page),
            linkify(escape_cell(clause.second_edition or ""), registry, from_page),
            linkify(escape_cell(clause.option_effect or ""), registry, from_page),
        ]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


@implements("R-13")
def render_contradictions(registry: Registry, from_page: str) -> str:
    """R-13: every place where a rulebook contradicts itself, with the clauses that decide it."""
    rows = [
        "| # | Kind | Edition | Where | The rulebook says | The rules say | Decided by |",
        "|---|---|---|---|---|---|---|",
    ]
    for case in registry.contradictions:
        decided = ", ".join(clause_link(registry.get(cid), from_page) for cid in case.decided_by)
        rule = case.rule + (f" *{case.note}*" if case.note else "")
        cells = [
            case.id,
            case.kind,
            ", ".join(case.editions),
            escape_cell(case.where),
            escape_cell(case.says),
            linkify(escape_cell(rule), registry, from_page),
            decided,
        ]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


# ---------------------------------------------------------------- traceability


def render_coverage(report: CheckReport) -> str:
    """The coverage figure, plus what the checker would complain about."""
    lines = [f"**{report.summary()}.**", ""]
    if report.problems:
        lines.append(
            f"`python -m ragusa.spec check` currently reports {len(report.problems)} problem(s); "
            "the State column shows what each clause is missing."
        )
    else:
        lines.append("`python -m ragusa.spec check` passes.")
    return "\n".join(lines)


def render_environment_notes(report: CheckReport) -> str:
    """Admonitions for import failures and a failed test collection ('' when there are none)."""
    notes = []
    for problem in report.problems:
        if problem.kind in ("import-error", "collection-error"):
            body = "\n".join(f"    {line}" for line in problem.detail.splitlines())
            notes.append(f'!!! warning "{problem.kind}: {problem.subject}"\n\n    ```text\n{body}\n    ```\n')
    return "\n".join(notes)


def render_traceability_matrix(report: CheckReport, from_page: str) -> str:
    """The matrix, each clause ID linking to its entry on its rule page."""

    def label(clause: Clause) -> str:
        return clause_link(clause, from_page)

    return render_matrix(report, clause_label=label, code_label=code_link)


# ------------------------------------------------------------------ components


def render_provenance(provenance: Mapping[str, str]) -> str:
    """The component data's provenance object as a table (value -> where it comes from)."""
    rows = ["| Component data | Provenance |", "|---|---|"]
    for key, text in provenance.items():
        rows.append(f"| `{escape_cell(key)}` | {escape_cell(text)} |")
    return "\n".join(rows)
