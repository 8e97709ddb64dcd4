"""The traceability matrix (clause -> code -> tests) as Markdown."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ragusa.spec.check import CheckReport, ClauseTrace
from ragusa.spec.registry import Clause
from ragusa.spec.trace import CollectedTest

#: What an empty cell shows.
NONE = "—"


def escape_cell(text: str) -> str:
    """Make text safe inside a Markdown table cell."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def collapse_tests(tests: Sequence[CollectedTest]) -> list[tuple[str, bool]]:
    """One entry per test function (parametrized items merged): (node ID, skipped).

    A merged entry counts as skipped only when every one of its items is skipped.
    """
    merged: dict[str, bool] = {}
    for ref in tests:
        base = ref.base_nodeid
        merged[base] = merged.get(base, True) and ref.skipped
    return list(merged.items())


def _plain_code(name: str) -> str:
    return f"`{escape_cell(name)}`"


def code_cell(trace: ClauseTrace, label: Callable[[str], str] = _plain_code) -> str:
    if not trace.code:
        return NONE
    return "<br>".join(label(name) for name in trace.code)


def tests_cell(trace: ClauseTrace) -> str:
    entries = collapse_tests(trace.tests)
    if not entries:
        return NONE
    return "<br>".join(f"`{escape_cell(nodeid)}`" + (" (skipped)" if skipped else "") for nodeid, skipped in entries)


def _plain_id(clause: Clause) -> str:
    return clause.id


def render_matrix(
    report: CheckReport,
    clause_label: Callable[[Clause], str] = _plain_id,
    code_label: Callable[[str], str] = _plain_code,
) -> str:
    """The matrix as a Markdown table, one row per clause, in registry order.

    `clause_label` renders the first cell (the docs use it to link each ID to its rule page),
    `code_label` each function of the code cell (the docs link it to its source).
    """
    rows = [
        "| Clause | Title | State | Code | Tests |",
        "|---|---|---|---|---|",
    ]
    for trace in report.traces:
        cells = (
            clause_label(trace.clause),
            escape_cell(trace.clause.title),
            trace.state,
            code_cell(trace, code_label),
            tests_cell(trace),
        )
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def render_document(report: CheckReport) -> str:
    """The matrix with a title and the coverage figure, as `python -m ragusa.spec matrix` prints it."""
    return "\n".join(
        [
            "# Traceability matrix",
            "",
            f"{report.summary()}.",
            "",
            render_matrix(report),
            "",
        ]
    )
