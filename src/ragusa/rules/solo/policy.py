"""The bots' decisions (SOLO-4, SOLO-5, R-15 to R-17, R-19): each a pure choice of a position
(`choose_*`), and its explanation (`explain_*`: the decision and the reason as text, the rule and
the tie-break that decided, with the numbers, so that a player can check it by hand)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ragusa.core.board import BOARD, KIND_CITY
from ragusa.core.clauses import implements
from ragusa.core.components import COMMODITIES
from ragusa.core.position import Position
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    EMPTY,
    RESERVED,
    SoloState,
)
from ragusa.rules import scoring
from ragusa.rules.buildings import market
from ragusa.rules.chance import bot_pick
from ragusa.rules.solo.patrician import (
    BOT_CITY_ORDER,
    CITY_RANK,
    PATRICIAN,
    TRACK,
    best,
    solo_of,
    solo_with,
)

# --------------------------------------------------------------------------- SOLO-4: placement

#: a bot's placement: the spot (-1: no card with a free spot is left, the bot passes), the cards
#: drawn in order (the last is the one it places from, the others were discarded), and the
#: generator and the solo state after the draws
Placement = tuple[int, tuple[str, ...], int, SoloState]


def _ids(spots: Sequence[int]) -> str:
    return ", ".join(BOARD.spot_ids[s] for s in spots)


def _lowest_free(houses: tuple[int, ...], spots: tuple[int, ...]) -> int:
    """The first of `spots` still free (-1: none is), where no colour's house stands (a black house
    is replaced)."""
    for s in spots:
        if houses[s] == EMPTY or houses[s] == RESERVED:
            return s
    return -1


@implements("SOLO-4", "R-19")
def choose_placement(state: Position, seat: int) -> Placement:
    """SOLO-4: draw one of the bot's cards at random; place on its lowest-numbered spot still free
    (a black house there is replaced); a card whose three spots are all taken is discarded and
    another drawn. No requirement is checked. With no card left (impossible with the standard
    cards, since only the bot itself can take its reserved spots) the bot passes (R-19, R-14)."""
    solo = solo_of(state)
    k = solo.bot_seats.index(seat)
    cards = list(solo.bot_cards[k])
    r = state.rng
    houses = state.houses
    drawn: tuple[str, ...] = ()
    while cards:
        i, r = bot_pick(state, r, seat, cards)
        card = cards[i]
        drawn += (card,)
        s = _lowest_free(houses, PATRICIAN[card])  # the card lists its spots lowest number first
        if s >= 0:
            return s, drawn, r, (solo if len(drawn) == 1 else _with_cards(solo, k, tuple(cards)))
        del cards[i]
    return -1, drawn, r, _with_cards(solo, k, ())


def explain_placement(state: Position, seat: int, choice: Placement) -> tuple[str, str]:
    """`choose_placement`'s decision and reason: the cards drawn, the discarded ones first."""
    s, drawn, _, _ = choice
    discarded = drawn if s < 0 else drawn[:-1]
    notes = [f"drew {card} ({_ids(PATRICIAN[card])}): all three spots taken, discarded" for card in discarded]
    if s < 0:
        return "pass", "; ".join(
            notes + ["SOLO-4: no Patrician card with a free spot is left, so the bot passes (R-19, R-14)"]
        )
    solo = solo_of(state)
    card = drawn[-1]
    n = len(solo.bot_cards[solo.bot_seats.index(seat)]) - len(discarded)  # the cards it drew this one from
    spots = PATRICIAN[card]
    taken = [x for x in spots if _lowest_free(state.houses, (x,)) < 0]
    reason = (
        f"SOLO-4: drew {card} at random from its {n} card{'s' if n > 1 else ''}; of its spots {_ids(spots)}"
        + (f" ({_ids(taken)} taken)" if taken else "")
        + f", {BOARD.spot_ids[s]} is the lowest-numbered still free"
        + ("; it replaces the black house" if state.houses[s] == RESERVED else "")
    )
    if notes:
        reason = "; ".join(notes) + "; then " + reason
    return f"place {BOARD.spot_ids[s]}", reason


