"""The bots' decisions outside the buildings (SOLO-4, R-15, R-16, R-19): their placement, the order of
their new house's hexes and their trade windows, each a pure choice of a position (`choose_*`) and its
explanation (`explain_*`: the decision and the reason as text, the rule and the tie-break that
decided, with the numbers, so that a player can check it by hand). The records that take them are
`ragusa.rules.turn_flow.PLACE_DECISION` and `ragusa.rules.activation.ORDER_DECISION`; a bot's choice
in a building's decision is written with the building (`ragusa.rules.buildings`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ragusa.core.board import BOARD, KIND_CITY
from ragusa.core.clauses import implements
from ragusa.core.position import Position
from ragusa.core.state import (
    EMPTY,
    RESERVED,
    SoloState,
)
from ragusa.rules.chance import bot_pick
from ragusa.rules.solo.patrician import (
    BOT_CITY_ORDER,
    CITY_RANK,
    PATRICIAN,
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
    hexes = state.pending_hexes
    first = hexes[0]
    for h in hexes:
        if _HEX_RANK[h] < _HEX_RANK[first]:
            first = h
    return first


def explain_hex(state: Position, seat: int, h: int) -> tuple[str, str]:
    """`choose_hex`'s decision and reason."""
    hid = BOARD.hex_ids[h]
    order = ", ".join(BOT_CITY_ORDER)
    reason = (
        f"R-15: a bot activates country and sea hexes first, then city hexes in the order {order}; "
        f"of {', '.join(BOARD.hex_ids[x] for x in state.pending_hexes)}, {hid} comes first"
    )
    return f"activate {hid}", reason


def explain_window(state: Position, seat: int, choice: None) -> tuple[str, str]:
    """A bot's trade window, worded: it passes (R-16)."""
    return "no trade", "R-16: a bot trades fish only at the end of the game (SOLO-7), never during play"
