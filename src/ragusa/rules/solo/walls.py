"""The bots' Mason and Architect choices (SOLO-5, ED-2, R-18): walls and towers that lengthen
the bot's longest (potential) stretch."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

import attrs

from ragusa.core.actions import (
    BuildTower,
    BuildWall,
)
from ragusa.core.board import BOARD
from ragusa.core.clauses import implements
from ragusa.core.position import Position
from ragusa.core.state import (
    EMPTY,
    RESERVED,
)
from ragusa.rules import scoring
from ragusa.rules.buildings import architect, mason
from ragusa.rules.solo.common import RING_POS, START_SPOT, BotMove, solo_of

# --------------------------------------------------------------------------- SOLO-5: Mason and Architect


def _lengths_with_wall(walls: tuple[int, ...], ok: list[bool], segments: list[int]) -> dict[int, int]:
    """For each free segment in `segments`: the segments of the longest wall stretch once it is built
    (`scoring.longest_run(...)[0]` of the walls with it), from one pass over the ring instead of
    one per segment. Building segment x joins the run ending at x - 1 (through ring position x, if
    passable) and the run beginning at x + 1 (through x + 1); no other run changes."""
    n = len(walls)
    free = segments[0]
    back = [0] * n  # per built segment: the segments of its run up to it, anticlockwise
    fwd = [0] * n  # the same, clockwise
    for k in range(1, n):  # from just after a free segment, so that every run is seen from its start
        i = (free + k) % n
        if walls[i] != EMPTY:
            back[i] = back[i - 1] + 1 if walls[i - 1] != EMPTY and ok[i] else 1
        j = (free - k) % n
        if walls[j] != EMPTY:
            nxt = (j + 1) % n
            fwd[j] = fwd[nxt] + 1 if walls[nxt] != EMPTY and ok[nxt] else 1
    best = max(back)
    out = {}
    for x in segments:
        nxt = (x + 1) % n
        joined = 1 + (back[x - 1] if ok[x] else 0) + (fwd[nxt] if ok[nxt] else 0)
        out[x] = max(best, min(joined, n))
    return out


def _longest_with_tower(state: Position, seat: int, spot: int, ok: list[bool], val: list[int]) -> tuple[int, int]:
    """`longest_stretch_of` with `seat`'s tower added on the free tower spot `spot`, from the ring
    values without it (`ok`, `val`): the tower makes its ring position passable and worth one more."""
    j = RING_POS.get(spot)
    if j is None:  # pragma: no cover - every tower spot is on the ring (standard.json)
        towers = state.towers[:spot] + (seat,) + state.towers[spot + 1 :]
        return scoring.longest_stretch_of(state.walls, state.houses, towers, seat)
    ok2, val2 = list(ok), list(val)
    ok2[j] = True
    val2[j] = (state.houses[spot] == seat) + 1
    return scoring.longest_run(state.walls, ok2, val2)


def _ring_values(state: Position, seat: int) -> tuple[list[bool], list[int], list[int]]:
    """`scoring.ring_values` of the position (passable, value per ring position) and per wall
    segment the value of its two end spots (what `mason.mason_vp` adds to its 1 VP), kept per seat
    for the boards they were worked out on: the Mason's and the Architect's choices come in runs on
    one board (a wall changes neither houses nor towers). Read-only: shared between calls."""
    houses, towers = state.houses, state.towers
    known = _ring_memo.get(seat)
    if known is not None and known[0] is houses and known[1] is towers:
        return known[2]
    ok, val = scoring.ring_values(houses, towers, seat)
    values = ok, val, [val[a] + val[b] for a, b in _WALL_RING]
    _ring_memo[seat] = (houses, towers, values)
    return values


#: seat -> (houses, towers, their `_ring_values`) last worked out (the boards are immutable tuples)
_ring_memo: Final[dict[int, tuple[tuple[int, ...], tuple[int, ...], tuple[list[bool], list[int], list[int]]]]] = {}


#: per wall segment: the ring positions of its two end spots
_WALL_RING: Final = tuple((RING_POS[a], RING_POS[b]) for a, b in BOARD.wall_spots)


@implements("SOLO-5", "R-18")
def choose_wall(state: Position, seat: int, explain: bool = True) -> BotMove:
    """SOLO-5 Mason: the free segment that scores most for the bot now (MASON-1); tie: the one after
    which its longest wall stretch (END-WALL-1) has the most segments (R-18); tie: the first clockwise
    from the Silversmith's top corner (`wall_ring.start`)."""
    i, why = _wall(state, seat, explain)
    if not explain:
        return BotMove(seat, mason.WALL_ACTIONS[i], "", "", state.rng, solo_of(state))
    reason = f"SOLO-5 Mason: {why}"
    return BotMove(
        seat, BuildWall(BOARD.wall_ids[i]), f"build wall {BOARD.wall_ids[i]}", reason, state.rng, solo_of(state)
    )


