"""The languages the table and the log speak: English, French and Polish (gettext catalogues).

The English text is written in the code; `locale/fr.po` and `locale/pl.po` hold the French and
Polish, with the names the 2nd-edition rulebooks use for buildings, resources, goods and cards.
A catalogue is read at run time with Babel (`babel.messages.pofile`), so nothing is compiled;
English needs no catalogue and no Babel. `tools/i18n.py` extracts the messages from the Python
and JavaScript sources into `locale/ragusa.pot` and merges them into the catalogues.

    tr = translator("fr")
    tr("{who} keeps a bonus card", who=tr.seat(2))   # "joueur 3 garde une carte Bonus"
    tr.p("building", "Mason")                        # "Maçon"
    tr.resources("fish", 2)                          # "2 Poissons" (each language's plural forms)

People count seats from 1: `tr.seat(0)` is "seat 1". A message with plural forms is kept as
gettext's compiled catalogues keep it: under `singular + NUL + plural`, its forms joined by NUL,
the catalogue's `Plural-Forms` header under the empty msgid (the page reads the same mapping).
"""

from __future__ import annotations

import functools
import gettext
import re
from collections.abc import Callable, Mapping
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
#: gettext's separator between a message's singular and plural, and between its plural forms
PLURAL_SEP = "\x00"
#: English's plural rule (a catalogue's `Plural-Forms` gives the others')
_ENGLISH_PLURAL = "nplurals=2; plural=(n != 1);"
#: the English name of one unit of a resource, where it is not the resource's name ("1 olive", not "1 olives")
ONE_RESOURCE: dict[str, str] = {"grapes": "grape", "olives": "olive"}


@functools.lru_cache(maxsize=8)
def _plural_rule(header: str) -> Callable[[int], int]:
    """The plural rule of a catalogue header ("...Plural-Forms: nplurals=3; plural=(...);...")."""
    found = re.search(r"plural=(.*?);?\s*(?:\n|$)", header)
    return gettext.c2py(found.group(1) if found else "(n != 1)")


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

    def ngettext(self, singular: str, plural: str, n: int, /, **fields: Any) -> str:
        """The form of a message that agrees with the number `n` (given to it as `{n}` too)."""
        return self._plural(singular + PLURAL_SEP + plural, singular, plural, n, fields)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /, **fields: Any) -> str:
        """`ngettext` for a name in a context (`"{n} wine"`, `"{n} wines"` as a commodity)."""
        return self._plural(context + CONTEXT_SEP + singular + PLURAL_SEP + plural, singular, plural, n, fields)

    def _plural(self, key: str, singular: str, plural: str, n: int, fields: dict[str, Any]) -> str:
        forms = (self.messages.get(key) or "").split(PLURAL_SEP)
        rule = _plural_rule(self.messages.get("", _ENGLISH_PLURAL))
        k = rule(n)
        if len(forms) > 1 and k < len(forms) and forms[k]:
            text = forms[k]
        else:
            text = singular if n == 1 else plural
        return text.format(**{"n": n, **fields})

    # ------------------------------------------------------------------ the game's names

    def seat(self, seat: int | None) -> str:
        """A seat as people count them, from 1: `seat(0)` is "seat 1"."""
        return self("nobody") if seat is None else self("seat {n}", n=seat + 1)

    def building(self, building: str) -> str:
        return self.p("building", BUILDING_NAMES.get(building, building))

    def resource(self, resource: str) -> str:
        """A resource's name: `"silver_ore"` -> `"silver ore"` (`"minerai d'argent"`)."""
        return self.p("resource", resource.replace("_", " "))

    def one_resource(self, resource: str) -> str:
        """The name of one unit of a resource, for "1 {resource}": `"olives"` -> `"olive"` ("Olive", "oliwki")."""
        return self.p("one resource", ONE_RESOURCE.get(resource, resource).replace("_", " "))

    def resources(self, resource: str, n: int) -> str:
        """`n` of a resource, the name agreeing with the number: `"2 silver ore"` (`"2 rudy srebra"`)."""
        msgid = "{n} " + resource.replace("_", " ")  # the catalogues list one per resource
        return self._plural("resource" + CONTEXT_SEP + msgid + PLURAL_SEP + msgid, msgid, msgid, n, {})

    def commodities(self, commodity: str, n: int) -> str:
        """`n` of a commodity, agreeing with the number: `"2 oil"` (`"2 oliwy"`)."""
        msgid = "{n} " + commodity
        return self._plural("commodity" + CONTEXT_SEP + msgid + PLURAL_SEP + msgid, msgid, msgid, n, {})

    def commodity(self, commodity: str) -> str:
        return self.p("commodity", commodity)

    def good(self, good: str) -> str:
        return self.p("good", good)

    def card(self, card_id: str) -> str:
        return self.p("bonus card", card_title(card_id))

    def amounts(self, paid: Mapping[str, int]) -> str:
        """`{"wine": 2, "oil": 1}` -> `"2 wine + 1 oil"` (commodity names)."""
        return " + ".join(self.commodities(c, n) for c, n in paid.items() if n) or self("nothing")


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
    out: dict[str, str] = {"": f"Plural-Forms: {catalog.plural_forms}\n"}
    for m in catalog:
        if not m.id or not m.string:
            continue
        msgid = m.id if isinstance(m.id, str) else PLURAL_SEP.join(m.id)
        string = m.string if isinstance(m.string, str) else PLURAL_SEP.join(m.string)
        if not all(string.split(PLURAL_SEP)):
            continue  # a plural message with a form missing stays English
        out[msgid if m.context is None else m.context + CONTEXT_SEP + msgid] = string
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
