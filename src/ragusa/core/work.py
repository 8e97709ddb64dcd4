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

from ragusa.core.shells import game_state_of, game_state_values, player_state_of, player_state_values
from ragusa.core.state import (
    ChanceState,
    GameState,
    Options,
    Phase,
    PlayerState,
    SoloState,
)

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

    res: list[int]
    com: list[int]
    houses_left: int
    powerhouses_left: int
    towers_left: int
    bonus_cards: tuple[str, ...]
    ships: tuple[str, ...]
    vp: list[int]
    bonus_vp: tuple[int, ...]
    fish_traded: int

    def __init__(self, p: PlayerState) -> None:
        (
            res,
            com,
            self.houses_left,
            self.powerhouses_left,
            self.towers_left,
            self.bonus_cards,
            self.ships,
            vp,
            self.bonus_vp,
            self.fish_traded,
        ) = player_state_values(p)
        self.res, self.com, self.vp = list(res), list(com), list(vp)

    def freeze(self) -> PlayerState:
        r, c, v = self.res, self.com, self.vp
        return player_state_of(
            (
                (r[0], r[1], r[2], r[3], r[4], r[5]),
                (c[0], c[1], c[2]),
                self.houses_left,
                self.powerhouses_left,
                self.towers_left,
                self.bonus_cards,
                self.ships,
                (v[0], v[1], v[2], v[3], v[4], v[5], v[6]),
                self.bonus_vp,
                self.fish_traded,
            )
        )


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

    edition: str
    options: Options
    rng: int
    _players: tuple[PlayerState, ...]
    start_seat: int
    phase: Phase
    seat: int | None
    turn_seat: int
    placements: int
    houses: tuple[int, ...]
    towers: tuple[int, ...]
    walls: tuple[int, ...]
    market: tuple[int, int, int]
    slots: tuple[str | None, ...]
    ship_deck: tuple[str, ...]
    bonus_deck: tuple[str, ...]
    dealt: tuple[tuple[str, ...], ...]
    rector_hand: tuple[str, ...]
    placed: int
    placed_power: bool
    pending_hexes: tuple[int, ...]
    current_hex: int
    queue: tuple[int, ...]
    window_done: bool
    passes: int
    end_seats: tuple[int, ...]
    solo: SoloState | None
    chance: ChanceState | None
    n: int
    _pw: dict[int, PlayerWork]
    #: events of this action, or None when the caller does not want them
    ev: list[Any] | None

    def __init__(self, s: GameState, events: list[Any] | None = None) -> None:
        # the boards are kept as the state's tuples (shared with it until written: set_house, ...)
        (
            self.edition,
            self.options,
            self.rng,
            self._players,
            self.start_seat,
            self.phase,
            self.seat,
            self.turn_seat,
            self.placements,
            self.houses,
            self.towers,
            self.walls,
            self.market,
            self.slots,
            self.ship_deck,
            self.bonus_deck,
            self.dealt,
            self.rector_hand,
            self.placed,
            self.placed_power,
            self.pending_hexes,
            self.current_hex,
            self.queue,
            self.window_done,
            self.passes,
            self.end_seats,
            self.solo,
            self.chance,
        ) = game_state_values(s)
        self.n = len(self._players)
        self._pw = {}
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
        return game_state_of(
            (
                self.edition,
                self.options,
                self.rng,
                players,
                self.start_seat,
                self.phase,
                self.seat,
                self.turn_seat,
                self.placements,
                self.houses,
                self.towers,
                self.walls,
                self.market,
                self.slots,
                self.ship_deck,
                self.bonus_deck,
                self.dealt,
                self.rector_hand,
                self.placed,
                self.placed_power,
                self.pending_hexes,
                self.current_hex,
                self.queue,
                self.window_done,
                self.passes,
                self.end_seats,
                self.solo,
                self.chance,
            )
        )
