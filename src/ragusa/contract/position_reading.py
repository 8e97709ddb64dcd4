"""Reading a position text (`.position_text`): the fields to the state's JSON data, then the
JSON reader's validation; every problem is an `InvalidInputError` at a column of the text."""

from __future__ import annotations

import hashlib
import random
import re

from ragusa.contract.position_data import build_data, finish
from ragusa.contract.position_fields import hidden_decks
from ragusa.contract.position_text import MAX_TEXT
from ragusa.core.errors import InvalidInputError
from ragusa.core.rng import seed_state
from ragusa.core.state import EDITIONS, PHASES, GameState

__all__ = ["SEAT_KEYS", "TABLE_KEYS", "Fields", "read_position"]

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


def _draw_seed(text: str, seed: int | None) -> random.Random:
    if seed is None:
        seed = int.from_bytes(hashlib.sha256(text.encode("utf-8", "replace")).digest()[:8], "big")
    return random.Random(seed)


def read_position(text: str, seed: int | None) -> GameState:
    """The position of `text` (see `ragusa.contract.position_text.position_from_text`)."""
    if len(text) > MAX_TEXT:
        raise InvalidInputError("column 1", f"{len(text):,} characters; a position text has at most {MAX_TEXT:,}")
    if "\n" in text.strip() or "\r" in text.strip():
        col = min(i for i in (text.find("\n"), text.find("\r")) if i >= 0) + 1
        raise InvalidInputError(f"column {col}", "a line break; a position text is one line")
    t = Fields(text)
    data, where = build_data(t)
    rng = _draw_seed(text, seed)
    unknown = {k for k in ("ships", "bonus") if t.table.get(k, (0, "?"))[1] == "?"}
    if t.table.get("draw", (0, ""))[1] != "setup":  # while the setup draws, no deck is made yet
        hidden_decks(data, rng, "ships" in unknown, "bonus" in unknown)
    if "chance" not in t.table and t.table.get("seed", (0, "?"))[1] == "?":
        data["rng"] = seed_state(rng.getrandbits(64))
    return finish(t, data, where)
