"""The random exploration of the property tests: every hypothesis test of the suite (or those named)
with examples drawn from a seed, at a larger budget than the suite's fixed examples.

    python -m tests.explore                          # a new seed, every property test, 10 times its budget
    python -m tests.explore --seed 1234 --budget 50 tests/test_boundary_states.py

The suite itself never draws at random (tests/conftest.py's ``suite`` profile), so a failure found
here changes no verdict of CI: it is printed with the seed, the command that finds it again and
hypothesis's minimal falsifying example (its ``@reproduce_failure`` blob too), to be written into the
suite as a fixed test before it is fixed.
"""

from __future__ import annotations

import argparse
import random
import sys

import pytest


class _Failures:
    """The node ids of the tests that failed."""

    def __init__(self) -> None:
        self.ids: list[str] = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.failed:
            self.ids.append(report.nodeid)


def command(seed: int, budget: int, targets: list[str]) -> str:
    """The command line that runs the same exploration again."""
    return " ".join(["python -m tests.explore", f"--seed {seed}", f"--budget {budget}", *targets])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.explore", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=None, help="the seed of the draws (a new one unless given)")
    parser.add_argument("--budget", type=int, default=10, help="each test's examples times this (default 10)")
    parser.add_argument("targets", nargs="*", help="test files or node ids (default: the whole suite)")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    targets: list[str] = args.targets or ["tests"]
    print(f"exploring with seed {seed}, {args.budget} times each test's budget: {command(seed, args.budget, targets)}")
    failures = _Failures()
    code = pytest.main(
        [
            "-q",
            "-p",
            "no:cacheprovider",
            "-m",
            "hypothesis",
            "--hypothesis-profile=explore",
            f"--hypothesis-seed={seed}",
            f"--explore-budget={args.budget}",
            *targets,
        ],
        plugins=[failures],
    )
    if failures.ids:
        print(f"\n{len(failures.ids)} failure(s) with seed {seed}; the minimal examples are printed above.")
        for nodeid in failures.ids:
            print(f"  {nodeid}\n    again: {command(seed, args.budget, [nodeid])}")
        print("Write each minimal example into the suite as a fixed test (an @example or a plain test), then fix.")
    elif code == pytest.ExitCode.OK:
        print(f"no failure with seed {seed}")
    return int(code)


if __name__ == "__main__":
    sys.exit(main())
