"""Observation vectors from one seat's view: the specification.

`observation` turns a `PlayerView` into a fixed-length float32 vector,
the same length in every mode (1 to 5 players, both editions). It reads the view only, so
nothing a seat cannot see can reach it. Seats are *relative*: position `k` of every per-seat
part is seat `(viewer + k) % players`, so position 0 is always the viewer; positions past the
number of players stay zero.

The layout is declared in `ragusa.ai.observation_layout` (re-exported here): each part below
says what each of the part's fields shows, by name, and the declaration orders, sizes and
scales them. `LAYOUT` names each slice (`vec[LAYOUT["houses"]]`); `docs/ai.md` lists them.
Counts are scaled to about 0..1 by the constants in `SCALE`.

`information_state` appends what the seat itself did (its own actions, by action id).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from ragusa.ai.ids import NUM_ACTIONS, action_id
from ragusa.ai.observation_layout import (
    CARD_INDEX,
    INFO_LAYOUT,
    INFO_SIZE,
    LAYOUT,
    OBS_SIZE,
    OPTION_FLAGS,
    PART,
    PARTS,
    SCALE,
    SHIP_INDEX,
    SOLO_BOTS,
    Part,
)
from ragusa.contract.views import PlayerView
from ragusa.core.actions import Action
from ragusa.core.board import BOARD
from ragusa.core.state import EDITIONS, PHASES, POWERHOUSE, RESERVED

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

#: the layout's names the adapters and the docs use stay available here
__all__ = [
    "INFO_LAYOUT",
    "INFO_SIZE",
    "LAYOUT",
    "OBS_SIZE",
    "SCALE",
    "information_state",
    "observation",
    "observation_list",
]


class _Hot(tuple[int, ...]):
    """A field's cells set to one, by index (an index met twice counts two; one outside the
    field shows nothing); the other cells are zero."""


_NONE = _Hot()
#: a field's values: its counts, one per cell (divided by the field's scale), or a `_Hot`
_Cells = Sequence[float] | _Hot


def _block(part: Part, values: Mapping[str, _Cells] | None) -> list[float]:
    """One block of `part` from what each of its fields shows (None: zeros), in the declared order."""
    if values is None:
        return [0.0] * part.block
    if len(values) != len(part.fields):
        raise ValueError(f"the {part.name} part has fields {[f.name for f in part.fields]}; given {sorted(values)}")
    out: list[float] = []
    for f in part.fields:
        got = values[f.name]
        if isinstance(got, _Hot):
            cells = [0.0] * f.size
            for i in got:
                if 0 <= i < f.size:
                    cells[i] += 1.0
            out += cells
        elif len(got) == f.size:
            out += [x / f.scale for x in got]
        else:
            raise ValueError(f"{part.name}.{f.name} has {f.size} cells; given {len(got)} values")
    return out


def _places(part: Part, cells: Iterable[int | None]) -> list[float]:
    """A part of one block per place, one cell set in each (None: none), by its index in the block."""
    out = [0.0] * part.size
    for k, cell in enumerate(cells):
        if cell is not None:
            out[k * part.block + cell] = 1.0
    return out


def _rel(v: PlayerView, seat: int | None) -> int | None:
    """`seat`'s position relative to the viewer (None for None and negative seats)."""
    return None if seat is None or seat < 0 else (seat - v.viewer) % len(v.players)


def _one(i: int | None) -> _Hot:
    return _NONE if i is None else _Hot((i,))


def _cards(cards: Iterable[str]) -> _Hot:
    return _Hot(CARD_INDEX[c] for c in cards)


def _game(v: PlayerView) -> list[float]:
    return _block(
        PART["game"],
        {
            "players": _one(len(v.players) - 1),
            "edition": _one(EDITIONS.index(v.edition)),
            "options": [float(getattr(v.options, o)) for o in OPTION_FLAGS],
            "solo": [float(v.solo is not None)],
        },
    )


def _decision(v: PlayerView) -> list[float]:
    return _block(
        PART["decision"],
        {
            "phase": _one(PHASES.index(v.phase)),
            "seat": _one(_rel(v, v.seat)),
            "turn_seat": _one(_rel(v, v.turn_seat)),
            "start_seat": _one(_rel(v, v.start_seat)),
            "placements": [v.placements],
            "passes": [v.passes],
            "window_done": [float(v.window_done)],
            "end_seats": _Hot(r for r in (_rel(v, s) for s in v.end_seats) if r is not None),
        },
    )


_HOUSES = PART["houses"]
#: a spot's cell for each owner that is not a seat
_HOUSE_CELL = {POWERHOUSE: _HOUSES.at("powerhouse"), RESERVED: _HOUSES.at("reserved")}


def _houses(v: PlayerView) -> list[float]:
    at, viewer, n = _HOUSES.at("owner"), v.viewer, len(v.players)
    return _places(_HOUSES, (at + (o - viewer) % n if o >= 0 else _HOUSE_CELL.get(o) for o in v.houses))


