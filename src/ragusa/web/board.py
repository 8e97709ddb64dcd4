"""The component data the page draws from (`GET /api/board`): hexes, spots, walls, market, ships."""

from __future__ import annotations

import functools
from typing import Any

from ragusa.core.board import BOARD
from ragusa.core.components import BUILDING_NAMES, COMMODITIES, COMPONENTS, RESOURCES
from ragusa.core.state import VP_SOURCES
from ragusa.text.names import hex_name

#: seat colours, in seat order (also the terminal's legend)
SEAT_COLOURS: tuple[str, ...] = ("#d62828", "#f4a261", "#277da1", "#6a4c93", "#2a9d8f")
#: hex fills: each resource its own colour (quarry and silver mine told apart), the city, the sea
FILLS: dict[str, str] = {
    "fish": "#8ecae6",
    "wood": "#6a994e",
    "stone": "#a89f91",
    "silver_ore": "#c9d6ea",
    "grapes": "#9d4edd",
    "olives": "#b5c99a",
    "city": "#f2d7a6",
}


@functools.cache
def board_data() -> dict[str, Any]:
    b = COMPONENTS.board
    return {
        "hexes": [
            {
                "id": h.id,
                "q": h.q,
                "r": h.r,
                "kind": h.kind,
                "resource": h.resource,
                "building": h.building,
                "name": hex_name(h.id),
            }
            for h in b.hexes
        ],
        "spots": [
            {
                "id": BOARD.spot_ids[s],
                "hexes": [BOARD.hex_ids[h] for h in BOARD.spot_hexes[s]],
                "tower": BOARD.spot_tower[s],
            }
            for s in range(len(BOARD.spot_ids))
        ],
        "walls": [
            {"id": w, "spots": [BOARD.spot_ids[s] for s in BOARD.wall_spots[i]]} for i, w in enumerate(BOARD.wall_ids)
        ],
        "ring": [BOARD.spot_ids[s] for s in BOARD.ring_spots],
        "track": list(COMPONENTS.market.track),
        "slots": [{"cost": dict(s.cost), "lowers": s.lowers} for s in COMPONENTS.market.slots],
        "ships": {s.id: {"good": s.good, "stars": s.stars, "extra_cost": s.extra_cost} for s in COMPONENTS.ships},
        "bonus_cards": {
            c.id: {"kind": c.kind, "vp": c.vp, "resource": c.resource, "good": c.good} for c in COMPONENTS.bonus_cards
        },
        "resources": list(RESOURCES),
        "commodities": list(COMMODITIES),
        "vp_sources": list(VP_SOURCES),
        "buildings": BUILDING_NAMES,
        "seat_colours": list(SEAT_COLOURS),
        "fills": FILLS,
    }