def wall_choice(state: Position, seat: int) -> int:
    """`choose_wall`'s segment, unexplained (for the engine's quiet bot turns)."""
    return _wall(state, seat, False)[0]


def _wall(state: Position, seat: int, explain: bool) -> tuple[int, str]:
    """`choose_wall`'s segment and, with `explain`, why."""
    free = mason.free_segments(state.walls)
    ok, _, ends = _ring_values(state, seat)  # a wall changes neither
    # `mason.mason_vp` of each free segment: 1 + the own houses and towers at its two ends
    top = 1 + max([ends[i] for i in free])
    tied = [i for i in free if ends[i] == top - 1]
    if len(tied) == 1:
        i = tied[0]
        why = f"{BOARD.wall_ids[i]} scores most now, {top} VP (1 + {top - 1} own houses/towers at its ends)"
    else:
        length = _lengths_with_wall(state.walls, ok, tied)
        best = max(length.values())
        tied2 = [x for x in tied if length[x] == best]
        i = tied2[0]
        why = _wall_tie_text(tied, tied2, length, top, best) if explain else ""
    return i, why


def _wall_tie_text(tied: Sequence[int], tied2: Sequence[int], length: dict[int, int], top: int, best: int) -> str:
    i = tied2[0]
    names = ", ".join(BOARD.wall_ids[x] for x in tied)
    if len(tied2) == 1:
        return (
            f"{names} tie at {top} VP; {BOARD.wall_ids[i]} makes its longest wall {best} segments "
            f"(the others at most {max(length[x] for x in tied if x != i)})"
        )
    return (
        f"{names} tie at {top} VP; {', '.join(BOARD.wall_ids[x] for x in tied2)} each make its longest "
        f"wall {best} segment{'s' if best != 1 else ''}; {BOARD.wall_ids[i]} is the first clockwise "
        f"from {START_SPOT} (the Silversmith's top corner)"
    )


@attrs.frozen
class Stretch:
    """A potential wall stretch of a seat, supposing every segment is built (SOLO-5 Architect):
    its segments, the spots inside it, and the blocked spots at its ends."""

    segments: int
    inner: tuple[int, ...]
    ends: tuple[int, ...]


@implements("SOLO-5", "R-18")
def potential_stretches(state: Position, seat: int) -> list[Stretch]:
    """The seat's potential stretches, longest first (ring order on ties), supposing every segment is
    built: runs of spots passable for it (empty, or its house or tower, END-WALL-1) between two
    blocked spots (another colour's or a black house, another colour's tower). With no blocked spot
    the whole ring is one stretch with no ends; with one, a stretch of every segment begins and ends there."""
    ring = BOARD.ring_spots
    n = len(ring)
    houses, towers = state.houses, state.towers
    blocked = [  # not `scoring.passable` (inlined)
        j
        for j, s in enumerate(ring)
        if not (houses[s] == seat or towers[s] == seat or (houses[s] == EMPTY and towers[s] == EMPTY))
    ]
    if not blocked:
        return [Stretch(n, ring, ())]
    out: list[Stretch] = []
    m = len(blocked)
    for k in range(m):
        a = blocked[k]
        b = blocked[(k + 1) % m]
        gap = (b - a) % n or n
        inner = tuple(ring[(a + d) % n] for d in range(1, gap))
        ends = (ring[a],) if a == b else (ring[a], ring[b])
        out.append(Stretch(gap, inner, ends))
    out.sort(key=lambda st: -st.segments)
    return out


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


