"""The scratch copy that rule code edits while one action resolves.

`ragusa.rules.resolution.apply` never changes its input. It copies the state into a `Scratch` (players
copied on first touch; the board tuples shared until a rule writes them), lets the rule functions
edit that copy, and freezes the result into a new `GameState`. If a rule raises half-way, the copy
is dropped and the caller's state is untouched. The field-by-field parts (`GameFields`,
`PlayerScratch`) are written out from the state's field declarations (`tools/generate_fields.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Final

from ragusa.core.board import BOARD
from ragusa.core.components import BUILDINGS, RESOURCES
from ragusa.core.events import MAKERS, HexActivated, HouseActivated, HousePlaced, Recorded, ResourceGained
from ragusa.core.scratch_fields import GameFields, PlayerScratch
from ragusa.core.state import GameState, PlayerState
from ragusa.core.state_tuples import game_state_of, game_state_values

__all__ = ["PlayerScratch", "Scratch"]

_HEX_IDS: Final = BOARD.hex_ids
# The interpreted constructors (`ragusa.core.state_tuples`), bound to Final names: the compiled build
# keeps a Final name in a C static, and looks a name imported from an interpreted module up in the
# module's globals at every use.
_STATE_VALUES: Final = game_state_values
_STATE_OF: Final = game_state_of
_SPOT_IDS: Final = BOARD.spot_ids
# The placement's events, made for `step` from the numbers the rules pass: events are immutable, so
# one instance serves every placement with the same values (a table by hex; bounded caches).
_HEX_ACTIVATED: Final = tuple([HexActivated(h) for h in BOARD.hex_ids])


@lru_cache(maxsize=4096)
def _resource_gained(seat: int, r: int, h: int, total: int) -> ResourceGained:
    return ResourceGained(seat, RESOURCES[r], _HEX_IDS[h], total)


@lru_cache(maxsize=4096)
def _house_activated(seat: int, spot: int, building: int) -> HouseActivated:
    return HouseActivated(seat, _SPOT_IDS[spot], BUILDINGS[building])


@lru_cache(maxsize=1024, typed=True)
def _house_placed(seat: int, spot: int, power: bool) -> HousePlaced:
    return HousePlaced(seat, _SPOT_IDS[spot], power)


class Scratch(GameFields):
    """A mutable copy of a `GameState` for the duration of one action."""

    __slots__ = ("n", "_pw", "_copied", "ev", "make_events", "facts", "source")

    #: the state this copy was made from
    source: GameState
    #: the board facts handed on to the frozen state (`ragusa.core.state.Derived`)
    facts: object
    n: int
    #: per seat, its holdings' mutable copy once made (`p`), else None; `_copied`: the seats copied
    _pw: list[PlayerScratch | None]
    _copied: list[int]
    #: events of this action as recorded (`ragusa.core.events.Recorded`), or None when the caller
    #: does not want them
    ev: list[Recorded] | None
    #: True: `ev` gets each event made as it happens (`ragusa.rules.resolution.step`, which returns
    #: them); False: recorded as its class and values (`ragusa.core.events.Recorded`)
    make_events: bool

    def __init__(self, s: GameState, events: list[Recorded] | None = None, make_events: bool = False) -> None:
        # the boards are kept as the state's tuples (shared with it until written: set_house, ...)
        self.load_fields(_STATE_VALUES(s))
        self.source = s
        try:
            self.facts = s.facts
        except AttributeError:  # a state made by attrs: nothing derived yet
            self.facts = None
        self.n = len(self.copied_players)
        self._pw = [None] * self.n
        self._copied = []
        self.ev = events
        self.make_events = make_events

    # A board written as a list copy and back (two C copies; slicing and joining made five objects)

    def set_house(self, spot: int, owner: int) -> None:
        h = list(self.houses)
        h[spot] = owner
        self.houses = tuple(h)

    def set_tower(self, spot: int, owner: int) -> None:
        t = list(self.towers)
        t[spot] = owner
        self.towers = tuple(t)

    def set_wall(self, segment: int, owner: int) -> None:
        w = list(self.walls)
        w[segment] = owner
        self.walls = tuple(w)

    def set_bead(self, commodity: int, index: int) -> None:
        m = self.market
        self.market = (
            index if commodity == 0 else m[0],
            index if commodity == 1 else m[1],
            index if commodity == 2 else m[2],
        )

    def p(self, seat: int) -> PlayerScratch:
        """The mutable copy of `seat`'s holdings (copied on first use)."""
        pw = self._pw[seat]
        if pw is None:
            pw = self._pw[seat] = PlayerScratch(self.copied_players[seat])
            self._copied.append(seat)
        return pw

    def pieces_left(self, seat: int) -> int:
        """Houses and powerhouses `seat` still has to place (a read: copies nothing)."""
        pw = self._pw[seat]
        if pw is None:
            p = self.copied_players[seat]
            return p.houses_left + p.powerhouses_left
        return pw.houses_left + pw.powerhouses_left

    def powerhouses_left(self, seat: int) -> int:
        """`seat`'s powerhouses still to place (a read: copies nothing)."""
        pw = self._pw[seat]
        return self.copied_players[seat].powerhouses_left if pw is None else pw.powerhouses_left

    def resource(self, seat: int, r: int) -> int:
        """`seat`'s count of resource `r` (a read: copies nothing)."""
        pw = self._pw[seat]
        return self.copied_players[seat].resources[r] if pw is None else pw.res[r]

    @property
    def players(self) -> tuple[PlayerState, ...]:
        """Every seat's holdings as they stand now, frozen (for readers of a position, e.g. the solo
        bots deciding in the middle of an action: `ragusa.core.position.Position`)."""
        players = self.copied_players
        copied = self._copied
        if not copied:
            return players
        pws = self._pw
        now = list(players)
        for seat in copied:  # the seats copied, frozen as they stand
            pw = pws[seat]
            assert pw is not None
            now[seat] = pw.freeze()
        return tuple(now)

    def commodities(self, seat: int) -> Sequence[int]:
        """`seat`'s commodities (a read: copies nothing; do not modify)."""
        pw = self._pw[seat]
        return self.copied_players[seat].commodities if pw is None else pw.com

    def towers_left(self, seat: int) -> int:
        """`seat`'s towers still to build (a read: copies nothing)."""
        pw = self._pw[seat]
        return self.copied_players[seat].towers_left if pw is None else pw.towers_left

    def player_state(self, seat: int) -> PlayerState:
        """`seat`'s holdings as they stand now, frozen."""
        pw = self._pw[seat]
        return self.copied_players[seat] if pw is None else pw.freeze()

    def emit(self, make: Callable[..., Any], *args: Any) -> None:
        """Record the event `make(*args)` if the caller asked for events (`ragusa.rules.resolution.step`).

        Rule code calls this the same way for `apply` and `step`: what happens never depends on
        whether events are recorded. `make` is an event class, made at once (`make_events`, through
        its generated constructor, `ragusa.core.events.MAKERS`) or recorded as its class and values
        (`ragusa.core.events.Recorded`), or a function that words one from the position as it
        stands, such as a bot's explanation (called at once); without events neither is done."""
        ev = self.ev
        if ev is not None:
            if make.__class__ is not type:
                ev.append(make(*args))
            elif self.make_events:
                ev.append(MAKERS[make](*args))
            else:
                ev.append((make, args))

    # The events of every placement, reported by typed calls: a compiled build passes their numbers
    # unboxed, and records nothing unless events are asked for (`emit` for the rest).

    def hex_activated(self, h: int) -> None:
        """Report that hex `h` of the new house activates (`HexActivated`)."""
        ev = self.ev
        if ev is not None:
            ev.append(_HEX_ACTIVATED[h] if self.make_events else (HexActivated, (_HEX_IDS[h],)))

    def resource_gained(self, seat: int, r: int, h: int, total: int) -> None:
        """Report that `seat` gained 1 of resource `r` from hex `h`, holding `total` now (`ResourceGained`)."""
        ev = self.ev
        if ev is not None:
            if self.make_events:
                ev.append(_resource_gained(seat, r, h, total))
            else:
                ev.append((ResourceGained, (seat, RESOURCES[r], _HEX_IDS[h], total)))

    def house_activated(self, seat: int, spot: int, building: int) -> None:
        """Report that the house on `spot` activates `building` for `seat` (`HouseActivated`)."""
        ev = self.ev
        if ev is not None:
            if self.make_events:
                ev.append(_house_activated(seat, spot, building))
            else:
                ev.append((HouseActivated, (seat, _SPOT_IDS[spot], BUILDINGS[building])))

    def house_placed(self, seat: int, spot: int, power: bool) -> None:
        """Report that `seat` placed a house (a powerhouse with `power`) on `spot` (`HousePlaced`)."""
        ev = self.ev
        if ev is not None:
            if self.make_events:
                ev.append(_house_placed(seat, spot, power))
            else:
                ev.append((HousePlaced, (seat, _SPOT_IDS[spot], power)))

    def freeze(self) -> GameState:
        """The state this copy holds now (`players`: the seats it copied, frozen)."""
        return _STATE_OF(self.field_values(self.players), self.facts)
