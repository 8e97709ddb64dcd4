"""Observation vectors from one seat's view (issue 13.2).

`observation` turns a `PlayerView` into a fixed-length float32 vector,
the same length in every mode (1 to 5 players, both editions). It reads the view only, so
nothing a seat cannot see can reach it. Seats are *relative*: position `k` of every per-seat
part is seat `(viewer + k) % players`, so position 0 is always the viewer; positions past the
number of players stay zero.

`LAYOUT` names each slice (`vec[LAYOUT["houses"]]`); `docs/ai.md` lists them.
Counts are scaled to about 0..1 by the constants in `SCALE`.

`information_state` appends what the seat itself did (its own actions, by action id).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ragusa.ai.ids import NUM_ACTIONS, action_id
from ragusa.contract.views import PlayerView
from ragusa.core.actions import Action
from ragusa.core.board import BOARD
from ragusa.core.components import COMMODITIES, COMPONENTS, RESOURCES
from ragusa.core.state import EDITIONS, PHASES, POWERHOUSE, RESERVED

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["INFO_LAYOUT", "INFO_SIZE", "LAYOUT", "OBS_SIZE", "information_state", "observation", "observation_list"]

#: the most seats a game has (SETUP-1)
MAX_SEATS = max(int(k) for k in COMPONENTS.pieces.houses if k.isdigit())
_N_SPOTS = len(BOARD.spot_ids)
_N_HEXES = len(BOARD.hex_ids)
_CARDS = {c.id: i for i, c in enumerate(COMPONENTS.bonus_cards)}
_SHIPS = {s.id: i for i, s in enumerate(COMPONENTS.ships)}
_TRACK = len(COMPONENTS.market.track)
_N_SLOTS = len(COMPONENTS.market.slots)
#: the options the observation shows, in order
OPTION_FLAGS = ("strict", "solo_human_first", "solo_easier_rector", "solo_harder")

#: divisors that bring counts to about 0..1
SCALE: dict[str, float] = {
    "resource": 10.0,
    "commodity": float(COMPONENTS.pieces.commodity_cap),
    "pieces": float(COMPONENTS.pieces.towers_per_player),
    "vp": 50.0,
    "cards": 4.0,
    "placements": 80.0,
    "history": 10.0,
}

Encoder = Callable[[PlayerView], list[float]]


def _rel(v: PlayerView, seat: int) -> int:
    return (seat - v.viewer) % len(v.players)


def _seat_onehot(v: PlayerView, seat: int | None) -> list[float]:
    out = [0.0] * MAX_SEATS
    if seat is not None and seat >= 0:
        out[_rel(v, seat)] = 1.0
    return out


def _onehot(n: int, i: int) -> list[float]:
    out = [0.0] * n
    if 0 <= i < n:
        out[i] = 1.0
    return out


def _multihot(n: int, idx: Sequence[int]) -> list[float]:
    out = [0.0] * n
    for i in idx:
        out[i] += 1.0
    return out


def _game(v: PlayerView) -> list[float]:
    return (
        _onehot(MAX_SEATS, len(v.players) - 1)
        + _onehot(len(EDITIONS), EDITIONS.index(v.edition))
        + [float(getattr(v.options, o)) for o in OPTION_FLAGS]
        + [float(v.solo is not None)]
    )


def _decision(v: PlayerView) -> list[float]:
    return (
        _onehot(len(PHASES), PHASES.index(v.phase))
        + _seat_onehot(v, v.seat)
        + _seat_onehot(v, v.turn_seat)
        + _seat_onehot(v, v.start_seat)
        + [v.placements / SCALE["placements"], v.passes / MAX_SEATS, float(v.window_done)]
        + _multihot(MAX_SEATS, [_rel(v, s) for s in v.end_seats])
    )


def _houses(v: PlayerView) -> list[float]:
    out: list[float] = []
    for owner in v.houses:
        cell = [0.0] * (MAX_SEATS + 2)
        if owner == POWERHOUSE:
            cell[MAX_SEATS] = 1.0
        elif owner == RESERVED:
            cell[MAX_SEATS + 1] = 1.0
        elif owner >= 0:
            cell[_rel(v, owner)] = 1.0
        out += cell
    return out


def _towers(v: PlayerView) -> list[float]:
    return [x for s in BOARD.tower_spots for x in _seat_onehot(v, v.towers[s])]


def _walls(v: PlayerView) -> list[float]:
    return [x for owner in v.walls for x in _seat_onehot(v, owner)]


def _market(v: PlayerView) -> list[float]:
    beads = [x for i in v.market for x in _onehot(_TRACK, i)]
    slots = [x for ship in v.slots for x in _onehot(len(_SHIPS) + 1, len(_SHIPS) if ship is None else _SHIPS[ship])]
    return beads + slots + [v.ship_deck_size / len(_SHIPS), v.bonus_deck_size / len(_CARDS)]


def _seats(v: PlayerView) -> list[float]:
    out: list[float] = []
    n = len(v.players)
    for k in range(MAX_SEATS):
        if k >= n:
            out += [0.0] * _SEAT_SIZE
            continue
        p = v.players[(v.viewer + k) % n]
        out += [1.0]
        out += [r / SCALE["resource"] for r in p.resources]
        out += [c / SCALE["commodity"] for c in p.commodities]
        out += [x / SCALE["pieces"] for x in (p.houses_left, p.powerhouses_left, p.towers_left)]
        out += [p.bonus_card_count / SCALE["cards"], p.dealt_count / SCALE["cards"], p.fish_traded / SCALE["vp"]]
        out += [x / SCALE["vp"] for x in p.vp]
        out += _multihot(len(_SHIPS), [_SHIPS[s] for s in p.ships])
        out += _multihot(len(_CARDS), [_CARDS[c] for c in p.bonus_cards or ()])
    return out


_SEAT_SIZE = 1 + len(RESOURCES) + len(COMMODITIES) + 3 + 3 + 7 + len(COMPONENTS.ships) + len(COMPONENTS.bonus_cards)


def _cards(v: PlayerView) -> list[float]:
    return (
        _multihot(len(_CARDS), [_CARDS[c] for c in v.dealt])
        + _multihot(len(_CARDS), [_CARDS[c] for c in v.rector_hand])
        + [v.rector_hand_size / 2.0]
    )


def _resolving(v: PlayerView) -> list[float]:
    return (
        _onehot(_N_SPOTS, v.placed)
        + [float(v.placed_power)]
        + _multihot(_N_HEXES, v.pending_hexes)
        + _onehot(_N_HEXES, v.current_hex)
        + _onehot(_N_SPOTS, v.queue[0] if v.queue else -1)
        + _multihot(_N_SPOTS, v.queue[1:])
    )


def _solo(v: PlayerView) -> list[float]:
    if v.solo is None:
        return [0.0] * 5
    cards = [c / 3.0 for c in v.solo.bot_card_counts[:2]]
    pairs = [c / 4.0 for c in v.solo.bot_pair_counts[:2]]
    return cards + pairs + [v.solo.round / 9.0]


def _legal(v: PlayerView) -> list[float]:
    return _multihot(NUM_ACTIONS, sorted({action_id(a) for a in v.legal_actions}))


#: the parts of an observation, in order: (name, encoder)
PARTS: tuple[tuple[str, Encoder], ...] = (
    ("game", _game),
    ("decision", _decision),
    ("houses", _houses),
    ("towers", _towers),
    ("walls", _walls),
    ("market", _market),
    ("seats", _seats),
    ("cards", _cards),
    ("resolving", _resolving),
    ("solo", _solo),
    ("legal", _legal),
)

#: what each part holds (the docs table)
PART_DOCS: dict[str, str] = {
    "game": "players one-hot (1..5), edition one-hot, options (strict, solo variants), solo flag",
    "decision": "phase one-hot, deciding / turn / start seat (relative one-hot), placements, passes, "
    "window_done, END-2 seats still to trade",
    "houses": "per spot: relative owner one-hot (5), powerhouse, solo reserved",
    "towers": "per tower spot: relative owner one-hot",
    "walls": "per wall segment: relative builder one-hot",
    "market": "per commodity: bead index one-hot; per slot: ship one-hot (+ empty); ship and bonus deck sizes",
    "seats": "per relative seat: present, resources, commodities, pieces left, bonus/dealt card counts, "
    "fish traded, VP by source, ships multi-hot, visible bonus cards multi-hot",
    "cards": "own dealt cards, own Rector hand (multi-hot), Rector hand size",
    "resolving": "spot being resolved, powerhouse flag, pending hexes, current hex, queue head and rest",
    "solo": "bot Patrician card counts, bot Rector pair counts, round",
    "legal": "the viewer's legal action ids (the action mask; zero when it does not decide)",
}


def _layout() -> tuple[dict[str, slice], int]:
    from ragusa.contract.views import view
    from ragusa.rules.game import new_game

    probe = view(new_game(2, seed=0), 0)
    out: dict[str, slice] = {}
    start = 0
    for name, enc in PARTS:
        n = len(enc(probe))
        out[name] = slice(start, start + n)
        start += n
    return out, start


LAYOUT, OBS_SIZE = _layout()
_HISTORY_START = OBS_SIZE
#: :func:`information_state`'s layout: the observation's, plus the seat's own action counts and last action
INFO_LAYOUT: dict[str, slice] = {
    **LAYOUT,
    "own_actions": slice(OBS_SIZE, OBS_SIZE + NUM_ACTIONS),
    "own_last": slice(OBS_SIZE + NUM_ACTIONS, OBS_SIZE + 2 * NUM_ACTIONS),
}
INFO_SIZE = OBS_SIZE + 2 * NUM_ACTIONS


def observation_list(v: PlayerView) -> list[float]:
    """`observation` as a plain list (no numpy)."""
    out: list[float] = []
    for _, enc in PARTS:
        out += enc(v)
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
