"""Building requirements (BUILD-1 to BUILD-8, R-3, R-10, TWO-3): where a seat may place a house or a
powerhouse, and the fish trades a placement makes.

Every requirement is a threshold on one resource (or on holding a commodity), so the fish trades
that make a placement legal have a unique minimal set: buy exactly each shortfall (BUILD-8).
`placements` finds every legal spot of a seat's house or powerhouse at once, with sets of spots as
bit masks (bit `s` for spot `s`): the fast form of the rule `ragusa.rules.placement_rule.placement_need`
states spot by spot (a test checks the two agree on every position of the golden games; the words of
a refusal are read from the rule itself). What they read of the board, the free spots and each seat's
houses per hex (`SeatNeeds`, from which tables made once give the spots its wood and stone pay for), is
kept with the states (`BoardFacts`) and brought up to date by what changed from one board to the next.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import compress
from operator import ne
from typing import Final

from ragusa.core.board import BOARD, KIND_CITY, KIND_COUNTRY, RES_INDEX
from ragusa.core.clauses import implements
from ragusa.core.components import RESOURCES
from ragusa.core.spot_masks import ALL_SPOTS, SPOT_BITS, SPOT_BYTES, expand_mask
from ragusa.core.state import EMPTY, POWERHOUSE
from ragusa.rules.fish import TRADE_COST_BY_INDEX
from ragusa.rules.placement_rule import FISHMONGER_FISH, placement_need

FISH: Final = RES_INDEX["fish"]
WOOD: Final = RES_INDEX["wood"]
STONE: Final = RES_INDEX["stone"]
ORE: Final = RES_INDEX["silver_ore"]
GRAPES: Final = RES_INDEX["grapes"]
OLIVES: Final = RES_INDEX["olives"]
#: the special requirements of BUILD-7 as the bits of a mask (silver ore 1, grapes 2, olives 4)
SPECIAL: Final = (ORE, GRAPES, OLIVES)


_NO_HOUSES: Final = (0,) * len(BOARD.hex_ids)
_NOTHING: Final = (0,) * len(RESOURCES)


class SpotRequirements:
    """What the rules ask of a house on `spot` (BUILD-1 to BUILD-7): which of its hexes read wood and
    stone (the board), and the rest read from the rule itself, `placement_need`, for a seat holding
    nothing with no house anywhere."""

    __slots__ = ("city", "country", "fishmonger", "gains", "needs_commodity", "needs_one")

    def __init__(self, spot: int) -> None:
        hexes = BOARD.spot_hexes[spot]
        kinds = [BOARD.hex_kind[h] for h in hexes]
        #: its country hexes: wood for each (BUILD-2); its city hexes: stone for each (BUILD-3)
        self.country: tuple[int, ...] = tuple(h for h, k in zip(hexes, kinds) if k == KIND_COUNTRY)
        self.city: tuple[int, ...] = tuple(h for h, k in zip(hexes, kinds) if k == KIND_CITY)
        bare = placement_need(_NO_HOUSES, _NOTHING, _NOTHING, spot, False, False)
        #: per resource, what a house here gains from its country and sea hexes (ACT-1, ACT-2, BUILD-6):
        #: all a seat holding nothing has
        self.gains: tuple[int, ...] = bare.have
        #: resources its production buildings need 1 of (BUILD-7); next to the Fishmonger (BUILD-7)
        self.needs_one: tuple[int, ...] = tuple(r for r in SPECIAL if bare.need[r])
        self.fishmonger: bool = bare.fish_floor > 0
        #: next to the Market or the Wharf: a commodity (BUILD-7), or a producer here to make one (R-3)
        self.needs_commodity: bool = bare.asks_commodity


#: per spot, what a house there must meet
SPOTS: Final[tuple[SpotRequirements, ...]] = tuple(SpotRequirements(s) for s in range(len(BOARD.spot_ids)))


def _mask(spots: Iterable[int]) -> int:
    return sum(1 << s for s in spots)


class PieceRequirements:
    """What a house (`gains`: its own gains count, BUILD-6) or a powerhouse (it gains nothing,
    TWO-4) on each spot must meet besides wood and stone, as masks of spots."""

    __slots__ = ("floor", "floor_le", "special", "special_met")

    def __init__(self, gains: bool) -> None:
        spots = range(len(SPOTS))
        #: per spot, the special resources it needs and does not gain, as bits (`SPECIAL`; BUILD-7)
        self.special = tuple(
            sum(1 << k for k, r in enumerate(SPECIAL) if r in sp.needs_one and not (gains and sp.gains[r]))
            for sp in SPOTS
        )
        #: per lack of special resources (bits), the spots that lack does not bar
        self.special_met = tuple(_mask(s for s in spots if not self.special[s] & lack) for lack in range(8))
        #: per spot, the fish to hold after its trades, less the fish it gains (the Fishmonger's 2, BUILD-7)
        self.floor = tuple((FISHMONGER_FISH if sp.fishmonger else 0) - (sp.gains[FISH] if gains else 0) for sp in SPOTS)
        #: per fish held from the lowest floor to the highest, the spots whose floor that meets
        self.floor_le = tuple(_mask(s for s in spots if self.floor[s] <= f) for f in range(_FLOOR_LOW, FISHMONGER_FISH))

    def floor_met(self, fish: int) -> int:
        """The spots whose fish floor `fish` fish meet."""
        low = self.floor_le
        k = fish - _FLOOR_LOW
        return ALL_SPOTS if k >= len(low) else low[k] if k >= 0 else 0


#: the lowest fish floor: a house may spend the fish its sea hexes give
_FLOOR_LOW: Final = -max(sp.gains[FISH] for sp in SPOTS)
#: what a house must meet besides wood and stone, and what a powerhouse must (TWO-3, R-10)
HOUSE_REQUIREMENTS: Final = PieceRequirements(gains=True)
POWERHOUSE_REQUIREMENTS: Final = PieceRequirements(gains=False)
#: spots barred to a seat holding no commodity: (not strict, strict) (BUILD-7, R-3)
BARRED: Final = tuple(
    _mask(s for s, sp in enumerate(SPOTS) if sp.needs_commodity and (strict or not sp.needs_one))
    for strict in (False, True)
)
_UNBARRED: Final = tuple(ALL_SPOTS ^ barred for barred in BARRED)
COST: Final = TRADE_COST_BY_INDEX
#: per mask of special shortfalls: the fish they cost, and the trades, in resource order (FISH-1)
SPECIAL_COST: Final = tuple(sum(COST[r] for k, r in enumerate(SPECIAL) if bits >> k & 1) for bits in range(8))
SPECIAL_TRADES: Final = tuple(tuple(RESOURCES[r] for k, r in enumerate(SPECIAL) if bits >> k & 1) for bits in range(8))
#: the cheapest trade: with less fish no shortfall can be bought (BUILD-8)
CHEAPEST: Final = min(COST[r] for r in (WOOD, STONE, *SPECIAL))


# --------------------------------------------------------------------------- what a seat's houses need


class HexNeeds:
    """What one resource's need reads of the board (wood on country hexes, BUILD-2; stone on city
    hexes, BUILD-3), as tables made once: a house on spot `s` needs one more than the seat's houses on
    the busiest such hex of `s`, less what the house gains itself (BUILD-6); none with no such hex."""

    __slots__ = ("bare", "below", "gains", "hexes", "most")

    def __init__(self, resource: int, hexes: Sequence[tuple[int, ...]]) -> None:
        #: per spot, its hexes that read the resource, and the resource the house there gains
        self.hexes: tuple[tuple[int, ...], ...] = tuple(hexes)
        self.gains: tuple[int, ...] = tuple(sp.gains[resource] for sp in SPOTS)
        #: a house needs more than `k - 1` beyond its busiest hex's houses when it gains less than `k`:
        #: `below[h][k]`, the spots that read hex `h` and gain less than `k`, for `k` up to `most`
        self.most: int = max(self.gains) + 1
        self.below: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                _mask(s for s in BOARD.hex_spots[h] if h in self.hexes[s] and self.gains[s] < k)
                for k in range(self.most + 1)
            )
            for h in range(len(BOARD.hex_ids))
        )
        #: the spots that need 1 with no house on their hexes (they read a hex and gain none)
        self.bare: int = _mask(s for s in range(len(SPOTS)) if self.hexes[s] and not self.gains[s])

    def need(self, counts: tuple[int, ...], s: int) -> int:
        """What a house on spot `s` needs of the seat with `counts[h]` houses on each hex `h`."""
        top = 0
        for h in self.hexes[s]:
            if counts[h] >= top:
                top = counts[h] + 1
        gain = self.gains[s]
        return top - gain if top > gain else 0

    def unmet(self, counts: tuple[int, ...], touched: tuple[int, ...], held: int) -> int:
        """The spots a seat holding `held` cannot pay (`touched`: the hexes of this kind it has houses
        on): those reading one of these hexes with more houses than `held` covers with the house's gain."""
        out = self.bare if held == 0 else 0
        below, most = self.below, self.most
        for h in touched:
            k = counts[h] + 1 - held  # a spot reading `h` and gaining less than `k` needs more than `held`
            if k > 0:
                out |= below[h][k if k < most else most]
        return out


