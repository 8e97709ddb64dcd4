"""A solo bot's decision and reason (`BotDecision`) in the log's language.

The rules word a Patrician bot's decision (`"place s49"`, `"buy slot 2 (ship-17)"`) and its reason
(`"SOLO-5 Wharf: wine has the highest market value, 4"`) in English, with every tie-break. Here the
decision becomes words in any language (a ship by its good and stars, a resource by its name), and
in French and Polish the reason becomes its clause's rule with the numbers the English one gives
(the market value, the VP, the cards drawn from); English keeps the rules' full wording.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ragusa.core.board import BOARD
from ragusa.core.components import RESOURCES
from ragusa.rules.buildings.market import SHIPS
from ragusa.rules.solo.patrician import BOT_CITY_ORDER

from .i18n import ENGLISH, Translator
from .names import hex_name, ship_name

__all__ = ["bot_decision", "bot_reason"]

_Decision = Callable[[re.Match[str], Translator], str]


def _resources(listed: str, tr: Translator) -> str:
    """`"silver_ore, wood, wood"` -> `"1 silver ore, 2 wood"` (each resource once, with its count)."""
    names = [r.strip() for r in listed.split(",") if r.strip()]
    counts = {r: names.count(r) for r in names}
    return ", ".join(tr.resources(r, n) if r in RESOURCES else r for r, n in counts.items())


def _ship(m: re.Match[str], tr: Translator) -> str:
    slot, ship = m.group(1), m.group(2)
    return tr("buy the ship in slot {slot}: {ship}", slot=slot, ship=ship_name(ship, tr) if ship in SHIPS else ship)


#: each decision the rules word, and its words
_DECISIONS: tuple[tuple[re.Pattern[str], _Decision], ...] = (
    (re.compile(r"place (s\d+)"), lambda m, tr: tr("place a house on {spot}", spot=m.group(1))),
    (re.compile(r"pass"), lambda m, tr: tr("pass")),
    (re.compile(r"activate (\S+)"), lambda m, tr: tr("activate {hex}", hex=hex_name(m.group(1), tr))),
    (re.compile(r"no trade"), lambda m, tr: tr("no trade")),
    (re.compile(r"no sale"), lambda m, tr: tr("no sale")),
    (re.compile(r"no purchase"), lambda m, tr: tr("no purchase")),
    (
        re.compile(r"take (\d+) bonus cards?"),
        lambda m, tr: tr.ngettext("take {n} bonus card", "take {n} bonus cards", int(m.group(1))),
    ),
    (re.compile(r"sell (\w+)"), lambda m, tr: tr("sell 1 {commodity}", commodity=tr.commodity(m.group(1)))),
    (re.compile(r"buy slot (\d+) \(([\w-]+)\)"), _ship),
    (re.compile(r"build wall (\S+)"), lambda m, tr: tr("build wall segment {wall}", wall=m.group(1))),
    (re.compile(r"build tower (s\d+)"), lambda m, tr: tr("put a tower on {spot}", spot=m.group(1))),
    (
        re.compile(r"trade fish for (.+)"),
        lambda m, tr: tr("trade fish for {resources}", resources=_resources(m.group(1), tr)),
    ),
)


def bot_decision(decision: str, tr: Translator = ENGLISH) -> str:
    """A bot's decision in words: `"buy slot 2 (ship-17)"` -> `"buy the ship in slot 2: wine ship, 3 stars"`."""
    for pattern, words in _DECISIONS:
        m = pattern.fullmatch(decision)
        if m is not None:
            return words(m, tr)
    return decision


def _number(pattern: str, text: str, default: int = 0) -> int:
    m = re.search(pattern, text)
    return int(m.group(1)) if m else default


def _placement(reason: str, tr: Translator) -> str:
    if "passes" in reason:
        return tr("SOLO-4: no Patrician card with a free spot is left, so the bot passes (R-19, R-14)")
    return tr(
        "SOLO-4: the bot drew one of its hidden Patrician cards at random and placed on that card's "
        "lowest-numbered free spot"
    )


def _order(reason: str, decision: str, tr: Translator) -> str:
    order = ", ".join(tr.building(b) for b in BOT_CITY_ORDER)
    chosen = hex_name(decision.removeprefix("activate "), tr)
    return tr(
        "R-15: a bot activates country and sea hexes first, then city hexes in the order {order}; {hex} comes first",
        order=order,
        hex=chosen,
    )


def _rector(reason: str, decision: str, tr: Translator) -> str:
    n = _number(r"take (\d+)", decision, 2)
    if "easier variant" in reason:
        return tr.ngettext(
            "SOLO-5 Rector's Palace: a bot takes the top card face down (easier variant: only the better of "
            "each pair scores)",
            "SOLO-5 Rector's Palace: a bot takes the top {n} cards face down (easier variant: only the better of "
            "the pair scores)",
            n,
        )
    return tr.ngettext(
        "SOLO-5 Rector's Palace: a bot takes the top card face down; it scores at the end",
        "SOLO-5 Rector's Palace: a bot takes the top {n} cards face down; both score at the end",
        n,
    )


