"""Positions whose derived numbers do not add up are refused, each naming its clause and the
numbers, worked out here by hand on one real position (docs/boundary.md lists the families)."""

from __future__ import annotations

import functools
from typing import Any

import attrs
import pytest

from ragusa import GameState, Options, Place, apply, validate
from ragusa.core.board import BOARD
from ragusa.core.state import VP_MASON, VP_SHIPS, Phase
from tests.boundary_positions import game
from tests.support import after_setup, resources


@functools.cache
def three() -> GameState:
    """3 players, seed 0, start seat 0. Seat 0 places on s58 (forest-7, sea-2, sea-4: 1 wood, 2
    fish), seat 1 on s6 (forest-2, quarry-2, vineyard-2: 1 wood, 1 stone, 1 grapes), seat 2 on s13
    (forest-3, quarry-2, vineyard-2: the same); seat 0 is to place again. No house stands on a
    city hex, so no building has activated for anyone. The ships in the slots are ship-9 (silver +1
    on arrival), ship-8 (wine +2), ship-10 (wine +1), ship-14 (wine +1), ship-11 (oil +1)."""
    s = after_setup(3, seed=0)
    for a in (Place("s58"), Place("s6"), Place("s13")):
        s = apply(s, a)
    assert validate(s) == [] and s.turn_seat == 0 and s.market == (3, 6, 3)
    return s


def seat(s: GameState, k: int, **change: Any) -> GameState:
    players = list(s.players)
    players[k] = attrs.evolve(players[k], **change)
    return attrs.evolve(s, players=tuple(players))


def refusals(s: GameState) -> list[tuple[str, str, str]]:
    return [(v.clause, v.path, v.message) for v in validate(s)]


def test_mason_vp_for_a_seat_with_no_wall() -> None:
    # seat 1 has built no wall, so MASON-1 gave it nothing
    s = seat(three(), 1, vp=(3, 0, 0, 0, 0, 0, 0))
    assert refusals(s) == [
        (
            "MASON-1",
            "$.players[1].vp[0]",
            "3 Mason VP for 0 walls; with the seat's houses and towers now at their ends they score at most 0 "
            "(1 per wall + 1 per own house or tower at either end)",
        )
    ]


def test_mason_vp_above_what_one_wall_scores_and_a_wall_no_mason_built() -> None:
    # w1 joins s33 and s41, where seat 0 has nothing: the wall scored 1 VP, not 6; and seat 0 has no
    # house on the Mason, so the Mason never activated for it
    walls = list(three().walls)
    walls[BOARD.wall_index["w1"]] = 0
    s = seat(attrs.evolve(three(), walls=tuple(walls)), 0, vp=(6, 0, 0, 0, 0, 0, 0))
    assert [(c, p) for c, p, _ in refusals(s)] == [("MASON-1", "$.players[0].vp[0]"), ("MASON-1", "$.walls")]
    assert "6 Mason VP for 1 wall;" in refusals(s)[0][2] and "score at most 1 " in refusals(s)[0][2]
    assert refusals(s)[1][2] == (
        "1 wall of seat 0; its houses (and any powerhouse) on the Mason can have activated it 0 times"
    )


def test_a_tower_of_a_seat_with_no_house_on_the_architect() -> None:
    towers = list(three().towers)
    towers[BOARD.spot_index["s32"]] = 2
    s = seat(attrs.evolve(three(), towers=tuple(towers)), 2, towers_left=14)
    assert refusals(s) == [
        (
            "ARCHITECT-1",
            "$.towers",
            "1 tower of seat 2; its houses (and any powerhouse) on the Architect can have activated it 0 times",
        )
    ]


def test_a_ship_of_a_seat_with_no_house_on_the_market() -> None:
    # ship-19 (2 stars) taken from the deck for seat 1, its VP counted: no Market activation bought
    # it, and no producer made the commodities it costs (at least 1: a slot's cost)
    s = attrs.evolve(three(), ship_deck=three().ship_deck[1:])
    s = seat(s, 1, ships=("ship-19",), vp=(0, 0, 0, 2, 0, 0, 0))
    assert three().ship_deck[0] == "ship-19" and s.players[1].vp[VP_SHIPS] == 2
    assert [c for c, _, _ in refusals(s)] == ["MARKET-1", "MARKET-1"]
    assert refusals(s)[0][2].startswith("1 ship of seat 1;") and refusals(s)[0][2].endswith("0 times")
    assert refusals(s)[1][2].startswith("0 commodities held + at least 1 paid for 1 ship")


