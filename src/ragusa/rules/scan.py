"""The placement scan of every free spot at a placement decision, kept fast (issue 12).

:func:`house_placements` gives exactly what :func:`ragusa.rules.requirements.placements` gives for
houses (not powerhouses) on many spots; it reads the same requirements from tables instead of
working them out per spot:

* the wood and stone a house on each spot needs beyond its own gains depend only on the seat's
  houses per hex (BUILD-2, BUILD-3, BUILD-6); they are kept per ``counts`` and, when a seat's
  counts change by a house, only the spots touching the changed hexes are recomputed;
* the special requirements (BUILD-7) and the fish left (the Fishmonger) are fixed per spot: a bit
  mask of the producers a house there still lacks after its own gains, and the fish it must keep;
* the Market / Wharf gate (BUILD-7, R-3) is a set of spots per (commodity held, strict).

Every table is a function of its key, so a cached answer cannot go stale.
"""

from __future__ import annotations

from collections.abc import Sequence

from ragusa.core.board import BOARD
from ragusa.core.clauses import implements
from ragusa.rules.requirements import (
    _COST_GRAPES,
    _COST_OLIVES,
    _COST_ORE,
    _COST_STONE,
    _COST_WOOD,
    _NAME_GRAPES,
    _NAME_OLIVES,
    _NAME_ORE,
    _NAME_STONE,
    _NAME_WOOD,
    _ROWS,
)

__all__ = ["house_placements", "needs_of"]

_N_SPOTS = len(_ROWS)
_N_HEXES = len(BOARD.hex_ids)
_COUNTRY = tuple(row[0] for row in _ROWS)
_CITY = tuple(row[1] for row in _ROWS)
_GAIN_WOOD = tuple(row[3] for row in _ROWS)
_GAIN_STONE = tuple(row[4] for row in _ROWS)
#: per spot: the fish a house there must keep after its trades, less the fish it gains (BUILD-7)
_FISH_FLOOR = tuple(row[11] - row[2] for row in _ROWS)
#: per spot: bit 0 ore, bit 1 grapes, bit 2 olives: a producer touched whose resource the house does not gain
_SPECIAL = tuple(
    (1 if row[8] and row[5] == 0 else 0) | (2 if row[9] and row[6] == 0 else 0) | (4 if row[10] and row[7] == 0 else 0)
    for row in _ROWS
)
#: per lacking-bits mask: the fish cost and the trade names of the special shortfall, in the trades' order
_SPECIAL_COST = tuple((m & 1) * _COST_ORE + (m >> 1 & 1) * _COST_GRAPES + (m >> 2 & 1) * _COST_OLIVES for m in range(8))
_SPECIAL_NAMES = tuple(
    (_NAME_ORE,) * (m & 1) + (_NAME_GRAPES,) * (m >> 1 & 1) + (_NAME_OLIVES,) * (m >> 2 & 1) for m in range(8)
)
#: spots barred without a commodity held: (not strict, strict) (BUILD-7, R-3)
_BARRED = (
    frozenset(s for s, row in enumerate(_ROWS) if row[12] and not row[13]),
    frozenset(s for s, row in enumerate(_ROWS) if row[12]),
)
#: per hex: the spots whose needs read its count
_SPOTS_OF_HEX = tuple(tuple(s for s in range(_N_SPOTS) if h in _COUNTRY[s] or h in _CITY[s]) for h in range(_N_HEXES))

_Needs = tuple[list[int], list[int]]
_needs: dict[tuple[int, ...], _Needs] = {}
#: per hint (the seat): the last table asked for, the nearest to start from
_last: dict[int, tuple[tuple[int, ...], _Needs]] = {}
_CACHE_SIZE = 4096


def _need(counts: Sequence[int], hexes: tuple[int, ...], gain: int) -> int:
    need = 0
    for h in hexes:
        if counts[h] >= need:
            need = counts[h] + 1
    return need - gain if need > gain else 0


def _compute(counts: tuple[int, ...], near: tuple[tuple[int, ...], _Needs] | None) -> _Needs:
    """Wood and stone needed per spot: from the ``near`` table when it differs by a few hexes
    (only the spots on those hexes change), else from scratch."""
    spots: Sequence[int] = range(_N_SPOTS)
    wood = [0] * _N_SPOTS
    stone = [0] * _N_SPOTS
    if near is not None:
        old, (old_wood, old_stone) = near
        changed = [h for h in range(_N_HEXES) if old[h] != counts[h]]
        if len(changed) <= 6:
            wood, stone = old_wood[:], old_stone[:]
            spots = sorted({s for h in changed for s in _SPOTS_OF_HEX[h]})
    for s in spots:
        wood[s] = _need(counts, _COUNTRY[s], _GAIN_WOOD[s])
        stone[s] = _need(counts, _CITY[s], _GAIN_STONE[s])
    return wood, stone


def needs_of(counts: tuple[int, ...], hint: int = -1) -> _Needs:
    """Per spot, the wood and the stone a house there needs beyond its own gains (BUILD-2, BUILD-3,
    BUILD-6) for a seat with ``counts`` houses per hex. ``hint`` (the seat) names the last table
    to update from; the answer does not depend on it. Shared tables: do not modify."""
    found = _needs.get(counts)
    if found is None:
        found = _compute(counts, _last.get(hint))
        if len(_needs) >= _CACHE_SIZE:
            _needs.clear()
        _needs[counts] = found
    _last[hint] = (counts, found)
    return found


@implements("BUILD-1", "BUILD-2", "BUILD-3", "BUILD-4", "BUILD-5", "BUILD-6", "BUILD-7", "BUILD-8", "R-3")
def house_placements(
    res: Sequence[int],
    com: Sequence[int],
    counts: tuple[int, ...],
    spots: Sequence[int],
    strict: bool,
    hint: int = -1,
) -> list[tuple[int, tuple[str, ...]]]:
    """The legal house placements among ``spots`` (ascending), each with its minimal fish trades:
    :func:`ragusa.rules.requirements.placements` with ``power=False``, from the tables above
    (``hint``: see :func:`needs_of`)."""
    wood_need, stone_need = needs_of(counts, hint)
    r_fish, r_wood, r_stone = res[0], res[1], res[2]
    lack = (1 if res[3] < 1 else 0) | (2 if res[4] < 1 else 0) | (4 if res[5] < 1 else 0)
    barred = () if (com[0] or com[1] or com[2]) else _BARRED[strict]
    special, floor = _SPECIAL, _FISH_FLOOR
    out: list[tuple[int, tuple[str, ...]]] = []
    for spot in spots:
        short_w = wood_need[spot] - r_wood
        short_s = stone_need[spot] - r_stone
        short_x = special[spot] & lack
        if short_w <= 0 and short_s <= 0 and not short_x:
            if r_fish >= floor[spot] and spot not in barred:
                out.append((spot, ()))
            continue
        if short_w < 0:
            short_w = 0
        if short_s < 0:
            short_s = 0
        cost = short_w * _COST_WOOD + short_s * _COST_STONE + _SPECIAL_COST[short_x]
        if r_fish - cost >= floor[spot] and spot not in barred:
            out.append((spot, (_NAME_WOOD,) * short_w + (_NAME_STONE,) * short_s + _SPECIAL_NAMES[short_x]))
    return out
