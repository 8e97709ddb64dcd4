"""The placement scan of every free spot at a placement decision, kept fast (issue 12).

`house_placements` gives exactly what `ragusa.rules.requirements.placements` gives for
houses (not powerhouses) on many spots; it reads the same requirements from tables instead of
working them out per spot:

* the wood and stone a house on each spot needs beyond its own gains depend only on the seat's
  houses per hex (BUILD-2, BUILD-3, BUILD-6); they are kept per `counts` and, when a seat's
  counts change by a house, only the spots touching the changed hexes are recomputed;
* the special requirements (BUILD-7) and the fish left (the Fishmonger) are fixed per spot: a bit
  mask of the producers a house there still lacks after its own gains, and the fish it must keep;
* the Market / Wharf gate (BUILD-7, R-3) is a set of spots per (commodity held, strict).

Every table is a function of its key, so a cached answer cannot go stale.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TypeVar

from ragusa.core.actions import Action, Place
from ragusa.core.board import BOARD
from ragusa.core.clauses import implements
from ragusa.core.state import EMPTY
from ragusa.core.work import house_step
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

__all__ = [
    "free_mask",
    "expand_mask",
    "free_spots",
    "house_place",
    "house_place_actions",
    "house_placements",
    "need_masks",
    "needs_of",
    "no_trade_mask",
    "SPOT_BYTES",
    "spot_byte_table",
    "trade_candidates",
]

_N_SPOTS: Final = len(_ROWS)
_N_HEXES: Final = len(BOARD.hex_ids)
_COUNTRY: Final = tuple(row[0] for row in _ROWS)
_CITY: Final = tuple(row[1] for row in _ROWS)
_GAIN_WOOD: Final = tuple(row[3] for row in _ROWS)
_GAIN_STONE: Final = tuple(row[4] for row in _ROWS)
#: per spot: the fish a house there must keep after its trades, less the fish it gains (BUILD-7)
_FISH_FLOOR: Final = tuple(row[11] - row[2] for row in _ROWS)
#: per spot: bit 0 ore, bit 1 grapes, bit 2 olives: a producer touched whose resource the house does not gain
_SPECIAL: Final = tuple(
    (1 if row[8] and row[5] == 0 else 0) | (2 if row[9] and row[6] == 0 else 0) | (4 if row[10] and row[7] == 0 else 0)
    for row in _ROWS
)
#: per lacking-bits mask: the fish cost and the trade names of the special shortfall, in the trades' order
_SPECIAL_COST: Final = tuple(
    (m & 1) * _COST_ORE + (m >> 1 & 1) * _COST_GRAPES + (m >> 2 & 1) * _COST_OLIVES for m in range(8)
)
_SPECIAL_NAMES: Final = tuple(
    (_NAME_ORE,) * (m & 1) + (_NAME_GRAPES,) * (m >> 1 & 1) + (_NAME_OLIVES,) * (m >> 2 & 1) for m in range(8)
)
#: spots barred without a commodity held: (not strict, strict) (BUILD-7, R-3)
_BARRED: Final = (
    frozenset(s for s, row in enumerate(_ROWS) if row[12] and not row[13]),
    frozenset(s for s, row in enumerate(_ROWS) if row[12]),
)
#: per hex: (spot, its own wood gain) of the spots whose wood need reads its count (a country
#: hex), and (spot, its own stone gain) of those whose stone need does (a city hex)
_WOOD_GAINS_OF_HEX: Final = tuple(
    tuple((s, _GAIN_WOOD[s]) for s in range(_N_SPOTS) if h in _COUNTRY[s]) for h in range(_N_HEXES)
)
_STONE_GAINS_OF_HEX: Final = tuple(
    tuple((s, _GAIN_STONE[s]) for s in range(_N_SPOTS) if h in _CITY[s]) for h in range(_N_HEXES)
)
_HEXES: Final = range(_N_HEXES)

#: needs above this are never reached: a hex has at most this many spots, so at most that many houses
_MAX_NEED: Final = max(len(spots) for spots in BOARD.hex_spots) + 1
_ALL: Final = (1 << _N_SPOTS) - 1
#: per lacking-bits mask: the spots whose special requirements that lack does not touch
_SPECIAL_MET: Final = tuple(sum(1 << s for s in range(_N_SPOTS) if not _SPECIAL[s] & m) for m in range(8))
#: per fish left `f` from the lowest to the highest floor: the spots whose floor is at most `f`
_FLOOR_MIN, _FLOOR_MAX = min(_FISH_FLOOR), max(_FISH_FLOOR)
_FLOOR_LE: Final = tuple(
    sum(1 << s for s in range(_N_SPOTS) if _FISH_FLOOR[s] <= f) for f in range(_FLOOR_MIN, _FLOOR_MAX + 1)
)


def _floor_le(f: int) -> int:
    """The spots where `f` fish held before the house's own gains meet the fish floor."""
    if f >= _FLOOR_MAX:
        return _ALL
    return 0 if f < _FLOOR_MIN else _FLOOR_LE[f - _FLOOR_MIN]