def _with_cards(solo: SoloState, k: int, cards: tuple[str, ...]) -> SoloState:
    held = solo.bot_cards
    return solo_with(solo, bot_cards=held[:k] + (cards,) + held[k + 1 :])


# --------------------------------------------------------------------------- order, trade windows


def _hex_rank(h: int) -> int:
    if BOARD.hex_kind[h] != KIND_CITY:
        return -1
    return CITY_RANK[BOARD.hex_building[h]]


_HEX_RANK: Final = tuple(_hex_rank(h) for h in range(len(BOARD.hex_ids)))


@implements("R-15", "ACT-5")
def choose_hex(state: Position, seat: int) -> int:
    """R-15: a bot activates its new house's country and sea hexes first, then its city hexes in
    the order of `BOT_CITY_ORDER` (producers before what reads commodities, the Architect's
    tower before the Mason's wall, buying before selling); ties keep the listed order."""
    return min(state.pending_hexes, key=_HEX_RANK.__getitem__)


def explain_hex(state: Position, seat: int, h: int) -> tuple[str, str]:
    """`choose_hex`'s decision and reason."""
    hid = BOARD.hex_ids[h]
    order = ", ".join(BOT_CITY_ORDER)
    reason = (
        f"R-15: a bot activates country and sea hexes first, then city hexes in the order {order}; "
        f"of {', '.join(BOARD.hex_ids[x] for x in state.pending_hexes)}, {hid} comes first"
    )
    return f"activate {hid}", reason


def no_choice(state: Position, seat: int) -> None:
    """The choice at a decision with nothing to choose: a bot's trade window, which it passes (R-16),
    and the Rector's Palace, where it takes both cards (SOLO-5); `ragusa.rules.solo.bot_turns` carries them out."""
    return None


def explain_window(state: Position, seat: int, choice: None) -> tuple[str, str]:
    """A bot's trade window, worded: it passes (R-16)."""
    return "no trade", "R-16: a bot trades fish only at the end of the game (SOLO-7), never during play"


# --------------------------------------------------------------------------- SOLO-5: Rector


def explain_rector(state: Position, seat: int, choice: None) -> tuple[str, str]:
    """A bot at the Rector's Palace, worded: it takes both cards (SOLO-5), or the last one (R-4)."""
    n = min(2, len(state.bonus_deck))
    if state.options.solo_easier_rector:
        why = "easier variant: it keeps them as a pair and only the better of the two scores at the end"
    else:
        why = "it scores both at the end"
    reason = f"SOLO-5 Rector's Palace: a bot takes the top {n} card{'s' if n > 1 else ''} face down; {why}"
    return f"take {n} bonus card{'s' if n > 1 else ''}", reason


# --------------------------------------------------------------------------- SOLO-5: Wharf and Market

_COMS: Final = range(len(COMMODITIES))


def _commodities(state: Position, seat: int) -> Sequence[int]:
    """`seat`'s commodities; on the scratch copy without freezing every changed player (`Scratch.players`)."""
    if isinstance(state, Scratch):
        return state.commodities(seat)
    return state.players[seat].commodities


def _cathedral_note(state: Position, seat: int, com: Sequence[int], broken: str) -> str:
    """The Cathedral exception (R-17) worded for a reason, when it ruled out what `broken` says ("" when
    it ruled out nothing)."""
    if not broken:
        return ""
    sets = scoring.cathedral_sets(state.houses, seat, com)
    return (
        f"Cathedral exception: it holds {', '.join(f'{com[c]} {COMMODITIES[c]}' for c in _COMS)} and its "
        f"Cathedral houses score {sets} set{'s' if sets > 1 else ''}{broken} would break one; "
    )


