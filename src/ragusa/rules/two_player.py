"""Two-player rules: powerhouses (TWO-1 to TWO-8, R-9, R-10, R-11, ED-4)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from ragusa.core.board import BOARD, KIND_CITY
from ragusa.core.clauses import implements
from ragusa.core.errors import IllegalActionError, Refusal
from ragusa.core.events import PowerhousesConverted
from ragusa.core.scratch import Scratch
from ragusa.core.state import EMPTY, POWERHOUSE
from ragusa.rules.requirements import BoardFacts, board_facts, spots_holding

#: the city hexes around each spot (R-9 reads only these)
_SPOT_CITY_HEXES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(h for h in hexes if BOARD.hex_kind[h] == KIND_CITY) for hexes in BOARD.spot_hexes
)


@implements("R-9")
def _powerhouse_near(houses: Sequence[int], spot: int, any_hex: bool) -> tuple[int, int] | None:
    """R-9: a hex of `spot` that the rule reads (a city hex; any hex with `any_hex`) and that already
    has a powerhouse, with the spot it stands on; None if there is none."""
    for h in BOARD.spot_hexes[spot] if any_hex else _SPOT_CITY_HEXES[spot]:
        for other in BOARD.hex_spots[h]:
            if houses[other] == POWERHOUSE:
                return h, other
    return None


def powerhouse_refusal(houses: Sequence[int], spot: int, any_hex: bool = False) -> Refusal | None:
    """Why a powerhouse may not go on `spot` (free or not aside), or None if it may: the rule, once.

    TWO-2: a powerhouse goes only on a spot of the wall ring. R-9: at most one powerhouse on any
    city hex; with `any_hex` (the option `powerhouse_any_hex`, R-9's literal reading) on any hex at
    all (`_powerhouse_near`). The masks the legal moves use (`powerhouse_mask`) are worked out from
    the same two tests."""
    if not BOARD.spot_on_wall[spot]:
        return Refusal(
            "TWO-2", f"a powerhouse goes only on a spot of the wall ring; {BOARD.spot_ids[spot]} is not on it"
        )
    near = _powerhouse_near(houses, spot, any_hex)
    if near is None:
        return None
    h, other = near
    return Refusal(
        "R-9",
        f"{BOARD.hex_ids[h]} already has a powerhouse (on {BOARD.spot_ids[other]}); "
        + ("one powerhouse per hex (option powerhouse_any_hex)" if any_hex else "one powerhouse per city hex"),
    )


#: the spots of the wall ring, in ring order and as a mask
_RING_SPOTS: Final = BOARD.ring_spots
RING: Final = sum(1 << s for s in _RING_SPOTS)


def _bars(any_hex: bool) -> tuple[int, ...]:
    """Per spot `p`: the mask of the wall-ring spots that R-9 bars once a powerhouse stands on `p`
    alone (`_powerhouse_near`; a ring spot is on the wall, TWO-2): a table of the rule, so that a
    position's bars are an OR."""
    alone = [EMPTY] * len(BOARD.spot_ids)  # one board, a powerhouse put on each spot in turn
    bars = []
    for p in range(len(alone)):
        alone[p] = POWERHOUSE
        bars.append(sum(1 << s for s in BOARD.ring_spots if _powerhouse_near(alone, s, any_hex) is not None))
        alone[p] = EMPTY
    return tuple(bars)


_BARS: Final = (_bars(False), _bars(True))


@implements("TWO-2", "R-9")
def powerhouse_mask(power: int, free: int, any_hex: bool = False) -> int:
    """The free spots (`free`, a mask) where a powerhouse may go, with powerhouses on the spots of
    `power` (a mask, as `ragusa.rules.requirements.BoardFacts.power` keeps it): the ring spots
    `powerhouse_refusal` allows, from its table of what each powerhouse bars (an OR over `power`)."""
    free &= RING
    return free & ~_barred(power, any_hex) if power else free


@functools.lru_cache(maxsize=1024)
def _barred(power: int, any_hex: bool) -> int:
    """The ring spots R-9 bars with powerhouses on the spots of `power`: an OR of `_BARS` over them
    (kept: a board keeps the same powerhouses for many turns)."""
    bars = _BARS[any_hex]
    barred = 0
    while power:
        low = power & -power
        barred |= bars[low.bit_length() - 1]
        power ^= low
    return barred


def powerhouse_spots(houses: tuple[int, ...], any_hex: bool = False) -> list[int]:
    """The free spots of `houses` where a powerhouse may go, in wall-ring order (`powerhouse_mask`)."""
    free = sum(1 << s for s in _RING_SPOTS if houses[s] == EMPTY)
    return ring_order(powerhouse_mask(spots_holding(houses, POWERHOUSE), free, any_hex))


def _in_ring_order(part: tuple[int, ...]) -> tuple[int, dict[int, tuple[int, ...]]]:
    """A stretch `part` of the wall ring as a mask, and per subset of it (a mask) its spots in ring order."""
    orders: dict[int, tuple[int, ...]] = {}
    for bits in range(1 << len(part)):
        spots = tuple([s for k, s in enumerate(part) if bits >> k & 1])
        orders[sum(1 << s for s in spots)] = spots
    return sum(1 << s for s in part), orders


#: the wall ring in stretches of 8 spots: each stretch's mask, and its spots in ring order per subset
_RING_PARTS: Final = tuple(_in_ring_order(_RING_SPOTS[i : i + 8]) for i in range(0, len(_RING_SPOTS), 8))


def ring_order(mask: int) -> list[int]:
    """The spots of `mask` on the wall ring, in wall-ring order (read stretch by stretch from tables)."""
    if not mask:
        return []
    out: list[int] = []
    for part, orders in _RING_PARTS:
        out.extend(orders[mask & part])
    return out


@implements("TWO-8", "R-11", "ED-4")
def convert_stranded_powerhouses(w: Scratch, seat: int) -> None:
    """When no legal powerhouse spot is left, `seat`'s remaining powerhouses become ordinary houses.

    The 2nd edition states this (TWO-8); the library applies it to the 1st edition too (R-11, ED-4).
    """
    if not w.powerhouses_left(seat):
        return
    facts = w.facts  # kept with the board by `ragusa.rules.turn_flow.put_piece`
    if not isinstance(facts, BoardFacts) or facts.houses is not w.houses:  # a state made otherwise
        facts = w.facts = board_facts(w.houses, w.n, facts)
    if not powerhouse_mask(facts.power, facts.free, w.options.powerhouse_any_hex):
        p = w.p(seat)
        count = p.powerhouses_left
        p.houses_left += count
        p.powerhouses_left = 0
        w.emit(PowerhousesConverted, seat, count)


def check_powerhouse(w: Scratch, seat: int, spot: int) -> None:
    """Say why `seat` may not place a powerhouse on `spot`, if the reason is the piece or the spot
    (TWO-1, TWO-2, R-9): the refusal of a placement the legal moves do not hold (the spot's freedom
    is checked by the caller)."""
    if w.n != 2:
        raise IllegalActionError("TWO-1", f"powerhouses exist only in the two-player game; this game has {w.n} players")
    if w.p(seat).powerhouses_left < 1:
        raise IllegalActionError("TWO-1", f"seat {seat} has no powerhouse left")
    why = powerhouse_refusal(w.houses, spot, w.options.powerhouse_any_hex)
    if why is not None:
        raise IllegalActionError(why.rule, why.message)
