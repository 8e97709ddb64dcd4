"""Two-player powerhouses (TWO-1 to TWO-8, R-9, R-10, R-11, ED-4), through the public API.

Spots used (hexes from ``standard.json``; "ring" = on the city wall ring):
- s59 ring: forest-7, sea-5, winery ; s53 ring: forest-7, olive-grove-5, winery ; s46 ring: architect, olive-grove-5, winery
- s54: architect, rectors-palace, winery ; s60: rectors-palace, wharf, winery
- s34 ring: mason, olive-grove-4, vineyard-4 ; s33 ring: silver-mine-5, silversmith, vineyard-4
- s48: cathedral, mason, silversmith ; s56: cathedral, mason, oil-press
- s73 ring: sea-10, sea-9, wharf ; s66: fishmonger, rectors-palace, wharf ; s70 ring: fishmonger, sea-10, wharf
- s74 ring: fishmonger, sea-10, sea-11 ; s69 ring: sea-5, sea-9, wharf ; s47: architect, rectors-palace, silversmith
Winery ring clockwise: s46, s54, s60, s65, s59, s53. Wharf: s60, s66, s70, s73, s69, s65.
Mason: s34, s42, s49, s56, s48, s41. Wall segment w3 joins s34 and s42.
"""

from __future__ import annotations

import attrs
import pytest

from ragusa import (
    Action,
    BuildWall,
    GameState,
    IllegalActionError,
    Pass,
    Phase,
    Place,
    SellCommodity,
    apply,
    legal_actions,
    new_game,
    step,
)
from ragusa.core.board import BOARD, BUILDING_INDEX, KIND_CITY
from ragusa.core.events import CommodityProduced, HouseActivated, PowerhousesConverted, VPScored
from ragusa.core.state import POWERHOUSE
from tests.support import PH, after_setup, player, position, resources, track_value

RING = {BOARD.spot_ids[s] for s in BOARD.ring_spots}
ALL_HEX_IDS = BOARD.hex_ids


def city_hexes(spot_id: str) -> set[str]:
    return {ALL_HEX_IDS[h] for h in BOARD.spot_hexes[BOARD.spot_index[spot_id]] if BOARD.hex_kind[h] == KIND_CITY}


def powerhouse_offers(state: GameState) -> dict[str, tuple[str, ...]]:
    return {a.spot: a.trades for a in legal_actions(state) if isinstance(a, Place) and a.powerhouse}


def refused(state: GameState, action: Action) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    return info.value


#: enough of everything for every special requirement (R-10), no fish to trade
RICH = {"grapes": 1, "olives": 1, "silver_ore": 1, "fish": 2}


# --------------------------------------------------------------------------- TWO-1


@pytest.mark.clause("TWO-1", "SETUP-2")
def test_two_players_get_twelve_houses_and_two_powerhouses() -> None:
    state = new_game(2, seed=4)
    assert [(p.houses_left, p.powerhouses_left) for p in state.players] == [(12, 2), (12, 2)]
    for n in (3, 4, 5):
        assert all(p.powerhouses_left == 0 for p in new_game(n, seed=4).players)


@pytest.mark.clause("TWO-1")
def test_powerhouses_only_in_two_player_games_and_only_while_left() -> None:
    err = refused(position(4, res={0: RICH}), Place("s34", powerhouse=True))
    assert err.rule == "TWO-1"
    assert "this game has 4 players" in str(err)
    none_left = position(2, player={0: {"powerhouses_left": 0}})
    err = refused(none_left, Place("s34", powerhouse=True))
    assert err.rule == "TWO-1"
    assert "seat 0 has no powerhouse left" in str(err)
    assert powerhouse_offers(none_left) == {}
    # houses gone, powerhouses left: only powerhouses are offered, a house is refused
    only_power = position(2, player={0: {"houses_left": 0, "powerhouses_left": 1}})
    assert all(a.powerhouse for a in legal_actions(only_power) if isinstance(a, Place))
    assert powerhouse_offers(only_power)
    err = refused(only_power, Place("s1"))
    assert err.rule == "TWO-1"
    assert "seat 0 has no house left to place" in str(err)


# --------------------------------------------------------------------------- TWO-2, R-9


@pytest.mark.clause("TWO-2", "R-9", "R-10")
def test_powerhouse_spots_are_the_ring_spots_exhaustive() -> None:
    # with 1 grapes, olives, silver ore, 2 fish and a commodity every special requirement is met
    state = position(2, res={0: RICH}, com={0: {"wine": 1}})
    assert powerhouse_offers(state) == {s: () for s in RING}
    err = refused(state, Place("s47", powerhouse=True))
    assert err.rule == "TWO-2"
    assert "s47 is not on it" in str(err)


