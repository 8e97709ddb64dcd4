"""Requirements: every house a seat placed met the requirements of its three hexes (BUILD-1 to
BUILD-8, R-3) when it went down, and resources never go down but for fish (RES-1), so what the seat
holds now must still meet them. The last house a seat placed on a country hex needed as much wood
as the seat's houses there now, on a city hex as much stone (BUILD-2, BUILD-3; its own gains
counted, BUILD-6); a house next to the Winery, the Oil Press or the Silversmith needed 1 grapes,
olives or silver ore; next to the Fishmonger the seat's houses had given 2 fish or more; next to
the Market or the Wharf it held a commodity, or (R-3, unless strict) the house itself was to make
one, so the seat has a house on a producer with its resource. Solo bots skip the requirements
(SOLO-4); the solo opening houses were set up, not placed (SOLO-1); powerhouses ask no wood or
stone and belong to nobody (TWO-3, TWO-7)."""

from __future__ import annotations

from typing import Final

from ragusa.contract.validation.census import HEX, OPENING, Census
from ragusa.contract.validation.common import FISH, Found
from ragusa.core.board import BOARD, KIND_CITY, KIND_COUNTRY, RES_INDEX
from ragusa.core.components import RESOURCES
from ragusa.core.state import GameState
from ragusa.rules.placement_rule import FISHMONGER_FISH, NEEDS_COMMODITY, PRODUCER_NEEDS

WOOD: Final = RES_INDEX["wood"]
STONE: Final = RES_INDEX["stone"]
#: per hex, what each house on it needs: 0 wood (a country hex, BUILD-2), 1 stone (a city hex,
#: BUILD-3), 2 nothing (a sea hex, BUILD-4)
NEED: Final = tuple(
    0 if BOARD.hex_kind[h] == KIND_COUNTRY else 1 if BOARD.hex_kind[h] == KIND_CITY else 2
    for h in range(len(BOARD.hex_ids))
)
#: the country hexes and the city hexes
COUNTRY: Final = tuple(h for h, need in enumerate(NEED) if need == 0)
CITY: Final = tuple(h for h, need in enumerate(NEED) if need == 1)
#: (hex, resource) of the producers: a house there needs 1 of the resource (BUILD-7)
PRODUCER_HEXES: Final = tuple((BOARD.building_hex[b], r) for b, r in PRODUCER_NEEDS.items())
FISHMONGER: Final = HEX["fishmonger"]
#: the Market's and the Wharf's hexes (BUILD-7: a commodity, R-3)
COMMODITY_HEXES: Final = tuple(BOARD.building_hex[b] for b in sorted(NEEDS_COMMODITY))


def check_requirements(s: GameState, c: Census, found: Found) -> None:
    bots = s.solo.bot_seats if s.solo is not None else ()
    for seat in range(s.n_players):
        if seat not in bots:
            _seat(s, c, seat, found)


def _seat(s: GameState, c: Census, seat: int, found: Found) -> None:
    res = c.effective(s, seat)
    base = f"$.players[{seat}].resources"
    limit = (res[WOOD], res[STONE], len(s.houses))  # by NEED: wood, stone, nothing
    own = c.own[seat]
    if max(map(own.__getitem__, COUNTRY)) > limit[0] or max(map(own.__getitem__, CITY)) > limit[1]:
        _wood_and_stone(c, seat, res, limit, found)
    for h, r in PRODUCER_HEXES:
        if c.placed_houses(seat, h) and res[r] < 1:
            found.add(
                "BUILD-7",
                f"{base}[{r}]",
                f"seat {seat} has a house on {BOARD.hex_ids[h]}, which needs 1 {RESOURCES[r].replace('_', ' ')}; "
                f"it has {res[r]}",
            )
    gained = c.gains[seat][FISH] + (c.pending[FISH] if seat == s.turn_seat else 0)
    if c.placed_houses(seat, FISHMONGER) and gained < FISHMONGER_FISH:
        found.add(
            "BUILD-7",
            f"{base}[{FISH}]",
            f"seat {seat} has a house on the fishmonger, which needs {FISHMONGER_FISH} fish after its trades; "
            f"the seat's houses gave {gained} fish in all",
        )
    if any(c.placed_houses(seat, h) for h in COMMODITY_HEXES):
        _commodity(s, c, seat, res, found)


def _wood_and_stone(c: Census, seat: int, res: list[int], limit: tuple[int, int, int], found: Found) -> None:
    """BUILD-2, BUILD-3: the seat's houses on each country (city) hex within its wood (stone)."""
    for h, count in enumerate(c.own[seat]):
        if count > limit[NEED[h]] and c.placed_houses(seat, h):
            r, clause = (WOOD, "BUILD-2") if NEED[h] == 0 else (STONE, "BUILD-3")
            found.add(
                clause,
                f"$.players[{seat}].resources[{r}]",
                f"seat {seat} has {count} houses on {BOARD.hex_ids[h]}; the last needed {count} "
                f"{RESOURCES[r]}, and the seat has {res[r]} counting what its new house gives",
            )


def _commodity(s: GameState, c: Census, seat: int, res: list[int], found: Found) -> None:
    """BUILD-7, R-3: a house on the Market or the Wharf needed a commodity held, made before by a
    house of the seat on a producer (or, two players, by a powerhouse there), or (R-3, not strict)
    to be made by that house itself: either way a producer the seat reaches, with its resource."""
    strict = s.options.strict
    for market in COMMODITY_HEXES:
        for spot in BOARD.hex_spots[market]:
            if s.houses[spot] != seat or (c.solo and spot in OPENING):
                continue
            ok = False
            for h, r in PRODUCER_HEXES:
                if res[r] < 1:
                    continue
                others = c.own[seat][h] - (1 if h in BOARD.spot_hexes[spot] else 0)
                if c.power[h] or others > 0 or (not strict and h in BOARD.spot_hexes[spot]):
                    ok = True
                    break
            if not ok:
                rule = (
                    "only a commodity already held counts (strict, R-3)" if strict else "nor was it to make one (R-3)"
                )
                found.add(
                    "BUILD-7",
                    f"$.houses[{spot}]",
                    f"seat {seat}'s house on {BOARD.spot_ids[spot]} needed 1 commodity, but no house of the seat on "
                    f"the Winery, the Oil Press or the Silversmith, with its resource, can have made one; {rule}",
                )
