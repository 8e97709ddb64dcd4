"""Seats, component-derived constants and the shared helpers of the solo game's bots (the tie-break
`best`, what the Cathedral exception reads), the phases a bot decides in (`BOT_PHASES`), and
`BotMove`, a bot's decision as `ragusa.rules.resolution.decide` reports it. It sits below the rules
whose records say how a bot takes their decisions (the buildings, the turn flow, the activation)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

import attrs

from ragusa.core.actions import (
    Action,
)
from ragusa.core.board import BOARD, BUILDING_INDEX
from ragusa.core.components import COMMODITIES, COMPONENTS
from ragusa.core.position import Position
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    PHASE_ARCHITECT,
    PHASE_MARKET,
    PHASE_MASON,
    PHASE_ORDER,
    PHASE_PLACE,
    PHASE_RECTOR_DRAW,
    PHASE_WHARF,
    Phase,
    SoloState,
)
from ragusa.core.state_tuples import solo_state_of
from ragusa.rules import scoring

#: the human's seat
HUMAN: Final = 0
#: bot A's and bot B's seats; bot A plays first (SOLO-3, ED-3, R-12)
BOT_A: Final = 1
BOT_B: Final = 2
BOT_SEATS: Final[tuple[int, int]] = (BOT_A, BOT_B)
#: SOLO-3: rounds in a solo game
ROUNDS: Final = 9
#: SOLO-1: houses of each colour standing on the board before play
OPENING_HOUSES: Final = 3
#: SOLO-2: Patrician cards drawn, and dealt to each bot
PATRICIAN_DRAWN: Final = 6
PATRICIAN_PER_BOT: Final = 3
#: SOLO-1: what each colour's opening houses give, as the rulebooks state it (checked against the data)
OPENING_RESOURCES: Final[dict[str, dict[str, int]]] = {
    "bot_a": {"wood": 3, "stone": 3, "silver_ore": 1, "grapes": 1, "olives": 1},
    "bot_b": {"wood": 3, "stone": 3, "silver_ore": 1, "grapes": 1, "olives": 1},
    "player": {"wood": 2, "stone": 3, "silver_ore": 2, "grapes": 1, "olives": 1},
}
#: colour key in `solo_setup` -> seat
COLOUR_SEAT: Final[dict[str, int]] = {"player": HUMAN, "bot_a": BOT_A, "bot_b": BOT_B}

#: Patrician card id -> its three spots (indices), lowest number first as the card lists them (R-19)
PATRICIAN: Final[dict[str, tuple[int, ...]]] = {
    c.id: tuple(BOARD.spot_index[s] for s in c.spots) for c in COMPONENTS.patrician_cards
}
#: R-15: after the country and sea hexes, a bot's new house activates its city hexes in this order
BOT_CITY_ORDER: Final[tuple[str, ...]] = (
    "winery",
    "oil-press",
    "silversmith",
    "fishmonger",
    "architect",
    "mason",
    "market",
    "wharf",
    "rectors-palace",
    "cathedral",
)
#: the phases a bot decides in, each by its rule: its placement (SOLO-4), the order of its new house's
#: hexes (R-15), the Mason, Architect, Market, Wharf and Rector's Palace (SOLO-5, taking both cards:
#: no keep). Never a trade window (R-16), the end's trades (its own, SOLO-7) or the setup's bonus card.
#: Each of these decisions' records says how a bot takes it (`ragusa.rules.decision.Decision.bot`)
BOT_PHASES: Final[frozenset[Phase]] = frozenset(
    {PHASE_PLACE, PHASE_ORDER, PHASE_MASON, PHASE_ARCHITECT, PHASE_MARKET, PHASE_WHARF, PHASE_RECTOR_DRAW}
)
CITY_RANK: Final[dict[int, int]] = {BUILDING_INDEX[b]: i for i, b in enumerate(BOT_CITY_ORDER)}
RING_POS: Final[dict[int, int]] = {s: j for j, s in enumerate(BOARD.ring_spots)}
START_SPOT: Final = BOARD.spot_ids[BOARD.ring_spots[0]]


class BotMove(NamedTuple):
    """A bot's decision: the action it takes, as text, why, and the generator and solo state after it."""

    seat: int
    action: Action
    decision: str
    reason: str
    rng: int
    solo: SoloState


def best(cands: list[int], scores: list[int]) -> list[int]:
    """The candidates with the highest score (`scores` parallel to `cands`), in their order: what is
    left after one tie-break of the bots' rules (SOLO-5, R-17, R-18)."""
    top = scores[0]
    for v in scores:
        if v > top:
            top = v
    return [c for c, v in zip(cands, scores) if v == top]


def commodities_of(state: Position, seat: int) -> Sequence[int]:
    """`seat`'s commodities; on the scratch copy without freezing every changed player (`Scratch.players`)."""
    if isinstance(state, Scratch):
        return state.commodities(seat)
    return state.players[seat].commodities


def cathedral_note(state: Position, seat: int, com: Sequence[int], broken: str) -> str:
    """The Cathedral exception (R-17) worded for a bot's reason at the Market or the Wharf, when it
    ruled out what `broken` says ("" when it ruled out nothing)."""
    if not broken:
        return ""
    sets = scoring.cathedral_sets(state.houses, seat, com)
    return (
        f"Cathedral exception: it holds {', '.join(f'{com[c]} {COMMODITIES[c]}' for c in range(len(COMMODITIES)))} "
        f"and its Cathedral houses score {sets} set{'s' if sets > 1 else ''}{broken} would break one; "
    )


# --------------------------------------------------------------------------- setup


#: `SoloState`'s fields, which `solo_with` names one by one (checked here, at import)
_SOLO_FIELDS: Final = ("bot_cards", "bot_seats", "bot_pairs", "round")
assert tuple(a.name for a in attrs.fields(SoloState)) == _SOLO_FIELDS, "solo_with must name every SoloState field"
# the interpreted constructor, bound to a Final name: the compiled build keeps a Final name in a C static,
# and looks a name imported from an interpreted module up in the module's globals at every use
_SOLO_OF: Final = solo_state_of


def solo_with(
    solo: SoloState,
    *,
    bot_cards: tuple[tuple[str, ...], ...] | None = None,
    bot_pairs: tuple[tuple[tuple[str, ...], ...], ...] | None = None,
    round: int | None = None,
) -> SoloState:
    """`attrs.evolve(solo, ...)` for the fields given, built in a shell (`ragusa.core.state_tuples`):
    without evolve's per-call introspection or the frozen `__init__` (the bots change their solo state
    at almost every decision)."""
    return _SOLO_OF(
        (
            solo.bot_cards if bot_cards is None else bot_cards,
            solo.bot_seats,
            solo.bot_pairs if bot_pairs is None else bot_pairs,
            solo.round if round is None else round,
        )
    )


def solo_of(state: Position) -> SoloState:
    if state.solo is None:
        raise ValueError("not a solo game")
    return state.solo


def is_bot(state: Position, seat: int | None) -> bool:
    """Whether `seat` is one of the Patrician's bots (never in multiplayer games)."""
    return state.solo is not None and seat is not None and seat in state.solo.bot_seats
