"""A readable game log: turn actions and their events into lines of text, in a language.

Used by `ragusa play`; usable for any game driven through `ragusa.step`:

    lines = describe_setup(state)
    new, events = step(state, action)
    lines += describe_step(state, action, new, events)
    ...
    lines += describe_result(final)

Every function takes a translator last (`ragusa.text.i18n.translator("fr")`), English by default.
The log is a local, full-information log, except that bonus cards kept during the game are
only said to be kept ("keeps a bonus card"); `describe_result` reveals every card with
the VP it scored. A solo bot's decision and reason are worded by `ragusa.text.bot_text` (in
French and Polish: its clause's rule with the numbers), the Fishmonger's count in the log's language.
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
from ragusa.core.state import POWERHOUSE, GameState, Phase
from ragusa.rules.fish import TRADE_COST

from .bot_text import bot_decision, bot_reason
from .i18n import ENGLISH, Translator
from .names import building_name, hex_name, market_text, ship_name, slot_line, spot_name
from .result import describe_result
from .setup_log import describe_setup

__all__ = [
    "building_name",
    "describe_event",
    "describe_result",
    "describe_setup",
    "describe_step",
    "event_lines",
    "hex_name",
    "market_text",
    "ship_name",
    "slot_line",
    "spot_name",
]


def _pass_text(phase: str, tr: Translator) -> str:
    """What a Pass means in each phase."""
    texts: dict[str, str] = {
        Phase.PLACE: tr("has no legal placement and passes the turn (R-14)"),
        Phase.TRADE_WINDOW: tr("is done trading; its house activates"),
        Phase.MARKET: tr("buys no ship at the Market"),
        Phase.WHARF: tr("sells nothing at the Wharf"),
        Phase.RECTOR_DRAW: tr("declines the Rector's draw"),
        Phase.END_TRADE: tr("makes no end-game trade"),
    }
    return texts.get(phase, tr("passes"))


def _passed_what(what: str, tr: Translator) -> str:
    """Why a seat passed its turn (the rules' words), in the log's language."""
    texts = {
        "turn: no legal placement": tr("turn: no legal placement"),
        "turn: no Patrician card with a free spot": tr("turn: no Patrician card with a free spot"),
    }
    return texts.get(what, what)


def _wall_line(event: WallBuilt, tr: Translator) -> str:
    a, b = BOARD.wall_spots[BOARD.wall_index[event.segment]]
    ends = f"{BOARD.spot_ids[a]}-{BOARD.spot_ids[b]}"
    return tr(
        "{who} builds wall {wall} ({ends}): +{vp} VP",
        who=tr.seat(event.seat),
        wall=event.segment,
        ends=ends,
        vp=event.vp,
    )


def _activated(event: HouseActivated, state: GameState | None, tr: Translator) -> str:
    whose = tr("house")
    if state is not None:
        s = BOARD.spot_index.get(event.spot)
        if s is not None:
            owner = state.houses[s]
            whose = tr("powerhouse") if owner == POWERHOUSE else tr("{who}'s house", who=tr.seat(owner))
    return tr(
        "{building}: {whose} on {spot} activates for {who}",
        building=building_name(event.building, tr),
        whose=whose,
        spot=event.spot,
        who=tr.seat(event.seat),
    )


def _economy(event: Event, tr: Translator) -> str | None:
    """Lines of the events about resources, commodities, ships and the market."""
    if isinstance(event, FishTraded):
        return tr(
            "{who} trades {fish} fish for 1 {resource}",
            who=tr.seat(event.seat),
            fish=event.fish,
            resource=tr.one_resource(event.resource),
        )
    if isinstance(event, ResourceGained):
        return tr(
            "{hex}: {who} gains 1 {resource} (now {total})",
            hex=hex_name(event.hex, tr),
            who=tr.seat(event.seat),
            resource=tr.one_resource(event.resource),
            total=event.total,
        )
    if isinstance(event, CommodityProduced):
        fields = {
            "who": tr.seat(event.seat),
            "amount": tr.commodities(event.commodity, event.amount),
            "total": event.total,
        }
        if event.lost:
            return tr("{who} makes {amount} (now {total}, {lost} lost over the cap)", lost=event.lost, **fields)
        return tr("{who} makes {amount} (now {total})", **fields)
    if isinstance(event, CommoditySold):
        return tr(
            "{who} sells 1 {commodity} at the Wharf for {vp} VP",
            who=tr.seat(event.seat),
            commodity=tr.commodity(event.commodity),
            vp=event.vp,
        )
    if isinstance(event, ShipBought):
        return tr(
            "{who} buys {ship} from slot {slot}, paying {paid}: +{vp} VP",
            who=tr.seat(event.seat),
            ship=ship_name(event.ship, tr),
            slot=event.slot,
            paid=tr.amounts(event.paid),
            vp=event.vp,
        )
    if isinstance(event, ShipArrived):
        return tr("{ship} arrives in slot {slot}", ship=ship_name(event.ship, tr), slot=event.slot)
    if isinstance(event, MarketMoved):
        return tr(
            "{commodity} market {steps} -> value {value}",
            commodity=tr.commodity(event.commodity),
            steps=f"{event.steps:+d}",
            value=event.value,
        )
    return None


def _fishmonger_reason(event: VPScored, tr: Translator) -> str:
    """The Fishmonger's reason ("4 fish at the Fishmonger") in the log's language."""
    count, _, rest = event.reason.partition(" ")
    if tr.lang == "en" or not count.isdigit() or rest != "fish at the Fishmonger":
        return event.reason
    return tr.ngettext("{n} fish at the Fishmonger", "{n} fish at the Fishmonger", int(count))


def describe_event(event: Event, state: GameState | None = None, tr: Translator = ENGLISH) -> str | None:
    """One event as a line, or None for events the log leaves out (duplicates of another line,
    end-of-game scoring shown by `describe_result`). `state` (after the event's action)
    adds details such as who owns an activating house."""
    who = tr.seat(getattr(event, "seat", None))
    if isinstance(event, HousePlaced):
        spot = spot_name(event.spot, tr)
        if event.powerhouse:
            return tr("{who} places a powerhouse on {spot}", who=who, spot=spot)
        return tr("{who} places a house on {spot}", who=who, spot=spot)
    if isinstance(event, HexActivated):
        h = BOARD.hex_index.get(event.hex)
        if h is not None and BOARD.hex_kind[h] != KIND_CITY:
            return None  # the ResourceGained line says it
        return tr("{hex} activates", hex=hex_name(event.hex, tr))
    if isinstance(event, HouseActivated):
        return _activated(event, state, tr)
    if isinstance(event, WallBuilt):
        return _wall_line(event, tr)
    if isinstance(event, TowerBuilt):
        return tr("{who} puts a tower on {spot}", who=who, spot=event.spot)
    if isinstance(event, VPScored):
        if event.source == "fishmonger":
            return tr("{who} scores {vp} VP ({reason})", who=who, vp=event.vp, reason=_fishmonger_reason(event, tr))
        return None  # Mason, ships and Wharf have their own lines; end scoring is in the breakdown
    if isinstance(event, BonusDrawn):
        return tr.ngettext(
            "{who} draws {n} bonus card at the Rector's Palace",
            "{who} draws {n} bonus cards at the Rector's Palace",
            event.count,
            who=who,
        )
    if isinstance(event, BonusChosen):
        return tr("{who} keeps a bonus card", who=who)
    if isinstance(event, Passed):
        return tr("{who} passes ({what})", who=who, what=_passed_what(event.what, tr))
    if isinstance(event, PowerhousesConverted):
        return tr.ngettext(
            "{who} has no legal powerhouse spot left: its {n} powerhouse becomes an ordinary house (TWO-8)",
            "{who} has no legal powerhouse spot left: its {n} powerhouses become ordinary houses (TWO-8)",
            event.count,
            who=who,
        )
    if isinstance(event, BotDecision):
        return tr(
            "{who} (Patrician bot) decides: {decision} [{reason}]",
            who=who,
            decision=bot_decision(event.decision, tr),
            reason=bot_reason(event.decision, event.reason, tr),
        )
    if isinstance(event, GameEnded):
        return None
    line = _economy(event, tr)
    return repr(event) if line is None else line


def _first(events: Sequence[Event], kind: type) -> Event | None:
    return next((e for e in events if isinstance(e, kind)), None)


def _place_header(before: GameState, action: Place, tr: Translator) -> str:
    fields = {"turn": before.placements + 1, "who": tr.seat(before.seat), "spot": spot_name(action.spot, tr)}
    if action.powerhouse:
        text = tr("Turn {turn}: {who} places a powerhouse on {spot}", **fields)
    else:
        text = tr("Turn {turn}: {who} places a house on {spot}", **fields)
    if action.trades:
        fish = sum(TRADE_COST.get(r, 0) for r in action.trades)
        text += tr(
            ", trading {fish} fish for {resources}",
            fish=fish,
            resources=", ".join(tr.resource(r) for r in action.trades),
        )
    return text


def _header(
    before: GameState, action: Action, after: GameState, events: Sequence[Event], tr: Translator
) -> tuple[str, Event | None]:
    """The line saying what the deciding seat chose, and the event it already describes."""
    who = tr.seat(before.seat)
    if isinstance(action, Place):
        return _place_header(before, action, tr), _first(events, HousePlaced)
    if isinstance(action, Trade):
        ev = _first(events, FishTraded)
        cost = ev.fish if isinstance(ev, FishTraded) else TRADE_COST.get(action.resource, 0)
        left = after.players[before.seat].resources[RES_INDEX["fish"]] if before.seat is not None else 0
        text = tr(
            "{who} trades {fish} fish for 1 {resource} (fish left: {left})",
            who=who,
            fish=cost,
            resource=tr.one_resource(action.resource),
            left=left,
        )
        return text, ev
    if isinstance(action, ChooseBonus):
        n = len(before.dealt[before.seat]) if before.seat is not None and before.dealt else 3
        text = tr.ngettext(
            "{who} keeps 1 of its {n} dealt bonus card", "{who} keeps 1 of its {n} dealt bonus cards", n, who=who
        )
        return text, _first(events, BonusChosen)
    if isinstance(action, ActivateHex):
        return tr("{who} chooses {hex} to activate next", who=who, hex=hex_name(action.hex, tr)), None
    if isinstance(action, BuildTower):
        return tr("{who} puts a tower on {spot} (Architect)", who=who, spot=action.spot), _first(events, TowerBuilt)
    if isinstance(action, KeepBonus):
        return tr("{who} keeps one drawn bonus card; the other goes under the deck", who=who), _first(
            events, BonusChosen
        )
    if isinstance(action, Pass):
        ev = _first(events, Passed) if before.phase == Phase.PLACE else None
        return f"{who} {_pass_text(before.phase, tr)}", ev
    kinds = {BuildWall: WallBuilt, BuyShip: ShipBought, SellCommodity: CommoditySold, DrawBonus: BonusDrawn}
    kind = kinds.get(type(action))
    found = _first(events, kind) if kind is not None else None
    if found is None:
        return f"{who}: {action!r}", None  # pragma: no cover - each action emits its event
    return describe_event(found, None, tr) or str(action), found


def event_lines(events: Sequence[Event], state: GameState | None = None, tr: Translator = ENGLISH) -> list[str]:
    """The log lines of events that follow a decision, indented under it; a solo bot's turn (its
    placement, or its pass) starts a line of its own as a person's turn does."""
    lines = []
    for e in events:
        text = describe_event(e, state, tr)
        if text is None:
            continue
        turn = isinstance(e, BotDecision) and (e.decision.startswith("place ") or e.decision == "pass")
        lines.append(text if turn else "    " + text)
    return lines


def describe_step(
    before: GameState, action: Action, after: GameState, events: Sequence[Event], tr: Translator = ENGLISH
) -> list[str]:
    """The lines for one action: what the deciding seat chose, then (indented) what happened."""
    head, consumed = _header(before, action, after, events, tr)
    indent = "" if isinstance(action, Place) else "  "
    lines = [indent + head, *event_lines([e for e in events if e is not consumed], after, tr)]
    if after.phase == Phase.OVER and before.phase != Phase.OVER:
        lines.append(tr("The game is over."))
    return lines
