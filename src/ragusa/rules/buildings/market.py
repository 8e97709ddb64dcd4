"""Market (MARKET-1, R-2, R-4, R-8), the market track (RES-3, SETUP-5), and how a solo bot takes
the Market's decision (SOLO-5, R-17)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ragusa.core.actions import Action, BuyShip, Pass
from ragusa.core.board import COM_INDEX
from ragusa.core.clauses import implements
from ragusa.core.components import COMMODITIES, COMPONENTS, ShipData
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import MarketMoved, ShipArrived, ShipBought, VPScored
from ragusa.core.position import Position
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    PHASE_MARKET,
    VP_SHIPS,
    GameState,
)
from ragusa.rules import scoring
from ragusa.rules.chance import draw_top
from ragusa.rules.decision import BotTurn, Resolve, building_decision, nothing
from ragusa.rules.moves import PASS, Moves, offer
from ragusa.rules.solo.patrician import best, cathedral_note, commodities_of

SHIPS: Final[dict[str, ShipData]] = {s.id: s for s in COMPONENTS.ships}
TRACK: Final = COMPONENTS.market.track
SLOTS: Final = COMPONENTS.market.slots
BUY_ACTIONS: Final[tuple[BuyShip, ...]] = tuple(BuyShip(i) for i in range(len(SLOTS)))
#: ship id -> the commodity (index) its arrival raises and by how many spaces (read at every draw)
_ARRIVALS: Final[dict[str, tuple[int, int]]] = {
    s.id: (COM_INDEX[s.arrival.commodity], s.arrival.steps) for s in COMPONENTS.ships
}


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


#: ship id -> what it costs in each slot, left to right (`COSTS` by ship: what a purchase reads)
_COSTS_OF: Final[dict[str, tuple[tuple[int, int, int], ...]]] = {
    ship.id: tuple(COSTS[i, ship.id] for i in range(len(SLOTS))) for ship in COMPONENTS.ships
}
#: every slot costs at least one commodity, so a seat holding none can buy nothing
_EVERY_SLOT_COSTS: Final = all(sum(slot.cost.values()) > 0 for slot in SLOTS)


def affordable_slots(slots: tuple[str | None, ...], com: Sequence[int]) -> list[int]:
    """Occupied slots whose full cost `com` covers (R-4: empty slots cannot be bought)."""
    silver, wine, oil = com[0], com[1], com[2]
    if _EVERY_SLOT_COSTS and not (silver or wine or oil):
        return []
    out = []
    for i in range(len(slots)):
        ship = slots[i]
        if ship is not None:
            s, w_, o = _COSTS_OF[ship][i]
            if silver >= s and wine >= w_ and oil >= o:
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
    commodity, steps = _ARRIVALS[ship_id]
    move_bead(w, commodity, steps)
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
    cost = _COSTS_OF[ship_id][slot]
    p = w.p(seat)
    com = p.com
    for c in range(3):
        if com[c] < cost[c]:
            need = ", ".join(f"{cost[c]} {COMMODITIES[c]}" for c in range(3) if cost[c])
            have = ", ".join(f"{com[c]} {COMMODITIES[c]}" for c in range(3))
            raise IllegalActionError(
                "MARKET-1", f"the {ship.good} ship in slot {slot} costs {need}; seat {seat} has {have}"
            )
    for c in range(3):
        com[c] -= cost[c]
    p.vp[VP_SHIPS] += ship.stars
    p.ships = p.ships + (ship_id,)
    w.emit(_ship_bought, seat, ship_id, slot, cost, ship.stars)
    w.emit(_ship_scored, seat, ship.good, ship.stars)
    move_bead(w, COM_INDEX[SLOTS[slot].lowers], -1)
    w.slots = w.slots[:slot] + w.slots[slot + 1 :]
    new = draw_ship(w)
    w.slots = (*w.slots, new)
    if new is not None:
        w.emit(ShipArrived, new, len(w.slots) - 1)


def _ship_bought(seat: int, ship_id: str, slot: int, cost: tuple[int, int, int], stars: int) -> ShipBought:
    """The `ShipBought` event, with what was paid by commodity name (built only when events are recorded)."""
    return ShipBought(seat, ship_id, slot, {COMMODITIES[c]: cost[c] for c in range(3) if cost[c]}, stars)


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


# --------------------------------------------------------------------------- a solo bot's purchase (SOLO-5)

#: ship id -> its stars
_STARS: Final = {ship_id: ship.stars for ship_id, ship in SHIPS.items()}


def _buyable(state: Position, seat: int) -> tuple[Sequence[int], list[int]]:
    """The bot's commodities, and the slots whose ship it can pay for without lowering the sets its
    Cathedral houses would score now (R-17; every slot it can pay for when they score none), as
    `scoring.cathedral_sets` counts them (END-CATH-1)."""
    com = commodities_of(state, seat)
    offered = state.slots
    slots = affordable_slots(offered, com)
    sets = scoring.cathedral_sets(state.houses, seat, com)
    if not sets:
        return com, slots
    allowed = []
    for i in slots:
        ship = offered[i]
        assert ship is not None
        cost = _COSTS_OF[ship][i]
        after = [com[c] - cost[c] for c in range(len(COMMODITIES))]
        if scoring.cathedral_sets(state.houses, seat, after) >= sets:
            allowed.append(i)
    return com, allowed


def _held_most(offered: tuple[str | None, ...], com: Sequence[int], i: int) -> int:
    """R-17's first tie-break for the ship in slot `i`: the largest holding among the commodities its cost names."""
    ship = offered[i]
    assert ship is not None
    cost = _COSTS_OF[ship][i]
    most = 0
    for c in range(len(cost)):
        if cost[c] and com[c] > most:
            most = com[c]
    return most


