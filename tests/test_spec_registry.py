"""Tests of the clause registry and the clause checker (tooling, so no clause markers,
except the one test of R-13, which is a rule about the docs)."""

from __future__ import annotations

import functools
import hashlib
import json
import re
import textwrap
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest

from ragusa.spec import (
    AREAS,
    CheckReport,
    Clause,
    CollectedTest,
    Registry,
    RegistryError,
    Traceability,
    check,
    default_registry,
    format_report,
    pages,
    parse_registry_text,
    render_matrix,
)
from ragusa.spec.trace import collect_tests, import_all_modules

CLAUSE_ID = r"[A-Z]+(?:-[A-Z]+)*-\d+[a-z]?"
DATA = Path(__file__).resolve().parent / "data" / "spec_fingerprint.json"


@attrs.frozen
class SpecClause:
    """What the tests know of one clause of the project's rule catalogue (no text, see DATA)."""

    whole: str
    numbers: frozenset[str]
    sentences: tuple[tuple[int, str], ...]


@attrs.frozen
class Fingerprint:
    clauses: dict[str, SpecClause]
    rulebook: tuple[tuple[int, str], ...]


def _prints(raw: list[list[Any]]) -> tuple[tuple[int, str], ...]:
    return tuple((int(n), str(h)) for n, h in raw)


