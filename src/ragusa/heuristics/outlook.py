"""The expert's estimate of each seat's final score, from what that seat may know.

`outlook(state, seat, viewer)` is VP scored so far, plus the end-of-game scoring as if the game
ended now (the longest wall stretch, the Cathedral sets at today's market values, the bonus cards
with the best last fish trades, END-2), plus what the seat's pieces on the board will still earn:
each own house on a city hex earns at every later activation of that hex, and a hex is activated
once per house still placed next to it, so the estimate counts the hex's free spots times the share
of the free spots that will be filled. A commodity is worth its market value as far as the seat
has outlets for it (its houses at the Wharf and the Market, by their expected activations), and a
share of it otherwise; the Cathedral's sets and a commodity-set card count as the end scoring does.

The viewer's own bonus cards are read; another seat's hidden cards count at `HIDDEN_CARD` each.
"""

from __future__ import annotations

import functools
from typing import Final

import attrs

from ragusa.core.board import BOARD, BUILDING_INDEX, RES_INDEX
from ragusa.core.components import BUILDINGS, COMPONENTS
from ragusa.core.state import EMPTY, PHASE_END_TRADE, PHASE_OVER, VP_BONUS, VP_SHIPS, GameState
from ragusa.rules.buildings.production import CAP, PRODUCERS
from ragusa.rules.fish import TRADE_COST_BY_INDEX
from ragusa.rules.scoring import BONUS_CAP, card_vp, cathedral_score, wall_score

__all__ = [
    "CARD_POTENTIAL",
    "HIDDEN_CARD",
    "WEIGHTS",
    "Weights",
    "card_estimate",
    "draw_value",
    "end_bonus",
    "outlook",
    "outlooks",
    "pieces_share",
]

TRACK: Final = COMPONENTS.market.track
FISH: Final = RES_INDEX["fish"]
WOOD: Final = RES_INDEX["wood"]
STONE: Final = RES_INDEX["stone"]
_HEX_SPOTS: Final = BOARD.hex_spots
_B = BUILDING_INDEX
#: the buildings whose every house activates (ACT-3), and the spots around each
_SHARED: Final[tuple[int, ...]] = tuple(
    b for b in range(len(BUILDINGS)) if b not in (_B["rectors-palace"], _B["cathedral"])
)
_SHARED_SPOTS: Final = tuple(_HEX_SPOTS[BOARD.building_hex[b]] for b in _SHARED)
_K_FISHMONGER, _K_MASON, _K_ARCHITECT, _K_MARKET, _K_WHARF = (
    _SHARED.index(_B[b]) for b in ("fishmonger", "mason", "architect", "market", "wharf")
)
#: (position in _SHARED, (resource read, commodity made)) of the producers
_PRODUCER_KEYS: Final = tuple((k, PRODUCERS[b]) for k, b in enumerate(_SHARED) if b in PRODUCERS)
#: houses and powerhouses a seat starts with, by seats in the game (solo has 3 seats of 12 houses,
#: as many as 3 players)
_PIECES: Final[dict[int, int]] = {
    n: COMPONENTS.pieces.houses[str(n)] + (COMPONENTS.pieces.powerhouses_2p if n == 2 else 0) for n in range(2, 6)
}
_RING: Final = BOARD.ring_spots
_WALL_SPOTS: Final = BOARD.wall_spots
_SHIP_GOOD: Final = {s.id: s.good for s in COMPONENTS.ships}
_CARDS: Final = {c.id: c for c in COMPONENTS.bonus_cards}
ALL_CARDS: Final[tuple[str, ...]] = tuple(c.id for c in COMPONENTS.bonus_cards)

#: a hidden bonus card of another seat: about what a kept card scores at the end
HIDDEN_CARD: Final = 7.0
#: VP a bonus card of each kind is expected to add from the start of the game to its end, on top
#: of what it scores now (a resource card fills up to its cap in most games)
CARD_POTENTIAL: Final[dict[str, float]] = {
    "per_resource": 9.0,
    "per_adjacent_wall": 9.0,
    "per_tower": 6.0,
    "per_distinct_good": 4.0,
    "per_two_ship_vp": 4.0,
    "per_commodity_set": 3.0,
    "per_good": 3.0,
}


@attrs.frozen
class Weights:
    """The weights of the estimate, in VP."""

    #: share of the remaining placements that land next to a city hex, against the board's free spots
    city_fill: float = 1.0
    #: per fish held, as trade currency, times the share of the game left
    fish: float = 0.35
    #: per wood or stone up to `access`, times the share of own pieces left
    access_value: float = 0.7
    access: int = 4
    #: VP of one later activation of an own house at the Mason (a wall), the Architect (a tower) and
    #: the Market (a ship, with commodities to pay); a producer's, the Fishmonger's and the Wharf's
    #: are worked out from the seat's holdings
    mason_act: float = 2.2
    architect_act: float = 0.9
    market_act: float = 1.6
    #: a commodity with no outlet still has this share of its market value (ships to be bought later)
    loose_commodity: float = 0.35
    #: a Market activation takes this many commodities, against the Wharf's one
    market_outlet: float = 0.7
    #: with no commodity held yet, each expected outlet activation adds this share
    fresh_outlet: float = 0.3
    #: own house or tower on the wall ring, times the share of the game left
    ring_piece: float = 0.5
    #: a Rector draw not yet made is worth this share of its expected best card
    draw_share: float = 0.9


