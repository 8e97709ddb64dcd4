"""`LegalActions`: `ragusa.legal_actions(state)` as a sequence read lazily from the legal moves,
for bots that draw one index of it (the Gymnasium environments give it to their bots)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from ragusa.ai.ids import trade_ids
from ragusa.core.actions import Action
from ragusa.core.spot_masks import SPOT_BYTES
from ragusa.core.state import GameState
from ragusa.rules.fish import trade_actions
from ragusa.rules.legal import legal_moves
from ragusa.rules.moves import place_action

__all__ = ["LegalActions"]

#: the bits set in each byte value
_BYTE_BITS = bytes(b.bit_count() for b in range(256))


def _nth_spot(mask: int, k: int) -> int:
    """The spot of the `k`-th bit set in a spot mask (0 = the lowest; `k` less than the bits set)."""
    i = 0
    while True:
        b = mask & 255
        if k < _BYTE_BITS[b]:
            return SPOT_BYTES[i][b][k]
        k -= _BYTE_BITS[b]
        mask >>= 8
        i += 1


class LegalActions(Sequence[Action]):
    """`ragusa.legal_actions(state)` read lazily from the state's legal moves: its length and
    the action at an index are worked out without listing the other actions (a bot that draws one
    index, such as the random bot, never lists them); anything else lists them once."""

    __slots__ = ("_houses", "_len", "_listed", "_moves", "_placements")

    def __init__(self, state: GameState) -> None:
        moves = self._moves = legal_moves(state)
        # where each kind of action ends in the list: houses, powerhouses, choices, then trades
        self._houses = moves.houses.bit_count()
        self._placements = self._houses + moves.power.bit_count()
        fish = moves.fish
        trades = len(trade_ids(fish)) if fish else 0
        self._len = self._placements + len(moves.choices) + trades
        self._listed: tuple[Action, ...] | None = None

    def _all(self) -> tuple[Action, ...]:
        if self._listed is None:
            self._listed = self._moves.actions
        return self._listed

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if not isinstance(index, int) or self._listed is not None:
            return self._all()[index]
        k = index + self._len if index < 0 else index
        if not 0 <= k < self._len:
            raise IndexError(f"legal action index {index} out of range ({self._len} actions)")
        moves = self._moves
        if k < self._houses:
            spot = _nth_spot(moves.houses, k)
            return place_action(spot, moves.traded.get(spot, ()))
        if k < self._placements:
            spot = moves.powerhouse_spots()[k - self._houses]
            return place_action(spot, moves.power_traded.get(spot, ()), True)
        k -= self._placements
        choices = moves.choices
        return choices[k] if k < len(choices) else trade_actions(moves.fish)[k - len(choices)]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._all())

    def __contains__(self, action: object) -> bool:
        return action in self._all()