_BARRED_MASK: Final = tuple(sum(1 << s for s in barred) for barred in _BARRED)
#: the cheapest trade (BUILD-8): with less fish no placement can trade for its shortfall
_CHEAPEST: Final = min(_COST_WOOD, _COST_STONE, _COST_ORE, _COST_GRAPES, _COST_OLIVES)


class _Table:
    """Per spot, the wood and stone a house there needs beyond its own gains, and per amount held
    `v` (0 to `_MAX_NEED`) the mask of the spots whose need is at most `v`."""

    __slots__ = ("stone", "stone_le", "wood", "wood_le")

    def __init__(self, wood: list[int], stone: list[int], wood_le: list[int], stone_le: list[int]) -> None:
        self.wood, self.stone, self.wood_le, self.stone_le = wood, stone, wood_le, stone_le


_tables: Final[dict[tuple[int, ...], _Table]] = {}
#: per hint (the seat): the last table asked for, the nearest to start from
_last: Final[dict[int, tuple[tuple[int, ...], _Table]]] = {}
_CACHE_SIZE: Final = 4096


def _need(counts: Sequence[int], hexes: tuple[int, ...], gain: int) -> int:
    need = 0
    for h in hexes:
        if counts[h] >= need:
            need = counts[h] + 1
    return need - gain if need > gain else 0


def _levels(needs: list[int]) -> list[int]:
    """Per level `v`, the mask of the spots whose need is at most `v`."""
    exactly = [0] * (_MAX_NEED + 1)
    for s, n in enumerate(needs):
        exactly[n] |= 1 << s
    levels = []
    mask = 0
    for bits in exactly:
        mask |= bits
        levels.append(mask)
    return levels


def _compute(counts: tuple[int, ...], near: tuple[tuple[int, ...], _Table] | None) -> _Table:
    """The table of `counts`: from the `near` table when its counts are nowhere higher (a
    seat's houses are only ever added; then a need can only rise, to the new count of a changed
    hex plus one, less the spot's own gain), else from scratch."""
    if near is not None:
        old, table = near
        changed = [h for h, a, b in zip(_HEXES, old, counts) if a != b]
        if all(counts[h] > old[h] for h in changed):
            wood, wood_le = _rise(counts, changed, _WOOD_GAINS_OF_HEX, table.wood, table.wood_le)
            stone, stone_le = _rise(counts, changed, _STONE_GAINS_OF_HEX, table.stone, table.stone_le)
            return _Table(wood, stone, wood_le, stone_le)
    wood = [_need(counts, _COUNTRY[s], _GAIN_WOOD[s]) for s in range(_N_SPOTS)]
    stone = [_need(counts, _CITY[s], _GAIN_STONE[s]) for s in range(_N_SPOTS)]
    return _Table(wood, stone, _levels(wood), _levels(stone))


def _rise(
    counts: tuple[int, ...],
    changed: list[int],
    gains_of_hex: tuple[tuple[tuple[int, int], ...], ...],
    needs: list[int],
    levels: list[int],
) -> tuple[list[int], list[int]]:
    """`needs` and their `levels` after the counts of the `changed` hexes rose (copies when
    anything changes: the tables are shared). `gains_of_hex[h]`: (spot, its own gain) of each
    spot whose need reads hex `h`."""
    copied = False
    for h in changed:
        top = counts[h] + 1
        for s, gain in gains_of_hex[h]:
            need = top - gain
            old = needs[s]
            if need > old:
                if not copied:
                    needs, levels, copied = needs[:], levels[:], True
                needs[s] = need
                if need == old + 1:  # the usual rise, by one house
                    levels[old] ^= 1 << s
                else:
                    bit = 1 << s
                    for v in range(old, need):
                        levels[v] ^= bit
    return needs, levels


