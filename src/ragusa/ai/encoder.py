"""Observation vectors encoded straight from the full state, fast.

`ragusa.ai.observation(view(state, seat))` is the specification: it goes
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

`ragusa.ai.batch_encoder.BatchEncoder` does the same for many games at once (a batched environment's rows): each row's
public part is a row of one array, and every seat's vector is taken from all of them in one numpy
call; the legal ids are left to the caller, who writes every row's mask at once.

Tests check both equal the specification on every state of random games of every mode.

Examples:
    >>> from ragusa import new_game, view
    >>> from ragusa.ai import ObservationEncoder, observation
    >>> state = new_game(3, seed=5)
    >>> bool((ObservationEncoder().observe(state, 1) == observation(view(state, 1))).all())
    True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Protocol, cast

from ragusa.ai import encoder_parts as parts
from ragusa.ai.ids import NUM_ACTIONS, action_id, legal_ids
from ragusa.ai.observation_layout import CARD_INDEX, INFO_SIZE, LAYOUT, OBS_SIZE, PART, SCALE, SHIP_INDEX
from ragusa.core.actions import Action
from ragusa.core.board import BOARD
from ragusa.core.state import EMPTY, PHASE_OVER, POWERHOUSE, RESERVED, GameState, PlayerState

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["ObservationEncoder", "encode_information_state", "encode_observation"]


class FloatCells(Protocol):
    """A float32 array's elements, read and written as Python floats, and its slices written
    from float32 buffers (a memoryview: no numpy call per write)."""

    def __getitem__(self, i: int, /) -> float: ...
    def __setitem__(self, i: int | slice, value: float | memoryview[float], /) -> None: ...


def float_cells(array: npt.NDArray[np.float32]) -> FloatCells:
    """Element access to `array` at Python speed (indexing the array itself makes a numpy
    scalar per read and checks types per write)."""
    return cast(FloatCells, array.data)


# where each part starts, and where each field the encoder writes starts in its part's block
_DECISION, _RESOLVING, _GAME, _SOLO = LAYOUT["decision"], LAYOUT["resolving"], LAYOUT["game"], LAYOUT["solo"]
#: the placements made so far: a cell of the decision part, written apart (it changes every turn)
_PLACEMENTS_AT = _DECISION.start + PART["decision"].at("placements")
_PLACEMENTS_SCALE = next(f.scale for f in PART["decision"].fields if f.name == "placements")
_MARKET, _CARDS, _SEATS = PART["market"], PART["cards"], PART["seats"]
_MARKET_AT, _CARDS_AT, _SEATS_AT = LAYOUT["market"].start, LAYOUT["cards"].start, LAYOUT["seats"].start
_LEGAL_AT = LAYOUT["legal"].start
_SEAT = _SEATS.block  # one seat's block
_TRACK = _MARKET.field("beads").width
_SLOT = _MARKET.field("slots").width  # a slot: a ship one-hot, then "empty"
_BEADS_AT, _SLOTS_AT = _MARKET_AT + _MARKET.at("beads"), _MARKET_AT + _MARKET.at("slots")
_SHIP_DECK_AT, _BONUS_DECK_AT = _MARKET_AT + _MARKET.at("ship_deck"), _MARKET_AT + _MARKET.at("bonus_deck")
_SHIP_DECK, _BONUS_DECK = _MARKET.field("ship_deck").scale, _MARKET.field("bonus_deck").scale
_DEALT_AT, _RECTOR_AT = _CARDS_AT + _CARDS.at("dealt"), _CARDS_AT + _CARDS.at("rector_hand")
_HAND_SIZE_AT, _HAND_SIZE = _CARDS_AT + _CARDS.at("rector_hand_size"), _CARDS.field("rector_hand_size").scale
#: a seat's fields: where each starts in its block, and the scales of those written one by one
_PRESENT = _SEATS.at("present")
_COMMODITIES, _VP = _SEATS.at("commodities"), _SEATS.at("vp")
_HOUSES_LEFT, _POWERHOUSES_LEFT = _SEATS.at("houses_left"), _SEATS.at("powerhouses_left")
_TOWERS_LEFT, _P = _SEATS.at("towers_left"), _SEATS.field("towers_left").scale  # every piece's scale
_BONUS_COUNT, _DEALT_COUNT = _SEATS.at("bonus_card_count"), _SEATS.at("dealt_count")
_CARD_COUNT = _SEATS.field("bonus_card_count").scale
_FISH, _F = _SEATS.at("fish_traded"), _SEATS.field("fish_traded").scale
_SHIPS, _BONUS = _SEATS.at("ships"), _SEATS.at("bonus_cards")
#: the seat's own bonus cards, in its block (position 0)
_OWN_BONUS = _SEATS_AT + _BONUS
_N_SHIPS = len(SHIP_INDEX)
#: a seat's block as the default `PlayerState` shows it (all zero): a block is cleared to it
_BLANK = PlayerState()
_CLEAR_SEAT, _CLEAR_SHIPS, _CLEAR_MARKET = parts.zeros(_SEAT), parts.zeros(_N_SHIPS), parts.zeros(_MARKET.size)
_CLEAR_RESOLVING = parts.zeros(_RESOLVING.stop - _RESOLVING.start)


class _Places:
    """A part of one block per place (a spot, a tower spot, a wall segment), each showing the
    place's owner: a seat's cell, or a cell for an owner that is not a seat."""

    __slots__ = ("blank", "block", "clear", "others", "owner", "start")

    def __init__(self, part: str, others: dict[int, str]) -> None:
        p = PART[part]
        self.start, self.block = LAYOUT[part].start, p.block
        self.owner = p.at(p.fields[0].name)  # the seats' cells
        self.others = {who: p.at(name) for who, name in others.items()}
        self.clear, self.blank = parts.zeros(p.size), parts.zeros(p.block)


_HOUSES = _Places("houses", {POWERHOUSE: "powerhouse", RESERVED: "reserved"})
_TOWERS = _Places("towers", {})
_WALLS = _Places("walls", {})
#: the tower spots' entries of `GameState.towers` (one per spot), in the towers part's order
_PICK_TOWERS: Callable[[tuple[int, ...]], tuple[int, ...]] = (
    itemgetter(*BOARD.tower_spots) if len(BOARD.tower_spots) > 1 else lambda t: tuple(t[i] for i in BOARD.tower_spots)
)


class PublicPart:
    """The public part of every seat's vector (what all seats see), seats in absolute order, and
    the parts of the last state it was written from: kept to tell what changed (compared,
    never encoded). Nothing hidden is written here: no bonus card in a hand before the game
    is over, no deck's order, no dealt or drawn card (only their numbers)."""

    __slots__ = (
        "owners",
        "buf",
        "dealt",
        "decision",
        "head",
        "houses",
        "market",
        "mv",
        "n",
        "over",
        "players",
        "refs",
        "resolving",
        "state",
        "towers",
        "turns",
        "walls",
    )

    def __init__(self, n: int, buf: npt.NDArray[np.float32] | None = None) -> None:
        import numpy as np

        # the last element stays zero (see `parts.gather`); `buf`: a row of a batch's buffers, cleared
        if buf is None:
            buf = np.zeros(OBS_SIZE + 1, np.float32)
        else:
            buf[:] = 0.0
        self.buf = buf
        self.mv = float_cells(self.buf)  # element writes at Python speed
        self.n = n
        self.head = self.buf[:OBS_SIZE]  # seat 0's public vector
        self.turns = [parts.gather(n, v) for v in range(n)]  # each seat's gather
        self.state: GameState | None = None
        self.decision: object = None
        self.resolving: object = None
        self.market: object = None
        self.refs: tuple[object, ...] | None = None
        self.houses: tuple[int, ...] | None = None
        self.towers: tuple[int, ...] | None = None
        self.walls: tuple[int, ...] | None = None
        self.owners: list[int | None] = [None, None, None]  # the keys of the houses, towers and walls
        self.players: tuple[PlayerState, ...] | None = None
        self.dealt: tuple[tuple[str, ...], ...] | None = None
        self.over: bool | None = None

    def sync(self, s: GameState) -> None:
        """Rewrite the parts whose inputs differ from the last state's: parts that are shared
        objects of the frozen states (unchanged by a move: the very same object) by identity first."""
        self.state = s
        mv, n = self.mv, self.n
        # the decision, from a memo by the fields it shows, but the placements made, written apart
        key = (s.phase, s.seat, s.turn_seat, s.start_seat, s.passes, s.window_done, s.end_seats)
        if key != self.decision:
            self.decision = key
            mv[_DECISION] = parts.decision(*key, 0)
        mv[_PLACEMENTS_AT] = s.placements / _PLACEMENTS_SCALE
        # the board: only the places whose owner changed are rewritten
        if s.houses is not self.houses:
            self.houses = s.houses
            self.owners[0] = self._owners(_HOUSES, self.owners[0], s.houses)
        if s.towers is not self.towers:
            self.towers = s.towers
            self.owners[1] = self._owners(_TOWERS, self.owners[1], _PICK_TOWERS(s.towers))
        if s.walls is not self.walls:
            self.walls = s.walls
            self.owners[2] = self._owners(_WALLS, self.owners[2], s.walls)
        # the seats: most moves change one seat's holdings (a new object), nothing else of them
        over = s.phase == PHASE_OVER
        players, dealt = s.players, s.dealt
        if players is not self.players or dealt is not self.dealt or over is not self.over:
            ps = self.players
            if ps is not None and not over and self.over is False and len(ps) == n:
                self.players = players
                for i in range(n):
                    if players[i] is not ps[i]:
                        self._seat_changes(_SEATS_AT + i * _SEAT, ps[i], players[i])
                if dealt is not self.dealt:  # the setup's cards (SETUP-6): each seat's count
                    self.dealt = dealt
                    for i in range(n):
                        mv[_SEATS_AT + i * _SEAT + _DEALT_COUNT] = (
                            len(dealt[i]) if i < len(dealt) else 0
                        ) / _CARD_COUNT
            else:
                self._seats(s, over)
        # the placement being resolved
        resolving = (s.placed, s.placed_power, s.pending_hexes, s.current_hex, s.queue)
        if resolving != self.resolving:
            self.resolving = resolving
            mv[_RESOLVING] = _CLEAR_RESOLVING
            parts.resolving(mv, _RESOLVING.start, *resolving)
        # what changes seldom, checked at once by identity: then each part by what it shows (the
        # decks by their sizes only: their order is hidden)
        refs = (s.market, s.slots, s.ship_deck, s.bonus_deck, s.rector_hand, s.solo, s.options, s.edition)
        if refs != self.refs:
            was = self.refs
            self.refs = refs
            if was is None or refs[5:] != was[5:]:  # another game, or the solo round
                mv[_GAME] = parts.game(s)
                mv[_SOLO] = parts.solo(s)
            market = (s.market, s.slots)
            if market != self.market:
                self.market = market
                self._market(s)
            else:  # a deck's size only (a draw)
                mv[_SHIP_DECK_AT], mv[_BONUS_DECK_AT] = len(s.ship_deck) / _SHIP_DECK, len(s.bonus_deck) / _BONUS_DECK
            mv[_HAND_SIZE_AT] = len(s.rector_hand) / _HAND_SIZE

    def _owners(self, part: _Places, old: int | None, owners: Sequence[int]) -> int:
        """A per-place part from the owners of key `old` (`parts.owners_key`; None: a cleared part) to
        `owners`: only the places whose owner changed are rewritten. Returns the key of `owners`."""
        key = parts.owners_key(owners)
        mv = self.mv
        if old is None:
            mv[part.start : part.start + len(part.clear)] = part.clear
            old = parts.owners_key((EMPTY,) * len(owners))
        start, block, blank, seats, others, n = part.start, part.block, part.blank, part.owner, part.others, self.n
        for k in parts.changed_places(old, key):  # each place's cells: its owner's (`_place`, inline)
            owner, cell = owners[k], start + k * block
            mv[cell : cell + block] = blank
            if owner >= 0:
                mv[cell + seats + owner % n] = 1.0
            elif owner in others:
                mv[cell + others[owner]] = 1.0
        return key

    def _seats(self, s: GameState, over: bool) -> None:
        """Every seat's block: its bonus cards shown once the game is over."""
        players, dealt = s.players, s.dealt
        self.players, self.dealt, self.over = players, dealt, over
        mv = self.mv
        for i, p in enumerate(players):
            at = _SEATS_AT + i * _SEAT
            mv[at : at + _SEAT] = _CLEAR_SEAT  # the default seat's block
            mv[at + _PRESENT] = 1.0
            mv[at + _DEALT_COUNT] = (len(dealt[i]) if i < len(dealt) else 0) / _CARD_COUNT
            self._seat_changes(at, _BLANK, p)
            if over:
                for card in p.bonus_cards:
                    mv[at + _BONUS + CARD_INDEX[card]] += 1.0

    def _seat_changes(self, at: int, old: PlayerState, p: PlayerState) -> None:
        """A seat's block where it differs from `old`'s (its dealt cards' count and its bonus
        cards aside)."""
        mv = self.mv
        if p.resources != old.resources:
            parts.resources(mv, at, p.resources)
        if p.commodities != old.commodities:
            mv[at + _COMMODITIES : at + _COMMODITIES + len(p.commodities)] = parts.commodities(p.commodities)
        if p.houses_left != old.houses_left:
            mv[at + _HOUSES_LEFT] = p.houses_left / _P
        if p.powerhouses_left != old.powerhouses_left or p.towers_left != old.towers_left:
            mv[at + _POWERHOUSES_LEFT], mv[at + _TOWERS_LEFT] = p.powerhouses_left / _P, p.towers_left / _P
        if p.bonus_cards is not old.bonus_cards:
            mv[at + _BONUS_COUNT] = len(p.bonus_cards) / _CARD_COUNT
        if p.fish_traded != old.fish_traded:
            mv[at + _FISH] = p.fish_traded / _F
        if p.vp != old.vp:
            mv[at + _VP : at + _VP + len(p.vp)] = parts.vp(p.vp)
        if p.ships != old.ships:
            k = at + _SHIPS
            mv[k : k + _N_SHIPS] = _CLEAR_SHIPS
            for ship in p.ships:
                mv[k + SHIP_INDEX[ship]] += 1.0

    def _market(self, s: GameState) -> None:
        mv = self.mv
        mv[_MARKET_AT : _MARKET_AT + _MARKET.size] = _CLEAR_MARKET
        for k, bead in enumerate(s.market):
            if 0 <= bead < _TRACK:
                mv[_BEADS_AT + k * _TRACK + bead] = 1.0
        for k, ship in enumerate(s.slots):
            mv[_SLOTS_AT + k * _SLOT + (_SLOT - 1 if ship is None else SHIP_INDEX[ship])] = 1.0
        mv[_SHIP_DECK_AT], mv[_BONUS_DECK_AT] = len(s.ship_deck) / _SHIP_DECK, len(s.bonus_deck) / _BONUS_DECK


