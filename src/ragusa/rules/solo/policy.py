"""The bots' decisions (SOLO-4, SOLO-5, R-15 to R-17, R-19) and `decide`, the dispatch per phase."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from ragusa.core.actions import (
    ActivateHex,
    BuyShip,
    DrawBonus,
    Pass,
    Place,
    SellCommodity,
)
from ragusa.core.board import BOARD, KIND_CITY
from ragusa.core.clauses import implements
from ragusa.core.components import COMMODITIES
from ragusa.core.position import Position
from ragusa.core.state import (
    EMPTY,
    RESERVED,
    Phase,
    SoloState,
)
from ragusa.core.work import Work
from ragusa.rules import draw, scoring
from ragusa.rules.buildings import market
from ragusa.rules.solo.common import (
    BOT_CITY_ORDER,
    CITY_RANK,
    PATRICIAN,
    TRACK,
    BotMove,
    is_bot,
    solo_of,
    solo_with,
)
from ragusa.rules.solo.walls import choose_tower, choose_wall

# --------------------------------------------------------------------------- SOLO-4: placement


def _ids(spots: Sequence[int]) -> str:
    return ", ".join(BOARD.spot_ids[s] for s in spots)


@implements("SOLO-4", "R-19")
def choose_placement(state: Position, seat: int, explain: bool = True) -> BotMove:
    """SOLO-4: draw one of the bot's cards at random; place on its lowest-numbered spot still free
    (a black house there is replaced); a card whose three spots are all taken is discarded and
    another drawn. No requirement is checked. With no card left (impossible with the standard
    cards, since only the bot itself can take its reserved spots) the bot passes (R-19, R-14). Without `explain` the move's decision and reason are
    empty (the same choice, for callers that record no events)."""
    notes: list[str] | None = [] if explain else None
    s, card, n, r, solo = _draw_placement(state, seat, notes)
    if s >= 0:
        if not explain:
            return BotMove(seat, _PLACE[s], "", "", r, solo)
        assert notes is not None
        spots = PATRICIAN[card]
        free = [x for x in spots if state.houses[x] == EMPTY or state.houses[x] == RESERVED]
        reason = _placement_reason(state, card, n, spots, free, notes)
        return BotMove(seat, _PLACE[s], f"place {BOARD.spot_ids[s]}", reason, r, solo)
    reason = "; ".join(
        (notes or []) + ["SOLO-4: no Patrician card with a free spot is left, so the bot passes (R-19, R-14)"]
    )
    return BotMove(seat, _PASS, "pass" if explain else "", reason if explain else "", r, solo)


def placement_choice(state: Position, seat: int) -> tuple[int, int, SoloState]:
    """`choose_placement` unexplained, as indices (for the engine's quiet bot turns): the spot (-1:
    the bot passes), the generator state and the solo state after the draw."""
    s, _, _, r, solo = _draw_placement(state, seat, None)
    return s, r, solo


def _draw_placement(state: Position, seat: int, notes: list[str] | None) -> tuple[int, str, int, int, SoloState]:
    """`choose_placement`'s draw: the spot (-1: no card left), the card drawn, how many cards it was
    drawn from, the next generator state, and the solo state (its cards less the discarded ones; the
    same object when none was). The discarded cards are described in `notes`, if given."""
    solo = solo_of(state)
    k = solo.bot_seats.index(seat)
    held = solo.bot_cards[k]
    cards = list(held)
    r = state.rng
    houses = state.houses
    while cards:
        n = len(cards)
        i, r = draw.bot_pick(state, r, seat, cards)
        card = cards[i]
        spots = PATRICIAN[card]
        for s in spots:
            if houses[s] == EMPTY or houses[s] == RESERVED:  # the lowest-numbered free spot
                return s, card, n, r, (solo if n == len(held) else _with_cards(solo, k, tuple(cards)))
        if notes is not None:
            notes.append(f"drew {card} ({_ids(spots)}): all three spots taken, discarded")
        del cards[i]
    return -1, "", 0, r, _with_cards(solo, k, ())


def _placement_reason(
    state: Position, card: str, n: int, spots: Sequence[int], free: Sequence[int], notes: list[str]
) -> str:
    s = free[0]
    taken = [x for x in spots if x not in free]
    reason = (
        f"SOLO-4: drew {card} at random from its {n} card{'s' if n > 1 else ''}; of its spots {_ids(spots)}"
        + (f" ({_ids(taken)} taken)" if taken else "")
        + f", {BOARD.spot_ids[s]} is the lowest-numbered still free"
        + ("; it replaces the black house" if state.houses[s] == RESERVED else "")
    )
    if notes:
        reason = "; ".join(notes) + "; then " + reason
    return reason


def _with_cards(solo: SoloState, k: int, cards: tuple[str, ...]) -> SoloState:
    held = solo.bot_cards
    return solo_with(solo, bot_cards=held[:k] + (cards,) + held[k + 1 :])


# --------------------------------------------------------------------------- order, trade windows


def _hex_rank(h: int) -> int:
    if BOARD.hex_kind[h] != KIND_CITY:
        return -1
    return CITY_RANK[BOARD.hex_building[h]]


_HEX_RANK: Final = tuple(_hex_rank(h) for h in range(len(BOARD.hex_ids)))
_ACTIVATE: Final = tuple(ActivateHex(x) for x in BOARD.hex_ids)
_PLACE: Final = tuple(Place(x) for x in BOARD.spot_ids)
_PASS: Final = Pass()
_DRAW: Final = DrawBonus()


@implements("R-15", "ACT-5")
def choose_hex(state: Position, seat: int, explain: bool = True) -> BotMove:
    """R-15: a bot activates its new house's country and sea hexes first, then its city hexes in
    the order of `BOT_CITY_ORDER` (producers before what reads commodities, the Architect's
    tower before the Mason's wall, buying before selling)."""
    pending = state.pending_hexes
    h = hex_choice(state)
    if not explain:
        return BotMove(seat, _ACTIVATE[h], "", "", state.rng, solo_of(state))
    hid = BOARD.hex_ids[h]
    order = ", ".join(b for b in BOT_CITY_ORDER)
    reason = (
        f"R-15: a bot activates country and sea hexes first, then city hexes in the order {order}; "
        f"of {', '.join(BOARD.hex_ids[x] for x in pending)}, {hid} comes first"
    )
    return BotMove(seat, ActivateHex(hid), f"activate {hid}", reason, state.rng, solo_of(state))


def hex_choice(state: Position) -> int:
    """`choose_hex`'s hex: the first of the lowest rank (ties keep the listed order)."""
    return min(state.pending_hexes, key=_HEX_RANK.__getitem__)


@implements("R-16", "FISH-2")
def choose_window(state: Position, seat: int, explain: bool = True) -> BotMove:
    """R-16: a bot never trades fish during play (only at the end, SOLO-7), so it passes a trade window."""
    if not explain:
        return BotMove(seat, _PASS, "", "", state.rng, solo_of(state))
    reason = "R-16: a bot trades fish only at the end of the game (SOLO-7), never during play"
    return BotMove(seat, _PASS, "no trade", reason, state.rng, solo_of(state))


# --------------------------------------------------------------------------- SOLO-5: Rector


@implements("SOLO-5", "R-4")
def choose_rector(state: Position, seat: int, explain: bool = True) -> BotMove:
    """SOLO-5: a bot takes both cards face down and scores both (easier variant: kept as a pair,
    only the better card of the pair scores). With one card left in the deck it takes that (R-4)."""
    if not explain:
        return BotMove(seat, _DRAW, "", "", state.rng, solo_of(state))
    n = min(2, len(state.bonus_deck))
    if state.options.solo_easier_rector:
        why = "easier variant: it keeps them as a pair and only the better of the two scores at the end"
    else:
        why = "it scores both at the end"
    reason = f"SOLO-5 Rector's Palace: a bot takes the top {n} card{'s' if n > 1 else ''} face down; {why}"
    return BotMove(seat, _DRAW, f"take {n} bonus card{'s' if n > 1 else ''}", reason, state.rng, solo_of(state))


# --------------------------------------------------------------------------- SOLO-5: Wharf and Market


def _com_text(com: Sequence[int]) -> str:
    return ", ".join(f"{com[c]} {COMMODITIES[c]}" for c in range(len(COMMODITIES)))


def _commodities(state: Position, seat: int) -> Sequence[int]:
    """`seat`'s commodities; on the scratch copy without freezing every changed player (`Work.players`)."""
    if isinstance(state, Work):
        return state.commodities(seat)
    return state.players[seat].commodities


@implements("SOLO-5", "R-17")
def choose_sale(state: Position, seat: int, explain: bool = True) -> BotMove:
    """SOLO-5 Wharf: sell the commodity with the highest market value; tie: the one held most of;
    still tied: silver, wine, oil in that order (R-17). Cathedral exception: with houses on the
    Cathedral and complete sets, only a commodity whose sale keeps every set the Cathedral would score
    now; when every sale would break one, the bot does not sell (R-17)."""
    c, why = _sale(state, seat, explain)
    if not explain:
        return BotMove(seat, _PASS if c < 0 else _SELL[c], "", "", state.rng, solo_of(state))
    if c < 0:
        return BotMove(seat, _PASS, "no sale", f"SOLO-5 Wharf: {why}", state.rng, solo_of(state))
    return BotMove(seat, _SELL[c], f"sell {COMMODITIES[c]}", f"SOLO-5 Wharf: {why}", state.rng, solo_of(state))


def sale_choice(state: Position, seat: int) -> int:
    """`choose_sale`'s commodity, unexplained (-1: no sale), for the engine's quiet bot turns."""
    return _sale(state, seat, False)[0]


def _sale(state: Position, seat: int, explain: bool) -> tuple[int, str]:
    """`choose_sale`'s commodity (-1: no sale) and, with `explain`, why."""
    com = _commodities(state, seat)
    held = [c for c in range(len(COMMODITIES)) if com[c] > 0]
    sets = scoring.cathedral_sets(state.houses, seat, com)
    notes = ""
    if sets:
        allowed = [c for c in held if com[c] > sets]
        kept = [COMMODITIES[c] for c in held if c not in allowed]
        if explain and kept:
            notes = (
                f"Cathedral exception: it holds {_com_text(com)} and its Cathedral houses score {sets} set"
                f"{'s' if sets > 1 else ''}, so selling {' or '.join(kept)} would break one; "
            )
        held = allowed
    if not held:
        return -1, (f"{notes}no sale leaves its sets whole, so it does not sell (R-17)" if explain else "")
    value = {c: TRACK[state.market[c]] for c in held}
    top = max(value.values())
    tied = [c for c in held if value[c] == top]
    if len(tied) == 1:
        c = tied[0]
        why = f"{COMMODITIES[c]} has the highest market value, {top}" if explain else ""
    else:
        most = max(com[c] for c in tied)
        tied2 = [c for c in tied if com[c] == most]
        c = tied2[0]
        why = _sale_tie_text(tied, tied2, top, most) if explain else ""
    return c, notes + why


_SELL: Final = tuple(SellCommodity(c) for c in COMMODITIES)


def _sale_tie_text(tied: Sequence[int], tied2: Sequence[int], top: int, most: int) -> str:
    names = " and ".join(COMMODITIES[x] for x in tied)
    c = tied2[0]
    if len(tied2) == 1:
        return f"{names} tie at market value {top}; it holds most {COMMODITIES[c]} ({most})"
    return (
        f"{names} tie at market value {top}; {' and '.join(COMMODITIES[x] for x in tied2)} tie at "
        f"{most} held; {COMMODITIES[c]} comes first in the order silver, wine, oil (R-17)"
    )


@implements("SOLO-5", "R-17")
def choose_ship(state: Position, seat: int, explain: bool = True) -> BotMove:
    """SOLO-5 Market: buy the ship with the most stars it can pay for; tie: the one whose cost uses
    the commodity it holds most of (the largest holding among the commodities its cost names, R-17);
    tie: the leftmost. Cathedral exception as for the Wharf: no purchase that lowers the sets the
    Cathedral would score now; if every affordable ship would, the bot does not buy (R-17)."""
    i, why = _ship(state, seat, explain)
    if not explain:
        return BotMove(seat, _PASS if i < 0 else market.BUY_ACTIONS[i], "", "", state.rng, solo_of(state))
    if i < 0:
        return BotMove(seat, _PASS, "no purchase", f"SOLO-5 Market: {why}", state.rng, solo_of(state))
    ship = state.slots[i]
    reason = f"SOLO-5 Market: {why}"
    return BotMove(seat, BuyShip(i), f"buy slot {i} ({ship})", reason, state.rng, solo_of(state))


def ship_choice(state: Position, seat: int) -> int:
    """`choose_ship`'s slot, unexplained (-1: no purchase), for the engine's quiet bot turns."""
    return _ship(state, seat, False)[0]


def _ship(state: Position, seat: int, explain: bool) -> tuple[int, str]:
    """`choose_ship`'s slot (-1: no purchase) and, with `explain`, why."""
    com = _commodities(state, seat)
    slots = market.affordable_slots(state.slots, com)
    sets = scoring.cathedral_sets(state.houses, seat, com)
    notes = ""
    if sets:
        allowed = []
        for i in slots:
            ship = state.slots[i]
            assert ship is not None
            cost = market.COSTS[i, ship]
            after = [com[c] - cost[c] for c in range(len(COMMODITIES))]
            if scoring.cathedral_sets(state.houses, seat, after) >= sets:
                allowed.append(i)
        broken = [i for i in slots if i not in allowed]
        if broken and explain:
            notes = (
                f"Cathedral exception: it holds {_com_text(com)} and its Cathedral houses score {sets} set"
                f"{'s' if sets > 1 else ''}; buying slot {', '.join(str(i) for i in broken)} would break one; "
            )
        slots = allowed
    if not slots:
        return -1, (f"{notes}no purchase leaves its sets whole, so it does not buy (R-17)" if explain else "")
    offered = state.slots
    stars = [_STARS[ship] if (ship := offered[i]) is not None else 0 for i in slots]  # affordable: never None
    top = max(stars)
    tied = [i for i, n in zip(slots, stars) if n == top]
    if len(tied) == 1:
        i = tied[0]
        why = f"slot {i} has the most stars it can pay for ({top})" if explain else ""
    else:
        use = [_held_most(offered, com, x) for x in tied]
        most = max(use)
        tied2 = [x for x, u in zip(tied, use) if u == most]
        i = tied2[0]
        why = _ship_tie_text(tied, tied2, top, most) if explain else ""
    return i, notes + why


#: ship id -> its stars
_STARS: Final = {ship_id: ship.stars for ship_id, ship in market.SHIPS.items()}


def _held_most(offered: tuple[str | None, ...], com: Sequence[int], i: int) -> int:
    """R-17's first tie-break for the ship in slot `i`: the largest holding among the commodities its cost names."""
    ship = offered[i]
    assert ship is not None
    cost = market.COSTS[i, ship]
    return max([com[c] for c in range(len(COMMODITIES)) if cost[c]])


def _ship_tie_text(tied: Sequence[int], tied2: Sequence[int], top: int, most: int) -> str:
    i = tied2[0]
    listed = ", ".join(str(x) for x in tied)
    if len(tied2) == 1:
        return f"slots {listed} tie at {top} stars; slot {i}'s cost uses the commodity it holds most of ({most})"
    return (
        f"slots {listed} tie at {top} stars and slots {', '.join(str(x) for x in tied2)} on the commodity "
        f"held most ({most}); slot {i} is the leftmost"
    )


# --------------------------------------------------------------------------- dispatch


@implements("SOLO-4", "SOLO-5", "R-15", "R-16")
def decide(state: Position, explain: bool = True) -> BotMove:
    """The decision of the bot that is the deciding seat of `state`. Without `explain` (the engine's
    `apply`, which records no events) the same decision with an empty decision text and reason."""
    seat = state.seat
    if seat is None or not is_bot(state, seat):
        raise ValueError("the deciding seat is not a bot")
    choose = _DECIDERS.get(state.phase)
    if choose is None:
        raise ValueError(f"a bot has no decision in phase {state.phase!r}")
    return choose(state, seat, explain)


#: how a bot decides, per phase
_DECIDERS: Final[dict[Phase, Callable[[Position, int, bool], BotMove]]] = {
    Phase.PLACE: choose_placement,
    Phase.ORDER: choose_hex,
    Phase.TRADE_WINDOW: choose_window,
    Phase.MASON: choose_wall,
    Phase.ARCHITECT: choose_tower,
    Phase.MARKET: choose_ship,
    Phase.WHARF: choose_sale,
    Phase.RECTOR_DRAW: choose_rector,
}
