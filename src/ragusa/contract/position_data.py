"""A position text's fields as the state's JSON data (`build_data`), and that data read through
the JSON reader's validation (`finish`), each problem reported at the column of its field."""

from __future__ import annotations

from typing import Any

import attrs

from ragusa.contract.position_fields import (
    BONUS,
    HEX_INDEX,
    OPTION_WORDS,
    PATRICIAN,
    SHIPS,
    SPOT_INDEX,
    WALL_INDEX,
    Fields,
    items,
    name,
    names,
    number,
    numbers,
)
from ragusa.core.board import BOARD
from ragusa.core.errors import IllegalActionError, InvalidInputError
from ragusa.core.state import EDITIONS, EMPTY, POWERHOUSE, RESERVED, GameState

#: JSON path of a value -> the column of the field that wrote it
Where = dict[str, int]
_VP_SOURCES = 7
#: what each place is, and the clause that gives it one piece
_ONE_EACH = {"houses": ("spot", "TURN-1"), "towers": ("spot", "ARCHITECT-1"), "walls": ("wall segment", "MASON-1")}


class _Builder:
    def __init__(self, t: Fields) -> None:
        self.t = t
        self.where: Where = {}

    def get(self, fields: dict[str, tuple[int, str]], key: str, default: str, path: str) -> tuple[int, str]:
        col, value = fields.get(key, (fields.get("@", (1, ""))[0], default))
        self.where[path] = col
        return col, value

    def board(self, data: dict[str, Any]) -> None:
        n = len(BOARD.spot_ids)
        houses, towers, walls = [EMPTY] * n, [EMPTY] * n, [EMPTY] * len(BOARD.wall_ids)
        for key, value in (("powerhouses", POWERHOUSE), ("reserved", RESERVED)):
            col, text = self.get(self.t.table, key, "", f"$.{key}")
            self._put(houses, "houses", names(col, text, SPOT_INDEX, "a spot"), value, col)
        for seat, fields in enumerate(self.t.seats):
            for key, cells, table, what in (
                ("h", houses, SPOT_INDEX, "a spot"),
                ("t", towers, SPOT_INDEX, "a spot"),
                ("w", walls, WALL_INDEX, "a wall segment"),
            ):
                col, text = self.get(fields, key, "", f"$.players[{seat}].{key}")
                field = {"h": "houses", "t": "towers", "w": "walls"}[key]
                self._put(cells, field, names(col, text, table, what), seat, col)
        data.update(houses=houses, towers=towers, walls=walls)

    def _put(self, cells: list[int], field: str, indices: list[int], value: int, col: int) -> None:
        for i in indices:
            if cells[i] != EMPTY:
                what, clause = _ONE_EACH[field]
                raise InvalidInputError(
                    f"column {col}", f"{what} {i + 1} is written twice: it holds one {field[:-1]} ({clause})"
                )
            cells[i] = value
            self.where[f"$.{field}[{i}]"] = col

    def player(self, seat: int, fields: dict[str, tuple[int, str]]) -> dict[str, Any]:
        def vector(key: str, size: int, what: str) -> list[int]:
            col, text = self.get(fields, key, "", f"{path}.{json[key]}")
            return numbers(col, text, what, size)

        path = f"$.players[{seat}]"
        self.where[path] = fields["@"][0]
        json = {"r": "resources", "c": "commodities", "v": "vp", "left": "houses_left", "f": "fish_traded"}
        json |= {"b": "bonus_cards", "s": "ships"}
        left = vector("left", 3, "houses.powerhouses.towers left")
        for stock in ("powerhouses_left", "towers_left"):
            self.where[f"{path}.{stock}"] = self.where[f"{path}.houses_left"]
        col, text = self.get(fields, "b", "", f"{path}.bonus_cards")
        self.where[f"{path}.bonus_vp"] = col
        cards, scored = self.bonus(col, text)
        col, ships = self.get(fields, "s", "", f"{path}.ships")
        col_f, fish = self.get(fields, "f", "0", f"{path}.fish_traded")
        return {
            "resources": vector("r", 6, "resources"),
            "commodities": vector("c", 3, "commodities"),
            "houses_left": left[0],
            "powerhouses_left": left[1],
            "towers_left": left[2],
            "bonus_cards": cards,
            "ships": names(col, ships, SHIPS, "a ship"),
            "vp": vector("v", _VP_SOURCES, "VP by source"),
            "bonus_vp": scored,
            "fish_traded": number(col_f, fish, "fish given in trades"),
        }

    def bonus(self, col: int, text: str) -> tuple[list[str], list[int]]:
        cards, scored = [], []
        for item in text.split(".") if text else []:
            name, colon, vp = item.partition(":")
            cards += names(col, name, BONUS, "a bonus card")
            if colon:
                scored.append(number(col, vp, "the card's VP"))
        if scored and len(scored) != len(cards):
            raise InvalidInputError(f"column {col}", "either every bonus card has its VP (card:VP) or none has")
        return cards, scored

    def turn(self, data: dict[str, Any]) -> None:
        col, phase, seat = self.t.phase or (1, "", None)
        self.where.update({"$.phase": col, "$.seat": col})
        table = self.t.table
        ints = {"turn_seat": ("turn", "0"), "start_seat": ("start", "0"), "placements": ("n", "0")}
        ints["passes"] = ("passes", "0")
        data.update(phase=phase, seat=seat)
        for field, (key, default) in ints.items():
            c, value = self.get(table, key, default, f"$.{field}")
            data[field] = number(c, value, key)
        c, value = self.get(table, "end", "", "$.end_seats")
        data["end_seats"] = numbers(c, value, "a seat")
        self.activation(data)

    def activation(self, data: dict[str, Any]) -> None:
        table = self.t.table
        c, value = self.get(table, "at", "", "$.placed")
        self.where["$.placed_power"] = c
        power = value.endswith("p")
        spot = value.removesuffix("p")
        data["placed_power"] = power
        data["placed"] = -1 if spot in ("", "-") else name(c, spot, SPOT_INDEX, "a spot")
        c, value = self.get(table, "hexes", "", "$.pending_hexes")
        data["pending_hexes"] = names(c, value, HEX_INDEX, "a hex id")
        c, value = self.get(table, "hex", "", "$.current_hex")
        data["current_hex"] = name(c, value, HEX_INDEX, "a hex id") if value else -1
        c, value = self.get(table, "queue", "", "$.queue")
        data["queue"] = names(c, value, SPOT_INDEX, "a spot")
        data["window_done"] = "window" in table
        c, value = self.get(table, "rector", "", "$.rector_hand")
        data["rector_hand"] = names(c, value, BONUS, "a bonus card")

    def market(self, data: dict[str, Any]) -> None:
        c, value = self.get(self.t.table, "market", "2.2.2", "$.market")
        data["market"] = numbers(c, value, "a bead's place on the market track", 3)
        c, value = self.get(self.t.table, "slots", "", "$.slots")
        data["slots"] = [None if x == "-" else name(c, x, SHIPS, "a ship or -") for c, x in items(c, value)]
        for key, field, family, what in (
            ("ships", "ship_deck", SHIPS, "a ship"),
            ("bonus", "bonus_deck", BONUS, "a bonus card"),
        ):
            c, value = self.get(self.t.table, key, "?", f"$.{field}")
            data[field] = [] if value == "?" or value.startswith("~") else names(c, value, family, what)
        c, value = self.get(self.t.table, "seed", "?", "$.rng")
        data["rng"] = 0 if value == "?" or "chance" in self.t.table else number(c, value, "the generator", 2**64 - 1)

    def dealt(self, data: dict[str, Any]) -> None:
        hands = []
        for seat, fields in enumerate(self.t.seats):
            c, value = self.get(fields, "d", "", f"$.dealt[{seat}]")
            hands.append(names(c, value, BONUS, "a bonus card"))
        c, value = self.get(self.t.table, "dealt", "", "$.dealt")
        if value not in ("", "none"):
            raise InvalidInputError(f"column {c}", f"{value[:40]!r}: expected dealt=none")
        data["dealt"] = hands if value or any(hands) else []

    def solo(self, data: dict[str, Any]) -> None:
        table = self.t.table
        if "solo" not in table:
            for key in ("bots", "patrician", "pairs"):
                if key in table:
                    raise InvalidInputError(f"column {table[key][0]}", f"{key}= is a solo field; expected solo= first")
            data["solo"] = None
            return
        c, value = self.get(table, "solo", "0", "$.solo.round")
        solo: dict[str, Any] = {"round": number(c, value, "the solo round", 9)}
        c, value = self.get(table, "bots", "1.2", "$.solo.bot_seats")
        solo["bot_seats"] = numbers(c, value, "a seat")
        c, value = self.get(table, "patrician", "/", "$.solo.bot_cards")
        solo["bot_cards"] = [names(c, part, PATRICIAN, "a Patrician card") for part in value.split("/")]
        c, value = self.get(table, "pairs", "/", "$.solo.bot_pairs")
        solo["bot_pairs"] = [
            [names(c, pair.replace("+", "."), BONUS, "a bonus card") for pair in part.split(".") if pair]
            for part in value.split("/")
        ]
        data["solo"] = solo

    def options(self, data: dict[str, Any]) -> None:
        c, value = self.get(self.t.table, "o", "", "$.options")
        words = {w: n for n, w in OPTION_WORDS.items()}
        on = names(c, value.replace(",", "."), words, "an option")
        data["options"] = {name: name in on for name in OPTION_WORDS}


