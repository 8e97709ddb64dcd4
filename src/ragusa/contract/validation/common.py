"""What the checks of `ragusa.contract.validation` share: the collector and component tables."""

from __future__ import annotations

from collections.abc import Sequence

from ragusa.core.board import RES_INDEX
from ragusa.core.components import COMPONENTS
from ragusa.core.errors import Violation, excerpt
from ragusa.core.state import Phase

FISH = RES_INDEX["fish"]
SHIP_STARS: dict[str, int] = {s.id: s.stars for s in COMPONENTS.ships}
BONUS_IDS: frozenset[str] = frozenset(c.id for c in COMPONENTS.bonus_cards)
PATRICIAN_IDS: frozenset[str] = frozenset(c.id for c in COMPONENTS.patrician_cards)
TRACK_LEN = len(COMPONENTS.market.track)
CAP = COMPONENTS.pieces.commodity_cap
#: phases in which a house is being resolved (``placed`` names it)
RESOLVING = frozenset(
    {
        Phase.ORDER,
        Phase.TRADE_WINDOW,
        Phase.MASON,
        Phase.ARCHITECT,
        Phase.MARKET,
        Phase.WHARF,
        Phase.RECTOR_DRAW,
        Phase.RECTOR_KEEP,
    }
)
#: phases decided while a house on a city hex activates (the queue's head)
QUEUED = RESOLVING - {Phase.ORDER}


class Found:
    """The violations found so far."""

    def __init__(self) -> None:
        self.items: list[Violation] = []

    def add(self, clause: str, path: str, message: str) -> None:
        self.items.append(Violation(clause, path, excerpt(message, 300)))

    def __bool__(self) -> bool:
        return bool(self.items)


def count(n: int, word: str) -> str:
    """`n` and the word, plural unless `n` is 1: "1 wall", "3 walls", "2 passes"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}es" if word.endswith("s") else f"{n} {word}s"


def index_list(found: Found, clause: str, path: str, values: Sequence[int], size: int, what: str) -> None:
    """Every value an index below `size`, none twice."""
    seen: set[int] = set()
    for i, v in enumerate(values):
        if not 0 <= v < size:
            found.add(clause, f"{path}[{i}]", f"{v} is not a {what} index (0..{size - 1})")
        elif v in seen:
            found.add(clause, f"{path}[{i}]", f"{what} {v} is listed twice")
        seen.add(v)
