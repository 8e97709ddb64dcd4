"""The fixed parts of `ragusa.ai.encoder`: where each value sits in the observation vector, each
seat's gather, and the tables of parts shared by every encoder (issue 14.5).

The tables hold parts of the vector by what they show (the decision, the placement being
resolved, a seat's resources, commodities and VP): public values only, so any encoder of any
game may reuse them. Each is bounded: emptied when it grows past its maximum.
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Protocol, cast

from ragusa.ai.observation import LAYOUT, MAX_SEATS, OBS_SIZE, OPTION_FLAGS, SCALE
from ragusa.core.board import BOARD
from ragusa.core.components import COMMODITIES, COMPONENTS, RESOURCES
from ragusa.core.state import EDITIONS, PHASES, GameState

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

_N_SPOTS = len(BOARD.spot_ids)
_N_HEXES = len(BOARD.hex_ids)
_CARDS = {c.id: i for i, c in enumerate(COMPONENTS.bonus_cards)}
_SHIPS = {s.id: i for i, s in enumerate(COMPONENTS.ships)}
_TRACK = len(COMPONENTS.market.track)
_PHASE = {p: i for i, p in enumerate(PHASES)}
_CELL = MAX_SEATS + 2  # a spot of the houses part: owner (5 seats), powerhouse, reserved
_SEAT = (LAYOUT["seats"].stop - LAYOUT["seats"].start) // MAX_SEATS  # one seat's block
_BONUS_AT = _SEAT - len(_CARDS)  # where a seat's bonus cards start in its block
_SHIPS_AT = _BONUS_AT - len(_SHIPS)  # where its ships start
_TOWER_SPOTS = tuple(BOARD.tower_spots)
#: the tower spots' entries of `GameState.towers` (one per spot), in the observation's order
_PICK_TOWERS: Callable[[tuple[int, ...]], tuple[int, ...]] = (
    itemgetter(*_TOWER_SPOTS) if len(_TOWER_SPOTS) > 1 else lambda t: tuple(t[i] for i in _TOWER_SPOTS)
)
_R, _C, _P, _V = SCALE["resource"], SCALE["commodity"], SCALE["pieces"], SCALE["vp"]
_SEATS, _CARDS_AT, _LEGAL = LAYOUT["seats"].start, LAYOUT["cards"].start, LAYOUT["legal"].start
_DECISION, _RESOLVING = LAYOUT["decision"], LAYOUT["resolving"]


def _zeros(n: int) -> array[float]:
    return array("f", bytes(4 * n))


_CELL_CLEAR = {MAX_SEATS: _zeros(MAX_SEATS), _CELL: _zeros(_CELL)}
#: where a seat's commodities and pieces left start in its block (after present and resources)
_COMMODITIES_AT = 1 + len(RESOURCES)
_PIECES_AT = _COMMODITIES_AT + len(COMMODITIES)
_DEALT_AT = _PIECES_AT + 4  # its dealt cards' count
_VP_AT = _PIECES_AT + 6  # its VP by source
_CLEAR_SHIPS = _zeros(len(_SHIPS))
_CLEAR_CARDS = _zeros(len(_CARDS))
#: a seat's ships and bonus cards, cleared
_SEAT_TAIL = _zeros(_SEAT - _SHIPS_AT)
#: the public buffer's last element: always zero, gathered where a seat sees nothing
_ZERO = OBS_SIZE
#: the cards part: the seat's own dealt cards, then the Rector's drawn cards (when it decides)
_OWN_DEALT = slice(_CARDS_AT, _CARDS_AT + len(_CARDS))
_RECTOR_AT = _CARDS_AT + len(_CARDS)
#: the seat's own bonus cards, in its block (position 0)
_OWN_BONUS = _SEATS + _BONUS_AT
_HOUSES, _TOWERS, _WALLS = LAYOUT["houses"], LAYOUT["towers"], LAYOUT["walls"]
_DECISION_START = _DECISION.start
_PLACEMENTS = SCALE["placements"]
#: the decision part's seat groups: deciding, turn and start seat, then the END-2 seats
_DECISION_SEATS = LAYOUT["decision"].start + len(PHASES)
_END_SEATS = _DECISION_SEATS + 3 * MAX_SEATS + 3


class _Floats(Protocol):
    """A float32 array's elements, read and written as Python floats, and its slices written
    from `array("f")` values (a memoryview: no numpy call per write)."""

    def __getitem__(self, i: int, /) -> float: ...
    def __setitem__(self, i: int | slice, value: float | array[float], /) -> None: ...


#: per part, zeros to clear it with (by its name, and by where it starts)
_CLEAR = {part: _zeros(sl.stop - sl.start) for part, sl in LAYOUT.items()}
_CLEAR_OF = {LAYOUT[part].start: zeros for part, zeros in _CLEAR.items()}
_CLEAR_DECISION, _CLEAR_RESOLVING = _CLEAR["decision"], _CLEAR["resolving"]


def _floats(array: npt.NDArray[np.float32]) -> _Floats:
    """Element access to `array` at Python speed (indexing the array itself makes a numpy
    scalar per read and checks types per write)."""
    return cast(_Floats, array.data)


def _groups() -> list[int]:
    """The start of every group of `MAX_SEATS` cells that holds one cell per seat."""
    starts = [_DECISION_SEATS + g * MAX_SEATS for g in range(3)] + [_END_SEATS]
    starts += [LAYOUT["houses"].start + s * _CELL for s in range(_N_SPOTS)]
    starts += [LAYOUT["towers"].start + t * MAX_SEATS for t in range(len(_TOWER_SPOTS))]
    starts += [LAYOUT["walls"].start + w * MAX_SEATS for w in range(len(BOARD.wall_ids))]
    return starts


@functools.cache
def _turn(n: int, viewer: int) -> npt.NDArray[np.intp]:
    """Where each element of `viewer`'s vector comes from in the public buffer (absolute seats)."""
    import numpy as np

    idx = list(range(OBS_SIZE))
    for base in _groups():
        for k in range(MAX_SEATS):
            idx[base + k] = base + (viewer + k) % n if k < n else _ZERO
    for k in range(MAX_SEATS):
        block = _SEATS + ((viewer + k) % n) * _SEAT
        for j in range(_SEAT):
            idx[_SEATS + k * _SEAT + j] = block + j if k < n else _ZERO
    return np.array(idx, np.intp)


