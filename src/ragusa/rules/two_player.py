"""Two-player rules: powerhouses (TWO-1 to TWO-8, R-9, R-10, R-11, ED-4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ragusa.core.board import BOARD, KIND_CITY
from ragusa.core.clauses import implements
from ragusa.core.errors import IllegalActionError
from ragusa.core.events import PowerhousesConverted
from ragusa.core.state import EMPTY, POWERHOUSE
from ragusa.core.work import Work

#: the city hexes around each spot (R-9 reads only these)
_SPOT_CITY_HEXES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(h for h in hexes if BOARD.hex_kind[h] == KIND_CITY) for hexes in BOARD.spot_hexes
)


def powerhouse_spot_refusal(houses: Sequence[int], spot: int, any_hex: bool = False) -> str | None:
    """Why a powerhouse may not go on `spot` (free or not aside), or None if it may: the words for
    what `powerhouse_mask` decides. TWO-2: only on a spot of the wall ring, and at most one
    powerhouse on any city hex (R-9); with `any_hex` (the option `powerhouse_any_hex`, R-9's literal
    reading) on any hex at all."""
    if not BOARD.spot_on_wall[spot]:
        return f"a powerhouse goes only on a spot of the wall ring; {BOARD.spot_ids[spot]} is not on it"
    limited = BOARD.spot_hexes[spot] if any_hex else _SPOT_CITY_HEXES[spot]
    for h in limited:
        for other in BOARD.hex_spots[h]:
            if houses[other] == POWERHOUSE:
                return f"{BOARD.hex_ids[h]} already has a powerhouse (on {BOARD.spot_ids[other]}); " + (
                    "one powerhouse per hex (option powerhouse_any_hex)" if any_hex else "one powerhouse per city hex"
                )
    return None


def _blocks(any_hex: bool) -> tuple[int, ...]:
    """Per spot `p`: the mask of the wall-ring spots a powerhouse on `p` bars (R-9): those with a
    hex that `powerhouse_spot_refusal` reads (a city hex; any hex with `any_hex`) holding `p`."""
    limited = BOARD.spot_hexes if any_hex else _SPOT_CITY_HEXES
    return tuple(
        sum(1 << s for s in BOARD.ring_spots if any(p in BOARD.hex_spots[h] for h in limited[s]))
        for p in range(len(BOARD.spot_ids))
    )


_BLOCKS: Final = (_blocks(False), _blocks(True))


#: the spots of the wall ring, as a mask
RING: Final = sum(1 << s for s in BOARD.ring_spots)


def _blocked(houses: tuple[int, ...], any_hex: bool) -> int:
    """The ring spots the powerhouses on `houses` bar (R-9)."""
    blocked = 0
    if POWERHOUSE in houses:
        blocks = _BLOCKS[any_hex]
        spot = -1
        for _ in range(houses.count(POWERHOUSE)):  # the powerhouses, found by C-level scans
            spot = houses.index(POWERHOUSE, spot + 1)
            blocked |= blocks[spot]
    return blocked


@implements("TWO-2", "R-9")
def powerhouse_mask(houses: tuple[int, ...], free: int, any_hex: bool = False) -> int:
    """The free spots (`free`, a mask) where a powerhouse may go (TWO-2, R-9; `any_hex`: see
    `powerhouse_spot_refusal`): the ring spots no powerhouse bars, from the masks of what each bars."""
    return free & RING & ~_blocked(houses, any_hex)


def powerhouse_spots(houses: tuple[int, ...], any_hex: bool = False) -> list[int]:
    """The free spots of `houses` where a powerhouse may go, in wall-ring order (`powerhouse_mask`)."""
    blocked = _blocked(houses, any_hex)
    return [s for s in BOARD.ring_spots if houses[s] == EMPTY and not blocked >> s & 1]


def ring_order(mask: int) -> list[int]:
    """The spots of `mask` on the wall ring, in wall-ring order."""
    return [s for s in BOARD.ring_spots if mask >> s & 1] if mask else []


def _any_powerhouse_spot(houses: tuple[int, ...], any_hex: bool) -> bool:
    blocked = _blocked(houses, any_hex)
    return any(houses[s] == EMPTY and not blocked >> s & 1 for s in BOARD.ring_spots)


@implements("TWO-8", "R-11", "ED-4")
def convert_stranded_powerhouses(w: Work, seat: int) -> None:
    """When no legal powerhouse spot is left, `seat`'s remaining powerhouses become ordinary houses.

    The 2nd edition states this (TWO-8); the library applies it to the 1st edition too (R-11, ED-4).
    """
    if w.powerhouses_left(seat) and not _any_powerhouse_spot(w.houses, w.options.powerhouse_any_hex):
        p = w.p(seat)
        count = p.powerhouses_left
        p.houses_left += count
        p.powerhouses_left = 0
        w.emit(PowerhousesConverted(seat, count))


def check_powerhouse(w: Work, seat: int, spot: int) -> None:
    """Say why `seat` may not place a powerhouse on `spot`, if the reason is the piece or the spot
    (TWO-1, TWO-2, R-9): the refusal of a placement the legal moves do not hold (the spot's freedom
    is checked by the caller)."""
    if w.n != 2:
        raise IllegalActionError("TWO-1", f"powerhouses exist only in the two-player game; this game has {w.n} players")
    if w.p(seat).powerhouses_left < 1:
        raise IllegalActionError("TWO-1", f"seat {seat} has no powerhouse left")
    why = powerhouse_spot_refusal(w.houses, spot, w.options.powerhouse_any_hex)
    if why is not None:
        raise IllegalActionError("R-9" if "one powerhouse" in why else "TWO-2", why)
