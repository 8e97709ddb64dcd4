"""The names the position text writes for the pieces of the game (`.position_text`): spots and
wall segments by number, ships and Patrician cards by number, bonus cards by name, options by
word; and what a person at the table cannot know, drawn from what is left (`hidden_decks`)."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ragusa.core.board import BOARD
from ragusa.core.components import COMPONENTS
from ragusa.core.errors import InvalidInputError
from ragusa.core.state import EDITIONS, OPTION_NAMES, PHASES

#: the longest text `ragusa.position_from_text` reads (no position needs more than 1,000 characters)
MAX_TEXT = 2000


@attrs.frozen
class Names:
    """A family of ids and the short names the text writes for them (`short`, `ids` its inverse)."""

    short: dict[str, str]
    ids: dict[str, str]

    @classmethod
    def of(cls, ids: Iterable[str], prefix: str) -> Names:
        short = {i: i.removeprefix(prefix) for i in ids}
        return cls(short, {v: k for k, v in short.items()})


#: spot `i` is written `SPOTS[i]` (s28 is 28); `SPOT_INDEX` reads it back
SPOTS: tuple[str, ...] = tuple(i.removeprefix("s") for i in BOARD.spot_ids)
SPOT_INDEX: dict[str, int] = {name: i for i, name in enumerate(SPOTS)}
#: wall segment `i` is written `WALLS[i]` (w4 is 4)
WALLS: tuple[str, ...] = tuple(i.removeprefix("w") for i in BOARD.wall_ids)
WALL_INDEX: dict[str, int] = {name: i for i, name in enumerate(WALLS)}
#: hex `i` is written by its id (forest-2)
HEX_INDEX: dict[str, int] = {name: i for i, name in enumerate(BOARD.hex_ids)}

SHIPS = Names.of((s.id for s in COMPONENTS.ships), "ship-")
BONUS = Names.of((c.id for c in COMPONENTS.bonus_cards), "bonus-")
PATRICIAN = Names.of((c.id for c in COMPONENTS.patrician_cards), "patrician-")

#: each option (an `Options` field) and its word in the text's `o=` field
OPTION_WORDS: dict[str, str] = {name: name.replace("_", "-") for name in OPTION_NAMES}


def number(col: int, value: str, what: str, limit: int = 999) -> int:
    if not value.isdigit() or not value.isascii() or len(value) > 21 or int(value) > limit:
        raise InvalidInputError(f"column {col}", f"{value[:40]!r}: expected {what}, a number 0 to {limit}")
    return int(value)


def numbers(col: int, value: str, what: str, size: int | None = None) -> list[int]:
    """`.`-separated numbers; with `size`, padded with zeros to `size` (trailing zeros may be left out)."""
    out = [number(c, v, what) for c, v in items(col, value)]
    if size is not None:
        if len(out) > size:
            raise InvalidInputError(f"column {col}", f"{value[:40]!r}: expected at most {size} numbers ({what})")
        out += [0] * (size - len(out))
    return out


def items(col: int, value: str) -> list[tuple[int, str]]:
    """The `.`-separated items of `value` written from column `col`, each with its own column."""
    out = []
    for item in value.split(".") if value else []:
        out.append((col, item))
        col += len(item) + 1
    return out


def names(col: int, value: str, table: Names | dict[str, int] | dict[str, str], what: str) -> list[Any]:
    """`.`-separated names of `table` (a `Names`: the ids; a dict: the indices)."""
    return [name(c, item, table, what) for c, item in items(col, value)]


def name(col: int, value: str, table: Names | dict[str, int] | dict[str, str], what: str) -> Any:
    """One name of `table` (its id, or its index)."""
    known = table.ids if isinstance(table, Names) else table
    if value not in known:
        shown = list(known)
        listed = ", ".join(shown) if len(shown) <= 16 else f"{shown[0]} to {shown[-1]}"
        raise InvalidInputError(f"column {col}", f"{value[:40]!r}: expected {what} ({listed})")
    return known[value]


def rest_of(pool: Iterable[str], seen: Iterable[str]) -> list[str]:
    """The cards of `pool` (copies counted) that are not among `seen`, in `pool`'s order."""
    left = Counter(seen)
    out = []
    for card in pool:
        if left[card]:
            left[card] -= 1
        else:
            out.append(card)
    return out


