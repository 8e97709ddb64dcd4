"""Tests of ragusa.rules.scoring: walls, Mason, Cathedral, bonus cards, winner.

Positions are built by hand from BOARD indices. Ring positions: ``R[j]`` is the j-th
wall-ring spot clockwise, and segment ``i`` joins ``R[i]`` and ``R[(i + 1) % N]``, so the
spot *between* segments ``i - 1`` and ``i`` is ``R[i]``. Every expected number is worked
out by hand in a comment next to it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ragusa.core.board import BOARD
from ragusa.core.components import BUILDINGS, COMPONENTS
from ragusa.core.state import (
    EMPTY,
    POWERHOUSE,
    RESERVED,
    VP_SHIPS,
    GameState,
    Options,
    Phase,
    PlayerState,
)
from ragusa.rules.buildings.mason import mason_vp
from ragusa.rules.scoring import (
    bonus_card_score,
    cathedral_score,
    commodity_value,
    longest_stretch,
    ring_values,
    wall_score,
    winners,
)

R = BOARD.ring_spots
N = len(R)
N_SPOTS = len(BOARD.spot_ids)
CATHEDRAL = BOARD.hex_spots[BOARD.building_hex[BUILDINGS.index("cathedral")]]
TRACK = COMPONENTS.market.track


def passable(state: GameState, seat: int, spot: int) -> bool:
    """Whether a stretch of `seat`'s wall may run through the ring spot `spot` (END-WALL-1)."""
    ok, _ = ring_values(state.houses, state.towers, seat)
    return ok[R.index(spot)]


def bead(value: int) -> int:
    """A market bead index whose track value is ``value`` (the first such space)."""
    return TRACK.index(value)


def make_state(
    n_players: int = 3,
    *,
    edition: str = "2nd",
    houses: Mapping[int, int] | None = None,
    towers: Mapping[int, int] | None = None,
    walls: Iterable[int] | Mapping[int, int] = (),
    market: tuple[int, int, int] | None = None,
    players: Sequence[PlayerState] | None = None,
) -> GameState:
    """A finished game's state: ``houses``/``towers`` map spot index -> seat (or POWERHOUSE /
    RESERVED); ``walls`` lists built segment indices (builder seat 0) or maps segment -> builder."""
    h = [EMPTY] * N_SPOTS
    for s, v in (houses or {}).items():
        h[s] = v
    t = [EMPTY] * N_SPOTS
    for s, v in (towers or {}).items():
        t[s] = v
    w = [EMPTY] * N
    if isinstance(walls, Mapping):
        for i, b in walls.items():
            w[i] = b
    else:
        for i in walls:
            w[i] = 0
    if players is None:
        players = [PlayerState() for _ in range(n_players)]
    assert len(players) == n_players
    start = COMPONENTS.market.start
    return GameState(
        edition=edition,
        options=Options(),
        rng=0,
        players=tuple(players),
        start_seat=0,
        phase=Phase.OVER,
        seat=None,
        turn_seat=0,
        placements=0,
        houses=tuple(h),
        towers=tuple(t),
        walls=tuple(w),
        market=market if market is not None else (start, start, start),
        slots=tuple(None for _ in COMPONENTS.market.slots),
        ship_deck=(),
        bonus_deck=(),
    )


def test_board_facts_the_tests_rely_on() -> None:
    # MASON-1: the ring has 22 segments; every ring spot is distinct and a tower spot.
    assert N == 22
    assert len(set(R)) == N
    assert all(BOARD.spot_tower[s] for s in R)
    assert all(BOARD.wall_spots[i] == (R[i], R[(i + 1) % N]) for i in range(N))
    assert len(CATHEDRAL) == 6


# --------------------------------------------------------------------------- walls


