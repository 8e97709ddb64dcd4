"""Rule tests for activation (ACT-1 to ACT-5, ED-6, R-5) through ``apply``/``step``.

Positions come from ``tests.support.position``; spots are named by their ids in
``standard.json`` (each test says which hexes its spots touch). Every expected number
is worked out by hand in a comment.
"""

from __future__ import annotations

import pytest

from ragusa import (
    ActivateHex,
    DrawBonus,
    IllegalActionError,
    Pass,
    Place,
    SellCommodity,
    Trade,
    apply,
    legal_actions,
)
from ragusa.core.components import COMPONENTS
from ragusa.core.events import (
    CommodityProduced,
    CommoditySold,
    HexActivated,
    HouseActivated,
    ResourceGained,
)
from ragusa.core.state import Phase
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

# --------------------------------------------------------------------------- ACT-1, ACT-2


@pytest.mark.clause("ACT-1", "TURN-2")
def test_country_hexes_give_only_the_placing_player_one_each() -> None:
    # s10 touches olive-grove-3, quarry-3 and vineyard-1 (three country hexes).
    # Seat 1 has houses on all three hexes (s3: quarry-3/vineyard-1, s4: olive-grove-3/vineyard-1,
    # s17: olive-grove-3/quarry-3) and gains nothing. Seat 0 needs 1 wood (no own house there).
    assert hexes("s10") == {"olive-grove-3", "quarry-3", "vineyard-1"}
    state = position(4, turn=0, houses={"s3": 1, "s4": 1, "s17": 1}, res={0: {"wood": 1}, 1: {"wood": 5}})
    after, events = play(state, Place("s10"))
    # seat 0: wood 1 kept (nothing is spent, BUILD-5), +1 olives, +1 stone, +1 grapes
    assert player(after, 0).resources == resources(wood=1, olives=1, stone=1, grapes=1)
    assert player(after, 1).resources == resources(wood=5)
    gained = {(e.seat, e.resource, e.hex) for e in of(events, ResourceGained)}
    assert gained == {(0, "olives", "olive-grove-3"), (0, "stone", "quarry-3"), (0, "grapes", "vineyard-1")}
    assert of(events, HouseActivated) == []
    # the turn moves on to seat 1
    assert (after.phase, after.seat) == (Phase.PLACE, 1)


@pytest.mark.clause("ACT-2", "ACT-1")
def test_sea_hexes_give_the_placing_player_one_fish_each() -> None:
    # s51 touches quarry-6, sea-1 and sea-2. Seat 1 (s44: quarry-6/sea-2) and seat 2
    # (s52: sea-2) have houses on those hexes and gain nothing.
    assert hexes("s51") == {"quarry-6", "sea-1", "sea-2"}
    state = position(4, turn=0, houses={"s44": 1, "s52": 2}, res={0: {"wood": 1}})
    after, events = play(state, Place("s51"))
    # seat 0: 2 fish (one per sea hex) and 1 stone (quarry-6)
    assert player(after, 0).resources == resources(wood=1, fish=2, stone=1)
    assert player(after, 1).resources == resources()
    assert player(after, 2).resources == resources()
    fish_events = [e for e in of(events, ResourceGained) if e.resource == "fish"]
    assert [(e.seat, e.hex, e.total) for e in fish_events] == [(0, "sea-1", 1), (0, "sea-2", 2)]


# --------------------------------------------------------------------------- ACT-3