def _tower_tiebreak(state: Position, seat: int, cands: Sequence[int], explain: bool = True) -> tuple[int, str]:
    """Ties as for the Mason (R-18): the most wall VP now with the tower (END-WALL-2 of its longest
    stretch), then the longest stretch, then the first clockwise from `wall_ring.start`."""
    if len(cands) == 1:
        return cands[0], ""
    ok, val, _ = _ring_values(state, seat)
    after = {s: _longest_with_tower(state, seat, s, ok, val) for s in cands}
    top_vp = max(v[1] for v in after.values())
    tied = [s for s in cands if after[s][1] == top_vp]
    if not explain:
        if len(tied) == 1:
            return tied[0], ""
        top_len = max(after[s][0] for s in tied)
        tied2 = [s for s in tied if after[s][0] == top_len]
        return (tied2[0] if len(tied2) == 1 else min(tied2, key=lambda s: RING_POS.get(s, len(RING_POS) + s))), ""
    names = ", ".join(BOARD.spot_ids[s] for s in cands)
    if len(tied) == 1:
        return tied[0], f"; tie among {names}: {BOARD.spot_ids[tied[0]]} gives its longest wall most VP now ({top_vp})"
    top_len = max(after[s][0] for s in tied)
    tied2 = [s for s in tied if after[s][0] == top_len]
    if len(tied2) == 1:
        return tied2[0], (
            f"; tie among {names} at {top_vp} wall VP now: {BOARD.spot_ids[tied2[0]]} makes its longest wall "
            f"longest ({top_len} segments)"
        )
    first = min(tied2, key=lambda s: RING_POS.get(s, len(RING_POS) + s))
    return first, (
        f"; tie among {names} ({top_vp} wall VP now, longest wall {top_len} segments): {BOARD.spot_ids[first]} "
        f"is the first clockwise from {START_SPOT}"
    )


