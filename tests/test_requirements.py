"""Building requirements (BUILD-1 to BUILD-8, R-3), through the public API.

Spots used (from ``standard.json``; hexes of each spot):

- s46: architect, olive-grove-5, winery  (the rulebook's requirements example)
- s38: olive-grove-5, quarry-4, vineyard-5 ; s45: forest-7, olive-grove-5, vineyard-5
- s40: architect, silver-mine-5, silversmith ; s60: rectors-palace, wharf, winery ; s65: sea-5, wharf, winery
- s15: olive-grove-2, quarry-4, silver-mine-3 ; s22: olive-grove-2, quarry-4, vineyard-3
- s30: quarry-4, vineyard-3, vineyard-5
- s2: quarry-1, silver-mine-1, silver-mine-3 (three country hexes, no forest)
- s51: quarry-6, sea-1, sea-2 ; s58: forest-7, sea-2, sea-4 ; s44: quarry-6, sea-2, vineyard-5 ; s52: forest-7, sea-2, vineyard-5
- s61: cathedral, fishmonger, rectors-palace ; s74: fishmonger, sea-10, sea-11
- s69: sea-5, sea-9, wharf ; s72: market, sea-12, sea-6 ; s62: cathedral, market, oil-press

Every expected number is worked out in the comment next to it.
"""

from __future__ import annotations

import pytest

from ragusa import Action, BuildTower, GameState, IllegalActionError, Options, Phase, Place, apply, legal_actions, step
from ragusa.core.board import BOARD, KIND_CITY, KIND_COUNTRY, KIND_SEA, RES_INDEX
from ragusa.core.events import FishTraded, ResourceGained
from tests.support import after_setup, player, position, resources

FOREST = {h for h, hid in enumerate(BOARD.hex_ids) if hid.startswith("forest")}


def places(state: GameState, spot_id: str) -> list[Place]:
    """The legal Place actions of the deciding seat on ``spot_id`` (houses only)."""
    return [a for a in legal_actions(state) if isinstance(a, Place) and a.spot == spot_id and not a.powerhouse]


def refused(state: GameState, action: Action) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert isinstance(info.value, ValueError)
    return info.value


# --------------------------------------------------------------------------- the rulebook example (BUILD-1..7)

# (houses of seat 0 already on the board, wood needed, stone needed), from the rulebooks' examples:
# s46 touches olive-grove-5 (country -> wood), the Architect and the Winery (city -> stone) and the
# Winery needs 1 grapes. The olive grove gives olives, not wood, so BUILD-6 does not help here.
EXAMPLE = [
    # no houses there: 1st house on each hex -> 1 wood, 1 stone
    pytest.param({}, 1, 1, id="none"),
    # one on each (s38 grove, s40 Architect, s60 Winery): 2nd house on each -> 2 wood, 2 stone
    pytest.param({"s38": 0, "s40": 0, "s60": 0}, 2, 2, id="one-each"),
    # two on the grove (s38, s45), one on each city hex (s40, s60): 3rd on grove -> 3 wood; 2nd on city -> 2 stone
    pytest.param({"s38": 0, "s45": 0, "s40": 0, "s60": 0}, 3, 2, id="two-grove"),
    # none on the grove, two on the Winery (s60, s65): 1st on grove -> 1 wood; 3rd on Winery -> 3 stone
    pytest.param({"s60": 0, "s65": 0}, 1, 3, id="two-winery"),
]


@pytest.mark.clause("BUILD-1", "BUILD-2", "BUILD-3", "BUILD-7")
@pytest.mark.parametrize("houses, wood, stone", EXAMPLE)
def test_rulebook_example_exact_resources_are_enough(houses: dict[str, int], wood: int, stone: int) -> None:
    state = position(4, houses=houses, res={0: {"wood": wood, "stone": stone, "grapes": 1}})
    assert places(state, "s46") == [Place("s46")]  # legal, no trades offered
    after = apply(state, Place("s46"))
    assert after.houses[BOARD.spot_index["s46"]] == 0


@pytest.mark.clause("BUILD-2", "BUILD-8")
@pytest.mark.parametrize("houses, wood, stone", EXAMPLE)
def test_rulebook_example_one_wood_short(houses: dict[str, int], wood: int, stone: int) -> None:
    state = position(4, houses=houses, res={0: {"wood": wood - 1, "stone": stone, "grapes": 1}})
    assert places(state, "s46") == []
    err = refused(state, Place("s46"))
    assert err.rule == "BUILD-2"
    n = wood  # the new house is the wood-th of seat 0 on olive-grove-5
    ordinal = {1: "1st", 2: "2nd", 3: "3rd"}[n]
    assert f"the {ordinal} house on olive-grove-5 needs {wood} wood; seat 0 has {wood - 1}" in str(err)
    # with 2 fish the shortfall is offered as one wood trade
    fishy = position(4, houses=houses, res={0: {"wood": wood - 1, "stone": stone, "grapes": 1, "fish": 2}})
    assert places(fishy, "s46") == [Place("s46", trades=("wood",))]


