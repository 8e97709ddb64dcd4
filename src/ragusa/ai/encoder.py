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

from array import array
from collections.abc import Iterable, Sequence
from itertools import compress
from operator import ne
from typing import TYPE_CHECKING

from ragusa.ai.encoder_layout import (
    _BONUS_AT,
    _C,
    _CARDS,
    _CARDS_AT,
    _CELL,
    _CELL_CLEAR,
    _CLEAR,
    _CLEAR_OF,
    _CLEAR_SHIPS,
    _COMMODITIES,
    _COMMODITIES_AT,
    _DEALT_AT,
    _DECISION,
    _DECISIONS,
    _DECKS_AT,
    _GAME,
    _HOUSES,
    _LEGAL,
    _OWN_BONUS,
    _P,
    _PICK_TOWERS,
    _PIECES_AT,
    _R,
    _RECTOR_AT,
    _RESOLVING,
    _RESOLVINGS,
    _RESOURCES,
    _SEAT,
    _SEAT_TAIL,
    _SEATS,
    _SHIPS,
    _SHIPS_AT,
    _SOLO,
    _TOWERS,
    _TRACK,
    _V,
    _VP_AT,
    _VPS,
    _WALLS,
    _decision,
    _Floats,
    _floats,
    _game_part,
    _resolving,
    _scaled,
    _solo_part,
    _turn,
)
from ragusa.ai.ids import NUM_ACTIONS, action_id, legal_ids
from ragusa.ai.observation import INFO_SIZE, LAYOUT, MAX_SEATS, OBS_SIZE, SCALE
from ragusa.core.actions import Action
from ragusa.core.state import EMPTY, PHASE_OVER, POWERHOUSE, RESERVED, GameState, PlayerState

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["ObservationEncoder", "encode_information_state", "encode_observation"]


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
        # the decision, from a table by the fields it shows
        key = (s.phase, s.seat, s.turn_seat, s.start_seat, s.passes, s.window_done, s.end_seats, s.placements)
        if key != self.decision:
            self.decision = key
            mv[_DECISION] = self.decisions.get(key) or _decision(n, s, key, self.decisions)
        # the board
        houses = s.houses
        if houses is not self.houses:
            old = self.houses
            self.houses = houses
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
                for i in range(n):
                    if players[i] is not ps[i]:
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
                mv[_GAME] = _game_part(n, s)
                mv[_SOLO] = _solo_part(s)
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
        if p.houses_left != old.houses_left:
            mv[k] = p.houses_left / _P
        if p.powerhouses_left != old.powerhouses_left or p.towers_left != old.towers_left:
            mv[k + 1], mv[k + 2] = p.powerhouses_left / _P, p.towers_left / _P
        if p.bonus_cards is not old.bonus_cards:
            mv[k + 3] = len(p.bonus_cards) / 4.0
        if p.fish_traded != old.fish_traded:
            mv[k + 5] = p.fish_traded / _V
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
            # one write an id (a join of cells per byte of a placement's spot mask, or a slice a
            # byte, costs more here: their code evicts the engine's from the caches)
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
