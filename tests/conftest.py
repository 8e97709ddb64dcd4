"""Suite-wide pytest hooks and the hypothesis profiles.

The property tests run under the ``suite`` profile wherever the suite runs (CI, a laptop, the README's
command): examples are derived from each test's own code (``derandomize``), no example database is
read or written, and nothing depends on time (no deadline, no too-slow health check). The same
commit therefore always gets the same verdict. The ``explore`` profile (``python -m tests.explore``,
see CONTRIBUTING) draws new examples from a seed at a larger budget, to find what the fixed examples
miss; each failure it finds becomes a fixed test.

With ``RAGUSA_FAIL_ON_SKIP=1`` in the environment (CI sets it, after installing every extra), a
skipped test fails the run: on a complete install nothing may skip, so a skip means a test that
silently stopped checking anything.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

#: what both profiles share: no example database, nothing that depends on the clock
_TIMELESS = settings(database=None, deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow])
#: the suite's profile: the same examples on every run and every machine
settings.register_profile("suite", _TIMELESS, derandomize=True)
#: the exploration's profile (`python -m tests.explore`): examples drawn from `--hypothesis-seed`,
#: every test's budget multiplied by `--explore-budget`
settings.register_profile("explore", _TIMELESS, derandomize=False)
# the suite's profile whatever the environment says (hypothesis would load its own "ci" profile when
# CI is set); `--hypothesis-profile explore` selects the other one after this
settings.load_profile("suite")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--explore-budget",
        type=int,
        default=10,
        help="under the explore profile, each property test's examples times this (default 10)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under the ``explore`` profile, every property test draws new examples (even one that asks for
    ``derandomize``) and runs its budget times as many."""
    if settings.get_current_profile_name() != "explore":
        return
    factor: int = config.getoption("--explore-budget")
    done: set[int] = set()
    for item in items:
        test = getattr(item, "obj", None)
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if test is None or not isinstance(own, settings) or id(test) in done:
            continue
        done.add(id(test))
        # hypothesis reads a test's settings from this attribute each time the test runs
        test._hypothesis_internal_use_settings = settings(
            own, derandomize=False, database=None, max_examples=own.max_examples * factor
        )


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