@pytest.mark.clause("BUILD-3", "BUILD-8")
@pytest.mark.parametrize("houses, wood, stone", EXAMPLE)
def test_rulebook_example_one_stone_short(houses: dict[str, int], wood: int, stone: int) -> None:
    state = position(4, houses=houses, res={0: {"wood": wood, "stone": stone - 1, "grapes": 1}})
    assert places(state, "s46") == []
    err = refused(state, Place("s46"))
    assert err.rule == "BUILD-3"
    assert f"needs {stone} stone; seat 0 has {stone - 1}" in str(err)
    # 2 fish cannot buy stone (3 fish): still refused; 3 fish can
    two = position(4, houses=houses, res={0: {"wood": wood, "stone": stone - 1, "grapes": 1, "fish": 2}})
    assert places(two, "s46") == []
    assert "would take 3 fish; seat 0 has 2" in str(refused(two, Place("s46", trades=("stone",))))
    three = position(4, houses=houses, res={0: {"wood": wood, "stone": stone - 1, "grapes": 1, "fish": 3}})
    assert places(three, "s46") == [Place("s46", trades=("stone",))]


@pytest.mark.clause("BUILD-7", "BUILD-8")
@pytest.mark.parametrize("houses, wood, stone", EXAMPLE)
def test_rulebook_example_without_grapes(houses: dict[str, int], wood: int, stone: int) -> None:
    state = position(4, houses=houses, res={0: {"wood": wood, "stone": stone}})
    err = refused(state, Place("s46"))
    assert err.rule == "BUILD-7"
    assert "needs 1 grapes; seat 0 has 0" in str(err)
    fishy = position(4, houses=houses, res={0: {"wood": wood, "stone": stone, "fish": 2}})
    assert places(fishy, "s46") == [Place("s46", trades=("grapes",))]


@pytest.mark.clause("BUILD-8")
def test_example_two_shortfalls_give_one_minimal_place() -> None:
    # "one-each" variant with 1 wood, 1 stone, no grapes and 7 fish: short 1 wood (2 fish), 1 stone (3 fish),
    # 1 grapes (2 fish) = 7 fish exactly; the only offer is that minimal set.
    houses = {"s38": 0, "s40": 0, "s60": 0}
    state = position(4, houses=houses, res={0: {"wood": 1, "stone": 1, "fish": 7}})
    assert places(state, "s46") == [Place("s46", trades=("wood", "stone", "grapes"))]
    after = apply(state, Place("s46", trades=("wood", "stone", "grapes")))
    # the Architect (first hex of s46) activates seat 0's two houses there (s46, s40): two towers
    assert after.phase == Phase.ARCHITECT
    after = apply(after, BuildTower("s73"))
    assert after.phase == Phase.ARCHITECT
    after = apply(after, BuildTower("s74"))
    assert after.phase == Phase.PLACE and after.seat != 0
    # fish 7 - 7 = 0; wood 2, stone 2, grapes 1; olives +1 from the grove;
    # Winery: seat 0's two houses there (s46, s60) each make 1 wine from 1 grapes -> 2 wine
    p = player(after, 0)
    assert p.resources == resources(wood=2, stone=2, grapes=1, olives=1)
    assert p.commodities == (0, 2, 0)
    # 6 fish is one short
    short = position(4, houses=houses, res={0: {"wood": 1, "stone": 1, "fish": 6}})
    assert places(short, "s46") == []
    err = refused(short, Place("s46", trades=("wood", "stone", "grapes")))
    assert err.rule == "BUILD-2"
    assert "would take 7 fish; seat 0 has 6" in str(err)


# --------------------------------------------------------------------------- BUILD-2, BUILD-5, BUILD-4


@pytest.mark.clause("BUILD-2")
def test_third_house_on_a_country_hex_with_two_wood_is_refused() -> None:
    # seat 0 has s15 and s22 on quarry-4; s30 would be its 3rd there -> 3 wood; it has 2 (s30 gives no wood)
    state = position(4, houses={"s15": 0, "s22": 0}, res={0: {"wood": 2}})
    err = refused(state, Place("s30"))
    assert err.rule == "BUILD-2"
    assert "the 3rd house on quarry-4 needs 3 wood; seat 0 has 2" in str(err)
    assert places(state, "s30") == []
    # with 3 wood it is legal without trades
    assert places(position(4, houses={"s15": 0, "s22": 0}, res={0: {"wood": 3}}), "s30") == [Place("s30")]