WEIGHTS: Final = Weights()


@functools.lru_cache(maxsize=4096)
def end_bonus(cards: tuple[str, ...], resources: tuple[int, ...], edition: str) -> tuple[int, tuple[int, ...]]:
    """The most the resource bonus cards in `cards` score with the best last fish trades (END-2):
    (their VP, the resources after those trades). Other cards do not depend on trades."""
    wanted = [
        (RES_INDEX[str(_CARDS[c].resource)], card_vp(c, edition)) for c in cards if _CARDS[c].kind == "per_resource"
    ]
    if not wanted:
        return 0, resources

    def score(res: tuple[int, ...]) -> int:
        return sum(min(BONUS_CAP, vp * res[r]) for r, vp in wanted)

    best = (score(resources), resources)
    buyable = [(r, vp) for r, vp in wanted if r != FISH]
    # every multiset of purchases, each resource bought only while its card is below the cap
    stack = [(resources, 0)]
    while stack:
        res, start = stack.pop()
        for i in range(start, len(buyable)):
            r, vp = buyable[i]
            cost = TRADE_COST_BY_INDEX[r]
            if res[FISH] < cost or vp * res[r] >= BONUS_CAP:
                continue
            nxt = list(res)
            nxt[FISH] -= cost
            nxt[r] += 1
            t = tuple(nxt)
            v = score(t)
            if v > best[0]:
                best = (v, t)
            stack.append((t, i))
    return best


