"""Fish trade (FISH-1, FISH-2, BUILD-8)."""

from __future__ import annotations

from typing import Final

from ragusa.core.actions import Trade
from ragusa.core.board import RES_INDEX
from ragusa.core.clauses import implements
from ragusa.core.components import RESOURCES
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import FishTraded
from ragusa.core.scratch import Scratch

FISH: Final = RES_INDEX["fish"]

#: FISH-1: fish paid for one unit of each resource (fish itself cannot be bought)
TRADE_COST: Final[dict[str, int]] = {"wood": 2, "grapes": 2, "olives": 2, "stone": 3, "silver_ore": 4}
#: the same, indexed by resource (0 for fish: not tradeable)
TRADE_COST_BY_INDEX: Final[tuple[int, ...]] = tuple(TRADE_COST.get(r, 0) for r in RESOURCES)
#: prebuilt Trade actions, cheapest first
TRADE_ACTIONS: Final[tuple[tuple[int, Trade], ...]] = tuple(
    sorted(
        ((cost, Trade(r)) for r, cost in TRADE_COST.items()), key=lambda ct: (ct[0], RESOURCES.index(ct[1].resource))
    )
)
#: the cheapest trade; a seat with fewer fish cannot trade
MIN_TRADE: Final = min(TRADE_COST.values())


@implements("FISH-1", "FISH-2")
def trade_actions(fish: int) -> tuple[Trade, ...]:
    """The trades a seat holding `fish` fish may make now (offered at every decision of that seat)."""
    return _TRADES_BY_FISH[fish if fish < _MAX_COST else _MAX_COST] if fish > 0 else ()


_MAX_COST: Final = max(TRADE_COST.values())
#: `trade_actions` per fish held, up to the dearest trade (more fish offer the same)
_TRADES_BY_FISH: Final[tuple[tuple[Trade, ...], ...]] = tuple(
    tuple(action for cost, action in TRADE_ACTIONS if cost <= fish) for fish in range(_MAX_COST + 1)
)


@implements("FISH-1", "RES-1")
def trade(w: Scratch, seat: int, resource: str) -> None:
    """Give fish for one `resource`: permanent, repeatable; the only way a resource goes down."""
    cost = TRADE_COST.get(resource)
    if cost is None:
        raise IllegalActionError("FISH-1", f"fish buy only {', '.join(TRADE_COST)}; {resource!r} cannot be bought")
    p = w.p(seat)
    if p.res[FISH] < cost:
        raise IllegalActionError("FISH-1", f"1 {resource} costs {cost} fish; seat {seat} has {p.res[FISH]}")
    p.res[FISH] -= cost
    p.res[RES_INDEX[resource]] += 1
    p.fish_traded += cost
    w.emit(FishTraded, seat, resource, cost)