@pytest.mark.clause("BUILD-2", "BUILD-8", "FISH-1")
def test_placement_legal_only_after_trading_two_fish_for_wood() -> None:
    state = position(4, houses={"s15": 0, "s22": 0}, res={0: {"wood": 2, "fish": 2}})
    assert places(state, "s30") == [Place("s30", trades=("wood",))]
    # without the trade the error says which trade to include
    err = refused(state, Place("s30"))
    assert err.rule == "BUILD-2"
    assert "trades=('wood',)" in str(err)
    after, events = step(state, Place("s30", trades=("wood",)))
    # 2 fish -> 1 wood (3 wood now); the house then gains 1 stone (quarry-4) and 2 grapes (two vineyards)
    assert player(after, 0).resources == resources(wood=3, stone=1, grapes=2)
    assert FishTraded(0, "wood", 2) in events


@pytest.mark.clause("BUILD-5", "RES-1")
def test_one_wood_serves_three_country_hexes_and_is_not_consumed() -> None:
    # s2 touches three country hexes (quarry-1, silver-mine-1, silver-mine-3), none a forest
    state = position(4, res={0: {"wood": 1}})
    assert places(state, "s2") == [Place("s2")]
    after = apply(state, Place("s2"))
    # wood stays 1 (requirements consume nothing); gains 1 stone and 2 silver ore
    assert player(after, 0).resources == resources(wood=1, stone=1, silver_ore=2)
    # and 0 wood is refused for the 1st house on a country hex
    err = refused(position(4), Place("s2"))
    assert err.rule == "BUILD-2"
    assert "the 1st house on quarry-1 needs 1 wood; seat 0 has 0" in str(err)


@pytest.mark.clause("BUILD-4", "BUILD-2")
def test_sea_hexes_ask_nothing() -> None:
    # seat 0 has three houses on sea-2 (s44, s51, s52); s52 also puts one on forest-7.
    # s58 (forest-7, sea-2, sea-4) is its 4th on sea-2 (no requirement) and 2nd on forest-7 -> 2 wood,
    # of which the house's own forest gives 1 (BUILD-6): 1 wood held is enough.
    houses = {"s44": 0, "s51": 0, "s52": 0}
    state = position(4, houses=houses, res={0: {"wood": 1}})
    assert places(state, "s58") == [Place("s58")]
    # with no wood the only shortfall is forest-7's 2nd wood, bought with the 2 fish the house gains
    # (sea-2, sea-4): sea-2 adds nothing to the bill
    assert places(position(4, houses=houses), "s58") == [Place("s58", trades=("wood",))]


# --------------------------------------------------------------------------- BUILD-6


@pytest.mark.clause("BUILD-6", "BUILD-2", "BUILD-3", "BUILD-8")
def test_first_house_must_touch_a_forest_exhaustive() -> None:
    state = after_setup(4, seed=3)
    seat = state.seat
    assert seat is not None
    got = {a.spot: a.trades for a in legal_actions(state) if isinstance(a, Place)}

    def kinds(s: int) -> list[int]:
        return [BOARD.hex_kind[h] for h in BOARD.spot_hexes[s]]

    # With nothing held, a house needs 1 wood if it touches a country hex and 1 stone if it touches a city
    # hex. Only its own gains can pay: a forest gives the wood; no spot gives stone while touching a city
    # hex (checked below); two sea hexes give 2 fish, which buy the wood (BUILD-8).
    free: set[str] = set()
    traded: set[str] = set()
    for s, sid in enumerate(BOARD.spot_ids):
        k = kinds(s)
        hexes = BOARD.spot_hexes[s]
        if KIND_CITY in k:
            assert not any(BOARD.hex_resource[h] == RES_INDEX["stone"] for h in hexes)
            continue
        if any(h in FOREST for h in hexes):
            free.add(sid)
        elif k.count(KIND_SEA) >= 2 and KIND_COUNTRY in k:
            traded.add(sid)
    assert {s for s, t in got.items() if t == ()} == free
    assert all(any(h in FOREST for h in BOARD.spot_hexes[BOARD.spot_index[s]]) for s in free)
    # the one exception on the standard board: s51 (quarry-6, sea-1, sea-2) pays its wood with its own fish
    assert traded == {"s51"}
    assert {s: t for s, t in got.items() if t} == {"s51": ("wood",)}


