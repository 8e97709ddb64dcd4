"""The legal moves of one state (`Moves`): what a decision offers its deciding seat, the placements of a
turn (TURN-1, TWO-1, R-14) worked out as masks with their minimal fish trades. Each decision's record
(`ragusa.rules.decision.Decision.offers`) makes its `Moves`; `ragusa.rules.legal.legal_moves` keeps
them with the state."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Final, cast

from ragusa.core.actions import Action, Pass, Place
from ragusa.core.board import BOARD, RES_INDEX
from ragusa.core.clauses import implements
from ragusa.core.spot_masks import expand_mask, spot_byte_table
from ragusa.core.state import GameState
from ragusa.rules import fish
from ragusa.rules.requirements import HOUSE_REQUIREMENTS, POWERHOUSE_REQUIREMENTS, BoardFacts, board_facts, placements
from ragusa.rules.two_player import powerhouse_mask, ring_order

FISH: Final = RES_INDEX["fish"]
#: the one `Pass` action
PASS: Final = Pass()
_PLACE_HOUSE: Final[tuple[Place, ...]] = tuple(Place(s) for s in BOARD.spot_ids)
_PLACE_POWER: Final[tuple[Place, ...]] = tuple(Place(s, True) for s in BOARD.spot_ids)
#: per byte of a spot mask and its value: the Place actions (houses, no trades) of its spots
_BYTE_PLACES: Final = spot_byte_table(_PLACE_HOUSE.__getitem__)


@functools.lru_cache(maxsize=4096)
def _traded_place(spot: int, trades: tuple[str, ...], power: bool) -> Place:
    return Place(BOARD.spot_ids[spot], power, trades)


@functools.lru_cache(maxsize=4096)
def _ring_places(mask: int) -> tuple[Place, ...]:
    """The powerhouse `Place` actions (no trades) of the spots of `mask`, in wall-ring order."""
    return tuple(_PLACE_POWER[s] for s in ring_order(mask))


def place_action(spot: int, trades: tuple[str, ...], power: bool = False) -> Place:
    """`Place(spot, power, trades)`, one object per spot, piece and trades."""
    if trades:
        return _traded_place(spot, trades, power)
    return _PLACE_POWER[spot] if power else _PLACE_HOUSE[spot]


class Moves:
    """The legal moves of the deciding seat of one state (`legal_moves`). Never changed once made."""

    __slots__ = ("_actions", "choices", "fish", "houses", "power", "power_traded", "traded")

    #: the spots where a house is legal, as a mask (bit `s` for spot `s`)
    houses: int
    #: the minimal fish trades (BUILD-8) of the legal house spots that need some
    traded: dict[int, tuple[str, ...]]
    #: the spots where a powerhouse is legal (TWO-1), as a mask, and the trades of those that need some
    power: int
    power_traded: dict[int, tuple[str, ...]]
    #: every other legal action but the fish trades: Pass with no legal placement (R-14); the choices of
    #: a building, of the setup, of the Rector's Palace; the outcomes at a chance node
    choices: tuple[Action, ...]
    #: the fish the deciding seat may trade now (FISH-2; 0 where it may not)
    fish: int

    def __init__(
        self,
        choices: tuple[Action, ...],
        fish: int,
        houses: tuple[int, dict[int, tuple[str, ...]]] = (0, {}),
        power: tuple[int, dict[int, tuple[str, ...]]] = (0, {}),
    ) -> None:
        self.choices, self.fish = choices, fish
        self.houses, self.traded = houses
        self.power, self.power_traded = power
        self._actions: tuple[Action, ...] | None = None

    def trades_for(self, spot: int, power: bool) -> tuple[str, ...] | None:
        """The minimal fish trades of a legal placement on `spot` (`()` if none), or None: not legal."""
        if power:
            return self.power_traded.get(spot, ()) if self.power >> spot & 1 else None
        return self.traded.get(spot, ()) if self.houses >> spot & 1 else None

    def powerhouse_spots(self) -> list[int]:
        """The spots where a powerhouse is legal, in wall-ring order (as they are listed)."""
        return ring_order(self.power)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every legal action: houses ascending by spot, powerhouses, the other choices, the trades."""
        acts = self._actions
        if acts is None:
            if self.houses or self.power:
                acts = tuple(self._listed())
            else:  # a decision with no placement: its choices and the trades
                acts = self.choices + fish.trade_actions(self.fish) if self.fish else self.choices
            self._actions = acts
        return acts

    def _listed(self) -> list[Action]:
        houses = self.houses
        out: list[Action] = expand_mask(houses, _BYTE_PLACES)
        for spot, bought in self.traded.items():  # a spot's place in the list: the legal spots below it
            out[(houses & ((1 << spot) - 1)).bit_count()] = _traded_place(spot, bought, False)
        power = self.power
        if power:
            power_traded = self.power_traded
            if not power_traded:
                out.extend(_ring_places(power))
            else:
                for s in ring_order(power):
                    trades = power_traded.get(s)
                    out.append(_traded_place(s, trades, True) if trades else _PLACE_POWER[s])
        if self.choices:
            out.extend(self.choices)
        if self.fish:
            out.extend(fish.trade_actions(self.fish))
        return out


