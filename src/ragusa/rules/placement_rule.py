"""The placement requirement as the rulebook states it (BUILD-1 to BUILD-8, R-3, R-10, TWO-3, TWO-4):
one function of a spot and a seat, `placement_need`, that says what a piece there needs, what the
seat has, and what fish would cover.

This is the rule in words a reader can check against the rulebook, hex by hex. The legal moves use
fast masks worked out for every spot at once (`ragusa.rules.requirements.placements`); a test checks
them against this function on every free spot of every position of the golden games, and the words
of a refusal (`explain_refusal`) are read from it, as are the bounds validation sets on a position
(`ragusa.contract.validation.placement`: what each house of a seat needed).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from ragusa.core.board import BOARD, BUILDING_INDEX, KIND_CITY, KIND_COUNTRY, RES_INDEX
from ragusa.core.clauses import implements
from ragusa.core.components import RESOURCES
from ragusa.core.errors import Refusal
from ragusa.rules.fish import TRADE_COST_BY_INDEX

FISH, WOOD, STONE, ORE, GRAPES, OLIVES = (RES_INDEX[r] for r in RESOURCES)
#: BUILD-7: next to a production building, 1 of the resource it turns into a commodity
PRODUCER_NEEDS: Final = {
    BUILDING_INDEX["winery"]: GRAPES,
    BUILDING_INDEX["oil-press"]: OLIVES,
    BUILDING_INDEX["silversmith"]: ORE,
}
#: BUILD-7: fish a house next to the Fishmonger must hold after this placement's trades
FISHMONGER_FISH: Final = 2
FISHMONGER: Final = BUILDING_INDEX["fishmonger"]
#: BUILD-7: a house next to these needs a commodity (R-3)
NEEDS_COMMODITY: Final = frozenset({BUILDING_INDEX["market"], BUILDING_INDEX["wharf"]})
#: the resources fish may buy (BUILD-8), in the order a placement's trades list them
BOUGHT: Final = (WOOD, STONE, ORE, GRAPES, OLIVES)


@attrs.frozen
class PlacementNeed:
    """What a piece on `spot` needs of its seat and what the seat has, resource by resource.

    `need[r]` is the most any hex of the spot asks of resource `r` (`worst[r]` is that hex, -1 if
    none asks); `have[r]` is what the seat holds plus what this very house gains (BUILD-6);
    `short[r]` what is missing, which `fish_cost` fish would buy (BUILD-8); `fish_floor` the fish
    to keep after the trades (the Fishmonger's, BUILD-7); `asks_commodity` when the spot asks for a
    commodity (BUILD-7), `commodity_missing` when the seat cannot have one (R-3)."""

    spot: int
    need: tuple[int, ...]
    worst: tuple[int, ...]
    have: tuple[int, ...]
    short: tuple[int, ...]
    fish_cost: int
    fish_floor: int
    asks_commodity: bool
    commodity_missing: bool

    @property
    def legal(self) -> bool:
        """Whether the piece may go here, with fish buying any shortfall."""
        return not self.commodity_missing and self.have[FISH] - self.fish_cost >= self.fish_floor

    @property
    def trades(self) -> tuple[str, ...]:
        """The fish trades the placement makes: exactly the shortfall (BUILD-8), wood first."""
        return tuple(RESOURCES[r] for r in BOUGHT for _ in range(self.short[r]))


@implements("BUILD-1", "BUILD-2", "BUILD-3", "BUILD-4", "BUILD-5", "BUILD-6", "BUILD-7", "BUILD-8", "R-3", "R-10")
def placement_need(
    counts: Sequence[int], res: Sequence[int], com: Sequence[int], spot: int, power: bool, strict: bool
) -> PlacementNeed:
    """What a house (a powerhouse with `power`) on `spot` needs of a seat with `counts[h]` houses on
    each hex `h`, resources `res` and commodities `com` (`strict`: the option of R-3).

    BUILD-1: each of the spot's three hexes must accept the house. BUILD-2: a country hex asks as
    much wood as the seat's houses on it, the new one included; BUILD-3: a city hex the same in
    stone; BUILD-4: a sea hex asks nothing. BUILD-5: the asks are counts, nothing is spent, so one
    wood serves every country hex: the need is the largest ask. BUILD-6: what the house gains from
    its country and sea hexes counts. BUILD-7: next to the Winery, the Oil Press or the Silversmith
    1 grapes, olives or silver ore; next to the Fishmonger 2 fish kept after the trades; next to the
    Market or the Wharf a commodity held, or (R-3, unless strict) a production building on the same
    spot to make one. BUILD-8: fish may buy any shortfall at the FISH-1 rates, the house's own fish
    included. A powerhouse asks no wood or stone (TWO-3) and gains nothing (TWO-4), but the special
    requirements still hold (R-10)."""
    need = [0] * len(RESOURCES)
    worst = [-1] * len(RESOURCES)
    have = list(res)
    floor = 0
    wants_commodity = producer = False
    for h in BOARD.spot_hexes[spot]:
        kind = BOARD.hex_kind[h]
        if kind != KIND_CITY:
            if not power:
                have[BOARD.hex_resource[h]] += 1  # BUILD-6 (a powerhouse gains nothing, TWO-4)
            if kind == KIND_COUNTRY and not power and counts[h] + 1 > need[WOOD]:
                need[WOOD], worst[WOOD] = counts[h] + 1, h  # BUILD-2
            continue
        if not power and counts[h] + 1 > need[STONE]:
            need[STONE], worst[STONE] = counts[h] + 1, h  # BUILD-3
        building = BOARD.hex_building[h]
        if building in PRODUCER_NEEDS:
            need[PRODUCER_NEEDS[building]], worst[PRODUCER_NEEDS[building]] = 1, h  # BUILD-7
            producer = True
        floor = FISHMONGER_FISH if building == FISHMONGER else floor
        wants_commodity = wants_commodity or building in NEEDS_COMMODITY
    short = tuple(max(0, need[r] - have[r]) if r != FISH else 0 for r in range(len(RESOURCES)))
    held = bool(com[0] or com[1] or com[2])
    return PlacementNeed(
        spot=spot,
        need=tuple(need),
        worst=tuple(worst),
        have=tuple(have),
        short=short,
        fish_cost=sum(short[r] * TRADE_COST_BY_INDEX[r] for r in BOUGHT),
        fish_floor=floor,
        asks_commodity=wants_commodity,
        commodity_missing=wants_commodity and not held and (strict or not producer),
    )


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def explain_refusal(
    counts: Sequence[int], res: Sequence[int], com: Sequence[int], spot: int, power: bool, strict: bool, seat: int
) -> Refusal:
    """Why the requirements refuse a house (or, with `power`, a powerhouse) of `seat` on `spot`: the
    clause and the numbers, read from `placement_need` (`counts`: the seat's houses per hex)."""
    need = placement_need(counts, res, com, spot, power, strict)
    who = f"seat {seat}"
    if need.commodity_missing:
        if strict:
            why = "with the strict option only commodities already held count (R-3)"
        else:
            why = "and this spot touches no Winery, Oil Press or Silversmith to produce one (R-3)"
        return Refusal("BUILD-7", f"a house on the Market or the Wharf needs 1 commodity; {who} holds none, {why}")
    gained = "" if power else ", counting this house's own gains"
    parts: list[str] = []
    rule = "BUILD-7"
    for r, clause in ((WOOD, "BUILD-2"), (STONE, "BUILD-3")):
        if need.short[r]:
            rule = clause if rule == "BUILD-7" else rule
            h = need.worst[r]
            parts.append(
                f"the {_ordinal(counts[h] + 1)} house on {BOARD.hex_ids[h]} needs {need.need[r]} {RESOURCES[r]}; "
                f"{who} has {need.have[r]}{gained}"
            )
    for r in (ORE, GRAPES, OLIVES):
        if need.short[r]:
            parts.append(f"the special requirement needs 1 {RESOURCES[r]}; {who} has {need.have[r]}")
    fish_left = need.have[FISH] - need.fish_cost
    if need.fish_floor and fish_left < need.fish_floor:
        parts.append(
            f"the Fishmonger needs {need.fish_floor} fish after this placement's trades; {who} would have {fish_left}"
        )
    elif need.fish_cost:
        parts.append(f"trading for the shortfall would take {need.fish_cost} fish; {who} has {need.have[FISH]}")
    return Refusal(rule, "; ".join(parts))
