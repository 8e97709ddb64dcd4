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
unique minimal set for that spot in that state (`ragusa.rules.legal.Moves.trades_for`), so
`action_from_id` recovers them from the state. At any decision at most one legal action
has a given id.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
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
from ragusa.core.board import BOARD, expand_mask, spot_byte_table
from ragusa.core.components import COMMODITIES, COMPONENTS, RESOURCES
from ragusa.core.state import GameState
from ragusa.rules.fish import TRADE_COST, trade_actions
from ragusa.rules.legal import Moves, legal_moves, place_action

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
    "legal_ids",
    "LegalIds",
    "legal_mask",
    "legal_mask_list",
]

_CARDS: tuple[str, ...] = tuple(c.id for c in COMPONENTS.bonus_cards)
_TRADEABLE: tuple[str, ...] = tuple(r for r in RESOURCES if r in TRADE_COST)
_TOWERS: tuple[str, ...] = tuple(BOARD.spot_ids[s] for s in BOARD.tower_spots)
_SLOTS: tuple[int, ...] = tuple(range(len(COMPONENTS.market.slots)))


@attrs.frozen
class Block:
    """One block of the id space: ids `start .. start + len(keys) - 1`, one per key."""

    name: str
    start: int
    #: what each id of the block names (card, spot, resource, hex, segment, slot or commodity)
    keys: tuple[str | int, ...]
    #: the action the block's ids stand for, in words
    action: str

    @property
    def stop(self) -> int:
        return self.start + len(self.keys)


def _blocks() -> tuple[Block, ...]:
    spec: tuple[tuple[str, tuple[str | int, ...], str], ...] = (
        ("choose_bonus", _CARDS, "ChooseBonus(card): keep this dealt bonus card (SETUP-6)"),
        ("place_house", BOARD.spot_ids, "Place(spot): a house, with its minimal fish trades (TURN-1, BUILD-8)"),
        ("place_powerhouse", BOARD.spot_ids, "Place(spot, powerhouse=True), with its minimal trades (TWO-1)"),
        ("trade", _TRADEABLE, "Trade(resource): fish for one resource (FISH-1)"),
        ("activate_hex", BOARD.hex_ids, "ActivateHex(hex): this hex of the new house next (ACT-5)"),
        ("build_wall", BOARD.wall_ids, "BuildWall(segment) (MASON-1)"),
        ("build_tower", _TOWERS, "BuildTower(spot) (ARCHITECT-1)"),
        ("buy_ship", _SLOTS, "BuyShip(slot), 0 = leftmost (MARKET-1)"),
        ("sell", COMMODITIES, "SellCommodity(commodity) (WHARF-1)"),
        ("draw_bonus", ("draw",), "DrawBonus(): the Rector's draw (RECTOR-1)"),
        ("keep_bonus", _CARDS, "KeepBonus(card): keep this drawn card (RECTOR-1)"),
        ("pass", ("pass",), "Pass(): decline, or pass the turn (R-8, R-14, FISH-2, END-2)"),
    )
    out: list[Block] = []
    start = 0
    for name, keys, what in spec:
        out.append(Block(name, start, keys, what))
        start += len(keys)
    return tuple(out)


#: the blocks of the id space, in id order
BLOCKS: tuple[Block, ...] = _blocks()
#: the size of the action space (the same in every mode)
NUM_ACTIONS: int = BLOCKS[-1].stop

_BY_NAME = {b.name: b for b in BLOCKS}
_INDEX: dict[str, dict[str | int, int]] = {b.name: {k: b.start + i for i, k in enumerate(b.keys)} for b in BLOCKS}


def _find(index: dict[str | int, int], key: object, block: str, action: Action) -> int:
    found: int | None = None
    if isinstance(key, (str, int)) and not isinstance(key, bool):
        found = index.get(key)
    if found is None:
        raise ValueError(f"{action!r} has no action id: {key!r} is not a {block} key")
    return found


def _keyed(block: str, field: str) -> Callable[[Action], int]:
    """The id of an action of a one-field type: its field looked up in `block`'s table."""
    index = _INDEX[block]

    def lookup(action: Action) -> int:
        key = getattr(action, field)
        found = index.get(key) if type(key) is str or type(key) is int else None
        return found if found is not None else _find(index, key, block, action)

    return lookup


_HOUSE = _INDEX["place_house"]
_POWERHOUSE = _INDEX["place_powerhouse"]


def _place_id(action: Action) -> int:
    assert isinstance(action, Place)
    index = _POWERHOUSE if action.powerhouse else _HOUSE
    found = index.get(action.spot) if type(action.spot) is str else None
    if found is None:
        return _find(index, action.spot, "place_powerhouse" if action.powerhouse else "place_house", action)
    return found


_DRAW_ID = _BY_NAME["draw_bonus"].start
_PASS_ID = _BY_NAME["pass"].start

#: action type -> its id, from the precomputed per-block tables keyed by the action's field
_BY_TYPE: dict[type, Callable[[Action], int]] = {
    Place: _place_id,
    Trade: _keyed("trade", "resource"),
    ActivateHex: _keyed("activate_hex", "hex"),
    BuildWall: _keyed("build_wall", "segment"),
    BuildTower: _keyed("build_tower", "spot"),
    BuyShip: _keyed("buy_ship", "slot"),
    SellCommodity: _keyed("sell", "commodity"),
    ChooseBonus: _keyed("choose_bonus", "card"),
    KeepBonus: _keyed("keep_bonus", "card"),
    DrawBonus: lambda action: _DRAW_ID,
    Pass: lambda action: _PASS_ID,
}


