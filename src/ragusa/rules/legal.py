"""Legal actions (the Decisions section of the rules): every distinct legal action of the deciding
seat, listed by phase; placements come with their minimal fish trades (BUILD-8)."""

from __future__ import annotations

from typing import Final

from ragusa.core.actions import (
    Action,
    ActivateHex,
    ChanceOutcome,
    ChooseBonus,
    DrawBonus,
    KeepBonus,
    Pass,
    Place,
)
from ragusa.core.board import BOARD, RES_INDEX
from ragusa.core.components import COMMODITIES
from ragusa.core.state import (
    PHASE_ARCHITECT,
    PHASE_MARKET,
    PHASE_MASON,
    PHASE_ORDER,
    PHASE_OVER,
    PHASE_PLACE,
    PHASE_RECTOR_DRAW,
    PHASE_RECTOR_KEEP,
    PHASE_SETUP_BONUS,
    PHASE_WHARF,
    GameState,
)
from ragusa.rules import fish
from ragusa.rules.buildings import architect, market, mason, wharf
from ragusa.rules.requirements import (
    own_house_counts,
    placements,
)
from ragusa.rules.scan import (
    SPOT_BYTES,
    expand_mask,
    free_mask,
    house_place_actions,
    house_placements,
    no_trade_mask,
    trade_candidates,
)
from ragusa.rules.two_player import (
    powerhouse_spots,
)

FISH: Final = RES_INDEX["fish"]

_PLACE_POWER: Final[tuple[Place, ...]] = tuple(Place(s, True) for s in BOARD.spot_ids)
_PASS: Final = Pass()
_DRAW: Final = DrawBonus()
_ACTIVATE: Final[tuple[ActivateHex, ...]] = tuple(ActivateHex(h) for h in BOARD.hex_ids)


def placement_choices(
    state: GameState, seat: int
) -> tuple[int, dict[int, tuple[str, ...]], list[tuple[int, tuple[str, ...]]]]:
    """Every legal placement of `seat`, in parts: the mask of the spots where a house needs no
    fish trade, the minimal fish trades (BUILD-8) of every other spot where a house is legal, and
    each legal powerhouse spot with its minimal trades (TWO-1): what `placements_of` lists as
    actions (its steps, not a call of it: it runs at every placement decision), for callers that
    want spots, such as the action ids of `ragusa.ai`."""
    p = state.players[seat]
    houses = state.houses
    res, com = p.resources, p.commodities
    strict = state.options.strict
    counts = own_house_counts(houses, seat)
    ok, traded = 0, {}
    if p.houses_left:  # `house_place_actions`' steps
        free = free_mask(houses)
        ok = no_trade_mask(res, com, counts, free, strict, seat)
        candidates = trade_candidates(res, com, free, ok, strict)
        if candidates:
            traded = dict(house_placements(res, com, counts, expand_mask(candidates, SPOT_BYTES), strict, seat))
    power: list[tuple[int, tuple[str, ...]]] = []
    if p.powerhouses_left:
        power = placements(res, com, counts, powerhouse_spots(houses, state.options.powerhouse_any_hex), True, strict)
    return ok, traded, power


def power_place(spot: int, trades: tuple[str, ...]) -> Place:
    """`Place(spot, True, trades)` (one object per spot when there are no trades)."""
    return Place(BOARD.spot_ids[spot], True, trades) if trades else _PLACE_POWER[spot]


def placements_of(state: GameState, seat: int) -> list[Action]:
    """Every legal placement of `seat`, each with its minimal fish trades (BUILD-8): houses
    ascending by spot, then powerhouses."""
    p = state.players[seat]
    houses = state.houses
    res, com = p.resources, p.commodities
    strict = state.options.strict
    counts = own_house_counts(houses, seat)
    out: list[Action] = []
    if p.houses_left:
        out = house_place_actions(res, com, counts, houses, strict, seat)
    if p.powerhouses_left:
        for s, t in placements(
            res, com, counts, powerhouse_spots(houses, state.options.powerhouse_any_hex), True, strict
        ):
            out.append(Place(BOARD.spot_ids[s], True, t) if t else _PLACE_POWER[s])
    return out


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every distinct legal action of the deciding seat (empty when the game is over)."""
    phase = state.phase
    seat = state.seat
    if seat is None or phase == PHASE_OVER:
        return ()
    if state.chance is not None and state.chance.node is not None:
        return tuple(ChanceOutcome(o) for o in state.chance.node.outcomes)  # a chance node
    p = state.players[seat]
    acts: list[Action]
    if phase == PHASE_PLACE:
        acts = placements_of(state, seat)
        if not acts:
            acts = [_PASS]
    elif phase == PHASE_ORDER:
        acts = [_ACTIVATE[h] for h in state.pending_hexes]
    elif phase == PHASE_MASON:
        acts = [mason.WALL_ACTIONS[i] for i in mason.free_segments(state.walls)]
    elif phase == PHASE_ARCHITECT:
        acts = [architect.TOWER_ACTIONS[s] for s in architect.free_tower_spots(state.towers)]
    elif phase == PHASE_MARKET:
        acts = [market.BUY_ACTIONS[i] for i in market.affordable_slots(state.slots, p.commodities)]
        acts.append(_PASS)
    elif phase == PHASE_WHARF:
        acts = [wharf.SELL_ACTIONS[c] for c in range(len(COMMODITIES)) if p.commodities[c]]
        acts.append(_PASS)
    elif phase == PHASE_RECTOR_DRAW:
        acts = [_DRAW, _PASS]
    elif phase == PHASE_RECTOR_KEEP:
        acts = [KeepBonus(c) for c in dict.fromkeys(state.rector_hand)]
    elif phase == PHASE_SETUP_BONUS:
        acts = [ChooseBonus(c) for c in dict.fromkeys(state.dealt[seat])]
    else:  # TRADE_WINDOW, END_TRADE
        acts = [_PASS]
    acts.extend(fish.trade_actions(p.resources[FISH]))
    return tuple(acts)
