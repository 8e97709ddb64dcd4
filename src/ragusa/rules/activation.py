"""Activation of the new house's hexes (ACT-1 to ACT-5, TWO-4 to TWO-6, FISH-2).

The engine drives these steps: `start_hex` begins a hex (country and sea
hexes resolve at once; a city hex queues its houses clockwise from the new one),
then `activate_head` resolves the queue one house at a time, opening a
decision where the building needs one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Final

from ragusa.core.actions import ActivateHex, Pass
from ragusa.core.board import BOARD, BUILDING_INDEX, KIND_CITY, KIND_SEA, RES_INDEX
from ragusa.core.clauses import implements
from ragusa.core.components import BUILDINGS
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import BotDecision
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    PHASE_ORDER,
    PHASE_TRADE_WINDOW,
    POWERHOUSE,
    GameState,
    Phase,
)
from ragusa.rules.buildings import (
    architect,
    cathedral,
    fishmonger,
    market,
    mason,
    production,
    rector,
    wharf,
)
from ragusa.rules.decision import BotTurn, Decision, Resolve, Then, nothing
from ragusa.rules.fish import MIN_TRADE, TRADE_COST_BY_INDEX
from ragusa.rules.moves import Moves, offer, offer_pass
from ragusa.rules.solo.policy import choose_hex, explain_hex, explain_window

FISH: Final = RES_INDEX["fish"]
RECTOR: Final = BUILDING_INDEX["rectors-palace"]
CATHEDRAL: Final = BUILDING_INDEX["cathedral"]
#: ACT-4: buildings with the crossed-out arrow (only the new house activates)
NEW_HOUSE_ONLY: Final = frozenset({RECTOR, CATHEDRAL})
#: FISH-2: buildings whose effect reads a resource, so a trade window opens before each of their activations
READS_RESOURCE: Final = frozenset(
    {BUILDING_INDEX["winery"], BUILDING_INDEX["oil-press"], BUILDING_INDEX["silversmith"], BUILDING_INDEX["fishmonger"]}
)


def _producer(building: int) -> Callable[[Scratch, int], None]:
    def effect(w: Scratch, seat: int) -> None:
        production.produce(w, seat, building)

    return effect


#: building index -> its effect, for the buildings whose effect asks nothing
EFFECTS: Final[dict[int, Callable[[Scratch, int], None]]] = {
    BUILDING_INDEX["winery"]: _producer(BUILDING_INDEX["winery"]),
    BUILDING_INDEX["oil-press"]: _producer(BUILDING_INDEX["oil-press"]),
    BUILDING_INDEX["silversmith"]: _producer(BUILDING_INDEX["silversmith"]),
    BUILDING_INDEX["fishmonger"]: fishmonger.effect,
    CATHEDRAL: cathedral.effect,
}
#: building index -> the decision its effect opens and whether the owner has a choice now (R-8), read
#: from the decision's record (`building`, `phase`, `has_choice`)
DECISIONS: Final[dict[int, tuple[Phase, Callable[[Scratch, int], bool]]]] = {
    BUILDING_INDEX[d.building]: (d.phase, d.has_choice)
    for d in (mason.DECISION, architect.DECISION, market.DECISION, wharf.DECISION, rector.DRAW_DECISION)
    if d.building is not None and d.has_choice is not None
}


_HEX_KIND: Final = BOARD.hex_kind
_HEX_RESOURCE: Final = BOARD.hex_resource
_HEX_BUILDING: Final = BOARD.hex_building
#: per hex and spot on it: the hex's spots clockwise from that spot (ACT-3)
_CLOCKWISE_FROM: Final[tuple[dict[int, tuple[int, ...]], ...]] = tuple(
    {spot: ring[i:] + ring[:i] for i, spot in enumerate(ring)} for ring in BOARD.hex_spots
)


@implements("ACT-1", "ACT-2", "ACT-3", "ACT-4", "TWO-4", "TWO-5", "R-1")
def start_hex(w: Scratch, h: int) -> None:
    """Begin activating hex `h` of the new house.

    Country (ACT-1) and sea (ACT-2) hexes give the placing player 1 of their resource,
    unless the new piece is a powerhouse (TWO-4); resources have no upper limit (R-1). A city hex with the clockwise arrow
    queues every house on it, clockwise from the new one (ACT-3); the Rector's Palace
    and the Cathedral queue only the new house (ACT-4).
    """
    pending = w.pending_hexes
    # it leaves the new house's hexes still to activate (the first, unless chosen, ACT-5)
    if pending and pending[0] == h:
        w.pending_hexes = pending[1:]
    elif h in pending:
        i = pending.index(h)
        w.pending_hexes = pending[:i] + pending[i + 1 :]
    w.current_hex = h
    w.hex_activated(h)
    if _HEX_KIND[h] != KIND_CITY:
        w.queue = ()
        if not w.placed_power:
            seat = w.turn_seat
            r = _HEX_RESOURCE[h]
            res = w.p(seat).res
            res[r] += 1
            w.resource_gained(seat, r, h, res[r])
        return
    w.window_done = False
    if _HEX_BUILDING[h] in NEW_HOUSE_ONLY:
        w.queue = (w.placed,)
        return
    houses = w.houses
    queue = []
    for s in _CLOCKWISE_FROM[h][w.placed]:
        if houses[s] >= 0 or houses[s] == POWERHOUSE:  # a house or a powerhouse stands there
            queue.append(s)
    w.queue = tuple(queue)


@implements("TWO-5", "TWO-6", "ACT-3")
def beneficiary(w: Scratch, spot: int) -> int:
    """Who a house's activation benefits: its owner; the placing player when the new piece is a
    powerhouse (TWO-5) or the activating house is a powerhouse (TWO-6)."""
    owner = w.houses[spot]
    if w.placed_power or owner == POWERHOUSE:
        return w.turn_seat
    return owner


@implements("ACT-3", "FISH-2", "R-16")
def activate_head(w: Scratch) -> bool:
    """Activate the first house in the queue; True when a decision is now pending.

    Before a house whose effect reads a resource, its beneficiary gets a trade window
    if they hold enough fish to trade (FISH-2). A solo bot never trades during play (R-16): no
    window opens for it, and `step` reports its pass as its decision.
    """
    spot = w.queue[0]
    seat = beneficiary(w, spot)
    building = _HEX_BUILDING[w.current_hex]
    if not w.window_done:
        w.window_done = True
        if building in READS_RESOURCE and w.resource(seat, FISH) >= MIN_TRADE:
            if w.solo is None or seat not in w.solo.bot_seats:
                w.phase = PHASE_TRADE_WINDOW
                w.seat = seat
                return True
            w.emit(_bot_passes_window, w, seat)  # R-16: a solo bot never trades during play
    w.house_activated(seat, spot, building)
    decision = DECISIONS.get(building)
    if decision is None:
        EFFECTS[building](w, seat)
    elif decision[1](w, seat):  # the owner decides (R-8)
        w.phase = decision[0]
        w.seat = seat
        return True
    finish_head(w)
    return False


def _bot_passes_window(w: Scratch, seat: int) -> BotDecision:
    """The `BotDecision` reporting that a solo bot lets its trade window go (R-16)."""
    return BotDecision(seat, *explain_window(w, seat, None))


def finish_head(w: Scratch) -> None:
    """The queue head's activation is complete."""
    w.queue = w.queue[1:]
    w.window_done = False