@pytest.mark.clause("END-WALL-1", "END-WALL-2", "ED-5")
@pytest.mark.parametrize("edition", ["1st", "2nd"])
def test_rulebook_wall_figure(edition: str) -> None:
    # The 2nd-edition figure, laid out on one ring of 22 = 10 + 8 + 4 segments.
    # Red = 0, Yellow = 1, Blue = 2.
    red, yellow, blue = 0, 1, 2
    houses = {
        R[0]: yellow,  # between seg 21 and seg 0: ends Blue's and Red's stretches
        R[1]: red,
        R[2]: red,
        R[3]: red,
        R[4]: red,  # inside Red's stretch (segs 0..9)
        R[10]: blue,  # between seg 9 and seg 10: ends Red's and Yellow's
        R[11]: yellow,
        R[12]: yellow,
        R[13]: yellow,  # inside Yellow's (segs 10..17)
        R[18]: red,  # between seg 17 and seg 18: ends Yellow's and Blue's
        R[19]: blue,
        R[20]: blue,  # inside Blue's (segs 18..21)
    }
    towers = {
        R[7]: red,
        R[8]: red,
        R[9]: red,
        R[14]: yellow,
        R[15]: yellow,
        R[16]: yellow,
    }
    st_ = make_state(3, edition=edition, houses=houses, towers=towers, walls=range(N))
    # Red: segs 0..9 (inner spots R1..R9; R0 yellow house and R10 blue house block):
    # 10 segments + 4 houses (R1..R4) + 3 towers (R7..R9) = 17.
    # Red's other runs: segs 16,17,18 (R16 yellow tower blocks, R17 empty, R18 red house,
    # R19 blue house blocks) = 3 segments -> shorter.
    assert longest_stretch(st_, red) == (10, 17)
    assert wall_score(st_, red) == 17
    # Yellow: segs 10..17 (inner R11..R17, R10 blue / R18 red block): 8 + 3 houses + 3 towers = 14
    # (ED-5: the 1st edition's figure says 15, an arithmetic slip; 14 in both editions).
    # Yellow's other run: segs 20,21,0 (R20 blue blocks, R21 empty, R0 yellow, R1 red blocks) = 3.
    assert longest_stretch(st_, yellow) == (8, 14)
    assert wall_score(st_, yellow) == 14
    # Blue: segs 18..21 (inner R19..R21; R18 red and R0 yellow block): 4 + 2 houses = 6.
    # Blue's other run: segs 9,10 (R9 red tower blocks, R10 blue house, R11 yellow blocks) = 2 segments.
    assert longest_stretch(st_, blue) == (4, 6)
    assert wall_score(st_, blue) == 6


@pytest.mark.clause("END-WALL-1")
def test_empty_spots_are_passable() -> None:
    st_ = make_state(2, walls=[0, 1, 2, 3])
    for j in range(N):
        assert passable(st_, 0, R[j])
    # segs 0..3, inner spots R1, R2, R3 empty: 4 segments, nothing of seat 0 inside = 4.
    assert longest_stretch(st_, 0) == (4, 4)
    assert longest_stretch(st_, 1) == (4, 4)


@pytest.mark.clause("END-WALL-1", "END-WALL-2")
def test_other_house_breaks_own_tower_restores() -> None:
    # segs 0..3 built; seat 0 house on R1; seat 1 house on R2.
    st_ = make_state(2, houses={R[1]: 0, R[2]: 1}, walls=[0, 1, 2, 3])
    assert not passable(st_, 0, R[2])
    assert passable(st_, 1, R[2])
    # seat 0: R2 breaks -> segs 0,1 (inner R1: own house) = 2 + 1 = 3, and segs 2,3
    # (inner R3 empty) = 2; equal length, the higher score counts: (2, 3).
    assert longest_stretch(st_, 0) == (2, 3)
    # seat 1: R1 (seat 0 house) breaks -> segs 1,2,3 (inner R2: own house, R3 empty) = 3 + 1 = 4.
    assert longest_stretch(st_, 1) == (3, 4)
    # A tower of seat 0 on R2 makes it passable for seat 0 (it holds seat 0's tower).
    st2 = make_state(2, houses={R[1]: 0, R[2]: 1}, towers={R[2]: 0}, walls=[0, 1, 2, 3])
    assert passable(st2, 0, R[2])
    # segs 0..3, inner R1 (house), R2 (tower), R3: 4 + 1 + 1 = 6.
    assert longest_stretch(st2, 0) == (4, 6)
    # seat 1 still passes R2 (own house), but R1 blocks: segs 1..3 = 3 + 1 house = 4.
    assert longest_stretch(st2, 1) == (3, 4)


@pytest.mark.clause("END-WALL-1")
def test_other_tower_alone_breaks_own_house_under_other_tower_passes() -> None:
    # R2: seat 1 tower on an empty spot -> blocks seat 0; R3: seat 0 house under seat 1 tower.
    st_ = make_state(2, houses={R[3]: 0}, towers={R[2]: 1, R[3]: 1}, walls=[0, 1, 2, 3])
    assert not passable(st_, 0, R[2])
    assert passable(st_, 0, R[3])
    assert passable(st_, 1, R[3])  # holds seat 1's tower
    # seat 0: segs 0,1 (inner R1 empty) = 2; segs 2,3 (inner R3 own house) = 2 + 1 = 3 -> (2, 3).
    assert longest_stretch(st_, 0) == (2, 3)
    # seat 1: R2 and R3 both hold its tower: segs 0..3, inner R1, R2 (tower), R3 (tower) = 4 + 2 = 6.
    assert longest_stretch(st_, 1) == (4, 6)