@pytest.mark.clause("ACT-3", "WINERY-1")
def test_clockwise_from_the_new_house_with_houses_of_several_seats() -> None:
    # The Winery's ring in the data, clockwise from its top corner: s46 s54 s60 s65 s59 s53.
    ring = COMPONENTS.board.city_rings["winery"]
    assert ring == ("s46", "s54", "s60", "s65", "s59", "s53")
    # Seat 0 places on s53 (forest-7, olive-grove-5, winery); houses stand on s46 (seat 1),
    # s60 (seat 2), s65 (seat 3) and s59 (seat 0); s54 is empty. No seat has fish, so no
    # trade window opens. Seat 0 needs 2 wood (its s59 is on forest-7), 2 stone (s59 on the
    # Winery) and 1 grapes.
    assert hexes("s53") == {"forest-7", "olive-grove-5", "winery"}
    state = position(
        4,
        turn=0,
        houses={"s46": 1, "s60": 2, "s65": 3, "s59": 0},
        res={0: {"wood": 2, "stone": 2, "grapes": 2}, 1: {"grapes": 1}, 2: {"grapes": 3}},
    )
    after, events = play(state, Place("s53"))
    # clockwise from s53, wrapping round the data's ring, skipping the empty s54
    i = ring.index("s53")
    expected_spots = [s for s in ring[i:] + ring[:i] if s in {"s53", "s46", "s60", "s65", "s59"}]
    assert expected_spots == ["s53", "s46", "s60", "s65", "s59"]
    assert activated(events) == [
        ("winery", 0, "s53"),
        ("winery", 1, "s46"),
        ("winery", 2, "s60"),
        ("winery", 3, "s65"),
        ("winery", 0, "s59"),
    ]
    # each house makes its owner's grapes in wine: seat 0 2 (total 2), seat 1 1, seat 2 3,
    # seat 3 0, seat 0 again 2 (total 4)
    made = [(e.seat, e.amount, e.total) for e in of(events, CommodityProduced)]
    assert made == [(0, 2, 2), (1, 1, 1), (2, 3, 3), (3, 0, 0), (0, 2, 4)]
    assert [player(after, s).commodities for s in range(4)] == [
        commodities(wine=4),
        commodities(wine=1),
        commodities(wine=3),
        commodities(),
    ]


@pytest.mark.clause("ACT-3", "WHARF-1")
def test_each_activation_sees_the_state_left_by_the_previous_one() -> None:
    # Wharf ring: s60 s66 s70 s73 s69 s65. Seat 0 places on s69 (sea-5, sea-9, wharf) and
    # already has a house on s73; seat 1 has one on s65. Clockwise from s69: s69 (seat 0),
    # s65 (seat 1), ..., s73 (seat 0). Seat 0 needs 2 stone (2nd house on the Wharf) and a
    # commodity; it holds 1 wine and 1 oil.
    assert hexes("s69") == {"sea-5", "sea-9", "wharf"}
    state = position(
        4,
        turn=0,
        houses={"s73": 0, "s65": 1},
        res={0: {"stone": 2}},
        com={0: {"wine": 1, "oil": 1}, 1: {"wine": 1}},
        market={"wine": 9, "oil": 3},
    )
    s1, events = play(state, Place("s69"))
    assert activated(events) == [("wharf", 0, "s69")]
    assert (s1.phase, s1.seat) == (Phase.WHARF, 0)
    assert non_trade(s1) == {SellCommodity("wine"), SellCommodity("oil"), Pass()}
    # seat 0 sells its wine at s69: wine value track[9] = 5
    s2, events = play(s1, SellCommodity("wine"))
    assert [(e.seat, e.commodity, e.vp) for e in of(events, CommoditySold)] == [(0, "wine", track_value(9))]
    assert track_value(9) == 5
    # next clockwise: seat 1's house on s65 decides for seat 1
    assert activated(events) == [("wharf", 1, "s65")]
    assert (s2.phase, s2.seat) == (Phase.WHARF, 1)
    s3, events = play(s2, Pass())
    # then seat 0's s73: its wine is gone, so only oil can be sold now
    assert activated(events) == [("wharf", 0, "s73")]
    assert (s3.phase, s3.seat) == (Phase.WHARF, 0)
    assert non_trade(s3) == {SellCommodity("oil"), Pass()}
    with pytest.raises(IllegalActionError) as err:
        apply(s3, SellCommodity("wine"))
    assert err.value.rule == "WHARF-1"
    s4 = apply(s3, SellCommodity("oil"))
    # 5 (wine) + 2 (oil, track[3] = 2) = 7 VP from the Wharf
    assert player(s4, 0).vp[2] == 5 + track_value(3) == 7
    assert player(s4, 0).commodities == commodities()
    assert (s4.phase, s4.seat) == (Phase.PLACE, 1)


