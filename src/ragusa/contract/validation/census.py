"""The board counted once for the checks of derived numbers: each seat's houses on every hex, the
pieces and powerhouses on every hex, what each seat's houses gave, and how many activations of a
building a seat can have had.

Pieces are never taken off the board (a solo bot's house only replaces a black one), so what the
board holds now bounds what happened before: a house activated by every later placement on its hex
(ACT-3) has been activated at most as many times as there are pieces placed there since.

While a new house is being resolved, its placement is on the board but its activations are not all
done: the hexes still to come (`pending_hexes`) and the houses still queued on the current hex
(the head included: its effect waits for a decision) are owed. Every bound counts only the
activations resolved so far, the owed ones taken off.
"""

from __future__ import annotations

from typing import Final

from ragusa.core.board import BOARD, BUILDING_INDEX, KIND_CITY
from ragusa.core.components import COMPONENTS, RESOURCES
from ragusa.core.state import POWERHOUSE, GameState
from ragusa.rules.activation import NEW_HOUSE_ONLY
from ragusa.rules.solo.patrician import COLOUR_SEAT

N_HEXES: Final = len(BOARD.hex_ids)
N_RES: Final = len(RESOURCES)
#: per spot, the resources its country and sea hexes give, one entry per hex (ACT-1, ACT-2)
SPOT_GAINS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(BOARD.hex_resource[h] for h in hexes if BOARD.hex_kind[h] != KIND_CITY and BOARD.hex_resource[h] >= 0)
    for hexes in BOARD.spot_hexes
)
#: the hex of each building, by name
HEX: Final[dict[str, int]] = {name: BOARD.building_hex[i] for name, i in BUILDING_INDEX.items()}
#: the buildings that activate only for the new house on their hex (ACT-4)
NEW_HOUSE_ONLY_NAMES: Final = frozenset(name for name, i in BUILDING_INDEX.items() if i in NEW_HOUSE_ONLY)
#: SOLO-1: per seat, the opening spots of its colour
OPENING_SPOTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(BOARD.spot_index[s] for s in getattr(COMPONENTS.solo_setup, colour))
    for colour, _ in sorted(COLOUR_SEAT.items(), key=lambda item: item[1])
)
#: the opening spots of every colour
OPENING: Final[frozenset[int]] = frozenset(s for spots in OPENING_SPOTS for s in spots)


def _per_hex(spots: tuple[int, ...]) -> tuple[int, ...]:
    counts = [0] * N_HEXES
    for s in spots:
        for h in BOARD.spot_hexes[s]:
            counts[h] += 1
    return tuple(counts)


#: SOLO-1: per seat, its opening houses on each hex; and all colours' together
OPENING_PER_HEX: Final[tuple[tuple[int, ...], ...]] = tuple(_per_hex(spots) for spots in OPENING_SPOTS)
OPENING_ALL: Final[tuple[int, ...]] = _per_hex(tuple(OPENING))
_NO_OPENING: Final[tuple[int, ...]] = (0,) * N_HEXES


