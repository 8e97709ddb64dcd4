"""How the log and the table name things: hexes, spots, ships, market values, in a language.

English names are the component data's; other languages translate them through
`ragusa.text.i18n` (the rulebooks' names). Every function takes the translator last, English by
default, so `hex_name("forest-3")` is `"forest-3"` and `hex_name("forest-3", translator("fr"))`
is `"forêt-3"`.
"""

from __future__ import annotations

from ragusa.core.board import BOARD, KIND_CITY
from ragusa.core.components import BUILDINGS, COMMODITIES, COMPONENTS
from ragusa.core.state import GameState
from ragusa.rules.buildings.market import COSTS, SHIPS

from .i18n import ENGLISH, Translator

__all__ = ["building_name", "hex_name", "market_text", "ship_name", "slot_line", "spot_name"]

TRACK: tuple[int, ...] = COMPONENTS.market.track


def building_name(building: str, tr: Translator = ENGLISH) -> str:
    """`"rectors-palace"` -> `"Rector's Palace"`."""
    return tr.building(building)


def hex_name(hex_id: str, tr: Translator = ENGLISH) -> str:
    """A hex as the log names it: city hexes by their building, others by id (`forest-3`)."""
    h = BOARD.hex_index.get(hex_id)
    if h is not None and BOARD.hex_kind[h] == KIND_CITY:
        return building_name(BUILDINGS[BOARD.hex_building[h]], tr)
    kind, _, n = hex_id.rpartition("-")
    if h is None or not n.isdigit() or tr.lang == "en":
        return hex_id
    return tr.p("hex", f"{kind}-{{n}}", n=n)


def spot_name(spot_id: str, tr: Translator = ENGLISH) -> str:
    """`"s31 (forest-3, quarry-4, Mason)"`: a spot with its three hexes."""
    s = BOARD.spot_index.get(spot_id)
    if s is None:
        return spot_id
    return f"{spot_id} ({', '.join(hex_name(BOARD.hex_ids[h], tr) for h in BOARD.spot_hexes[s])})"


def ship_name(ship_id: str, tr: Translator = ENGLISH) -> str:
    """A ship by what it carries, never its id: `"clothing ship, 3 stars"`."""
    ship = SHIPS.get(ship_id)
    if ship is None:
        return ship_id
    return tr.ngettext("{good} ship, {n} star", "{good} ship, {n} stars", ship.stars, good=tr.good(ship.good))


def market_text(state: GameState, tr: Translator = ENGLISH) -> str:
    """`"silver 2, wine 1, oil 3"`: each commodity's market value."""
    return ", ".join(f"{tr.commodity(c)} {TRACK[state.market[i]]}" for i, c in enumerate(COMMODITIES))


def slot_line(state: GameState, slot: int, tr: Translator = ENGLISH) -> str:
    """`"slot 2: clothing ship, 3 stars, costs 1 silver"`."""
    ship = state.slots[slot]
    if ship is None:
        return tr("slot {slot}: empty", slot=slot)
    cost = COSTS[slot, ship]
    price = tr.amounts({COMMODITIES[c]: cost[c] for c in range(3) if cost[c]})
    return tr("slot {slot}: {ship}, costs {price}", slot=slot, ship=ship_name(ship, tr), price=price)