def test_wine_with_no_house_on_the_winery() -> None:
    s = seat(three(), 1, commodities=(0, 2, 0))
    assert refusals(s) == [
        (
            "WINERY-1",
            "$.players[1].commodities[1]",
            "2 wine; 0 Winery activations for the seat, each making at most its 1 grapes",
        ),
        (
            "WHARF-1",
            "$.players[1].commodities",
            "2 commodities held + at least 0 paid for 0 ships + at least 0 sold for 0 Wharf VP = 2; "
            "the seat's producers made at most 0",
        ),
    ]


def test_a_house_its_wood_could_not_have_allowed() -> None:
    # seat 1 also on s19 (olive-grove-4, silver-mine-4, vineyard-2), with what s19 gives (1 olives,
    # 1 silver ore, 1 grapes): 2 houses on vineyard-2, a country hex, needed 2 wood; seat 1 has 1
    # and never traded (BUILD-2). Everything else adds up: pieces, placements, resources.
    houses = list(three().houses)
    houses[BOARD.spot_index["s19"]] = 1
    s = attrs.evolve(three(), houses=tuple(houses), placements=4)
    s = seat(s, 1, houses_left=10, resources=resources(wood=1, stone=1, silver_ore=1, grapes=2, olives=1))
    assert refusals(s) == [
        (
            "BUILD-2",
            "$.players[1].resources[1]",
            "seat 1 has 2 houses on vineyard-2; the last needed 2 wood, and the seat has 1 counting what its "
            "new house gives",
        )
    ]


def test_a_bead_above_what_the_ships_raised_it() -> None:
    # silver starts on space 2 (SETUP-4) and only ship-9 raised it, by 1: space 3, not 4
    s = attrs.evolve(three(), market=(4, 6, 3))
    assert refusals(s) == [
        ("RES-3", "$.market[0]", "silver stands on space 4; from space 2 the ships that arrived raise it by 1")
    ]


def test_the_trade_window_flag_and_the_passes_follow_the_turn() -> None:
    assert [c for c, _, _ in refusals(attrs.evolve(three(), window_done=True))] == ["FISH-2"]
    # seat 2, the seat before seat 0, cannot have passed: it has legal placements now, and only a
    # pass has happened since
    assert refusals(attrs.evolve(three(), passes=1)) == [
        ("R-14", "$.passes", "1 pass in a row, but seat 2, which passed, has a legal placement")
    ]


def test_the_first_turn_is_the_start_seats() -> None:
    s = after_setup(3, seed=0)
    moved = (s.start_seat + 1) % 3
    assert [(c, p) for c, p, _ in refusals(attrs.evolve(s, seat=moved, turn_seat=moved))] == [
        ("SETUP-7", "$.turn_seat")
    ]


def _solo_end() -> GameState:
    *_, end = game(1, "2nd", Options(), 3)
    assert end.phase == Phase.OVER and end.solo is not None
    return end


def test_solo_bots_are_seats_one_and_two() -> None:
    s = _solo_end()
    assert s.solo is not None
    swapped = attrs.evolve(s, solo=attrs.evolve(s.solo, bot_seats=(2, 1)))
    assert refusals(swapped)[0][:2] == ("SOLO-1", "$.solo.bot_seats")


def test_a_solo_bots_end_trades_follow_its_rule() -> None:
    # a bot's resources beyond what its houses gave are its end trades (it never trades in play,
    # R-16); one trade more (2 fish for 1 wood) is not the conversion SOLO-7 makes
    s = _solo_end()
    bot = next(k for k in (1, 2) if s.players[k].resources[0] >= 2)
    p = s.players[bot]
    res = list(p.resources)
    res[0], res[1] = res[0] - 2, res[1] + 1
    changed = seat(s, bot, resources=tuple(res), fish_traded=p.fish_traded + 2)
    found = refusals(changed)
    assert [(c, path) for c, path, _ in found] == [("SOLO-7", f"$.players[{bot}].resources")]
    assert "its rule (R-16) makes" in found[0][2]


@pytest.mark.parametrize("vp", [1, 5])
def test_any_mason_vp_without_a_wall_is_refused(vp: int) -> None:
    s = seat(three(), 2, vp=(vp, 0, 0, 0, 0, 0, 0))
    assert [(c, p) for c, p, _ in refusals(s)] == [("MASON-1", f"$.players[2].vp[{VP_MASON}]")]
    assert three().walls.count(2) == 0