@implements("SOLO-5", "ED-2", "R-18")
def choose_tower(state: Position, seat: int, explain: bool = True) -> BotMove:
    """SOLO-5 Architect, supposing every segment will be built (`potential_stretches`).

    2nd edition: a tower on an end spot of the longest potential stretch extends it (the end spot
    holds another colour's or a black house: ED-2's "a spot with a house"); if both ends already have
    a tower, the next longest stretch, and so on. 1st edition (ED-2 "where possible, a spot with no
    house", R-18): first a spot with no house inside the longest stretch, else one of its ends, else
    the next stretch. Failing all stretches: an empty tower spot (no house), else any free tower spot.
    Ties as for the Mason (`_tower_tiebreak`).
    """
    first_ed = state.edition == "1st"
    if not explain:
        return _tower_move(state, seat, tower_choice(state, seat))
    free = set(architect.free_tower_spots(state.towers))
    houses = state.houses
    label = "1st ed." if first_ed else "2nd ed."
    stretches = potential_stretches(state, seat)
    skipped: list[str] = []
    for _length, group_iter in itertools.groupby(stretches, key=lambda st: st.segments):
        group = list(group_iter)
        ends = list(dict.fromkeys(e for st in group for e in st.ends if e in free))
        inner = [x for st in group for x in st.inner if x in free and houses[x] == EMPTY]
        desc = "; ".join(_stretch_text(st) for st in group)
        if first_ed and inner:
            s, tie = _tower_tiebreak(state, seat, inner)
            why = (
                f"its longest potential stretch ({desc}) has a free spot with no house inside, preferred in the "
                f"1st edition (ED-2): {BOARD.spot_ids[s]}{tie}"
            )
        elif ends:
            s, tie = _tower_tiebreak(state, seat, ends)
            pref = " (a spot with a house, preferred in the 2nd edition, ED-2)" if not first_ed else ""
            why = f"a tower on {_spot_text(state, s)} extends its potential stretch ({desc}){pref}{tie}"
        else:
            ends_all = list(dict.fromkeys(e for st in group for e in st.ends))
            skipped.append(
                f"{desc}: "
                + (
                    f"ends {', '.join(BOARD.spot_ids[e] for e in ends_all)} already have towers"
                    if ends_all
                    else "no ends"
                )
            )
            continue
        if skipped:
            why = f"longer stretches cannot be extended ({'; '.join(skipped)}); " + why
        reason = f"SOLO-5 Architect ({label}, all segments supposed built): {why}"
        return BotMove(
            seat, BuildTower(BOARD.spot_ids[s]), f"build tower {BOARD.spot_ids[s]}", reason, state.rng, solo_of(state)
        )
    empty = sorted(x for x in free if houses[x] == EMPTY)
    pool = empty or sorted(free)
    s, tie = _tower_tiebreak(state, seat, pool)
    kind = "an empty tower spot" if empty else "a free tower spot (none is empty)"
    reason = (
        f"SOLO-5 Architect ({label}): no stretch can be extended ({'; '.join(skipped)}); {kind}, "
        f"{BOARD.spot_ids[s]}{tie}"
    )
    return BotMove(
        seat, BuildTower(BOARD.spot_ids[s]), f"build tower {BOARD.spot_ids[s]}", reason, state.rng, solo_of(state)
    )


def tower_choice(state: Position, seat: int) -> int:
    """`choose_tower`'s spot, unexplained (for callers that record no events: the engine's quiet
    bot turns)."""
    cands = _tower_candidates(state, seat, state.edition == "1st")
    return _tower_tiebreak(state, seat, cands, False)[0]


def _tower_candidates(state: Position, seat: int, first_ed: bool) -> list[int]:
    """The spots `choose_tower` leaves to its tie-break (`_tower_tiebreak`, which does not depend on
    their order), found as it finds them but without building the stretches (for callers that record
    no events): per length of potential stretch, longest first, the 1st edition's free spots with no
    house inside, else the free end spots; failing every length, the empty, else the free, tower spots."""
    n = len(_RING)
    houses, towers = state.houses, state.towers
    blocked = [  # as in `potential_stretches`
        j
        for j, s in enumerate(_RING)
        if not (houses[s] == seat or towers[s] == seat or (houses[s] == EMPTY and towers[s] == EMPTY))
    ]
    if not blocked:  # the whole ring is one stretch with no ends; every ring spot is inside it
        inner = [s for s in _RING if towers[s] == EMPTY and houses[s] == EMPTY] if first_ed else []
        if inner:
            return inner
    m = len(blocked)
    gaps = [(blocked[(k + 1) % m] - blocked[k]) % n or n for k in range(m)]
    for length in sorted(set(gaps), reverse=True):
        starts = [blocked[k] for k in range(m) if gaps[k] == length]  # each stretch from its first end
        if first_ed:
            inner = [
                s
                for a in starts
                for d in range(1, length)
                if towers[s := _RING[(a + d) % n]] == EMPTY and houses[s] == EMPTY
            ]
            if inner:
                return inner
        ends = [s for a in starts for d in (0, length) if towers[s := _RING[(a + d) % n]] == EMPTY]
        if ends:
            return ends
    free = architect.free_tower_spots(towers)
    return [x for x in free if houses[x] == EMPTY] or free


_RING: Final = BOARD.ring_spots


def _tower_move(state: Position, seat: int, s: int) -> BotMove:
    """The Architect's choice, unexplained (for callers that record no events)."""
    return BotMove(seat, architect.TOWER_ACTIONS[s], "", "", state.rng, solo_of(state))