@pytest.mark.clause("END-WALL-1", "TWO-7")
def test_powerhouse_breaks_unless_own_tower() -> None:
    st_ = make_state(2, houses={R[2]: POWERHOUSE}, walls=[0, 1, 2, 3])
    assert not passable(st_, 0, R[2])
    assert not passable(st_, 1, R[2])
    # both seats: segs 0,1 | segs 2,3, each 2 segments, nothing inside -> (2, 2).
    assert longest_stretch(st_, 0) == (2, 2)
    assert longest_stretch(st_, 1) == (2, 2)
    st2 = make_state(2, houses={R[2]: POWERHOUSE}, towers={R[2]: 1}, walls=[0, 1, 2, 3])
    assert passable(st2, 1, R[2])
    assert not passable(st2, 0, R[2])
    # seat 1: segs 0..3, inner R2 holds its tower (the powerhouse counts for no one) = 4 + 1 = 5.
    assert longest_stretch(st2, 1) == (4, 5)
    assert longest_stretch(st2, 0) == (2, 2)


@pytest.mark.clause("END-WALL-1", "TWO-7")
def test_reserved_black_house_breaks_unless_own_tower() -> None:
    st_ = make_state(3, houses={R[5]: RESERVED}, towers={R[5]: 2}, walls=[4, 5, 6])
    # seat 0: R5 blocks -> seg 4 | segs 5,6 (inner R6 empty) -> (2, 2).
    assert longest_stretch(st_, 0) == (2, 2)
    # seat 2: its tower on R5 -> segs 4,5,6, inner R5 (tower) and R6 = 3 + 1 = 4.
    assert longest_stretch(st_, 2) == (3, 4)


@pytest.mark.clause("END-WALL-2")
def test_end_spots_are_not_part_of_the_stretch() -> None:
    # segs 3,4,5 built; seat 0 house + tower on both end spots R3 and R6, house on inner R4.
    st_ = make_state(2, houses={R[3]: 0, R[6]: 0, R[4]: 0}, towers={R[3]: 0, R[6]: 0}, walls=[3, 4, 5])
    # inner spots R4 (house) and R5: 3 segments + 1 = 4; the ends R3, R6 score nothing.
    assert longest_stretch(st_, 0) == (3, 4)


@pytest.mark.clause("END-WALL-2", "R-6")
def test_tie_between_equal_lengths_takes_higher_score() -> None:
    # Stretch A: segs 0,1,2 with seat 0 house on R1 -> 3 + 1 = 4.
    # Stretch B: segs 5,6,7 with seat 0 house on R6 and tower on R7 -> 3 + 2 = 5.
    # (segs 3, 4 unbuilt separate them.)
    st_ = make_state(2, houses={R[1]: 0, R[6]: 0}, towers={R[7]: 0}, walls=[0, 1, 2, 5, 6, 7])
    assert longest_stretch(st_, 0) == (3, 5)
    assert wall_score(st_, 0) == 5
    # Same but the better one listed first in ring order: A gets house + tower (3 + 2 = 5),
    # B gets a house (3 + 1 = 4) -> still 5.
    st2 = make_state(2, houses={R[1]: 0, R[6]: 0}, towers={R[2]: 0}, walls=[0, 1, 2, 5, 6, 7])
    assert longest_stretch(st2, 0) == (3, 5)


@pytest.mark.clause("END-WALL-2", "R-6")
def test_longest_wins_over_higher_scoring_shorter() -> None:
    # Stretch A: segs 0,1,2 with seat 0 house+tower on R1 and house+tower on R2 -> 3 + 4 = 7.
    # Stretch B: segs 10..13, nothing inside -> 4 segments, 4 VP.
    st_ = make_state(2, houses={R[1]: 0, R[2]: 0}, towers={R[1]: 0, R[2]: 0}, walls=[0, 1, 2, 10, 11, 12, 13])
    # Longest = most segments: B (4) beats A (3) although A scores more.
    assert longest_stretch(st_, 0) == (4, 4)
    assert wall_score(st_, 0) == 4