def _ship_ties(state: Position, com: Sequence[int], slots: list[int]) -> tuple[list[int], list[int]]:
    """Of the slots `slots` (left to right): those with the most stars, and of those, the ones whose
    cost uses the commodity held most of (`_held_most`)."""
    offered = state.slots
    tied = best(slots, [_STARS[ship] if (ship := offered[i]) is not None else 0 for i in slots])
    if len(tied) == 1:
        return tied, tied
    return tied, best(tied, [_held_most(offered, com, x) for x in tied])


@implements("SOLO-5", "R-17")
def choose_ship(state: Position, seat: int) -> int:
    """SOLO-5 Market: buy the ship with the most stars it can pay for; tie: the one whose cost uses
    the commodity it holds most of (the largest holding among the commodities its cost names, R-17);
    tie: the leftmost. Cathedral exception as for the Wharf: no purchase that lowers the sets the
    Cathedral would score now; if every affordable ship would, the bot does not buy (-1, R-17)."""
    com, slots = _buyable(state, seat)
    return _ship_ties(state, com, slots)[1][0] if slots else -1


def explain_ship(state: Position, seat: int, i: int) -> tuple[str, str]:
    """`choose_ship`'s decision and reason."""
    com, slots = _buyable(state, seat)
    broken = [str(x) for x in affordable_slots(state.slots, com) if x not in slots]
    notes = cathedral_note(state, seat, com, f"; buying slot {', '.join(broken)}" if broken else "")
    if i < 0:
        return "no purchase", f"SOLO-5 Market: {notes}no purchase leaves its sets whole, so it does not buy (R-17)"
    tied, tied2 = _ship_ties(state, com, slots)
    ship = state.slots[i]
    assert ship is not None
    top = _STARS[ship]
    if len(tied) == 1:
        why = f"slot {i} has the most stars it can pay for ({top})"
    else:
        listed = ", ".join(str(x) for x in tied)
        most = _held_most(state.slots, com, i)
        if len(tied2) == 1:
            why = f"slots {listed} tie at {top} stars; slot {i}'s cost uses the commodity it holds most of ({most})"
        else:
            why = (
                f"slots {listed} tie at {top} stars and slots {', '.join(str(x) for x in tied2)} on the commodity "
                f"held most ({most}); slot {i} is the leftmost"
            )
    return f"buy slot {i} ({ship})", f"SOLO-5 Market: {notes}{why}"


def _purchase_action(slot: int) -> Action:
    return PASS if slot < 0 else BUY_ACTIONS[slot]


#: the Market's decision: the owner may buy one ship it can afford (optional, R-8); a solo bot buys
#: by SOLO-5
DECISION: Final = building_decision(
    "market",
    PHASE_MARKET,
    ("MARKET-1", "R-8", "SOLO-5", "R-17"),
    offers,
    has_choice,
    Resolve(BuyShip, buy_ship),
    Resolve(Pass, nothing),
    bot=BotTurn(choose_ship, explain_ship, _purchase_action),
)
