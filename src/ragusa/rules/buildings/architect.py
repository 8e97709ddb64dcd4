"""Architect (ARCHITECT-1, R-8), and how a solo bot takes its decision (SOLO-5, ED-2, R-18)."""

from __future__ import annotations

import itertools
from typing import Final

import attrs

from ragusa.core.actions import BuildTower
from ragusa.core.board import BOARD
from ragusa.core.clauses import implements
from ragusa.core.events import TowerBuilt
from ragusa.core.position import Position
from ragusa.core.scratch import Scratch
from ragusa.core.state import (
    EMPTY,
    PHASE_ARCHITECT,
    RESERVED,
    GameState,
)
from ragusa.rules import scoring
from ragusa.rules.buildings import free_site_named
from ragusa.rules.decision import BotTurn, Resolve, building_decision
from ragusa.rules.moves import Moves, offer
from ragusa.rules.solo.patrician import RING_POS, START_SPOT, best

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


# --------------------------------------------------------------------------- a solo bot's tower (SOLO-5)

_RING: Final = BOARD.ring_spots
assert set(_TOWER_SPOTS) <= set(RING_POS), "every tower spot is on the wall ring (the board data)"


@attrs.frozen
class Stretch:
    """A potential wall stretch of a seat, supposing every segment is built (SOLO-5 Architect):
    its segments, the spots inside it, and the blocked spots at its ends."""

    segments: int
    inner: tuple[int, ...]
    ends: tuple[int, ...]


@implements("SOLO-5", "R-18")
def _runs(ok: list[bool]) -> list[tuple[int, int]]:
    """The potential stretches (`potential_stretches`) of the seat for which `ok` says which ring
    positions are passable (`scoring.ring_values`), as (the ring position of the blocked spot each
    begins at, its segments), in ring order; none when no spot is blocked."""
    n = len(ok)
    blocked = [j for j, passable in enumerate(ok) if not passable]
    # each blocked spot to the next clockwise (the last to the first, round the ring)
    return [(a, (b - a) % n or n) for a, b in zip(blocked, blocked[1:] + blocked[:1])]


def potential_stretches(state: Position, seat: int) -> list[Stretch]:
    """The seat's potential stretches, longest first (ring order on ties), supposing every segment is
    built: runs of spots passable for it (empty, or its house or tower, END-WALL-1) between two
    blocked spots (another colour's or a black house, another colour's tower). With no blocked spot
    the whole ring is one stretch with no ends; with one, a stretch of every segment begins and ends there."""
    return _stretches(scoring.ring_values(state.houses, state.towers, seat)[0])


def _stretches(ok: list[bool]) -> list[Stretch]:
    """`potential_stretches` from the ring positions passable for the seat (`ok`)."""
    n = len(_RING)
    runs = _runs(ok)
    if not runs:
        return [Stretch(n, _RING, ())]
    out = [
        Stretch(
            gap,
            tuple(_RING[(a + d) % n] for d in range(1, gap)),
            (_RING[a],) if gap == n else (_RING[a], _RING[(a + gap) % n]),
        )
        for a, gap in runs
    ]
    out.sort(key=lambda st: -st.segments)
    return out