def seen_cards(data: dict[str, Any], deck: str) -> list[str]:
    """The ships (`deck` "ships") or bonus cards ("bonus") of the state's JSON `data` outside the deck."""
    players = data["players"]
    if deck == "ships":
        return [s for s in data["slots"] if s is not None] + [s for p in players for s in p["ships"]]
    seen = [c for p in players for c in p["bonus_cards"]] + list(data["rector_hand"])
    return seen + [c for hand in data["dealt"] for c in hand]


def _pool(deck: str) -> Names:
    return SHIPS if deck == "ships" else BONUS


_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def order_code(cards: Sequence[str], rest: Sequence[str]) -> str | None:
    """`cards`, an order of the cards `rest`, as its rank among their orders in base 36 (None when
    `cards` are not `rest`): `~` and at most 18 characters, for up to 26 cards."""
    items = list(rest)
    if sorted(cards) != sorted(items):
        return None
    rank = 0
    for card in cards:
        i = items.index(card)
        rank = rank * len(items) + i
        items.pop(i)
    digits = ""
    while True:
        rank, d = divmod(rank, 36)
        digits = _DIGITS[d] + digits
        if not rank:
            return "~" + digits


def order_of(col: int, code: str, rest: Sequence[str]) -> list[str]:
    """The order of the cards `rest` that `order_code` wrote as `code` (after its `~`)."""
    if not code or len(code) > 20 or any(c not in _DIGITS for c in code):
        raise InvalidInputError(f"column {col}", f"{code[:40]!r}: expected a coded order, base 36 (0-9, a-z)")
    rank = int(code, 36)
    indices = []
    for radix in range(1, len(rest) + 1):
        rank, i = divmod(rank, radix)
        indices.append(i)
    if rank:
        raise InvalidInputError(f"column {col}", f"~{code}: no order of the {len(rest)} cards in no other place")
    items, out = list(rest), []
    for i in reversed(indices):
        out.append(items.pop(i))
    return out


def fill_decks(data: dict[str, Any], rng: random.Random, given: dict[str, tuple[int, str]]) -> None:
    """The decks of the state's JSON `data`, as the text gave them (`given`: each deck's column and
    value): unknown (`?`) decks hold the cards in no other place, shuffled; a coded order (`~CODE`)
    is one order of them. With explicit chance the decks' cards not drawn yet are never in a known
    order: they are the cards in no other place, sorted, above the deck's known cards."""
    chance = data.get("chance")
    for deck, field, hidden in (("ships", "ship_deck", "ship_hidden"), ("bonus", "bonus_deck", "bonus_hidden")):
        col, value = given[deck]
        tail = [] if value == "?" else data[field]
        rest = rest_of(_pool(deck).short, seen_cards(data, deck) + tail)
        if value.startswith("~"):
            if chance is not None:
                raise InvalidInputError(
                    f"column {col}", "with explicit chance a deck lists its known cards, not a coded order"
                )
            data[field] = order_of(col, value[1:], rest)
        elif chance is not None:
            chance[hidden] = len(rest)
            data[field] = sorted(rest) + tail
        elif value == "?":
            rng.shuffle(rest)
            data[field] = rest


