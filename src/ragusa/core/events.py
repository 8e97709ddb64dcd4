"""Events: what an action made happen, returned by `ragusa.step`.

Each event is a frozen attrs class; `seat` is the player concerned. Events that
carry hidden information (a kept bonus card, cards drawn) say so in their docs;
a seat is sent only its share of them.

While an action resolves, the rules report each event the same way whoever asks (`ragusa.core.scratch.Scratch`):
`ragusa.step` gets it made as it happens, through a constructor generated from its class's fields
(`maker`); the protocol gets it as a `Recorded`, its class and its fields' values, and writes its
JSON straight from the values (`ragusa.contract.views.records_to_data`); `made` makes the events of
such records.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any

import attrs


@attrs.frozen
class BonusChosen:
    """SETUP-6 / RECTOR-1: `seat` kept `card` (hidden from other seats)."""

    seat: int
    card: str


@attrs.frozen
class HousePlaced:
    seat: int
    spot: str
    powerhouse: bool


@attrs.frozen
class FishTraded:
    seat: int
    resource: str
    fish: int


@attrs.frozen
class ResourceGained:
    seat: int
    resource: str
    hex: str
    total: int


@attrs.frozen
class HexActivated:
    """A hex of the new house starts activating (ACT-1..4)."""

    hex: str


@attrs.frozen
class HouseActivated:
    """A house on a city hex activates for `seat` (ACT-3, TWO-5, TWO-6)."""

    seat: int
    spot: str
    building: str


@attrs.frozen
class CommodityProduced:
    seat: int
    commodity: str
    amount: int
    lost: int
    total: int


@attrs.frozen
class CommoditySold:
    seat: int
    commodity: str
    vp: int


@attrs.frozen
class ShipBought:
    seat: int
    ship: str
    slot: int
    paid: dict[str, int]
    vp: int


@attrs.frozen
class ShipArrived:
    ship: str
    slot: int


@attrs.frozen
class MarketMoved:
    commodity: str
    steps: int
    value: int


@attrs.frozen
class WallBuilt:
    seat: int
    segment: str
    vp: int


@attrs.frozen
class TowerBuilt:
    seat: int
    spot: str


@attrs.frozen
class VPScored:
    """`seat` scored `vp` from `source` (a `ragusa.core.state.VP_SOURCES` name); `reason` explains."""

    seat: int
    source: str
    vp: int
    reason: str


@attrs.frozen
class BonusDrawn:
    """RECTOR-1: `seat` drew `count` cards (which ones is hidden)."""

    seat: int
    count: int


@attrs.frozen
class Passed:
    seat: int
    what: str


@attrs.frozen
class PowerhousesConverted:
    """TWO-8: no legal powerhouse spot is left; `count` powerhouses become ordinary houses."""

    seat: int
    count: int


@attrs.frozen
class BotDecision:
    """Solo (SOLO-4, SOLO-5, SOLO-7): the bot in `seat` decided `decision` (e.g. `"place s49"`,
    `"build wall w3"`, `"sell wine"`); `reason` names the rule and the tie-break that decided,
    with the numbers, so that a player can check it by hand."""

    seat: int
    decision: str
    reason: str


@attrs.frozen
class GameEnded:
    scores: tuple[int, ...]
    winners: tuple[int, ...]


Event = (
    BonusChosen
    | HousePlaced
    | FishTraded
    | ResourceGained
    | HexActivated
    | HouseActivated
    | CommodityProduced
    | CommoditySold
    | ShipBought
    | ShipArrived
    | MarketMoved
    | WallBuilt
    | TowerBuilt
    | VPScored
    | BonusDrawn
    | Passed
    | PowerhousesConverted
    | BotDecision
    | GameEnded
)

#: an event as the rules record it (`ragusa.core.scratch.Scratch.emit`): its class and its fields'
#: values in order, `(HexActivated, ("h3",))`, or an event already made (by a function that words it)
Recorded = tuple[type, tuple[Any, ...]] | Event


def maker(cls: type) -> Callable[..., Any]:
    """A constructor of the event class `cls` from its fields' values in order, generated from the
    class's own field declarations: `maker(cls)(*values) == cls(*values)`. It sets each field through
    its slot (the frozen class's `__init__` goes through `object.__setattr__` per field; the event
    classes have no defaults, validators or converters, so the two make equal events)."""
    fields = attrs.fields(cls)
    assert not any(f.validator or f.converter or f.default is not attrs.NOTHING for f in fields), cls
    params = ", ".join(f"v{i}" for i in range(len(fields)))
    body = "".join(f"    s{i}(o, v{i})\n" for i in range(len(fields)))
    source = f"def make({params}):\n    o = new(cls)\n{body}    return o\n"
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    scope.update((f"s{i}", getattr(cls, f.name).__set__) for i, f in enumerate(fields))
    exec(compile(source, f"<event maker {cls.__name__}>", "exec"), scope)
    make: Callable[..., Any] = scope["make"]
    return make


#: each event class's generated constructor (`maker`), by class
MAKERS: Mapping[type, Callable[..., Any]] = MappingProxyType({cls: maker(cls) for cls in Event.__args__})


def made(recorded: Iterable[Recorded]) -> tuple[Event, ...]:
    """The events of `recorded`, each made from its class and values (`ragusa.step`'s events)."""
    makers = MAKERS
    return tuple([makers[r[0]](*r[1]) if r.__class__ is tuple else r for r in recorded])  # type: ignore[misc]