def _table(counts: tuple[int, ...], hint: int) -> _Table:
    last = _last.get(hint)
    if last is not None and last[0] is counts:  # asked again within one decision: no hashing
        return last[1]
    found = _tables.get(counts)
    if found is None:
        found = _compute(counts, _last.get(hint))
        if len(_tables) >= _CACHE_SIZE:
            _tables.clear()
        _tables[counts] = found
    _last[hint] = (counts, found)
    return found


def needs_of(counts: tuple[int, ...], hint: int = -1) -> tuple[list[int], list[int]]:
    """Per spot, the wood and the stone a house there needs beyond its own gains (BUILD-2, BUILD-3,
    BUILD-6) for a seat with `counts` houses per hex. `hint` (the seat) names the last table
    to update from; the answer does not depend on it. Shared tables: do not modify."""
    table = _table(counts, hint)
    return table.wood, table.stone


def need_masks(counts: tuple[int, ...], hint: int = -1) -> tuple[list[int], list[int]]:
    """Per amount `v` held (0 to the highest need), the bit mask of the spots whose wood (stone)
    need is at most `v` (`needs_of`)."""
    table = _table(counts, hint)
    return table.wood_le, table.stone_le


@implements("BUILD-1", "BUILD-2", "BUILD-3", "BUILD-4", "BUILD-5", "BUILD-6", "BUILD-7", "BUILD-8", "R-3")
def house_placements(
    res: Sequence[int],
    com: Sequence[int],
    counts: tuple[int, ...],
    spots: Sequence[int],
    strict: bool,
    hint: int = -1,
) -> list[tuple[int, tuple[str, ...]]]:
    """The legal house placements among `spots` (ascending), each with its minimal fish trades:
    `ragusa.rules.requirements.placements` with `power=False`, from the tables above
    (`hint`: see `needs_of`)."""
    table = _table(counts, hint)
    wood_need, stone_need = table.wood, table.stone
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


def no_trade_mask(
    res: Sequence[int], com: Sequence[int], counts: tuple[int, ...], free: int, strict: bool, hint: int = -1
) -> int:
    """The mask of the spots among `free` (a mask) where a house is legal with no trade: every
    requirement met from holdings and the house's own gains (BUILD-1 to BUILD-7, R-3)."""
    wood_le, stone_le = need_masks(counts, hint)
    r_fish, r_wood, r_stone = res[0], res[1], res[2]
    lack = (1 if res[3] < 1 else 0) | (2 if res[4] < 1 else 0) | (4 if res[5] < 1 else 0)
    mask = free & _SPECIAL_MET[lack] & _floor_le(r_fish)
    mask &= _ALL if r_wood >= _MAX_NEED else wood_le[r_wood]
    mask &= _ALL if r_stone >= _MAX_NEED else stone_le[r_stone]
    if not (com[0] or com[1] or com[2]):
        mask &= ~_BARRED_MASK[strict]
    return mask


def trade_candidates(res: Sequence[int], com: Sequence[int], free: int, no_trade: int, strict: bool) -> int:
    """The spots among `free` that only trades could make legal: the fish held and the house's own
    fish must pay at least the cheapest trade and keep the spot's floor (BUILD-7, BUILD-8)."""
    mask = free & ~no_trade & _floor_le(res[0] - _CHEAPEST)
    if not (com[0] or com[1] or com[2]):
        mask &= ~_BARRED_MASK[strict]
    return mask


# --------------------------------------------------------------------------- free spots and the actions

#: the last board asked about: (houses, its free spots ascending, their mask)
_free: tuple[tuple[int, ...], list[int], int] = ((), [], 0)


