"""Rule tests for the ten city buildings, through ``apply``/``step``.

WINERY-1, OILPRESS-1, SILVERSMITH-1 (RES-2), MASON-1, ARCHITECT-1, FISHMONGER-1,
MARKET-1, WHARF-1, RECTOR-1, CATHEDRAL-1, with R-4 and R-8, and the rulebook
rulebook examples the rule catalogue lists for them. Each test names the hexes of its spots (checked
against the board data) and works its numbers out by hand in comments.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from ragusa import (
    ActivateHex,
    BuildTower,
    BuildWall,
    BuyShip,
    DrawBonus,
    GameState,
    IllegalActionError,
    KeepBonus,
    Pass,
    Place,
    SellCommodity,
    Trade,
    apply,
    legal_actions,
)
from ragusa.core.actions import Action
from ragusa.core.board import BOARD
from ragusa.core.events import (
    BonusDrawn,
    CommodityProduced,
    HexActivated,
    HouseActivated,
    MarketMoved,
    ShipArrived,
    ShipBought,
    TowerBuilt,
    VPScored,
    WallBuilt,
)
from ragusa.core.state import EMPTY, VP_FISHMONGER, VP_MASON, VP_SHIPS, VP_WHARF, Phase
from tests.support import (
    activated,
    commodities,
    hexes,
    non_trade,
    of,
    play,
    player,
    position,
    resources,
    track_value,
)

ALL_SHIPS = tuple(f"ship-{i}" for i in range(1, 27))


def illegal(state: GameState, action: Action) -> str:
    """The clause named by the IllegalActionError that ``action`` raises."""
    with pytest.raises(IllegalActionError) as err:
        apply(state, action)
    return err.value.rule


# --------------------------------------------------------------------------- production


@pytest.mark.clause("WINERY-1", "ACT-3")
def test_winery_rulebook_example_3_grapes_2_houses_make_6_wine() -> None:
    # Seat 0 has a house on s46 (architect, olive-grove-5, winery) and places on s53
    # (forest-7, olive-grove-5, winery): 2nd house on olive-grove-5 -> 2 wood, 2nd on the
    # Winery -> 2 stone, 1 grapes. No fish, no trade windows; the order cannot matter.
    assert hexes("s53") == {"forest-7", "olive-grove-5", "winery"}
    state = position(4, turn=0, houses={"s46": 0}, res={0: {"wood": 2, "stone": 2, "grapes": 3}})
    after, events = play(state, Place("s53"))
    # clockwise from s53: s53, then s46 (ring s46 s54 s60 s65 s59 s53); 3 wine each
    assert activated(events) == [("winery", 0, "s53"), ("winery", 0, "s46")]
    assert [(e.seat, e.commodity, e.amount, e.total) for e in of(events, CommodityProduced)] == [
        (0, "wine", 3, 3),
        (0, "wine", 3, 6),
    ]
    assert player(after, 0).commodities == commodities(wine=6)
    # production reads the grapes, it does not spend them
    assert player(after, 0).resources[4] == 3


@pytest.mark.clause("OILPRESS-1", "ACT-3", "ACT-5")
def test_oil_press_rulebook_example_4_olives_2_houses_make_8_oil() -> None:
    # Seat 0 has a house on s57 and places on s63 (oil-press, sea-3, sea-6): 2nd house on
    # the Oil Press -> 2 stone. Choosing the Oil Press first (ACT-5) keeps fish at 0, so no
    # trade window opens. Clockwise from s63: s63, s68, s62, s56, s49, s57.
    assert hexes("s63") == {"oil-press", "sea-3", "sea-6"}
    state = position(4, turn=0, houses={"s57": 0}, res={0: {"stone": 2, "olives": 4}})
    s1 = apply(state, Place("s63"))
    after, events = play(s1, ActivateHex("oil-press"))
    assert activated(events) == [("oil-press", 0, "s63"), ("oil-press", 0, "s57")]
    assert [(e.amount, e.total) for e in of(events, CommodityProduced)] == [(4, 4), (4, 8)]
    assert player(after, 0).commodities == commodities(oil=8)
    # then both seas: 2 fish
    assert player(after, 0).resources == resources(stone=2, olives=4, fish=2)


@pytest.mark.clause("SILVERSMITH-1", "ACT-3", "ACT-5")
def test_silversmith_rulebook_example_3_ore_3_houses_make_9_silver() -> None:
    # Seat 0 has houses on s55 and s47 (both on the Silversmith, neither on silver-mine-5 or
    # vineyard-4) and places on s33 (silver-mine-5, silversmith, vineyard-4): 3rd house on the
    # Silversmith -> 3 stone; 1 wood. Silversmith first (ACT-5), so the mine's ore comes later.
    # Clockwise from s33 (ring s33 s41 s48 s55 s47 s40): s33, s55, s47.
    assert hexes("s33") == {"silver-mine-5", "silversmith", "vineyard-4"}
    state = position(4, turn=0, houses={"s55": 0, "s47": 0}, res={0: {"stone": 3, "wood": 1, "silver_ore": 3}})
    s1 = apply(state, Place("s33"))
    after, events = play(s1, ActivateHex("silversmith"))
    assert activated(events) == [("silversmith", 0, "s33"), ("silversmith", 0, "s55"), ("silversmith", 0, "s47")]
    assert [(e.amount, e.lost, e.total) for e in of(events, CommodityProduced)] == [(3, 0, 3), (3, 0, 6), (3, 0, 9)]
    assert player(after, 0).commodities == commodities(silver=9)


@pytest.mark.clause("SILVERSMITH-1", "RES-2")
def test_silversmith_caps_at_12_after_each_activation() -> None:
    # As above with 5 ore and 2 silver held: 2+5 = 7, 7+5 = 12, 12+5 = 17 -> 12 (5 lost).
    state = position(
        4,
        turn=0,
        houses={"s55": 0, "s47": 0},
        res={0: {"stone": 3, "wood": 1, "silver_ore": 5}},
        com={0: {"silver": 2}},
    )
    after, events = play(apply(state, Place("s33")), ActivateHex("silversmith"))
    assert [(e.amount, e.lost, e.total) for e in of(events, CommodityProduced)] == [(5, 0, 7), (5, 0, 12), (5, 5, 12)]
    assert player(after, 0).commodities == commodities(silver=12)


@pytest.mark.clause("WINERY-1", "RES-2")
def test_winery_production_above_12_is_lost() -> None:
    # 10 wine held, 3 grapes, one house: 10 + 3 = 13 -> 12, 1 lost.
    state = position(4, turn=0, res={0: {"wood": 1, "stone": 1, "grapes": 3}}, com={0: {"wine": 10, "oil": 4}})
    after, events = play(state, Place("s53"))
    assert [(e.amount, e.lost, e.total) for e in of(events, CommodityProduced)] == [(3, 1, 12)]
    assert player(after, 0).commodities == commodities(wine=12, oil=4)


@pytest.mark.clause("OILPRESS-1", "ACT-3")
def test_production_goes_to_each_house_owner() -> None:
    # Seat 1 places on s63 (Oil Press first); seat 0's house on s57 produces for seat 0 from
    # seat 0's olives (2), seat 1's from its own (1).
    state = position(4, turn=1, houses={"s57": 0}, res={0: {"olives": 2}, 1: {"stone": 1, "olives": 1}})
    after = apply(apply(state, Place("s63")), ActivateHex("oil-press"))
    assert player(after, 0).commodities == commodities(oil=2)
    assert player(after, 1).commodities == commodities(oil=1)


# --------------------------------------------------------------------------- Mason


@pytest.mark.clause("MASON-1", "R-8")
def test_mason_rulebook_example_wall_next_to_own_house_scores_2() -> None:
    # Seat 0 has a house on s73 (a wall-ring spot). It places on s48 (cathedral, mason,
    # silversmith): 1 stone, 1 silver ore. The Mason is compulsory: every free segment is
    # offered and there is no Pass.
    assert hexes("s48") == {"cathedral", "mason", "silversmith"}
    state = position(4, turn=0, houses={"s73": 0}, res={0: {"stone": 1, "silver_ore": 1}})
    s1 = apply(state, Place("s48"))
    assert (s1.phase, s1.seat) == (Phase.MASON, 0)
    assert non_trade(s1) == {BuildWall(w) for w in BOARD.wall_ids}
    assert Pass() not in legal_actions(s1)
    assert illegal(s1, Pass()) == "MASON-1"
    # w13 joins s70 and s73: 1 for the wall + 1 for the house on s73 = 2
    assert BOARD.wall_spots[BOARD.wall_index["w13"]] == (BOARD.spot_index["s70"], BOARD.spot_index["s73"])
    after, events = play(s1, BuildWall("w13"))
    assert [(e.seat, e.segment, e.vp) for e in of(events, WallBuilt)] == [(0, "w13", 2)]
    assert player(after, 0).vp[VP_MASON] == 2
    assert after.walls[BOARD.wall_index["w13"]] == 0
    # the Silversmith then activates and the turn moves on
    assert player(after, 0).commodities == commodities(silver=1)
    assert (after.phase, after.seat) == (Phase.PLACE, 1)


@pytest.mark.clause("MASON-1", "ARCHITECT-1")
def test_mason_counts_own_houses_and_towers_at_both_ends() -> None:
    # w14 joins s73 and s69. Seat 0: house + tower on s73, tower on s69; seat 1 has a house
    # on s69 (not counted for seat 0). 1 + 1 (house s73) + 1 (tower s73) + 1 (tower s69) = 4.
    assert BOARD.wall_spots[BOARD.wall_index["w14"]] == (BOARD.spot_index["s73"], BOARD.spot_index["s69"])
    state = position(
        4,
        turn=0,
        houses={"s73": 0, "s69": 1},
        towers={"s73": 0, "s69": 0},
        walls={"w1": 2},
        res={0: {"stone": 1, "silver_ore": 1}},
    )
    s1 = apply(state, Place("s48"))
    # w1 is built already: 21 segments offered, and building it again is refused
    assert non_trade(s1) == {BuildWall(w) for w in BOARD.wall_ids if w != "w1"}
    assert illegal(s1, BuildWall("w1")) == "MASON-1"
    assert illegal(s1, BuildWall("w99")) == "MASON-1"
    after, events = play(s1, BuildWall("w14"))
    assert [(e.segment, e.vp) for e in of(events, WallBuilt)] == [("w14", 4)]
    assert [(e.source, e.vp) for e in of(events, VPScored)] == [("mason", 4)]
    assert player(after, 0).vp[VP_MASON] == 4
    # the same wall would score 1 + 1 (house s69) = 2 for seat 1: ownership matters
    assert player(after, 1).vp[VP_MASON] == 0


@pytest.mark.clause("MASON-1", "R-8", "ACT-3")
def test_mason_with_all_22_walls_built_does_nothing() -> None:
    state = position(4, turn=0, walls=list(BOARD.wall_ids), res={0: {"stone": 1, "silver_ore": 1}})
    after, events = play(state, Place("s48"))
    assert ("mason", 0, "s48") in activated(events)
    assert of(events, WallBuilt) == []
    assert player(after, 0).vp[VP_MASON] == 0
    assert (after.phase, after.seat) == (Phase.PLACE, 1)


@pytest.mark.clause("MASON-1", "ACT-3")
def test_every_house_on_the_mason_builds_for_its_owner() -> None:
    # Mason ring: s34 s42 s49 s56 s48 s41. Seat 0 places on s48; seat 1 has a house on s41
    # (a ring spot, ends w1 and w2), seat 0 one on s56. Clockwise from s48: s48 (0), s41 (1),
    # then round to s56 (0).
    state = position(4, turn=0, houses={"s41": 1, "s56": 0}, res={0: {"stone": 2, "silver_ore": 1}})
    s1 = apply(state, Place("s48"))
    assert (s1.phase, s1.seat) == (Phase.MASON, 0)
    s2 = apply(s1, BuildWall("w10"))  # no own piece at s75/s71: 1 VP
    assert (s2.phase, s2.seat) == (Phase.MASON, 1)
    assert BuildWall("w10") not in legal_actions(s2)
    s3 = apply(s2, BuildWall("w2"))  # s41-s34: seat 1's house on s41: 2 VP
    assert (s3.phase, s3.seat) == (Phase.MASON, 0)
    s4 = apply(s3, BuildWall("w3"))  # s34-s42: 1 VP
    assert [player(s4, s).vp[VP_MASON] for s in range(4)] == [1 + 1, 2, 0, 0]


# --------------------------------------------------------------------------- Architect


@pytest.mark.clause("ARCHITECT-1", "R-8", "ACT-3")
def test_architect_puts_a_tower_on_any_free_tower_spot_compulsorily() -> None:
    # Seat 0 places on s32 (architect, forest-5, silver-mine-5): 1 stone (wood comes from
    # forest-5, BUILD-6). Seat 1 has a house on s46 (also on the Architect). Seat 2 already
    # has a tower on s33. Architect ring: s32 s40 s47 s54 s46 s39.
    assert hexes("s32") == {"architect", "forest-5", "silver-mine-5"}
    state = position(4, turn=0, houses={"s46": 1}, towers={"s33": 2}, res={0: {"stone": 1}})
    s1 = apply(state, Place("s32"))
    assert (s1.phase, s1.seat) == (Phase.ARCHITECT, 0)
    free = {BOARD.spot_ids[s] for s in BOARD.tower_spots} - {"s33"}
    assert len(free) == 21
    assert non_trade(s1) == {BuildTower(s) for s in free}
    assert illegal(s1, Pass()) == "ARCHITECT-1"
    assert illegal(s1, BuildTower("s33")) == "ARCHITECT-1"  # has a tower
    assert illegal(s1, BuildTower("s10")) == "ARCHITECT-1"  # not a tower spot
    # a tower may go on an empty tower spot...
    alt = apply(s1, BuildTower("s75"))
    assert alt.towers[BOARD.spot_index["s75"]] == 0 and alt.houses[BOARD.spot_index["s75"]] == EMPTY
    # ...or on a spot with another player's house (s46)
    s2, events = play(s1, BuildTower("s46"))
    assert [(e.seat, e.spot) for e in of(events, TowerBuilt)] == [(0, "s46")]
    assert s2.towers[BOARD.spot_index["s46"]] == 0
    assert player(s2, 0).towers_left == 14
    # next clockwise: seat 1's s46 activates for seat 1; a spot with a house of seat 0 (s32) is fine
    assert (s2.phase, s2.seat) == (Phase.ARCHITECT, 1)
    assert BuildTower("s46") not in legal_actions(s2)
    s3 = apply(s2, BuildTower("s32"))
    assert s3.towers[BOARD.spot_index["s32"]] == 1
    assert player(s3, 1).towers_left == 14
    # then forest-5 and silver-mine-5 for seat 0, and the turn moves on
    assert player(s3, 0).resources == resources(stone=1, wood=1, silver_ore=1)
    assert (s3.phase, s3.seat) == (Phase.PLACE, 1)


@pytest.mark.clause("ARCHITECT-1", "R-8")
def test_architect_without_a_tower_left_is_skipped() -> None:
    state = position(4, turn=0, res={0: {"stone": 1}}, player={0: {"towers_left": 0}})
    after, events = play(state, Place("s32"))
    assert ("architect", 0, "s32") in activated(events)
    assert of(events, TowerBuilt) == []
    assert (after.phase, after.seat) == (Phase.PLACE, 1)


@pytest.mark.clause("ARCHITECT-1", "R-8")
def test_architect_with_every_tower_spot_taken_is_skipped() -> None:
    towers = {BOARD.spot_ids[s]: 3 for s in BOARD.tower_spots}
    state = position(4, turn=0, towers=towers, res={0: {"stone": 1}})
    after, events = play(state, Place("s32"))
    assert ("architect", 0, "s32") in activated(events)
    assert of(events, TowerBuilt) == []
    assert player(after, 0).towers_left == 15
    assert (after.phase, after.seat) == (Phase.PLACE, 1)


# --------------------------------------------------------------------------- Fishmonger


@pytest.mark.clause("FISHMONGER-1", "ACT-3", "ACT-5", "FISH-2")
def test_fishmonger_rulebook_example_5_fish_2_houses_score_4() -> None:
    # Seat 0 has a house on s61 and places on s71 (fishmonger, market, sea-11) holding 5 fish,
    # 2 stone (2nd house on the Fishmonger) and 1 silver (the Market's commodity). The market
    # slots are empty, so the Market has nothing to sell. The sea's fish would make 6 (3 VP a
    # house instead of 2), so the order matters (ACT-5): the Fishmonger first reads 5 fish.
    # Clockwise from s71 (ring s61 s67 s71 s74 s70 s66): s71, then s61. A trade window opens
    # before each activation (5 fish >= 2); passing keeps 5 fish: 5 // 2 = 2 VP a house, 2 + 2 = 4.
    assert hexes("s71") == {"fishmonger", "market", "sea-11"}
    state = position(
        4, turn=0, houses={"s61": 0}, res={0: {"stone": 2, "fish": 5}}, com={0: {"silver": 1}}, slots=[None] * 5
    )
    s1 = apply(state, Place("s71"))
    assert s1.phase == Phase.ORDER
    s2 = apply(s1, ActivateHex("fishmonger"))
    assert (s2.phase, s2.seat) == (Phase.TRADE_WINDOW, 0)
    assert player(s2, 0).resources[0] == 5
    s3, events = play(s2, Pass())
    assert (s3.phase, s3.seat) == (Phase.TRADE_WINDOW, 0)
    after, more = play(s3, Pass())
    events += more
    assert activated(events) == [("fishmonger", 0, "s71"), ("fishmonger", 0, "s61"), ("market", 0, "s71")]
    assert [(e.source, e.vp) for e in of(events, VPScored)] == [("fishmonger", 2), ("fishmonger", 2)]
    assert player(after, 0).vp[VP_FISHMONGER] == 4
    # fish are read, not spent; the Market and the sea then activate without asking: 5 + 1 = 6
    assert player(after, 0).resources[0] == 6
    assert (after.phase, after.seat) == (Phase.PLACE, 1)


@pytest.mark.clause("FISHMONGER-1", "FISH-2", "ACT-3")
def test_fishmonger_reads_the_fish_left_after_a_window_trade() -> None:
    # Same position, Fishmonger first with 3 fish: window, trade 2 fish for 1 wood, 1 fish
    # -> 0 VP; second house: 1 fish, no window (< 2) -> 0 VP. Then the seas: 3 fish.
    state = position(4, turn=0, houses={"s61": 0}, res={0: {"stone": 2, "fish": 3}})
    s1 = apply(apply(state, Place("s74")), ActivateHex("fishmonger"))
    assert s1.phase == Phase.TRADE_WINDOW
    s2 = apply(s1, Trade("wood"))
    after, events = play(s2, Pass())
    assert [(e.source, e.vp) for e in of(events, VPScored)] == [("fishmonger", 0), ("fishmonger", 0)]
    assert player(after, 0).resources == resources(stone=2, fish=3, wood=1)
    assert (after.phase, after.seat) == (Phase.PLACE, 1)


# --------------------------------------------------------------------------- Market


def market_position(
    *,
    com: dict[str, int],
    slots: Sequence[str | None],
    deck: Sequence[str] | None = None,
    second_house: bool = False,
) -> GameState:
    """Seat 0 to place on s72 (market, sea-12, sea-6); beads at index 4 (value 2) each.

    ``deck``: the ship deck, top first (default: the ships not in ``slots``, in number order).
    ``second_house``: seat 0 also has a house on s75 (the next Market spot clockwise).
    """
    houses = {"s75": 0} if second_house else {}
    state = position(
        4,
        turn=0,
        houses=houses,
        res={0: {"stone": 2 if second_house else 1}},
        com={0: com},
        market={"silver": 4, "wine": 4, "oil": 4},
        slots=slots,
    )
    if deck is None:
        deck = [s for s in ALL_SHIPS if s not in slots]
    return attrs.evolve(state, ship_deck=tuple(deck))


@pytest.mark.clause("MARKET-1", "RES-3")
def test_market_buy_pays_scores_lowers_slides_and_refills() -> None:
    # Slots (costs from the data: slot 0 1 oil, 1 1 wine, 2 1 silver, 3 2 oil, 4 2 wine;
    # ship-1 gems 5 stars +1 silver; ship-5 silk +1 oil; ship-9/12/10 no extra).
    assert hexes("s72") == {"market", "sea-12", "sea-6"}
    state = market_position(
        com={"silver": 2, "wine": 2, "oil": 2},
        slots=["ship-1", "ship-5", "ship-9", "ship-12", "ship-10"],
        deck=["ship-7", "ship-2"],
    )
    s1 = apply(state, Place("s72"))
    assert (s1.phase, s1.seat) == (Phase.MARKET, 0)
    # affordable: slot 0 (1 oil + 1 silver), 1 (1 wine + 1 oil), 2 (1 silver), 3 (2 oil), 4 (2 wine)
    assert non_trade(s1) == {BuyShip(i) for i in range(5)} | {Pass()}
    after, events = play(s1, BuyShip(0))
    (bought,) = of(events, ShipBought)
    assert (bought.seat, bought.ship, bought.slot, bought.paid, bought.vp) == (
        0,
        "ship-1",
        0,
        {"silver": 1, "oil": 1},
        5,
    )
    p = player(after, 0)
    assert p.commodities == commodities(silver=1, wine=2, oil=1)
    assert p.vp[VP_SHIPS] == 5
    assert p.ships == ("ship-1",)
    # slot 0 lowers oil one step (4 -> 3); ship-7 arrives and raises wine 2 steps (4 -> 6)
    moves = [(e.commodity, e.steps, e.value) for e in of(events, MarketMoved)]
    assert moves == [("oil", -1, track_value(3)), ("wine", 2, track_value(6))]
    assert after.market == (4, 6, 3)
    # ships slide left; the new one fills the rightmost slot
    assert after.slots == ("ship-5", "ship-9", "ship-12", "ship-10", "ship-7")
    assert [(e.ship, e.slot) for e in of(events, ShipArrived)] == [("ship-7", 4)]
    assert after.ship_deck == ("ship-2",)
    assert (after.phase, after.seat) == (Phase.PLACE, 1)


@pytest.mark.clause("MARKET-1", "R-4", "ACT-3")
def test_market_empty_deck_leaves_the_slot_empty_and_unbuyable() -> None:
    # Empty ship deck; seat 0 has a second Market house on s75, activating right after s72.
    state = market_position(
        com={"silver": 2, "wine": 2, "oil": 2},
        slots=["ship-1", "ship-5", "ship-9", "ship-12", "ship-10"],
        deck=[],
        second_house=True,
    )
    s1 = apply(state, Place("s72"))
    s2, events = play(s1, BuyShip(0))
    assert of(events, ShipArrived) == []
    assert [(e.commodity, e.steps) for e in of(events, MarketMoved)] == [("oil", -1)]  # nothing raised
    assert s2.slots == ("ship-5", "ship-9", "ship-12", "ship-10", None)
    # second activation (s75): seat 0 holds 1 silver, 2 wine, 1 oil.
    # slot 0 ship-5 costs 1 oil + 1 oil = 2 oil: no; slot 1 ship-9 1 wine: yes; slot 2 ship-12
    # 1 silver: yes; slot 3 ship-10 2 oil: no; slot 4 empty: never.
    assert ("market", 0, "s75") in activated(events)
    assert (s2.phase, s2.seat) == (Phase.MARKET, 0)
    assert non_trade(s2) == {BuyShip(1), BuyShip(2), Pass()}
    assert illegal(s2, BuyShip(4)) == "R-4"
    assert illegal(s2, BuyShip(0)) == "MARKET-1"
    assert illegal(s2, BuyShip(5)) == "MARKET-1"
    s3 = apply(s2, BuyShip(2))  # ship-12, 2 stars; silver lowered 4 -> 3
    assert player(s3, 0).vp[VP_SHIPS] == 5 + 2
    assert s3.slots == ("ship-5", "ship-9", "ship-10", None, None)
    assert s3.market == (3, 4, 3)


@pytest.mark.clause("MARKET-1", "R-8")
def test_market_is_optional() -> None:
    state = market_position(com={"silver": 1}, slots=["ship-1", "ship-5", "ship-9", "ship-12", "ship-10"])
    s1 = apply(state, Place("s72"))
    # only slot 2 (ship-9, 1 silver) is affordable
    assert non_trade(s1) == {BuyShip(2), Pass()}
    after = apply(s1, Pass())
    assert player(after, 0).commodities == commodities(silver=1)
    assert player(after, 0).ships == ()
    assert after.slots == state.slots and after.market == state.market
    assert (after.phase, after.seat) == (Phase.PLACE, 1)


@pytest.mark.clause("MARKET-1", "R-8")
def test_market_skipped_when_nothing_is_affordable() -> None:
    # 1 wine only: slot 1 holds ship-1 (1 wine + 1 silver), slot 4 ship-10 (2 wine); the
    # other slots cost oil or silver. Nothing affordable: no decision.
    state = market_position(com={"wine": 1}, slots=["ship-9", "ship-1", "ship-12", "ship-11", "ship-10"])
    after, events = play(state, Place("s72"))
    assert ("market", 0, "s72") in activated(events)
    assert of(events, ShipBought) == []
    assert (after.phase, after.seat) == (Phase.PLACE, 1)


# --------------------------------------------------------------------------- Wharf


@pytest.mark.clause("WHARF-1", "RES-3")
def test_wharf_sells_one_commodity_at_market_value_without_moving_it() -> None:
    # s69 (sea-5, sea-9, wharf): 1 stone, a commodity. Wine bead at 9 (value 5).
    assert hexes("s69") == {"sea-5", "sea-9", "wharf"}
    state = position(4, turn=0, res={0: {"stone": 1}}, com={0: {"wine": 2}}, market={"wine": 9})
    s1 = apply(state, Place("s69"))
    assert (s1.phase, s1.seat) == (Phase.WHARF, 0)
    assert non_trade(s1) == {SellCommodity("wine"), Pass()}
    assert illegal(s1, SellCommodity("silver")) == "WHARF-1"
    assert illegal(s1, SellCommodity("gold")) == "WHARF-1"
    after, events = play(s1, SellCommodity("wine"))
    assert [(e.source, e.vp) for e in of(events, VPScored)] == [("wharf", 5)]
    assert player(after, 0).vp[VP_WHARF] == 5
    assert player(after, 0).commodities == commodities(wine=1)
    assert after.market == s1.market
    assert of(events, MarketMoved) == []


@pytest.mark.clause("WHARF-1", "R-8")
def test_wharf_is_optional() -> None:
    state = position(4, turn=0, res={0: {"stone": 1}}, com={0: {"oil": 1}})
    after = apply(apply(state, Place("s69")), Pass())
    assert player(after, 0).commodities == commodities(oil=1)
    assert player(after, 0).vp[VP_WHARF] == 0
    assert (after.phase, after.seat) == (Phase.PLACE, 1)


# --------------------------------------------------------------------------- Rector's Palace


def rector_position(deck: Sequence[str]) -> GameState:
    """Seat 0 to place on s55 (cathedral, rectors-palace, silversmith) with the given bonus deck."""
    state = position(4, turn=0, res={0: {"stone": 1, "silver_ore": 1}}, player={0: {"bonus_cards": ("bonus-fish",)}})
    return attrs.evolve(state, bonus_deck=tuple(deck))


@pytest.mark.clause("RECTOR-1")
def test_rector_draws_two_keeps_one_and_puts_the_other_at_the_bottom() -> None:
    state = rector_position(["bonus-wood", "bonus-stone", "bonus-olives"])
    s1 = apply(state, Place("s55"))
    assert (s1.phase, s1.seat) == (Phase.RECTOR_DRAW, 0)
    assert non_trade(s1) == {DrawBonus(), Pass()}
    s2, events = play(s1, DrawBonus())
    assert [(e.seat, e.count) for e in of(events, BonusDrawn)] == [(0, 2)]
    assert (s2.phase, s2.seat) == (Phase.RECTOR_KEEP, 0)
    assert non_trade(s2) == {KeepBonus("bonus-wood"), KeepBonus("bonus-stone")}
    assert illegal(s2, KeepBonus("bonus-olives")) == "RECTOR-1"
    s3 = apply(s2, KeepBonus("bonus-stone"))
    assert player(s3, 0).bonus_cards == ("bonus-fish", "bonus-stone")
    assert s3.bonus_deck == ("bonus-olives", "bonus-wood")
    assert s3.rector_hand == ()
    # then the Silversmith activates; the turn moves on
    assert player(s3, 0).commodities == commodities(silver=1)
    assert (s3.phase, s3.seat) == (Phase.PLACE, 1)


@pytest.mark.clause("RECTOR-1", "R-4")
def test_rector_with_one_card_left_draws_it() -> None:
    s1 = apply(apply(rector_position(["bonus-wood"]), Place("s55")), DrawBonus())
    assert non_trade(s1) == {KeepBonus("bonus-wood")}
    s2 = apply(s1, KeepBonus("bonus-wood"))
    assert player(s2, 0).bonus_cards == ("bonus-fish", "bonus-wood")
    assert s2.bonus_deck == ()


@pytest.mark.clause("RECTOR-1", "R-4", "R-8")
def test_rector_with_an_empty_deck_is_skipped() -> None:
    after, events = play(rector_position([]), Place("s55"))
    assert ("rectors-palace", 0, "s55") in activated(events)
    assert of(events, BonusDrawn) == []
    assert player(after, 0).bonus_cards == ("bonus-fish",)
    assert (after.phase, after.seat) == (Phase.PLACE, 1)


@pytest.mark.clause("RECTOR-1", "R-8")
def test_rector_draw_may_be_declined() -> None:
    deck = ["bonus-wood", "bonus-stone", "bonus-olives"]
    after = apply(apply(rector_position(deck), Place("s55")), Pass())
    assert after.bonus_deck == tuple(deck)
    assert player(after, 0).bonus_cards == ("bonus-fish",)
    assert (after.phase, after.seat) == (Phase.PLACE, 1)


# --------------------------------------------------------------------------- Cathedral


@pytest.mark.clause("CATHEDRAL-1", "ACT-4")
def test_cathedral_has_no_effect_during_play() -> None:
    # s56 (cathedral, mason, oil-press), all walls built (so the Mason does nothing). Seat 0
    # also has s62 (cathedral, market, oil-press): 2nd house on the Cathedral and the Oil
    # Press -> 2 stone; the Oil Press needs 1 olives. Seat 0 holds 3 of each commodity.
    assert hexes("s56") == {"cathedral", "mason", "oil-press"}
    state = position(
        4,
        turn=0,
        walls=list(BOARD.wall_ids),
        houses={"s48": 1, "s62": 0},
        res={0: {"stone": 2, "olives": 1}},
        com={0: {"silver": 3, "wine": 3, "oil": 3}},
    )
    after, events = play(state, Place("s56"))
    hexes_seen = [e.hex for e in of(events, HexActivated)]
    assert hexes_seen == ["cathedral", "mason", "oil-press"]
    # between the Cathedral starting and the Mason starting, only the new house activates
    # (not s48 or s62, which also stand on the Cathedral) and nothing else happens
    i = events.index(HexActivated("cathedral"))
    j = events.index(HexActivated("mason"))
    assert events[i + 1 : j] == [HouseActivated(0, "s56", "cathedral")]
    # the only commodity change is the Oil Press's (s56 then s62 for seat 0: +1 oil each)
    assert player(after, 0).commodities == commodities(silver=3, wine=3, oil=5)
    assert player(after, 0).vp == state.players[0].vp
    assert player(after, 1).vp == state.players[1].vp
    assert after.houses[BOARD.spot_index["s48"]] == 1
    assert EMPTY not in after.walls
