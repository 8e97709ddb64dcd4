"""The SVG board is drawn from the component data, and a position's pieces appear on it."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ragusa.core.board import BOARD
from ragusa.text.render import SEAT_COLOURS, board_svg
from tests.support import PH, position

NS = "{http://www.w3.org/2000/svg}"


def test_empty_board_has_every_hex_spot_and_the_wall_ring() -> None:
    root = ET.fromstring(board_svg())
    assert len(root.findall(f"{NS}polygon")) == len(BOARD.hex_ids) == 52
    circles = root.findall(f"{NS}circle")
    assert len(circles) == len(BOARD.spot_ids) == 75
    # one outlined square per tower spot, and one polyline for the wall ring through 22 spots (+ closing point)
    assert len(root.findall(f"{NS}rect")) == len(BOARD.tower_spots)
    (ring,) = root.findall(f"{NS}polyline")
    assert len(ring.get("points", "").split()) == 22 + 1
    assert not root.findall(f"{NS}line")  # no wall built


def test_position_shows_houses_powerhouses_towers_and_walls() -> None:
    state = position(2, houses={"s45": 0, "s72": 1, "s33": PH}, towers={"s41": 1}, walls={"w1": 0, "w9": 1})
    root = ET.fromstring(board_svg(state))
    fills = {c.findtext(f"{NS}title", "").split(":")[0]: c.get("fill") for c in root.findall(f"{NS}circle")}
    assert fills["s45"] == SEAT_COLOURS[0]
    assert fills["s72"] == SEAT_COLOURS[1]
    assert fills["s33"] == "#000"
    assert fills["s1"] == "#fff"
    assert sorted(line.findtext(f"{NS}title") or "" for line in root.findall(f"{NS}line")) == ["w1", "w9"]
    tower_strokes = [r.get("stroke") for r in root.findall(f"{NS}rect") if r.get("stroke-width") == "3"]
    assert tower_strokes == [SEAT_COLOURS[1]]
