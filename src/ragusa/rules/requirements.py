"""Building requirements (BUILD-1 to BUILD-8, R-3, R-10, TWO-3).

Every requirement is a threshold on one resource (or on holding a commodity), so the
fish trades that make a placement legal have a unique minimal set: buy exactly each
shortfall. `placements` computes it for many spots at once (this runs at every placement
decision, so it is written for speed); `explain_refusal` says, with the numbers,
why no trades can help.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from ragusa.core.board import (
    BOARD,
    BUILDING_INDEX,
    KIND_CITY,
    KIND_COUNTRY,
    KIND_SEA,
    RES_INDEX,
)
from ragusa.core.clauses import implements
from ragusa.core.components import RESOURCES
from ragusa.rules.fish import TRADE_COST_BY_INDEX

FISH, WOOD, STONE, ORE, GRAPES, OLIVES = (RES_INDEX[r] for r in RESOURCES)

#: BUILD-7: the resource a production building's house needs at least 1 of
_PRODUCTION_NEEDS: Final = {
    BUILDING_INDEX["winery"]: GRAPES,
    BUILDING_INDEX["oil-press"]: OLIVES,
    BUILDING_INDEX["silversmith"]: ORE,
}
_FISHMONGER: Final = BUILDING_INDEX["fishmonger"]
#: BUILD-7: fish a Fishmonger house needs, after this placement's trades
FISHMONGER_FISH: Final = 2
_NEEDS_COMMODITY: Final = {BUILDING_INDEX["market"], BUILDING_INDEX["wharf"]}


@attrs.frozen
class SpotInfo:
    """What placing on a spot involves, precomputed from the board."""

    country: tuple[int, ...]
    city: tuple[int, ...]
    #: resource index gained from each country and sea hex (ACT-1, ACT-2)
    gains: tuple[int, ...]
    #: resources the spot's production buildings need at least 1 of (BUILD-7)
    needs_one: tuple[int, ...]
    fishmonger: bool
    #: touches the Market or the Wharf (BUILD-7, R-3)
    needs_commodity: bool


def _spot_info(spot: int) -> SpotInfo:
    hexes = BOARD.spot_hexes[spot]
    kinds = [BOARD.hex_kind[h] for h in hexes]
    buildings = [BOARD.hex_building[h] for h in hexes if BOARD.hex_kind[h] == KIND_CITY]
    return SpotInfo(
        country=tuple(h for h, k in zip(hexes, kinds) if k == KIND_COUNTRY),
        city=tuple(h for h, k in zip(hexes, kinds) if k == KIND_CITY),
        gains=tuple(BOARD.hex_resource[h] for h, k in zip(hexes, kinds) if k in (KIND_COUNTRY, KIND_SEA)),
        needs_one=tuple(_PRODUCTION_NEEDS[b] for b in buildings if b in _PRODUCTION_NEEDS),
        fishmonger=_FISHMONGER in buildings,
        needs_commodity=any(b in _NEEDS_COMMODITY for b in buildings),
    )


SPOT_INFO: Final[tuple[SpotInfo, ...]] = tuple(_spot_info(s) for s in range(len(BOARD.spot_ids)))


_N_HEXES: Final = len(BOARD.hex_ids)
_SPOT_HEXES: Final = BOARD.spot_hexes


def own_house_counts(houses: Sequence[int], seat: int) -> tuple[int, ...]:
    """Houses of `seat` on each hex (BUILD-2, BUILD-3). Powerhouses count for nobody (TWO-7).

    `legal_actions` and `apply` ask this of the same position in turn, so the last answer
    is kept, keyed on a copy of the houses (compared by value, so it cannot go stale).
    """
    global _last_counts
    houses = tuple(houses)
    last_houses, last_seat, last = _last_counts
    if seat == last_seat and (houses is last_houses or houses == last_houses):
        return last
    counts = [0] * _N_HEXES
    spot = -1
    for _ in range(houses.count(seat)):  # the seat's spots found by C-level scans
        spot = houses.index(seat, spot + 1)
        a, b, c = _SPOT_HEXES[spot]
        counts[a] += 1
        counts[b] += 1
        counts[c] += 1
    result = tuple(counts)
    _last_counts = (houses, seat, result)
    return result


_last_counts: tuple[tuple[int, ...], int, tuple[int, ...]] = ((), -1, ())


@attrs.frozen
class Refusal:
    """Why a placement is not legal: the clause and the numbers."""

    rule: str
    message: str


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _row(
    info: SpotInfo,
) -> tuple[tuple[int, ...], tuple[int, ...], int, int, int, int, int, int, bool, bool, bool, int, bool, bool]:
    g = info.gains
    return (
        info.country,
        info.city,
        g.count(FISH),
        g.count(WOOD),
        g.count(STONE),
        g.count(ORE),
        g.count(GRAPES),
        g.count(OLIVES),
        ORE in info.needs_one,
        GRAPES in info.needs_one,
        OLIVES in info.needs_one,
        FISHMONGER_FISH if info.fishmonger else 0,
        info.needs_commodity,
        bool(info.needs_one),
    )


#: `SPOT_INFO` flattened into plain tuples for `minimal_trades`' hot loop
_ROWS: Final = tuple(_row(info) for info in SPOT_INFO)
_COST_WOOD, _COST_STONE, _COST_ORE, _COST_GRAPES, _COST_OLIVES = (
    TRADE_COST_BY_INDEX[r] for r in (WOOD, STONE, ORE, GRAPES, OLIVES)
)
_NAME_WOOD, _NAME_STONE, _NAME_ORE, _NAME_GRAPES, _NAME_OLIVES = (
    RESOURCES[r] for r in (WOOD, STONE, ORE, GRAPES, OLIVES)
)
#: fish beyond which a powerhouse placement's answer cannot change (see `_power_memo`)
_POWER_FISH_CAP: Final = FISHMONGER_FISH + _COST_ORE + _COST_GRAPES + _COST_OLIVES


@implements(
    "BUILD-1", "BUILD-2", "BUILD-3", "BUILD-4", "BUILD-5", "BUILD-6", "BUILD-7", "BUILD-8", "R-3", "TWO-3", "R-10"
)
def placements(
    res: Sequence[int], com: Sequence[int], counts: Sequence[int], spots: Iterable[int], power: bool, strict: bool
) -> list[tuple[int, tuple[str, ...]]]:
    """The legal placements among `spots`, each with its minimal fish trades (`()` if none).

    `res`/`com` are the seat's resources and commodities before the placement; `counts`
    its houses per hex (`own_house_counts`). All three hexes must accept the house
    (BUILD-1): on a country hex the seat needs as much wood as its houses there, the new one
    included (BUILD-2); on a city hex the same with stone (BUILD-3); a sea hex asks nothing
    (BUILD-4). Requirements read counts and consume nothing, so one wood serves every country
    hex (BUILD-5), and the house's own gains count (BUILD-6). Special requirements (BUILD-7):
    1 grapes / olives / silver ore next to the Winery / Oil Press / Silversmith, 2 fish left
    after this placement's trades next to the Fishmonger, and for the Market or Wharf a
    commodity held, or (R-3, unless `strict`) a producer on the same spot. Fish, this
    placement's own included, may buy the shortfall (BUILD-8) at the FISH-1 rates; since each
    requirement is a threshold on one resource, the minimal set of trades is unique. A
    powerhouse gains nothing and needs no wood or stone, only the special requirements (TWO-3,
    R-10).

    This runs for every free spot at every placement decision, so it is written for speed; the
    answers for powerhouses, which read only the special requirements, are kept (`_power_memo`).
    """
    holds_commodity = bool(com[0] or com[1] or com[2])
    if power:
        spots = tuple(spots)
        key = (spots, min(res[FISH], _POWER_FISH_CAP), res[ORE] > 0, res[GRAPES] > 0, res[OLIVES] > 0)
        memo_key = (key, holds_commodity, strict)
        found = _power_memo.get(memo_key)
        if found is None:
            if len(_power_memo) >= 4096:
                _power_memo.clear()
            found = _power_memo[memo_key] = _placements(res, com, counts, spots, True, strict)
        return list(found)
    return _placements(res, com, counts, spots, False, strict)


#: powerhouse answers of `placements` by what they read: the spots, the fish (capped: with this many
#: every shortfall of special resources is bought and the Fishmonger's floor kept), whether the seat
#: holds grapes, olives and silver ore, whether it holds a commodity, and `strict`
_power_memo: dict[
    tuple[tuple[tuple[int, ...], int, bool, bool, bool], bool, bool], list[tuple[int, tuple[str, ...]]]
] = {}


def _placements(
    res: Sequence[int], com: Sequence[int], counts: Sequence[int], spots: Iterable[int], power: bool, strict: bool
) -> list[tuple[int, tuple[str, ...]]]:
    rows = _ROWS
    holds_commodity = bool(com[0] or com[1] or com[2])
    r_fish, r_wood, r_stone, r_ore, r_grapes, r_olives = (
        res[FISH],
        res[WOOD],
        res[STONE],
        res[ORE],
        res[GRAPES],
        res[OLIVES],
    )
    out: list[tuple[int, tuple[str, ...]]] = []
    for spot in spots:
        country, city, gf, gw, gs, go, gg, gl, n_ore, n_grapes, n_olives, floor, needs_com, producer = rows[spot]
        if needs_com and not holds_commodity and (strict or not producer):
            continue
        if power:
            fish, ore, grapes, olives = r_fish, r_ore, r_grapes, r_olives
            short_w = short_s = 0
        else:
            fish, ore, grapes, olives = r_fish + gf, r_ore + go, r_grapes + gg, r_olives + gl
            need = 0
            for h in country:
                if counts[h] >= need:
                    need = counts[h] + 1
            short_w = need - r_wood - gw
            need = 0
            for h in city:
                if counts[h] >= need:
                    need = counts[h] + 1
            short_s = need - r_stone - gs
        short_o = 1 if n_ore and ore < 1 else 0
        short_g = 1 if n_grapes and grapes < 1 else 0
        short_l = 1 if n_olives and olives < 1 else 0
        if short_w <= 0 and short_s <= 0 and not (short_o or short_g or short_l):
            if fish >= floor:
                out.append((spot, ()))
            continue
        if short_w < 0:
            short_w = 0
        if short_s < 0:
            short_s = 0
        cost = (
            short_w * _COST_WOOD
            + short_s * _COST_STONE
            + short_o * _COST_ORE
            + short_g * _COST_GRAPES
            + short_l * _COST_OLIVES
        )
        if fish - cost >= floor:
            out.append(
                (
                    spot,
                    (_NAME_WOOD,) * short_w
                    + (_NAME_STONE,) * short_s
                    + (_NAME_ORE,) * short_o
                    + (_NAME_GRAPES,) * short_g
                    + (_NAME_OLIVES,) * short_l,
                )
            )
    return out


def minimal_trades(
    res: Sequence[int], com: Sequence[int], counts: Sequence[int], spot: int, power: bool, strict: bool
) -> tuple[str, ...] | None:
    """The minimal fish trades that make placing on `spot` legal (`()` if none), or None
    when no trades can (`placements` for one spot)."""
    found = placements(res, com, counts, (spot,), power, strict)
    return found[0][1] if found else None


def explain_refusal(
    res: Sequence[int], com: Sequence[int], counts: Sequence[int], spot: int, power: bool, strict: bool, seat: int
) -> Refusal:
    """Why `minimal_trades` refuses this placement: the clause that forbids it and the numbers.

    Display only: the decision is `minimal_trades`'; this recomputes what the seat would
    need and have, to say so.
    """
    info = SPOT_INFO[spot]
    who = f"seat {seat}"
    if info.needs_commodity and not (com[0] or com[1] or com[2]) and (strict or not info.needs_one):
        if strict:
            why = "with the strict option only commodities already held count (R-3)"
        else:
            why = "and this spot touches no Winery, Oil Press or Silversmith to produce one (R-3)"
        return Refusal("BUILD-7", f"a house on the Market or the Wharf needs 1 commodity; {who} holds none, {why}")
    have = list(res)
    need = [0] * len(RESOURCES)
    worst = {WOOD: -1, STONE: -1}
    if not power:
        for r in info.gains:
            have[r] += 1
        for r, hexes in ((WOOD, info.country), (STONE, info.city)):
            for h in hexes:
                if counts[h] + 1 > need[r]:
                    need[r] = counts[h] + 1
                    worst[r] = h
    for r in info.needs_one:
        need[r] = max(need[r], 1)
    gained = "" if power else ", counting this house's own gains"
    parts: list[str] = []
    rule = "BUILD-7"
    for r, clause in ((WOOD, "BUILD-2"), (STONE, "BUILD-3")):
        if need[r] > have[r]:
            rule = clause if rule == "BUILD-7" else rule
            h = worst[r]
            parts.append(
                f"the {_ordinal(counts[h] + 1)} house on {BOARD.hex_ids[h]} needs {need[r]} {RESOURCES[r]}; "
                f"{who} has {have[r]}{gained}"
            )
    for r in (ORE, GRAPES, OLIVES):
        if need[r] > have[r]:
            parts.append(f"the special requirement needs 1 {RESOURCES[r]}; {who} has {have[r]}")
    fish_cost = sum(max(0, need[r] - have[r]) * TRADE_COST_BY_INDEX[r] for r in (WOOD, STONE, ORE, GRAPES, OLIVES))
    fish_left = have[FISH] - fish_cost
    floor = FISHMONGER_FISH if info.fishmonger else 0
    if floor and fish_left < floor:
        parts.append(f"the Fishmonger needs {floor} fish after this placement's trades; {who} would have {fish_left}")
    elif fish_cost:
        parts.append(f"trading for the shortfall would take {fish_cost} fish; {who} has {have[FISH]}")
    return Refusal(rule, "; ".join(parts))