@pytest.mark.clause("TWO-2", "R-9")
def test_one_powerhouse_per_city_hex_exhaustive() -> None:
    # seat 0 puts a powerhouse on s34 (Mason); then seat 1 may not put one on any spot touching the Mason
    rich = {0: RICH, 1: RICH}
    com = {0: {"wine": 1}, 1: {"wine": 1}}
    state = apply(position(2, res=rich, com=com), Place("s34", powerhouse=True))
    state = apply(state, BuildWall("w1"))  # the Mason's wall (compulsory), any segment
    assert (state.phase, state.seat) == (Phase.PLACE, 1)
    blocked = {s for s in RING if "mason" in city_hexes(s)}
    assert blocked == {"s34", "s41", "s42", "s49"}
    assert set(powerhouse_offers(state)) == RING - blocked
    err = refused(state, Place("s41", powerhouse=True))
    assert err.rule == "R-9"
    assert "mason already has a powerhouse (on s34)" in str(err)
    # country and sea hexes do not count. s33 shares vineyard-4 with s34 and is still offered.
    assert "vineyard-4" in {ALL_HEX_IDS[h] for h in BOARD.spot_hexes[BOARD.spot_index["s33"]]}
    assert "s33" in powerhouse_offers(state)
    # the powerhouse spot itself is taken (TURN-1)
    assert refused(state, Place("s34", powerhouse=True)).rule == "TURN-1"


@pytest.mark.clause("R-9")
def test_shared_sea_hex_does_not_block() -> None:
    # a powerhouse on s69 (sea-5, sea-9, wharf) leaves s59 (forest-7, sea-5, winery) free for one: only sea-5 is shared
    state = position(2, houses={"s69": PH}, res={0: {"grapes": 1}})
    assert powerhouse_offers(state).get("s59") == ()
    # but s73 shares the Wharf with it
    assert "s73" not in powerhouse_offers(position(2, houses={"s69": PH}, res={0: RICH}, com={0: {"oil": 1}}))


# --------------------------------------------------------------------------- TWO-3, R-10, TWO-4


@pytest.mark.clause("TWO-3", "TWO-4", "TWO-5", "TWO-7", "MASON-1")
def test_powerhouse_needs_no_wood_or_stone_and_gains_nothing() -> None:
    # seat 0 has two houses on the Mason (s48, s56), no wood and no stone: a 3rd house on the Mason
    # (s34) would need 3 stone and 1 wood; a powerhouse there needs neither.
    state = position(2, houses={"s48": 0, "s56": 0}, walls=[w for w in BOARD.wall_ids if w != "w3"])
    err = refused(state, Place("s34"))
    assert err.rule == "BUILD-2"  # wood is reported first: 1 wood for olive-grove-4 and vineyard-4
    assert "needs 3 stone; seat 0 has 0" in str(err)
    assert powerhouse_offers(state).get("s34") == ()
    state, events = step(state, Place("s34", powerhouse=True))
    # TWO-4: no olives (olive-grove-4), no grapes (vineyard-4)
    assert player(state, 0).resources == resources()
    assert state.houses[BOARD.spot_index["s34"]] == POWERHOUSE
    # TWO-5: the Mason activates the powerhouse and seat 0's two houses, all for seat 0; only w3 is free.
    assert state.phase == Phase.MASON and state.seat == 0
    assert legal_actions(state) == (BuildWall("w3"),)
    state, events = step(state, BuildWall("w3"))
    # TWO-7: w3 joins s34 (the powerhouse, nobody's) and s42 (empty): 1 VP, no house VP
    assert VPScored(0, "mason", 1, "wall w3: 1 + 0 own houses/towers at its ends") in events
    # the other two activations find no free segment and do nothing (R-8); seat 1's turn
    assert (state.phase, state.seat) == (Phase.PLACE, 1)
    assert player(state, 0).vp[0] == 1


@pytest.mark.clause("R-10", "BUILD-7", "TWO-4")
def test_powerhouse_keeps_the_special_requirements() -> None:
    # Winery: 1 grapes
    err = refused(position(2), Place("s59", powerhouse=True))
    assert err.rule == "BUILD-7"
    assert "needs 1 grapes; seat 0 has 0" in str(err)
    assert powerhouse_offers(position(2, res={0: {"fish": 2}})).get("s59") == ("grapes",)
    # Fishmonger: 2 fish; a powerhouse gains no fish from sea-10 / sea-11 (TWO-4), a house would gain 2
    one_fish = position(2, res={0: {"fish": 1, "stone": 1}})
    err = refused(one_fish, Place("s74", powerhouse=True))
    assert err.rule == "BUILD-7"
    assert "the Fishmonger needs 2 fish after this placement's trades; seat 0 would have 1" in str(err)
    assert Place("s74") in legal_actions(one_fish)
    # Wharf: 1 commodity
    err = refused(position(2), Place("s69", powerhouse=True))
    assert err.rule == "BUILD-7"
    assert "needs 1 commodity" in str(err)
    assert powerhouse_offers(position(2, com={0: {"silver": 1}})).get("s69") == ()