#: wood on country hexes (BUILD-2), stone on city hexes (BUILD-3)
WOOD_NEEDS: Final = HexNeeds(WOOD, [sp.country for sp in SPOTS])
STONE_NEEDS: Final = HexNeeds(STONE, [sp.city for sp in SPOTS])
_SPOT_HEXES: Final = BOARD.spot_hexes
_COUNTRY: Final = tuple(k == KIND_COUNTRY for k in BOARD.hex_kind)
_CITY: Final = tuple(k == KIND_CITY for k in BOARD.hex_kind)


#: per spot, its country, city and sea hexes (the seat's houses are counted on each; only the country
#: and city hexes ask for wood and stone)
_COUNTRY_HEXES: Final = tuple(sp.country for sp in SPOTS)
_CITY_HEXES: Final = tuple(sp.city for sp in SPOTS)
_SEA_HEXES: Final = tuple(
    tuple(h for h in hexes if BOARD.hex_kind[h] not in (KIND_COUNTRY, KIND_CITY)) for hexes in BOARD.spot_hexes
)


class SeatNeeds:
    """A seat's houses per hex (`counts`), with the country and city hexes it has houses on: what
    the wood and stone its next house needs read. Never changed once made."""

    __slots__ = ("city", "counts", "country")

    def __init__(self, counts: tuple[int, ...], country: tuple[int, ...], city: tuple[int, ...]) -> None:
        self.counts, self.country, self.city = counts, country, city

    def need(self, spot: int) -> tuple[int, int]:
        """The wood (BUILD-2) and stone (BUILD-3) a house on `spot` needs, its own gains counted (BUILD-6)."""
        return WOOD_NEEDS.need(self.counts, spot), STONE_NEEDS.need(self.counts, spot)

    def met(self, wood: int, stone: int) -> int:
        """The spots whose wood and stone needs a seat holding `wood` and `stone` meets, as a mask."""
        counts = self.counts
        return ALL_SPOTS ^ (WOOD_NEEDS.unmet(counts, self.country, wood) | STONE_NEEDS.unmet(counts, self.city, stone))

    def with_house(self, spot: int) -> SeatNeeds:
        """The needs once the seat has one more house, on `spot`."""
        counts = list(self.counts)  # a list of the counts: read and written natively in the compiled build
        country, city = self.country, self.city
        for h in _COUNTRY_HEXES[spot]:
            if not counts[h]:
                country = (*country, h)
            counts[h] = counts[h] + 1
        for h in _CITY_HEXES[spot]:
            if not counts[h]:
                city = (*city, h)
            counts[h] = counts[h] + 1
        for h in _SEA_HEXES[spot]:
            counts[h] = counts[h] + 1
        return SeatNeeds(tuple(counts), country, city)