@implements("TURN-1", "TWO-1", "R-14")
def placements_of(state: GameState, seat: int) -> Moves:
    """TURN-1: a house or (2p, TWO-1) a powerhouse on a free spot, while the seat has one left, each
    with its minimal fish trades; with no legal placement the seat passes its turn (R-14)."""
    p = state.players[seat]
    # read as tuples of any length: the compiled build hands them on as they are, unconverted
    res: tuple[int, ...] = p.resources
    com: tuple[int, ...] = p.commodities
    strict = state.options.strict
    known = getattr(state, "facts", None)
    facts = board_facts(state.houses, len(state.players), known)
    houses: tuple[int, dict[int, tuple[str, ...]]] = (0, {})
    power = houses
    if p.houses_left:
        facts, needs = facts.needs(seat)
        houses = placements(HOUSE_REQUIREMENTS, facts.free, needs, res, com, strict)
    if facts is not known:
        object.__setattr__(state, "facts", facts)  # handed on to the states made from this one
    if p.powerhouses_left:
        spots = powerhouse_mask(facts.power, facts.free, state.options.powerhouse_any_hex)
        power = placements(POWERHOUSE_REQUIREMENTS, spots, None, res, com, strict)
    return Moves(() if houses[0] or power[0] else (PASS,), res[FISH], houses, power)


def offer(state: GameState, seat: int, choices: Iterable[Action]) -> Moves:
    """The legal moves of a decision with `choices` (no placement): those, and the fish trades of
    the seat's fish (FISH-2)."""
    return Moves(tuple(choices), state.players[seat].resources[FISH])


def offer_pass(state: GameState, seat: int) -> Moves:
    """The legal moves of a decision to trade fish or not (FISH-2, END-2): the trades, or Pass."""
    return Moves((PASS,), state.players[seat].resources[FISH])


def placement_moves(state: GameState) -> Moves:
    """The legal moves of a state whose deciding seat places a piece (`placements_of`), kept with the
    state as `ragusa.rules.legal.legal_moves` keeps them: checking a placement reads what listing it
    worked out."""
    known = getattr(state, "moves", None)
    if known is not None:
        return cast(Moves, known)
    seat = state.seat
    assert seat is not None
    moves = placements_of(state, seat)
    object.__setattr__(state, "moves", moves)  # derived, not part of the position: the state stays as it is
    return moves


def board_facts_of(state: GameState) -> BoardFacts:
    """The board facts of `state` (worked out from the facts handed on to it)."""
    return board_facts(state.houses, len(state.players), getattr(state, "facts", None))
