"""A readable game log: turn actions and their events into lines of text.

Used by `ragusa play`; usable for any game driven through `ragusa.step`:

    lines = describe_setup(state)
    new, events = step(state, action)
    lines += describe_step(state, action, new, events)
    ...
    lines += describe_result(final)

The log is a local, full-information log, except that bonus cards kept during the game are
only said to be kept ("keeps a bonus card"); `describe_result` reveals every card with
the VP it scored.
"""

from __future__ import annotations

from collections.abc import Sequence

from ragusa.core.actions import (
    Action,
    ActivateHex,
    BuildTower,
    BuildWall,
    BuyShip,
    ChooseBonus,
    DrawBonus,
    KeepBonus,
    Pass,
    Place,
    SellCommodity,
    Trade,
)
from ragusa.core.board import BOARD, KIND_CITY, RES_INDEX
from ragusa.core.components import BUILDING_NAMES, BUILDINGS, COMMODITIES, COMPONENTS
from ragusa.core.events import (
    BonusChosen,
    BonusDrawn,
    BotDecision,
    CommodityProduced,
    CommoditySold,
    Event,
    FishTraded,
    GameEnded,
    HexActivated,
    HouseActivated,
    HousePlaced,
    MarketMoved,
    Passed,
    PowerhousesConverted,
    ResourceGained,
    ShipArrived,
    ShipBought,
    TowerBuilt,
    VPScored,
    WallBuilt,
)
from ragusa.core.state import POWERHOUSE, VP_SOURCES, GameState, Phase
from ragusa.rules.buildings.market import COSTS, SHIPS
from ragusa.rules.fish import TRADE_COST
from ragusa.rules.scoring import commodity_value, winners
from ragusa.rules.solo.patrician import HUMAN

__all__ = [
    "building_name",
    "describe_event",
    "describe_result",
    "describe_setup",
    "describe_step",
    "hex_name",
    "ship_name",
    "spot_name",
]

_TRACK: tuple[int, ...] = COMPONENTS.market.track
#: what a Pass means in each phase
_PASS_TEXT: dict[str, str] = {
    Phase.PLACE: "has no legal placement and passes the turn (R-14)",
    Phase.TRADE_WINDOW: "is done trading; its house activates",
    Phase.MARKET: "buys no ship at the Market",
    Phase.WHARF: "sells nothing at the Wharf",
    Phase.RECTOR_DRAW: "declines the Rector's draw",
    Phase.END_TRADE: "makes no end-game trade",
}


def building_name(building: str) -> str:
    """`"rectors-palace"` -> `"Rector's Palace"`."""
    return BUILDING_NAMES.get(building, building)


def hex_name(hex_id: str) -> str:
    """A hex as the log names it: city hexes by their building, others by id (`forest-3`)."""
    h = BOARD.hex_index.get(hex_id)
    if h is not None and BOARD.hex_kind[h] == KIND_CITY:
        return building_name(BUILDINGS[BOARD.hex_building[h]])
    return hex_id


def spot_name(spot_id: str) -> str:
    """`"s31 (forest-3, quarry-4, Mason)"`: a spot with its three hexes."""
    s = BOARD.spot_index.get(spot_id)
    if s is None:
        return spot_id
    return f"{spot_id} ({', '.join(hex_name(BOARD.hex_ids[h]) for h in BOARD.spot_hexes[s])})"


def ship_name(ship_id: str) -> str:
    ship = SHIPS.get(ship_id)
    if ship is None:
        return ship_id
    return f"{ship_id} ({ship.good}, {ship.stars} stars)"


def _seat(seat: int | None) -> str:
    return "nobody" if seat is None else f"seat {seat}"


def _amounts(paid: dict[str, int]) -> str:
    return " + ".join(f"{n} {c}" for c, n in paid.items()) or "nothing"


def _market(state: GameState) -> str:
    return ", ".join(f"{c} {_TRACK[state.market[i]]}" for i, c in enumerate(COMMODITIES))