def _towers(v: PlayerView) -> list[float]:
    return _places(PART["towers"], (_rel(v, v.towers[s]) for s in BOARD.tower_spots))


def _walls(v: PlayerView) -> list[float]:
    return _places(PART["walls"], (_rel(v, owner) for owner in v.walls))


def _market(v: PlayerView) -> list[float]:
    market = PART["market"]
    beads, slots = market.field("beads").width, market.field("slots").width
    return _block(
        market,
        {
            "beads": _Hot(k * beads + i for k, i in enumerate(v.market) if 0 <= i < beads),
            "slots": _Hot(k * slots + (slots - 1 if s is None else SHIP_INDEX[s]) for k, s in enumerate(v.slots)),
            "ship_deck": [v.ship_deck_size],
            "bonus_deck": [v.bonus_deck_size],
        },
    )


def _seat_view(v: PlayerView, k: int) -> dict[str, _Cells] | None:
    """What relative seat `k`'s block shows (None: a seat past the last)."""
    n = len(v.players)
    if k >= n:
        return None
    p = v.players[(v.viewer + k) % n]
    return {
        "present": [1.0],
        "resources": p.resources,
        "commodities": p.commodities,
        "houses_left": [p.houses_left],
        "powerhouses_left": [p.powerhouses_left],
        "towers_left": [p.towers_left],
        "bonus_card_count": [p.bonus_card_count],
        "dealt_count": [p.dealt_count],
        "fish_traded": [p.fish_traded],
        "vp": p.vp,
        "ships": _Hot(SHIP_INDEX[s] for s in p.ships),
        "bonus_cards": _cards(p.bonus_cards or ()),
    }


def _seat_blocks(v: PlayerView) -> list[float]:
    seats, out = PART["seats"], []
    for k in range(seats.repeat):
        out += _block(seats, _seat_view(v, k))
    return out


def _own_cards(v: PlayerView) -> list[float]:
    return _block(
        PART["cards"],
        {"dealt": _cards(v.dealt), "rector_hand": _cards(v.rector_hand), "rector_hand_size": [v.rector_hand_size]},
    )


def _resolving(v: PlayerView) -> list[float]:
    return _block(
        PART["resolving"],
        {
            "placed": _one(v.placed),
            "placed_power": [float(v.placed_power)],
            "pending_hexes": _Hot(v.pending_hexes),
            "current_hex": _one(v.current_hex),
            "queue_head": _Hot(v.queue[:1]),
            "queue_rest": _Hot(v.queue[1:]),
        },
    )


def _solo(v: PlayerView) -> list[float]:
    solo = v.solo
    if solo is None:
        return _block(PART["solo"], None)
    return _block(
        PART["solo"],
        {
            "bot_cards": solo.bot_card_counts[:SOLO_BOTS],
            "bot_pairs": solo.bot_pair_counts[:SOLO_BOTS],
            "round": [solo.round],
        },
    )


def _legal(v: PlayerView) -> list[float]:
    return _block(PART["legal"], {"ids": _Hot(sorted({action_id(a) for a in v.legal_actions}))})


#: each part's cells, by part name
_SHOWN: dict[str, Callable[[PlayerView], list[float]]] = {
    "game": _game,
    "decision": _decision,
    "houses": _houses,
    "towers": _towers,
    "walls": _walls,
    "market": _market,
    "seats": _seat_blocks,
    "cards": _own_cards,
    "resolving": _resolving,
    "solo": _solo,
    "legal": _legal,
}


def observation_list(v: PlayerView) -> list[float]:
    """`observation` as a plain list (no numpy)."""
    out: list[float] = []
    for part in PARTS:
        cells = _SHOWN[part.name](v)
        if len(cells) != part.size:
            raise ValueError(f"the {part.name} part has {part.size} cells; given {len(cells)}")
        out += cells
    return out


def observation(v: PlayerView) -> npt.NDArray[np.float32]:
    """The float32 vector of length `OBS_SIZE` for `v`'s viewer (layout `LAYOUT`)."""
    import numpy as np

    return np.asarray(observation_list(v), dtype=np.float32)


def information_state(v: PlayerView, own_history: Sequence[Action]) -> npt.NDArray[np.float32]:
    """`observation` plus what the viewer itself did: `own_history` is its own actions so
    far, in order; appended are how often it took each action id (scaled) and its last one."""
    import numpy as np

    counts = [0.0] * NUM_ACTIONS
    last = [0.0] * NUM_ACTIONS
    for a in own_history:
        counts[action_id(a)] += 1.0 / SCALE["history"]
    if own_history:
        last[action_id(own_history[-1])] = 1.0
    return np.asarray(observation_list(v) + counts + last, dtype=np.float32)