def _tower_pool(state: Position, ok: list[bool]) -> tuple[list[int], int, bool]:
    """The free tower spots `choose_tower` breaks ties among (`_tower_ties`), the segments of the
    potential stretches they extend (0: no stretch can be extended), and whether they lie inside those
    stretches (the 1st edition's spots with no house) rather than at their ends. Per length of
    `potential_stretches`, longest first: the 1st edition's free spots with no house inside, else the
    free end spots; failing every length, the empty, else the free, tower spots. `ok`: the ring
    positions passable for the bot (`scoring.ring_values`)."""
    n = len(_RING)
    houses, towers = state.houses, state.towers
    first_ed = state.edition == "1st"
    runs = _runs(ok)
    if not runs and first_ed:  # the whole ring is one stretch with no ends; every ring spot is inside it
        inner = [s for s in _RING if towers[s] == EMPTY and houses[s] == EMPTY]
        if inner:
            return inner, n, True
    lengths = sorted({gap for _, gap in runs})
    for length in reversed(lengths):  # longest first
        starts = [a for a, gap in runs if gap == length]  # each stretch from its first end
        if first_ed:
            inner = [
                s
                for a in starts
                for d in range(1, length)
                if towers[s := _RING[(a + d) % n]] == EMPTY and houses[s] == EMPTY
            ]
            if inner:
                return inner, length, True
        ends: list[int] = []  # each free end spot once, in the order of the stretches
        for a in starts:
            for s in (_RING[a], _RING[(a + length) % n]):
                if towers[s] == EMPTY and s not in ends:
                    ends.append(s)
        if ends:
            return ends, length, False
    free = free_tower_spots(towers)
    return [x for x in free if houses[x] == EMPTY] or free, 0, False


def _longest_with_tower(state: Position, seat: int, spot: int, ok: list[bool], val: list[int]) -> tuple[int, int]:
    """`scoring.longest_stretch_of` with `seat`'s tower added on the free tower spot `spot`, from the
    ring values without it (`ok`, `val`): the tower makes its ring position passable and worth one more."""
    j = RING_POS[spot]
    ok2, val2 = list(ok), list(val)
    ok2[j] = True
    val2[j] = (state.houses[spot] == seat) + 1
    return scoring.longest_run(state.walls, ok2, val2)


def _tower_ties(
    state: Position, seat: int, cands: list[int], ok: list[bool], val: list[int]
) -> tuple[dict[int, tuple[int, int]], list[int], list[int]]:
    """Ties as for the Mason (R-18), among the tower spots `cands`: the longest stretch (segments,
    VP) with a tower on each; those after which its longest wall scores most now (END-WALL-2); and of
    those, the ones after which it is longest (the first clockwise from `wall_ring.start` decides).
    `ok`, `val`: the ring values without the tower (`scoring.ring_values`)."""
    walls = state.walls
    after: dict[int, tuple[int, int]] = {}
    now: tuple[int, int] | None = None
    for s in cands:
        j = RING_POS[s]
        if walls[j - 1] != EMPTY and walls[j] != EMPTY:
            after[s] = _longest_with_tower(state, seat, s, ok, val)
        else:  # END-WALL-1: a spot is inside a stretch only between two built segments: no change
            after[s] = now = now or scoring.longest_run(walls, ok, val)
    tied = best(cands, [after[s][1] for s in cands])
    return after, tied, best(tied, [after[s][0] for s in tied])


def _first_clockwise(spots: list[int]) -> int:
    first = spots[0]
    for s in spots:
        if RING_POS[s] < RING_POS[first]:
            first = s
    return first


@implements("SOLO-5", "ED-2", "R-18")
def choose_tower(state: Position, seat: int) -> int:
    """SOLO-5 Architect, supposing every segment will be built (`potential_stretches`).

    2nd edition: a tower on an end spot of the longest potential stretch extends it (the end spot
    holds another colour's or a black house: ED-2's "a spot with a house"); if both ends already have
    a tower, the next longest stretch, and so on. 1st edition (ED-2 "where possible, a spot with no
    house", R-18): first a spot with no house inside the longest stretch, else one of its ends, else
    the next stretch. Failing all stretches: an empty tower spot (no house), else any free tower spot.
    Ties as for the Mason (`_tower_ties`).
    """
    ok, val = scoring.ring_values(state.houses, state.towers, seat)
    pool = _tower_pool(state, ok)[0]
    if len(pool) == 1:
        return pool[0]
    return _first_clockwise(_tower_ties(state, seat, pool, ok, val)[2])