def _slot_line(state: GameState, slot: int) -> str:
    ship = state.slots[slot]
    if ship is None:
        return f"slot {slot}: empty"
    cost = COSTS[slot, ship]
    price = _amounts({COMMODITIES[c]: cost[c] for c in range(3) if cost[c]})
    return f"slot {slot}: {ship_name(ship)}, costs {price}"


def describe_setup(state: GameState) -> list[str]:
    """The opening position: pieces, market, ships in the slots, the start seat."""
    p = state.players[0]
    pieces = f"{p.houses_left} houses"
    if p.powerhouses_left:
        pieces += f" + {p.powerhouses_left} powerhouses"
    lines = [
        f"Setup: {state.n_players} players, {state.edition} edition; each seat has {pieces} and {p.towers_left} towers.",
        f"Market values: {_market(state)}.",
        "Ships for sale: " + "; ".join(_slot_line(state, i) for i in range(len(state.slots))) + ".",
        f"Start seat (drawn): {state.start_seat}.",
    ]
    placed: dict[int, list[str]] = {}
    for spot, owner in enumerate(state.houses):
        if owner >= 0:
            placed.setdefault(owner, []).append(BOARD.spot_ids[spot])
    for seat in sorted(placed):
        p = state.players[seat]
        extra = f"; {p.total_vp} VP so far" if p.total_vp else ""
        lines.insert(-1, f"Already on the board for seat {seat}: houses on {', '.join(placed[seat])}{extra}.")
    if state.solo is not None:
        bots = ", ".join(f"bot {'AB'[k]} seat {b}" for k, b in enumerate(state.solo.bot_seats))
        lines[0] = f"Setup: solo game, {state.edition} edition: the human plays seat 0 against the Patrician ({bots})."
        lines[-1] = f"First to play: seat {state.start_seat}; the Patrician's bots are played by the library."
    return lines


def describe_event(event: Event, state: GameState | None = None) -> str | None:
    """One event as a line, or None for events the log leaves out (duplicates of another line,
    end-of-game scoring shown by `describe_result`). `state` (after the event's action)
    adds details such as who owns an activating house."""
    if isinstance(event, HousePlaced):
        kind = "powerhouse" if event.powerhouse else "house"
        return f"{_seat(event.seat)} places a {kind} on {spot_name(event.spot)}"
    if isinstance(event, FishTraded):
        return f"{_seat(event.seat)} trades {event.fish} fish for 1 {event.resource}"
    if isinstance(event, ResourceGained):
        return f"{event.hex}: {_seat(event.seat)} gains 1 {event.resource} (now {event.total})"
    if isinstance(event, HexActivated):
        h = BOARD.hex_index.get(event.hex)
        if h is not None and BOARD.hex_kind[h] != KIND_CITY:
            return None  # the ResourceGained line says it
        return f"{hex_name(event.hex)} activates"
    if isinstance(event, HouseActivated):
        whose = "house"
        if state is not None:
            s = BOARD.spot_index.get(event.spot)
            if s is not None:
                owner = state.houses[s]
                whose = "powerhouse" if owner == POWERHOUSE else f"seat {owner}'s house"
        return f"{building_name(event.building)}: {whose} on {event.spot} activates for {_seat(event.seat)}"
    if isinstance(event, CommodityProduced):
        lost = f", {event.lost} lost over the cap" if event.lost else ""
        return f"{_seat(event.seat)} makes {event.amount} {event.commodity} (now {event.total}{lost})"
    if isinstance(event, CommoditySold):
        return f"{_seat(event.seat)} sells 1 {event.commodity} at the Wharf for {event.vp} VP"
    if isinstance(event, ShipBought):
        return (
            f"{_seat(event.seat)} buys {ship_name(event.ship)} from slot {event.slot}, "
            f"paying {_amounts(event.paid)}: +{event.vp} VP"
        )
    if isinstance(event, ShipArrived):
        return f"{ship_name(event.ship)} arrives in slot {event.slot}"
    if isinstance(event, MarketMoved):
        return f"{event.commodity} market {event.steps:+d} -> value {event.value}"
    if isinstance(event, WallBuilt):
        a, b = BOARD.wall_spots[BOARD.wall_index[event.segment]]
        ends = f"{BOARD.spot_ids[a]}-{BOARD.spot_ids[b]}"
        return f"{_seat(event.seat)} builds wall {event.segment} ({ends}): +{event.vp} VP"
    if isinstance(event, TowerBuilt):
        return f"{_seat(event.seat)} puts a tower on {event.spot}"
    if isinstance(event, VPScored):
        if event.source == "fishmonger":
            return f"{_seat(event.seat)} scores {event.vp} VP ({event.reason})"
        return None  # Mason, ships and Wharf have their own lines; end scoring is in the breakdown
    if isinstance(event, BonusDrawn):
        return f"{_seat(event.seat)} draws {event.count} bonus card(s) at the Rector's Palace"
    if isinstance(event, BonusChosen):
        return f"{_seat(event.seat)} keeps a bonus card"
    if isinstance(event, Passed):
        return f"{_seat(event.seat)} passes ({event.what})"
    if isinstance(event, PowerhousesConverted):
        return (
            f"{_seat(event.seat)} has no legal powerhouse spot left: its {event.count} powerhouse(s) "
            "become ordinary houses (TWO-8)"
        )
    if isinstance(event, BotDecision):
        return f"{_seat(event.seat)} (Patrician bot) decides: {event.decision} [{event.reason}]"
    if isinstance(event, GameEnded):
        return None
    return repr(event)  # pragma: no cover - every event class is handled above


