"""Sets of spots as bit masks (bit `s` for spot `s`): every spot, and a mask's spots listed
byte by byte from tables made once (`spot_byte_table`, `expand_mask`). Compiled in the optional
compiled build, with the rule modules that list a mask's spots at every placement."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from ragusa.core.board import BOARD

#: every spot, as a mask (bit `s` for spot `s`)
ALL_SPOTS: Final = (1 << len(BOARD.spot_ids)) - 1
#: per spot `s`, its bit (`1 << s`; made once: a mask of every spot is wider than a machine word)
SPOT_BITS: Final = tuple(1 << s for s in range(len(BOARD.spot_ids)))
#: bytes of a spot mask (`mask.to_bytes(MASK_BYTES, "little")`: byte `i` holds spots `8 * i` to `8 * i + 7`)
MASK_BYTES: Final = (len(BOARD.spot_ids) + 7) // 8
_T = TypeVar("_T")
#: what `spot_byte_table` gives: per byte `i` of a mask and its value `b`, the items of its spots
SpotByteTable = tuple[tuple[tuple[_T, ...], ...], ...]


def spot_byte_table(item: Callable[[int], _T]) -> SpotByteTable[_T]:
    """Per byte `i` of a spot mask and its value `b`: `item(s)` for each spot `s` set there, ascending."""
    n = len(BOARD.spot_ids)
    return tuple(
        tuple(tuple(item(8 * i + j) for j in range(8) if b >> j & 1 and 8 * i + j < n) for b in range(256))
        for i in range(MASK_BYTES)
    )


def expand_mask(mask: int, table: SpotByteTable[_T]) -> list[_T]:
    """The items of `table` (a `spot_byte_table`) for the spots set in `mask`, ascending by spot."""
    out: list[_T] = []
    data = mask.to_bytes(MASK_BYTES, "little")  # one conversion: a mask has more bits than a machine word
    for i in range(MASK_BYTES):
        b = data[i]
        if b:
            out.extend(table[i][b])
    return out


#: `spot_byte_table` of the spots themselves: `expand_mask(mask, SPOT_BYTES)` lists a mask's spots
SPOT_BYTES: Final = spot_byte_table(lambda s: s)