def action_id(action: Action) -> int:
    """The id of `action` (raises `ValueError` for an action naming no known component).

    A placement's trades do not change its id (see the module docs). One dictionary lookup
    on the action's type, one on its field: about a tenth of a microsecond.
    """
    found = _BY_TYPE.get(type(action))
    if found is None:
        found = next((f for t, f in _BY_TYPE.items() if isinstance(action, t)), None)
        if found is None:
            raise ValueError(f"{action!r} is not a ragusa action")
    return found(action)


def _block_of(action_id: int) -> tuple[Block, str | int]:
    if isinstance(action_id, bool) or not isinstance(action_id, int) or not 0 <= action_id < NUM_ACTIONS:
        raise ValueError(f"an action id is an integer 0..{NUM_ACTIONS - 1}; got {action_id!r}")
    for b in BLOCKS:
        if action_id < b.stop:
            return b, b.keys[action_id - b.start]
    raise AssertionError("unreachable")  # pragma: no cover


def _place(state: GameState, spot: str, power: bool) -> Place:
    trades = legal_moves(state).trades_for(BOARD.spot_index[spot], power) if state.seat is not None else None
    return Place(spot, power, trades or ())


def action_from_id(state: GameState, action_id: int) -> Action:
    """The action with id `action_id` in `state`: for a placement, with the fish trades the
    deciding seat must make for it here. An id that is not legal gives an action that
    `ragusa.apply` refuses (with its reason)."""
    block, key = _block_of(action_id)
    name = block.name
    if name in ("place_house", "place_powerhouse"):
        assert isinstance(key, str)
        return _place(state, key, name == "place_powerhouse")
    return _SIMPLE[name](key)


_SIMPLE: dict[str, Callable[[str | int], Action]] = {
    "choose_bonus": lambda k: ChooseBonus(str(k)),
    "trade": lambda k: Trade(str(k)),
    "activate_hex": lambda k: ActivateHex(str(k)),
    "build_wall": lambda k: BuildWall(str(k)),
    "build_tower": lambda k: BuildTower(str(k)),
    "buy_ship": lambda k: BuyShip(int(k)),
    "sell": lambda k: SellCommodity(str(k)),
    "draw_bonus": lambda k: DrawBonus(),
    "keep_bonus": lambda k: KeepBonus(str(k)),
    "pass": lambda k: Pass(),
}


def describe_id(action_id: int) -> str:
    """`"place_house:S12"`-style name of an id (block and key), for logs and tables."""
    block, key = _block_of(action_id)
    return f"{block.name}:{key}"


def _field_ids() -> dict[type, Callable[[Action], int]]:
    """`_BY_TYPE` for `ids_of`'s known actions: the field looked up straight in the block's table
    (an unknown key raises `KeyError`, and `ids_of` asks `action_id`, which names it). Not for
    `BuyShip`, keyed by int: a bool would pass for one."""
    i = _INDEX
    out: dict[type, Callable[[Action], int]] = dict(_BY_TYPE)
    out[Trade] = lambda a, t=i["trade"]: t[a.resource]  # type: ignore[misc]
    out[ActivateHex] = lambda a, t=i["activate_hex"]: t[a.hex]  # type: ignore[misc]
    out[BuildWall] = lambda a, t=i["build_wall"]: t[a.segment]  # type: ignore[misc]
    out[BuildTower] = lambda a, t=i["build_tower"]: t[a.spot]  # type: ignore[misc]
    out[SellCommodity] = lambda a, t=i["sell"]: t[a.commodity]  # type: ignore[misc]
    return out


_FIELD_IDS = _field_ids()


def ids_of(actions: Iterable[Action]) -> list[int]:
    """The ids of `actions`, in order: `action_id` of each, with placements (most legal
    actions) looked up inline, about 0.1 microsecond an action."""
    house, power, by_type = _HOUSE, _POWERHOUSE, _FIELD_IDS
    try:
        return [
            (power if a.powerhouse else house)[a.spot] if type(a) is Place else by_type[type(a)](a) for a in actions
        ]
    except (KeyError, TypeError, AttributeError):  # something unknown: action_id names it
        return [action_id(a) for a in actions]


_HOUSE_START = _BY_NAME["place_house"].start
_POWER_START = _BY_NAME["place_powerhouse"].start
_N_SPOTS = len(BOARD.spot_ids)
#: per byte of a spot mask and its value: the house ids of that byte's spots, ascending
_BYTE_HOUSE_IDS = spot_byte_table(lambda s: _HOUSE_START + s)
#: the ids of the trades offered to a seat holding `fish` fish, up to the dearest trade (more offer the same)
_TRADE_IDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ids_of(trade_actions(f))) for f in range(max(TRADE_COST.values()) + 1)
)


class LegalIds:
    """The deciding seat's legal actions as ids, in `ragusa.legal_actions` order, and the action of
    each, read from the state's legal moves (`ragusa.rules.legal.Moves`): placements from their spot
    masks, so that an action is made only for the id taken (`action`)."""

    __slots__ = ("ids", "moves", "placements")

    #: the legal ids
    ids: list[int]

    def __init__(self, state: GameState) -> None:
        moves = self.moves = legal_moves(state)
        if state.chance is not None and state.chance.node is not None:
            self.ids, self.placements = [], 0  # a chance node: its outcomes have chance ids (`chance_ids`)
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
        try:
            k = self.ids.index(action_id)
        except ValueError:
            return None
        moves: Moves = self.moves
        if k < self.placements:  # a placement: its action made now, with its minimal trades
            at = action_id - _HOUSE_START
            if 0 <= at < _N_SPOTS:
                return place_action(at, moves.traded.get(at, ()))
            at = action_id - _POWER_START
            return place_action(at, moves.power_traded.get(at, ()), True)
        k -= self.placements
        choices = moves.choices
        return choices[k] if k < len(choices) else trade_actions(moves.fish)[k - len(choices)]


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