def _first(events: Sequence[Event], kind: type) -> Event | None:
    return next((e for e in events if isinstance(e, kind)), None)


def _header(before: GameState, action: Action, after: GameState, events: Sequence[Event]) -> tuple[str, Event | None]:
    """The line saying what the deciding seat chose, and the event it already describes."""
    who = _seat(before.seat)
    if isinstance(action, Place):
        kind = "powerhouse" if action.powerhouse else "house"
        text = f"Turn {before.placements + 1}: {who} places a {kind} on {spot_name(action.spot)}"
        if action.trades:
            fish = sum(TRADE_COST.get(r, 0) for r in action.trades)
            text += f", trading {fish} fish for {', '.join(action.trades)}"
        return text, _first(events, HousePlaced)
    if isinstance(action, Trade):
        ev = _first(events, FishTraded)
        cost = ev.fish if isinstance(ev, FishTraded) else TRADE_COST.get(action.resource, 0)
        left = after.players[before.seat].resources[RES_INDEX["fish"]] if before.seat is not None else 0
        return f"{who} trades {cost} fish for 1 {action.resource} (fish left: {left})", ev
    if isinstance(action, ChooseBonus):
        n = len(before.dealt[before.seat]) if before.seat is not None and before.dealt else 3
        return f"{who} keeps 1 of its {n} dealt bonus cards", _first(events, BonusChosen)
    if isinstance(action, ActivateHex):
        return f"{who} chooses {hex_name(action.hex)} to activate next", None
    if isinstance(action, BuildWall):
        ev = _first(events, WallBuilt)
        return (describe_event(ev) or str(action)) if ev else str(action), ev
    if isinstance(action, BuildTower):
        ev = _first(events, TowerBuilt)
        return f"{who} puts a tower on {action.spot} (Architect)", ev
    if isinstance(action, BuyShip):
        ev = _first(events, ShipBought)
        return (describe_event(ev) or str(action)) if ev else str(action), ev
    if isinstance(action, SellCommodity):
        ev = _first(events, CommoditySold)
        return (describe_event(ev) or str(action)) if ev else str(action), ev
    if isinstance(action, DrawBonus):
        ev = _first(events, BonusDrawn)
        return (describe_event(ev) or str(action)) if ev else str(action), ev
    if isinstance(action, KeepBonus):
        return f"{who} keeps one drawn bonus card; the other goes under the deck", _first(events, BonusChosen)
    if isinstance(action, Pass):
        ev = _first(events, Passed) if before.phase == Phase.PLACE else None
        return f"{who} {_PASS_TEXT.get(before.phase, 'passes')}", ev
    return f"{who}: {action!r}", None  # pragma: no cover


