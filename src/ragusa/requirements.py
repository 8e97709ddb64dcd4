"""Building requirements (BUILD-1 to BUILD-8, R-3, R-10, TWO-3).

Every requirement is a threshold on one resource (or on holding a commodity), so the
fish trades that make a placement legal have a unique minimal set: buy exactly each
shortfall. :func:`evaluate` computes it, or says why no trades can help.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .board import BOARD, BUILDING_INDEX, KIND_CITY, KIND_COUNTRY, KIND_SEA, RES_INDEX
from .clauses import implements
from .components import RESOURCES
from .fish import TRADE_COST_BY_INDEX

FISH, WOOD, STONE, ORE, GRAPES, OLIVES = (RES_INDEX[r] for r in RESOURCES)

#: BUILD-7: the resource a production building's house needs at least 1 of
_PRODUCTION_NEEDS = {
    BUILDING_INDEX["winery"]: GRAPES,
    BUILDING_INDEX["oil-press"]: OLIVES,
    BUILDING_INDEX["silversmith"]: ORE,
}
_FISHMONGER = BUILDING_INDEX["fishmonger"]
#: BUILD-7: fish a Fishmonger house needs, after this placement's trades
FISHMONGER_FISH = 2
_NEEDS_COMMODITY = {BUILDING_INDEX["market"], BUILDING_INDEX["wharf"]}


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


SPOT_INFO: tuple[SpotInfo, ...] = tuple(_spot_info(s) for s in range(len(BOARD.spot_ids)))


def own_house_counts(houses: Sequence[int], seat: int) -> list[int]:
    """Houses of ``seat`` on each hex (BUILD-2, BUILD-3). Powerhouses count for nobody (TWO-7)."""
    counts = [0] * len(BOARD.hex_ids)
    spot_hexes = BOARD.spot_hexes
    for spot, owner in enumerate(houses):
        if owner == seat:
            a, b, c = spot_hexes[spot]
            counts[a] += 1
            counts[b] += 1
            counts[c] += 1
    return counts


@attrs.frozen
class Refusal:
    """Why a placement is not legal: the clause and the numbers."""

    rule: str
    message: str


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


#: per spot, flattened for :func:`_fast_evaluate`: (country hexes, city hexes, gains of fish, wood, stone,
#: silver ore, grapes, olives, needs 1 ore, needs 1 grapes, needs 1 olives, fish floor, needs a commodity,
#: touches a producer)
_FAST_ROWS: tuple[tuple[tuple[int, ...], tuple[int, ...], int, int, int, int, int, int, bool, bool, bool, int, bool, bool], ...] = tuple(
    (
        info.country,
        info.city,
        info.gains.count(FISH),
        info.gains.count(WOOD),
        info.gains.count(STONE),
        info.gains.count(ORE),
        info.gains.count(GRAPES),
        info.gains.count(OLIVES),
        ORE in info.needs_one,
        GRAPES in info.needs_one,
        OLIVES in info.needs_one,
        FISHMONGER_FISH if info.fishmonger else 0,
        info.needs_commodity,
        bool(info.needs_one),
    )
    for info in SPOT_INFO
)
_COST_WOOD, _COST_STONE, _COST_ORE, _COST_GRAPES, _COST_OLIVES = (
    TRADE_COST_BY_INDEX[r] for r in (WOOD, STONE, ORE, GRAPES, OLIVES)
)
_NAME_WOOD, _NAME_STONE, _NAME_ORE, _NAME_GRAPES, _NAME_OLIVES = (RESOURCES[r] for r in (WOOD, STONE, ORE, GRAPES, OLIVES))


def _fast_evaluate(
    res: Sequence[int], com: Sequence[int], counts: Sequence[int], spot: int, power: bool, strict: bool
) -> tuple[str, ...] | None:
    """:func:`evaluate_reference` without the explanation, unrolled for speed: ``legal_actions``
    calls it for every free spot. Same results (checked against the reference by a property test)."""
    country, city, gf, gw, gs, go, gg, gl, n_ore, n_grapes, n_olives, floor, needs_com, producer = _FAST_ROWS[spot]
    if needs_com and not (com[0] or com[1] or com[2]) and (strict or not producer):
        return None
    if power:  # TWO-3, TWO-4: no gains, no wood or stone needed
        fish, ore, grapes, olives = res[FISH], res[ORE], res[GRAPES], res[OLIVES]
        short_w = short_s = 0
    else:  # BUILD-6: the house's own gains count
        fish, ore, grapes, olives = res[FISH] + gf, res[ORE] + go, res[GRAPES] + gg, res[OLIVES] + gl
        need = 0
        for h in country:
            if counts[h] >= need:
                need = counts[h] + 1
        short_w = need - res[WOOD] - gw
        need = 0
        for h in city:
            if counts[h] >= need:
                need = counts[h] + 1
        short_s = need - res[STONE] - gs
    short_o = 1 if n_ore and ore < 1 else 0
    short_g = 1 if n_grapes and grapes < 1 else 0
    short_l = 1 if n_olives and olives < 1 else 0
    if short_w <= 0 and short_s <= 0 and not (short_o or short_g or short_l):
        return () if fish >= floor else None
    if short_w < 0:
        short_w = 0
    if short_s < 0:
        short_s = 0
    cost = short_w * _COST_WOOD + short_s * _COST_STONE + short_o * _COST_ORE + short_g * _COST_GRAPES + short_l * _COST_OLIVES
    if fish - cost < floor:
        return None
    return (
        (_NAME_WOOD,) * short_w
        + (_NAME_STONE,) * short_s
        + (_NAME_ORE,) * short_o
        + (_NAME_GRAPES,) * short_g
        + (_NAME_OLIVES,) * short_l
    )


@implements("BUILD-1", "BUILD-2", "BUILD-3", "BUILD-4", "BUILD-5", "BUILD-6", "BUILD-7", "BUILD-8", "R-3", "TWO-3", "R-10")
def evaluate(
    res: Sequence[int],
    com: Sequence[int],
    counts: Sequence[int],
    spot: int,
    power: bool,
    strict: bool,
    seat: int = 0,
    explain: bool = False,
) -> tuple[str, ...] | Refusal | None:
    """The minimal fish trades that make this placement legal (``()`` if none are needed).

    When no trades can make it legal, returns a :class:`Refusal` if ``explain`` is set, else None.
    The rules are spelled out in :func:`evaluate_reference`; this runs a faster equivalent and asks
    the reference only for the explanation of a refusal.
    """
    trades = _fast_evaluate(res, com, counts, spot, power, strict)
    if trades is not None or not explain:
        return trades
    return evaluate_reference(res, com, counts, spot, power, strict, seat, explain=True)


@implements("BUILD-1", "BUILD-2", "BUILD-3", "BUILD-4", "BUILD-5", "BUILD-6", "BUILD-7", "BUILD-8", "R-3", "TWO-3", "R-10")
def evaluate_reference(
    res: Sequence[int],
    com: Sequence[int],
    counts: Sequence[int],
    spot: int,
    power: bool,
    strict: bool,
    seat: int = 0,
    explain: bool = False,
) -> tuple[str, ...] | Refusal | None:
    """The minimal fish trades that make this placement legal (``()`` if none are needed).

    When no trades can make it legal, returns a :class:`Refusal` if ``explain`` is set, else None.
    ``res``/``com`` are the seat's resources and commodities before the placement; ``counts``
    its houses per hex (:func:`own_house_counts`). Requirements read counts and consume nothing
    (BUILD-5); the house's own gains count (BUILD-6); sea hexes ask nothing (BUILD-4); a
    powerhouse gains nothing and needs no wood or stone, only the special requirements
    (TWO-3, TWO-4, R-10).
    """
    info = SPOT_INFO[spot]
    have = list(res)
    need = [0, 0, 0, 0, 0, 0]
    worst_country = worst_city = -1
    if not power:
        for r in info.gains:
            have[r] += 1
        for h in info.country:
            if counts[h] + 1 > need[WOOD]:
                need[WOOD] = counts[h] + 1
                worst_country = h
        for h in info.city:
            if counts[h] + 1 > need[STONE]:
                need[STONE] = counts[h] + 1
                worst_city = h
    for r in info.needs_one:
        if need[r] < 1:
            need[r] = 1
    fish_cost = 0
    trades: list[str] = []
    for r in (WOOD, STONE, ORE, GRAPES, OLIVES):
        short = need[r] - have[r]
        if short > 0:
            fish_cost += short * TRADE_COST_BY_INDEX[r]
            trades.extend([RESOURCES[r]] * short)
    fish_left = have[FISH] - fish_cost
    fish_floor = FISHMONGER_FISH if info.fishmonger else 0
    commodity_ok = True
    if info.needs_commodity and com[0] + com[1] + com[2] == 0:
        commodity_ok = bool(info.needs_one) and not strict
    if fish_left >= fish_floor and commodity_ok:
        return tuple(trades)
    if not explain:
        return None
    return _refusal(info, have, need, fish_cost, fish_left, fish_floor, commodity_ok, counts, worst_country, worst_city, power, strict, seat)


def _refusal(
    info: SpotInfo,
    have: list[int],
    need: list[int],
    fish_cost: int,
    fish_left: int,
    fish_floor: int,
    commodity_ok: bool,
    counts: Sequence[int],
    worst_country: int,
    worst_city: int,
    power: bool,
    strict: bool,
    seat: int,
) -> Refusal:
    who = f"seat {seat}"
    if not commodity_ok:
        if strict:
            why = "with the strict option only commodities already held count (R-3)"
        else:
            why = "and this spot touches no Winery, Oil Press or Silversmith to produce one (R-3)"
        return Refusal("BUILD-7", f"a house on the Market or the Wharf needs 1 commodity; {who} holds none, {why}")
    gained = "" if power else ", counting this house's own gains"
    parts: list[str] = []
    rule = "BUILD-7"
    if need[WOOD] > have[WOOD]:
        rule = "BUILD-2"
        parts.append(
            f"the {_ordinal(counts[worst_country] + 1)} house on {BOARD.hex_ids[worst_country]} needs "
            f"{need[WOOD]} wood; {who} has {have[WOOD]}{gained}"
        )
    if need[STONE] > have[STONE]:
        if rule == "BUILD-7":
            rule = "BUILD-3"
        parts.append(
            f"the {_ordinal(counts[worst_city] + 1)} house on {BOARD.hex_ids[worst_city]} needs "
            f"{need[STONE]} stone; {who} has {have[STONE]}{gained}"
        )
    for r in (ORE, GRAPES, OLIVES):
        if need[r] > have[r]:
            parts.append(f"the special requirement needs 1 {RESOURCES[r]}; {who} has {have[r]}")
    fish_have = have[FISH]
    if fish_floor and fish_left < fish_floor:
        parts.append(
            f"the Fishmonger needs {fish_floor} fish after this placement's trades; {who} would have {fish_left}"
        )
    elif fish_cost:
        parts.append(f"trading for the shortfall would take {fish_cost} fish; {who} has {fish_have}")
    return Refusal(rule, "; ".join(parts))

