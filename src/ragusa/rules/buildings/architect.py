"""Architect (ARCHITECT-1, R-8)."""

from __future__ import annotations

from typing import Final

from ragusa.core.actions import BuildTower
from ragusa.core.board import BOARD
from ragusa.core.clauses import implements
from ragusa.core.events import TowerBuilt
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    EMPTY,
    PHASE_ARCHITECT,
    GameState,
)
from ragusa.rules.buildings import free_site_named
from ragusa.rules.decision import Resolve, building_decision
from ragusa.rules.moves import Moves, offer

_TOWER_SPOTS: Final = BOARD.tower_spots
TOWER_ACTIONS: Final[dict[int, BuildTower]] = {s: BuildTower(BOARD.spot_ids[s]) for s in BOARD.tower_spots}
#: tower spot id -> its spot
_TOWER_INDEX: Final = {BOARD.spot_ids[s]: s for s in BOARD.tower_spots}


def free_tower_spots(towers: tuple[int, ...]) -> list[int]:
    """Tower spots without a tower, whether or not a house stands there."""
    return [s for s in _TOWER_SPOTS if towers[s] == EMPTY]


@implements("ARCHITECT-1", "R-8")
def has_choice(w: Scratch, seat: int) -> bool:
    """Compulsory when the owner has a tower left and a free tower spot exists (R-8)."""
    return w.towers_left(seat) > 0 and any(w.towers[s] == EMPTY for s in _TOWER_SPOTS)


@implements("ARCHITECT-1")
def build_tower(w: Scratch, seat: int, a: BuildTower) -> None:
    """The tower on the free tower spot the action names."""
    unknown, taken = "{key!r} is not a tower spot", "{key} already has a tower (seat {owner})"
    build(w, seat, free_site_named(_TOWER_INDEX, w.towers, a.spot, "ARCHITECT-1", unknown, taken))


@implements("ARCHITECT-1")
def build(w: Scratch, seat: int, spot: int) -> None:
    """Build `seat`'s tower on the free tower spot `spot` (`build_tower` once the spot is known)."""
    w.set_tower(spot, seat)
    w.p(seat).towers_left -= 1
    w.emit(TowerBuilt, seat, BOARD.spot_ids[spot])


def offers(state: GameState, seat: int) -> Moves:
    """A tower on any free tower spot."""
    return offer(state, seat, [TOWER_ACTIONS[s] for s in free_tower_spots(state.towers)])


#: the Architect's decision: the owner builds a tower on a free tower spot (compulsory, R-8)
DECISION: Final = building_decision(
    "architect", PHASE_ARCHITECT, ("ARCHITECT-1", "R-8"), offers, has_choice, Resolve(BuildTower, build_tower)
)
