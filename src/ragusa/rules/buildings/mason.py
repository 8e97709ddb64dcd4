"""Mason (MASON-1, R-8)."""

from __future__ import annotations

from typing import Final

from ragusa.core.actions import BuildWall
from ragusa.core.board import BOARD
from ragusa.core.clauses import implements
from ragusa.core.events import VPScored, WallBuilt
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    EMPTY,
    PHASE_MASON,
    VP_MASON,
    GameState,
)
from ragusa.rules.buildings import free_site_named
from ragusa.rules.decision import Resolve, building_decision
from ragusa.rules.moves import Moves, offer

_WALL_SPOTS: Final = BOARD.wall_spots
WALL_ACTIONS: Final[tuple[BuildWall, ...]] = tuple(BuildWall(w) for w in BOARD.wall_ids)


def free_segments(walls: tuple[int, ...]) -> list[int]:
    return [i for i, owner in enumerate(walls) if owner == EMPTY]


@implements("MASON-1", "TWO-7")
def mason_vp(houses: tuple[int, ...], towers: tuple[int, ...], seat: int, segment: int) -> int:
    """1 VP for the wall plus 1 per house and 1 per tower of `seat` on its two end spots."""
    vp = 1
    for spot in _WALL_SPOTS[segment]:
        vp += (houses[spot] == seat) + (towers[spot] == seat)
    return vp


@implements("MASON-1", "R-8")
def has_choice(w: Scratch, seat: int) -> bool:
    """Compulsory when a free segment exists (R-8); otherwise nothing happens."""
    return EMPTY in w.walls


@implements("MASON-1")
def build_wall(w: Scratch, seat: int, a: BuildWall) -> None:
    """The wall on the free segment the action names."""
    unknown, taken = "there is no wall segment {key!r}", "wall segment {key} is already built"
    build(w, seat, free_site_named(BOARD.wall_index, w.walls, a.segment, "MASON-1", unknown, taken))


@implements("MASON-1")
def build(w: Scratch, seat: int, segment: int) -> None:
    """Build `seat`'s wall on the free `segment` and score it (`build_wall` once the segment is known)."""
    vp = mason_vp(w.houses, w.towers, seat, segment)
    w.set_wall(segment, seat)
    w.p(seat).vp[VP_MASON] += vp
    segment_id = BOARD.wall_ids[segment]
    w.emit(WallBuilt, seat, segment_id, vp)
    w.emit(_wall_scored, seat, segment_id, vp)


def _wall_scored(seat: int, segment_id: str, vp: int) -> VPScored:
    """The VP a wall scores, worded (built only when events are recorded)."""
    return VPScored(seat, "mason", vp, f"wall {segment_id}: 1 + {vp - 1} own houses/towers at its ends")


def offers(state: GameState, seat: int) -> Moves:
    """A wall on any free segment."""
    return offer(state, seat, [WALL_ACTIONS[i] for i in free_segments(state.walls)])


#: the Mason's decision: the owner builds a wall on a free segment (compulsory, R-8)
DECISION: Final = building_decision(
    "mason", PHASE_MASON, ("MASON-1", "R-8"), offers, has_choice, Resolve(BuildWall, build_wall)
)
