"""The parts of the observation that `ragusa.ai.encoder` writes whole, built from the full state
at the offsets `ragusa.ai.observation_layout` declares, seats in absolute order.

Each part comes as a read-only float32 memoryview, ready to be written into a slice of the
vector in one step, or is written into the vector cell by cell. The parts a game meets again and
again (the decision, a seat's commodities and VP) are kept in bounded memos keyed by what they
show: public values only, so every encoder of every game may share them; those that take too many
values to keep (the placement being resolved, a seat's resources) are written cell by cell. `gather` gives
the indices that turn the seats of a vector so that a given seat is position 0; `owners_key` and
`changed_places` find the places a move changed on the board.
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

from ragusa.ai.observation_layout import LAYOUT, MAX_SEATS, OBS_SIZE, OPTION_FLAGS, PART, PARTS, SOLO_BOTS
from ragusa.core.state import EDITIONS, PHASES, GameState

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "commodities",
    "decision",
    "frozen",
    "game",
    "gather",
    "changed_places",
    "owners_key",
    "resolving",
    "resources",
    "solo",
    "vp",
    "zeros",
]

_PHASE = {p: i for i, p in enumerate(PHASES)}


class _Writable(Protocol):
    """Cells written by index: a list, or a float32 array's memoryview."""

    def __getitem__(self, i: int, /) -> float: ...
    def __setitem__(self, i: int, value: float, /) -> None: ...


def frozen(cells: Iterable[float]) -> memoryview[float]:
    """`cells` as a read-only float32 memoryview (a slice of the vector takes it in one write)."""
    return memoryview(array("f", cells).tobytes()).cast("f")


def zeros(n: int) -> memoryview[float]:
    """`n` zero cells, read-only."""
    return memoryview(bytes(4 * n)).cast("f")


#: per part, per field: where it starts in the part's block, its cells and its scale
_FIELDS = {p.name: {f.name: (p.at(f.name), f.size, f.scale) for f in p.fields} for p in PARTS}


class _Cells:
    """One part's cells being built, written by field name: a new list, or (`cells`, `start`) the
    part's cells from `start` in a vector being written, zero where the part is."""

    def __init__(self, part: str, cells: _Writable | None = None, start: int = 0) -> None:
        self.fields = _FIELDS[part]
        self.cells: _Writable = [0.0] * PART[part].size if cells is None else cells
        self.start = start

    def hot(self, field: str, i: int | None, add: bool = False) -> None:
        """Cell `i` of `field` set to one (added to, with `add`); None or outside: nothing."""
        at, size, _ = self.fields[field]
        if i is not None and 0 <= i < size:
            at += self.start + i
            self.cells[at] = self.cells[at] + 1.0 if add else 1.0

    def counts(self, field: str, counts: Iterable[float]) -> None:
        """`field`'s counts, each over the field's scale (as the specification divides)."""
        at, _, scale = self.fields[field]
        at += self.start
        for k, x in enumerate(counts):
            self.cells[at + k] = x / scale

    def done(self) -> memoryview[float]:
        """The cells built (of a new list) as a read-only memoryview."""
        assert isinstance(self.cells, list)
        return frozen(self.cells)


@functools.lru_cache(maxsize=1 << 12)
def decision(
    phase: str,
    seat: int | None,
    turn_seat: int | None,
    start_seat: int | None,
    passes: int,
    window_done: bool,
    end_seats: tuple[int, ...],
    placements: int,
) -> memoryview[float]:
    """The decision part (a one-hot by seat: absolute seats)."""
    part = _Cells("decision")
    part.hot("phase", _PHASE[phase])
    part.hot("seat", seat)
    part.hot("turn_seat", turn_seat)
    part.hot("start_seat", start_seat)
    part.counts("placements", (placements,))
    part.counts("passes", (passes,))
    part.counts("window_done", (float(window_done),))
    for e in end_seats:
        part.hot("end_seats", e, add=True)
    return part.done()


#: the resolving part's fields: where each starts in the part, and its cells
_PLACED, _PLACED_POWER, _PENDING, _CURRENT, _HEAD, _REST = (
    _FIELDS["resolving"][name][:2]
    for name in ("placed", "placed_power", "pending_hexes", "current_hex", "queue_head", "queue_rest")
)


