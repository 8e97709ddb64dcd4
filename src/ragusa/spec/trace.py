"""Gathering the traceability data: which code and which tests name which clauses.

* Code: every module of the `ragusa` package is imported, so that each
  `@implements(...)` decorator has run and `ragusa.core.clauses.IMPLEMENTATIONS`
  is complete.
* Tests: pytest collects the test directory in this process (`--collect-only`)
  with a small plugin that reads each item's `clause` markers and whether the item
  is skipped unconditionally. Nothing is parsed by regular expression.

The result, `Traceability`, is plain data (it can go to JSON and back) and
knows nothing of the registry; `ragusa.spec.check` compares the two.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import pkgutil
import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import cattrs

if TYPE_CHECKING:
    import pytest

#: The marker tests use to name clauses (registered in pyproject.toml).
CLAUSE_MARKER = "clause"

# pytest exit codes that still mean "collection worked": OK and "no tests collected".
_COLLECTION_OK = (0, 5)


@attrs.frozen
class ImportFailure:
    """A module of the package that could not be imported (its clauses are then unknown)."""

    module: str
    error: str


@attrs.frozen
class CollectedTest:
    """One collected test item and the clause IDs its `clause` markers name."""

    nodeid: str
    clause_ids: tuple[str, ...]
    skipped: bool = False
    #: True when the item carries a `clause` marker with no ID at all
    empty_marker: bool = False

    @property
    def base_nodeid(self) -> str:
        """The node ID without its parametrization suffix (`test_x[3]` -> `test_x`)."""
        head, bracket, _ = self.nodeid.partition("[")
        return head if bracket else self.nodeid


@attrs.frozen
class Traceability:
    """What the code and the tests claim, before comparison with the registry."""

    #: clause ID -> qualified names of the functions marked `@implements(ID)`
    implementations: Mapping[str, tuple[str, ...]]
    #: every collected test item that carries a `clause` marker
    tests: tuple[CollectedTest, ...]
    import_failures: tuple[ImportFailure, ...] = ()
    #: set when the tests could not be collected (pytest's output, shortened)
    collection_error: str | None = None

    def to_json(self) -> str:
        """Serialise to JSON (see `from_json`)."""
        return json.dumps(cattrs.unstructure(self), indent=2, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Traceability:
        """Read what `to_json` wrote."""
        data: Any = json.loads(text)
        data["implementations"] = {k: tuple(v) for k, v in data["implementations"].items()}
        return cattrs.structure(data, cls)


# ----------------------------------------------------------------------- code


def import_all_modules(package: str = "ragusa") -> tuple[ImportFailure, ...]:
    """Import every module of `package` (`__main__` modules excepted); return the failures."""
    failures: list[ImportFailure] = []

    def record(name: str) -> None:
        failures.append(ImportFailure(name, traceback.format_exc(limit=0).strip()))

    try:
        root = importlib.import_module(package)
    except Exception:
        record(package)
        return tuple(failures)
    for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}.", onerror=record):
        if info.name.rsplit(".", 1)[-1] == "__main__":
            continue
        try:
            importlib.import_module(info.name)
        except Exception:
            record(info.name)
    return tuple(failures)


def implementations_snapshot() -> dict[str, tuple[str, ...]]:
    """A copy of `ragusa.core.clauses.IMPLEMENTATIONS` as it stands now."""
    from ragusa.core.clauses import IMPLEMENTATIONS

    return {cid: tuple(names) for cid, names in IMPLEMENTATIONS.items()}


# ---------------------------------------------------------------------- tests


def _condition_holds(condition: object) -> bool:
    """Whether a `skipif` condition skips in this run.

    Conditions given as values (`skipif(sys.platform == "win32")`) were evaluated
    when the test module was imported; a string condition would need evaluating in
    the test's namespace and is treated as not skipping.
    """
    if isinstance(condition, str):
        return False
    return bool(condition)


def is_skipped(item: pytest.Item) -> bool:
    """True when the item carries `skip`, or a `skipif` with no condition or a condition that holds."""
    if next(item.iter_markers("skip"), None) is not None:
        return True
    for mark in item.iter_markers("skipif"):
        conditions: tuple[object, ...] = mark.args
        if "condition" in mark.kwargs:
            conditions = (mark.kwargs["condition"],)
        if not conditions or any(_condition_holds(c) for c in conditions):
            return True
    return False


def collected_test(item: pytest.Item) -> CollectedTest | None:
    """The `CollectedTest` of a pytest item, or None when it names no clause."""
    marks = list(item.iter_markers(CLAUSE_MARKER))
    if not marks:
        return None
    ids: list[str] = []
    for mark in marks:
        for arg in mark.args:
            text = arg if isinstance(arg, str) else repr(arg)
            if text not in ids:
                ids.append(text)
    empty = any(not mark.args for mark in marks)
    return CollectedTest(nodeid=item.nodeid, clause_ids=tuple(ids), skipped=is_skipped(item), empty_marker=empty)


class ClauseCollector:
    """A pytest plugin that records the clause markers of the collected items."""

    def __init__(self) -> None:
        self.refs: list[CollectedTest] = []

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        for item in session.items:
            ref = collected_test(item)
            if ref is not None:
                self.refs.append(ref)


def _tail(text: str, lines: int = 40) -> str:
    kept = text.strip().splitlines()[-lines:]
    return "\n".join(kept)


def collect_tests(tests_dir: Path | str) -> tuple[tuple[CollectedTest, ...], str | None]:
    """Collect `tests_dir` with pytest in this process; return the refs and an error text or None."""
    import pytest

    path = Path(tests_dir)
    if not path.exists():
        return (), f"tests directory not found: {path}"
    collector = ClauseCollector()
    output = io.StringIO()
    args = ["--collect-only", "-q", "-p", "no:cacheprovider", str(path)]
    with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
        exit_code = pytest.main(args, plugins=[collector])
    if int(exit_code) not in _COLLECTION_OK:
        return tuple(collector.refs), f"pytest collection failed (exit {int(exit_code)}):\n{_tail(output.getvalue())}"
    return tuple(collector.refs), None


def gather(tests_dir: Path | str, package: str = "ragusa") -> Traceability:
    """Import the package, collect the tests, and return everything they claim."""
    failures = import_all_modules(package)
    tests, error = collect_tests(tests_dir)
    return Traceability(
        implementations=implementations_snapshot(),
        tests=tests,
        import_failures=failures,
        collection_error=error,
    )


def index_by_clause(tests: Sequence[CollectedTest]) -> dict[str, list[CollectedTest]]:
    """Clause ID -> the test items that name it, in collection order."""
    index: dict[str, list[CollectedTest]] = {}
    for ref in tests:
        for cid in ref.clause_ids:
            index.setdefault(cid, []).append(ref)
    return index
