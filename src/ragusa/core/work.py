"""The private scratch copy that rule code edits while one action resolves.

`ragusa.rules.engine.apply` never changes its input. It copies the state into a
`Work` (players copied on first touch; the board tuples shared until a rule writes them), lets the
rule functions edit that copy, and freezes the result into a new
`GameState`. If a rule raises half-way, the copy is dropped
and the caller's state is untouched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ragusa.core.state import (
    GAME_STATE_SHELL,
    PLAYER_STATE_SHELL,
    ChanceState,
    GameState,
    Options,
    PlayerState,
    SoloState,
)

_new = object.__new__

#: The last board `Work.set_house` made (issue 12): (that houses tuple, the tuple it was made from,
#: the spot written). Readers that keep something per board (the free spots) update it from the
#: board they saw last instead of rescanning, when the board asked about is this one.
_last_step: tuple[tuple[int, ...], tuple[int, ...], int] = ((), (), -1)


def house_step(houses: tuple[int, ...]) -> tuple[tuple[int, ...], int] | None:
    """The board `houses` was made from by the last `Work.set_house` and the spot it wrote, if
    `houses` is the board that call made; None otherwise."""
    new, old, spot = _last_step
    return (old, spot) if new is houses else None


class PlayerWork:
    """A mutable copy of one `PlayerState`."""

    __slots__ = (
        "res",
        "com",
        "houses_left",
        "powerhouses_left",
        "towers_left",
        "bonus_cards",
        "ships",
        "vp",
        "bonus_vp",
        "fish_traded",
    )

    def __init__(self, p: PlayerState) -> None:
        self.res = list(p.resources)
        self.com = list(p.commodities)
        self.houses_left = p.houses_left
        self.powerhouses_left = p.powerhouses_left
        self.towers_left = p.towers_left
        self.bonus_cards = p.bonus_cards
        self.ships = p.ships
        self.vp = list(p.vp)
        self.bonus_vp = p.bonus_vp
        self.fish_traded = p.fish_traded

    def freeze(self) -> PlayerState:
        r, c, v = self.res, self.com, self.vp
        o = _new(PLAYER_STATE_SHELL)  # filled, then made a PlayerState: see `ragusa.core.state`
        o.resources = (r[0], r[1], r[2], r[3], r[4], r[5])
        o.commodities = (c[0], c[1], c[2])
        o.houses_left = self.houses_left
        o.powerhouses_left = self.powerhouses_left
        o.towers_left = self.towers_left
        o.bonus_cards = self.bonus_cards
        o.ships = self.ships
        o.vp = (v[0], v[1], v[2], v[3], v[4], v[5], v[6])
        o.bonus_vp = self.bonus_vp
        o.fish_traded = self.fish_traded
        o.__class__ = PlayerState
        frozen: PlayerState = o
        return frozen


class Work:
    """A mutable copy of a `GameState` for the duration of one action."""

    __slots__ = (
        "edition",
        "options",
        "rng",
        "n",
        "_players",
        "_pw",
        "start_seat",
        "phase",
        "seat",
        "turn_seat",
        "placements",
        "houses",
        "towers",
        "walls",
        "market",
        "slots",
        "ship_deck",
        "bonus_deck",
        "dealt",
        "rector_hand",
        "placed",
        "placed_power",
        "pending_hexes",
        "current_hex",
        "queue",
        "window_done",
        "passes",
        "end_seats",
        "solo",
        "chance",
        "ev",
    )

    def __init__(self, s: GameState, events: list[Any] | None = None) -> None:
        self.edition = s.edition
        self.options: Options = s.options
        self.rng = s.rng
        self.n = len(s.players)
        self._players = s.players
        self._pw: dict[int, PlayerWork] = {}
        self.start_seat = s.start_seat
        self.phase = s.phase
        self.seat: int | None = s.seat
        self.turn_seat = s.turn_seat
        self.placements = s.placements
        # the boards are kept as the state's tuples (shared with it until written: set_house, ...)
        self.houses = s.houses
        self.towers = s.towers
        self.walls = s.walls
        self.market: tuple[int, int, int] = s.market
        self.slots: tuple[str | None, ...] = s.slots
        self.ship_deck = s.ship_deck
        self.bonus_deck = s.bonus_deck
        self.dealt = s.dealt
        self.rector_hand = s.rector_hand
        self.placed = s.placed
        self.placed_power = s.placed_power
        self.pending_hexes = s.pending_hexes
        self.current_hex = s.current_hex
        self.queue = s.queue
        self.window_done = s.window_done
        self.passes = s.passes
        self.end_seats = s.end_seats
        self.solo: SoloState | None = s.solo
        self.chance: ChanceState | None = s.chance
        #: events of this action, or None when the caller does not want them
        self.ev = events

    def set_house(self, spot: int, owner: int) -> None:
        h = self.houses
        global _last_step
        new = self.houses = h[:spot] + (owner,) + h[spot + 1 :]
        _last_step = (new, h, spot)

    def set_tower(self, spot: int, owner: int) -> None:
        t = self.towers
        self.towers = t[:spot] + (owner,) + t[spot + 1 :]

    def set_wall(self, segment: int, owner: int) -> None:
        w = self.walls
        self.walls = w[:segment] + (owner,) + w[segment + 1 :]

    def set_bead(self, commodity: int, index: int) -> None:
        m = self.market
        self.market = (
            index if commodity == 0 else m[0],
            index if commodity == 1 else m[1],
            index if commodity == 2 else m[2],
        )

    def p(self, seat: int) -> PlayerWork:
        """The mutable copy of `seat`'s holdings (copied on first use)."""
        pw = self._pw.get(seat)
        if pw is None:
            pw = self._pw[seat] = PlayerWork(self._players[seat])
        return pw

    def pieces_left(self, seat: int) -> int:
        """Houses and powerhouses `seat` still has to place (a read: copies nothing)."""
        pw = self._pw.get(seat)
        if pw is None:
            p = self._players[seat]
            return p.houses_left + p.powerhouses_left
        return pw.houses_left + pw.powerhouses_left

    def powerhouses_left(self, seat: int) -> int:
        """`seat`'s powerhouses still to place (a read: copies nothing)."""
        pw = self._pw.get(seat)
        return self._players[seat].powerhouses_left if pw is None else pw.powerhouses_left

    def resource(self, seat: int, r: int) -> int:
        """`seat`'s count of resource `r` (a read: copies nothing)."""
        pw = self._pw.get(seat)
        return self._players[seat].resources[r] if pw is None else pw.res[r]

    @property
    def players(self) -> tuple[PlayerState, ...]:
        """Every seat's holdings as they stand now, frozen (for readers of a position, e.g. the solo
        bots deciding in the middle of an action: `ragusa.core.position.Position`)."""
        if not self._pw:
            return self._players
        return tuple(pw.freeze() if (pw := self._pw.get(i)) is not None else p for i, p in enumerate(self._players))

    def commodities(self, seat: int) -> Sequence[int]:
        """`seat`'s commodities (a read: copies nothing; do not modify)."""
        pw = self._pw.get(seat)
        return self._players[seat].commodities if pw is None else pw.com

    def towers_left(self, seat: int) -> int:
        """`seat`'s towers still to build (a read: copies nothing)."""
        pw = self._pw.get(seat)
        return self._players[seat].towers_left if pw is None else pw.towers_left

    def player_state(self, seat: int) -> PlayerState:
        """`seat`'s holdings as they stand now, frozen."""
        pw = self._pw.get(seat)
        return self._players[seat] if pw is None else pw.freeze()

    def emit(self, event: Any) -> None:
        """Record `event` if the caller asked for events (`ragusa.rules.engine.step`). Hot
        rule code tests `w.ev is not None` first, so that no event is even built for `apply`."""
        if self.ev is not None:
            self.ev.append(event)

    def freeze(self) -> GameState:
        players = self._players
        if self._pw:
            lst = list(players)
            for seat, pw in self._pw.items():
                lst[seat] = pw.freeze()
            players = tuple(lst)
        o = _new(GAME_STATE_SHELL)  # filled, then made a GameState: see `ragusa.core.state`
        o.edition = self.edition
        o.options = self.options
        o.rng = self.rng
        o.players = players
        o.start_seat = self.start_seat
        o.phase = self.phase
        o.seat = self.seat
        o.turn_seat = self.turn_seat
        o.placements = self.placements
        o.houses = self.houses
        o.towers = self.towers
        o.walls = self.walls
        o.market = self.market
        o.slots = self.slots
        o.ship_deck = self.ship_deck
        o.bonus_deck = self.bonus_deck
        o.dealt = self.dealt
        o.rector_hand = self.rector_hand
        o.placed = self.placed
        o.placed_power = self.placed_power
        o.pending_hexes = self.pending_hexes
        o.current_hex = self.current_hex
        o.queue = self.queue
        o.window_done = self.window_done
        o.passes = self.passes
        o.end_seats = self.end_seats
        o.solo = self.solo
        o.chance = self.chance
        o.__class__ = GameState
        frozen: GameState = o
        return frozen