class ObservationEncoder:
    """`observation(view(state, seat))` for any seat, encoded from full states.

    `observe` returns a new array each call (the caller may keep it). Any sequence of states
    works (of any game and mode); it is fastest along a game, where it rewrites only what
    changed since it last encoded a state for that seat. One encoder serves every seat of a
    game; it is not for several threads at once.
    """

    def __init__(self) -> None:
        self._public: PublicPart | None = None

    def observe(
        self,
        state: GameState,
        seat: int,
        legal: Sequence[int] | None = None,
        out: npt.NDArray[np.float32] | None = None,
    ) -> npt.NDArray[np.float32]:
        """The observation of `state` for `seat` (layout `LAYOUT`). `legal`: the legal ids of
        `state`, when the caller has them (read only when `seat` decides). `out`: a contiguous float32
        array of `OBS_SIZE` to write the observation into (a row of a batch), returned; by default a
        new array."""
        n = len(state.players)
        if type(seat) is not int and (isinstance(seat, bool) or not isinstance(seat, int)) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}; got {seat!r}")
        w = self._public
        if w is None or w.n != n:  # another number of seats: start afresh
            w = self._public = PublicPart(n)
        if w.state is not state:
            w.sync(state)
        # seat 0 sees the seats in absolute order: its vector is the buffer itself (the cells
        # of seats past the last are never written there); any other seat's is a gather. numpy's
        # "wrap" mode (every index is in range: the same elements) takes about 1.2 us for the 1,960
        # elements, its bounds-checked default 1.35 to 1.6 and its "clip" mode 1.45
        if out is None:
            out = w.head.copy() if seat == 0 else w.buf.take(w.turns[seat], None, None, "wrap")
        elif seat == 0:
            out[:] = w.head
        else:
            w.buf.take(w.turns[seat], None, out, "wrap")
        write_private(float_cells(out), 0, state, seat, legal)
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


