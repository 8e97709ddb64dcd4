"""What each legal action would do, and why a seat decides now, in words and numbers.

`explain_action(state, action)` says what a choice gives before it is made: `"+3 VP (1 + 2 of
your houses and towers at s12 and s13)"` for a wall, `"3 VP at the market value"` for a sale,
`"clothing, 3 stars, for 1 silver: +3 VP"` for a ship, the resources and buildings of a spot and
the fish a placement trades away. `why_now(state, seat)` says which house of the seat activates
and who placed the house that woke it. Every number comes from the rules' public functions.
"""

from __future__ import annotations

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
from ragusa.core.board import BOARD, COM_INDEX, KIND_CITY, RES_INDEX
from ragusa.core.components import BUILDINGS, COMMODITIES, COMPONENTS
from ragusa.core.state import GameState, Phase
from ragusa.rules.buildings.fishmonger import FISH_PER_VP
from ragusa.rules.buildings.market import COSTS, SHIPS
from ragusa.rules.buildings.mason import mason_vp
from ragusa.rules.buildings.production import CAP, PRODUCERS
from ragusa.rules.fish import TRADE_COST
from ragusa.rules.scoring import bonus_card_score

from .describe import describe_building, describe_card
from .i18n import ENGLISH, Translator
from .names import hex_name

__all__ = ["explain_action", "fish_spent", "why_now"]

TRACK = COMPONENTS.market.track


def fish_spent(action: Action) -> int:
    """The fish an action trades away (FISH-1): a placement's trades or a trade."""
    if isinstance(action, Place):
        return sum(TRADE_COST.get(r, 0) for r in action.trades)
    if isinstance(action, Trade):
        return TRADE_COST.get(action.resource, 0)
    return 0


def _hex_gain(h: int, tr: Translator) -> str:
    """What a hex gives a new house next to it: a resource, or its building's name."""
    if BOARD.hex_kind[h] == KIND_CITY:
        return tr.building(BUILDINGS[BOARD.hex_building[h]])
    resource = COMPONENTS.board.hexes[h].resource or "fish"
    return tr("+1 {resource}", resource=tr.one_resource(resource))


def _held_after(state: GameState, seat: int, hexes: tuple[int, ...], resource: int) -> int:
    """How much of `resource` the seat holds once the spot's country and sea hexes gave theirs."""
    gained = sum(
        1
        for h in hexes
        if BOARD.hex_kind[h] != KIND_CITY and RES_INDEX[COMPONENTS.board.hexes[h].resource or "fish"] == resource
    )
    return state.players[seat].resources[resource] + gained


def _city_gain(state: GameState, seat: int, h: int, hexes: tuple[int, ...], tr: Translator) -> str:
    """What a city hex next to a new house gives its owner (counting the spot's own resources first),
    and whose other houses around it work too (ACT-3)."""
    building = BOARD.hex_building[h]
    name = tr.building(BUILDINGS[building])
    if building in PRODUCERS:
        resource, commodity = PRODUCERS[building]
        n = min(_held_after(state, seat, hexes, resource), CAP)
        text = tr("{building}: +{amount}", building=name, amount=tr.commodities(COMMODITIES[commodity], n))
    elif BUILDINGS[building] == "fishmonger":
        vp = _held_after(state, seat, hexes, RES_INDEX["fish"]) // FISH_PER_VP
        text = tr("{building}: +{vp} VP", building=name, vp=vp)
    else:
        text = tr("{building}: {effect}", building=name, effect=describe_building(BUILDINGS[building], tr))
    others = sorted({o for s in BOARD.hex_spots[h] if (o := state.houses[s]) >= 0 and o != seat})
    if others:
        text += tr(
            " (also works for the houses of {who} around it, ACT-3)", who=tr(" and ").join(tr.seat(o) for o in others)
        )
    return text


def _place(state: GameState, action: Place, tr: Translator) -> str:
    hexes = BOARD.spot_hexes[BOARD.spot_index[action.spot]]
    seat = state.seat if state.seat is not None else 0
    if action.powerhouse:
        city = [tr.building(BUILDINGS[BOARD.hex_building[h]]) for h in hexes if BOARD.hex_kind[h] == KIND_CITY]
        text = tr(
            "powerhouse: gains nothing; every house on {buildings} works for you (TWO-5)", buildings=", ".join(city)
        )
    else:
        gains = [
            _city_gain(state, seat, h, hexes, tr) if BOARD.hex_kind[h] == KIND_CITY else _hex_gain(h, tr) for h in hexes
        ]
        text = "; ".join(gains)
    if action.trades:
        resources = ", ".join(tr.resource(r) for r in action.trades)
        text += tr("; spends {fish} fish for {resources}", fish=fish_spent(action), resources=resources)
    return text


def _activate(state: GameState, action: ActivateHex, tr: Translator) -> str:
    h = BOARD.hex_index[action.hex]
    if BOARD.hex_kind[h] == KIND_CITY:
        building = BUILDINGS[BOARD.hex_building[h]]
        return tr("{building} next: {effect}", building=tr.building(building), effect=describe_building(building, tr))
    return tr("{hex} next: {gain}", hex=hex_name(action.hex, tr), gain=_hex_gain(h, tr))


def _wall(state: GameState, seat: int, action: BuildWall, tr: Translator) -> str:
    segment = BOARD.wall_index[action.segment]
    a, b = (BOARD.spot_ids[s] for s in BOARD.wall_spots[segment])
    vp = mason_vp(state.houses, state.towers, seat, segment)
    return tr("+{vp} VP (1 + {own} of your houses and towers at {a} and {b})", vp=vp, own=vp - 1, a=a, b=b)