def seat_needs(houses: tuple[int, ...], seat: int) -> SeatNeeds:
    """`SeatNeeds` of `seat` on the board `houses`. Powerhouses count for nobody (TWO-7)."""
    counts = [0] * len(BOARD.hex_ids)
    spot = -1
    for _ in range(houses.count(seat)):  # the seat's spots, found by C-level scans
        spot = houses.index(seat, spot + 1)
        for h in _SPOT_HEXES[spot]:
            counts[h] = counts[h] + 1
    return needs_from_counts(counts)


def needs_from_counts(counts: Sequence[int]) -> SeatNeeds:
    """`SeatNeeds` of a seat with `counts[h]` houses on each hex `h`."""
    touched = [h for h, n in enumerate(counts) if n]
    return SeatNeeds(tuple(counts), tuple([h for h in touched if _COUNTRY[h]]), tuple([h for h in touched if _CITY[h]]))


#: per spot `s`, every spot but `s`, as a mask
_ALL_BUT: Final = tuple(ALL_SPOTS ^ bit for bit in SPOT_BITS)


class BoardFacts:
    """What the placement rules read of a board (`houses`): its free spots (TURN-1) and the spots
    holding a powerhouse (TWO-1, read by R-9), as masks, and per seat its `SeatNeeds` (None until
    asked). Never changed once made."""

    __slots__ = ("free", "houses", "power", "seats")

    def __init__(self, houses: tuple[int, ...], free: int, power: int, seats: tuple[SeatNeeds | None, ...]) -> None:
        self.houses, self.free, self.power, self.seats = houses, free, power, seats

    def needs(self, seat: int) -> tuple[BoardFacts, SeatNeeds]:
        """`seat`'s needs, and these facts with them (worked out if not known yet)."""
        known = self.seats[seat]
        if known is not None:
            return self, known
        needs = seat_needs(self.houses, seat)
        seats = self.seats[:seat] + (needs,) + self.seats[seat + 1 :]
        return BoardFacts(self.houses, self.free, self.power, seats), needs

    def with_piece(self, houses: tuple[int, ...], s: int) -> BoardFacts:
        """The facts of `houses`: this board with a piece put on spot `s`, free or reserved here."""
        now = houses[s]
        seats = self.seats
        mine = seats[now] if now >= 0 else None
        if mine is not None:
            seats = seats[:now] + (mine.with_house(s),) + seats[now + 1 :]
        power = self.power | SPOT_BITS[s] if now == POWERHOUSE else self.power
        return BoardFacts(houses, self.free & _ALL_BUT[s], power, seats)