#: the fields of the whole table and what each holds (shown when a field is unknown)
TABLE_KEYS: dict[str, str] = {
    "o": "options, e.g. o=strict",
    "turn": "the seat whose turn it is",
    "start": "the start seat",
    "n": "placements made so far",
    "passes": "turns passed in a row (R-14)",
    "end": "seats still to trade at the end, e.g. end=2.3",
    "at": "the spot of the house resolving, e.g. at=41 (at=41p: a powerhouse)",
    "hexes": "hexes still to activate, e.g. hexes=forest-2",
    "hex": "the hex activating, e.g. hex=architect",
    "queue": "spots still to activate on that hex, e.g. queue=48.40",
    "rector": "the Rector's drawn cards, e.g. rector=wood.silk",
    "market": "the market beads, e.g. market=2.2.2",
    "slots": "the ships for sale, e.g. slots=19.25.-",
    "powerhouses": "the two-player powerhouses' spots",
    "reserved": "the solo reserved spots",
    "ships": "the ship deck, top first, or ?",
    "bonus": "the bonus deck, top first, or ?",
    "seed": "the generator, or ?",
    "draw": "at a chance node, the action drawing (or setup)",
    "fixed": "the outcomes that action has drawn",
    "dealt": "dealt=none: every seat has chosen its setup card",
    "solo": "the solo round",
    "bots": "the solo bots' seats, e.g. bots=1.2",
    "patrician": "each bot's Patrician cards, e.g. patrician=2.3/4.9",
    "pairs": "each bot's Rector pairs, e.g. pairs=wood+silk/",
}
#: the fields of a seat (after `@N`)
SEAT_KEYS: dict[str, str] = {
    "h": "houses, e.g. h=16.22",
    "t": "towers, e.g. t=49",
    "w": "walls, e.g. w=12.13",
    "r": "resources fish.wood.stone.ore.grapes.olives",
    "c": "commodities silver.wine.oil",
    "left": "houses.powerhouses.towers left",
    "b": "bonus cards, e.g. b=olives (b=olives:4 at the end)",
    "s": "ships, e.g. s=19",
    "v": "VP mason.fishmonger.wharf.ships.walls.cathedral.bonus",
    "f": "fish given in trades",
    "d": "the three dealt cards",
}
_FLAGS = ("window", "chance")
_MAX_NUMBER = 10**20


class Fields:
    """The fields of one text: `table` by key, `seats` one dict per seat, each value with its column."""

    def __init__(self, text: str) -> None:
        words = [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", text)]
        if not words:
            raise InvalidInputError("column 1", "an empty text; expected the edition, 1st or 2nd")
        col, edition = words[0]
        if edition not in EDITIONS:
            raise InvalidInputError(f"column {col}", f"{edition[:40]!r}: expected the edition, 1st or 2nd")
        self.edition = edition
        self.table: dict[str, tuple[int, str]] = {}
        self.seats: list[dict[str, tuple[int, str]]] = []
        self.phase: tuple[int, str, int | None] | None = None
        for col, word in words[1:]:
            self._word(col, word)
        if self.phase is None:
            raise InvalidInputError(f"column {len(text) + 1}", "the phase is missing; expected e.g. place@0")

    def _word(self, col: int, word: str) -> None:
        if word.startswith("@"):
            if word[1:] != str(len(self.seats)):
                raise InvalidInputError(f"column {col}", f"{word[:40]!r}: expected @{len(self.seats)}, the next seat")
            self.seats.append({"@": (col, "")})
            return
        key, eq, value = word.partition("=")
        if not eq:
            self._bare(col, word)
            return
        known = SEAT_KEYS if self.seats else TABLE_KEYS
        if key not in known:
            where = f"seat {len(self.seats) - 1}" if self.seats else "the table (before @0)"
            raise InvalidInputError(
                f"column {col}", f"{key[:40]!r}: not a field of {where}; expected one of {', '.join(known)}"
            )
        fields = self.seats[-1] if self.seats else self.table
        if key in fields:
            raise InvalidInputError(f"column {col}", f"{key}= is given twice")
        fields[key] = (col + len(key) + 1, value)

    def _bare(self, col: int, word: str) -> None:
        name, at, seat = word.partition("@")
        if not self.seats and name in PHASES and self.phase is None:
            if at and not (seat.isdigit() and len(seat) == 1):
                raise InvalidInputError(f"column {col + len(name) + 1}", f"{seat[:40]!r}: expected a seat, 0 to 4")
            self.phase = (col, name, int(seat) if at else None)
        elif not self.seats and word in _FLAGS and word not in self.table:
            self.table[word] = (col, "")
        else:
            raise InvalidInputError(
                f"column {col}",
                f"{word[:40]!r}: expected key=value, @N (a seat), the phase (e.g. place@0) or one of {', '.join(_FLAGS)}",
            )