def _cathedral(reason: str, tr: Translator) -> str:
    return tr(" It keeps the sets its Cathedral houses score (R-17).") if "Cathedral exception" in reason else ""


def _wharf(reason: str, decision: str, tr: Translator) -> str:
    if decision == "no sale":
        return tr("SOLO-5 Wharf: every sale would break a set its Cathedral houses score, so it does not sell (R-17)")
    value = _number(r"market value,? (\d+)", reason)
    text = tr(
        "SOLO-5 Wharf: it sells the commodity of highest market value ({value}); on a tie the one it holds most "
        "of, then silver, wine, oil (R-17).",
        value=value,
    )
    return text + _cathedral(reason, tr)


def _market(reason: str, decision: str, tr: Translator) -> str:
    if decision == "no purchase":
        return tr(
            "SOLO-5 Market: every ship it can pay for would break a set its Cathedral houses score, so it does not "
            "buy (R-17)"
        )
    stars = _number(r"(\d+) stars", reason, _number(r"pay for \((\d+)\)", reason))
    text = tr.ngettext(
        "SOLO-5 Market: it buys the ship with the most stars it can pay for ({n} star); on a tie the one whose "
        "cost uses the commodity it holds most of, then the leftmost (R-17).",
        "SOLO-5 Market: it buys the ship with the most stars it can pay for ({n} stars); on a tie the one whose "
        "cost uses the commodity it holds most of, then the leftmost (R-17).",
        stars,
    )
    return text + _cathedral(reason, tr)


def _mason(reason: str, decision: str, tr: Translator) -> str:
    vp = _number(r"(\d+) VP", reason)
    return tr(
        "SOLO-5 Mason: it builds the segment that scores most now ({vp} VP); on a tie the one making its longest "
        "wall longest, then the first clockwise from {start} (R-18)",
        vp=vp,
        start=BOARD.spot_ids[BOARD.ring_spots[0]],
    )


def _architect(reason: str, decision: str, tr: Translator) -> str:
    ed = "1st" if "1st ed." in reason else "2nd"
    edition = tr.p("edition", ed)
    if "no stretch can be extended" in reason:
        return tr(
            "SOLO-5 Architect ({edition} edition): no wall stretch can be extended, so the tower goes on a free "
            "tower spot; ties: most wall VP, longest wall, first clockwise (R-18)",
            edition=edition,
        )
    return tr(
        "SOLO-5 Architect ({edition} edition): the tower extends its longest potential wall stretch; ties: most "
        "wall VP, longest wall, first clockwise (ED-2, R-18)",
        edition=edition,
    )


def _end_trades(reason: str, decision: str, tr: Translator) -> str:
    fish = _number(r"(\d+) fish", reason)
    if "fish card" in reason and "no fish card" not in reason:
        return tr.ngettext(
            "SOLO-7: it holds the fish bonus card, so it keeps its {n} fish",
            "SOLO-7: it holds the fish bonus card, so it keeps its {n} fish",
            fish,
        )
    if "no resource bonus card" in reason:
        return tr("SOLO-7: it holds no resource bonus card, so it keeps its fish")
    m = re.search(r"(\d+) VP\)?$", reason)
    if decision == "no trade":
        return tr.ngettext(
            "SOLO-7: no trade of its {n} fish raises what its resource bonus cards score",
            "SOLO-7: no trade of its {n} fish raises what its resource bonus cards score",
            fish,
        )
    scores = re.search(r"bonus cards (\d+) -> (\d+) VP", reason)
    before, after = (int(scores.group(1)), int(scores.group(2))) if scores else (0, int(m.group(1)) if m else 0)
    return tr(
        "SOLO-7: these trades score most for its resource bonus cards: {before} -> {after} VP",
        before=before,
        after=after,
    )


#: the clause a reason starts with, and its rule in words
_REASONS: tuple[tuple[str, Callable[[str, str, Translator], str]], ...] = (
    ("SOLO-5 Rector", _rector),
    ("SOLO-5 Wharf", _wharf),
    ("SOLO-5 Market", _market),
    ("SOLO-5 Mason", _mason),
    ("SOLO-5 Architect", _architect),
    ("SOLO-7", _end_trades),
)


def bot_reason(decision: str, reason: str, tr: Translator = ENGLISH) -> str:
    """The rule that decided, in the translator's language (English: the rules' own words)."""
    if reason.startswith("R-15"):  # its English names the buildings by id: worded here in every language
        return _order(reason, decision, tr)
    if tr.lang == "en":
        return reason
    if reason.startswith("R-16"):
        return tr("R-16: a bot trades fish only at the end of the game (SOLO-7), never during play")
    if "SOLO-4" in reason:
        return _placement(reason, tr)
    for clause, words in _REASONS:
        if reason.startswith(clause):
            return words(reason, decision, tr)
    return tr("by the rule {clause}", clause=reason.split(":")[0])