# --------------------------------------------------------------------------- TWO-5


@pytest.mark.clause("TWO-5", "TWO-4", "ACT-3", "WINERY-1")
def test_powerhouse_on_winery_activates_every_house_for_the_placer() -> None:
    # Winery: seat 0 has s60, seat 1 has s46 and s54. Seat 0 (2 grapes) puts a powerhouse on s59.
    # Every house on the hex activates for seat 0: the powerhouse, its own and the two opposing ones,
    # clockwise from s59 (s59, s53, s46, s54, s60, s65): 4 activations x 2 grapes = 8 wine.
    # Seat 1 (3 grapes) makes nothing.
    state = position(2, houses={"s60": 0, "s46": 1, "s54": 1}, res={0: {"grapes": 2}, 1: {"grapes": 3}})
    state, events = step(state, Place("s59", powerhouse=True))
    acts = [(e.seat, e.spot) for e in events if isinstance(e, HouseActivated)]
    assert acts == [(0, "s59"), (0, "s46"), (0, "s54"), (0, "s60")]
    assert [e.total for e in events if isinstance(e, CommodityProduced)] == [2, 4, 6, 8]
    assert player(state, 0).commodities == (0, 8, 0)
    assert player(state, 1).commodities == (0, 0, 0)
    # TWO-4: no wood from forest-7, no fish from sea-5
    assert player(state, 0).resources == resources(grapes=2)
    assert (state.phase, state.seat) == (Phase.PLACE, 1)


@pytest.mark.clause("TWO-5", "WHARF-1", "RES-3")
def test_rulebook_wharf_example_four_sales() -> None:
    # Rulebook (both editions): 1 own and 2 opposing houses on the Wharf; a powerhouse there lets its
    # placer sell four times and the other player not at all. Seat 0: s60; seat 1: s66, s70.
    # Powerhouse on s73; wine bead on index 5 (value 3): 4 sales x 3 VP = 12 VP.
    state = position(
        2,
        houses={"s60": 0, "s66": 1, "s70": 1},
        com={0: {"wine": 4}, 1: {"wine": 3}},
        market={"wine": 5},
    )
    value = track_value(5)
    assert value == 3
    state = apply(state, Place("s73", powerhouse=True))
    sales = 0
    while state.phase == Phase.WHARF:
        assert state.seat == 0
        state = apply(state, SellCommodity("wine"))
        sales += 1
    assert sales == 4
    assert player(state, 0).vp[2] == 4 * value
    assert player(state, 0).commodities == (0, 0, 0)
    assert player(state, 1).commodities == (0, 3, 0) and player(state, 1).vp[2] == 0


@pytest.mark.clause("TWO-5", "TWO-2")
def test_no_wall_spot_touches_the_rectors_palace() -> None:
    # TWO-5's Rector clause ("the Rector's Palace gives the placing player its draw") cannot arise on the
    # standard board: a powerhouse goes only on the wall ring, and no ring spot touches the Rector's Palace.
    rector = BOARD.building_hex[BUILDING_INDEX["rectors-palace"]]
    assert not any(rector in BOARD.spot_hexes[s] for s in BOARD.ring_spots)
    offers = powerhouse_offers(position(2, res={0: RICH}, com={0: {"wine": 1}}))
    assert offers and not any(rector in BOARD.spot_hexes[BOARD.spot_index[s]] for s in offers)


# --------------------------------------------------------------------------- TWO-6, TWO-7


@pytest.mark.clause("TWO-6", "TWO-7", "BUILD-3", "ACT-3")
def test_house_next_to_a_powerhouse_gets_its_activation() -> None:
    # Powerhouse on s59 (Winery, forest-7). Seat 0 places a house on s53 (forest-7, olive-grove-5, winery)
    # with 0 wood, 1 stone, 2 grapes. TWO-7: the powerhouse is not seat 0's, so this is seat 0's 1st house
    # on forest-7 (1 wood, its own forest gives it) and on the Winery (1 stone).
    # Seat 1 has s46 on the Winery with 1 grapes.
    state = position(2, houses={"s59": PH, "s46": 1}, res={0: {"stone": 1, "grapes": 2}, 1: {"grapes": 1}})
    assert Place("s53") in legal_actions(state)
    state, events = step(state, Place("s53"))
    # clockwise from s53: s53 (seat 0), s46 (seat 1, its own), s59 (powerhouse -> seat 0)
    acts = [(e.seat, e.spot) for e in events if isinstance(e, HouseActivated)]
    assert acts == [(0, "s53"), (1, "s46"), (0, "s59")]
    assert player(state, 0).commodities == (0, 4, 0)  # 2 + 2
    assert player(state, 1).commodities == (0, 1, 0)
    # with 0 stone the placement is refused: a powerhouse does not make it a 2nd house, nor pay for a 1st
    err = refused(position(2, houses={"s59": PH}, res={0: {"grapes": 2}}), Place("s53"))
    assert err.rule == "BUILD-3"
    assert "the 1st house on winery needs 1 stone; seat 0 has 0" in str(err)


