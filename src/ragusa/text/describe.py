"""What each component does or scores, in words, from the component data and the edition.

`describe_card("bonus-towers", "1st")` is `"1 VP per tower of yours on the board at the end (at
most 12 VP)"`; `describe_building("mason")` and `describe_ship("ship-7")` likewise. The page shows
these where a card, a building or a ship is chosen or shown; the rules summary's table of bonus
cards is built from `card_rows`.
"""

from __future__ import annotations

from typing import Any

from ragusa.core.components import BUILDING_NAMES, COMPONENTS
from ragusa.rules.buildings.market import SHIPS
from ragusa.rules.scoring import card_vp

from .i18n import ENGLISH, Translator

__all__ = [
    "building_texts",
    "card_rows",
    "card_texts",
    "describe_building",
    "describe_card",
    "describe_ship",
    "ship_texts",
]

_CARDS = {c.id: c for c in COMPONENTS.bonus_cards}
#: BUILD-7: what a house next to a building needs besides stone (R-3: a commodity, strict reading)
_NEEDS = {"winery": "grapes", "oil-press": "olives", "silversmith": "silver_ore"}


def describe_card(card_id: str, edition: str = "2nd", tr: Translator = ENGLISH) -> str:
    """How a bonus card scores at the end of the game, in `edition` (END-BONUS-1, ED-1)."""
    card = _CARDS.get(card_id)
    if card is None:
        return card_id
    vp = card_vp(card_id, edition)
    if card.kind == "per_resource" and card.resource is not None:
        text = tr("{vp} VP per {resource} you have", vp=vp, resource=tr.resource(card.resource))
    elif card.kind == "per_good" and card.good is not None:
        text = tr("{vp} VP per ship of yours carrying {good}", vp=vp, good=tr.good(card.good))
    elif card.kind == "per_distinct_good":
        text = tr("{vp} VP per different good among your ships", vp=vp)
    elif card.kind == "per_commodity_set":
        text = tr("{vp} VP per set of 1 silver, 1 wine and 1 oil you hold", vp=vp)
    elif card.kind == "per_two_ship_vp":
        text = tr("{vp} VP per 2 VP you scored with ships (rounded down)", vp=vp)
    elif card.kind == "per_adjacent_wall":
        text = tr("{vp} VP per wall segment next to a house or tower of yours", vp=vp)
    else:
        text = tr("{vp} VP per tower of yours on the board", vp=vp)
    return tr("{scoring}, at the end (at most 12 VP)", scoring=text)


def describe_building(building: str, tr: Translator = ENGLISH) -> str:
    """What a house next to a city building does for its owner, and what it needs (BUILD-7)."""
    effects = {
        "winery": tr("makes 1 wine per grapes you have (12 at most)"),
        "oil-press": tr("makes 1 oil per olives you have (12 at most)"),
        "silversmith": tr("makes 1 silver per silver ore you have (12 at most)"),
        "mason": tr("build a wall segment: 1 VP + 1 per house and tower of yours at its two ends"),
        "architect": tr("put a tower on a free tower spot"),
        "fishmonger": tr("1 VP per 2 fish you have; needs 2 fish"),
        "market": tr("you may buy a ship with commodities: its stars are VP"),
        "wharf": tr("you may sell 1 silver, wine or oil for its market value in VP"),
        "rectors-palace": tr("you may draw 2 bonus cards and keep 1 (only the new house)"),
        "cathedral": tr("at the end: each house sells a set of 1 silver, 1 wine and 1 oil at market value"),
    }
    text = effects.get(building, building)
    need = _NEEDS.get(building)
    if need is not None:
        text += tr("; needs 1 {resource}", resource=tr.one_resource(need))
    return text


def describe_ship(ship_id: str, tr: Translator = ENGLISH) -> str:
    """`"clothing, 3 stars: 3 VP when bought"`, with the ship's extra cost (MARKET-1)."""
    ship = SHIPS.get(ship_id)
    if ship is None:
        return ship_id
    text = tr("{good}, {stars} stars: {stars} VP when bought", good=tr.good(ship.good), stars=ship.stars)
    if ship.extra_cost:
        text += tr("; costs 1 {commodity} more", commodity=tr.commodity(ship.extra_cost))
    return text


def card_texts(edition: str, tr: Translator = ENGLISH) -> dict[str, dict[str, str]]:
    """Every bonus card's title and scoring, by id (the page's tooltips)."""
    return {c.id: {"name": tr.card(c.id), "text": describe_card(c.id, edition, tr)} for c in COMPONENTS.bonus_cards}


def building_texts(tr: Translator = ENGLISH) -> dict[str, dict[str, str]]:
    return {b: {"name": tr.building(b), "text": describe_building(b, tr)} for b in BUILDING_NAMES}


def ship_texts(tr: Translator = ENGLISH) -> dict[str, dict[str, str]]:
    return {s.id: {"name": tr.good(s.good), "text": describe_ship(s.id, tr)} for s in COMPONENTS.ships}


def card_rows() -> list[dict[str, Any]]:
    """The bonus cards for the rules summary: title, how many in the deck, scoring per edition."""
    rows: list[dict[str, Any]] = []
    for c in COMPONENTS.bonus_cards:
        rows.append(
            {
                "id": c.id,
                "name": ENGLISH.card(c.id),
                "2nd": describe_card(c.id, "2nd"),
                "1st": describe_card(c.id, "1st"),
            }
        )
    return rows
