"""Every field of a `GameState` or `PlayerState` at once, as a tuple in declaration order, and a
state (or a `SoloState`) built from such a tuple in a shell: a plain object with the class's
slots, filled with ordinary stores and turned into the frozen class (the layouts are identical),
which yields a true instance, equal to one built by `__init__`, without its `object.__setattr__`
per field. The scratch copy (`ragusa.core.scratch`) hands over and takes back every field at
once this way; the solo bots change their solo state so (`ragusa.rules.solo.patrician.solo_with`).

Written out from the fields of `GameState`, `PlayerState` and `SoloState` by `python tools/generate_fields.py`: do
not edit (`tests/test_work.py` checks it is current)."""

from __future__ import annotations

from typing import Any

import attrs

from ragusa.core.state import ChanceState, Derived, GameState, Options, Phase, PlayerState, SoloState

#: `GameState`'s field values, in declaration order
GameStateValues = tuple[str, Options, int, tuple[PlayerState, ...], int, Phase, int | None, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, int, int], tuple[str | None, ...], tuple[str, ...], tuple[str, ...], tuple[tuple[str, ...], ...], tuple[str, ...], int, bool, tuple[int, ...], int, tuple[int, ...], bool, int, tuple[int, ...], SoloState | None, ChanceState | None]
#: `PlayerState`'s field values, in declaration order
PlayerStateValues = tuple[tuple[int, ...], tuple[int, ...], int, int, int, tuple[str, ...], tuple[str, ...], tuple[int, ...], tuple[int, ...], int]
#: `SoloState`'s field values, in declaration order
SoloStateValues = tuple[tuple[tuple[str, ...], ...], tuple[int, ...], tuple[tuple[tuple[str, ...], ...], ...], int]


def _slots(cls: type) -> tuple[str, ...]:
    return tuple(a.name for a in attrs.fields(cls))


#: plain objects with the slots of `GameState` (its `Derived` room included), `PlayerState` and `SoloState`
GAME_STATE_SHELL: Any = type("GameStateShell", (Derived,), {"__slots__": _slots(GameState)})
PLAYER_STATE_SHELL: Any = type("PlayerStateShell", (), {"__slots__": _slots(PlayerState)})
SOLO_STATE_SHELL: Any = type("SoloStateShell", (), {"__slots__": _slots(SoloState)})
new_object = object.__new__


def game_state_values(s: GameState) -> GameStateValues:
    """Every field of `s`, in declaration order."""
    return (s.edition, s.options, s.rng, s.players, s.start_seat, s.phase, s.seat, s.turn_seat, s.placements, s.houses, s.towers, s.walls, s.market, s.slots, s.ship_deck, s.bonus_deck, s.dealt, s.rector_hand, s.placed, s.placed_power, s.pending_hexes, s.current_hex, s.queue, s.window_done, s.passes, s.end_seats, s.solo, s.chance)


def game_state_of(values: GameStateValues, facts: object) -> GameState:
    """The `GameState` whose fields are `values` (unchecked: the scratch copy's freeze), with the
    board facts `facts` handed on (`Derived`)."""
    o = new_object(GAME_STATE_SHELL)
    (o.edition, o.options, o.rng, o.players, o.start_seat, o.phase, o.seat, o.turn_seat, o.placements, o.houses, o.towers, o.walls, o.market, o.slots, o.ship_deck, o.bonus_deck, o.dealt, o.rector_hand, o.placed, o.placed_power, o.pending_hexes, o.current_hex, o.queue, o.window_done, o.passes, o.end_seats, o.solo, o.chance) = values
    o.facts = facts
    o.moves = None
    o.__class__ = GameState
    state: GameState = o
    return state


def player_state_values(p: PlayerState) -> PlayerStateValues:
    """Every field of `p`, in declaration order."""
    return (p.resources, p.commodities, p.houses_left, p.powerhouses_left, p.towers_left, p.bonus_cards, p.ships, p.vp, p.bonus_vp, p.fish_traded)


def player_state_of(values: PlayerStateValues) -> PlayerState:
    """The `PlayerState` whose fields are `values` (unchecked)."""
    o = new_object(PLAYER_STATE_SHELL)
    (o.resources, o.commodities, o.houses_left, o.powerhouses_left, o.towers_left, o.bonus_cards, o.ships, o.vp, o.bonus_vp, o.fish_traded) = values
    o.__class__ = PlayerState
    player: PlayerState = o
    return player


def solo_state_of(values: SoloStateValues) -> SoloState:
    """The `SoloState` whose fields are `values` (unchecked)."""
    o = new_object(SOLO_STATE_SHELL)
    (o.bot_cards, o.bot_seats, o.bot_pairs, o.round) = values
    o.__class__ = SoloState
    solo: SoloState = o
    return solo