def build_data(t: Fields) -> tuple[dict[str, Any], Where]:
    """The state's JSON data from the fields of `t` (the decks `?` left empty), and where each
    value was written."""
    b = _Builder(t)
    data: dict[str, Any] = {"edition": t.edition}
    b.options(data)
    b.turn(data)
    b.market(data)
    b.board(data)
    b.dealt(data)
    b.solo(data)
    data["players"] = [b.player(i, fields) for i, fields in enumerate(t.seats)]
    if "chance" in t.table:
        data["chance"] = {"ship_hidden": 0, "bonus_hidden": 0, "node": None, "action": [], "fixed": []}
    elif "draw" in t.table or "fixed" in t.table:
        raise InvalidInputError(
            f"column {t.table.get('draw', t.table.get('fixed', (1, '')))[0]}",
            "only a game with explicit chance (the field chance) draws",
        )
    return data, b.where


def _column(where: Where, path: str) -> int:
    """The column of the field that wrote the value at JSON `path` (or its nearest parent)."""
    while path:
        if path in where:
            return where[path]
        cut = max(path.rfind("."), path.rfind("["))
        path = path[:cut] if cut > 0 else ""
    return 1


def _refused(exc: InvalidInputError, where: Where) -> InvalidInputError:
    return InvalidInputError(f"column {_column(where, exc.path)}", f"{exc.explanation} [at {exc.path}]", exc.violations)


