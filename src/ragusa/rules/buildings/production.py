"""Winery, Oil Press, Silversmith (WINERY-1, OILPRESS-1, SILVERSMITH-1, RES-2)."""

from __future__ import annotations

from typing import Final

from ragusa.core.board import BUILDING_INDEX, COM_INDEX, RES_INDEX
from ragusa.core.clauses import implements
from ragusa.core.components import COMMODITIES, COMPONENTS
from ragusa.core.events import CommodityProduced
from ragusa.core.scratch import Scratch

#: building index -> (resource read, commodity made)
PRODUCERS: Final[dict[int, tuple[int, int]]] = {
    BUILDING_INDEX["winery"]: (RES_INDEX["grapes"], COM_INDEX["wine"]),
    BUILDING_INDEX["oil-press"]: (RES_INDEX["olives"], COM_INDEX["oil"]),
    BUILDING_INDEX["silversmith"]: (RES_INDEX["silver_ore"], COM_INDEX["silver"]),
}
#: RES-2: at most this many of each commodity
CAP: Final[int] = COMPONENTS.pieces.commodity_cap


@implements("WINERY-1", "OILPRESS-1", "SILVERSMITH-1", "RES-2")
def produce(w: Scratch, seat: int, building: int) -> None:
    """The owner makes as much of the commodity as they have of its resource; above the cap is lost."""
    resource, commodity = PRODUCERS[building]
    p = w.p(seat)
    amount = p.res[resource]
    total = p.com[commodity] + amount
    lost = total - CAP if total > CAP else 0
    p.com[commodity] = total - lost
    w.emit(CommodityProduced, seat, COMMODITIES[commodity], amount, lost, p.com[commodity])