@pytest.mark.clause("TWO-6")
def test_opponent_house_on_the_hex_still_activates_for_its_owner() -> None:
    # TWO-6 gives the placer only the powerhouse's activation: in the test above seat 1's s46 produced
    # for seat 1. Here seat 1 places on s54 (architect, rectors-palace, winery) next to the powerhouse on s59:
    # the powerhouse produces for seat 1, seat 0's s60 for seat 0.
    state = position(
        2,
        turn=1,
        houses={"s59": PH, "s60": 0},
        res={0: {"grapes": 3}, 1: {"wood": 0, "stone": 1, "grapes": 2}},
    )
    state = apply(state, Place("s54"))
    # hexes of s54: architect (tower decision first), rectors-palace (draw decision), winery
    while state.phase != Phase.PLACE:
        acts = legal_actions(state)
        state = apply(state, Pass() if Pass() in acts else acts[0])
    # Winery clockwise from s54: s54 (seat 1), s60 (seat 0), s59 (powerhouse -> seat 1)
    assert player(state, 1).commodities == (0, 4, 0)
    assert player(state, 0).commodities == (0, 3, 0)


# --------------------------------------------------------------------------- TWO-8, R-11, ED-4


def _no_powerhouse_spot_left(edition: str) -> GameState:
    # Powerhouses on s40 (architect, silversmith), s49 (mason, oil-press), s65 (wharf, winery) block every
    # ring spot on those hexes; the Market and Fishmonger ring spots (s68, s70, s71, s72, s74, s75) are taken
    # by houses. Seat 0 placed one powerhouse (1 left), seat 1 both. Seat 1 is to play.
    return position(
        2,
        edition=edition,
        turn=1,
        houses={"s40": PH, "s49": PH, "s65": PH, "s68": 0, "s71": 0, "s74": 0, "s70": 1, "s72": 1, "s75": 1},
        player={0: {"powerhouses_left": 1}, 1: {"powerhouses_left": 0}},
    )


@pytest.mark.clause("TWO-8", "R-11", "ED-4", "TWO-1")
@pytest.mark.parametrize("edition", ["1st", "2nd"])
def test_stranded_powerhouses_become_houses(edition: str) -> None:
    state = _no_powerhouse_spot_left(edition)
    # every ring spot is taken or touches a city hex that holds a powerhouse
    for s in sorted(RING):
        i = BOARD.spot_index[s]
        assert state.houses[i] != -1 or any(
            state.houses[o] == POWERHOUSE
            for h in BOARD.spot_hexes[i]
            if BOARD.hex_kind[h] == KIND_CITY
            for o in BOARD.hex_spots[h]
        ), s
    assert player(state, 0).houses_left == 12 - 3
    # seat 1 places an ordinary house on s1 (forest-1: needs nothing); seat 0's turn begins
    state, events = step(state, Place("s1"))
    assert (state.phase, state.seat) == (Phase.PLACE, 0)
    assert PowerhousesConverted(0, 1) in events
    p = player(state, 0)
    assert (p.houses_left, p.powerhouses_left) == (10, 0)
    assert powerhouse_offers(state) == {}
    err = refused(state, Place("s33", powerhouse=True))
    assert err.rule == "TWO-1"


@pytest.mark.clause("TWO-8")
def test_no_conversion_while_a_powerhouse_spot_is_left() -> None:
    # as above but s75 (market, sea-11, sea-12) free: a powerhouse may still go there
    base = _no_powerhouse_spot_left("2nd")
    i = BOARD.spot_index["s75"]
    state = attrs.evolve(base, houses=base.houses[:i] + (-1,) + base.houses[i + 1 :])
    state, events = step(state, Place("s1"))
    assert not any(isinstance(e, PowerhousesConverted) for e in events)
    assert player(state, 0).powerhouses_left == 1


@pytest.mark.clause("TWO-1", "TURN-3")
def test_fresh_two_player_game_offers_powerhouses_without_requirements() -> None:
    # on a fresh game a powerhouse may go on any ring spot whose hexes have no special requirement:
    # those touching only the Architect and/or the Mason among city hexes
    state = after_setup(2, seed=1)
    expected = {s for s in RING if city_hexes(s) <= {"architect", "mason"}}
    assert expected == {"s32", "s34", "s39", "s42"}
    assert set(powerhouse_offers(state)) == expected
