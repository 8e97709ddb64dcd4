"""The suite's verdict never depends on luck or on the clock: every property test runs under the
``suite`` profile (tests/conftest.py), the exploration (`python -m tests.explore`) is the only place
where examples are drawn at random."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.explore import command

_DRAWN: list[int] = []


def test_the_suite_runs_the_fixed_profile_whatever_the_environment() -> None:
    assert settings.get_current_profile_name() == "suite"
    current = settings()
    assert current.derandomize and current.database is None and current.deadline is None
    assert HealthCheck.too_slow in current.suppress_health_check


@settings(max_examples=5)
@given(st.integers(0, 2**60))
def _draw(n: int) -> None:
    _DRAWN.append(n)


def test_a_property_draws_the_same_examples_on_every_run() -> None:
    _draw()
    first = list(_DRAWN)
    _DRAWN.clear()
    _draw()
    assert _DRAWN == first and len(first) == 5


def test_the_exploration_prints_the_command_that_finds_a_failure_again() -> None:
    assert command(7, 20, ["tests/test_rng.py::test_x"]) == (
        "python -m tests.explore --seed 7 --budget 20 tests/test_rng.py::test_x"
    )