def card_estimate(state: GameState, seat: int, card: str, frac: float) -> float:
    """The VP `card` is expected to score for `seat` at the end if the seat keeps it now."""
    data = _CARDS[card]
    p = state.players[seat]
    vp = card_vp(card, state.edition)
    kind = data.kind
    if kind == "per_resource":
        r = RES_INDEX[str(data.resource)]
        units = p.resources[r]
        if r != FISH:
            units += p.resources[FISH] // TRADE_COST_BY_INDEX[r]
        now = vp * units
    elif kind == "per_good":
        now = vp * sum(1 for s in p.ships if _SHIP_GOOD[s] == data.good)
    elif kind == "per_distinct_good":
        now = vp * len({_SHIP_GOOD[s] for s in p.ships})
    elif kind == "per_commodity_set":
        now = vp * min(p.commodities)
    elif kind == "per_two_ship_vp":
        now = vp * (p.vp[VP_SHIPS] // 2)
    elif kind == "per_adjacent_wall":
        now = vp * _adjacent_walls(state, seat)
    else:
        now = vp * state.towers.count(seat)
    return min(float(BONUS_CAP), now + frac * CARD_POTENTIAL[kind])


def _adjacent_walls(state: GameState, seat: int) -> int:
    walls, houses, towers = state.walls, state.houses, state.towers
    n = 0
    for i, (a, b) in enumerate(_WALL_SPOTS):
        if walls[i] != EMPTY and (houses[a] == seat or towers[a] == seat or houses[b] == seat or towers[b] == seat):
            n += 1
    return n


def draw_value(state: GameState, seat: int, frac: float, w: Weights = WEIGHTS) -> float:
    """A Rector draw's worth to `seat`: the expected best of two cards it has not got, each valued
    by `card_estimate` (the viewer knows only its own cards, so any other card may come)."""
    own = set(state.players[seat].bonus_cards)
    values = sorted((card_estimate(state, seat, c, frac) for c in ALL_CARDS if c not in own), reverse=True)
    n = len(values)
    if n < 2:
        return values[0] * w.draw_share if values else 0.0
    pairs = n * (n - 1) / 2
    return w.draw_share * sum(v * (n - 1 - i) for i, v in enumerate(values)) / pairs


def pieces_share(state: GameState, seat: int) -> float:
    """The share of `seat`'s houses and powerhouses still to place (1 at the start, 0 at the end)."""
    p = state.players[seat]
    return (p.houses_left + p.powerhouses_left) / _PIECES[state.n_players]


def outlook(state: GameState, seat: int, viewer: int, w: Weights = WEIGHTS) -> float:
    """`seat`'s estimated final VP as `viewer` sees the state (see the module docs)."""
    return outlooks(state, viewer, w)[seat]


def outlooks(state: GameState, viewer: int, w: Weights = WEIGHTS) -> list[float]:
    """Every seat's estimated final VP as `viewer` sees the state."""
    players = state.players
    if state.phase == PHASE_OVER:  # another seat's cards stay unseen: their VP are not read
        return [
            float(p.total_vp) if s == viewer else float(p.total_vp - p.vp[VP_BONUS]) + HIDDEN_CARD * len(p.bonus_cards)
            for s, p in enumerate(players)
        ]
    n = len(players)
    houses, towers = state.houses, state.towers
    left = 0
    for p in players:
        left += p.houses_left + p.powerhouses_left
    free = houses.count(EMPTY)
    fill = min(1.0, left / free) if free else 0.0
    ending = state.phase == PHASE_END_TRADE or left == 0
    share = min(1.0, fill * w.city_fill)
    # per shared city hex: its expected later activations, and each seat's houses on it
    acts = []
    own = [[0] * len(_SHARED) for _ in range(n)]
    for k, spots in enumerate(_SHARED_SPOTS):
        empty = 0
        for s in spots:
            o = houses[s]
            if o == EMPTY:
                empty += 1
            elif o >= 0:
                own[o][k] += 1
        acts.append(empty * share)
    ring = [0] * n
    for s in _RING:
        if houses[s] >= 0:
            ring[houses[s]] += 1
        if towers[s] >= 0:
            ring[towers[s]] += 1
    ctx = _Context(fill, acts, ending, state.walls.count(EMPTY))
    return [_seat_value(state, s, viewer, w, ctx, own[s], ring[s]) for s in range(n)]


@attrs.frozen
class _Context:
    fill: float
    acts: list[float]
    ending: bool
    free_walls: int


def _seat_value(
    state: GameState, seat: int, viewer: int, w: Weights, ctx: _Context, own: list[int], ring: int
) -> float:
    p = state.players[seat]
    res, com = p.resources, p.commodities
    v = float(p.total_vp) + wall_score(state, seat) + cathedral_score(state, seat)
    ending = ctx.ending
    frac = 0.0 if ending else (p.houses_left + p.powerhouses_left) / _PIECES[state.n_players]
    if seat == viewer:
        v += _own_cards(state, seat, frac, ending)
    else:
        v += HIDDEN_CARD * (len(p.bonus_cards) + (1 if state.dealt and state.dealt[seat] else 0))
    if ending:
        return v
    acts = ctx.acts
    market = state.market
    # a commodity is worth its market value where the seat can sell it or buy ships with it
    held = com[0] + com[1] + com[2]
    outlets = own[_K_WHARF] * acts[_K_WHARF] + w.market_outlet * own[_K_MARKET] * acts[_K_MARKET]
    outlet = min(1.0, w.loose_commodity + (outlets / held if held else w.fresh_outlet * outlets))
    cv = (TRACK[market[0]] * outlet, TRACK[market[1]] * outlet, TRACK[market[2]] * outlet)
    v += com[0] * cv[0] + com[1] * cv[1] + com[2] * cv[2]
    for k, (r, c) in _PRODUCER_KEYS:
        if own[k]:
            v += acts[k] * own[k] * min(res[r], CAP - com[c]) * cv[c]
    if own[_K_FISHMONGER]:
        v += acts[_K_FISHMONGER] * own[_K_FISHMONGER] * (res[FISH] // 2 + 0.5)
    if own[_K_MASON]:
        v += acts[_K_MASON] * own[_K_MASON] * w.mason_act * min(1.0, ctx.free_walls / 4)
    if own[_K_ARCHITECT] and p.towers_left:
        v += acts[_K_ARCHITECT] * own[_K_ARCHITECT] * w.architect_act
    if own[_K_MARKET]:
        v += acts[_K_MARKET] * own[_K_MARKET] * w.market_act * min(1.0, held / 3)
    if own[_K_WHARF] and held:
        best = max(TRACK[market[c]] - cv[c] for c in range(3) if com[c])
        v += acts[_K_WHARF] * own[_K_WHARF] * best
    fill = ctx.fill
    v += w.fish * res[FISH] * fill
    v += frac * w.access_value * (min(res[WOOD], w.access) + min(res[STONE], w.access))
    v += w.ring_piece * fill * ring
    return v


def _own_cards(state: GameState, seat: int, frac: float, ending: bool) -> float:
    """The viewer's own bonus cards: the resource cards with the best last trades, the others by
    `card_estimate`; while the game goes on, room left on a resource card counts in part."""
    p = state.players[seat]
    cards = p.bonus_cards
    if not cards:
        return 0.0
    fixed, after = end_bonus(cards, p.resources, state.edition)
    v = float(fixed)
    for c in cards:
        data = _CARDS[c]
        if data.kind != "per_resource":
            v += card_estimate(state, seat, c, frac)
        elif not ending:
            room = BONUS_CAP - card_vp(c, state.edition) * after[RES_INDEX[str(data.resource)]]
            v += min(max(room, 0), frac * CARD_POTENTIAL["per_resource"])
    return v
