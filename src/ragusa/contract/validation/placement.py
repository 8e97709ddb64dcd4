"""Requirements: every house a seat placed met the requirements of its three hexes (BUILD-1 to
BUILD-8, R-3) when it went down, and resources never go down but for fish (RES-1), so what the seat
holds now must still meet them.

The requirement is the rule's own, `ragusa.rules.placement_rule.placement_need`, asked again for
each house with the board as it is now: the seat's other houses counted on each hex, and what it
holds now less what this house gave (the rule counts a house's own gains, BUILD-6). On a hex the
house shares with later ones of the seat this asks more than the house needed when it went down,
but exactly what the last of them needed, and wood and stone are never spent: the seat must hold
the wood (stone, the producer's resource) the rule asks. Fish are spent, so the Fishmonger's fish
(BUILD-7) are bounded by the fish the seat's houses gave; commodities are sold, so a house on the
Market or the Wharf needed one the seat's producers can have made, or (R-3, unless strict) one the
house itself was to make. Solo bots skip the requirements (SOLO-4); the solo opening houses were set
up, not placed (SOLO-1); powerhouses belong to nobody (TWO-7), so who placed one, and what it asked,
is not known.
"""

from __future__ import annotations

from typing import Final

from ragusa.contract.validation.census import OPENING, SPOT_GAINS, Census
from ragusa.contract.validation.common import FISH, Found
from ragusa.core.board import BOARD, RES_INDEX
from ragusa.core.components import RESOURCES
from ragusa.core.state import GameState
from ragusa.rules.placement_rule import FISHMONGER_FISH, PRODUCER_NEEDS, PlacementNeed, placement_need

#: the clause of each resource a house's hexes ask (BUILD-2 wood, BUILD-3 stone, BUILD-7 the rest)
CLAUSE: Final = {RES_INDEX["wood"]: "BUILD-2", RES_INDEX["stone"]: "BUILD-3"}
#: (hex, resource) of the production buildings, which make a commodity of their resource
PRODUCERS: Final = tuple((BOARD.building_hex[b], r) for b, r in PRODUCER_NEEDS.items())
NO_COMMODITY: Final = (0, 0, 0)


def check_requirements(s: GameState, c: Census, found: Found) -> None:
    bots = s.solo.bot_seats if s.solo is not None else ()
    for seat in range(s.n_players):
        if seat not in bots:
            _seat(s, c, seat, found)


def _seat(s: GameState, c: Census, seat: int, found: Found) -> None:
    res = c.effective(s, seat)
    said: set[tuple[int, int]] = set()  # (resource, hex) of the shortfalls reported
    fishmonger = False
    for spot, owner in enumerate(s.houses):
        if owner != seat or (c.solo and spot in OPENING):
            continue
        need = _house_need(s, c, seat, res, spot)
        for r, short in enumerate(need.short):
            if short and (r, need.worst[r]) not in said:
                said.add((r, need.worst[r]))
                _resource(seat, need, r, found)
        fishmonger = fishmonger or need.fish_floor > 0
        if need.commodity_missing and not _commodity_made_before(c, seat, res, spot):
            rule = (
                "only a commodity already held counts (strict, R-3)"
                if s.options.strict
                else "nor was it to make one (R-3)"
            )
            found.add(
                "BUILD-7",
                f"$.houses[{spot}]",
                f"seat {seat}'s house on {BOARD.spot_ids[spot]} needed 1 commodity, but no house of the seat on "
                f"the Winery, the Oil Press or the Silversmith, with its resource, can have made one; {rule}",
            )
    gained = c.gains[seat][FISH] + (c.pending[FISH] if seat == s.turn_seat else 0)
    if fishmonger and gained < FISHMONGER_FISH:
        found.add(
            "BUILD-7",
            f"$.players[{seat}].resources[{FISH}]",
            f"seat {seat} has a house on the fishmonger, which needs {FISHMONGER_FISH} fish after its trades; "
            f"the seat's houses gave {gained} fish in all",
        )


def _house_need(s: GameState, c: Census, seat: int, res: list[int], spot: int) -> PlacementNeed:
    """What `placement_need` asks of `seat` for its house on `spot`, with the seat's other houses
    on the board now and `res`, what it holds now, less this house's own gains (the rule adds them).
    Asked with no commodity held, so `commodity_missing` says whether the house could not make its
    own (R-3)."""
    counts = list(c.own[seat])
    for h in BOARD.spot_hexes[spot]:
        counts[h] -= 1
    before = list(res)
    for r in SPOT_GAINS[spot]:
        before[r] -= 1
    return placement_need(counts, before, NO_COMMODITY, spot, False, s.options.strict)


def _resource(seat: int, need: PlacementNeed, r: int, found: Found) -> None:
    """BUILD-2, BUILD-3: the last house on the hex needed that much wood (stone); BUILD-7: 1 of a
    production building's resource."""
    path = f"$.players[{seat}].resources[{r}]"
    name = RESOURCES[r].replace("_", " ")
    h = need.worst[r]
    if r in CLAUSE:
        found.add(
            CLAUSE[r],
            path,
            f"seat {seat} has {need.need[r]} houses on {BOARD.hex_ids[h]}; the last needed {need.need[r]} "
            f"{name}, and the seat has {need.have[r]} counting what its new house gives",
        )
    else:
        found.add(
            "BUILD-7",
            path,
            f"seat {seat} has a house on {BOARD.hex_ids[h]}, which needs 1 {name}; it has {need.have[r]}",
        )


def _commodity_made_before(c: Census, seat: int, res: list[int], spot: int) -> bool:
    """BUILD-7: a commodity the house on `spot` found held was made by a house of the seat placed
    before it on a production building (or, two players, by a powerhouse there), with its resource."""
    for h, r in PRODUCERS:
        others = c.own[seat][h] - (1 if h in BOARD.spot_hexes[spot] else 0)
        if res[r] >= 1 and (c.power[h] or others > 0):
            return True
    return False