def write_private(mv: FloatCells, at: int, state: GameState, seat: int, legal: Sequence[int] | None) -> None:
    """What only `seat` sees, added to its vector (from `at` in `mv`, the seat's public part written
    there): its bonus cards (everyone's once the game is over: public, already there), its dealt
    cards, and when it decides the Rector's cards and its legal ids (`legal`, None: worked out)."""
    over = state.phase == PHASE_OVER
    if not over:
        own = at + _OWN_BONUS
        for card in state.players[seat].bonus_cards:
            mv[own + CARD_INDEX[card]] += 1.0
    dealt = state.dealt
    if seat < len(dealt):
        for card in dealt[seat]:
            mv[at + _DEALT_AT + CARD_INDEX[card]] += 1.0
    if state.seat == seat and not over and (state.chance is None or state.chance.node is None):
        for card in state.rector_hand:
            mv[at + _RECTOR_AT + CARD_INDEX[card]] += 1.0
        # one write an id (a join of cells per byte of a placement's spot mask, or a slice a
        # byte, costs more here: their code evicts the engine's from the caches)
        at += _LEGAL_AT
        for i in legal if legal is not None else legal_ids(state):
            mv[at + i] = 1.0


def encode_observation(state: GameState, seat: int, legal: Sequence[int] | None = None) -> npt.NDArray[np.float32]:
    """`observation(view(state, seat))`, from the state (one call: nothing kept)."""
    return ObservationEncoder().observe(state, seat, legal)


def encode_information_state(
    state: GameState, seat: int, own_history: Sequence[Action], legal: Sequence[int] | None = None
) -> npt.NDArray[np.float32]:
    """`information_state(view(state, seat), own_history)`, from the state."""
    return ObservationEncoder().information_state(state, seat, own_history, legal)
