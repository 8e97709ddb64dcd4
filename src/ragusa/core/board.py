"""The board's topology, derived from the hex coordinates and checked against the file.

Hexes are pointy-top in axial coordinates `(q, r)` with `r` growing downwards.
A corner of a hex is shared by three hexes; a *spot* is a corner whose three hexes
are all on the board and not all sea. From the coordinates alone this module
derives every spot, each hex's ring of spots in clockwise order, and the city wall
ring (the boundary between city and non-city hexes), then checks each against
what `standard.json` states. A disagreement raises `ComponentDataError`
at import, so a corrected board can be dropped in and is verified before use.

Everything the rules read is precomputed here as tuples of small ints
(hex, spot and segment indices in file order) for speed.
"""

from __future__ import annotations

from typing import Final

import attrs

from ragusa.core.components import (
    BUILDINGS,
    COMMODITIES,
    COMPONENTS,
    RESOURCES,
    BoardData,
    ComponentData,
)
from ragusa.core.errors import ComponentDataError

Coord = tuple[int, int]

KIND_COUNTRY: Final = 0
KIND_SEA: Final = 1
KIND_CITY: Final = 2
_KIND_INDEX = {"country": KIND_COUNTRY, "sea": KIND_SEA, "city": KIND_CITY}

RES_INDEX: dict[str, int] = {r: i for i, r in enumerate(RESOURCES)}
COM_INDEX: dict[str, int] = {c: i for i, c in enumerate(COMMODITIES)}
BUILDING_INDEX: dict[str, int] = {b: i for i, b in enumerate(BUILDINGS)}


def hex_corners(q: int, r: int) -> tuple[tuple[Coord, Coord, Coord], ...]:
    """The six corners of hex `(q, r)`, clockwise from the top, each as its three hexes."""
    return (
        ((q, r), (q, r - 1), (q + 1, r - 1)),  # top
        ((q, r), (q + 1, r - 1), (q + 1, r)),  # upper right
        ((q, r), (q + 1, r), (q, r + 1)),  # lower right
        ((q, r), (q, r + 1), (q - 1, r + 1)),  # bottom
        ((q, r), (q - 1, r + 1), (q - 1, r)),  # lower left
        ((q, r), (q - 1, r), (q, r - 1)),  # upper left
    )


@attrs.frozen
class Board:
    """Precomputed topology. Indices follow the order of the component file."""

    hex_ids: tuple[str, ...]
    hex_index: dict[str, int]
    hex_kind: tuple[int, ...]
    #: resource index (`RESOURCES`) a country or sea hex gives, else -1
    hex_resource: tuple[int, ...]
    #: building index (`BUILDINGS`) of a city hex, else -1
    hex_building: tuple[int, ...]
    #: the spots around each hex, clockwise from the top corner (only corners that are spots)
    hex_spots: tuple[tuple[int, ...], ...]
    spot_ids: tuple[str, ...]
    spot_index: dict[str, int]
    #: the three hexes of each spot, in the file's order
    spot_hexes: tuple[tuple[int, int, int], ...]
    spot_on_wall: tuple[bool, ...]
    spot_tower: tuple[bool, ...]
    #: the wall ring's spots clockwise; segment `i` joins `ring_spots[i]` and `ring_spots[i+1]` (cyclic)
    ring_spots: tuple[int, ...]
    wall_ids: tuple[str, ...]
    wall_index: dict[str, int]
    #: the two end spots of each wall segment
    wall_spots: tuple[tuple[int, int], ...]
    #: for each spot, the wall segments it ends (empty off the ring)
    spot_walls: tuple[tuple[int, ...], ...]
    #: the hex index of each building (`BUILDINGS` order)
    building_hex: tuple[int, ...]
    tower_spots: tuple[int, ...]


def _derive_spots(coord_to_hex: dict[Coord, str], sea: set[str]) -> set[frozenset[str]]:
    found: set[frozenset[str]] = set()
    for q, r in coord_to_hex:
        for corner in hex_corners(q, r):
            if all(c in coord_to_hex for c in corner):
                ids = frozenset(coord_to_hex[c] for c in corner)
                if not ids <= sea:
                    found.add(ids)
    return found


