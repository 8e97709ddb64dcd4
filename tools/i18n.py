"""The translation catalogues: extract every message, keep the French and Polish ones in step.

    python tools/i18n.py update   # write locale/ragusa.pot, merge it into fr.po and pl.po
    python tools/i18n.py check    # exit 1 listing what is missing, untranslated or inconsistent

Messages come from the Python text (`tr("...")`, `tr.p("context", "...")`, `tr.ngettext("...", "...", n)`,
`tr.npgettext(...)` in ragusa.text and ragusa.service, read by Babel's extractor), from the page (`t("...")`,
`tp("context", "...")`, `tn("...", "...", n)` in src/ragusa/web/static/*.js, always double-quoted literals) and from the component data (the names
of buildings, resources, commodities, goods, hexes, bonus cards and score sources) and the
levels' words (`ragusa.bots.LEVELS`).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "ragusa"
sys.path.insert(0, str(ROOT / "src"))

from ragusa.bots import LEVELS  # noqa: E402
from ragusa.core.components import BUILDING_NAMES, COMMODITIES, COMPONENTS, RESOURCES  # noqa: E402
from ragusa.core.state import EDITIONS, VP_SOURCES  # noqa: E402
from ragusa.text.i18n import LANGUAGES, LOCALE_DIR, ONE_RESOURCE, card_title  # noqa: E402

Message = tuple[str | None, str | tuple[str, str], str]  # context, msgid (or singular and plural), where
_JS_T = re.compile(r'\bt\("((?:[^"\\]|\\.)*)"')
_JS_TN = re.compile(r'\btn\("((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"')
_JS_TP = re.compile(r'\btp\("((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"')
#: messages the extractors cannot see (the translator's own words, level names picked at run time)
EXTRA = ("nobody", "seat {n}", "nothing", "easy", "medium", "hard")


def _unescape(text: str) -> str:
    return text.encode("utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")


def _python() -> Iterator[Message]:
    keywords = {"tr": None, "p": ((1, "c"), 2), "ngettext": (1, 2), "npgettext": ((1, "c"), 2, 3)}
    for path in sorted([*(SRC / "text").glob("*.py"), *(SRC / "service").glob("*.py")]):
        with path.open("rb") as f:
            for line, msgid, _comments, context in extract("python", f, keywords=keywords):
                where = f"{path.relative_to(ROOT)}:{line}"
                if isinstance(msgid, str) and msgid:
                    yield context, msgid, where
                elif isinstance(msgid, tuple) and len(msgid) == 2 and all(msgid):
                    yield context, (str(msgid[0]), str(msgid[1])), where


def _javascript() -> Iterator[Message]:
    for path in sorted((SRC / "web" / "static").glob("*.js")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("//"):
                continue
            where = f"{path.relative_to(ROOT)}:{n}"
            for m in _JS_T.finditer(line):
                yield None, _unescape(m.group(1)), where
            for m in _JS_TN.finditer(line):
                yield None, (_unescape(m.group(1)), _unescape(m.group(2))), where
            for m in _JS_TP.finditer(line):
                if "{" not in m.group(2) or m.group(1) != "hex":  # hex names come from the data below
                    yield _unescape(m.group(1)), _unescape(m.group(2)), where


def _components() -> Iterator[Message]:
    data = "src/ragusa/core/data/standard.json"
    for name in BUILDING_NAMES.values():
        yield "building", name, data
    for r in RESOURCES:
        yield "resource", r.replace("_", " "), data
        yield "resource", (f"{{n}} {r.replace('_', ' ')}",) * 2, data  # Translator.resources
        yield "one resource", ONE_RESOURCE.get(r, r).replace("_", " "), data  # Translator.one_resource
    for c in COMMODITIES:
        yield "commodity", c, data
        yield "commodity", (f"{{n}} {c}",) * 2, data  # Translator.commodities
    for good in sorted({s.good for s in COMPONENTS.ships}):
        yield "good", good, data
    for card in COMPONENTS.bonus_cards:
        yield "bonus card", card_title(card.id), data
    for kind in sorted({h.id.rpartition("-")[0] for h in COMPONENTS.board.hexes if h.kind != "city"}):
        yield "hex", f"{kind}-{{n}}", data
    for edition in EDITIONS:
        yield "edition", edition, "src/ragusa/core/state.py"
    for source in VP_SOURCES:
        yield "vp source", source, "src/ragusa/core/state.py"
    for msgid in EXTRA:
        yield None, msgid, "tools/i18n.py"
    for lv in LEVELS:  # the levels' words in the protocol's info answer
        yield None, lv.budget, "src/ragusa/bots.py"
        yield None, lv.description, "src/ragusa/bots.py"


def template() -> Catalog:
    """Every message of the Python text, the page and the component data."""
    cat = Catalog(project="ragusa", version="", msgid_bugs_address="", charset="utf-8")
    for context, msgid, where in [*_python(), *_javascript(), *_components()]:
        path, _, line = where.rpartition(":")
        cat.add(msgid, locations=[(path, int(line) if line.isdigit() else None)], context=context)
    return cat


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def _write(cat: Catalog, path: Path) -> None:
    with path.open("wb") as f:
        write_po(f, cat, width=120, omit_header=False, sort_output=False, include_previous=False)


def update() -> None:
    pot = template()
    _write(pot, LOCALE_DIR / "ragusa.pot")
    for lang in LANGUAGES[1:]:
        path = LOCALE_DIR / f"{lang}.po"
        cat = _read(path, lang) if path.exists() else Catalog(locale=lang, project="ragusa")
        cat.update(pot, no_fuzzy_matching=True)
        cat.obsolete.clear()
        name = {"fr": "French", "pl": "Polish"}[lang]
        cat.header_comment = (
            f"# {name} text of ragusa: the table in the browser and the game log.\n"
            f"# The names of buildings, resources, commodities, goods and cards are the 2nd-edition {name}\n"
            "# rulebook's (2020); a translator comment says where the rulebook has none."
        )
        cat.fuzzy = False
        _write(cat, path)
        print(path.relative_to(ROOT))


def _fields(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)\}", text))


def problems() -> list[str]:
    """What is wrong with the catalogues: a message not in a catalogue, untranslated, or whose
    translation names other {fields} than the English."""
    pot = template()
    out: list[str] = []
    for lang in LANGUAGES[1:]:
        cat = _read(LOCALE_DIR / f"{lang}.po", lang)
        for m in pot:
            if not m.id:
                continue
            found = cat.get(m.id, context=m.context)
            key = f"{lang}: {m.context + ' | ' if m.context else ''}{m.id!r}"
            if found is None or not found.string:
                out.append(f"{key} is not translated")
            elif found.fuzzy:
                out.append(f"{key} is marked fuzzy")
            elif isinstance(m.id, tuple):
                out += _plural_problems(key, m.id, found.string, cat.num_plurals)
            elif _fields(str(found.string)) != _fields(str(m.id)):
                out.append(f"{key}: the translation's fields {sorted(_fields(str(found.string)))} differ")
    return out


def _plural_problems(key: str, msgid: tuple[str, ...], forms: object, count: int) -> list[str]:
    """A plural message's translation: one form per plural form of the language, none empty, each naming
    only the English's {fields} (a form may leave out the number, as "one card" does)."""
    if not isinstance(forms, tuple) or len(forms) != count or not all(forms):
        return [f"{key} needs {count} plural forms"]
    allowed = _fields(msgid[0]) | _fields(msgid[1])
    return [f"{key}: a plural form names other fields than {sorted(allowed)}" for f in forms if _fields(f) - allowed]


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        update()
        return 0
    if argv[:1] == ["check"]:
        found = problems()
        for line in found:
            print(line)
        print(f"{len(found)} problem(s)")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
