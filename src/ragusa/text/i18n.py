"""The languages the table and the log speak: English, French and Polish (gettext catalogues).

The English text is written in the code; `locale/fr.po` and `locale/pl.po` hold the French and
Polish, with the names the 2nd-edition rulebooks use for buildings, resources, goods and cards.
A catalogue is read at run time with Babel (`babel.messages.pofile`), so nothing is compiled;
English needs no catalogue and no Babel. `tools/i18n.py` extracts the messages from the Python
and JavaScript sources into `locale/ragusa.pot` and merges them into the catalogues.

    tr = translator("fr")
    tr("{who} keeps a bonus card", who=tr.seat(2))   # "le siège 2 garde une carte Bonus"
    tr.p("building", "Mason")                        # "Maçon"
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from ragusa.core.components import BUILDING_NAMES, COMPONENTS
from ragusa.core.errors import InvalidInputError

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LOCALE_DIR",
    "Translator",
    "card_title",
    "choose_language",
    "translator",
]

#: the languages, English first (the default)
LANGUAGES: tuple[str, ...] = ("en", "fr", "pl")
#: each language's name in itself (the page's switch)
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "fr": "Français", "pl": "Polski"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: gettext's separator between a message's context and its id
CONTEXT_SEP = "\x04"

#: each bonus card's title, in English (the cards carry a picture, not a name)
_CARD_TITLES: dict[str, str] = {
    "per_distinct_good": "Good types",
    "per_commodity_set": "Commodity sets",
    "per_two_ship_vp": "Ship points",
    "per_adjacent_wall": "Walls",
    "per_tower": "Towers",
}


def card_title(card_id: str) -> str:
    """A bonus card's English title: its resource or good (`Silver ore`), or what it counts."""
    card = next((c for c in COMPONENTS.bonus_cards if c.id == card_id), None)
    if card is None:
        return card_id
    counted = card.resource or card.good
    if counted is not None:
        return counted.replace("_", " ").capitalize()
    return _CARD_TITLES.get(card.kind, card.kind)


@attrs.frozen
class Translator:
    """Messages in one language: `tr(msgid, **fields)`; `tr.p(context, msgid)` for names."""

    lang: str
    #: translations by msgid (with a context: `context + CONTEXT_SEP + msgid`); a missing one stays English
    messages: Mapping[str, str] = attrs.field(factory=dict, eq=False, repr=False)

    def __call__(self, msgid: str, /, **fields: Any) -> str:
        text = self.messages.get(msgid) or msgid
        return text.format(**fields) if fields else text

    def p(self, context: str, msgid: str, /, **fields: Any) -> str:
        text = self.messages.get(context + CONTEXT_SEP + msgid) or msgid
        return text.format(**fields) if fields else text

    # ------------------------------------------------------------------ the game's names

    def seat(self, seat: int | None) -> str:
        return self("nobody") if seat is None else self("seat {n}", n=seat)

    def building(self, building: str) -> str:
        return self.p("building", BUILDING_NAMES.get(building, building))

    def resource(self, resource: str) -> str:
        """A resource's name: `"silver_ore"` -> `"silver ore"` (`"minerai d'argent"`)."""
        return self.p("resource", resource.replace("_", " "))

    def resource_id(self, resource: str) -> str:
        """In the English log a resource keeps its id (`silver_ore`); other languages name it."""
        return resource if self.lang == "en" else self.resource(resource)

    def commodity(self, commodity: str) -> str:
        return self.p("commodity", commodity)

    def good(self, good: str) -> str:
        return self.p("good", good)

    def card(self, card_id: str) -> str:
        return self.p("bonus card", card_title(card_id))

    def amounts(self, paid: Mapping[str, int]) -> str:
        """`{"wine": 2, "oil": 1}` -> `"2 wine + 1 oil"` (commodity names)."""
        return " + ".join(f"{n} {self.commodity(c)}" for c, n in paid.items() if n) or self("nothing")


ENGLISH = Translator("en")


def _read(lang: str) -> dict[str, str]:
    try:
        from babel.messages.pofile import read_po
    except ImportError:  # pragma: no cover - babel comes with the web and test extras
        raise InvalidInputError(
            "lang", f"the {LANGUAGE_NAMES[lang]} text needs Babel: pip install 'ragusa[web]'"
        ) from None
    with open(LOCALE_DIR / f"{lang}.po", "rb") as f:
        catalog = read_po(f, locale=lang)
    out: dict[str, str] = {}
    for m in catalog:
        if not m.id or not isinstance(m.id, str) or not isinstance(m.string, str) or not m.string:
            continue
        key = m.id if m.context is None else m.context + CONTEXT_SEP + m.id
        out[key] = m.string
    return out


@functools.lru_cache(maxsize=len(LANGUAGES))
def translator(lang: str = "en") -> Translator:
    """The translator of `lang` (one of `LANGUAGES`); raises InvalidInputError for another."""
    if lang not in LANGUAGES:
        raise InvalidInputError("lang", f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r:.20}")
    if lang == "en":
        return ENGLISH
    return Translator(lang, _read(lang))


def choose_language(accepted: str | None) -> str:
    """The best of `LANGUAGES` for an Accept-Language header (`"pl-PL,pl;q=0.9,en;q=0.8"`), else English."""
    best, best_q = "en", -1.0
    for part in (accepted or "").split(","):
        tag, _, params = part.strip().partition(";")
        lang = tag.strip().lower().split("-")[0]
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        if lang in LANGUAGES and q > best_q:
            best, best_q = lang, q
    return best
