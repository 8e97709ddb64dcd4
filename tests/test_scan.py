"""The fast placement scan (issue 12) gives exactly what the reference requirement check gives."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ragusa.core.actions import Place
from ragusa.core.board import BOARD
from ragusa.core.state import EMPTY
from ragusa.core.work import Work
from ragusa.rules.game import new_game
from ragusa.rules.requirements import SPOT_INFO, STONE, WOOD, own_house_counts, placements
from ragusa.rules.scan import free_mask, free_spots, house_place_actions, house_placements, needs_of

N_HEXES = len(BOARD.hex_ids)
ALL_SPOTS = list(range(len(BOARD.spot_ids)))

resources = st.lists(st.integers(0, 6), min_size=6, max_size=6)
commodities = st.lists(st.integers(0, 2), min_size=3, max_size=3)
counts = st.lists(st.integers(0, 4), min_size=N_HEXES, max_size=N_HEXES).map(tuple)


@pytest.mark.clause("BUILD-1", "BUILD-2", "BUILD-3", "BUILD-6", "BUILD-7", "BUILD-8", "R-3")
@settings(max_examples=300, deadline=None)
@given(resources, commodities, counts, st.booleans(), st.sets(st.sampled_from(ALL_SPOTS)))
def test_the_scan_matches_the_reference_check(
    res: list[int], com: list[int], cnt: tuple[int, ...], strict: bool, taken: set[int]
) -> None:
    free = [s for s in ALL_SPOTS if s not in taken]
    assert house_placements(res, com, cnt, free, strict) == placements(res, com, cnt, free, False, strict)


def _needs_by_hand(cnt: tuple[int, ...]) -> tuple[list[int], list[int]]:
    wood: list[int] = []
    stone: list[int] = []
    for info in SPOT_INFO:
        for hexes, gained, out in ((info.country, WOOD, wood), (info.city, STONE, stone)):
            need = max((cnt[h] + 1 for h in hexes), default=0)
            out.append(max(0, need - info.gains.count(gained)))
    return wood, stone


@pytest.mark.clause("BUILD-2", "BUILD-3", "BUILD-6")
@settings(max_examples=100, deadline=None)
@given(counts, st.lists(st.tuples(st.integers(0, N_HEXES - 1), st.integers(0, 3)), max_size=5))
def test_need_tables_updated_from_a_near_table_equal_fresh_ones(
    start: tuple[int, ...], changes: list[tuple[int, int]]
) -> None:
    assert needs_of(start) == _needs_by_hand(start)
    after = list(start)
    for h, v in changes:
        after[h] = v
    key = tuple(after)
    assert needs_of(key) == _needs_by_hand(key)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from((-3, -2, -1, -1, -1, 0, 1, 2)), min_size=75, max_size=75), max_size=6))
def test_free_spots_are_the_empty_spots_of_any_sequence_of_boards(boards: list[list[int]]) -> None:
    # kept answers are reused only when they are provably the same: pieces added, or any other board
    for board in boards:
        houses = tuple(board)
        assert free_spots(houses) == [s for s, owner in enumerate(houses) if owner == EMPTY]
        grown = tuple(0 if s % 7 == 3 and owner == EMPTY else owner for s, owner in enumerate(houses))
        assert free_spots(grown) == [s for s, owner in enumerate(grown) if owner == EMPTY]


@pytest.mark.clause("BUILD-1", "BUILD-2", "BUILD-3", "BUILD-6", "BUILD-7", "BUILD-8", "R-3")
@settings(max_examples=300, deadline=None)
@given(
    resources,
    commodities,
    counts,
    st.booleans(),
    st.lists(st.sampled_from((-3, -2, -1, -1, -1, 0, 1)), min_size=75, max_size=75),
    st.integers(-1, 4),
)
def test_the_place_actions_match_the_reference_check_on_any_board(
    res: list[int], com: list[int], cnt: tuple[int, ...], strict: bool, board: list[int], hint: int
) -> None:
    houses = tuple(board)
    free = [s for s, owner in enumerate(houses) if owner == EMPTY]
    expected = [Place(BOARD.spot_ids[s], False, t) for s, t in placements(res, com, cnt, free, False, strict)]
    assert house_place_actions(res, com, cnt, houses, strict, hint) == expected


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(ALL_SPOTS), st.sampled_from((0, 1, 2, 3, -2, -3))), min_size=1, max_size=30),
    st.lists(st.sampled_from((0, 1, 2, 3)), min_size=1, max_size=30),
)
def test_counts_and_free_spots_kept_across_set_house_match_a_rescan(
    writes: list[tuple[int, int]], asked: list[int]
) -> None:
    """The free spots are updated from the board they were last computed on when `Work.set_house`
    made the new board (`ragusa.core.work.house_step`); after any sequence of writes (reserved
    spots taken over included), asked at any step, they (and a seat's houses per hex) are what a
    fresh scan of the board gives. (Tooling: no clause marker.)"""
    state = new_game(4, seed=1)
    work = Work(state)
    for k, (spot, owner) in enumerate(writes):
        work.set_house(spot, owner)
        houses = work.houses
        seat = asked[k % len(asked)]
        expected = [0] * N_HEXES
        for s, h in enumerate(houses):
            if h == seat:
                for x in BOARD.spot_hexes[s]:
                    expected[x] += 1
        assert own_house_counts(houses, seat) == tuple(expected)
        assert free_spots(houses) == [s for s, h in enumerate(houses) if h == EMPTY]
        assert free_mask(houses) == sum(1 << s for s, h in enumerate(houses) if h == EMPTY)