@pytest.mark.clause("BUILD-6")
def test_own_gains_count_for_the_house_itself() -> None:
    # s1 (forest-1, olive-grove-2, quarry-1) with nothing: the forest's wood covers both country hexes' 1 wood
    state = position(4)
    assert places(state, "s1") == [Place("s1")]
    # a 2nd house on forest-1 (s7) then needs 2 wood: 1 held + 1 gained
    two = position(4, houses={"s1": 0}, res={0: {"wood": 1}})
    assert places(two, "s7") == [Place("s7")]
    err = refused(position(4, houses={"s1": 0}), Place("s7"))
    assert err.rule == "BUILD-2"
    assert "the 2nd house on forest-1 needs 2 wood; seat 0 has 1, counting this house's own gains" in str(err)


# --------------------------------------------------------------------------- BUILD-7


@pytest.mark.clause("BUILD-7")
@pytest.mark.parametrize(
    "spot, res, short",
    [
        # s46 Winery: 1 grapes (wood/stone given)
        ("s46", {"wood": 1, "stone": 1}, "grapes"),
        # s49 (mason, oil-press, vineyard-6): Oil Press 1 olives
        ("s49", {"wood": 1, "stone": 1}, "olives"),
        # s41 (mason, silversmith, vineyard-4): Silversmith 1 silver ore
        ("s41", {"wood": 1, "stone": 1}, "silver_ore"),
    ],
)
def test_production_buildings_need_one_of_their_resource(spot: str, res: dict[str, int], short: str) -> None:
    err = refused(position(4, res={0: res}), Place(spot))
    assert err.rule == "BUILD-7"
    assert f"needs 1 {short}; seat 0 has 0" in str(err)
    assert places(position(4, res={0: {**res, short: 1}}), spot) == [Place(spot)]
    # fish buy it: 2 for grapes/olives, 4 for silver ore
    cost = 4 if short == "silver_ore" else 2
    assert places(position(4, res={0: {**res, "fish": cost}}), spot) == [Place(spot, trades=(short,))]
    assert places(position(4, res={0: {**res, "fish": cost - 1}}), spot) == []


@pytest.mark.clause("BUILD-7", "BUILD-6")
def test_silversmith_counts_the_house_own_silver_ore() -> None:
    # s33 (silver-mine-5, silversmith, vineyard-4): the silver mine gives the 1 silver ore the Silversmith needs
    assert places(position(4, res={0: {"wood": 1, "stone": 1}}), "s33") == [Place("s33")]


@pytest.mark.clause("BUILD-7", "BUILD-8")
def test_fishmonger_needs_two_fish_after_this_placements_trades() -> None:
    # s61 (cathedral, fishmonger, rectors-palace): 1 stone, and 2 fish left after trades
    assert places(position(4, res={0: {"stone": 1, "fish": 2}}), "s61") == [Place("s61")]
    err = refused(position(4, res={0: {"stone": 1, "fish": 1}}), Place("s61"))
    assert err.rule == "BUILD-7"
    assert "the Fishmonger needs 2 fish after this placement's trades; seat 0 would have 1" in str(err)
    # no stone, 5 fish: 3 buy the stone, 2 remain -> legal with the trade
    five = position(4, res={0: {"fish": 5}})
    assert places(five, "s61") == [Place("s61", trades=("stone",))]
    after = apply(five, Place("s61", trades=("stone",)))
    assert player(after, 0).resources[RES_INDEX["fish"]] == 2
    # 4 fish: 3 for the stone would leave 1 < 2 -> refused even with the trade
    four = position(4, res={0: {"fish": 4}})
    assert places(four, "s61") == []
    err = refused(four, Place("s61", trades=("stone",)))
    assert "seat 0 would have 1" in str(err)


@pytest.mark.clause("BUILD-7", "BUILD-6")
def test_fishmonger_counts_fish_the_house_gains() -> None:
    # s74 (fishmonger, sea-10, sea-11): 0 fish held + 2 gained = 2 -> legal with 1 stone
    assert places(position(4, res={0: {"stone": 1}}), "s74") == [Place("s74")]