def _free_of(houses: tuple[int, ...]) -> tuple[list[int], int]:
    global _free
    last, spots, mask = _free
    if houses is last:
        return spots, mask
    step = house_step(houses)
    if step is not None and step[0] is last:  # one piece placed since: update
        spot = step[1]
        if last[spot] == EMPTY and houses[spot] != EMPTY:
            spots = spots[:]
            spots.remove(spot)
            mask ^= 1 << spot
        _free = (houses, spots, mask)
        return spots, mask
    if houses == last:
        return spots, mask
    # pieces are only ever added: when the last free spots now taken account for every spot
    # taken since, the rest are exactly the free spots (else scan the whole board)
    gone = [s for s in spots if houses[s] != EMPTY] if len(last) == len(houses) else None
    if gone is not None and len(spots) - len(gone) == houses.count(EMPTY):
        if gone:
            spots = spots[:]
            for s in gone:
                spots.remove(s)
                mask ^= 1 << s
    else:
        spots = [s for s, owner in enumerate(houses) if owner == EMPTY]
        mask = sum(1 << s for s in spots)
    _free = (houses, spots, mask)
    return spots, mask


def free_spots(houses: tuple[int, ...]) -> list[int]:
    """The free spots, ascending. Shared: do not modify the list."""
    return _free_of(houses)[0]


def free_mask(houses: tuple[int, ...]) -> int:
    """The free spots as a bit mask (bit `s` for spot `s`)."""
    return _free_of(houses)[1]


_PLACE_HOUSE: Final[tuple[Place, ...]] = tuple(Place(s) for s in BOARD.spot_ids)
_N_BYTES: Final = (_N_SPOTS + 7) // 8
_T = TypeVar("_T")


def spot_byte_table(item: Callable[[int], _T]) -> tuple[tuple[tuple[_T, ...], ...], ...]:
    """Per byte `i` of a spot mask and its value `b`: `item(s)` for each spot `s` set there, ascending."""
    return tuple(
        tuple(tuple(item(8 * i + j) for j in range(8) if b >> j & 1 and 8 * i + j < _N_SPOTS) for b in range(256))
        for i in range(_N_BYTES)
    )


def expand_mask(mask: int, table: tuple[tuple[tuple[_T, ...], ...], ...]) -> list[_T]:
    """The items of `table` (a `spot_byte_table`) for the spots set in `mask`, ascending by spot."""
    out: list[_T] = []
    i = 0
    while mask:
        b = mask & 255
        if b:
            out.extend(table[i][b])
        mask >>= 8
        i += 1
    return out


#: per byte of a mask and its value: the spots of that byte, and their Place actions
SPOT_BYTES: Final = spot_byte_table(lambda s: s)
_BYTE_PLACES: Final = spot_byte_table(_PLACE_HOUSE.__getitem__)
_with_trades: Final[dict[tuple[int, tuple[str, ...]], Place]] = {}


def _place_with_trades(s: int, trades: tuple[str, ...]) -> Place:
    """`Place(spot, False, trades)`, one object per spot and trades."""
    key = (s, trades)
    place = _with_trades.get(key)
    if place is None:
        place = _with_trades[key] = Place(BOARD.spot_ids[s], False, trades)
    return place


def house_place(spot: int, trades: tuple[str, ...]) -> Place:
    """`Place(spot, False, trades)`: one object per spot and trades."""
    return _place_with_trades(spot, trades) if trades else _PLACE_HOUSE[spot]


def house_place_actions(
    res: Sequence[int], com: Sequence[int], counts: tuple[int, ...], houses: tuple[int, ...], strict: bool, hint: int
) -> list[Action]:
    """Every legal house placement on a free spot, ascending by spot, each with its minimal fish
    trades: the houses of `ragusa.rules.legal.placement_choices` as Place actions (its steps
    inline: this runs at every placement decision, where a call more costs the engine about 1%)."""
    free = free_mask(houses)
    ok = no_trade_mask(res, com, counts, free, strict, hint)
    candidates = trade_candidates(res, com, free, ok, strict)
    traded = (
        dict(house_placements(res, com, counts, expand_mask(candidates, SPOT_BYTES), strict, hint))
        if candidates
        else {}
    )
    if not traded:
        return expand_mask(ok, _BYTE_PLACES)
    out: list[Action] = []
    with_trades = 0
    for s in traded:
        with_trades |= 1 << s
    both = ok | with_trades
    i = 0
    while both:
        b = both & 255
        if b:
            if with_trades & 255:  # a byte with a placement that trades: spot by spot
                for s in SPOT_BYTES[i][b]:
                    t = traded.get(s)
                    out.append(_place_with_trades(s, t) if t else _PLACE_HOUSE[s])
            else:
                out.extend(_BYTE_PLACES[i][b])
        both >>= 8
        with_trades >>= 8
        i += 1
    return out
