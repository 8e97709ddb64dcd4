"""Helpers that build game positions for rule tests, and `tool`, which loads a script of tools/.

``position(...)`` starts from a real game (after the setup bonus choices) and overwrites
what a test needs: pieces on spots, resources, commodities, market beads, whose turn it is.
Everything is given by ids (spot ids, segment ids, resource names), never by index.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import TypeVar

import attrs

from ragusa import GameState, Options, apply, legal_actions, new_game, step
from ragusa.core.actions import Action, ChooseBonus, Trade
from ragusa.core.board import BOARD, COM_INDEX, RES_INDEX
from ragusa.core.components import COMPONENTS
from ragusa.core.events import Event, HouseActivated
from ragusa.core.state import EMPTY, POWERHOUSE, RESERVED, Phase, PlayerState

#: the repository's tools/ folder (scripts, not a package)
TOOLS = Path(__file__).resolve().parents[1] / "tools"


def tool(relative: str) -> ModuleType:
    """The script `tools/<relative>` loaded as a module (its name: the file's stem)."""
    path = TOOLS / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: use as a ``houses`` value for a two-player powerhouse / a solo reserved spot
PH = POWERHOUSE
BLACK = RESERVED


def after_setup(players: int = 4, *, seed: int = 0, edition: str = "2nd", options: Options | None = None) -> GameState:
    """A new game with every seat's setup bonus choice made (the first dealt card)."""
    state = new_game(players, seed=seed, edition=edition, options=options)
    while state.phase == Phase.SETUP_BONUS:
        choice = next(a for a in legal_actions(state) if isinstance(a, ChooseBonus))
        state = apply(state, choice)
    return state


def resources(**kw: int) -> tuple[int, int, int, int, int, int]:
    """``resources(wood=2, fish=3)`` as a resource tuple."""
    out = [0] * 6
    for name, n in kw.items():
        out[RES_INDEX[name]] = n
    return (out[0], out[1], out[2], out[3], out[4], out[5])


def commodities(**kw: int) -> tuple[int, int, int]:
    out = [0, 0, 0]
    for name, n in kw.items():
        out[COM_INDEX[name]] = n
    return (out[0], out[1], out[2])


def position(
    players: int = 4,
    *,
    edition: str = "2nd",
    options: Options | None = None,
    seed: int = 0,
    turn: int = 0,
    houses: Mapping[str, int] | None = None,
    towers: Mapping[str, int] | None = None,
    walls: Iterable[str] | Mapping[str, int] = (),
    res: Mapping[int, Mapping[str, int]] | None = None,
    com: Mapping[int, Mapping[str, int]] | None = None,
    market: Mapping[str, int] | None = None,
    slots: Sequence[str | None] | None = None,
    player: Mapping[int, Mapping[str, object]] | None = None,
) -> GameState:
    """A position where seat ``turn`` is to place a house.

    ``houses``/``towers``: spot id -> seat (or ``PH``/``BLACK`` for houses); ``walls``: segment ids
    (built by seat 0) or segment id -> seat; ``res``/``com``: seat -> {name: count};
    ``market``: commodity -> bead index on the track; ``player``: seat -> other PlayerState fields.
    Houses placed this way are taken from the seat's supply.
    """
    state = after_setup(players, seed=seed, edition=edition, options=options)
    h = [EMPTY] * len(BOARD.spot_ids)
    t = [EMPTY] * len(BOARD.spot_ids)
    wl = [EMPTY] * len(BOARD.wall_ids)
    used = [0] * players
    for spot, seat in (houses or {}).items():
        h[BOARD.spot_index[spot]] = seat
        if seat >= 0:
            used[seat] += 1
    for spot, seat in (towers or {}).items():
        t[BOARD.spot_index[spot]] = seat
    wall_items = walls.items() if isinstance(walls, Mapping) else ((w, 0) for w in walls)
    for seg, seat in wall_items:
        wl[BOARD.wall_index[seg]] = seat
    plist = []
    for seat, p in enumerate(state.players):
        changes: dict[str, object] = {"houses_left": p.houses_left - used[seat]}
        if res and seat in res:
            changes["resources"] = resources(**res[seat])
        if com and seat in com:
            changes["commodities"] = commodities(**com[seat])
        if player and seat in player:
            changes.update(player[seat])
        plist.append(attrs.evolve(p, **changes))  # type: ignore[arg-type]
    m = list(state.market)
    for name, idx in (market or {}).items():
        m[COM_INDEX[name]] = idx
    return attrs.evolve(
        state,
        players=tuple(plist),
        houses=tuple(h),
        towers=tuple(t),
        walls=tuple(wl),
        market=(m[0], m[1], m[2]),
        slots=tuple(slots) if slots is not None else state.slots,
        phase=Phase.PLACE,
        seat=turn,
        turn_seat=turn,
    )


def run(state: GameState, *actions: Action) -> GameState:
    """Apply ``actions`` in order."""
    for a in actions:
        state = apply(state, a)
    return state


def spot(spot_id: str) -> int:
    return BOARD.spot_index[spot_id]


def track_value(index: int) -> int:
    return COMPONENTS.market.track[index]


def player(state: GameState, seat: int) -> PlayerState:
    return state.players[seat]


E = TypeVar("E")


def play(state: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    """Apply ``actions`` with ``step``; return the final state and all events in order."""
    out: list[Event] = []
    for a in actions:
        state, events = step(state, a)
        out.extend(events)
    return state, out


def of(events: Sequence[Event], cls: type[E]) -> list[E]:
    """The events of one class, in order."""
    return [e for e in events if isinstance(e, cls)]


def non_trade(state: GameState) -> set[Action]:
    """The legal actions other than fish trades."""
    return {a for a in legal_actions(state) if not isinstance(a, Trade)}


def hexes(spot_id: str) -> set[str]:
    """The ids of the three hexes around ``spot_id`` (from the board data)."""
    return {BOARD.hex_ids[h] for h in BOARD.spot_hexes[BOARD.spot_index[spot_id]]}


def activated(events: Sequence[Event]) -> list[tuple[str, int, str]]:
    """(building, seat, spot) of each HouseActivated event, in order."""
    return [(e.building, e.seat, e.spot) for e in events if isinstance(e, HouseActivated)]
