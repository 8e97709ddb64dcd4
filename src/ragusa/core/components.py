"""Component data: the board, market, ships, bonus cards and solo material.

The data ships inside the package as `ragusa/core/data/standard.json` (a copy of the
project's `shared/components/standard.json`). It is loaded and validated once,
at import, into the frozen attrs classes below; `ragusa.core.board` then derives
the topology (spots, rings, wall ring) from the hex coordinates and checks it
against the file. No board fact lives as a constant in rule code: rule code reads
`COMPONENTS` and `ragusa.core.board.BOARD`.
"""

from __future__ import annotations

import json
import os
from typing import Any

import attrs

from ragusa.core.errors import ComponentDataError
from ragusa.core.from_json import build

#: The six resources (RES-1), in the order the library stores them.
RESOURCES: tuple[str, ...] = ("fish", "wood", "stone", "silver_ore", "grapes", "olives")
#: The three commodities (RES-2), in the order the library stores them.
COMMODITIES: tuple[str, ...] = ("silver", "wine", "oil")
#: The ten city buildings, in the order the library stores them, and how each is called in text
#: (logs, drawings)
BUILDING_NAMES: dict[str, str] = {
    "winery": "Winery",
    "oil-press": "Oil Press",
    "silversmith": "Silversmith",
    "mason": "Mason",
    "architect": "Architect",
    "fishmonger": "Fishmonger",
    "market": "Market",
    "wharf": "Wharf",
    "rectors-palace": "Rector's Palace",
    "cathedral": "Cathedral",
}
BUILDINGS: tuple[str, ...] = tuple(BUILDING_NAMES)
HEX_KINDS: tuple[str, ...] = ("country", "sea", "city")
BONUS_KINDS: tuple[str, ...] = (
    "per_resource",
    "per_good",
    "per_distinct_good",
    "per_commodity_set",
    "per_two_ship_vp",
    "per_adjacent_wall",
    "per_tower",
)


@attrs.frozen
class HexData:
    """One hex of the board."""

    id: str
    #: axial coordinates, pointy-top, `r` growing downwards (`ragusa.core.board`)
    q: int
    r: int
    #: country, sea or city (`HEX_KINDS`)
    kind: str
    #: what a country or sea hex gives (`RESOURCES`); the building of a city hex (`BUILDINGS`)
    resource: str | None = None
    building: str | None = None


@attrs.frozen
class SpotData:
    """One spot: a corner shared by three hexes, where a house goes."""

    id: str
    hexes: tuple[str, str, str]
    on_wall: bool
    tower_spot: bool


@attrs.frozen
class WallData:
    """A wall segment of the city wall ring: the spots at its ends and the hexes it separates."""

    id: str
    spots: tuple[str, str]
    hexes: tuple[str, str]


@attrs.frozen
class WallRingData:
    """The city wall ring, clockwise from `start` (the Silversmith's top corner)."""

    start: str
    spots: tuple[str, ...]
    walls: tuple[WallData, ...]


@attrs.frozen
class BoardData:
    """The board: hexes, spots, the wall ring and each building's ring of spots."""

    orientation: str
    hexes: tuple[HexData, ...]
    spots: tuple[SpotData, ...]
    wall_ring: WallRingData
    city_rings: dict[str, tuple[str, ...]]


@attrs.frozen
class SlotData:
    """A market slot: its base cost and the commodity a purchase there lowers."""

    cost: dict[str, int]
    lowers: str


@attrs.frozen
class MarketData:
    """The market: the value track, where the beads start, the slots left to right."""

    track: tuple[int, ...]
    start: int
    slots: tuple[SlotData, ...]


@attrs.frozen
class ArrivalData:
    """The commodity a ship raises when it arrives, and by how many steps (SETUP-5, MARKET-1)."""

    commodity: str
    steps: int


@attrs.frozen
class ShipData:
    """One ship card (MARKET-1)."""

    id: str
    good: str
    stars: int
    """VP scored when it is bought."""
    extra_cost: str | None
    """A commodity paid on top of its slot's cost, if any."""
    arrival: ArrivalData


@attrs.frozen
class BonusCardData:
    """One bonus card (END-BONUS-1)."""

    id: str
    kind: str
    """How it scores (`BONUS_KINDS`)."""
    vp: int
    """VP per unit counted, 2nd edition."""
    resource: str | None = None
    """The resource a `per_resource` card counts."""
    good: str | None = None
    """The good a `per_good` card counts."""
    vp_1st_edition: int | None = None
    """VP per unit in the 1st edition, where it differs (ED-1)."""


