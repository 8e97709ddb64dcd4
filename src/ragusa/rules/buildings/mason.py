"""Mason (MASON-1, R-8), and how a solo bot takes its decision (SOLO-5, R-18)."""

from __future__ import annotations

from typing import Final

from ragusa.core.actions import BuildWall
from ragusa.core.board import BOARD
from ragusa.core.clauses import implements
from ragusa.core.events import VPScored, WallBuilt
from ragusa.core.position import Position
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    EMPTY,
    PHASE_MASON,
    VP_MASON,
    GameState,
)
from ragusa.rules import scoring
from ragusa.rules.buildings import free_site_named
from ragusa.rules.decision import BotTurn, Resolve, building_decision
from ragusa.rules.moves import Moves, offer
from ragusa.rules.solo.patrician import START_SPOT, best

_WALL_SPOTS: Final = BOARD.wall_spots
WALL_ACTIONS: Final[tuple[BuildWall, ...]] = tuple(BuildWall(w) for w in BOARD.wall_ids)


def free_segments(walls: tuple[int, ...]) -> list[int]:
    return [i for i, owner in enumerate(walls) if owner == EMPTY]


@implements("MASON-1", "TWO-7")
def mason_vp(houses: tuple[int, ...], towers: tuple[int, ...], seat: int, segment: int) -> int:
    """1 VP for the wall plus 1 per house and 1 per tower of `seat` on its two end spots."""
    a, b = _WALL_SPOTS[segment]
    return 1 + (houses[a] == seat) + (towers[a] == seat) + (houses[b] == seat) + (towers[b] == seat)


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


# --------------------------------------------------------------------------- a solo bot's wall (SOLO-5)

_RING: Final = BOARD.ring_spots
#: a built segment, whoever built it (the longest stretch reads only whether a segment stands)
BUILT: Final = 0
assert all(set(BOARD.wall_spots[i]) == {_RING[i], _RING[(i + 1) % len(_RING)]} for i in range(len(_RING))), (
    "segment i joins ring positions i and i + 1 (the board data)"
)


def lengths_with_wall(walls: tuple[int, ...], ok: list[bool], segments: list[int]) -> list[int]:
    """For each free segment in `segments`, in their order: the segments of the longest wall stretch
    once it is built, as the end scoring measures it (`scoring.longest_run` of the walls with it;
    `ok`: the ring positions passable for the bot, `scoring.ring_values`). A segment with no built
    neighbour joins no stretch, so with it the longest is the longest now, or 1."""
    none = [0] * len(ok)  # the lengths do not depend on the values
    n = len(walls)
    alone = 0  # the longest now, or 1: worked out for the first segment that needs it
    built = list(walls)  # the walls with one more segment, each in turn
    out: list[int] = []
    for x in segments:
        if walls[x - 1] == EMPTY and walls[(x + 1) % n] == EMPTY:
            if not alone:
                alone = max(1, scoring.longest_run(walls, ok, none)[0])
            out.append(alone)
        else:
            built[x] = BUILT
            out.append(scoring.longest_run(tuple(built), ok, none)[0])
            built[x] = walls[x]
    return out


def _wall_ties(state: Position, seat: int) -> tuple[list[int], list[int], list[int]]:
    """`choose_wall`'s tie-breaks: the free segments that score most for the bot now
    (`mason_vp`); of those, the ones after which its longest wall has the most segments (the
    same list when one scored most); and those lengths, parallel to the first list (none then).
    Segments are in clockwise order from `wall_ring.start`."""
    houses, towers, walls = state.houses, state.towers, state.walls
    ok, own = scoring.ring_values(houses, towers, seat)
    n = len(walls)
    # MASON-1: a wall scores 1 VP plus 1 per house and tower of its builder at its two ends (segment
    # i's are ring positions i and i + 1), so the free segments next to none of the bot's all score
    # the least; only the others are worth weighing
    near = [i for i in range(n) if walls[i] == EMPTY and (own[i] or own[(i + 1) % n])]
    if near:
        tied = best(near, [mason_vp(houses, towers, seat, i) for i in near])
    else:
        tied = free_segments(walls)
    if len(tied) == 1:
        return tied, tied, []
    length = lengths_with_wall(walls, ok, tied)
    return tied, best(tied, length), length


@implements("SOLO-5", "R-18")
def choose_wall(state: Position, seat: int) -> int:
    """SOLO-5 Mason: the free segment that scores most for the bot now (MASON-1); tie: the one after
    which its longest wall stretch (END-WALL-1) has the most segments (R-18); tie: the first clockwise
    from the Silversmith's top corner (`wall_ring.start`)."""
    return _wall_ties(state, seat)[1][0]


def explain_wall(state: Position, seat: int, i: int) -> tuple[str, str]:
    """`choose_wall`'s decision and reason."""
    tied, tied2, lengths = _wall_ties(state, seat)
    length = dict(zip(tied, lengths))
    top = mason_vp(state.houses, state.towers, seat, i)
    names = ", ".join(BOARD.wall_ids[x] for x in tied)
    if len(tied) == 1:
        why = f"{BOARD.wall_ids[i]} scores most now, {top} VP (1 + {top - 1} own houses/towers at its ends)"
    elif len(tied2) == 1:
        why = (
            f"{names} tie at {top} VP; {BOARD.wall_ids[i]} makes its longest wall {length[i]} segments "
            f"(the others at most {max(length[x] for x in tied if x != i)})"
        )
    else:
        why = (
            f"{names} tie at {top} VP; {', '.join(BOARD.wall_ids[x] for x in tied2)} each make its longest "
            f"wall {length[i]} segment{'s' if length[i] != 1 else ''}; {BOARD.wall_ids[i]} is the first clockwise "
            f"from {START_SPOT} (the Silversmith's top corner)"
        )
    return f"build wall {BOARD.wall_ids[i]}", f"SOLO-5 Mason: {why}"


#: the Mason's decision: the owner builds a wall on a free segment (compulsory, R-8); a solo bot
#: chooses it by SOLO-5
DECISION: Final = building_decision(
    "mason",
    PHASE_MASON,
    ("MASON-1", "R-8", "SOLO-5", "R-18"),
    offers,
    has_choice,
    Resolve(BuildWall, build_wall),
    bot=BotTurn(choose_wall, explain_wall, WALL_ACTIONS.__getitem__),
)