# --------------------------------------------------------------------------- ACT-4


@pytest.mark.clause("ACT-4", "CATHEDRAL-1", "RECTOR-1")
def test_rector_and_cathedral_activate_only_the_new_house() -> None:
    # s55 touches the Cathedral, the Rector's Palace and the Silversmith (listed in that order;
    # the order cannot matter, so no ORDER decision). Other houses: s60 (seat 1, Rector),
    # s61 (seat 2, Rector + Cathedral), s56 (seat 3, Cathedral), s47 (seat 1, Rector +
    # Silversmith). Seat 0 needs 1 stone and 1 silver ore.
    assert hexes("s55") == {"cathedral", "rectors-palace", "silversmith"}
    state = position(
        4,
        turn=0,
        houses={"s60": 1, "s61": 2, "s56": 3, "s47": 1},
        res={0: {"stone": 1, "silver_ore": 1}},
    )
    s1, events = play(state, Place("s55"))
    assert [e.hex for e in of(events, HexActivated)] == ["cathedral", "rectors-palace"]
    assert activated(events) == [("cathedral", 0, "s55"), ("rectors-palace", 0, "s55")]
    assert (s1.phase, s1.seat) == (Phase.RECTOR_DRAW, 0)
    s2, events = play(s1, Pass())
    # the Silversmith has the clockwise arrow: s55 then s47 (ring s33 s41 s48 s55 s47 s40)
    assert activated(events) == [("silversmith", 0, "s55"), ("silversmith", 1, "s47")]
    assert player(s2, 0).commodities == commodities(silver=1)
    assert player(s2, 1).commodities == commodities()  # seat 1 has no silver ore: 0 silver


# --------------------------------------------------------------------------- ACT-5, ED-6, R-5


@pytest.mark.clause("ACT-5", "FISH-2", "WINERY-1")
def test_sea_and_winery_spot_asks_for_the_order_and_the_order_changes_the_wine() -> None:
    # s59 touches forest-7, sea-5 and the Winery. The sea's fish can be traded for grapes
    # before the Winery activates, so the order matters. Seat 0: 1 stone, 1 grapes, 1 fish.
    assert hexes("s59") == {"forest-7", "sea-5", "winery"}
    state = position(4, turn=0, res={0: {"stone": 1, "grapes": 1, "fish": 1}})
    s1 = apply(state, Place("s59"))
    assert (s1.phase, s1.seat) == (Phase.ORDER, 0)
    assert set(legal_actions(s1)) == {ActivateHex("forest-7"), ActivateHex("sea-5"), ActivateHex("winery")}

    # Winery first: 1 grapes -> 1 wine; then the fish arrives (fish 2), too late.
    first, events = play(s1, ActivateHex("winery"))
    assert [e.hex for e in of(events, HexActivated)] == ["winery", "forest-7", "sea-5"]
    assert player(first, 0).commodities == commodities(wine=1)
    assert player(first, 0).resources == resources(stone=1, grapes=1, fish=2, wood=1)

    # Sea first: fish 2, so a trade window opens before the Winery; 2 fish -> 1 grapes,
    # then 2 grapes -> 2 wine.
    s2 = apply(s1, ActivateHex("sea-5"))
    assert (s2.phase, s2.seat) == (Phase.TRADE_WINDOW, 0)
    s3 = apply(s2, Trade("grapes"))
    assert s3.phase == Phase.TRADE_WINDOW
    last = apply(s3, Pass())
    assert player(last, 0).commodities == commodities(wine=2)
    assert player(last, 0).resources == resources(stone=1, grapes=2, fish=0, wood=1)


