"""The clause checker: compare the registry with what the code and the tests claim.

`check` is a pure function of a `Registry` and a
`Traceability`; `format_report` turns its result
into the text that `python -m ragusa.spec check` prints.

The check fails when:

* a module of the package cannot be imported, or the tests cannot be collected;
* code or a test names a clause ID that is not in the registry;
* a test carries a `clause` marker that names no clause;
* an active (non-pending) clause has no implementing code;
* an active clause has no test, or only skipped tests.

A pending clause that already has implementing code is fine; it is listed as
"ready to un-pend".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from ragusa.spec.registry import Clause, Registry
from ragusa.spec.trace import CollectedTest, Traceability, index_by_clause

#: Problem kinds, in the order the report lists them, with their headings.
PROBLEM_HEADINGS: Mapping[str, str] = {
    "import-error": "Modules that could not be imported (their @implements marks are missing)",
    "collection-error": "The tests could not be collected",
    "unknown-in-code": "Code names clause IDs that are not in the registry (ragusa/spec/clauses.toml)",
    "unknown-in-tests": "Tests name clause IDs that are not in the registry (ragusa/spec/clauses.toml)",
    "empty-marker": "Tests carry a clause marker that names no clause",
    "no-code": "Clauses with no implementing code (mark the rule code with @implements(ID))",
    "no-test": "Clauses with no test (mark a test with @pytest.mark.clause(ID))",
    "only-skipped": "Clauses whose tests are all skipped",
}


@attrs.frozen
class Problem:
    """One reason the check fails: its kind, what it is about, and a detail line."""

    kind: str
    subject: str
    detail: str = ""


@attrs.frozen
class ClauseTrace:
    """One clause with the code that implements it and the tests that check it."""

    clause: Clause
    code: tuple[str, ...]
    tests: tuple[CollectedTest, ...]

    @property
    def live_tests(self) -> tuple[CollectedTest, ...]:
        """The tests that are not skipped."""
        return tuple(t for t in self.tests if not t.skipped)

    @property
    def covered(self) -> bool:
        """Implemented and checked by at least one test that runs."""
        return bool(self.code) and bool(self.live_tests)

    @property
    def state(self) -> str:
        """A short word for the matrix: covered, pending, or what is missing."""
        if self.covered:
            return "covered"
        if self.clause.pending:
            return "pending"
        missing = []
        if not self.code:
            missing.append("no code")
        if not self.tests:
            missing.append("no test")
        elif not self.live_tests:
            missing.append("only skipped tests")
        return ", ".join(missing)


@attrs.frozen
class CheckReport:
    """The outcome of `check`."""

    traces: tuple[ClauseTrace, ...]
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def total(self) -> int:
        return len(self.traces)

    @property
    def covered(self) -> int:
        return sum(1 for t in self.traces if t.covered)

    @property
    def pending(self) -> int:
        return sum(1 for t in self.traces if t.clause.pending)

    @property
    def ready_to_unpend(self) -> tuple[ClauseTrace, ...]:
        """Pending clauses that already have implementing code."""
        return tuple(t for t in self.traces if t.clause.pending and t.code)

    def summary(self) -> str:
        return f"covered {self.covered} of {self.total} clauses ({self.pending} pending)"


def trace_clauses(
    registry: Registry,
    implementations: Mapping[str, Sequence[str]],
    tests: Sequence[CollectedTest],
) -> tuple[ClauseTrace, ...]:
    """Pair every clause of the registry with its code and its tests, in registry order."""
    by_clause = index_by_clause(tests)
    return tuple(
        ClauseTrace(
            clause=clause,
            code=tuple(implementations.get(clause.id, ())),
            tests=tuple(by_clause.get(clause.id, ())),
        )
        for clause in registry
    )


def unknown_in_code(registry: Registry, implementations: Mapping[str, Sequence[str]]) -> list[Problem]:
    """Clause IDs named by `@implements` that the registry does not have."""
    return [
        Problem("unknown-in-code", cid, ", ".join(names))
        for cid, names in sorted(implementations.items())
        if cid not in registry
    ]


def unknown_in_tests(registry: Registry, tests: Sequence[CollectedTest]) -> list[Problem]:
    """Clause IDs named by test markers that the registry does not have, and empty markers."""
    problems: list[Problem] = []
    for cid, refs in sorted(index_by_clause(tests).items()):
        if cid not in registry:
            problems.append(Problem("unknown-in-tests", cid, ", ".join(r.nodeid for r in refs)))
    for ref in tests:
        if ref.empty_marker:
            problems.append(Problem("empty-marker", ref.nodeid, "@pytest.mark.clause() needs at least one ID"))
    return problems


def coverage_problems(traces: Sequence[ClauseTrace]) -> list[Problem]:
    """Active clauses without code, without a test, or with only skipped tests."""
    problems: list[Problem] = []
    for trace in traces:
        clause = trace.clause
        if clause.pending:
            continue
        if not trace.code:
            problems.append(Problem("no-code", clause.id, clause.title))
        if not trace.tests:
            problems.append(Problem("no-test", clause.id, clause.title))
        elif not trace.live_tests:
            skipped = ", ".join(t.nodeid for t in trace.tests)
            problems.append(Problem("only-skipped", clause.id, f"{clause.title}; skipped: {skipped}"))
    return problems


def environment_problems(traceability: Traceability) -> list[Problem]:
    """Import failures and a failed test collection."""
    problems = [Problem("import-error", f.module, f.error) for f in traceability.import_failures]
    if traceability.collection_error is not None:
        problems.append(Problem("collection-error", "pytest", traceability.collection_error))
    return problems


def check(registry: Registry, traceability: Traceability) -> CheckReport:
    """Compare the registry with the code and the tests; see the module docstring for the rules."""
    traces = trace_clauses(registry, traceability.implementations, traceability.tests)
    problems = [
        *environment_problems(traceability),
        *unknown_in_code(registry, traceability.implementations),
        *unknown_in_tests(registry, traceability.tests),
        *coverage_problems(traces),
    ]
    order = list(PROBLEM_HEADINGS)
    problems.sort(key=lambda p: order.index(p.kind))
    return CheckReport(traces=traces, problems=tuple(problems))


# -------------------------------------------------------------------- report


def _indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in text.splitlines())


_SUBJECT_WIDTH = 14  # the longest clause ID, SILVERSMITH-1, fits


def _problem_line(problem: Problem) -> str:
    if not problem.detail:
        return f"  {problem.subject}"
    if "\n" in problem.detail:
        return f"  {problem.subject}:\n{_indent(problem.detail, '      ')}"
    return f"  {problem.subject.ljust(_SUBJECT_WIDTH)}  {problem.detail}"


def format_report(report: CheckReport) -> str:
    """The checker's text output: problems grouped by kind, clauses ready to un-pend, the summary."""
    lines: list[str] = []
    if report.problems:
        lines.append(f"FAIL: {len(report.problems)} problem(s)")
        for kind, heading in PROBLEM_HEADINGS.items():
            group = [p for p in report.problems if p.kind == kind]
            if group:
                lines.append("")
                lines.append(f"{heading}: {len(group)}")
                lines.extend(_problem_line(p) for p in group)
    else:
        lines.append("OK: every active clause has implementing code and a test that runs")
    ready = report.ready_to_unpend
    if ready:
        lines.append("")
        lines.append(f"Ready to un-pend (pending clauses that already have implementing code): {len(ready)}")
        lines.extend(f"  {t.clause.id.ljust(_SUBJECT_WIDTH)}  {', '.join(t.code)}" for t in ready)
    lines.append("")
    lines.append(report.summary())
    return "\n".join(lines)