@implements("TURN-1", "SOLO-6")
def board_facts(houses: tuple[int, ...], seats: int, known: object) -> BoardFacts:
    """The facts of `houses` for `seats` seats (a spot is free when no piece stands on it, TURN-1: not
    a reserved spot either, SOLO-6); from `known` (the facts of an earlier board of the same
    game, or None) by the spots that changed since: pieces are only ever added."""
    if isinstance(known, BoardFacts) and len(known.seats) == seats:
        if known.houses is houses:
            return known
        facts, old = known, known.houses
        for s in _changed(old, houses):
            if houses[s] == EMPTY or old[s] >= 0:  # not a piece added: work the facts out afresh
                return _fresh(houses, seats)
            facts = facts.with_piece(houses, s)
        return facts if facts is not known else BoardFacts(houses, known.free, known.power, known.seats)
    return _fresh(houses, seats)


def facts_after_placing(
    known: object, before: tuple[int, ...], houses: tuple[int, ...], s: int, seats: int
) -> BoardFacts:
    """The facts of `houses` for `seats` seats, the board `before` with a piece put on its free spot
    `s`: from `known` by that spot alone when they are `before`'s (`board_facts` otherwise)."""
    if isinstance(known, BoardFacts) and known.houses is before:
        return known.with_piece(houses, s)
    return board_facts(houses, seats, known)


#: the board in runs of 16 spots (first spot, end, the spots): a run holding the same piece objects on
#: two boards compares equal at C speed (a tuple compares item by item, by identity first), so only a
#: run where a piece changed is read spot by spot
_RUNS: Final = tuple(
    (a, min(a + 16, len(BOARD.spot_ids)), range(a, min(a + 16, len(BOARD.spot_ids))))
    for a in range(0, len(BOARD.spot_ids), 16)
)


def _changed(old: tuple[int, ...], houses: tuple[int, ...]) -> list[int]:
    """The spots whose piece differs between the boards `old` and `houses`, ascending."""
    out: list[int] = []
    for a, b, spots in _RUNS:
        was, now = old[a:b], houses[a:b]
        if was != now:
            out.extend(compress(spots, map(ne, was, now)))
    return out


