"""The generator (`ragusa.core.rng`): `below` inlines `next_u32` for speed and must draw
exactly as the plain rejection loop over `next_u32` does (the golden records pin the generator
itself). (Tooling: no clause marker.)"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ragusa.core import rng


def _below_by_next_u32(state: int, n: int) -> tuple[int, int]:
    threshold = (1 << 32) % n
    while True:
        out, state = rng.next_u32(state)
        if out >= threshold:
            return out % n, state


@settings(max_examples=300, deadline=None)
@given(st.integers(0, (1 << 64) - 1), st.integers(1, (1 << 32) - 1))
def test_below_draws_as_the_rejection_loop_over_next_u32(state: int, n: int) -> None:
    assert rng.below(state, n) == _below_by_next_u32(state, n)


def test_below_on_small_ranges_and_shuffles_follow_next_u32() -> None:
    state = rng.seed_state(12)
    for n in range(1, 200):
        assert rng.below(state, n) == _below_by_next_u32(state, n)
        state = rng.next_u32(state)[1]
    items = list(range(40))
    work, expected_state = list(items), rng.seed_state(5)
    for i in range(len(work) - 1, 0, -1):
        j, expected_state = _below_by_next_u32(expected_state, i + 1)
        work[i], work[j] = work[j], work[i]
    assert rng.shuffled(rng.seed_state(5), items) == (tuple(work), expected_state)