def _sellable(state: Position, seat: int) -> tuple[Sequence[int], list[int]]:
    """The bot's commodities, and those it holds whose sale keeps every set its Cathedral houses
    would score now (R-17; all it holds when they score none)."""
    com = _commodities(state, seat)
    sets = scoring.cathedral_sets(state.houses, seat, com)
    return com, [c for c in _COMS if com[c] > sets]


def _sale_ties(state: Position, com: Sequence[int], cands: list[int]) -> tuple[list[int], list[int]]:
    """Of the commodities `cands`: those with the highest market value, and of those, the ones held
    most of (silver, wine, oil: their order, R-17)."""
    tied = best(cands, [TRACK[state.market[c]] for c in cands])
    if len(tied) == 1:
        return tied, tied
    return tied, best(tied, [com[c] for c in tied])


@implements("SOLO-5", "R-17")
def choose_sale(state: Position, seat: int) -> int:
    """SOLO-5 Wharf: sell the commodity with the highest market value; tie: the one held most of;
    still tied: silver, wine, oil in that order (R-17). Cathedral exception: with houses on the
    Cathedral and complete sets, only a commodity whose sale keeps every set the Cathedral would score
    now; when every sale would break one, the bot does not sell (-1, R-17)."""
    com, sellable = _sellable(state, seat)
    return _sale_ties(state, com, sellable)[1][0] if sellable else -1


def explain_sale(state: Position, seat: int, c: int) -> tuple[str, str]:
    """`choose_sale`'s decision and reason."""
    com, sellable = _sellable(state, seat)
    kept = [COMMODITIES[x] for x in _COMS if com[x] and x not in sellable]
    notes = _cathedral_note(state, seat, com, f", so selling {' or '.join(kept)}" if kept else "")
    if c < 0:
        return "no sale", f"SOLO-5 Wharf: {notes}no sale leaves its sets whole, so it does not sell (R-17)"
    tied, tied2 = _sale_ties(state, com, sellable)
    top = TRACK[state.market[c]]
    if len(tied) == 1:
        why = f"{COMMODITIES[c]} has the highest market value, {top}"
    else:
        names = " and ".join(COMMODITIES[x] for x in tied)
        if len(tied2) == 1:
            why = f"{names} tie at market value {top}; it holds most {COMMODITIES[c]} ({com[c]})"
        else:
            why = (
                f"{names} tie at market value {top}; {' and '.join(COMMODITIES[x] for x in tied2)} tie at "
                f"{com[c]} held; {COMMODITIES[c]} comes first in the order silver, wine, oil (R-17)"
            )
    return f"sell {COMMODITIES[c]}", f"SOLO-5 Wharf: {notes}{why}"


#: ship id -> its stars
_STARS: Final = {ship_id: ship.stars for ship_id, ship in market.SHIPS.items()}


def _buyable(state: Position, seat: int) -> tuple[Sequence[int], list[int]]:
    """The bot's commodities, and the slots whose ship it can pay for without lowering the sets its
    Cathedral houses would score now (R-17; every slot it can pay for when they score none)."""
    com = _commodities(state, seat)
    slots = market.affordable_slots(state.slots, com)
    sets = scoring.cathedral_sets(state.houses, seat, com)
    if not sets:
        return com, slots
    allowed = []
    for i in slots:
        ship = state.slots[i]
        assert ship is not None
        cost = market.COSTS[i, ship]
        after = [com[c] - cost[c] for c in _COMS]
        if scoring.cathedral_sets(state.houses, seat, after) >= sets:
            allowed.append(i)
    return com, allowed


def _held_most(offered: tuple[str | None, ...], com: Sequence[int], i: int) -> int:
    """R-17's first tie-break for the ship in slot `i`: the largest holding among the commodities its cost names."""
    ship = offered[i]
    assert ship is not None
    cost = market.COSTS[i, ship]
    return max([com[c] for c in _COMS if cost[c]])


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
    broken = [str(x) for x in market.affordable_slots(state.slots, com) if x not in slots]
    notes = _cathedral_note(state, seat, com, f"; buying slot {', '.join(broken)}" if broken else "")
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