@pytest.mark.clause("END-WALL-2", "R-6")
def test_full_ring_is_one_stretch_with_all_spots() -> None:
    # All 22 segments built, all spots empty: 22 segments, 22 spots inside, no pieces -> 22.
    st_ = make_state(2, walls=range(N))
    assert longest_stretch(st_, 0) == (22, 22)
    # Own houses on R0, R5, R11 and towers on R0, R21 (all passable): 22 + 3 + 2 = 27;
    # R0 (between seg 21 and seg 0) is inside too.
    st2 = make_state(2, houses={R[0]: 0, R[5]: 0, R[11]: 0}, towers={R[0]: 0, R[21]: 0}, walls=range(N))
    assert longest_stretch(st2, 0) == (22, 27)
    # For seat 1, seat 0's pieces block R0, R5, R11 (houses) and R21 (tower alone); R[j] sits
    # between segs j-1 and j, so the runs are segs 0..4 (5), 5..10 (6), 11..20 (10), 21 (1)
    # -> (10, 10).
    assert longest_stretch(st2, 1) == (10, 10)


@pytest.mark.clause("END-WALL-1", "END-WALL-2", "R-6")
def test_full_ring_with_one_blocking_spot() -> None:
    # All 22 built, a seat 1 house on R5: for seat 0 one stretch of all 22 segments from
    # seg 5 round to seg 4, with R5 as both of its ends; 21 spots inside.
    # Seat 0 house on R0 and tower on R10 inside: 22 + 2 = 24.
    st_ = make_state(2, houses={R[5]: 1, R[0]: 0}, towers={R[10]: 0}, walls=range(N))
    assert longest_stretch(st_, 0) == (22, 24)
    # Seat 0 house on the blocking spot R5 instead scores nothing there: only R0 -> 22 + 1.
    st2 = make_state(2, houses={R[5]: 1, R[0]: 0}, towers={R[5]: 1}, walls=range(N))
    assert longest_stretch(st2, 0) == (22, 23)


@pytest.mark.clause("END-WALL-1", "END-WALL-2")
def test_wrap_around_segment_22_to_segment_1() -> None:
    # Segments 21, 22, 1, 2 (indices 20, 21, 0, 1) built; inner spots R21, R0 (the spot
    # joining seg 22 and seg 1) and R1. Seat 0 house on R0, tower on R21 -> 4 + 2 = 6.
    st_ = make_state(2, houses={R[0]: 0}, towers={R[N - 1]: 0}, walls=[N - 2, N - 1, 0, 1])
    assert longest_stretch(st_, 0) == (4, 6)
    # Seat 1: R0 holds seat 0's house and R21 seat 0's tower alone, both block; R1 is empty
    # -> seg 20 | seg 21 | segs 0,1 -> (2, 2).
    assert longest_stretch(st_, 1) == (2, 2)


@pytest.mark.clause("END-WALL-2")
def test_no_wall_built() -> None:
    st_ = make_state(2, houses={R[3]: 0}, towers={R[4]: 0})
    assert longest_stretch(st_, 0) == (0, 0)
    assert wall_score(st_, 0) == 0


@pytest.mark.clause("END-WALL-2")
def test_builder_does_not_matter() -> None:
    # segs 0,1,2 built by seats 1, 0, 1: a stretch counts every built segment, whoever built it.
    st_ = make_state(2, houses={R[1]: 0}, walls={0: 1, 1: 0, 2: 1})
    # 3 segments + house on R1 = 4.
    assert longest_stretch(st_, 0) == (3, 4)


# --------------------------------------------------------------------------- Mason


@pytest.mark.clause("MASON-1")
def test_mason_next_to_own_house() -> None:
    # Rulebook: a wall next to one of your houses scores 2 VP (1 + 1 house).
    st_ = make_state(2, houses={R[3]: 0})
    assert mason_vp(st_.houses, st_.towers, 0, 3) == 2  # seg 3 joins R3 and R4
    assert mason_vp(st_.houses, st_.towers, 0, 2) == 2  # seg 2 joins R2 and R3
    assert mason_vp(st_.houses, st_.towers, 0, 4) == 1  # seg 4 joins R4 and R5: nothing of seat 0
    assert mason_vp(st_.houses, st_.towers, 1, 3) == 1  # seat 0's house scores nothing for seat 1


@pytest.mark.clause("MASON-1", "TWO-7")
def test_mason_houses_and_towers_on_both_ends() -> None:
    # seg 7 joins R7 and R8. R7: seat 0 house + seat 0 tower (2); R8: seat 0 tower (1).
    st_ = make_state(2, houses={R[7]: 0}, towers={R[7]: 0, R[8]: 0})
    assert mason_vp(st_.houses, st_.towers, 0, 7) == 4  # 1 + 2 + 1
    # A powerhouse counts for no one: seg 9 joins R9 (powerhouse) and R10 (seat 1 tower).
    st2 = make_state(2, houses={R[9]: POWERHOUSE}, towers={R[10]: 1})
    assert mason_vp(st2.houses, st2.towers, 0, 9) == 1
    assert mason_vp(st2.houses, st2.towers, 1, 9) == 2  # 1 + seat 1's tower


