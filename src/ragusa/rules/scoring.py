"""Scoring: walls, the Mason, the Cathedral, bonus cards and the winner.

Pure functions of a `GameState`; nothing is mutated. They
run inside search loops, so they read the state's tuples directly and use the
precomputed `BOARD` indices and lookup tables built once at
import from `COMPONENTS`. No board fact (spot ids,
segment count, track values) is written here: all come from the component data.

Pieces on a spot, as the rules count them for a seat:

* `houses[s] == seat`: the seat's house (a powerhouse `POWERHOUSE` and a solo
  black house `RESERVED` are negative, so they never equal a seat: they count
  for no one, TWO-7);
* `towers[s] == seat`: the seat's tower.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ragusa.core.board import BOARD, RES_INDEX
from ragusa.core.clauses import implements
from ragusa.core.components import BUILDINGS, COMMODITIES, COMPONENTS
from ragusa.core.position import Position
from ragusa.core.state import EMPTY, VP_SHIPS, GameState

#: the market track's values, by bead index
_TRACK: Final[tuple[int, ...]] = COMPONENTS.market.track
#: the wall ring's spots clockwise; segment i joins _RING[i] and _RING[(i + 1) % _N]
_RING: Final[tuple[int, ...]] = BOARD.ring_spots
_N: Final[int] = len(_RING)
#: the two end spots of each wall segment
_WALL_SPOTS: Final[tuple[tuple[int, int], ...]] = BOARD.wall_spots
#: the spots around the Cathedral
_CATHEDRAL_SPOTS: Final[tuple[int, ...]] = BOARD.hex_spots[BOARD.building_hex[BUILDINGS.index("cathedral")]]
_N_COMMODITIES: Final[int] = len(COMMODITIES)
#: ship id -> the good it carries
_SHIP_GOOD: Final[dict[str, str]] = {s.id: s.good for s in COMPONENTS.ships}
#: bonus card id -> (kind, vp in the 2nd edition, vp in the 1st edition, resource index or -1, good or "")
_BONUS: Final[dict[str, tuple[str, int, int, int, str]]] = {
    c.id: (
        c.kind,
        c.vp,
        c.vp if c.vp_1st_edition is None else c.vp_1st_edition,
        RES_INDEX[c.resource] if c.resource is not None else -1,
        c.good if c.good is not None else "",
    )
    for c in COMPONENTS.bonus_cards
}
#: END-BONUS-1: the most VP a single bonus card scores
BONUS_CAP: Final = 12


@implements("END-WALL-1", "END-WALL-2", "R-6", "TWO-7")
def longest_stretch(state: Position, seat: int) -> tuple[int, int]:
    """`(segments, vp)` of `seat`'s longest wall stretch; `(0, 0)` with no wall built.

    A stretch is a maximal run of consecutive built segments around the (cyclic) ring
    whose spots between two of its segments are all passable (`ring_values`); its two
    end spots are outside it. It scores 1 VP per segment plus 1 per own house and 1 per
    own tower inside. The longest has the most segments; among equally long ones the one
    that scores more counts (R-6). A fully built ring whose spots are all passable is one
    stretch of every segment with every ring spot inside (R-6); a fully built ring with
    exactly one blocking spot is one stretch of every segment that begins and ends there.
    """
    return longest_stretch_of(state.walls, state.houses, state.towers, seat)


def longest_stretch_of(
    walls: tuple[int, ...], houses: tuple[int, ...], towers: tuple[int, ...], seat: int
) -> tuple[int, int]:
    """`longest_stretch` of the given walls, houses and towers (what a bot weighs: the
    position with one more wall or tower, without building a state for it)."""
    ok, val = ring_values(houses, towers, seat)
    return longest_run(walls, ok, val)


@implements("END-WALL-1", "TWO-7")
def ring_values(houses: tuple[int, ...], towers: tuple[int, ...], seat: int) -> tuple[list[bool], list[int]]:
    """Per ring position j (the spot between segments j-1 and j): passable for `seat` (END-WALL-1: no
    house and no tower, or the seat's own house or tower; another seat's piece, a powerhouse or a black
    house without the seat's tower ends a stretch, TWO-7), and its value (own house and own tower, 1 each)."""
    ok: list[bool] = []
    val: list[int] = []
    for s in _RING:
        h = houses[s]
        t = towers[s]
        own = (h == seat) + (t == seat)
        val.append(own)
        ok.append(own > 0 or (h == EMPTY and t == EMPTY))
    return ok, val


#: per ring position: every ring position, clockwise from it (the order `longest_run` scans in)
_CLOCKWISE_FROM: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(range(start, _N)) + tuple(range(start)) for start in range(_N)
)


def longest_run(walls: tuple[int, ...], ok: list[bool], val: list[int]) -> tuple[int, int]:
    """`longest_stretch` from the walls and the ring values (`ring_values`)."""
    n = _N
    # Start scanning at a segment that cannot continue a run from its predecessor.
    start = -1
    for j in range(n):
        if walls[j - 1] == EMPTY or walls[j] == EMPTY or not ok[j]:
            start = j
            break
    if start < 0:
        # the whole ring is built and passable: every segment, every spot.
        return n, n + sum(val)
    best_len = 0
    best_vp = 0
    cur_len = 0
    cur_vp = 0
    for i in _CLOCKWISE_FROM[start]:
        if walls[i] == EMPTY:
            cur_len = 0
            continue
        if cur_len and ok[i]:
            cur_len += 1
            cur_vp += 1 + val[i]
        else:
            cur_len = 1
            cur_vp = 1
        if cur_len > best_len or (cur_len == best_len and cur_vp > best_vp):
            best_len = cur_len
            best_vp = cur_vp
    return best_len, best_vp