def _derive_wall_ring(
    data: ComponentData, coord_to_hex: dict[Coord, str], spot_by_hexes: dict[frozenset[str], str]
) -> list[tuple[str, str, tuple[str, str]]]:
    """The boundary edges of the city, as (spot, next spot, (city hex, outer hex)) clockwise."""
    city = {(h.q, h.r) for h in data.board.hexes if h.kind == "city"}
    # For a clockwise walk around the city, take each city hex's edges (corner k -> corner k+1)
    # whose neighbour across the edge is not a city hex.
    succ: dict[str, tuple[str, tuple[str, str]]] = {}
    for q, r in sorted(city):
        corners = hex_corners(q, r)
        for k in range(6):
            a, b = corners[k], corners[(k + 1) % 6]
            shared = set(a) & set(b)
            (across,) = shared - {(q, r)}
            if across in city:
                continue
            ids_a = frozenset(coord_to_hex[c] for c in a if c in coord_to_hex)
            ids_b = frozenset(coord_to_hex[c] for c in b if c in coord_to_hex)
            sa, sb = spot_by_hexes.get(ids_a), spot_by_hexes.get(ids_b)
            if sa is None or sb is None or across not in coord_to_hex:
                raise ComponentDataError(f"board: the city boundary at hex {coord_to_hex[(q, r)]} runs off the board")
            if sa in succ:
                raise ComponentDataError(f"board: the city boundary branches at spot {sa}")
            succ[sa] = (sb, (coord_to_hex[(q, r)], coord_to_hex[across]))
    start = data.board.wall_ring.spots[0]
    if start not in succ:
        raise ComponentDataError(f"board.wall_ring.spots[0] ({start}) is not on the city boundary")
    walk: list[tuple[str, str, tuple[str, str]]] = []
    cur = start
    while True:
        nxt, hexes = succ[cur]
        walk.append((cur, nxt, hexes))
        cur = nxt
        if cur == start:
            break
        if len(walk) > len(succ):
            raise ComponentDataError("board: the city boundary is not a single ring")
    if len(walk) != len(succ):
        raise ComponentDataError("board: the city boundary is not a single ring")
    return walk


def _check_spots(bd: BoardData, coord_to_hex: dict[Coord, str], stated: dict[frozenset[str], str]) -> None:
    """The listed spots are exactly the corners the hex coordinates give (sea-only corners excluded)."""
    sea = {h.id for h in bd.hexes if h.kind == "sea"}
    derived = _derive_spots(coord_to_hex, sea)
    if set(stated) != derived:
        missing = sorted(sorted(x) for x in derived - set(stated))
        extra = sorted(stated[x] for x in set(stated) - derived)
        raise ComponentDataError(
            f"board.spots disagree with the hex coordinates: corners not listed {missing}, "
            f"listed spots that are no corner {extra}"
        )


def _hex_spots(
    bd: BoardData, coord_to_hex: dict[Coord, str], stated: dict[frozenset[str], str], spot_index: dict[str, int]
) -> list[tuple[int, ...]]:
    """Per hex, its spots clockwise from the top corner."""
    out: list[tuple[int, ...]] = []
    for h in bd.hexes:
        ring: list[int] = []
        for corner in hex_corners(h.q, h.r):
            if all(c in coord_to_hex for c in corner):
                sid = stated.get(frozenset(coord_to_hex[c] for c in corner))
                if sid is not None:
                    ring.append(spot_index[sid])
        out.append(tuple(ring))
    return out


def _check_city_rings(
    bd: BoardData, hex_spots: list[tuple[int, ...]], hex_index: dict[str, int], spot_ids: tuple[str, ...]
) -> None:
    """Each building's stated ring of spots is the one its hex's corners give, clockwise from the top."""
    for building, ring_ids in bd.city_rings.items():
        hx = next((h for h in bd.hexes if h.building == building), None)
        if hx is None:
            raise ComponentDataError(f"board.city_rings names {building!r}, which no hex holds")
        derived_ring = tuple(spot_ids[i] for i in hex_spots[hex_index[hx.id]])
        if derived_ring != tuple(ring_ids):
            raise ComponentDataError(
                f"board.city_rings.{building} is {list(ring_ids)}; the coordinates give "
                f"{list(derived_ring)} clockwise from the top corner"
            )
    if set(bd.city_rings) != set(BUILDINGS):
        raise ComponentDataError("board.city_rings must list a ring for each of the ten buildings")


