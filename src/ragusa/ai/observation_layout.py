"""The observation vector's layout, declared once: its parts in order, each part's fields with
their widths and scales.

`ragusa.ai.observation` (the specification, from a seat's view) and `ragusa.ai.encoder` (the
same vector fast, from the full state) both build the vector from this declaration: every
offset either uses is derived here from the names of a part and a field.

A `Part` is a block of `Field`s, repeated `repeat` times (the houses part: one block a spot;
the seats part: one block a seat). A field is `width` cells, repeated `repeat` times (the
market's beads: a one-hot of the track's positions per commodity); its counts are divided by
its `scale`. Seats are relative: a field with `seats` set holds one cell per seat, and a part
with `seats` set one block per seat, position `k` being seat `(viewer + k) % players`.
"""

from __future__ import annotations

import attrs

from ragusa.ai.ids import NUM_ACTIONS
from ragusa.core.board import BOARD
from ragusa.core.components import COMMODITIES, COMPONENTS, RESOURCES
from ragusa.core.state import EDITIONS, PHASES, VP_SOURCES

__all__ = [
    "CARD_INDEX",
    "INFO_LAYOUT",
    "INFO_SIZE",
    "LAYOUT",
    "MAX_SEATS",
    "OBS_SIZE",
    "OPTION_FLAGS",
    "PART",
    "PARTS",
    "SCALE",
    "SHIP_INDEX",
    "SOLO_BOTS",
    "Field",
    "Part",
]

#: the most seats a game has (SETUP-1)
MAX_SEATS = max(int(k) for k in COMPONENTS.pieces.houses if k.isdigit())
#: each bonus card's and each ship's index, in component file order
CARD_INDEX: dict[str, int] = {c.id: i for i, c in enumerate(COMPONENTS.bonus_cards)}
SHIP_INDEX: dict[str, int] = {s.id: i for i, s in enumerate(COMPONENTS.ships)}
#: the options the observation shows, in order
OPTION_FLAGS = ("strict", "solo_human_first", "solo_easier_rector", "solo_harder")
#: the solo bots whose counts are shown: bot A, then bot B (SOLO-3)
SOLO_BOTS = 2

#: divisors that bring counts to about 0..1
SCALE: dict[str, float] = {
    "resource": 10.0,
    "commodity": float(COMPONENTS.pieces.commodity_cap),
    "pieces": float(COMPONENTS.pieces.towers_per_player),
    "vp": 50.0,
    "cards": 4.0,
    "placements": 80.0,
    "history": 10.0,
}


@attrs.frozen
class Field:
    """`width` cells, `repeat` times over, counts divided by `scale`; with `seats`, one cell per
    relative seat (`width` is then `MAX_SEATS`)."""

    name: str
    width: int
    repeat: int = 1
    scale: float = 1.0
    seats: bool = False
    #: its cells: `width` times `repeat`
    size: int = attrs.field(init=False, default=attrs.Factory(lambda f: f.width * f.repeat, takes_self=True))


def _seat(name: str) -> Field:
    return Field(name, MAX_SEATS, seats=True)


@attrs.frozen
class Part:
    """A named slice of the vector: its fields' block, `repeat` times over (with `seats`, one
    block per relative seat); `doc` says what it holds (the docs table)."""

    name: str
    doc: str
    fields: tuple[Field, ...]
    repeat: int = 1
    seats: bool = False
    #: one block's cells, and the part's
    block: int = attrs.field(
        init=False, default=attrs.Factory(lambda p: sum(f.size for f in p.fields), takes_self=True)
    )
    size: int = attrs.field(init=False, default=attrs.Factory(lambda p: p.block * p.repeat, takes_self=True))

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(f"{self.name} has no field {name!r}")

    def at(self, name: str) -> int:
        """Where field `name` starts in a block."""
        at = 0
        for f in self.fields:
            if f.name == name:
                return at
            at += f.size
        raise KeyError(f"{self.name} has no field {name!r}")


_N_SPOTS, _N_HEXES = len(BOARD.spot_ids), len(BOARD.hex_ids)

