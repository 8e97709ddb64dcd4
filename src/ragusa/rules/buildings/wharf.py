"""Wharf (WHARF-1, R-8), and how a solo bot takes its decision (SOLO-5, R-17)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ragusa.core.actions import Action, Pass, SellCommodity
from ragusa.core.board import COM_INDEX
from ragusa.core.clauses import implements
from ragusa.core.components import COMMODITIES, COMPONENTS
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import CommoditySold, VPScored
from ragusa.core.position import Position
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    PHASE_WHARF,
    VP_WHARF,
    GameState,
)
from ragusa.rules import scoring
from ragusa.rules.decision import BotTurn, Resolve, building_decision, nothing
from ragusa.rules.moves import PASS, Moves, offer
from ragusa.rules.solo.patrician import best, cathedral_note, commodities_of

SELL_ACTIONS: Final[tuple[SellCommodity, ...]] = tuple(SellCommodity(c) for c in COMMODITIES)
TRACK: Final = COMPONENTS.market.track


@implements("WHARF-1", "R-8")
def has_choice(w: Scratch, seat: int) -> bool:
    """Optional (R-8): the choice is offered when the owner holds a commodity to sell."""
    return any(w.commodities(seat))


@implements("WHARF-1", "RES-3")
def sell(w: Scratch, seat: int, a: SellCommodity) -> None:
    """Sell one unit of the commodity the action names at its market value; selling does not move
    the market."""
    commodity = a.commodity
    c = COM_INDEX.get(commodity)
    if c is None:
        raise IllegalActionError("WHARF-1", f"{commodity!r} is not a commodity (silver, wine, oil)")
    if w.commodities(seat)[c] < 1:
        raise IllegalActionError("WHARF-1", f"seat {seat} has no {commodity} to sell")
    sell_one(w, seat, c)


@implements("WHARF-1", "RES-3")
def sell_one(w: Scratch, seat: int, c: int) -> None:
    """Sell one unit of commodity `c`, which `seat` holds (`sell` once the commodity is known)."""
    p = w.p(seat)
    vp = TRACK[w.market[c]]
    p.com[c] -= 1
    p.vp[VP_WHARF] += vp
    commodity = COMMODITIES[c]
    w.emit(CommoditySold, seat, commodity, vp)
    w.emit(_sale_scored, seat, commodity, vp)


def _sale_scored(seat: int, commodity: str, vp: int) -> VPScored:
    """The VP a sale scores, worded (built only when events are recorded)."""
    return VPScored(seat, "wharf", vp, f"1 {commodity} sold at market value {vp}")


def offers(state: GameState, seat: int) -> Moves:
    """One unit of a commodity the seat holds, or Pass."""
    com = state.players[seat].commodities
    return offer(state, seat, [*(SELL_ACTIONS[c] for c in range(len(COMMODITIES)) if com[c]), PASS])


# --------------------------------------------------------------------------- a solo bot's sale (SOLO-5)

_N_COMS: Final = len(COMMODITIES)
_COMS: Final = range(_N_COMS)


def _sellable(state: Position, seat: int) -> tuple[Sequence[int], list[int]]:
    """The bot's commodities, and those it holds whose sale keeps every set its Cathedral houses
    would score now (R-17; all it holds when they score none)."""
    com = commodities_of(state, seat)
    sets = scoring.cathedral_sets(state.houses, seat, com)
    return com, [c for c in range(_N_COMS) if com[c] > sets]


def _sale_ties(state: Position, com: Sequence[int], cands: list[int]) -> tuple[list[int], list[int]]:
    """Of the commodities `cands`: those with the highest market value, and of those, the ones held
    most of (silver, wine, oil: their order, R-17)."""
    market = state.market
    tied = best(cands, [TRACK[market[c]] for c in cands])
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
    notes = cathedral_note(state, seat, com, f", so selling {' or '.join(kept)}" if kept else "")
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


def _sale_action(c: int) -> Action:
    return PASS if c < 0 else SELL_ACTIONS[c]


#: the Wharf's decision: the owner may sell one commodity (optional, R-8); a solo bot sells by SOLO-5
DECISION: Final = building_decision(
    "wharf",
    PHASE_WHARF,
    ("WHARF-1", "R-8", "SOLO-5", "R-17"),
    offers,
    has_choice,
    Resolve(SellCommodity, sell),
    Resolve(Pass, nothing),
    bot=BotTurn(choose_sale, explain_sale, _sale_action),
)
