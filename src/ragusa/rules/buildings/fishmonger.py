"""Fishmonger (FISHMONGER-1)."""

from __future__ import annotations

from typing import Final

from ragusa.core.board import RES_INDEX
from ragusa.core.clauses import implements
from ragusa.core.events import VPScored
from ragusa.core.scratch import Scratch
from ragusa.core.state import VP_FISHMONGER

FISH: Final = RES_INDEX["fish"]
#: FISHMONGER-1: fish per VP
FISH_PER_VP: Final = 2


@implements("FISHMONGER-1")
def effect(w: Scratch, seat: int) -> None:
    """The owner scores 1 VP per 2 fish they have, rounded down."""
    p = w.p(seat)
    fish = p.res[FISH]
    vp = fish // FISH_PER_VP
    p.vp[VP_FISHMONGER] += vp
    w.emit(_fish_scored, seat, fish, vp)


def _fish_scored(seat: int, fish: int, vp: int) -> VPScored:
    """The VP the Fishmonger scores, worded (built only when events are recorded)."""
    return VPScored(seat, "fishmonger", vp, f"{fish} fish at the Fishmonger")