@pytest.mark.clause("ACT-5")
def test_three_country_hexes_need_no_order_decision() -> None:
    # s10: olive-grove-3, quarry-3, vineyard-1. Nothing one gives is read by another.
    assert hexes("s10") == {"olive-grove-3", "quarry-3", "vineyard-1"}
    state = position(4, turn=0, res={0: {"wood": 1}})
    after = apply(state, Place("s10"))
    assert (after.phase, after.seat) == (Phase.PLACE, 1)


@pytest.mark.parametrize("edition", ["2nd", "1st"])
@pytest.mark.clause("ACT-5", "ED-6", "R-5", "SILVERSMITH-1")
def test_silversmith_before_or_after_its_silver_mine(edition: str) -> None:
    # s33 touches silver-mine-5, the Silversmith and vineyard-4. Seat 0: 1 silver ore,
    # 1 wood, 1 stone. Both editions let the placing player choose (ED-6, R-5).
    assert hexes("s33") == {"silver-mine-5", "silversmith", "vineyard-4"}
    state = position(4, edition=edition, turn=0, res={0: {"silver_ore": 1, "wood": 1, "stone": 1}})
    s1 = apply(state, Place("s33"))
    assert (s1.phase, s1.seat) == (Phase.ORDER, 0)
    assert set(legal_actions(s1)) == {
        ActivateHex("silver-mine-5"),
        ActivateHex("silversmith"),
        ActivateHex("vineyard-4"),
    }
    # Silversmith first: 1 ore -> 1 silver (the mine's ore comes after)
    early = apply(s1, ActivateHex("silversmith"))
    assert player(early, 0).commodities == commodities(silver=1)
    # Mine first: 2 ore -> 2 silver
    late = apply(s1, ActivateHex("silver-mine-5"))
    assert player(late, 0).commodities == commodities(silver=2)
    # both end with the same resources: ore 2, grapes 1
    assert player(early, 0).resources == player(late, 0).resources == resources(silver_ore=2, wood=1, stone=1, grapes=1)
    assert early.phase == late.phase == Phase.PLACE


@pytest.mark.clause("ACT-5")
def test_order_decision_repeats_while_the_remaining_order_matters() -> None:
    # s63 touches the Oil Press, sea-3 and sea-6. After one sea, the Oil Press and the other
    # sea still interact (fish feeds the trade window), so the player is asked again.
    assert hexes("s63") == {"oil-press", "sea-3", "sea-6"}
    state = position(4, turn=0, res={0: {"stone": 1, "olives": 1}})
    s1 = apply(state, Place("s63"))
    assert (s1.phase, set(legal_actions(s1))) == (
        Phase.ORDER,
        {ActivateHex("oil-press"), ActivateHex("sea-3"), ActivateHex("sea-6")},
    )
    s2 = apply(s1, ActivateHex("sea-3"))
    assert (s2.phase, set(legal_actions(s2))) == (Phase.ORDER, {ActivateHex("oil-press"), ActivateHex("sea-6")})
    # a hex already activated (or not the new house's) cannot be chosen
    for bad in (ActivateHex("sea-3"), ActivateHex("winery"), ActivateHex("nowhere")):
        with pytest.raises(IllegalActionError) as err:
            apply(s2, bad)
        assert err.value.rule == "ACT-5"
    # Oil Press now, with 1 fish: no window; 1 olives -> 1 oil; then sea-6 (fish 2)
    s3 = apply(s2, ActivateHex("oil-press"))
    assert player(s3, 0).commodities == commodities(oil=1)
    assert player(s3, 0).resources == resources(stone=1, olives=1, fish=2)
    assert (s3.phase, s3.seat) == (Phase.PLACE, 1)


