"""The generator (`ragusa.core.rng`): `below` and both forms of the shuffle (`shuffled` on a 64-bit
state, `shuffled_in_words` on three words, which the compiled build runs) inline `next_u32` for speed
and must draw exactly as the plain rejection loop over `next_u32` does (the golden records pin the
generator itself). (Tooling: no clause marker.)"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ragusa.core import rng

SHUFFLES = [rng.shuffled, rng.shuffled_in_words]
Shuffle = Callable[[int, Sequence[int]], tuple[tuple[int, ...], int]]


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


def _shuffled_by_next_u32(state: int, items: Sequence[int]) -> tuple[tuple[int, ...], int]:
    work = list(items)
    for i in range(len(work) - 1, 0, -1):
        j, state = _below_by_next_u32(state, i + 1)
        work[i], work[j] = work[j], work[i]
    return tuple(work), state


@pytest.mark.parametrize("shuffle", SHUFFLES)
@settings(max_examples=200, deadline=None)
@given(st.integers(0, (1 << 64) - 1), st.integers(0, 40))
def test_both_shuffles_draw_as_the_rejection_loop_over_next_u32(shuffle: Shuffle, state: int, n: int) -> None:
    items = list(range(100, 100 + n))
    assert shuffle(state, items) == _shuffled_by_next_u32(state, items)
    assert items == list(range(100, 100 + n))  # not modified


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_both_shuffles_reject_a_draw_below_the_threshold(shuffle: Shuffle) -> None:
    # a state below 2**27 has no bit the output reads: its first draw is 0, under 2**32 % 3 == 1, so
    # the first pick of a 3-card shuffle is rejected and drawn again from the next state
    assert rng.next_u32(5)[0] == 0 and (1 << 32) % 3 == 1
    again = rng.next_u32(5)[1]
    first, after = _below_by_next_u32(again, 3)
    second, end = _below_by_next_u32(after, 2)
    work = [0, 1, 2]
    work[2], work[first] = work[first], work[2]
    work[1], work[second] = work[second], work[1]
    assert shuffle(5, (0, 1, 2)) == (tuple(work), end)


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_both_shuffles_leave_one_card_and_no_card_and_the_state_alone(shuffle: Shuffle) -> None:
    assert shuffle(123, ()) == ((), 123)
    assert shuffle((1 << 64) - 1, (7,)) == ((7,), (1 << 64) - 1)