class Census:
    """What the board of `s` holds, counted once (see the module docs)."""

    __slots__ = ("gains", "opening", "opening_all", "owed", "own", "pending", "pieces", "power", "solo")

    def __init__(self, s: GameState) -> None:
        n = s.n_players
        self.solo = s.solo is not None
        #: own[seat][hex]: the seat's houses on the hex (its opening houses included)
        self.own = [[0] * N_HEXES for _ in range(n)]
        #: pieces[hex]: houses of every seat and powerhouses on the hex; power[hex]: the powerhouses
        self.pieces = [0] * N_HEXES
        self.power = [0] * N_HEXES
        #: gains[seat][resource]: what the seat's houses have given so far (ACT-1, ACT-2)
        self.gains = [[0] * N_RES for _ in range(n)]
        #: pending[resource]: what the house being resolved will still give its seat (its hexes to come)
        self.pending = [0] * N_RES
        hexes_of, gains_of = BOARD.spot_hexes, SPOT_GAINS
        own, pieces, power, gains = self.own, self.pieces, self.power, self.gains
        for spot, h in enumerate(s.houses):
            if h >= 0:
                mine = own[h]
                for x in hexes_of[spot]:
                    mine[x] += 1
                    pieces[x] += 1
                got = gains[h]
                for r in gains_of[spot]:
                    got[r] += 1
            elif h == POWERHOUSE:
                for x in hexes_of[spot]:
                    power[x] += 1
                    pieces[x] += 1
        if s.placed >= 0 and not s.placed_power:
            got = gains[s.turn_seat]
            for h in s.pending_hexes:
                r = BOARD.hex_resource[h]
                if BOARD.hex_kind[h] != KIND_CITY and r >= 0:
                    got[r] -= 1
                    self.pending[r] += 1
        #: owed[seat][hex]: activations of the hex's building the placement being resolved still owes the seat
        self.owed = _owed(s)
        self.opening = OPENING_PER_HEX if self.solo else (_NO_OPENING,) * n
        self.opening_all = OPENING_ALL if self.solo else _NO_OPENING

    def placed_on(self, h: int) -> int:
        """Pieces placed on hex `h` during play (solo opening houses were set up, not placed)."""
        return self.pieces[h] - self.opening_all[h]

    def activations(self, seat: int, building: str) -> int:
        """The most activations of `building` that can have benefited `seat` and are resolved: every
        activation the board allows (`all_activations`) but those the placement being resolved still
        owes the seat (its hexes to come, the houses still queued on the current hex)."""
        return self.all_activations(seat, building) - self.owed[seat][HEX[building]]

    def all_activations(self, seat: int, building: str) -> int:
        """The most activations of `building` that can benefit `seat` once every placement on the
        board is resolved.

        Arrow buildings (ACT-3): each placement on the hex activates every house there, so with
        `k` placements on it, the seat's opening houses have been activated at most `k` times each
        and its placed houses at most `k + (k - 1) + ...` times together (the earliest first). A
        powerhouse on the hex (two players) may have given every activation to either seat: a
        powerhouse placed there activates all for its placer (TWO-5), and a house placed by a
        powerhouse takes the powerhouse's activation (TWO-6); at most `k + (k - 1) + ... + 1`.
        Crossed-out arrow (ACT-4): one activation for each piece the seat placed there (its houses;
        with two players, any powerhouse there).
        """
        h = HEX[building]
        opening = self.opening[seat][h]
        placed = self.own[seat][h] - opening
        if building in NEW_HOUSE_ONLY_NAMES:
            return placed + self.power[h]
        k = self.pieces[h] - self.opening_all[h]
        if self.power[h]:
            return k * (k + 1) // 2
        return opening * k + placed * k - placed * (placed - 1) // 2

    def placed_houses(self, seat: int, h: int) -> int:
        """The seat's houses on hex `h` that it placed during play (not its solo opening houses)."""
        return self.own[seat][h] - self.opening[seat][h]

    def effective(self, s: GameState, seat: int) -> list[int]:
        """The seat's resources counting what the house being resolved still gives it (BUILD-6)."""
        res = list(s.players[seat].resources)
        if seat == s.turn_seat:
            for r, extra in enumerate(self.pending):
                res[r] += extra
        return res


def _owed(s: GameState) -> list[list[int]]:
    """Per seat and hex: the activations the placement being resolved has still to give the seat there
    (ACT-3, ACT-4, ACT-5; a powerhouse's for the placing seat, TWO-5, TWO-6)."""
    owed = [[0] * N_HEXES for _ in range(s.n_players)]
    if s.placed < 0:
        return owed
    for h in s.pending_hexes:
        if BOARD.hex_kind[h] != KIND_CITY:
            continue
        if BOARD.hex_building[h] in NEW_HOUSE_ONLY:
            owed[beneficiary(s, s.placed)][h] += 1
            continue
        for x in BOARD.hex_spots[h]:
            if s.houses[x] >= 0 or s.houses[x] == POWERHOUSE:
                owed[beneficiary(s, x)][h] += 1
    if s.current_hex >= 0:
        for x in s.queue:
            owed[beneficiary(s, x)][s.current_hex] += 1
    return owed


def beneficiary(s: GameState, spot: int) -> int:
    """Who the activation of the house on `spot` benefits (ACT-3, TWO-5, TWO-6)."""
    owner = s.houses[spot]
    return s.turn_seat if s.placed_power or owner == POWERHOUSE else owner
