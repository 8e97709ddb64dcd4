"""Cathedral (CATHEDRAL-1; its scoring is END-CATH-1 in `ragusa.rules.scoring`)."""

from __future__ import annotations

from ragusa.core.clauses import implements
from ragusa.core.work import Work


@implements("CATHEDRAL-1")
def start(w: Work, seat: int) -> bool:
    """No effect during play: a Cathedral house only scores at the end."""
    return False
