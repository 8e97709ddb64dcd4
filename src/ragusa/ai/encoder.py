"""Observation vectors encoded straight from the full state, fast (issue 14.5).

`ragusa.ai.observation.observation(view(state, seat))` is the specification: it goes
through the seat's `PlayerView`, which lists the legal actions again, and builds the vector
as a Python list. The adapters need a vector at every decision, so `ObservationEncoder`
writes the same vector from the state itself in two steps:

* the *public* part (everything every seat sees: the board, the market, each seat's open
  holdings, the decision) is kept in a float32 buffer with seats in absolute order; from one
  call to the next only the parts whose inputs changed are rewritten (a move changes a few
  spots, a seat's holdings and the decision). What it writes there never depends on a bonus
  card in a hand before the game is over, a deck's order, the Rector's drawn cards or the solo
  bots' cards (only their numbers); the objects it keeps to tell what changed are compared,
  never encoded;
* the seat's vector is one gather from that buffer (seats turned so the seat is position 0),
  then its *private* part is written in: its own bonus cards, its own dealt cards, and when it
  decides the Rector's drawn cards and its legal ids (taken from the caller, who has them).

Tests check it equals the specification on every state of random games of every mode.

Examples:
    >>> from ragusa.ai.encoder import ObservationEncoder
    >>> from ragusa.ai.observation import observation
    >>> from ragusa.contract.views import view
    >>> from ragusa.rules.game import new_game
    >>> state = new_game(3, seed=5)
    >>> bool((ObservationEncoder().observe(state, 1) == observation(view(state, 1))).all())
    True
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from operator import is_not, itemgetter, ne
from typing import TYPE_CHECKING, Protocol, cast

from ragusa.ai.ids import NUM_ACTIONS, action_id, legal_ids
from ragusa.ai.observation import INFO_SIZE, LAYOUT, MAX_SEATS, OBS_SIZE, OPTION_FLAGS, SCALE
from ragusa.core.actions import Action
from ragusa.core.board import BOARD
from ragusa.core.components import COMMODITIES, COMPONENTS, RESOURCES
from ragusa.core.state import EDITIONS, EMPTY, PHASE_OVER, PHASES, POWERHOUSE, RESERVED, GameState, PlayerState
from ragusa.core.work import house_step

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["ObservationEncoder", "encode_information_state", "encode_observation"]

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


#: per number of seats, the decision part (but its placements) by (phase, seat, turn seat,
#: start seat, passes, window done, END-2 seats): one array per combination met, shared by every
#: encoder (a table is emptied when it grows past `_DECISIONS_MAX`)
_DECISIONS: dict[int, dict[tuple[object, ...], array[float]]] = {}
_DECISIONS_MAX = 1 << 12
_PLACEMENTS_AT = _END_SEATS - 3  # the placements' cell, after the three seat one-hots
_HOUSES_START = LAYOUT["houses"].start
_DECKS_AT = LAYOUT["market"].stop - 2  # the market part ends with the decks' sizes
_HOUSE_CLEAR = _CELL_CLEAR[_CELL]


def _decision(n: int, s: GameState, table: dict[tuple[object, ...], array[float]]) -> array[float]:
    """The decision part of `s` with `n` seats, its placements left zero; kept in `table`."""
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
    if len(table) >= _DECISIONS_MAX:
        table.clear()
    table[(s.phase, s.seat, s.turn_seat, s.start_seat, s.passes, s.window_done, s.end_seats)] = part
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


class _Public:
    """The public part of every seat's vector (what all seats see), seats in absolute order, and
    the parts of the last state it was written from: kept to tell what changed (compared,
    never encoded). Nothing hidden is written here: no bonus card in a hand before the game
    is over, no deck's order, no dealt or drawn card (only their numbers)."""

    __slots__ = (
        "buf",
        "dealt",
        "decision",
        "decisions",
        "head",
        "houses",
        "mv",
        "n",
        "over",
        "placements",
        "players",
        "rare",
        "refs",
        "resolving",
        "state",
        "towers",
        "turns",
        "walls",
    )

    def __init__(self, n: int) -> None:
        import numpy as np

        self.buf = np.zeros(OBS_SIZE + 1, np.float32)  # the last element stays zero (see `_turn`)
        self.mv = _floats(self.buf)  # element writes at Python speed
        self.n = n
        self.head = self.buf[:OBS_SIZE]  # seat 0's public vector
        self.turns = [_turn(n, v) for v in range(n)]  # each seat's gather
        self.state: GameState | None = None
        self.decision: object = None
        self.decisions = _DECISIONS.setdefault(n, {})  # shared by every encoder of n seats
        self.placements = -1
        self.resolving: object = None
        self.rare: object = None
        self.refs: tuple[object, ...] | None = None
        self.houses: tuple[int, ...] | None = None
        self.towers: tuple[int, ...] | None = None
        self.walls: tuple[int, ...] | None = None
        self.players: tuple[PlayerState, ...] | None = None
        self.dealt: tuple[tuple[str, ...], ...] | None = None
        self.over: bool | None = None

    def sync(self, s: GameState) -> None:
        """Rewrite the parts whose inputs differ from the last state's: parts that are shared
        objects of the frozen states (unchanged by a move: the very same object) by identity first."""
        self.state = s
        mv, n = self.mv, self.n
        # the decision: the part but its placements, from a table by the fields it shows
        key = (s.phase, s.seat, s.turn_seat, s.start_seat, s.passes, s.window_done, s.end_seats)
        if key != self.decision:
            self.decision = key
            part = self.decisions.get(key)
            if part is None:
                part = _decision(n, s, self.decisions)
            mv[_DECISION] = part
            self.placements = -1  # cleared: written below
        if s.placements != self.placements:
            self.placements = s.placements
            mv[_PLACEMENTS_AT] = s.placements / _PLACEMENTS
        # the board
        houses = s.houses
        if houses is not self.houses:
            old = self.houses
            self.houses = houses
            step = house_step(houses)
            if step is not None and step[0] is old:
                # the engine made this board from the last one by writing one spot: only it changed
                cell = _HOUSES_START + step[1] * _CELL
                owner = houses[step[1]]
                mv[cell : cell + _CELL] = _HOUSE_CLEAR
                if owner >= 0:
                    mv[cell + owner % n] = 1.0
                elif owner == POWERHOUSE:
                    mv[cell + MAX_SEATS] = 1.0
                elif owner == RESERVED:
                    mv[cell + MAX_SEATS + 1] = 1.0
            else:
                self._owners(_HOUSES, old, houses, _CELL)
        towers = s.towers
        if towers is not self.towers:
            old = self.towers
            self.towers = towers
            self._owners(_TOWERS, None if old is None else _PICK_TOWERS(old), _PICK_TOWERS(towers), MAX_SEATS)
        walls = s.walls
        if walls is not self.walls:
            old = self.walls
            self.walls = walls
            self._owners(_WALLS, old, walls, MAX_SEATS)
        # the seats: most moves change one seat's holdings (a new object), nothing else of them
        over = s.phase == PHASE_OVER
        players, dealt = s.players, s.dealt
        if players is not self.players or dealt is not self.dealt or over is not self.over:
            ps = self.players
            if ps is not None and not over and self.over is False and len(ps) == n:
                self.players = players
                for i in compress(range(n), map(is_not, players, ps)):
                    self._seat_changes(_SEATS + i * _SEAT, ps[i], players[i])
                if dealt is not self.dealt:  # the setup's cards (SETUP-6): each seat's count
                    self.dealt = dealt
                    for i in range(n):
                        mv[_SEATS + i * _SEAT + _DEALT_AT] = (len(dealt[i]) if i < len(dealt) else 0) / 4.0
            else:
                self._seats(s, over)
        # the placement being resolved
        resolving = (s.placed, s.placed_power, s.pending_hexes, s.current_hex, s.queue)
        if resolving != self.resolving:
            self.resolving = resolving
            mv[_RESOLVING] = _RESOLVINGS.get(resolving) or _resolving(s, resolving)
        # what changes seldom, checked at once by identity: then each part by what it shows (the
        # decks by their sizes only: their order is hidden)
        refs = (s.market, s.slots, s.ship_deck, s.bonus_deck, s.rector_hand, s.solo, s.options, s.edition)
        if refs != self.refs:
            was = self.refs
            self.refs = refs
            if was is None or refs[5:] != was[5:]:  # another game, or the solo round
                self._game(s)
                self._solo(s)
            market = (s.market, s.slots)
            if market != self.rare:
                self.rare = market
                self._market(s)
            else:  # a deck's size only (a draw)
                mv[_DECKS_AT], mv[_DECKS_AT + 1] = len(s.ship_deck) / len(_SHIPS), len(s.bonus_deck) / len(_CARDS)
            mv[_CARDS_AT + 2 * len(_CARDS)] = len(s.rector_hand) / 2.0

    def _owners(self, part: slice, old: tuple[int, ...] | None, owners: tuple[int, ...], width: int) -> None:
        """A per-place part (houses, towers, walls): one owner cell per place; only the places
        whose owner changed are rewritten."""
        if old is not None and (old is owners or old == owners):
            return
        if old is None or len(old) != len(owners):
            old = (EMPTY,) * len(owners)
            self.mv[part] = _CLEAR_OF[part.start]
        self._places(part.start, owners, compress(range(len(owners)), map(ne, old, owners)), width)

    def _places(self, base: int, owners: tuple[int, ...], changed: Iterable[int], width: int) -> None:
        """The owner cells of the places `changed`."""
        mv, n, zeros = self.mv, self.n, _CELL_CLEAR[width]
        for k in changed:
            cell, now = base + k * width, owners[k]
            mv[cell : cell + width] = zeros
            if now >= 0:
                mv[cell + now % n] = 1.0
            elif now == POWERHOUSE:
                mv[cell + MAX_SEATS] = 1.0
            elif now == RESERVED:
                mv[cell + MAX_SEATS + 1] = 1.0

    def _seats(self, s: GameState, over: bool) -> None:
        """Every seat's block: its bonus cards shown once the game is over."""
        players, dealt = s.players, s.dealt
        self.players, self.dealt, self.over = players, dealt, over
        for i, p in enumerate(players):
            self._seat(_SEATS + i * _SEAT, p, over, len(dealt[i]) if i < len(dealt) else 0)

    def _seat(self, at: int, p: PlayerState, shown: bool, dealt: int) -> None:
        values = array(
            "f",
            [
                1.0,
                *map(_R.__rtruediv__, p.resources),  # x / _R for each, as the specification divides
                *map(_C.__rtruediv__, p.commodities),
                p.houses_left / _P,
                p.powerhouses_left / _P,
                p.towers_left / _P,
                len(p.bonus_cards) / 4.0,
                dealt / 4.0,
                p.fish_traded / _V,
                *map(_V.__rtruediv__, p.vp),
            ],
        )
        mv = self.mv
        mv[at : at + _SHIPS_AT] = values
        mv[at + _SHIPS_AT : at + _SEAT] = _SEAT_TAIL
        for ship in p.ships:
            mv[at + _SHIPS_AT + _SHIPS[ship]] += 1.0
        if shown:
            for card in p.bonus_cards:
                mv[at + _BONUS_AT + _CARDS[card]] += 1.0

    def _seat_changes(self, at: int, old: PlayerState, p: PlayerState) -> None:
        """A seat's block, before the game is over, where it differs from `old`'s (its dealt
        cards' count aside: the seats' dealt cards are the same)."""
        mv = self.mv
        if p.resources != old.resources:
            mv[at + 1 : at + _COMMODITIES_AT] = _RESOURCES.get(p.resources) or _scaled(_RESOURCES, p.resources, _R)
        if p.commodities != old.commodities:
            part = _COMMODITIES.get(p.commodities) or _scaled(_COMMODITIES, p.commodities, _C)
            mv[at + _COMMODITIES_AT : at + _PIECES_AT] = part
        k = at + _PIECES_AT
        mv[k], mv[k + 1], mv[k + 2] = p.houses_left / _P, p.powerhouses_left / _P, p.towers_left / _P
        mv[k + 3], mv[k + 5] = len(p.bonus_cards) / 4.0, p.fish_traded / _V
        if p.vp != old.vp:
            mv[at + _VP_AT : at + _SHIPS_AT] = _VPS.get(p.vp) or _scaled(_VPS, p.vp, _V)
        if p.ships != old.ships:
            k = at + _SHIPS_AT
            mv[k : k + len(_SHIPS)] = _CLEAR_SHIPS
            for ship in p.ships:
                mv[k + _SHIPS[ship]] += 1.0

    def _clear(self, part: str) -> int:
        sl = LAYOUT[part]
        self.mv[sl] = _CLEAR[part]
        return int(sl.start)

    def _game(self, s: GameState) -> None:
        at, mv = self._clear("game"), self.mv
        if self.n <= MAX_SEATS:
            mv[at + self.n - 1] = 1.0
        at += MAX_SEATS
        mv[at + EDITIONS.index(s.edition)] = 1.0
        at += len(EDITIONS)
        for k, name in enumerate(OPTION_FLAGS):
            mv[at + k] = float(getattr(s.options, name))
        mv[at + len(OPTION_FLAGS)] = float(s.solo is not None)

    def _market(self, s: GameState) -> None:
        at, mv = self._clear("market"), self.mv
        for bead in s.market:
            if 0 <= bead < _TRACK:
                mv[at + bead] = 1.0
            at += _TRACK
        for ship in s.slots:
            mv[at + (len(_SHIPS) if ship is None else _SHIPS[ship])] = 1.0
            at += len(_SHIPS) + 1
        mv[at], mv[at + 1] = len(s.ship_deck) / len(_SHIPS), len(s.bonus_deck) / len(_CARDS)

    def _solo(self, s: GameState) -> None:
        at, solo = self._clear("solo"), s.solo
        if solo is not None:
            values = [len(c) / 3.0 for c in solo.bot_cards[:2]] + [len(c) / 4.0 for c in solo.bot_pairs[:2]]
            values.append(solo.round / 9.0)
            self.mv[at : at + len(values)] = array("f", values)