def _fresh(houses: tuple[int, ...], seats: int) -> BoardFacts:
    return BoardFacts(houses, spots_holding(houses, EMPTY), spots_holding(houses, POWERHOUSE), (None,) * seats)


#: a mask is built in parts of this many spots: each part fits a machine word in the compiled build
_PART: Final = 62


def spots_holding(houses: tuple[int, ...], piece: int) -> int:
    """The spots of `houses` holding `piece` (`EMPTY`: the free spots), as a mask."""
    mask = 0
    for a in range(0, len(houses), _PART):
        part = 0
        for s in range(a, min(a + _PART, len(houses))):
            if houses[s] == piece:
                part |= 1 << (s - a)
        mask |= part << a
    return mask


# --------------------------------------------------------------------------- the placements


def _lack(res: tuple[int, ...]) -> int:
    """The special resources (`SPECIAL` bits) the seat does not hold."""
    return (1 if res[ORE] < 1 else 0) | (2 if res[GRAPES] < 1 else 0) | (4 if res[OLIVES] < 1 else 0)


def _trades(piece: PieceRequirements, s: int, fish: int, lack: int, wood: int, stone: int) -> tuple[str, ...] | None:
    """BUILD-8: the trades that buy a placement's shortfall (`wood` and `stone` more than held, the
    special resources of `lack` it needs), or None when its fish, this placement's own included, do
    not pay for them and keep the spot's fish floor (BUILD-7)."""
    special = piece.special[s] & lack
    if fish - wood * COST[WOOD] - stone * COST[STONE] - SPECIAL_COST[special] < piece.floor[s]:
        return None
    return ("wood",) * wood + ("stone",) * stone + SPECIAL_TRADES[special]


@implements(
    "BUILD-1", "BUILD-2", "BUILD-3", "BUILD-4", "BUILD-5", "BUILD-6", "BUILD-7", "BUILD-8", "R-3", "TWO-3", "R-10"
)
def placements(
    piece: PieceRequirements,
    free: int,
    needs: SeatNeeds | None,
    res: tuple[int, ...],
    com: tuple[int, ...],
    strict: bool,
) -> tuple[int, dict[int, tuple[str, ...]]]:
    """Where a house (`piece` `HOUSE_REQUIREMENTS`, with the seat's `needs`) or a powerhouse (`POWERHOUSE_REQUIREMENTS`, no
    needs) may go among the spots `free` (a mask): the mask of every legal spot, and the minimal fish
    trades of those legal only with trades.

    All three hexes must accept the house (BUILD-1): on a country hex the seat needs as much wood as
    its houses there, the new one included (BUILD-2); on a city hex the same with stone (BUILD-3); a
    sea hex asks nothing (BUILD-4). Requirements read counts and consume nothing, so one wood serves
    every country hex (BUILD-5), and the house's own gains count (BUILD-6). Special requirements
    (BUILD-7): 1 grapes / olives / silver ore next to the Winery / Oil Press / Silversmith, 2 fish
    left after this placement's trades next to the Fishmonger, and next to the Market or the Wharf a
    commodity held or (R-3, unless `strict`) a producer on the same spot. Fish, this placement's own
    included, may buy the shortfall at the FISH-1 rates (BUILD-8). A powerhouse needs no wood or
    stone (TWO-3) and gains nothing (TWO-4), but the special requirements still hold (R-10).
    """
    fish, lack = res[FISH], _lack(res)
    if not (com[0] or com[1] or com[2]):
        free &= _UNBARRED[strict]
    legal = free & piece.special_met[lack] & piece.floor_met(fish)
    wood = stone = 0
    if needs is not None:
        wood, stone = res[WOOD], res[STONE]
        legal &= needs.met(wood, stone)
    traded: dict[int, tuple[str, ...]] = {}
    candidates = (free ^ legal) & piece.floor_met(fish - CHEAPEST)  # the free spots not legal yet
    if candidates:
        for s in expand_mask(candidates, SPOT_BYTES):
            short_w = short_s = 0
            if needs is not None:
                need_w, need_s = needs.need(s)
                short_w, short_s = need_w - wood, need_s - stone
            t = _trades(piece, s, fish, lack, short_w if short_w > 0 else 0, short_s if short_s > 0 else 0)
            if t is not None:
                traded[s] = t
                legal |= 1 << s
    return legal, traded