# --------------------------------------------------------------------------- Cathedral


SILVER4_WINE3_OIL2 = (bead(4), bead(3), bead(2))


@pytest.mark.clause("END-CATH-1")
def test_cathedral_rulebook_examples() -> None:
    houses = {CATHEDRAL[0]: 0, CATHEDRAL[3]: 0}
    # rulebook example: silver 4, wine 3, oil 2; 2 houses; 3 sets held -> min(2, 3) = 2 sets x (4+3+2) = 18.
    p = PlayerState(commodities=(3, 3, 3))
    st_ = make_state(2, houses=houses, market=SILVER4_WINE3_OIL2, players=[p, PlayerState()])
    assert cathedral_score(st_, 0) == 18
    # Rulebook text: 2 houses, 2 sets -> 2 x 9 = 18.
    p = PlayerState(commodities=(2, 5, 2))
    st_ = make_state(2, houses=houses, market=SILVER4_WINE3_OIL2, players=[p, PlayerState()])
    assert cathedral_score(st_, 0) == 18
    # 2 houses, 1 complete set (silver 1, wine 5, oil 2 -> min 1) -> 1 x 9 = 9.
    p = PlayerState(commodities=(1, 5, 2))
    st_ = make_state(2, houses=houses, market=SILVER4_WINE3_OIL2, players=[p, PlayerState()])
    assert cathedral_score(st_, 0) == 9
    # No complete set (oil 0) -> 0.
    p = PlayerState(commodities=(4, 4, 0))
    st_ = make_state(2, houses=houses, market=SILVER4_WINE3_OIL2, players=[p, PlayerState()])
    assert cathedral_score(st_, 0) == 0


@pytest.mark.clause("END-CATH-1", "TWO-7")
def test_cathedral_counts_only_own_houses() -> None:
    # Cathedral ring: seat 0 house, seat 1 house, a powerhouse. Both hold 5 sets.
    houses = {CATHEDRAL[0]: 0, CATHEDRAL[1]: 1, CATHEDRAL[2]: POWERHOUSE}
    p = PlayerState(commodities=(5, 5, 5))
    st_ = make_state(2, houses=houses, market=SILVER4_WINE3_OIL2, players=[p, p])
    assert cathedral_score(st_, 0) == 9  # 1 house x 9
    assert cathedral_score(st_, 1) == 9  # 1 house x 9
    # A house off the Cathedral scores nothing: seat 1 houses on R0 only, 5 sets -> 0.
    off = R[0] if R[0] not in CATHEDRAL else R[1]
    st2 = make_state(2, houses={off: 1}, market=SILVER4_WINE3_OIL2, players=[p, p])
    assert cathedral_score(st2, 1) == 0


# --------------------------------------------------------------------------- bonus cards


VpTuple = tuple[int, int, int, int, int, int, int]


def _ship_vp(stars: int) -> VpTuple:
    """A VP tuple with ``stars`` VP from ships and nothing else."""
    vp = [0] * 7
    vp[VP_SHIPS] = stars
    return (vp[0], vp[1], vp[2], vp[3], vp[4], vp[5], vp[6])


def _one(p: PlayerState, edition: str = "2nd") -> GameState:
    return make_state(2, edition=edition, players=[p, PlayerState()])


@pytest.mark.clause("END-BONUS-1")
def test_bonus_per_resource() -> None:
    # bonus-stone: 3 VP per stone. Resources: fish, wood, stone, silver_ore, grapes, olives.
    p = PlayerState(resources=(7, 2, 3, 0, 1, 0))
    assert bonus_card_score(_one(p), 0, "bonus-stone") == 9  # 3 x 3
    assert bonus_card_score(_one(p), 0, "bonus-fish") == 7  # 1 x 7
    assert bonus_card_score(_one(p), 0, "bonus-wood") == 4  # 2 x 2
    assert bonus_card_score(_one(p), 0, "bonus-olives") == 0  # 2 x 0
    # Cap: 5 stone x 3 = 15 -> 12.
    p = PlayerState(resources=(0, 0, 5, 0, 0, 0))
    assert bonus_card_score(_one(p), 0, "bonus-stone") == 12


