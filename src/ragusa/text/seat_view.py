"""A seat's view of the table as lines of text (the terminal game's display). Seats are numbered
from 1, as every text of the game numbers them (`ragusa.text.i18n`).

Everything comes from a view's JSON data (`ragusa.contract.views.view_to_data`), so nothing a seat
may not know can appear: other seats' bonus cards are only counted.
"""

from __future__ import annotations

from typing import Any

from ragusa.core.board import BOARD
from ragusa.core.components import COMMODITIES, COMPONENTS, RESOURCES
from ragusa.core.state import POWERHOUSE, RESERVED, VP_SOURCES
from ragusa.rules.buildings.market import COSTS, SHIPS
from ragusa.text.names import hex_name

__all__ = ["describe_view", "PHASE_TEXT"]

TRACK = COMPONENTS.market.track
#: what the deciding seat is asked, per phase
PHASE_TEXT: dict[str, str] = {
    "setup_bonus": "keep one of the three dealt bonus cards",
    "place": "place a house",
    "order": "choose which hex of the new house activates next",
    "trade_window": "trade fish before the house activates, or pass",
    "mason": "build a wall segment (Mason)",
    "architect": "put a tower on a tower spot (Architect)",
    "market": "buy a ship (Market) or pass",
    "wharf": "sell a commodity (Wharf) or pass",
    "rector_draw": "draw two bonus cards (Rector's Palace) or pass",
    "rector_keep": "keep one of the drawn bonus cards",
    "end_trade": "trade fish before the bonus cards score, or pass",
    "over": "the game is over",
}
_RES_SHORT = {
    "fish": "fish",
    "wood": "wood",
    "stone": "stone",
    "silver_ore": "ore",
    "grapes": "grapes",
    "olives": "olives",
}


def _card(card: str) -> str:
    return card.removeprefix("bonus-")


def _amounts(values: list[int], names: tuple[str, ...]) -> str:
    return ", ".join(f"{n} {_RES_SHORT.get(name, name)}" for n, name in zip(values, names) if n) or "nothing"


def _pieces(v: dict[str, Any]) -> list[str]:
    """Per owner: spots with houses, towers, walls."""
    lines = []
    houses, towers, walls = v["houses"], v["towers"], v["walls"]
    for seat in range(len(v["players"])):
        on = [BOARD.spot_ids[s] for s, o in enumerate(houses) if o == seat]
        tw = [BOARD.spot_ids[s] for s, o in enumerate(towers) if o == seat]
        wl = [BOARD.wall_ids[w] for w, o in enumerate(walls) if o == seat]
        lines.append(
            f"  seat {seat + 1}: houses {' '.join(on) or '-'} | towers {' '.join(tw) or '-'} | walls {' '.join(wl) or '-'}"
        )
    power = [BOARD.spot_ids[s] for s, o in enumerate(houses) if o == POWERHOUSE]
    black = [BOARD.spot_ids[s] for s, o in enumerate(houses) if o == RESERVED]
    if power:
        lines.append(f"  powerhouses: {' '.join(power)}")
    if black:
        lines.append(f"  reserved (Patrician): {' '.join(black)}")
    return lines


def _market(v: dict[str, Any]) -> list[str]:
    values = ", ".join(f"{c} {TRACK[i]}" for c, i in zip(COMMODITIES, v["market"]))
    lines = [f"Market values: {values}"]
    for slot, ship in enumerate(v["slots"]):
        if ship is None:
            lines.append(f"  slot {slot}: empty")
            continue
        cost = _amounts(list(COSTS[slot, ship]), COMMODITIES)
        data = SHIPS[ship]
        lines.append(f"  slot {slot}: {data.good} ship, {data.stars} star(s), costs {cost}")
    return lines


def _seat_line(v: dict[str, Any], seat: int) -> str:
    p = v["players"][seat]
    vp = " ".join(f"{name} {n}" for name, n in zip(VP_SOURCES, p["vp"]) if n)
    hand = (
        f"bonus cards {', '.join(map(_card, p['bonus_cards'])) or 'none'}"
        if p["bonus_cards"] is not None
        else f"{p['bonus_card_count']} bonus card(s)"
    )
    left = f"{p['houses_left']} houses" + (f" + {p['powerhouses_left']} powerhouses" if p["powerhouses_left"] else "")
    you = " (you)" if seat == v["viewer"] else ""
    return (
        f"  seat {seat + 1}{you}: {sum(p['vp'])} VP [{vp or '-'}]; resources {_amounts(p['resources'], RESOURCES)}; "
        f"commodities {_amounts(p['commodities'], COMMODITIES)}; ships {len(p['ships'])}; {left}, {p['towers_left']} towers; {hand}"
    )


def describe_view(v: dict[str, Any]) -> list[str]:
    """The table as `v['viewer']` sees it: pieces, market and ships, each seat, the decision."""
    lines = ["Board:", *_pieces(v), *_market(v), "Seats:"]
    lines += [_seat_line(v, s) for s in range(len(v["players"]))]
    if v.get("solo"):
        lines.append(f"Solo round {v['solo']['round']} of 9; Patrician cards left: {v['solo']['bot_card_counts']}")
    if v["dealt"]:
        lines.append(f"Your dealt bonus cards: {', '.join(map(_card, v['dealt']))}")
    if v["rector_hand"]:
        lines.append(f"Drawn at the Rector's Palace: {', '.join(map(_card, v['rector_hand']))}")
    if v["current_hex"] >= 0:
        lines.append(f"Activating: {hex_name(BOARD.hex_ids[v['current_hex']])}")
    if v["seat"] is not None:
        lines.append(f"Seat {v['seat'] + 1} to {PHASE_TEXT.get(v['phase'], v['phase'])}.")
    return lines
