"""Architect (ARCHITECT-1, R-8)."""

from __future__ import annotations

from typing import Final

from ragusa.core.actions import BuildTower
from ragusa.core.board import BOARD
from ragusa.core.clauses import implements
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import TowerBuilt
from ragusa.core.state import (
    EMPTY,
    PHASE_ARCHITECT,
)
from ragusa.core.work import Work

_TOWER_SPOTS: Final = BOARD.tower_spots
TOWER_ACTIONS: Final[dict[int, BuildTower]] = {s: BuildTower(BOARD.spot_ids[s]) for s in BOARD.tower_spots}


def free_tower_spots(towers: tuple[int, ...]) -> list[int]:
    """Tower spots without a tower, whether or not a house stands there."""
    return [s for s in _TOWER_SPOTS if towers[s] == EMPTY]


@implements("ARCHITECT-1", "R-8")
def start(w: Work, seat: int) -> bool:
    """Compulsory when the owner has a tower left and a free tower spot exists (R-8)."""
    if w.towers_left(seat) > 0 and any(w.towers[s] == EMPTY for s in _TOWER_SPOTS):
        w.phase = PHASE_ARCHITECT
        return True
    return False


@implements("ARCHITECT-1")
def build_tower(w: Work, seat: int, spot_id: str) -> None:
    spot = BOARD.spot_index.get(spot_id)
    if spot is None or not BOARD.spot_tower[spot]:
        raise IllegalActionError("ARCHITECT-1", f"{spot_id!r} is not a tower spot")
    if w.towers[spot] != EMPTY:
        raise IllegalActionError("ARCHITECT-1", f"{spot_id} already has a tower (seat {w.towers[spot]})")
    build(w, seat, spot)


@implements("ARCHITECT-1")
def build(w: Work, seat: int, spot: int) -> None:
    """Build `seat`'s tower on the free tower spot `spot` (`build_tower` once the spot is known)."""
    w.set_tower(spot, seat)
    w.p(seat).towers_left -= 1
    if w.ev is not None:
        w.emit(TowerBuilt(seat, BOARD.spot_ids[spot]))