#: the trade window before a house whose effect reads a resource (FISH-2): trade fish, then Pass
WINDOW_DECISION: Final = Decision(
    PHASE_TRADE_WINDOW, ("FISH-2", "R-16"), offer_pass, (Resolve(Pass, nothing),), Then.RUN
)

_ACTIVATE: Final[tuple[ActivateHex, ...]] = tuple(ActivateHex(h) for h in BOARD.hex_ids)


def _order_offers(state: GameState, seat: int) -> Moves:
    """Any hex of the new house still to activate."""
    return offer(state, seat, [_ACTIVATE[h] for h in state.pending_hexes])


def _hex_chosen(w: Scratch, seat: int, a: ActivateHex) -> None:
    """ACT-5: activate the hex `a` names next, if it is one of the new house's still to activate."""
    h = BOARD.hex_index.get(a.hex) if isinstance(a.hex, str) else None
    if h is None or h not in w.pending_hexes:
        left = [BOARD.hex_ids[x] for x in w.pending_hexes]
        raise IllegalActionError("ACT-5", f"{a.hex!r} is not a hex of the new house still to activate ({left})")
    start_hex(w, h)


#: the order of the new house's hexes, where it can change the outcome (ACT-5, `order_matters`); a
#: solo bot's order is R-15's
ORDER_DECISION: Final = Decision(
    PHASE_ORDER,
    ("ACT-5", "R-5", "R-15"),
    _order_offers,
    (Resolve(ActivateHex, _hex_chosen),),
    Then.RUN,
    bot=BotTurn(choose_hex, explain_hex, _ACTIVATE.__getitem__),
)