@attrs.frozen
class SoloSetupData:
    """Each colour's three opening spots in the solo game (SOLO-1)."""

    bot_a: tuple[str, ...]
    bot_b: tuple[str, ...]
    player: tuple[str, ...]


@attrs.frozen
class PiecesData:
    """The pieces of each player and the limits of the stock (SETUP-2, RES-2)."""

    houses: dict[str, int]
    """Houses per player by number of players ("2" to "5", and "solo")."""
    powerhouses_2p: int
    towers_per_player: int
    walls: int
    commodity_cap: int
    """The most of each commodity a player holds (RES-2)."""


@attrs.frozen
class PatricianCardData:
    """A solo Patrician card: its three spots, lowest number first (SOLO-2, SOLO-4)."""

    id: str
    spots: tuple[str, str, str]


@attrs.frozen
class ComponentData:
    """The whole component file, as typed data."""

    name: str
    notes: tuple[str, ...]
    provenance: dict[str, str]
    """Where each part of the data comes from: the rulebook text, or reconstructed."""
    board: BoardData
    market: MarketData
    ships: tuple[ShipData, ...]
    bonus_cards: tuple[BonusCardData, ...]
    patrician_cards: tuple[PatricianCardData, ...]
    patrician_unused_city_spots: tuple[str, ...]
    solo_setup: SoloSetupData
    pieces: PiecesData


def _fail(where: str, what: str) -> ComponentDataError:
    path = "$" if where == "$" else "$." + where.split(" (")[0]
    return ComponentDataError(f"component data {where}: {what}", path)


