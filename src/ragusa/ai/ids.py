"""Fixed action ids: one dense integer space for every action of every mode.

The space is the same for 1 to 5 players and both editions; its blocks, in order, are
(`BLOCKS`, sizes derived from the component data, never written as constants):

========================  ====================================  ==========================
block                     one id per                            action
========================  ====================================  ==========================
`choose_bonus`          bonus card (component file order)     `ChooseBonus(card)`
`place_house`           spot                                  `Place(spot)`
`place_powerhouse`      spot                                  `Place(spot, True)`
`trade`                 resource fish can buy                 `Trade(resource)`
`activate_hex`          hex                                   `ActivateHex(hex)`
`build_wall`            wall segment                          `BuildWall(segment)`
`build_tower`           tower spot                            `BuildTower(spot)`
`buy_ship`              market slot                           `BuyShip(slot)`
`sell`                  commodity                             `SellCommodity(commodity)`
`draw_bonus`            (one)                                 `DrawBonus()`
`keep_bonus`            bonus card                            `KeepBonus(card)`
`pass`                  (one)                                 `Pass()`
========================  ====================================  ==========================

A placement's id names only its spot and piece: the fish trades made for it (BUILD-8) are the
unique minimal set for that spot in that state (`ragusa.rules.moves.Moves.trades_for`), so
`action_from_id` recovers them from the state. At any decision at most one legal action
has a given id.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from ragusa.core.actions import (
    Action,
    ActivateHex,
    BuildTower,
    BuildWall,
    BuyShip,
    ChooseBonus,
    DrawBonus,
    KeepBonus,
    Pass,
    Place,
    SellCommodity,
    Trade,
)
from ragusa.core.board import BOARD
from ragusa.core.components import COMMODITIES, COMPONENTS, RESOURCES
from ragusa.core.spot_masks import expand_mask, spot_byte_table
from ragusa.core.state import GameState
from ragusa.rules.fish import TRADE_COST, trade_actions
from ragusa.rules.legal import legal_moves
from ragusa.rules.moves import Moves, place_action

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "BLOCKS",
    "NUM_ACTIONS",
    "Block",
    "action_from_id",
    "action_id",
    "describe_id",
    "id_table",
    "ids_of",
    "legal_action",
    "legal_ids",
    "LegalIds",
    "legal_mask",
    "legal_mask_list",
    "write_masks",
]

_CARDS: tuple[str, ...] = tuple(c.id for c in COMPONENTS.bonus_cards)
_TRADEABLE: tuple[str, ...] = tuple(r for r in RESOURCES if r in TRADE_COST)
_TOWERS: tuple[str, ...] = tuple(BOARD.spot_ids[s] for s in BOARD.tower_spots)
_SLOTS: tuple[int, ...] = tuple(range(len(COMPONENTS.market.slots)))


@attrs.frozen
class Block:
    """One block of the id space: ids `start .. start + len(keys) - 1`, one per key, each standing
    for the action of type `kind` whose field `field` holds that key (no field: the one action)."""

    name: str
    start: int
    #: what each id of the block names (card, spot, resource, hex, segment, slot or commodity)
    keys: tuple[str | int, ...]
    #: the action the block's ids stand for, in words
    action: str
    kind: type = attrs.field(default=Pass, repr=False)
    field: str | None = attrs.field(default=None, repr=False)

    @property
    def stop(self) -> int:
        return self.start + len(self.keys)


def _blocks() -> tuple[Block, ...]:
    spec: tuple[tuple[str, type, str | None, tuple[str | int, ...], str], ...] = (
        ("choose_bonus", ChooseBonus, "card", _CARDS, "ChooseBonus(card): keep this dealt bonus card (SETUP-6)"),
        (
            "place_house",
            Place,
            "spot",
            BOARD.spot_ids,
            "Place(spot): a house, with its minimal fish trades (TURN-1, BUILD-8)",
        ),
        (
            "place_powerhouse",
            Place,
            "spot",
            BOARD.spot_ids,
            "Place(spot, powerhouse=True), with its minimal trades (TWO-1)",
        ),
        ("trade", Trade, "resource", _TRADEABLE, "Trade(resource): fish for one resource (FISH-1)"),
        ("activate_hex", ActivateHex, "hex", BOARD.hex_ids, "ActivateHex(hex): this hex of the new house next (ACT-5)"),
        ("build_wall", BuildWall, "segment", BOARD.wall_ids, "BuildWall(segment) (MASON-1)"),
        ("build_tower", BuildTower, "spot", _TOWERS, "BuildTower(spot) (ARCHITECT-1)"),
        ("buy_ship", BuyShip, "slot", _SLOTS, "BuyShip(slot), 0 = leftmost (MARKET-1)"),
        ("sell", SellCommodity, "commodity", COMMODITIES, "SellCommodity(commodity) (WHARF-1)"),
        ("draw_bonus", DrawBonus, None, ("draw",), "DrawBonus(): the Rector's draw (RECTOR-1)"),
        ("keep_bonus", KeepBonus, "card", _CARDS, "KeepBonus(card): keep this drawn card (RECTOR-1)"),
        ("pass", Pass, None, ("pass",), "Pass(): decline, or pass the turn (R-8, R-14, FISH-2, END-2)"),
    )
    out: list[Block] = []
    start = 0
    for name, kind, field, keys, what in spec:
        out.append(Block(name, start, keys, what, kind, field))
        start += len(keys)
    return tuple(out)


#: the blocks of the id space, in id order
BLOCKS: tuple[Block, ...] = _blocks()
#: the size of the action space (the same in every mode)
NUM_ACTIONS: int = BLOCKS[-1].stop

_BY_NAME = {b.name: b for b in BLOCKS}
#: per block, key -> id
_INDEX: dict[str, dict[str | int, int]] = {b.name: {k: b.start + i for i, k in enumerate(b.keys)} for b in BLOCKS}
#: per action type but Place: its block's key field and key -> id table (None: the block's one id)
_BY_TYPE: dict[type, tuple[str | None, dict[str | int, int]]] = {
    b.kind: (b.field, _INDEX[b.name]) for b in BLOCKS if b.kind is not Place
}
_HOUSE, _POWERHOUSE = _INDEX["place_house"], _INDEX["place_powerhouse"]


def action_id(action: Action) -> int:
    """The id of `action` (raises `ValueError` for an action naming no known component).

    A placement's trades do not change its id (see the module docs). One dictionary lookup
    on the action's type, one on its field: about a tenth of a microsecond.
    """
    field: str | None
    if isinstance(action, Place):
        field, index = "spot", _POWERHOUSE if action.powerhouse else _HOUSE
    else:
        found = next((v for t, v in _BY_TYPE.items() if isinstance(action, t)), None)
        if found is None:
            raise ValueError(f"{action!r} is not a ragusa action")
        field, index = found
    key = getattr(action, field) if field is not None else next(iter(index))
    if type(key) in (str, int):  # never a bool: it would pass for a slot
        at = index.get(key)
        if at is not None:
            return at
    raise ValueError(f"{action!r} has no action id: {key!r} is not a key of its block")


def _block_of(action_id: int) -> tuple[Block, str | int]:
    if isinstance(action_id, bool) or not isinstance(action_id, int) or not 0 <= action_id < NUM_ACTIONS:
        raise ValueError(f"an action id is an integer 0..{NUM_ACTIONS - 1}; got {action_id!r}")
    for b in BLOCKS:
        if action_id < b.stop:
            return b, b.keys[action_id - b.start]
    raise AssertionError("unreachable")  # pragma: no cover


def action_from_id(state: GameState, action_id: int) -> Action:
    """The action with id `action_id` in `state`: for a placement, with the fish trades the
    deciding seat must make for it here. An id that is not legal gives an action that
    `ragusa.apply` refuses (with its reason)."""
    block, key = _block_of(action_id)
    if block.kind is Place:
        assert isinstance(key, str)
        power = block.name == "place_powerhouse"
        trades = legal_moves(state).trades_for(BOARD.spot_index[key], power) if state.seat is not None else None
        return Place(key, power, trades or ())
    action: Action = block.kind(key) if block.field is not None else block.kind()
    return action


def describe_id(action_id: int) -> str:
    """`"place_house:S12"`-style name of an id (block and key), for logs and tables."""
    block, key = _block_of(action_id)
    return f"{block.name}:{key}"


#: the id of each action type with one id (no key field)
_ONE_ID: dict[type, int] = {b.kind: b.start for b in BLOCKS if b.field is None}


def ids_of(actions: Iterable[Action]) -> list[int]:
    """The ids of `actions`, in order: `action_id` of each, looked up inline, about 0.1 microsecond
    an action."""
    house, power, by_type, one = _HOUSE, _POWERHOUSE, _BY_TYPE, _ONE_ID
    out: list[int] = []
    try:
        for a in actions:
            kind = type(a)
            if kind is Place:
                out.append((power if a.powerhouse else house)[a.spot])  # type: ignore[union-attr]
            elif kind in one:
                out.append(one[kind])
            else:
                field, index = by_type[kind]
                key = getattr(a, field)  # type: ignore[arg-type]
                if type(key) is bool:  # it would pass for a slot number: action_id refuses it
                    raise TypeError(key)
                out.append(index[key])
    except (KeyError, TypeError, AttributeError):  # something unknown: action_id names it
        return [action_id(a) for a in actions]
    return out


_HOUSE_START = _BY_NAME["place_house"].start
_POWER_START = _BY_NAME["place_powerhouse"].start
_N_SPOTS = len(BOARD.spot_ids)
#: the bytes of a spot mask
_SPOT_MASK_BYTES = (_N_SPOTS + 7) // 8
#: per byte of a spot mask and its value: the house ids of that byte's spots, ascending
_BYTE_HOUSE_IDS = spot_byte_table(lambda s: _HOUSE_START + s)
#: the ids of the trades offered to a seat holding `fish` fish, up to the dearest trade (more offer the same)
_TRADE_IDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ids_of(trade_actions(f))) for f in range(max(TRADE_COST.values()) + 1)
)


def trade_ids(fish: int) -> tuple[int, ...]:
    """The ids of the trades offered to a seat holding `fish` fish (`ragusa.rules.fish.trade_actions`)."""
    return _TRADE_IDS[fish if fish < len(_TRADE_IDS) else -1]


class LegalIds:
    """The deciding seat's legal actions as ids, in `ragusa.legal_actions` order, and the action of
    each, read from the state's legal moves (`ragusa.rules.moves.Moves`): placements from their spot
    masks, so that an action is made only for the id taken (`action`)."""

    __slots__ = ("ids", "moves", "placements")

    #: the legal ids
    ids: list[int]

    def __init__(self, state: GameState) -> None:
        moves = self.moves = legal_moves(state)
        if state.chance is not None and state.chance.node is not None:
            self.ids, self.placements = [], -1  # a chance node: its outcomes have chance ids (`chance_ids`)
            return
        ids = expand_mask(moves.houses, _BYTE_HOUSE_IDS)
        if moves.power:
            ids.extend([_POWER_START + s for s in moves.powerhouse_spots()])
        self.placements = len(ids)
        if moves.choices:
            ids.extend(ids_of(moves.choices))
        if moves.fish:
            ids.extend(_TRADE_IDS[min(moves.fish, len(_TRADE_IDS) - 1)])
        self.ids = ids

    def action(self, action_id: int) -> Action | None:
        """The legal action with id `action_id`, or None when it is not legal here."""
        return None if self.placements < 0 else legal_action(self.moves, action_id)


def legal_action(moves: Moves, action_id: int, choice_ids: Sequence[int] | None = None) -> Action | None:
    """The legal action of `moves` (the legal moves of a decision, not a chance node) with id
    `action_id`, or None when it is not legal there: a placement is told legal by its bit in the
    spot mask and made with its minimal trades, without listing the other actions. `choice_ids`:
    the ids of `moves.choices`, when the caller has them (`write_masks` returns them)."""
    if type(action_id) is not int:  # a numpy integer, say; anything else is no id
        try:
            action_id = operator.index(action_id)
        except TypeError:
            return None
    at = action_id - _HOUSE_START
    if 0 <= at < _N_SPOTS:
        return place_action(at, moves.traded.get(at, ())) if moves.houses >> at & 1 else None
    at = action_id - _POWER_START
    if 0 <= at < _N_SPOTS:
        return place_action(at, moves.power_traded.get(at, ()), True) if moves.power >> at & 1 else None
    choices = moves.choices
    if choices:
        ids = ids_of(choices) if choice_ids is None else choice_ids
        if action_id in ids:
            return choices[ids.index(action_id)]
    if moves.fish:
        trades = _TRADE_IDS[min(moves.fish, len(_TRADE_IDS) - 1)]
        if action_id in trades:
            return trade_actions(moves.fish)[trades.index(action_id)]
    return None


def write_masks(moves: Sequence[Moves], out: npt.NDArray[np.int8]) -> list[list[int] | None]:
    """Row `i` of `out` (C-contiguous int8, `len(moves)` rows of `NUM_ACTIONS`) set to the action
    mask of `moves[i]` (the legal moves of a decision): the placements of every row unpacked from
    their spot masks at once, the other ids written one by one. Returns the ids of each row's
    `choices` (None: it has none), for `legal_action`."""
    import numpy as np

    rows = len(moves)
    out[:] = 0
    cells = out.data.cast("B").cast("b")  # element writes at Python speed
    houses, power = bytearray(), bytearray()
    last, size = len(_TRADE_IDS) - 1, _SPOT_MASK_BYTES
    at = 0
    choices: list[list[int] | None] = []
    for m in moves:
        houses += m.houses.to_bytes(size, "little")
        power += m.power.to_bytes(size, "little")
        if m.choices:
            ids = ids_of(m.choices)
            choices.append(ids)
            for i in ids:
                cells[at + i] = 1
        else:
            choices.append(None)
        if m.fish:
            for i in _TRADE_IDS[m.fish if m.fish < last else last]:
                cells[at + i] = 1
        at += NUM_ACTIONS
    for start, packed in ((_HOUSE_START, houses), (_POWER_START, power)):
        if packed.count(0) < len(packed):
            bits = np.unpackbits(np.frombuffer(packed, np.uint8).reshape(rows, size), axis=1, bitorder="little")
            out[:, start : start + _N_SPOTS] = bits[:, :_N_SPOTS]
    return choices


def legal_ids(state: GameState) -> list[int]:
    """The ids of the deciding seat's legal actions, in `ragusa.legal_actions` order.

    A chance node has no decision: its outcomes have chance ids (`ragusa.ai.chance_ids`), and
    asking for action ids there is a `ValueError` saying so."""
    if state.chance is not None and state.chance.node is not None:
        raise ValueError(
            f"this is a chance node ({state.chance.node.kind} draw), not a decision: "
            "its outcomes have chance ids, ragusa.ai.chance_ids(state)"
        )
    return LegalIds(state).ids


def legal_mask(state: GameState) -> npt.NDArray[np.bool_]:
    """A boolean vector of length `NUM_ACTIONS`, true at each legal id (needs `ragusa[ai]`)."""
    import numpy as np

    mask = np.zeros(NUM_ACTIONS, dtype=np.bool_)
    mask[legal_ids(state)] = True
    return mask


def legal_mask_list(state: GameState) -> list[bool]:
    """`legal_mask` as a plain list (no numpy)."""
    mask = [False] * NUM_ACTIONS
    for i in legal_ids(state):
        mask[i] = True
    return mask


def id_table() -> list[tuple[str, int, int, str]]:
    """(block, first id, last id, action) per block: the table in `docs/ai.md`."""
    return [(b.name, b.start, b.stop - 1, b.action) for b in BLOCKS]