def _check_wall_ring(bd: BoardData, walk: list[tuple[str, str, tuple[str, str]]]) -> tuple[str, ...]:
    """The stated wall ring (spots, segments, on-wall and tower flags) is the city boundary the
    coordinates give; returns the ring's spots clockwise."""
    ring_spot_ids = tuple(a for a, _, _ in walk)
    if ring_spot_ids != tuple(bd.wall_ring.spots):
        raise ComponentDataError(
            f"board.wall_ring.spots is {list(bd.wall_ring.spots)}; the city boundary clockwise from its "
            f"first spot is {list(ring_spot_ids)}"
        )
    for i, (w, (a, b, hexes)) in enumerate(zip(bd.wall_ring.walls, walk)):
        if tuple(w.spots) != (a, b) or set(w.hexes) != set(hexes):
            raise ComponentDataError(
                f"board.wall_ring.walls[{i}] ({w.id}) joins {list(w.spots)} between {list(w.hexes)}; "
                f"the boundary's segment {i} joins {[a, b]} between {list(hexes)}"
            )
    on_ring = set(ring_spot_ids)
    for s in bd.spots:
        if s.on_wall != (s.id in on_ring):
            raise ComponentDataError(
                f"board.spots {s.id}: on_wall is {s.on_wall}, the derived ring says {s.id in on_ring}"
            )
        if s.tower_spot and not s.on_wall:
            raise ComponentDataError(f"board.spots {s.id}: a tower spot must be on the wall line")
    return ring_spot_ids


def build_board(data: ComponentData) -> Board:
    """Derive the topology from `data` and check it against what the file states."""
    bd = data.board
    coord_to_hex = {(h.q, h.r): h.id for h in bd.hexes}
    stated = {frozenset(s.hexes): s.id for s in bd.spots}
    _check_spots(bd, coord_to_hex, stated)
    hex_ids = tuple(h.id for h in bd.hexes)
    hex_index = {h: i for i, h in enumerate(hex_ids)}
    spot_ids = tuple(s.id for s in bd.spots)
    spot_index = {s: i for i, s in enumerate(spot_ids)}
    hex_spots = _hex_spots(bd, coord_to_hex, stated, spot_index)
    _check_city_rings(bd, hex_spots, hex_index, spot_ids)
    ring_spot_ids = _check_wall_ring(bd, _derive_wall_ring(data, coord_to_hex, stated))

    ring_spots = tuple(spot_index[s] for s in ring_spot_ids)
    n = len(ring_spots)
    wall_spots = tuple((ring_spots[i], ring_spots[(i + 1) % n]) for i in range(n))
    spot_walls: list[list[int]] = [[] for _ in spot_ids]
    for i, (a_i, b_i) in enumerate(wall_spots):
        spot_walls[a_i].append(i)
        spot_walls[b_i].append(i)
    return Board(
        hex_ids=hex_ids,
        hex_index=hex_index,
        hex_kind=tuple(_KIND_INDEX[h.kind] for h in bd.hexes),
        hex_resource=tuple(RES_INDEX[h.resource] if h.resource else -1 for h in bd.hexes),
        hex_building=tuple(BUILDING_INDEX[h.building] if h.building else -1 for h in bd.hexes),
        hex_spots=tuple(hex_spots),
        spot_ids=spot_ids,
        spot_index=spot_index,
        spot_hexes=tuple((hex_index[s.hexes[0]], hex_index[s.hexes[1]], hex_index[s.hexes[2]]) for s in bd.spots),
        spot_on_wall=tuple(s.on_wall for s in bd.spots),
        spot_tower=tuple(s.tower_spot for s in bd.spots),
        ring_spots=ring_spots,
        wall_ids=tuple(w.id for w in bd.wall_ring.walls),
        wall_index={w.id: i for i, w in enumerate(bd.wall_ring.walls)},
        wall_spots=wall_spots,
        spot_walls=tuple(tuple(w) for w in spot_walls),
        building_hex=tuple(hex_index[next(h.id for h in bd.hexes if h.building == b)] for b in BUILDINGS),
        tower_spots=tuple(i for i, s in enumerate(bd.spots) if s.tower_spot),
    )


#: The standard board, derived and checked at import.
BOARD: Board = build_board(COMPONENTS)