def _check_unique(where: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise _fail(where, f"duplicate id {i!r}")
        seen.add(i)


def _check_hexes(board: BoardData) -> None:
    """Hex ids and coordinates unique; each hex's kind, resource or building from the vocabulary;
    the city holds each of the ten buildings once."""
    _check_unique("board.hexes", [h.id for h in board.hexes])
    coords: set[tuple[int, int]] = set()
    for i, h in enumerate(board.hexes):
        where = f"board.hexes[{i}] ({h.id})"
        if h.kind not in HEX_KINDS:
            raise _fail(where, f"kind {h.kind!r} is not one of {HEX_KINDS}")
        if (h.q, h.r) in coords:
            raise _fail(where, f"coordinates ({h.q}, {h.r}) used twice")
        coords.add((h.q, h.r))
        if h.kind == "city":
            if h.building not in BUILDINGS:
                raise _fail(where, f"city hex needs a building from {BUILDINGS}, got {h.building!r}")
        elif h.kind == "sea":
            if h.resource != "fish":
                raise _fail(where, f"sea hex must give fish, got {h.resource!r}")
        elif h.resource not in RESOURCES[1:]:
            raise _fail(where, f"country hex resource {h.resource!r} is not one of {RESOURCES[1:]}")
    buildings = [h.building for h in board.hexes if h.kind == "city"]
    if sorted(b for b in buildings if b) != sorted(BUILDINGS):
        raise _fail("board.hexes", f"the city must hold each of the ten buildings once, got {buildings}")


def _check_spots(board: BoardData) -> None:
    """Spot ids unique; each spot touches three different known hexes."""
    hex_ids = {h.id for h in board.hexes}
    _check_unique("board.spots", [s.id for s in board.spots])
    for i, s in enumerate(board.spots):
        for h_id in s.hexes:
            if h_id not in hex_ids:
                raise _fail(f"board.spots[{i}] ({s.id})", f"unknown hex {h_id!r}")
        if len(set(s.hexes)) != 3:
            raise _fail(f"board.spots[{i}] ({s.id})", "a spot touches three different hexes")


def _check_rings(data: ComponentData) -> None:
    """The wall ring has one segment and one spot per wall piece; city rings have 6 spots."""
    board = data.board
    ring = board.wall_ring
    if len(ring.walls) != data.pieces.walls or len(ring.spots) != data.pieces.walls:
        raise _fail(
            "board.wall_ring",
            f"{len(ring.walls)} segments and {len(ring.spots)} spots; pieces.walls says {data.pieces.walls}",
        )
    _check_unique("board.wall_ring.walls", [w.id for w in ring.walls])
    for b, ring_spots in board.city_rings.items():
        if b not in BUILDINGS or len(ring_spots) != 6:
            raise _fail(f"board.city_rings.{b}", "each building has a ring of 6 spots")


def _check_spot_references(data: ComponentData) -> None:
    """Every spot named outside the board (wall ring, Patrician cards, solo setup) exists."""
    spot_ids = {s.id for s in data.board.spots}
    named: list[tuple[str, tuple[str, ...]]] = [
        ("board.wall_ring.spots", data.board.wall_ring.spots),
        ("patrician_unused_city_spots", data.patrician_unused_city_spots),
    ]
    named += [(f"patrician_cards[{i}] ({pc.id})", pc.spots) for i, pc in enumerate(data.patrician_cards)]
    named += [(f"solo_setup.{c}", getattr(data.solo_setup, c)) for c in ("bot_a", "bot_b", "player")]
    for where, ids in named:
        for s_id in ids:
            if s_id not in spot_ids:
                raise _fail(where, f"unknown spot {s_id!r}")
    _check_unique("patrician_cards", [c.id for c in data.patrician_cards])


def _check_market(market: MarketData) -> None:
    """The track is non-empty with non-negative values; the start is on it; slots name commodities."""
    if not market.track or any(v < 0 for v in market.track):
        raise _fail("market.track", "values must be non-negative and the track non-empty")
    if not 0 <= market.start < len(market.track):
        raise _fail("market.start", f"{market.start} is off the track (0..{len(market.track) - 1})")
    for i, slot in enumerate(market.slots):
        if slot.lowers not in COMMODITIES or any(c not in COMMODITIES or n < 1 for c, n in slot.cost.items()):
            raise _fail(f"market.slots[{i}]", "costs and lowers name commodities, costs are >= 1")


def _check_cards(data: ComponentData) -> None:
    """Ship and bonus card ids unique, their commodities, resources and goods from the vocabulary."""
    _check_unique("ships", [s.id for s in data.ships])
    for i, ship in enumerate(data.ships):
        if ship.extra_cost is not None and ship.extra_cost not in COMMODITIES:
            raise _fail(f"ships[{i}] ({ship.id})", f"extra_cost {ship.extra_cost!r} is not a commodity")
        if ship.arrival.commodity not in COMMODITIES or ship.arrival.steps < 0 or ship.stars < 0:
            raise _fail(f"ships[{i}] ({ship.id})", "arrival names a commodity; steps and stars are >= 0")
    goods = {s.good for s in data.ships}
    _check_unique("bonus_cards", [c.id for c in data.bonus_cards])
    for i, card in enumerate(data.bonus_cards):
        where = f"bonus_cards[{i}] ({card.id})"
        if card.kind not in BONUS_KINDS:
            raise _fail(where, f"kind {card.kind!r} is not one of {BONUS_KINDS}")
        if card.kind == "per_resource" and card.resource not in RESOURCES:
            raise _fail(where, f"per_resource card needs a resource, got {card.resource!r}")
        if card.kind == "per_good" and card.good not in goods:
            raise _fail(where, f"per_good card names good {card.good!r}, which no ship carries")


def _check_pieces(pieces: PiecesData) -> None:
    for key in ("2", "3", "4", "5", "solo"):
        if pieces.houses.get(key, 0) < 1:
            raise _fail("pieces.houses", f"needs a positive count for {key!r}")


def check_components(data: ComponentData) -> None:
    """Checks beyond the types: ids unique, references resolve, values in range."""
    _check_hexes(data.board)
    _check_spots(data.board)
    _check_rings(data)
    _check_spot_references(data)
    _check_market(data.market)
    _check_cards(data)
    _check_pieces(data.pieces)


def _cattrs_message(raw: Any) -> str:
    """What cattrs says is wrong with component data `build` refused (cattrs is imported only here)."""
    import cattrs

    try:
        cattrs.Converter(forbid_extra_keys=True).structure(raw, ComponentData)
    except Exception as exc:  # cattrs raises ClassValidationError groups
        msgs = cattrs.transform_error(exc) if isinstance(exc, cattrs.BaseValidationError) else [str(exc)]
        return "; ".join(msgs)
    return "the data does not have the component types"


def structure_components(raw: Any) -> ComponentData:
    """Structure component data already parsed from JSON, and check it beyond its types.

    This does not check the JSON schema: `ragusa.contract.components.parse_components`
    does that first for data from outside; the packaged file is checked against the schema by
    the test suite, once, not at every import."""
    try:
        data = build(ComponentData, raw)
    except (ValueError, TypeError):
        raise _fail("$", _cattrs_message(raw)) from None
    check_components(data)
    return data


def standard_text() -> str:
    """The packaged `standard.json`, as text."""
    path = os.path.join(os.path.dirname(__file__), "data", "standard.json")
    if os.path.exists(path):  # an ordinary install: read the file (importlib.resources is slow to import)
        with open(path, encoding="utf-8") as f:
            return f.read()
    from importlib import resources  # a zipped package

    return resources.files("ragusa.core").joinpath("data/standard.json").read_text(encoding="utf-8")


#: The standard components, loaded and checked at import.
COMPONENTS: ComponentData = structure_components(json.loads(standard_text()))