class ObservationEncoder:
    """`observation(view(state, seat))` for any seat, encoded from full states.

    `observe` returns a new array each call (the caller may keep it). Any sequence of states
    works (of any game and mode); it is fastest along a game, where it rewrites only what
    changed since it last encoded a state for that seat. One encoder serves every seat of a
    game; it is not for several threads at once.
    """

    def __init__(self) -> None:
        self._public: _Public | None = None

    def observe(self, state: GameState, seat: int, legal: Sequence[int] | None = None) -> npt.NDArray[np.float32]:
        """The observation of `state` for `seat` (layout `LAYOUT`). `legal`: the legal ids of
        `state`, when the caller has them (read only when `seat` decides)."""
        n = len(state.players)
        if type(seat) is not int and (isinstance(seat, bool) or not isinstance(seat, int)) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}; got {seat!r}")
        w = self._public
        if w is None or w.n != n:  # another number of seats: start afresh
            w = self._public = _Public(n)
        if w.state is not state:
            w.sync(state)
        # seat 0 sees the seats in absolute order: its vector is the buffer itself (the cells
        # of seats past the last are never written there); any other seat's is a gather. numpy's
        # "wrap" mode (every index is in range: the same elements) takes about 1.2 us for the 1,960
        # elements, its bounds-checked default 1.35 to 1.6 and its "clip" mode 1.45
        out = w.head.copy() if seat == 0 else w.buf.take(w.turns[seat], None, None, "wrap")
        # what only the seat sees: its bonus cards (everyone's once the game is over: public,
        # already gathered), its dealt cards, and when it decides the Rector's cards and its moves
        data = out.data
        mv: _Floats = data  # type: ignore[assignment]  # see _floats
        over = state.phase == PHASE_OVER
        if not over:
            for card in state.players[seat].bonus_cards:
                mv[_OWN_BONUS + _CARDS[card]] += 1.0
        dealt = state.dealt
        if seat < len(dealt):
            for card in dealt[seat]:
                mv[_CARDS_AT + _CARDS[card]] += 1.0
        if state.seat == seat and not over and (state.chance is None or state.chance.node is None):
            for card in state.rector_hand:
                mv[_RECTOR_AT + _CARDS[card]] += 1.0
            mv = data[_LEGAL:]  # type: ignore[assignment]
            for i in legal if legal is not None else legal_ids(state):
                mv[i] = 1.0
        return out

    def information_state(
        self, state: GameState, seat: int, own_history: Sequence[Action], legal: Sequence[int] | None = None
    ) -> npt.NDArray[np.float32]:
        """`information_state(view(state, seat), own_history)` (layout `INFO_LAYOUT`)."""
        import numpy as np

        out = np.zeros(INFO_SIZE, np.float32)
        out[:OBS_SIZE] = self.observe(state, seat, legal)
        counts = [0.0] * NUM_ACTIONS  # summed in doubles, as the specification does
        for a in own_history:
            counts[action_id(a)] += 1.0 / SCALE["history"]
        out[OBS_SIZE : OBS_SIZE + NUM_ACTIONS] = counts
        if own_history:
            out[OBS_SIZE + NUM_ACTIONS + action_id(own_history[-1])] = 1.0
        return out


def encode_observation(state: GameState, seat: int, legal: Sequence[int] | None = None) -> npt.NDArray[np.float32]:
    """`observation(view(state, seat))`, from the state (one call: nothing kept)."""
    return ObservationEncoder().observe(state, seat, legal)


def encode_information_state(
    state: GameState, seat: int, own_history: Sequence[Action], legal: Sequence[int] | None = None
) -> npt.NDArray[np.float32]:
    """`information_state(view(state, seat), own_history)`, from the state."""
    return ObservationEncoder().information_state(state, seat, own_history, legal)