def _tie_text(state: Position, seat: int, cands: list[int], s: int, ok: list[bool], val: list[int]) -> str:
    """How `_tower_ties` chose `s` among `cands`, worded for a reason ("" without a tie)."""
    if len(cands) == 1:
        return ""
    after, tied, tied2 = _tower_ties(state, seat, cands, ok, val)
    names = ", ".join(BOARD.spot_ids[x] for x in cands)
    top_len, top_vp = after[s]
    if len(tied) == 1:
        return f"; tie among {names}: {BOARD.spot_ids[s]} gives its longest wall most VP now ({top_vp})"
    if len(tied2) == 1:
        return (
            f"; tie among {names} at {top_vp} wall VP now: {BOARD.spot_ids[s]} makes its longest wall "
            f"longest ({top_len} segments)"
        )
    return (
        f"; tie among {names} ({top_vp} wall VP now, longest wall {top_len} segments): {BOARD.spot_ids[s]} "
        f"is the first clockwise from {START_SPOT}"
    )


def _spot_text(state: Position, s: int) -> str:
    h = state.houses[s]
    if h == RESERVED:
        what = "a black house"
    elif h == EMPTY:
        what = "no house"
    else:
        what = f"seat {h}'s house"
    if state.towers[s] != EMPTY:
        what += f", seat {state.towers[s]}'s tower"
    return f"{BOARD.spot_ids[s]} ({what})"


def _stretch_text(st: Stretch) -> str:
    if not st.ends:
        return f"the whole ring ({st.segments} segments)"
    a, b = st.ends[0], st.ends[-1]
    return f"{st.segments} segment{'s' if st.segments != 1 else ''} from {BOARD.spot_ids[a]} to {BOARD.spot_ids[b]}"


def explain_tower(state: Position, seat: int, s: int) -> tuple[str, str]:
    """`choose_tower`'s decision and reason: the stretches that could not be extended, then the one
    the tower extends (or the fallback), then the tie-break."""
    ok, val = scoring.ring_values(state.houses, state.towers, seat)
    pool, length, inside = _tower_pool(state, ok)
    first_ed = state.edition == "1st"
    label = "1st ed." if first_ed else "2nd ed."
    tie = _tie_text(state, seat, pool, s, ok, val)
    skipped = []
    desc = ""
    for segments, group_iter in itertools.groupby(_stretches(ok), key=lambda st: st.segments):
        group = list(group_iter)
        if segments == length:
            desc = "; ".join(_stretch_text(st) for st in group)
            break
        ends = list(dict.fromkeys(e for st in group for e in st.ends))
        skipped.append(
            "; ".join(_stretch_text(st) for st in group)
            + ": "
            + (f"ends {', '.join(BOARD.spot_ids[e] for e in ends)} already have towers" if ends else "no ends")
        )
    decision = f"build tower {BOARD.spot_ids[s]}"
    if not length:
        kind = "an empty tower spot" if state.houses[s] == EMPTY else "a free tower spot (none is empty)"
        reason = (
            f"SOLO-5 Architect ({label}): no stretch can be extended ({'; '.join(skipped)}); {kind}, "
            f"{BOARD.spot_ids[s]}{tie}"
        )
        return decision, reason
    if inside:
        why = (
            f"its longest potential stretch ({desc}) has a free spot with no house inside, preferred in the "
            f"1st edition (ED-2): {BOARD.spot_ids[s]}{tie}"
        )
    else:
        pref = " (a spot with a house, preferred in the 2nd edition, ED-2)" if not first_ed else ""
        why = f"a tower on {_spot_text(state, s)} extends its potential stretch ({desc}){pref}{tie}"
    if skipped:
        why = f"longer stretches cannot be extended ({'; '.join(skipped)}); " + why
    return decision, f"SOLO-5 Architect ({label}, all segments supposed built): {why}"


#: the Architect's decision: the owner builds a tower on a free tower spot (compulsory, R-8); a solo
#: bot chooses it by SOLO-5
DECISION: Final = building_decision(
    "architect",
    PHASE_ARCHITECT,
    ("ARCHITECT-1", "R-8", "SOLO-5", "ED-2", "R-18"),
    offers,
    has_choice,
    Resolve(BuildTower, build_tower),
    bot=BotTurn(choose_tower, explain_tower, TOWER_ACTIONS.__getitem__),
)
