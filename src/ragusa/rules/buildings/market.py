"""Market (MARKET-1, R-2, R-4, R-8) and the market track (RES-3, SETUP-5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ragusa.core.actions import BuyShip, Pass
from ragusa.core.board import COM_INDEX
from ragusa.core.clauses import implements
from ragusa.core.components import COMMODITIES, COMPONENTS, ShipData
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import MarketMoved, ShipArrived, ShipBought, VPScored
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    PHASE_MARKET,
    VP_SHIPS,
    GameState,
)
from ragusa.rules.chance import draw_top
from ragusa.rules.decision import Resolve, building_decision, nothing
from ragusa.rules.moves import PASS, Moves, offer

SHIPS: Final[dict[str, ShipData]] = {s.id: s for s in COMPONENTS.ships}
TRACK: Final = COMPONENTS.market.track
SLOTS: Final = COMPONENTS.market.slots
BUY_ACTIONS: Final[tuple[BuyShip, ...]] = tuple(BuyShip(i) for i in range(len(SLOTS)))


def _cost(slot: int, ship: ShipData) -> tuple[int, int, int]:
    cost = [0, 0, 0]
    for c, n in SLOTS[slot].cost.items():
        cost[COM_INDEX[c]] += n
    if ship.extra_cost is not None:
        cost[COM_INDEX[ship.extra_cost]] += 1
    return cost[0], cost[1], cost[2]


#: (slot, ship id) -> commodities to pay (silver, wine, oil): base cost plus the ship's extra cost
COSTS: Final[dict[tuple[int, str], tuple[int, int, int]]] = {
    (i, ship.id): _cost(i, ship) for i in range(len(SLOTS)) for ship in COMPONENTS.ships
}


#: every slot costs at least one commodity, so a seat holding none can buy nothing
_EVERY_SLOT_COSTS: Final = all(sum(slot.cost.values()) > 0 for slot in SLOTS)


def affordable_slots(slots: tuple[str | None, ...], com: Sequence[int]) -> list[int]:
    """Occupied slots whose full cost `com` covers (R-4: empty slots cannot be bought)."""
    if _EVERY_SLOT_COSTS and not (com[0] or com[1] or com[2]):
        return []
    out = []
    for i, ship in enumerate(slots):
        if ship is not None:
            s, w_, o = COSTS[i, ship]
            if com[0] >= s and com[1] >= w_ and com[2] >= o:
                out.append(i)
    return out


@implements("RES-3", "R-2")
def move_bead(w: Scratch, commodity: int, steps: int) -> None:
    """Move a commodity's bead `steps` spaces (negative: down), stopping at the track's ends (R-2)."""
    old = w.market[commodity]
    new = min(len(TRACK) - 1, max(0, old + steps))
    w.set_bead(commodity, new)
    if new != old:
        w.emit(MarketMoved, COMMODITIES[commodity], new - old, TRACK[new])


@implements("MARKET-1", "R-8")
def has_choice(w: Scratch, seat: int) -> bool:
    """Optional (R-8): the choice is offered when the owner can afford a ship."""
    return bool(affordable_slots(w.slots, w.commodities(seat)))


@implements("MARKET-1", "R-4", "SETUP-5")
def draw_ship(w: Scratch) -> str | None:
    """Draw the top ship and raise its arrival commodity before it is placed; None if the deck is empty (R-4)."""
    if not w.ship_deck:
        return None
    ship_id = draw_top(w, "ship")
    arrival = SHIPS[ship_id].arrival
    move_bead(w, COM_INDEX[arrival.commodity], arrival.steps)
    return ship_id


@implements("MARKET-1", "R-4")
def buy(w: Scratch, seat: int, slot: int) -> None:
    """Pay, score the stars, lower the slot's commodity, slide the ships left and refill the right."""
    if not 0 <= slot < len(w.slots):
        raise IllegalActionError("MARKET-1", f"there is no market slot {slot} (0..{len(w.slots) - 1})")
    ship_id = w.slots[slot]
    if ship_id is None:
        raise IllegalActionError("R-4", f"market slot {slot} is empty")
    ship = SHIPS[ship_id]
    cost = COSTS[slot, ship_id]
    p = w.p(seat)
    if any(p.com[c] < cost[c] for c in range(3)):
        need = ", ".join(f"{cost[c]} {COMMODITIES[c]}" for c in range(3) if cost[c])
        have = ", ".join(f"{p.com[c]} {COMMODITIES[c]}" for c in range(3))
        raise IllegalActionError(
            "MARKET-1", f"the {ship.good} ship in slot {slot} costs {need}; seat {seat} has {have}"
        )
    for c in range(3):
        p.com[c] -= cost[c]
    p.vp[VP_SHIPS] += ship.stars
    p.ships = p.ships + (ship_id,)
    paid = {COMMODITIES[c]: cost[c] for c in range(3) if cost[c]}
    w.emit(ShipBought, seat, ship_id, slot, paid, ship.stars)
    w.emit(_ship_scored, seat, ship.good, ship.stars)
    move_bead(w, COM_INDEX[SLOTS[slot].lowers], -1)
    w.slots = w.slots[:slot] + w.slots[slot + 1 :]
    new = draw_ship(w)
    w.slots = (*w.slots, new)
    if new is not None:
        w.emit(ShipArrived, new, len(w.slots) - 1)


def _ship_scored(seat: int, good: str, stars: int) -> VPScored:
    """The VP a bought ship scores, worded (built only when events are recorded)."""
    return VPScored(seat, "ships", stars, f"{good} ship ({stars} stars)")


def offers(state: GameState, seat: int) -> Moves:
    """A ship the seat can afford, or Pass."""
    p = state.players[seat]
    return offer(state, seat, [*(BUY_ACTIONS[i] for i in affordable_slots(state.slots, p.commodities)), PASS])


def buy_ship(w: Scratch, seat: int, a: BuyShip) -> None:
    """MARKET-1: buy the ship in the slot `a` names."""
    if isinstance(a.slot, bool) or not isinstance(a.slot, int):
        raise IllegalActionError("MARKET-1", f"a market slot is a number, got {a.slot!r}")
    buy(w, seat, a.slot)


#: the Market's decision: the owner may buy one ship it can afford (optional, R-8)
DECISION: Final = building_decision(
    "market", PHASE_MARKET, ("MARKET-1", "R-8"), offers, has_choice, Resolve(BuyShip, buy_ship), Resolve(Pass, nothing)
)
