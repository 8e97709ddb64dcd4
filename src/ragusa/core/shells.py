"""Building and reading the frozen state classes fast (issue 12), for the scratch copy
(`ragusa.core.work`): shells filled and turned into `GameState` and `PlayerState`, and every field
read or written at once."""

from __future__ import annotations

from typing import Any

import attrs

from ragusa.core.state import ChanceState, GameState, Options, Phase, PlayerState, SoloState

# Shells (issue 12): `GameState.__init__` sets each of its 27 fields through `object.__setattr__`
# (the class is frozen), which made building the state the largest single cost of `apply`. A shell
# is a plain class with exactly the same slots: `ragusa.core.work` fills one (`game_state_of`, `player_state_of`) with ordinary
# attribute stores and then sets its `__class__` to the frozen class (allowed because the
# layouts are identical), which yields a true instance of that class, equal to and
# indistinguishable from one built by `__init__`, in a fraction of the time. (Slotted classes
# with a `__weakref__` slot refuse the class change, hence `weakref_slot=False` above.)

#: a mutable object with `GameState`'s slots, to fill and turn into a `GameState`
GAME_STATE_SHELL: Any = type("GameStateShell", (), {"__slots__": tuple(a.name for a in attrs.fields(GameState))})
#: a mutable object with `PlayerState`'s slots, to fill and turn into a `PlayerState`
PLAYER_STATE_SHELL: Any = type("PlayerStateShell", (), {"__slots__": tuple(a.name for a in attrs.fields(PlayerState))})


# Filled and read in one call (issue 12): the compiled build (`ragusa.core.work` is compiled by mypyc)
# reaches the attributes of these interpreted classes through the generic attribute protocol, many
# times slower than the interpreter's own stores and loads into slots; so the scratch copy hands
# over and takes back every field at once, as a tuple in declaration order (checked below).

#: `GameState`'s fields, in declaration order (the order of `game_state_values`)
GAME_STATE_FIELDS: tuple[str, ...] = tuple(a.name for a in attrs.fields(GameState))
#: `PlayerState`'s fields, in declaration order (the order of `player_state_values`)
PLAYER_STATE_FIELDS: tuple[str, ...] = tuple(a.name for a in attrs.fields(PlayerState))
assert GAME_STATE_FIELDS == (
    "edition",
    "options",
    "rng",
    "players",
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
), "game_state_values must name every field in order"
assert PLAYER_STATE_FIELDS == (
    "resources",
    "commodities",
    "houses_left",
    "powerhouses_left",
    "towers_left",
    "bonus_cards",
    "ships",
    "vp",
    "bonus_vp",
    "fish_traded",
), "player_state_values must name every field in order"

#: `GameState`'s field values, in declaration order
GameStateValues = tuple[
    str,
    Options,
    int,
    tuple[PlayerState, ...],
    int,
    Phase,
    int | None,
    int,
    int,
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, int, int],
    tuple[str | None, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[tuple[str, ...], ...],
    tuple[str, ...],
    int,
    bool,
    tuple[int, ...],
    int,
    tuple[int, ...],
    bool,
    int,
    tuple[int, ...],
    SoloState | None,
    ChanceState | None,
]
#: `PlayerState`'s field values, in declaration order
PlayerStateValues = tuple[
    tuple[int, int, int, int, int, int],
    tuple[int, int, int],
    int,
    int,
    int,
    tuple[str, ...],
    tuple[str, ...],
    tuple[int, int, int, int, int, int, int],
    tuple[int, ...],
    int,
]


def game_state_values(s: GameState) -> GameStateValues:
    """Every field of `s`, in declaration order."""
    return (
        s.edition,
        s.options,
        s.rng,
        s.players,
        s.start_seat,
        s.phase,
        s.seat,
        s.turn_seat,
        s.placements,
        s.houses,
        s.towers,
        s.walls,
        s.market,
        s.slots,
        s.ship_deck,
        s.bonus_deck,
        s.dealt,
        s.rector_hand,
        s.placed,
        s.placed_power,
        s.pending_hexes,
        s.current_hex,
        s.queue,
        s.window_done,
        s.passes,
        s.end_seats,
        s.solo,
        s.chance,
    )


def game_state_of(values: GameStateValues) -> GameState:
    """The `GameState` whose fields, in declaration order, are `values` (unchecked: the scratch
    copy's freeze), built in a shell."""
    o = _new(GAME_STATE_SHELL)
    (
        o.edition,
        o.options,
        o.rng,
        o.players,
        o.start_seat,
        o.phase,
        o.seat,
        o.turn_seat,
        o.placements,
        o.houses,
        o.towers,
        o.walls,
        o.market,
        o.slots,
        o.ship_deck,
        o.bonus_deck,
        o.dealt,
        o.rector_hand,
        o.placed,
        o.placed_power,
        o.pending_hexes,
        o.current_hex,
        o.queue,
        o.window_done,
        o.passes,
        o.end_seats,
        o.solo,
        o.chance,
    ) = values
    o.__class__ = GameState
    state: GameState = o
    return state


def player_state_values(p: PlayerState) -> PlayerStateValues:
    """Every field of `p`, in declaration order."""
    return (
        p.resources,
        p.commodities,
        p.houses_left,
        p.powerhouses_left,
        p.towers_left,
        p.bonus_cards,
        p.ships,
        p.vp,
        p.bonus_vp,
        p.fish_traded,
    )


def player_state_of(values: PlayerStateValues) -> PlayerState:
    """The `PlayerState` whose fields, in declaration order, are `values` (unchecked), built in a shell."""
    o = _new(PLAYER_STATE_SHELL)
    (
        o.resources,
        o.commodities,
        o.houses_left,
        o.powerhouses_left,
        o.towers_left,
        o.bonus_cards,
        o.ships,
        o.vp,
        o.bonus_vp,
        o.fish_traded,
    ) = values
    o.__class__ = PlayerState
    player: PlayerState = o
    return player


_new = object.__new__