def describe_step(before: GameState, action: Action, after: GameState, events: Sequence[Event]) -> list[str]:
    """The lines for one action: what the deciding seat chose, then (indented) what happened."""
    head, consumed = _header(before, action, after, events)
    indent = "" if isinstance(action, Place) else "  "
    lines = [indent + head]
    for e in events:
        if e is consumed:
            continue
        text = describe_event(e, after)
        if text is not None:
            lines.append("    " + text)
    if after.phase == Phase.OVER and before.phase != Phase.OVER:
        lines.append("The game is over.")
    return lines


def _solo_result(state: GameState, win: Sequence[int]) -> str:
    """How the human fares against each bot, and who wins (`winners`: the human only with strictly
    more VP than each bot, SOLO-7)."""
    assert state.solo is not None
    totals = [p.total_vp for p in state.players]
    human = totals[HUMAN]
    parts = []
    for k, b in enumerate(state.solo.bot_seats):
        rel = "beats" if human > totals[b] else ("ties" if human == totals[b] else "loses to")
        parts.append(f"{rel} bot {'AB'[k]} (seat {b}, {totals[b]} VP)")
    verdict = "the human wins" if HUMAN in win else "the Patrician wins"
    return f"human (seat {HUMAN}, {human} VP) " + " and ".join(parts) + f": {verdict}"


def _winner_lines(state: GameState) -> list[str]:
    """Who won, from `ragusa.rules.scoring.winners`, with the tie-break when VP were tied (WIN-1, R-7)."""
    win = list(winners(state))
    totals = [p.total_vp for p in state.players]
    top = max(totals)
    leaders = [s for s, v in enumerate(totals) if v == top]
    if state.solo is not None:
        return [
            f"Solo result (SOLO-7): {_solo_result(state, win)}.",
            f"Winner{'s' if len(win) > 1 else ''}: {_seats(win)}.",
        ]
    if not set(win) <= set(leaders):  # pragma: no cover - winners() follows WIN-1
        return [f"Winner{'s' if len(win) > 1 else ''}: {_seats(win) if win else 'none'}."]
    if len(leaders) == 1:
        return [f"Winner: seat {leaders[0]} with {top} VP."]
    values = {s: commodity_value(state, s) for s in leaders}
    detail = ", ".join(f"seat {s} {values[s]}" for s in leaders)
    lines = [
        f"Tie on {top} VP between {_seats(leaders)}; tie-break by commodity value at the end market values "
        f"(WIN-1): {detail}."
    ]
    if len(win) == 1:
        lines.append(f"Winner: seat {win[0]} with {top} VP (tie-break).")
    else:
        lines.append(f"Winners: {_seats(win)} share the victory with {top} VP (still tied, R-7).")
    return lines


def _seats(seats: Sequence[int]) -> str:
    """`[0, 2, 3]` -> `"seats 0, 2 and 3"`."""
    names = [str(s) for s in seats]
    if len(names) == 1:
        return f"seat {names[0]}"
    return f"seats {', '.join(names[:-1])} and {names[-1]}"


def describe_result(state: GameState) -> list[str]:
    """Each seat's score breakdown (every source, every bonus card revealed) and the winner(s)."""
    lines = [f"Final scores (market values: {_market(state)}):"]
    sources = [s for s in VP_SOURCES if s != "bonus"]
    for seat, p in enumerate(state.players):
        parts = [f"{name} {p.vp[i]}" for i, name in enumerate(VP_SOURCES) if name in sources]
        if p.bonus_cards:
            vps = p.bonus_vp if len(p.bonus_vp) == len(p.bonus_cards) else (None,) * len(p.bonus_cards)
            cards = ", ".join(f"{c} {'?' if v is None else v}" for c, v in zip(p.bonus_cards, vps))
        else:
            cards = "none"
        parts.append(f"bonus cards [{cards}]")
        lines.append(f"  seat {seat}: " + " | ".join(parts) + f" | total {p.total_vp}")
    if state.phase == Phase.OVER:
        lines.extend(_winner_lines(state))
    return lines