#: the parts of an observation, in order
PARTS: tuple[Part, ...] = (
    Part(
        "game",
        "players one-hot (1..5), edition one-hot, options (strict, solo variants), solo flag",
        (
            Field("players", MAX_SEATS),
            Field("edition", len(EDITIONS)),
            Field("options", len(OPTION_FLAGS)),
            Field("solo", 1),
        ),
    ),
    Part(
        "decision",
        "phase one-hot, deciding / turn / start seat (relative one-hot), placements, passes, "
        "window_done, END-2 seats still to trade",
        (
            Field("phase", len(PHASES)),
            _seat("seat"),
            _seat("turn_seat"),
            _seat("start_seat"),
            Field("placements", 1, scale=SCALE["placements"]),
            Field("passes", 1, scale=MAX_SEATS),
            Field("window_done", 1),
            _seat("end_seats"),
        ),
    ),
    Part(
        "houses",
        "per spot: relative owner one-hot (5), powerhouse, solo reserved",
        (_seat("owner"), Field("powerhouse", 1), Field("reserved", 1)),
        repeat=_N_SPOTS,
    ),
    Part("towers", "per tower spot: relative owner one-hot", (_seat("owner"),), repeat=len(BOARD.tower_spots)),
    Part("walls", "per wall segment: relative builder one-hot", (_seat("builder"),), repeat=len(BOARD.wall_ids)),
    Part(
        "market",
        "per commodity: bead index one-hot; per slot: ship one-hot (+ empty); ship and bonus deck sizes",
        (
            Field("beads", len(COMPONENTS.market.track), repeat=len(COMMODITIES)),
            Field("slots", len(SHIP_INDEX) + 1, repeat=len(COMPONENTS.market.slots)),
            Field("ship_deck", 1, scale=len(SHIP_INDEX)),
            Field("bonus_deck", 1, scale=len(CARD_INDEX)),
        ),
    ),
    Part(
        "seats",
        "per relative seat: present, resources, commodities, pieces left, bonus/dealt card counts, "
        "fish traded, VP by source, ships multi-hot, visible bonus cards multi-hot",
        (
            Field("present", 1),
            Field("resources", len(RESOURCES), scale=SCALE["resource"]),
            Field("commodities", len(COMMODITIES), scale=SCALE["commodity"]),
            Field("houses_left", 1, scale=SCALE["pieces"]),
            Field("powerhouses_left", 1, scale=SCALE["pieces"]),
            Field("towers_left", 1, scale=SCALE["pieces"]),
            Field("bonus_card_count", 1, scale=SCALE["cards"]),
            Field("dealt_count", 1, scale=SCALE["cards"]),
            Field("fish_traded", 1, scale=SCALE["vp"]),
            Field("vp", len(VP_SOURCES), scale=SCALE["vp"]),
            Field("ships", len(SHIP_INDEX)),
            Field("bonus_cards", len(CARD_INDEX)),
        ),
        repeat=MAX_SEATS,
        seats=True,
    ),
    Part(
        "cards",
        "own dealt cards, own Rector hand (multi-hot), Rector hand size",
        (
            Field("dealt", len(CARD_INDEX)),
            Field("rector_hand", len(CARD_INDEX)),
            Field("rector_hand_size", 1, scale=2.0),
        ),
    ),
    Part(
        "resolving",
        "spot being resolved, powerhouse flag, pending hexes, current hex, queue head and rest",
        (
            Field("placed", _N_SPOTS),
            Field("placed_power", 1),
            Field("pending_hexes", _N_HEXES),
            Field("current_hex", _N_HEXES),
            Field("queue_head", _N_SPOTS),
            Field("queue_rest", _N_SPOTS),
        ),
    ),
    Part(
        "solo",
        "bot Patrician card counts, bot Rector pair counts, round",
        (
            Field("bot_cards", SOLO_BOTS, scale=3.0),
            Field("bot_pairs", SOLO_BOTS, scale=4.0),
            Field("round", 1, scale=9.0),
        ),
    ),
    Part(
        "legal",
        "the viewer's legal action ids (the action mask; zero when it does not decide)",
        (Field("ids", NUM_ACTIONS),),
    ),
)
#: the parts by name
PART: dict[str, Part] = {p.name: p for p in PARTS}


def _slices() -> dict[str, slice]:
    out: dict[str, slice] = {}
    start = 0
    for p in PARTS:
        out[p.name] = slice(start, start + p.size)
        start += p.size
    return out


#: each part's slice of the vector (`vec[LAYOUT["houses"]]`), and the vector's length
LAYOUT: dict[str, slice] = _slices()
OBS_SIZE: int = LAYOUT[PARTS[-1].name].stop
#: :func:`information_state`'s layout: the observation's, plus the seat's own action counts and last action
INFO_LAYOUT: dict[str, slice] = {
    **LAYOUT,
    "own_actions": slice(OBS_SIZE, OBS_SIZE + NUM_ACTIONS),
    "own_last": slice(OBS_SIZE + NUM_ACTIONS, OBS_SIZE + 2 * NUM_ACTIONS),
}
INFO_SIZE = OBS_SIZE + 2 * NUM_ACTIONS