def resolving(
    cells: _Writable,
    start: int,
    placed: int,
    placed_power: bool,
    pending_hexes: tuple[int, ...],
    current_hex: int,
    queue: tuple[int, ...],
) -> None:
    """The resolving part, written into `cells` from `start` (cleared there): the placement being
    resolved, its hexes and the queue (a few cells of the part's hundreds: written, not kept)."""
    for (at, size), i in ((_PLACED, placed), (_CURRENT, current_hex), (_HEAD, queue[0] if queue else -1)):
        if 0 <= i < size:
            cells[start + at + i] = 1.0
    if placed_power:
        cells[start + _PLACED_POWER[0]] = 1.0
    for (at, size), many in ((_PENDING, pending_hexes), (_REST, queue[1:])):
        for i in many:
            if 0 <= i < size:
                cells[start + at + i] += 1.0


def _scaled(counts: tuple[int, ...], field: str) -> memoryview[float]:
    scale = PART["seats"].field(field).scale
    return frozen([x / scale for x in counts])


#: where a seat's resources start in its block, and their scale
_RESOURCES_AT, _RESOURCE_SCALE = PART["seats"].at("resources"), PART["seats"].field("resources").scale


def resources(cells: _Writable, start: int, counts: tuple[int, ...]) -> None:
    """A seat's resources, each over the field's scale (as the specification divides), written into
    `cells` at the seat's block from `start` (they change at most moves, in too many ways to keep)."""
    at = start + _RESOURCES_AT
    for x in counts:
        cells[at] = x / _RESOURCE_SCALE
        at += 1


@functools.lru_cache(maxsize=1 << 12)
def commodities(counts: tuple[int, ...]) -> memoryview[float]:
    """A seat's commodities, each over the field's scale."""
    return _scaled(counts, "commodities")


@functools.lru_cache(maxsize=1 << 12)
def vp(counts: tuple[int, ...]) -> memoryview[float]:
    """A seat's VP by source, each over the field's scale."""
    return _scaled(counts, "vp")


def owners_key(owners: Sequence[int]) -> int:
    """The owners of places (a seat, or a negative marker: each -128..127) as one integer, a byte a
    place: the bytes of two keys differ at the places whose owner changed (`changed_places`)."""
    return int.from_bytes(array("b", owners).tobytes(), "little")


def changed_places(old: int, new: int) -> list[int]:
    """The places whose owner differs between two `owners_key`s, last first (a few integer
    operations a changed place, whatever the number of places)."""
    diff = old ^ new
    out: list[int] = []
    while diff:
        k = (diff.bit_length() - 1) >> 3
        out.append(k)
        diff &= (1 << (k << 3)) - 1
    return out


def game(s: GameState) -> memoryview[float]:
    """The game part: players one-hot, edition, options, solo flag."""
    part = _Cells("game")
    part.hot("players", len(s.players) - 1)
    part.hot("edition", EDITIONS.index(s.edition))
    part.counts("options", [float(getattr(s.options, name)) for name in OPTION_FLAGS])
    part.counts("solo", (float(s.solo is not None),))
    return part.done()


def solo(s: GameState) -> memoryview[float]:
    """The solo part: the bots' card and pair counts and the round (only their numbers)."""
    part, bots = _Cells("solo"), s.solo
    if bots is not None:
        part.counts("bot_cards", [len(c) for c in bots.bot_cards[:SOLO_BOTS]])
        part.counts("bot_pairs", [len(c) for c in bots.bot_pairs[:SOLO_BOTS]])
        part.counts("round", (bots.round,))
    return part.done()


@functools.lru_cache(maxsize=MAX_SEATS * MAX_SEATS)
def gather(n: int, viewer: int) -> npt.NDArray[np.intp]:
    """Where each cell of `viewer`'s vector comes from in a vector of `n` seats in absolute
    order, one cell past its end (`OBS_SIZE`: kept zero) for seats past the last. Shared: never
    written (it stays writable because numpy's `take` copies a read-only index array at every call)."""
    import numpy as np

    idx = list(range(OBS_SIZE))

    def turn(start: int, width: int) -> None:  # MAX_SEATS groups of `width` cells, one a seat
        for k in range(MAX_SEATS):
            src = start + (viewer + k) % n * width
            idx[start + k * width : start + (k + 1) * width] = range(src, src + width) if k < n else [OBS_SIZE] * width

    for p in PARTS:
        start = LAYOUT[p.name].start
        if p.seats:
            turn(start, p.block)
            continue
        for block in range(start, start + p.size, p.block):
            for f in p.fields:
                for r in range(f.repeat if f.seats else 0):
                    turn(block + p.at(f.name) + r * f.width, 1)
    return np.array(idx, np.intp)
