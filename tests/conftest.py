"""Suite-wide pytest hooks and the hypothesis profile.

With ``RAGUSA_FAIL_ON_SKIP=1`` in the environment (CI sets it, after installing every extra), a
skipped test fails the run: on a complete install nothing may skip, so a skip means a test that
silently stopped checking anything.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# CI explores the same examples on every run (a property test never fails a submission by luck);
# locally, each run draws new examples, so the fuzzers keep searching.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

_skipped: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and not hasattr(report, "wasxfail"):
        _skipped.append(report.nodeid)


def pytest_collectreport(report: pytest.CollectReport) -> None:
    if report.skipped:
        _skipped.append(report.nodeid)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if os.environ.get("RAGUSA_FAIL_ON_SKIP") != "1" or not _skipped:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(f"RAGUSA_FAIL_ON_SKIP: {len(_skipped)} unexpected skip(s):", red=True)
        for nodeid in _skipped:
            reporter.write_line(f"  {nodeid}", red=True)
    session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One `ragusa export-web` for the session (tests/test_embed*.py; it needs Node.js and npm ci --prefix js)."""
    from tests.embed_support import make_site

    return make_site(tmp_path_factory.mktemp("site"))