@implements("END-WALL-2", "ED-5")
def wall_score(state: GameState, seat: int) -> int:
    """END-WALL-2: the VP `seat` scores for walls at the end (its longest stretch)."""
    return longest_stretch(state, seat)[1]


@implements("END-CATH-1", "TWO-7")
def cathedral_sets(houses: tuple[int, ...], seat: int, commodities: Sequence[int]) -> int:
    """END-CATH-1: the silver+wine+oil sets the Cathedral scores for `seat`: one per own house
    there, up to the complete sets it holds. Powerhouses and black houses count for nobody."""
    n_houses = 0
    for s in _CATHEDRAL_SPOTS:
        if houses[s] == seat:
            n_houses += 1
    return min(n_houses, min(commodities)) if n_houses else 0


@implements("END-CATH-1")
def cathedral_score(state: GameState, seat: int) -> int:
    """END-CATH-1: each set the Cathedral scores (`cathedral_sets`) is worth silver + wine +
    oil at the end market values. The commodities are not spent."""
    sets = cathedral_sets(state.houses, seat, state.players[seat].commodities)
    if sets <= 0:
        return 0
    market = state.market
    set_value = 0
    for c in range(_N_COMMODITIES):
        set_value += _TRACK[market[c]]
    return sets * set_value


def _adjacent_walls(state: GameState, seat: int) -> int:
    """Built wall segments with the seat's house or tower on at least one end spot."""
    walls = state.walls
    houses = state.houses
    towers = state.towers
    count = 0
    for i, (a, b) in enumerate(_WALL_SPOTS):
        if walls[i] != EMPTY and (houses[a] == seat or towers[a] == seat or houses[b] == seat or towers[b] == seat):
            count += 1
    return count


@implements("END-BONUS-1", "ED-1")
def card_vp(card_id: str, edition: str) -> int:
    """The VP a bonus card gives per unit it counts, in `edition` (the tower card: 1 in the 1st
    edition, 2 in the 2nd, ED-1). Raises `KeyError` for an unknown card id."""
    _, vp2, vp1, _, _ = _BONUS[card_id]
    return vp1 if edition == "1st" else vp2


@implements("END-BONUS-1", "ED-1", "TWO-7")
def bonus_card_score(state: GameState, seat: int, card_id: str) -> int:
    """END-BONUS-1: the VP bonus card `card_id` scores for `seat`: what it counts (`seat`'s
    resources of its kind, ships, commodity sets, walls, towers), scored by `card_score`.

    Raises `KeyError` for an unknown card id.
    """
    kind, _, _, res, good = _BONUS[card_id]
    player = state.players[seat]
    if kind == "per_resource":
        count = player.resources[res]
    elif kind == "per_good":
        count = 0
        for ship in player.ships:
            if _SHIP_GOOD[ship] == good:
                count += 1
    elif kind == "per_distinct_good":
        count = len({_SHIP_GOOD[ship] for ship in player.ships})
    elif kind == "per_commodity_set":
        count = min(player.commodities)
    elif kind == "per_two_ship_vp":
        count = player.vp[VP_SHIPS] // 2
    elif kind == "per_adjacent_wall":
        count = _adjacent_walls(state, seat)
    elif kind == "per_tower":
        count = state.towers.count(seat)
    else:  # pragma: no cover - the component loader rejects unknown kinds
        raise ValueError(f"bonus card {card_id!r}: unknown kind {kind!r}")
    return card_score(card_id, state.edition, count)


@implements("END-BONUS-1", "ED-1")
def card_score(card_id: str, edition: str, count: int) -> int:
    """END-BONUS-1: what bonus card `card_id` scores for `count` of what it counts (its VP per
    unit each, `card_vp`), at most 12: `bonus_card_score` for a count worked out elsewhere (a
    solo bot weighing its end trades)."""
    score = card_vp(card_id, edition) * count
    return score if score < BONUS_CAP else BONUS_CAP


@implements("WIN-1")
def commodity_value(state: GameState, seat: int) -> int:
    """WIN-1 tiebreak: the commodities `seat` holds, each at its end market value."""
    held = state.players[seat].commodities
    market = state.market
    total = 0
    for c in range(_N_COMMODITIES):
        total += held[c] * _TRACK[market[c]]
    return total


@implements("WIN-1", "R-7", "SOLO-7", "R-20")
def winners(state: GameState) -> tuple[int, ...]:
    """WIN-1, R-7: the seats with the most VP; ties go to the highest commodity value;
    seats still tied share the victory. Seats are returned in ascending order.

    Solo (SOLO-7): the human wins only with strictly more VP than each bot (no tie-break);
    otherwise the Patrician wins, and the winners are his bot seats with the most VP, WIN-1 and
    R-7 deciding between the two bots (R-20)."""
    totals = [p.total_vp for p in state.players]
    seats: tuple[int, ...] = tuple(range(len(totals)))
    if state.solo is not None:
        bots = state.solo.bot_seats
        human = next(s for s in seats if s not in bots)
        if all(totals[human] > totals[b] for b in bots):
            return (human,)
        seats = bots
    top = max(totals[s] for s in seats)
    leaders = [s for s in seats if totals[s] == top]
    if len(leaders) == 1:
        return (leaders[0],)
    values = {s: commodity_value(state, s) for s in leaders}
    best = max(values.values())
    return tuple(s for s in leaders if values[s] == best)