def _tower(state: GameState, seat: int, action: BuildTower, tr: Translator) -> str:
    spot = BOARD.spot_index[action.spot]
    walls = [BOARD.wall_ids[w] for w in BOARD.spot_walls[spot]]
    return tr(
        "tower on {spot}: each wall at it ({walls}) scores 1 VP more for you", spot=action.spot, walls=", ".join(walls)
    )


def _buy(state: GameState, action: BuyShip, tr: Translator) -> str:
    ship = state.slots[action.slot]
    if ship is None:
        return tr("slot {slot}: empty", slot=action.slot)
    data = SHIPS[ship]
    cost = COSTS[action.slot, ship]
    price = tr.amounts({COMMODITIES[c]: cost[c] for c in range(3) if cost[c]})
    lowers = tr.commodity(COMPONENTS.market.slots[action.slot].lowers)
    return tr(
        "slot {slot}: {good}, {stars} stars, for {price}: +{stars} VP; the {lowers} market goes down 1",
        slot=action.slot,
        good=tr.good(data.good),
        stars=data.stars,
        price=price,
        lowers=lowers,
    )


def _card(state: GameState, seat: int, card: str, tr: Translator) -> str:
    text = tr("{card}: {scoring}", card=tr.card(card), scoring=describe_card(card, state.edition, tr))
    return text + tr(" (worth {vp} VP now)", vp=bonus_card_score(state, seat, card))


def _pass(state: GameState, tr: Translator) -> str:
    texts: dict[str, str] = {
        Phase.PLACE: tr("no legal placement: the turn passes (R-14)"),
        Phase.TRADE_WINDOW: tr("no trade: the house activates"),
        Phase.MARKET: tr("buy no ship"),
        Phase.WHARF: tr("sell nothing"),
        Phase.RECTOR_DRAW: tr("draw no bonus cards"),
        Phase.END_TRADE: tr("no trade: the bonus cards score"),
    }
    return texts.get(state.phase, tr("pass"))


def explain_action(state: GameState, action: Action, tr: Translator = ENGLISH) -> str:
    """What `action` (legal in `state`) does for the deciding seat, with its numbers."""
    seat = state.seat if state.seat is not None else 0
    if isinstance(action, Place):
        return _place(state, action, tr)
    if isinstance(action, Trade):
        left = state.players[seat].resources[RES_INDEX["fish"]] - fish_spent(action)
        fields = {"fish": fish_spent(action), "resource": tr.one_resource(action.resource), "left": left}
        return tr("{fish} fish for 1 {resource}; {left} fish left", **fields)
    if isinstance(action, ChooseBonus | KeepBonus):
        return _card(state, seat, action.card, tr)
    if isinstance(action, ActivateHex):
        return _activate(state, action, tr)
    if isinstance(action, BuildWall):
        return _wall(state, seat, action, tr)
    if isinstance(action, BuildTower):
        return _tower(state, seat, action, tr)
    if isinstance(action, BuyShip):
        return _buy(state, action, tr)
    if isinstance(action, SellCommodity):
        vp = TRACK[state.market[COM_INDEX[action.commodity]]]
        return tr("sell 1 {commodity}: {vp} VP (its market value)", commodity=tr.commodity(action.commodity), vp=vp)
    if isinstance(action, DrawBonus):
        return tr("draw 2 bonus cards, keep 1 (RECTOR-1)")
    if isinstance(action, Pass):
        return _pass(state, tr)
    return str(action)  # pragma: no cover - every action type is handled above


def _activating(state: GameState, seat: int, tr: Translator) -> str:
    """Whose house activates which building, and who placed the house that woke it (ACT-3)."""
    h = state.current_hex
    city = h >= 0 and BOARD.hex_kind[h] == KIND_CITY
    building = (
        tr.building(BUILDINGS[BOARD.hex_building[h]]) if city else hex_name(BOARD.hex_ids[h], tr) if h >= 0 else "?"
    )
    mine = BOARD.spot_ids[state.queue[0]] if state.queue else "?"
    placed = BOARD.spot_ids[state.placed] if state.placed >= 0 else "?"
    fields = {"building": building, "mine": mine, "placed": placed, "who": tr.seat(state.turn_seat)}
    if state.turn_seat == seat and mine == placed:
        return tr("your new house on {placed} activates the {building}", **fields)
    if state.turn_seat == seat:
        return tr("your new house on {placed} woke the {building}, which activates your house on {mine}", **fields)
    return tr("{who} placed a house on {placed} next to the {building}, which activates your house on {mine}", **fields)


def why_now(state: GameState, seat: int, tr: Translator = ENGLISH) -> str:
    """Why `seat` decides now (empty when it does not): the rule that asks and what set it off."""
    if state.seat != seat:
        return ""
    phase = state.phase
    if phase == Phase.SETUP_BONUS:
        return tr("Setup: keep one of the three bonus cards dealt to you (SETUP-6).")
    if phase == Phase.PLACE:
        return tr(
            "Turn {turn} of the game: place one of your houses on a free spot (TURN-1).", turn=state.placements + 1
        )
    if phase == Phase.ORDER:
        placed = BOARD.spot_ids[state.placed] if state.placed >= 0 else "?"
        return tr("Your new house on {spot} touches several hexes: choose which activates next (ACT-5).", spot=placed)
    if phase == Phase.END_TRADE:
        return tr("The game is ending: a last fish trade before the bonus cards score (END-2).")
    reason = _activating(state, seat, tr)
    if phase == Phase.TRADE_WINDOW:
        return tr("Before {reason}, you may trade fish (FISH-2).", reason=reason)
    return tr("{Reason} ({rule}).", Reason=reason[:1].upper() + reason[1:], rule=phase.rule)