@pytest.mark.clause("ACT-5", "RECTOR-1")
def test_order_decision_only_for_the_placing_player() -> None:
    # The ORDER decision belongs to the placing seat (here seat 2), not the start seat.
    state = position(4, turn=2, res={2: {"silver_ore": 1, "wood": 1, "stone": 1}})
    s1 = apply(state, Place("s33"))
    assert (s1.phase, s1.seat, s1.turn_seat) == (Phase.ORDER, 2, 2)
    # a DrawBonus is not a choice in the ORDER phase
    with pytest.raises(IllegalActionError) as err:
        apply(s1, DrawBonus())
    assert err.value.rule == "ACT-5"


@pytest.mark.clause("ACT-3", "ACT-5", "WHARF-1", "WINERY-1", "R-3")
def test_wharf_before_the_winery_has_nothing_to_sell() -> None:
    # s65 touches sea-5, the Wharf and the Winery. Seat 0 holds no commodity: R-3 lets it
    # place because the Winery will make wine from its 1 grapes. Order matters (the Winery
    # writes what the Wharf reads).
    assert hexes("s65") == {"sea-5", "wharf", "winery"}
    state = position(4, turn=0, res={0: {"stone": 1, "grapes": 1}}, market={"wine": 5})
    s1 = apply(state, Place("s65"))
    assert s1.phase == Phase.ORDER
    # Wharf first: nothing held, so the optional Wharf is skipped (no decision)
    early, events = play(s1, ActivateHex("wharf"))
    assert ("wharf", 0, "s65") in activated(events)
    assert of(events, CommoditySold) == []
    # The sea and the Winery remain: 0 fish + the sea's 1 cannot buy grapes, so their order cannot
    # matter (ACT-5) and they activate without asking: 1 grapes -> 1 wine, and the turn passes.
    assert (early.phase, early.seat) == (Phase.PLACE, 1)
    assert player(early, 0).commodities == commodities(wine=1)
    # Winery first; the sea and the Wharf do not interact, so the Wharf comes without asking and
    # can sell the new wine at track[5] = 3
    s3 = apply(s1, ActivateHex("winery"))
    assert (s3.phase, s3.seat) == (Phase.WHARF, 0)
    s4 = apply(s3, SellCommodity("wine"))
    assert player(s4, 0).vp[2] == track_value(5) == 3
    assert player(s4, 0).commodities == commodities()


@pytest.mark.clause("ACT-5", "FISH-1", "FISHMONGER-1")
@pytest.mark.parametrize(
    ("pending", "fish", "matters"),
    [
        # sea + Winery: grapes cost 2 fish. 0 + 1 buys none; 1 + 1 buys one; 2 + 1 no more than 2.
        (("sea-5", "winery"), 0, False),
        (("sea-5", "winery"), 1, True),
        (("sea-5", "winery"), 2, False),
        # sea + Silversmith: silver ore costs 4 fish. 2 + 1 = 3 buys none; 3 + 1 = 4 buys one.
        (("sea-3", "silversmith"), 2, False),
        (("sea-3", "silversmith"), 3, True),
        # sea + Fishmonger: 1 VP per 2 fish. 4 -> 5 fish is still 2 VP; 5 -> 6 is 3 VP.
        (("sea-11", "fishmonger"), 4, False),
        (("sea-11", "fishmonger"), 5, True),
        # two seas + Oil Press with 0 fish: together they give 2 fish, which buy 1 olives.
        (("sea-3", "sea-6", "oil-press"), 0, True),
        # a country hex feeding its producer always matters; unrelated hexes never do.
        (("vineyard-6", "oil-press"), 0, False),
        (("silver-mine-5", "silversmith"), 0, True),
        (("market", "wharf"), 0, True),
        (("mason", "architect"), 0, True),
        (("forest-1", "quarry-1", "olive-grove-2"), 9, False),
    ],
)
def test_order_matters_only_when_a_hex_feeds_another(pending: tuple[str, ...], fish: int, matters: bool) -> None:
    from ragusa.core.board import BOARD
    from ragusa.rules.activation import order_matters

    assert order_matters(tuple(BOARD.hex_index[h] for h in pending), fish) is matters