@pytest.mark.clause("END-BONUS-1")
def test_bonus_per_good() -> None:
    # ship-12, ship-13: spices; ship-17: ceramics; ship-9: clothing.
    p = PlayerState(ships=("ship-12", "ship-17", "ship-13", "ship-9"))
    assert bonus_card_score(_one(p), 0, "bonus-spices") == 6  # 3 VP x 2 spices
    assert bonus_card_score(_one(p), 0, "bonus-ceramics") == 3  # 3 x 1
    assert bonus_card_score(_one(p), 0, "bonus-clothing") == 4  # 4 x 1
    assert bonus_card_score(_one(p), 0, "bonus-furs") == 0  # 3 x 0
    # Cap: ships 5..8 are silk, 4 VP x 4 = 16 -> 12.
    p = PlayerState(ships=("ship-5", "ship-6", "ship-7", "ship-8"))
    assert bonus_card_score(_one(p), 0, "bonus-silk") == 12


@pytest.mark.clause("END-BONUS-1")
def test_bonus_per_distinct_good() -> None:
    # gems (1, 2), pearls (3), silk (5), spices (12): 4 distinct goods x 2 VP = 8.
    p = PlayerState(ships=("ship-1", "ship-2", "ship-3", "ship-5", "ship-12"))
    assert bonus_card_score(_one(p), 0, "bonus-good-types") == 8
    # All 7 goods: gems 1, pearls 3, silk 5, clothing 9, spices 12, ceramics 17, furs 22
    # -> 7 x 2 = 14 -> capped at 12.
    p = PlayerState(ships=("ship-1", "ship-3", "ship-5", "ship-9", "ship-12", "ship-17", "ship-22"))
    assert bonus_card_score(_one(p), 0, "bonus-good-types") == 12
    assert bonus_card_score(_one(PlayerState()), 0, "bonus-good-types") == 0


@pytest.mark.clause("END-BONUS-1")
def test_bonus_per_commodity_set() -> None:
    # silver 3, wine 5, oil 4: min 3 sets x 2 VP = 6.
    p = PlayerState(commodities=(3, 5, 4))
    assert bonus_card_score(_one(p), 0, "bonus-commodity-sets") == 6
    # 7 sets x 2 = 14 -> 12.
    p = PlayerState(commodities=(7, 8, 9))
    assert bonus_card_score(_one(p), 0, "bonus-commodity-sets") == 12


@pytest.mark.clause("END-BONUS-1")
def test_bonus_per_two_ship_vp() -> None:
    p = PlayerState(vp=_ship_vp(13))
    # floor(13 / 2) = 6 x 1 VP = 6.
    assert bonus_card_score(_one(p), 0, "bonus-ship-points") == 6
    p = PlayerState(vp=_ship_vp(30))
    # floor(30 / 2) = 15 -> 12.
    assert bonus_card_score(_one(p), 0, "bonus-ship-points") == 12


@pytest.mark.clause("END-BONUS-1", "TWO-7")
def test_bonus_per_adjacent_wall() -> None:
    # Built: segs 0, 1, 2, 5, 9 (seg i joins R[i] and R[i+1]).
    # seat 0 house on R1 -> seg 0 (R0-R1), seg 1 (R1-R2) adjacent;
    # seat 0 tower on R6 -> seg 5 (R5-R6) adjacent (seg 6 is unbuilt);
    # seat 1 house on R3 -> seg 2 (R2-R3) not adjacent for seat 0;
    # powerhouse on R9 -> seg 9 not adjacent for anyone.  Seat 0: 3 walls x 1 VP = 3.
    st_ = make_state(
        2,
        houses={R[1]: 0, R[3]: 1, R[9]: POWERHOUSE},
        towers={R[6]: 0},
        walls={0: 1, 1: 1, 2: 0, 5: 1, 9: 0},
    )
    assert bonus_card_score(st_, 0, "bonus-walls") == 3
    # seat 1: R3 house -> seg 2 only (seg 3 unbuilt) = 1.
    assert bonus_card_score(st_, 1, "bonus-walls") == 1
    # A segment with own pieces on both ends counts once: add a seat 0 tower on R2 ->
    # seg 1 (R1, R2) still 1, seg 2 (R2-R3) becomes adjacent -> 4.
    st2 = make_state(
        2,
        houses={R[1]: 0, R[3]: 1, R[9]: POWERHOUSE},
        towers={R[6]: 0, R[2]: 0},
        walls={0: 1, 1: 1, 2: 0, 5: 1, 9: 0},
    )
    assert bonus_card_score(st2, 0, "bonus-walls") == 4
    # Cap: all 22 built, seat 0 house on every ring spot -> 22 -> 12.
    st3 = make_state(2, houses={s: 0 for s in R}, walls=range(N))
    assert bonus_card_score(st3, 0, "bonus-walls") == 12


