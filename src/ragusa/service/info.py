"""The protocol's `info` answer: what the engine offers (its ops, seat kinds, editions, options,
languages and levels) and, when a language is asked for, the page's words and the components' texts
in it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ragusa._version import __version__
from ragusa.bots import LEVELS
from ragusa.core.state import EDITIONS, OPTION_NAMES
from ragusa.text.describe import building_texts, card_texts, ship_texts
from ragusa.text.i18n import LANGUAGE_NAMES, LANGUAGES, Translator

from .session import SEAT_KINDS

__all__ = ["info"]


def info(ops: Sequence[str], tr: Translator, *, with_texts: bool) -> dict[str, Any]:
    """The `info` answer listing `ops`; the levels' words in `tr`'s language, and with `with_texts`
    (a request naming its `lang`) the page's words and the components' texts too."""
    out: dict[str, Any] = {
        "version": __version__,
        "ops": list(ops),
        "seat_kinds": list(SEAT_KINDS),
        "editions": list(EDITIONS),
        "options": list(OPTION_NAMES),
        "languages": [{"code": code, "name": LANGUAGE_NAMES[code]} for code in LANGUAGES],
    }
    out["levels"] = [
        {"name": lv.name, "bot": lv.spec, "budget": tr(lv.budget), "description": tr(lv.description)} for lv in LEVELS
    ]
    if with_texts:
        out["strings"] = dict(tr.messages)
        out["components"] = {
            "cards": {e: card_texts(e, tr) for e in EDITIONS},
            "buildings": building_texts(tr),
            "ships": ship_texts(tr),
        }
    return out
