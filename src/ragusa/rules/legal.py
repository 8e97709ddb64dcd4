"""Legal actions (the Decisions section of the rules): every distinct legal action of the deciding
seat, listed by phase; placements come with their minimal fish trades (BUILD-8)."""

from __future__ import annotations

from ragusa.core.actions import (
    Action,
    ActivateHex,
    ChooseBonus,
    DrawBonus,
    KeepBonus,
    Pass,
    Place,
)
from ragusa.core.board import BOARD, RES_INDEX
from ragusa.core.components import COMMODITIES
from ragusa.core.state import (
    EMPTY,
    GameState,
    Phase,
)
from ragusa.rules import fish
from ragusa.rules.buildings import architect, market, mason, wharf
from ragusa.rules.requirements import (
    own_house_counts,
    placements,
)
from ragusa.rules.scan import house_placements
from ragusa.rules.two_player import (
    powerhouse_spots,
)

FISH = RES_INDEX["fish"]

_PLACE_HOUSE: tuple[Place, ...] = tuple(Place(s) for s in BOARD.spot_ids)
_PLACE_POWER: tuple[Place, ...] = tuple(Place(s, True) for s in BOARD.spot_ids)
_PASS = Pass()
_DRAW = DrawBonus()
_ACTIVATE: tuple[ActivateHex, ...] = tuple(ActivateHex(h) for h in BOARD.hex_ids)


_free: tuple[tuple[int, ...], list[int]] = ((), [])
_with_trades: dict[tuple[int, tuple[str, ...]], Place] = {}


def free_spots(houses: tuple[int, ...]) -> list[int]:
    """The free spots, ascending (the last answer is kept: a state's houses are shared by the
    states that follow it until a piece is placed). Do not modify the list."""
    global _free
    last, spots = _free
    if houses is not last and houses != last:
        # pieces are only ever added: the spots still free among the last free ones are all of
        # them when they are as many as the free spots (else scan the whole board)
        spots = [s for s in spots if houses[s] == EMPTY] if len(last) == len(houses) else []
        if len(spots) != houses.count(EMPTY):
            spots = [s for s, owner in enumerate(houses) if owner == EMPTY]
        _free = (houses, spots)
    return spots


_power: tuple[tuple[int, ...], list[int]] = ((), [])


def _powerhouse_spots(houses: tuple[int, ...]) -> list[int]:
    """:func:`powerhouse_spots`, the last answer kept (as for :func:`free_spots`)."""
    global _power
    last, spots = _power
    if houses is not last and houses != last:
        spots = powerhouse_spots(houses)
        _power = (houses, spots)
    return spots


def _place_with_trades(s: int, trades: tuple[str, ...]) -> Place:
    """``Place(spot, False, trades)``, one object per spot and trades."""
    key = (s, trades)
    place = _with_trades.get(key)
    if place is None:
        place = _with_trades[key] = Place(BOARD.spot_ids[s], False, trades)
    return place


def placements_of(state: GameState, seat: int) -> list[Action]:
    """Every legal placement of ``seat``, each with its minimal fish trades (BUILD-8)."""
    p = state.players[seat]
    houses = state.houses
    res, com = p.resources, p.commodities
    strict = state.options.strict
    counts = own_house_counts(houses, seat)
    out: list[Action] = []
    if p.houses_left:
        for s, t in house_placements(res, com, counts, free_spots(houses), strict, seat):
            out.append(_place_with_trades(s, t) if t else _PLACE_HOUSE[s])
    if p.powerhouses_left:
        for s, t in placements(res, com, counts, _powerhouse_spots(houses), True, strict):
            out.append(Place(BOARD.spot_ids[s], True, t) if t else _PLACE_POWER[s])
    return out


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every distinct legal action of the deciding seat (empty when the game is over)."""
    phase = state.phase
    seat = state.seat
    if seat is None or phase == Phase.OVER:
        return ()
    p = state.players[seat]
    acts: list[Action]
    if phase == Phase.PLACE:
        acts = placements_of(state, seat)
        if not acts:
            acts = [_PASS]
    elif phase == Phase.ORDER:
        acts = [_ACTIVATE[h] for h in state.pending_hexes]
    elif phase == Phase.MASON:
        acts = [mason.WALL_ACTIONS[i] for i in mason.free_segments(state.walls)]
    elif phase == Phase.ARCHITECT:
        acts = [architect.TOWER_ACTIONS[s] for s in architect.free_tower_spots(state.towers)]
    elif phase == Phase.MARKET:
        acts = [market.BUY_ACTIONS[i] for i in market.affordable_slots(state.slots, p.commodities)]
        acts.append(_PASS)
    elif phase == Phase.WHARF:
        acts = [wharf.SELL_ACTIONS[c] for c in range(len(COMMODITIES)) if p.commodities[c]]
        acts.append(_PASS)
    elif phase == Phase.RECTOR_DRAW:
        acts = [_DRAW, _PASS]
    elif phase == Phase.RECTOR_KEEP:
        acts = [KeepBonus(c) for c in dict.fromkeys(state.rector_hand)]
    elif phase == Phase.SETUP_BONUS:
        acts = [ChooseBonus(c) for c in dict.fromkeys(state.dealt[seat])]
    else:  # TRADE_WINDOW, END_TRADE
        acts = [_PASS]
    acts.extend(fish.trade_actions(p.resources[FISH]))
    return tuple(acts)