#: per number of seats, the decision part by (phase, seat, turn seat, start seat, passes, window
#: done, END-2 seats, placements): one array per combination met (about 2,200 in 200 games of 4),
#: shared by every encoder (a table is emptied when it grows past `_DECISIONS_MAX`)
_DECISIONS: dict[int, dict[tuple[object, ...], array[float]]] = {}
_DECISIONS_MAX = 1 << 12
_PLACEMENTS_AT = _END_SEATS - 3  # the placements' cell, after the three seat one-hots
_HOUSES_START = LAYOUT["houses"].start
_DECKS_AT = LAYOUT["market"].stop - 2  # the market part ends with the decks' sizes


def _decision(
    n: int, s: GameState, key: tuple[object, ...], table: dict[tuple[object, ...], array[float]]
) -> array[float]:
    """The decision part of `s` with `n` seats; kept in `table` under `key`."""
    part = _zeros(_DECISION.stop - _DECISION.start)
    part[_PHASE[s.phase]] = 1.0
    at = _DECISION_SEATS - _DECISION_START
    for who in (s.seat, s.turn_seat, s.start_seat):
        if who is not None and who >= 0:
            part[at + who % n] = 1.0
        at += MAX_SEATS
    part[at + 1], part[at + 2] = s.passes / MAX_SEATS, float(s.window_done)
    for e in s.end_seats:
        part[_END_SEATS - _DECISION_START + e % n] += 1.0
    part[_PLACEMENTS_AT - _DECISION_START] = s.placements / _PLACEMENTS
    if len(table) >= _DECISIONS_MAX:
        table.clear()
    table[key] = part
    return part


#: a seat's resources, commodities and VP by source as the vector shows them (each count over
#: its scale), by the counts: shared by every encoder, each emptied past `_DECISIONS_MAX` entries
_RESOURCES: dict[tuple[int, ...], array[float]] = {}
_COMMODITIES: dict[tuple[int, ...], array[float]] = {}
_VPS: dict[tuple[int, ...], array[float]] = {}


def _scaled(table: dict[tuple[int, ...], array[float]], counts: tuple[int, ...], scale: float) -> array[float]:
    """`counts`, each over `scale` (as the specification divides), kept in `table`."""
    if len(table) >= _DECISIONS_MAX:
        table.clear()
    part = table[counts] = array("f", [x / scale for x in counts])
    return part


#: the resolving part by what it shows (placed, placed_power, pending_hexes, current_hex,
#: queue): shared, emptied past `_RESOLVINGS_MAX` entries
_RESOLVINGS: dict[tuple[object, ...], array[float]] = {}
_RESOLVINGS_MAX = 1 << 10


def _resolving(s: GameState, key: tuple[object, ...]) -> array[float]:
    """The resolving part of `s`, kept in `_RESOLVINGS` under `key`."""
    part = _zeros(_RESOLVING.stop - _RESOLVING.start)
    if 0 <= s.placed < _N_SPOTS:
        part[s.placed] = 1.0
    part[_N_SPOTS] = float(s.placed_power)
    at = _N_SPOTS + 1
    for h in s.pending_hexes:
        part[at + h] += 1.0
    at += _N_HEXES
    if 0 <= s.current_hex < _N_HEXES:
        part[at + s.current_hex] = 1.0
    at += _N_HEXES
    if s.queue and 0 <= s.queue[0] < _N_SPOTS:
        part[at + s.queue[0]] = 1.0
    at += _N_SPOTS
    for spot in s.queue[1:]:
        part[at + spot] += 1.0
    if len(_RESOLVINGS) >= _RESOLVINGS_MAX:
        _RESOLVINGS.clear()
    _RESOLVINGS[key] = part
    return part


_GAME, _SOLO = LAYOUT["game"], LAYOUT["solo"]


def _game_part(n: int, s: GameState) -> array[float]:
    """The game part of a game of `n` seats: players one-hot, edition, options, solo flag."""
    part = _zeros(_GAME.stop - _GAME.start)
    if n <= MAX_SEATS:
        part[n - 1] = 1.0
    at = MAX_SEATS
    part[at + EDITIONS.index(s.edition)] = 1.0
    at += len(EDITIONS)
    for k, name in enumerate(OPTION_FLAGS):
        part[at + k] = float(getattr(s.options, name))
    part[at + len(OPTION_FLAGS)] = float(s.solo is not None)
    return part


def _solo_part(s: GameState) -> array[float]:
    """The solo part: the bots' card and pair counts and the round (only their numbers)."""
    part, solo = _zeros(_SOLO.stop - _SOLO.start), s.solo
    if solo is not None:
        values = [len(c) / 3.0 for c in solo.bot_cards[:2]] + [len(c) / 4.0 for c in solo.bot_pairs[:2]]
        values.append(solo.round / 9.0)
        part[: len(values)] = array("f", values)
    return part
