"""Wharf (WHARF-1, R-8)."""

from __future__ import annotations

from typing import Final

from ragusa.core.actions import Pass, SellCommodity
from ragusa.core.board import COM_INDEX
from ragusa.core.clauses import implements
from ragusa.core.components import COMMODITIES, COMPONENTS
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import CommoditySold, VPScored
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    PHASE_WHARF,
    VP_WHARF,
    GameState,
)
from ragusa.rules.decision import Resolve, building_decision, nothing
from ragusa.rules.moves import PASS, Moves, offer

SELL_ACTIONS: Final[tuple[SellCommodity, ...]] = tuple(SellCommodity(c) for c in COMMODITIES)
TRACK: Final = COMPONENTS.market.track


@implements("WHARF-1", "R-8")
def has_choice(w: Scratch, seat: int) -> bool:
    """Optional (R-8): the choice is offered when the owner holds a commodity to sell."""
    return any(w.commodities(seat))


@implements("WHARF-1", "RES-3")
def sell(w: Scratch, seat: int, a: SellCommodity) -> None:
    """Sell one unit of the commodity the action names at its market value; selling does not move
    the market."""
    commodity = a.commodity
    c = COM_INDEX.get(commodity)
    if c is None:
        raise IllegalActionError("WHARF-1", f"{commodity!r} is not a commodity (silver, wine, oil)")
    if w.commodities(seat)[c] < 1:
        raise IllegalActionError("WHARF-1", f"seat {seat} has no {commodity} to sell")
    sell_one(w, seat, c)


@implements("WHARF-1", "RES-3")
def sell_one(w: Scratch, seat: int, c: int) -> None:
    """Sell one unit of commodity `c`, which `seat` holds (`sell` once the commodity is known)."""
    p = w.p(seat)
    vp = TRACK[w.market[c]]
    p.com[c] -= 1
    p.vp[VP_WHARF] += vp
    commodity = COMMODITIES[c]
    w.emit(CommoditySold, seat, commodity, vp)
    w.emit(_sale_scored, seat, commodity, vp)


def _sale_scored(seat: int, commodity: str, vp: int) -> VPScored:
    """The VP a sale scores, worded (built only when events are recorded)."""
    return VPScored(seat, "wharf", vp, f"1 {commodity} sold at market value {vp}")


def offers(state: GameState, seat: int) -> Moves:
    """One unit of a commodity the seat holds, or Pass."""
    com = state.players[seat].commodities
    return offer(state, seat, [*(SELL_ACTIONS[c] for c in range(len(COMMODITIES)) if com[c]), PASS])


#: the Wharf's decision: the owner may sell one commodity (optional, R-8)
DECISION: Final = building_decision(
    "wharf", PHASE_WHARF, ("WHARF-1", "R-8"), offers, has_choice, Resolve(SellCommodity, sell), Resolve(Pass, nothing)
)
