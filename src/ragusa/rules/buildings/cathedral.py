"""Cathedral (CATHEDRAL-1; its scoring is END-CATH-1 in `ragusa.rules.scoring`)."""

from __future__ import annotations

from ragusa.core.clauses import implements
from ragusa.core.scratch import Scratch


@implements("CATHEDRAL-1")
def effect(w: Scratch, seat: int) -> None:
    """No effect during play: a Cathedral house only scores at the end."""
