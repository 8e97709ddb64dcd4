"""Legal moves (the Decisions section of the rules): every distinct legal action of the deciding seat,
worked out once per state (`legal_moves`) and read by all that asks: `legal_actions`, `apply`'s check
of a placement, the action ids and masks of `ragusa.ai`, the observation encoder.

What a decision offers is its record's (`ragusa.rules.decision.Decision.offers`, in the module of its
rule); `ragusa.rules.phases.OFFERS` holds them by the phase's ordinal."""

from __future__ import annotations

from typing import Final, cast

from ragusa.core.actions import Action, ChanceOutcome
from ragusa.core.state import PHASE_OVER, GameState
from ragusa.rules.moves import Moves
from ragusa.rules.phases import OFFERS

# a Final name: the compiled build keeps it in a C static (an imported name is looked up at every use)
_OVER: Final = PHASE_OVER


def legal_moves(state: GameState) -> Moves:
    """The legal moves of `state`'s deciding seat, worked out the first time they are asked and kept
    with the state (`ragusa.core.state.Derived`): listing, checking and encoding a decision read them."""
    known = getattr(state, "moves", None)
    if known is not None:
        return cast(Moves, known)
    moves = _moves(state)
    object.__setattr__(state, "moves", moves)  # derived, not part of the position: the state stays as it is
    return moves


def _moves(state: GameState) -> Moves:
    phase = state.phase
    seat = state.seat
    if seat is None or phase == _OVER:
        return Moves((), 0)
    if state.chance is not None and state.chance.node is not None:  # a chance node
        return Moves(tuple(ChanceOutcome(o) for o in state.chance.node.outcomes), 0)
    return OFFERS[phase.ordinal](state, seat)


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every distinct legal action of the deciding seat (empty when the game is over)."""
    return legal_moves(state).actions
