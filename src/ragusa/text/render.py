"""Draw the board (and optionally a game position) as SVG, from the library's own data.

`board_svg()` draws the hexes from their axial coordinates, every spot at the corner
its three hexes share (the centroid of their centres), spot ids, tower spots, and the
wall ring. With a state it also draws houses, powerhouses, reserved spots, towers and
built walls. Nothing here is hand-placed: a corrected board file redraws itself.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from ragusa.core.board import BOARD, KIND_CITY, KIND_SEA
from ragusa.core.components import BUILDING_NAMES, BUILDINGS, COMPONENTS, RESOURCES
from ragusa.core.state import EMPTY, POWERHOUSE, RESERVED, GameState

#: fill colour per resource (country and sea hexes) and for the city
RESOURCE_FILL: dict[str, str] = {
    "fish": "#8ecae6",
    "wood": "#6a994e",
    "stone": "#adb5bd",
    "silver_ore": "#b8c0d8",
    "grapes": "#9d4edd",
    "olives": "#b5c99a",
}
CITY_FILL = "#f2d7a6"
#: seat colours, in seat order
SEAT_COLOURS: tuple[str, ...] = ("#d62828", "#f4a261", "#277da1", "#6a4c93", "#2a9d8f")


def _centre(q: int, r: int, size: float) -> tuple[float, float]:
    return size * math.sqrt(3) * (q + r / 2), size * 1.5 * r


def board_svg(state: GameState | None = None, *, size: float = 34.0) -> str:
    """The board as an SVG document (a string)."""
    hexes = COMPONENTS.board.hexes
    centres = [_centre(h.q, h.r, size) for h in hexes]
    spot_xy = []
    for a, b, c in BOARD.spot_hexes:
        spot_xy.append(
            ((centres[a][0] + centres[b][0] + centres[c][0]) / 3, (centres[a][1] + centres[b][1] + centres[c][1]) / 3)
        )
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    pad = size * 1.2
    min_x, min_y = min(xs) - pad, min(ys) - pad
    width, height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{min_x:.1f} {min_y:.1f} {width:.1f} {height:.1f}" '
        f'width="{width:.0f}" height="{height:.0f}" font-family="sans-serif">',
        "<title>Ragusa board drawn from the component data</title>",
    ]
    for i, h in enumerate(hexes):
        cx, cy = centres[i]
        pts = " ".join(
            f"{cx + size * math.cos(math.radians(60 * k - 90)):.1f},{cy + size * math.sin(math.radians(60 * k - 90)):.1f}"
            for k in range(6)
        )
        kind = BOARD.hex_kind[i]
        if kind == KIND_CITY:
            fill = CITY_FILL
            label = BUILDING_NAMES[BUILDINGS[BOARD.hex_building[i]]]
        else:
            fill = RESOURCE_FILL[RESOURCES[BOARD.hex_resource[i]]]
            label = h.id if kind != KIND_SEA else ""
        out.append(
            f'<polygon points="{pts}" fill="{fill}" stroke="#555" stroke-width="1"><title>{escape(h.id)}</title></polygon>'
        )
        if label:
            out.append(
                f'<text x="{cx:.1f}" y="{cy + 4:.1f}" font-size="{size * 0.21:.1f}" text-anchor="middle">{escape(label)}</text>'
            )
    ring = [spot_xy[s] for s in BOARD.ring_spots]
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in ring + ring[:1])
    out.append(f'<polyline points="{path}" fill="none" stroke="#8d6e63" stroke-width="3" stroke-dasharray="6 3"/>')
    if state is not None:
        for seg, owner in enumerate(state.walls):
            if owner != EMPTY:
                (x1, y1), (x2, y2) = (spot_xy[s] for s in BOARD.wall_spots[seg])
                out.append(
                    f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#4e342e" stroke-width="6">'
                    f"<title>{BOARD.wall_ids[seg]}</title></line>"
                )
    for s, (x, y) in enumerate(spot_xy):
        sid = BOARD.spot_ids[s]
        r = size * 0.16
        if BOARD.spot_tower[s]:
            out.append(
                f'<rect x="{x - r * 1.3:.1f}" y="{y - r * 1.3:.1f}" width="{r * 2.6:.1f}" height="{r * 2.6:.1f}" '
                'fill="none" stroke="#8d6e63" stroke-width="1"/>'
            )
        fill, stroke = "#fff", "#333"
        if state is not None:
            owner = state.houses[s]
            if owner == POWERHOUSE:
                fill = "#000"
            elif owner == RESERVED:
                fill, stroke = "#444", "#000"
            elif owner != EMPTY:
                fill = SEAT_COLOURS[owner % len(SEAT_COLOURS)]
            tower = state.towers[s]
            if tower != EMPTY:
                out.append(
                    f'<rect x="{x - r * 1.3:.1f}" y="{y - r * 1.3:.1f}" width="{r * 2.6:.1f}" height="{r * 2.6:.1f}" '
                    f'fill="none" stroke="{SEAT_COLOURS[tower % len(SEAT_COLOURS)]}" stroke-width="3"/>'
                )
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{fill}" stroke="{stroke}" stroke-width="1">'
            f"<title>{sid}: {', '.join(BOARD.hex_ids[h] for h in BOARD.spot_hexes[s])}</title></circle>"
        )
        out.append(
            f'<text x="{x:.1f}" y="{y - r - 2:.1f}" font-size="{size * 0.22:.1f}" text-anchor="middle" fill="#222">{sid}</text>'
        )
    out.append("</svg>")
    return "\n".join(out)