@functools.cache
def fingerprint() -> Fingerprint:
    """The rule sources' fingerprint, written by ``tools/spec_fingerprint.py``."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    clauses = {
        cid: SpecClause(c["whole"], frozenset(c["numbers"]), _prints(c["sentences"]))
        for cid, c in data["clauses"].items()
    }
    return Fingerprint(clauses, _prints(data["rulebook_1st_en"]))


def words(text: str) -> list[str]:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).split()


def digest(seq: list[str]) -> str:
    return hashlib.sha256(" ".join(seq).encode("utf-8")).hexdigest()[:16]


def copied(prints: tuple[tuple[int, str], ...], own: str) -> list[tuple[int, str]]:
    """The fingerprinted sentences whose words occur, in a row, in ``own``."""
    seq = words(own)
    windows = {(n, digest(seq[i : i + n])) for n in {n for n, _ in prints} for i in range(len(seq) - n + 1)}
    return [p for p in prints if p in windows]


def numbers(text: str) -> set[str]:
    return set(re.findall(r"\d+", re.sub(CLAUSE_ID, "", text)))


def full_text(clause: Clause) -> str:
    parts = [clause.statement, clause.reason, clause.first_edition, clause.second_edition, clause.option_effect]
    return " ".join(p for p in parts if p)


def test_digest_matches_a_sentence_inside_a_longer_text() -> None:
    sentence = "The placing player chooses the order of the three hexes."
    prints = ((len(words(sentence)), digest(words(sentence))),)
    assert copied(prints, "Rule: the placing player chooses the ORDER of the three hexes, then plays.") == list(prints)
    assert copied(prints, "The placing player picks the order of the three hexes.") == []


# ------------------------------------------------------------------ registry


def test_registry_loads_with_every_area() -> None:
    registry = default_registry()
    assert len(registry) >= 81
    assert {c.area for c in registry} == set(AREAS)
    assert registry.get("R-14").source.startswith("library ruling")


def test_no_clause_is_pending() -> None:
    # The solo clauses (SOLO-1..8, ED-2, ED-3, R-12) were the pending ones until the solo mode was built.
    pending = {c.id for c in default_registry().pending}
    assert pending == set()


def test_every_spec_clause_is_in_the_registry() -> None:
    spec = fingerprint().clauses
    assert len(spec) >= 80, "the fingerprint holds too few clauses"
    missing = sorted(set(spec) - set(default_registry().ids))
    assert not missing, f"clauses of the catalogue missing from clauses.toml: {missing}"


def test_clauses_beyond_spec_are_library_rulings() -> None:
    spec = fingerprint().clauses
    extra = [c for c in default_registry() if c.id not in spec]
    assert [c.id for c in extra if not c.source.startswith("library ruling")] == []


def test_statements_are_not_copies_of_spec() -> None:
    spec = fingerprint().clauses
    for clause in default_registry():
        if clause.id not in spec:
            continue
        assert digest(words(clause.statement)) != spec[clause.id].whole, clause.id
        found = copied(spec[clause.id].sentences, full_text(clause))
        assert not found, f"{clause.id} copies {len(found)} sentence(s) of the catalogue"


def test_statements_keep_every_number_of_spec() -> None:
    spec = fingerprint().clauses
    for clause in default_registry():
        if clause.id in spec:
            missing = spec[clause.id].numbers - numbers(full_text(clause))
            assert not missing, f"{clause.id} drops the numbers {sorted(missing)}"


def test_statements_are_not_copies_of_the_rulebook() -> None:
    book = fingerprint().rulebook
    assert len(book) >= 200, "the fingerprint holds too few rulebook sentences"
    for clause in default_registry():
        found = copied(book, full_text(clause))
        assert not found, f"{clause.id} copies {len(found)} sentence(s) of the 1st-edition rulebook"


def test_contradictions_name_known_clauses() -> None:
    registry = default_registry()
    ids = [c.id for c in registry.contradictions]
    assert len(ids) == len(set(ids)) >= 2
    for case in registry.contradictions:
        assert all(cid in registry for cid in case.decided_by), case.id
    decided = {cid for case in registry.contradictions for cid in case.decided_by}
    assert {"END-WALL-2", "R-3"} <= decided


@pytest.mark.clause("R-13")
def test_rulings_page_lists_every_contradiction_with_its_deciding_clauses() -> None:
    registry = default_registry()
    table = pages.render_contradictions(registry, "rulings.md")
    for case in registry.contradictions:
        row = next(line for line in table.splitlines() if line.startswith(f"| {case.id} |"))
        for cid in case.decided_by:
            assert f"[{cid}](" in row


MINIMAL = """
[[clause]]
id = "BUILD-2"
area = "build"
title = "Country hexes need wood"
statement = "Wood at least the houses on the hex."
editions = ["1st", "2nd"]
source = "1st ed. p. 9"
"""


def test_a_minimal_registry_parses() -> None:
    registry = parse_registry_text(MINIMAL)
    assert registry.ids == ("BUILD-2",)
    assert registry.get("BUILD-2").status == "active"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (MINIMAL, "'BUILD-2' is used more than once"),
        (
            '[[clause]]\nid = "X-1"\narea = "nowhere"\ntitle = "t"\nstatement = "s"\neditions = ["1st"]\nsource = "s"\n',
            "unknown area 'nowhere'",
        ),
        (
            '[[clause]]\nid = "TURN-1"\narea = "turn"\ntitle = "t"\neditions = ["1st"]\nsource = "s"\n',
            "missing required field 'statement'",
        ),
        (
            '[[clause]]\nid = "R-1"\narea = "rulings"\ntitle = "t"\nstatement = "s"\neditions = ["1st"]\nsource = "s"\n',
            "a ruling needs a 'reason'",
        ),
        (
            '[[clause]]\nid = "SOLO-1"\narea = "solo"\ntitle = "t"\nstatement = "s"\neditions = ["1st"]\nsource = "s"\n'
            'status = "pending"\n',
            "a pending clause needs a 'pending_reason'",
        ),
        (
            '[[clause]]\nid = "SOLO-1"\narea = "build"\ntitle = "t"\nstatement = "s"\neditions = ["1st"]\nsource = "s"\n',
            "ID prefix 'SOLO' belongs to area 'solo', not 'build'",
        ),
        (
            '[[clause]]\nid = "TURN-1"\narea = "turn"\ntitle = "t"\nstatement = "s"\neditions = ["3rd"]\nsource = "s"\n',
            "unknown edition '3rd'",
        ),
        (
            '[[clause]]\nid = "TURN-1"\narea = "turn"\ntitle = "t"\nstatement = "s"\neditions = ["1st"]\nsource = "s"\n'
            'colour = "red"\n',
            "unknown field 'colour'",
        ),
        (
            '[[contradiction]]\nid = "C-1"\nkind = "example"\neditions = ["1st"]\nwhere = "p. 1"\nsays = "a"\n'
            'rule = "b"\ndecided_by = ["NOPE-1"]\n',
            "'decided_by' names 'NOPE-1'",
        ),
    ],
)
def test_registry_errors_are_reported_clearly(extra: str, message: str) -> None:
    with pytest.raises(RegistryError) as error:
        parse_registry_text(MINIMAL + extra)
    assert message in str(error.value)


def test_registry_reports_every_problem_at_once() -> None:
    bad = '[[clause]]\nid = "bad id"\narea = "nowhere"\n'
    with pytest.raises(RegistryError) as error:
        parse_registry_text(bad)
    problems = error.value.problems
    assert len(problems) >= 3
    assert any("malformed clause ID" in p for p in problems)


def test_invalid_toml_is_a_registry_error() -> None:
    with pytest.raises(RegistryError, match="not valid TOML"):
        parse_registry_text("[[clause]\n")


# ------------------------------------------------------------------- checker


def fabricated_registry() -> Registry:
    def clause(cid: str, area: str, status: str = "active") -> str:
        pending = 'pending_reason = "later"\n' if status == "pending" else ""
        return (
            f'[[clause]]\nid = "{cid}"\narea = "{area}"\ntitle = "{cid} title"\nstatement = "s"\n'
            f'editions = ["1st", "2nd"]\nsource = "p. 1"\nstatus = "{status}"\n{pending}'
        )

    text = clause("BUILD-1", "build") + clause("BUILD-2", "build") + clause("SOLO-1", "solo", "pending")
    return parse_registry_text(text)


def run_check(
    implementations: Mapping[str, tuple[str, ...]], tests: list[CollectedTest], registry: Registry | None = None
) -> CheckReport:
    return check(registry or fabricated_registry(), Traceability(implementations, tuple(tests)))


def kinds(report: CheckReport) -> set[tuple[str, str]]:
    return {(p.kind, p.subject) for p in report.problems}


FULL_CODE: dict[str, tuple[str, ...]] = {"BUILD-1": ("ragusa.x.f",), "BUILD-2": ("ragusa.x.g",)}
FULL_TESTS = [CollectedTest("tests/t.py::test_a", ("BUILD-1", "BUILD-2"))]


def test_checker_passes_when_everything_is_covered() -> None:
    report = run_check(FULL_CODE, FULL_TESTS)
    assert report.ok, format_report(report)
    assert report.summary() == "covered 2 of 3 clauses (1 pending)"


def test_checker_flags_a_clause_with_no_test() -> None:
    report = run_check(FULL_CODE, [CollectedTest("tests/t.py::test_a", ("BUILD-1",))])
    assert kinds(report) == {("no-test", "BUILD-2")}
    assert "BUILD-2" in format_report(report)


def test_checker_flags_a_clause_with_no_code() -> None:
    report = run_check({"BUILD-1": ("ragusa.x.f",)}, FULL_TESTS)
    assert kinds(report) == {("no-code", "BUILD-2")}


def test_checker_flags_unknown_ids_in_code_and_tests() -> None:
    code = {**FULL_CODE, "BUILD-99": ("ragusa.x.h",)}
    tests = [*FULL_TESTS, CollectedTest("tests/t.py::test_b", ("MADE-UP-1",))]
    report = run_check(code, tests)
    assert kinds(report) == {("unknown-in-code", "BUILD-99"), ("unknown-in-tests", "MADE-UP-1")}
    text = format_report(report)
    assert "ragusa.x.h" in text and "tests/t.py::test_b" in text


def test_checker_flags_only_skipped_tests() -> None:
    tests = [
        CollectedTest("tests/t.py::test_a", ("BUILD-1",)),
        CollectedTest("tests/t.py::test_b", ("BUILD-2",), skipped=True),
    ]
    report = run_check(FULL_CODE, tests)
    assert kinds(report) == {("only-skipped", "BUILD-2")}


def test_checker_flags_an_empty_marker() -> None:
    tests = [*FULL_TESTS, CollectedTest("tests/t.py::test_c", (), empty_marker=True)]
    assert kinds(run_check(FULL_CODE, tests)) == {("empty-marker", "tests/t.py::test_c")}


def test_pending_clause_with_code_is_ready_to_unpend_not_a_failure() -> None:
    report = run_check({**FULL_CODE, "SOLO-1": ("ragusa.rules.solo.play",)}, FULL_TESTS)
    assert report.ok
    assert [t.clause.id for t in report.ready_to_unpend] == ["SOLO-1"]
    assert "Ready to un-pend" in format_report(report)


def test_import_and_collection_failures_fail_the_check() -> None:
    from ragusa.spec import ImportFailure

    traceability = Traceability(
        FULL_CODE, tuple(FULL_TESTS), (ImportFailure("ragusa.broken", "SyntaxError"),), "collection failed"
    )
    report = check(fabricated_registry(), traceability)
    assert kinds(report) == {("import-error", "ragusa.broken"), ("collection-error", "pytest")}


def test_matrix_has_a_row_per_clause() -> None:
    params = [CollectedTest(f"tests/t.py::test_p[{n}]", ("BUILD-2",)) for n in (1, 2)]
    tests = [*FULL_TESTS, *params]
    matrix = render_matrix(run_check(FULL_CODE, tests))
    rows = matrix.splitlines()[2:]
    assert [r.split(" | ")[0] for r in rows] == ["| BUILD-1", "| BUILD-2", "| SOLO-1"]
    assert rows[1].count("test_p") == 1  # parametrized items are merged


def test_traceability_round_trips_through_json() -> None:
    traceability = Traceability(FULL_CODE, (CollectedTest("t::a", ("BUILD-1",), skipped=True),), (), None)
    assert Traceability.from_json(traceability.to_json()) == traceability


def test_the_package_imports_cleanly() -> None:
    assert import_all_modules("ragusa") == ()


def test_collection_reads_markers_and_skips(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\naddopts = --import-mode=importlib\nmarkers =\n    clause(*ids): clause IDs\n", encoding="utf-8"
    )
    (tmp_path / "test_fabricated_clauses.py").write_text(
        textwrap.dedent(
            """
            import pytest

            @pytest.mark.clause("BUILD-1")
            def test_runs(): pass

            @pytest.mark.skip(reason="later")
            @pytest.mark.clause("BUILD-2")
            def test_skipped(): pass

            @pytest.mark.skipif(True, reason="always")
            @pytest.mark.clause("BUILD-2", "BUILD-1")
            def test_skipif_true(): pass

            @pytest.mark.skipif(False, reason="never")
            @pytest.mark.clause("BUILD-2")
            def test_skipif_false(): pass

            @pytest.mark.clause("BUILD-1")
            class TestGroup:
                @pytest.mark.parametrize("n", [1, 2])
                def test_param(self, n): pass

            def test_unmarked(): pass
            """
        ),
        encoding="utf-8",
    )
    refs, error = collect_tests(tmp_path)
    assert error is None
    found = {r.nodeid.split("::", 1)[1]: (r.clause_ids, r.skipped) for r in refs}
    assert found == {
        "test_runs": (("BUILD-1",), False),
        "test_skipped": (("BUILD-2",), True),
        "test_skipif_true": (("BUILD-2", "BUILD-1"), True),
        "test_skipif_false": (("BUILD-2",), False),
        "TestGroup::test_param[1]": (("BUILD-1",), False),
        "TestGroup::test_param[2]": (("BUILD-1",), False),
    }


def test_collection_reports_a_broken_test_module(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = --import-mode=importlib\n", encoding="utf-8")
    (tmp_path / "test_fabricated_broken.py").write_text("import no_such_module_here\n", encoding="utf-8")
    _, error = collect_tests(tmp_path)
    assert error is not None and "no_such_module_here" in error


def test_linkify_links_ids_outside_code_spans() -> None:
    registry = default_registry()
    text = pages.linkify("see R-3 and `R-3`, not R-33 or XR-3", registry, "rules/build.md")
    assert text == "see [R-3](../rulings.md#R-3) and `R-3`, not R-33 or XR-3"