@pytest.mark.clause("BUILD-7", "R-3")
def test_market_and_wharf_need_a_commodity() -> None:
    # s69 (sea-5, sea-9, wharf) and s72 (market, sea-12, sea-6): 1 stone and 1 commodity; no production building
    for spot in ("s69", "s72"):
        for strict in (False, True):
            opts = Options(strict=strict)
            bare = position(4, options=opts, res={0: {"stone": 1}})
            err = refused(bare, Place(spot))
            assert err.rule == "BUILD-7"
            assert "needs 1 commodity; seat 0 holds none" in str(err)
            held = position(4, options=opts, res={0: {"stone": 1}}, com={0: {"oil": 1}})
            assert places(held, spot) == [Place(spot)]


@pytest.mark.clause("BUILD-7", "R-3")
@pytest.mark.parametrize(
    "spot, res",
    [
        # s60 (rectors-palace, wharf, winery): 1 stone, 1 grapes; the Winery will produce the commodity
        ("s60", {"stone": 1, "grapes": 1}),
        # s62 (cathedral, market, oil-press): 1 stone, 1 olives; the Oil Press will produce it
        ("s62", {"stone": 1, "olives": 1}),
    ],
)
def test_r3_lenient_by_default_strict_as_option(spot: str, res: dict[str, int]) -> None:
    lenient = position(4, res={0: res})
    assert places(lenient, spot) == [Place(spot)]
    strict = position(4, options=Options(strict=True), res={0: res})
    assert places(strict, spot) == []
    err = refused(strict, Place(spot))
    assert err.rule == "BUILD-7"
    assert "only commodities already held count (R-3)" in str(err)
    held = position(4, options=Options(strict=True), res={0: res}, com={0: {"silver": 1}})
    assert places(held, spot) == [Place(spot)]


# --------------------------------------------------------------------------- BUILD-8


@pytest.mark.clause("BUILD-8", "BUILD-6", "FISH-1")
def test_fish_gained_by_the_placement_pay_for_its_trades() -> None:
    # s51 (quarry-6, sea-1, sea-2) with nothing held: the house gains 2 fish and 1 stone; it needs 1 wood
    # (quarry-6), bought with the 2 fish it gains.
    state = position(4)
    assert places(state, "s51") == [Place("s51", trades=("wood",))]
    after, events = step(state, Place("s51", trades=("wood",)))
    assert player(after, 0).resources == resources(wood=1, stone=1)
    assert player(after, 0).fish_traded == 2
    # the sea hexes activated before the trade
    fish_gains = [i for i, e in enumerate(events) if isinstance(e, ResourceGained) and e.resource == "fish"]
    trade_at = next(i for i, e in enumerate(events) if isinstance(e, FishTraded))
    assert len(fish_gains) == 2 and max(fish_gains) < trade_at


@pytest.mark.clause("BUILD-8")
def test_non_minimal_trades_are_refused() -> None:
    state = position(4, houses={"s15": 0, "s22": 0}, res={0: {"wood": 2, "fish": 6}})
    err = refused(state, Place("s30", trades=("wood", "wood")))
    assert err.rule == "BUILD-8"
    assert "shortfall, ['wood']; got ['wood', 'wood']" in str(err)
    err = refused(state, Place("s30", trades=("stone",)))
    assert err.rule == "BUILD-8"
    # a placement needing nothing takes no trades
    free = position(4, res={0: {"fish": 4}})
    err = refused(free, Place("s1", trades=("wood",)))
    assert err.rule == "BUILD-8"
    assert "shortfall, none" in str(err)
    # the state is untouched by a refused action
    assert player(state, 0).resources == resources(wood=2, fish=6)


@pytest.mark.clause("BUILD-8")
def test_the_order_of_a_placements_trades_does_not_matter() -> None:
    # s33 touches silver-mine-5, the Silversmith and vineyard-4. Seat 0 has no house anywhere,
    # 0 wood, 0 stone and 5 fish: it needs 1 wood (country hexes; s33 gains no wood) and 1 stone
    # (the Silversmith); the house's own silver ore meets the Silversmith's special requirement.
    # Shortfall: 1 wood (2 fish) + 1 stone (3 fish) = 5 fish, exactly what it has.
    state = position(4, res={0: {"fish": 5}})
    offered = [a for a in legal_actions(state) if isinstance(a, Place) and a.spot == "s33"]
    assert offered == [Place("s33", trades=("wood", "stone"))]
    reordered = Place("s33", trades=("stone", "wood"))
    assert reordered == offered[0] and reordered in legal_actions(state)
    after = apply(state, reordered)
    # The trades are made at once (5 fish -> 1 wood + 1 stone); the hexes have not activated yet:
    # silver-mine-5 feeds the Silversmith, so seat 0 first chooses the order (ACT-5).
    assert after.players[0].resources == resources(wood=1, stone=1)
    assert after.phase == Phase.ORDER and after.seat == 0
