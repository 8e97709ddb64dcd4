"""The scratch copy that rule code edits while one action resolves.

`ragusa.rules.resolution.apply` never changes its input. It copies the state into a `Scratch` (players
copied on first touch; the board tuples shared until a rule writes them), lets the rule functions
edit that copy, and freezes the result into a new `GameState`. If a rule raises half-way, the copy
is dropped and the caller's state is untouched. The field-by-field parts (`GameFields`,
`PlayerScratch`) are written out from the state's field declarations (`tools/generate_fields.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ragusa.core.board import BOARD
from ragusa.core.components import BUILDINGS, RESOURCES
from ragusa.core.events import HexActivated, HouseActivated, HousePlaced, Recorded, ResourceGained
from ragusa.core.scratch_fields import GameFields, PlayerScratch
from ragusa.core.state import GameState, PlayerState
from ragusa.core.state_tuples import game_state_of, game_state_values

__all__ = ["PlayerScratch", "Scratch"]


class Scratch(GameFields):
    """A mutable copy of a `GameState` for the duration of one action."""

    __slots__ = ("n", "_pw", "ev", "facts", "source")

    #: the state this copy was made from
    source: GameState
    #: the board facts handed on to the frozen state (`ragusa.core.state.Derived`)
    facts: object
    n: int
    _pw: dict[int, PlayerScratch]
    #: events of this action as recorded (`ragusa.core.events.Recorded`), or None when the caller
    #: does not want them
    ev: list[Recorded] | None

    def __init__(self, s: GameState, events: list[Recorded] | None = None) -> None:
        # the boards are kept as the state's tuples (shared with it until written: set_house, ...)
        self.load_fields(game_state_values(s))
        self.source = s
        try:
            self.facts = s.facts
        except AttributeError:  # a state made by attrs: nothing derived yet
            self.facts = None
        self.n = len(self.copied_players)
        self._pw = {}
        self.ev = events

    def set_house(self, spot: int, owner: int) -> None:
        h = self.houses
        self.houses = h[:spot] + (owner,) + h[spot + 1 :]

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

    def p(self, seat: int) -> PlayerScratch:
        """The mutable copy of `seat`'s holdings (copied on first use)."""
        pw = self._pw.get(seat)
        if pw is None:
            pw = self._pw[seat] = PlayerScratch(self.copied_players[seat])
        return pw

    def pieces_left(self, seat: int) -> int:
        """Houses and powerhouses `seat` still has to place (a read: copies nothing)."""
        pw = self._pw.get(seat)
        if pw is None:
            p = self.copied_players[seat]
            return p.houses_left + p.powerhouses_left
        return pw.houses_left + pw.powerhouses_left

    def powerhouses_left(self, seat: int) -> int:
        """`seat`'s powerhouses still to place (a read: copies nothing)."""
        pw = self._pw.get(seat)
        return self.copied_players[seat].powerhouses_left if pw is None else pw.powerhouses_left

    def resource(self, seat: int, r: int) -> int:
        """`seat`'s count of resource `r` (a read: copies nothing)."""
        pw = self._pw.get(seat)
        return self.copied_players[seat].resources[r] if pw is None else pw.res[r]

    @property
    def players(self) -> tuple[PlayerState, ...]:
        """Every seat's holdings as they stand now, frozen (for readers of a position, e.g. the solo
        bots deciding in the middle of an action: `ragusa.core.position.Position`)."""
        if not self._pw:
            return self.copied_players
        return tuple(
            pw.freeze() if (pw := self._pw.get(i)) is not None else p for i, p in enumerate(self.copied_players)
        )

    def commodities(self, seat: int) -> Sequence[int]:
        """`seat`'s commodities (a read: copies nothing; do not modify)."""
        pw = self._pw.get(seat)
        return self.copied_players[seat].commodities if pw is None else pw.com

    def towers_left(self, seat: int) -> int:
        """`seat`'s towers still to build (a read: copies nothing)."""
        pw = self._pw.get(seat)
        return self.copied_players[seat].towers_left if pw is None else pw.towers_left

    def player_state(self, seat: int) -> PlayerState:
        """`seat`'s holdings as they stand now, frozen."""
        pw = self._pw.get(seat)
        return self.copied_players[seat] if pw is None else pw.freeze()

    def emit(self, make: Callable[..., Any], *args: Any) -> None:
        """Record the event `make(*args)` if the caller asked for events (`ragusa.rules.resolution.step`).

        Rule code calls this the same way for `apply` and `step`: what happens never depends on
        whether events are recorded. `make` is an event class, recorded as its class and values
        (`ragusa.core.events.Recorded`: the event itself is made only if a caller asks for it), or
        a function that words one from the position as it stands, such as a bot's explanation
        (called at once); without events neither is done."""
        if self.ev is not None:
            self.ev.append((make, args) if isinstance(make, type) else make(*args))

    # The events of every placement, reported by typed calls: a compiled build passes their numbers
    # unboxed, and records nothing unless events are asked for (`emit` for the rest).

    def hex_activated(self, h: int) -> None:
        """Report that hex `h` of the new house activates (`HexActivated`)."""
        if self.ev is not None:
            self.ev.append((HexActivated, (BOARD.hex_ids[h],)))

    def resource_gained(self, seat: int, r: int, h: int, total: int) -> None:
        """Report that `seat` gained 1 of resource `r` from hex `h`, holding `total` now (`ResourceGained`)."""
        if self.ev is not None:
            self.ev.append((ResourceGained, (seat, RESOURCES[r], BOARD.hex_ids[h], total)))

    def house_activated(self, seat: int, spot: int, building: int) -> None:
        """Report that the house on `spot` activates `building` for `seat` (`HouseActivated`)."""
        if self.ev is not None:
            self.ev.append((HouseActivated, (seat, BOARD.spot_ids[spot], BUILDINGS[building])))

    def house_placed(self, seat: int, spot: int, power: bool) -> None:
        """Report that `seat` placed a house (a powerhouse with `power`) on `spot` (`HousePlaced`)."""
        if self.ev is not None:
            self.ev.append((HousePlaced, (seat, BOARD.spot_ids[spot], power)))

    def freeze(self) -> GameState:
        players = self.copied_players
        if self._pw:
            lst = list(players)
            for seat, pw in self._pw.items():
                lst[seat] = pw.freeze()
            players = tuple(lst)
        return game_state_of(self.field_values(players), self.facts)