@pytest.mark.clause("END-BONUS-1", "ED-1")
def test_bonus_per_tower_by_edition() -> None:
    # seat 0: 5 towers, seat 1: 2 towers.
    towers = {R[0]: 0, R[3]: 0, R[4]: 0, R[10]: 0, R[15]: 0, R[1]: 1, R[2]: 1}
    second = make_state(2, edition="2nd", towers=towers)
    first = make_state(2, edition="1st", towers=towers)
    assert bonus_card_score(second, 0, "bonus-towers") == 10  # 5 x 2 VP (2nd)
    assert bonus_card_score(first, 0, "bonus-towers") == 5  # 5 x 1 VP (1st)
    assert bonus_card_score(second, 1, "bonus-towers") == 4  # 2 x 2
    assert bonus_card_score(first, 1, "bonus-towers") == 2  # 2 x 1
    # 7 towers: 2nd 7 x 2 = 14 -> 12; 1st 7 x 1 = 7.
    seven = {R[j]: 0 for j in range(7)}
    assert bonus_card_score(make_state(2, edition="2nd", towers=seven), 0, "bonus-towers") == 12
    assert bonus_card_score(make_state(2, edition="1st", towers=seven), 0, "bonus-towers") == 7


@pytest.mark.clause("END-BONUS-1")
def test_bonus_other_cards_same_in_both_editions() -> None:
    p = PlayerState(resources=(0, 0, 3, 0, 0, 0))
    assert bonus_card_score(_one(p, edition="1st"), 0, "bonus-stone") == 9  # 3 x 3


# --------------------------------------------------------------------------- winner


def _vp(total: int) -> VpTuple:
    """A VP tuple summing to ``total``, spread over sources: (total - 10, 3, 2, 5, 0, 0, 0)."""
    return (total - 10, 3, 2, 5, 0, 0, 0)


@pytest.mark.clause("WIN-1")
def test_commodity_value() -> None:
    # silver 2 x 4 + wine 3 x 3 + oil 1 x 2 = 8 + 9 + 2 = 19.
    p = PlayerState(commodities=(2, 3, 1))
    st_ = make_state(2, market=SILVER4_WINE3_OIL2, players=[p, PlayerState()])
    assert commodity_value(st_, 0) == 19
    assert commodity_value(st_, 1) == 0


@pytest.mark.clause("WIN-1")
def test_winner_most_vp() -> None:
    players = [PlayerState(vp=_vp(40)), PlayerState(vp=_vp(41), commodities=(0, 0, 0)), PlayerState(vp=_vp(35))]
    # 40, 41, 35 -> seat 1, whatever the commodities.
    assert winners(make_state(3, players=players)) == (1,)
    assert PlayerState(vp=(30, 3, 2, 5, 0, 0, 0)).total_vp == 40  # 30 + 3 + 2 + 5


@pytest.mark.clause("WIN-1", "R-7")
def test_winner_tie_broken_by_commodity_value() -> None:
    # seats 0 and 1 at 40 VP, seat 2 at 35 with lots of commodities (not in the tie).
    # seat 0: silver 1, wine 1 -> 4 + 3 = 7; seat 1: oil 4 -> 4 x 2 = 8 -> seat 1 wins.
    players = [
        PlayerState(vp=_vp(40), commodities=(1, 1, 0)),
        PlayerState(vp=_vp(40), commodities=(0, 0, 4)),
        PlayerState(vp=_vp(35), commodities=(9, 9, 9)),
    ]
    st_ = make_state(3, market=SILVER4_WINE3_OIL2, players=players)
    assert winners(st_) == (1,)


@pytest.mark.clause("WIN-1", "R-7")
def test_full_tie_is_shared() -> None:
    # seats 0 and 2 at 40 VP; seat 0: silver 1 -> 4; seat 2: oil 2 -> 2 x 2 = 4 -> shared.
    players = [
        PlayerState(vp=_vp(40), commodities=(1, 0, 0)),
        PlayerState(vp=_vp(38), commodities=(9, 9, 9)),
        PlayerState(vp=_vp(40), commodities=(0, 0, 2)),
    ]
    st_ = make_state(3, market=SILVER4_WINE3_OIL2, players=players)
    assert winners(st_) == (0, 2)
    # Everyone tied on VP and holding nothing -> all share.
    st2 = make_state(3, players=[PlayerState(vp=_vp(20)) for _ in range(3)])
    assert winners(st2) == (0, 1, 2)


