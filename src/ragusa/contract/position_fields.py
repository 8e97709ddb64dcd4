"""The names the position text writes for the pieces of the game (`.position_text`): spots and
wall segments by number, ships and Patrician cards by number, bonus cards by name, options by
word; and what a person at the table cannot know, drawn from what is left (`hidden_decks`)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import attrs

from ragusa.core.board import BOARD
from ragusa.core.components import COMPONENTS
from ragusa.core.errors import InvalidInputError
from ragusa.core.state import OPTION_NAMES


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
    out = [number(col, v, what) for v in value.split(".")] if value else []
    if size is not None:
        if len(out) > size:
            raise InvalidInputError(f"column {col}", f"{value[:40]!r}: expected at most {size} numbers ({what})")
        out += [0] * (size - len(out))
    return out


def names(col: int, value: str, table: Names | dict[str, int], what: str) -> list[Any]:
    """`.`-separated names of `table` (a `Names`: the ids; a dict: the indices)."""
    known = table.ids if isinstance(table, Names) else table
    out = []
    for name in value.split(".") if value else []:
        if name not in known:
            shown = list(known)
            listed = ", ".join(shown) if len(shown) <= 16 else f"{shown[0]} to {shown[-1]}"
            raise InvalidInputError(f"column {col}", f"{name[:40]!r}: expected {what} ({listed})")
        out.append(known[name])
    return out


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


def hidden_decks(data: dict[str, Any], rng: random.Random, ships: bool, bonus: bool) -> None:
    """Fill the decks a text left unknown (`ships`, `bonus`) in the state's JSON `data`: the cards
    in no other place, shuffled. With explicit chance the decks' cards not drawn yet are never in
    a known order: they are the cards in no other place, sorted, above the deck's known cards."""
    players = data["players"]
    chance = data.get("chance")
    if ships or chance is not None:
        seen = [s for s in data["slots"] if s is not None] + [s for p in players for s in p["ships"]]
        tail = [] if ships else data["ship_deck"]
        data["ship_deck"] = _order(rest_of(SHIPS.short, seen + tail), tail, rng, chance, "ship_hidden")
    if bonus or chance is not None:
        seen = [c for p in players for c in p["bonus_cards"]] + list(data["rector_hand"])
        seen += [c for hand in data["dealt"] for c in hand]
        tail = [] if bonus else data["bonus_deck"]
        data["bonus_deck"] = _order(rest_of(BONUS.short, seen + tail), tail, rng, chance, "bonus_hidden")


def _order(
    rest: list[str], tail: list[str], rng: random.Random, chance: dict[str, Any] | None, hidden: str
) -> list[str]:
    if chance is None:
        rng.shuffle(rest)
        return rest
    chance[hidden] = len(rest)
    return sorted(rest) + tail