# ACT-5: what each hex's activation reads and writes, to tell when the order can change the outcome.
# "cards": the Rector's Palace shows the placing player bonus cards, which can change what they
# choose at a building with a choice (a wall, a tower, a ship, a sale), so drawing first matters.
def _effects(h: int) -> tuple[frozenset[str], frozenset[str]]:
    kind = BOARD.hex_kind[h]
    if kind == KIND_SEA:
        return frozenset(), frozenset({"fish"})
    if kind != KIND_CITY:
        return frozenset(), frozenset({f"res{BOARD.hex_resource[h]}"})
    b = BUILDINGS[BOARD.hex_building[h]]
    table: dict[str, tuple[set[str], set[str]]] = {
        "winery": ({f"res{RES_INDEX['grapes']}", "fish"}, {"com"}),
        "oil-press": ({f"res{RES_INDEX['olives']}", "fish"}, {"com"}),
        "silversmith": ({f"res{RES_INDEX['silver_ore']}", "fish"}, {"com"}),
        "fishmonger": ({"fish"}, set()),
        "market": ({"com", "mkt", "cards"}, {"com", "mkt"}),
        "wharf": ({"com", "mkt", "cards"}, {"com"}),
        "mason": ({"tow", "cards"}, set()),
        "architect": ({"cards"}, {"tow"}),
        "rectors-palace": (set(), {"cards"}),
        "cathedral": (set(), set()),
    }
    reads, writes = table[b]
    return frozenset(reads), frozenset(writes)


_EFFECTS_OF_HEX = tuple(_effects(h) for h in range(len(BOARD.hex_ids)))
_READS: Final = tuple(r for r, _ in _EFFECTS_OF_HEX)
_WRITES: Final = tuple(w for _, w in _EFFECTS_OF_HEX)


def _fish_step(h: int) -> int:
    """How many more fish make a difference to hex `h`'s activation, if it reads fish: the
    Fishmonger scores per FISH_PER_VP fish; a producer's resource costs its FISH-1 rate."""
    b = BOARD.hex_building[h]
    if b == BUILDING_INDEX["fishmonger"]:
        return fishmonger.FISH_PER_VP
    reads = production.PRODUCERS.get(b)
    return TRADE_COST_BY_INDEX[reads[0]] if reads is not None else 0


_FISH_STEP: Final[tuple[int, ...]] = tuple(_fish_step(h) for h in range(len(BOARD.hex_ids)))


def _interact(a: int, b: int, fish: int, fish_gain: int, bonus_deck: int) -> bool:
    linked = (_WRITES[a] & _READS[b]) | (_WRITES[b] & _READS[a])
    if not bonus_deck:  # R-4: the Rector's Palace draws nothing, so it shows nothing
        linked -= _CARDS
    if not linked:
        return False
    if linked != _ONLY_FISH:
        return True
    # Only fish links them (a sea hex and a producer or the Fishmonger): taking the sea first can
    # change the outcome only if its fish buy one more unit (or score one more VP) at the reader.
    step = _FISH_STEP[b] or _FISH_STEP[a]
    return (fish + fish_gain) // step > fish // step


_ONLY_FISH: Final = frozenset({"fish"})
_CARDS: Final = frozenset({"cards"})


@implements("ACT-5", "ED-6", "R-5")
def order_matters(pending: Sequence[int], fish: int, bonus_deck: int = 2) -> bool:
    """Whether the placing player's choice of the next hex (ACT-5; both editions, R-5) can change
    the outcome: some remaining hex writes what another reads (resources, commodities, market
    values, towers), or the fish the remaining sea hexes give (`fish`: what the placing player
    holds now) would buy one more unit of a producer's resource or score one more VP at the
    Fishmonger, or the Rector's Palace would show bonus cards (`bonus_deck`: the cards left to
    draw) before a building with a choice (Architect, Mason, Market, Wharf). When it cannot, the
    hexes activate in the spot's listed order."""
    return _order_matters(tuple(pending), fish, bonus_deck > 0)


@functools.lru_cache(maxsize=8192)
def _order_matters(pending: tuple[int, ...], fish: int, bonus_deck: bool) -> bool:
    """`order_matters`, which reads nothing else than these three (kept: each combination is met often)."""
    fish_gain = sum(1 for h in pending if _HEX_KIND[h] == KIND_SEA)
    for i, a in enumerate(pending):
        for b in pending[i + 1 :]:
            if _interact(a, b, fish, fish_gain, bonus_deck):
                return True
    return False