# --------------------------------------------------------------------------- properties

_PIECE = st.sampled_from([EMPTY, EMPTY, EMPTY, 0, 1, 2, POWERHOUSE, RESERVED])
_TOWER = st.sampled_from([EMPTY, EMPTY, 0, 1, 2])


@st.composite
def ring_positions(draw: st.DrawFn) -> GameState:
    walls = draw(st.lists(st.sampled_from([EMPTY, 0, 1, 2]), min_size=N, max_size=N))
    hs = draw(st.lists(_PIECE, min_size=N, max_size=N))
    ts = draw(st.lists(_TOWER, min_size=N, max_size=N))
    return make_state(
        3,
        houses={R[j]: hs[j] for j in range(N)},
        towers={R[j]: ts[j] for j in range(N)},
        walls={i: b for i, b in enumerate(walls) if b != EMPTY},
    )


def _rotate(st_: GameState, k: int, reflect: bool = False) -> GameState:
    """The same position moved k places round the ring (or mirrored): segment i of the
    result is segment (i + k) (mirror: N - 1 - i) of ``st_``, and ring spot j is spot (j + k)
    (mirror: N - j)."""
    seg = [(N - 1 - i) % N if reflect else (i + k) % N for i in range(N)]
    pos = [(N - j) % N if reflect else (j + k) % N for j in range(N)]
    houses = list(st_.houses)
    towers = list(st_.towers)
    for j in range(N):
        houses[R[j]] = st_.houses[R[pos[j]]]
        towers[R[j]] = st_.towers[R[pos[j]]]
    walls = tuple(st_.walls[seg[i]] for i in range(N))
    return attrs.evolve(st_, houses=tuple(houses), towers=tuple(towers), walls=walls)


def _oracle(st_: GameState, seat: int) -> tuple[int, int]:
    """Brute force: every run (start segment, length) of built segments whose inner spots
    are passable, scored; the best by (segments, vp)."""

    def ok(j: int) -> bool:
        s = R[j % N]
        h, t = st_.houses[s], st_.towers[s]
        return h == seat or t == seat or (h == EMPTY and t == EMPTY)

    def val(j: int) -> int:
        s = R[j % N]
        return int(st_.houses[s] == seat) + int(st_.towers[s] == seat)

    best = (0, 0)
    for start in range(N):
        for length in range(1, N + 1):
            segs = [(start + d) % N for d in range(length)]
            if any(st_.walls[i] == EMPTY for i in segs):
                break
            inner = [start + d for d in range(1, length)]
            if not all(ok(j) for j in inner):
                break
            if length == N and ok(start):
                inner = inner + [start]  # the closed ring has every spot inside
            best = max(best, (length, length + sum(val(j) for j in inner)))
    return best


@pytest.mark.clause("END-WALL-1", "END-WALL-2", "R-6", "TWO-7")
@settings(max_examples=300, deadline=None)
@given(ring_positions(), st.integers(0, N - 1), st.sampled_from([0, 1, 2]))
def test_longest_stretch_properties(st_: GameState, k: int, seat: int) -> None:
    segs, vp = longest_stretch(st_, seat)
    built = sum(1 for w in st_.walls if w != EMPTY)
    assert 0 <= segs <= built
    assert (segs == 0) == (built == 0)
    assert vp >= segs
    # inside a stretch of s < N segments are s - 1 spots, each worth at most 2
    assert vp <= 3 * segs if segs == N else vp <= max(0, 3 * segs - 2)
    assert wall_score(st_, seat) == vp
    # independent brute-force oracle
    assert (segs, vp) == _oracle(st_, seat)
    # the ring has no preferred starting point or direction
    assert longest_stretch(_rotate(st_, k), seat) == (segs, vp)
    assert longest_stretch(_rotate(st_, 0, reflect=True), seat) == (segs, vp)


@pytest.mark.clause("END-WALL-1", "END-WALL-2")
@settings(max_examples=200, deadline=None)
@given(ring_positions(), st.integers(0, N - 1), st.sampled_from([0, 1, 2]))
def test_own_tower_never_shortens_best_stretch(st_: GameState, j: int, seat: int) -> None:
    # Adding one's own tower on a ring spot makes it passable and worth more, so every old
    # stretch survives with at least its score: the best (segments, vp) cannot drop
    # (lexicographically; the wall VP alone may drop when a longer, poorer stretch appears).
    towers = list(st_.towers)
    towers[R[j]] = seat
    after = attrs.evolve(st_, towers=tuple(towers))
    assert longest_stretch(after, seat) >= longest_stretch(st_, seat)