def finish(t: Fields, data: dict[str, Any], where: Where) -> GameState:
    """The validated state of `data`; at a chance node, with the draw its action makes next."""
    from ragusa.contract.serialization import CONVERTER, action_to_data, state_from_data

    try:
        if "draw" not in t.table:
            return state_from_data(data)
        node = _node(t, _empty_table(t, data) if t.table["draw"][1] == "setup" else state_from_data(data, rules=False))
        data["chance"]["node"] = CONVERTER.unstructure(node)
        data["chance"]["action"] = [action_to_data(a) for a in _action(t)]
        data["chance"]["fixed"] = list(_fixed(t))
        return state_from_data(data)
    except InvalidInputError as exc:
        if exc.path.startswith("column "):
            raise
        raise _refused(exc, where) from None


def _action(t: Fields) -> list[Any]:
    from ragusa.contract.serialization import action_from_json

    col, value = t.table["draw"]
    if value == "setup":
        return []
    try:
        return [action_from_json(value)]
    except InvalidInputError as exc:
        raise InvalidInputError(
            f"column {col}", f"draw=: not an action ({exc}); expected setup or an action's JSON"
        ) from None


def _fixed(t: Fields) -> list[str | int]:
    col, value = t.table.get("fixed", (1, ""))
    return [int(x) if x.isdigit() and len(x) < 3 else x for x in value.split(",")] if value else []


def _empty_table(t: Fields, data: dict[str, Any]) -> GameState:
    """While the setup draws, the position is the empty table (validation checks the text's is)."""
    from ragusa.core.state import Options
    from ragusa.rules.game import empty_table

    players = 1 if data["solo"] is not None else len(t.seats)
    if t.edition not in EDITIONS or not 1 <= players <= 5:
        raise InvalidInputError("column 1", f"the empty table of {players} seats: expected 2 to 5 seats, or solo=")
    return empty_table(players, t.edition, Options(**data["options"]))


def _node(t: Fields, bare: GameState) -> Any:
    from ragusa.rules.chance import next_node
    from ragusa.rules.resolution import rerun

    assert bare.chance is not None
    col = t.table["draw"][0]
    chance = attrs.evolve(bare.chance, action=tuple(_action(t)), fixed=tuple(_fixed(t)))
    try:
        node = next_node(attrs.evolve(bare, chance=chance), rerun)
    except IllegalActionError as exc:
        raise InvalidInputError(f"column {col}", f"the action and its outcomes cannot be resolved: {exc}") from None
    if node is None:
        raise InvalidInputError(f"column {col}", "that action draws nothing more (SETUP-1); expected no draw= field")
    return node
