"""How long a game can be: a bound on the decisions of one game, all deciding seats together, from
the start to the end, proven from the rules and counted from the board and component data
(`decision_bound`, term by term; `max_decisions`, its total). docs: Adapters, "How long a game can be".

Every decision is one of the kinds below (the Decisions section of the rules and `ragusa.rules.legal`),
and each term bounds the decisions of one kind in every game; the solo bots' choices are made by the
engine and are no decisions. Board facts (spots per hex, wall segments, tower spots, sea hexes) come from
`ragusa.core.board.BOARD`; the pieces, towers and starting resources from a new game's state.
"""

from __future__ import annotations

import functools
import heapq
import math
from collections.abc import Iterable
from typing import Final

import attrs

from ragusa.core.board import BOARD, BUILDING_INDEX, KIND_CITY, KIND_SEA, RES_INDEX
from ragusa.core.components import COMPONENTS
from ragusa.core.state import EDITIONS, GameState, Options
from ragusa.rules.activation import READS_RESOURCE, order_matters
from ragusa.rules.buildings.fishmonger import FISH_PER_VP
from ragusa.rules.fish import MIN_TRADE, TRADE_COST
from ragusa.rules.game import new_game
from ragusa.rules.solo.patrician import COLOUR_SEAT

__all__ = [
    "DecisionBound",
    "activations",
    "asking_hexes",
    "decision_bound",
    "hex_touches",
    "landing_activations",
    "max_decisions",
    "order_decisions",
    "solo_activations",
]

FISH: Final = RES_INDEX["fish"]
RECTOR: Final = BUILDING_INDEX["rectors-palace"]
MASON: Final = BUILDING_INDEX["mason"]
ARCHITECT: Final = BUILDING_INDEX["architect"]
MARKET: Final = BUILDING_INDEX["market"]
WHARF: Final = BUILDING_INDEX["wharf"]
#: the fish counts that tell every case of `order_matters` apart: its fish test compares
#: (fish + gain) // step with fish // step for steps that divide this period (FISH-1 costs, FISHMONGER-1)
_FISH_PERIOD: Final = math.lcm(*TRADE_COST.values(), FISH_PER_VP)


@attrs.frozen
class DecisionBound:
    """The bound on one game's decisions, by kind (each a proven maximum; `total` is their sum)."""

    #: SETUP-6: each seat dealt bonus cards keeps one (none in the solo game)
    setup: int
    #: TURN-1: one placement per piece a deciding seat has to place
    placements: int
    #: R-14: turn passes (no legal placement)
    turn_passes: int
    #: ACT-5: choices of the next hex of a new piece
    orders: int
    #: RECTOR-1: the draw (or its pass) and the keep of each placement on the Rector's Palace
    rector: int
    #: ACT-3, R-8, FISH-2: one decision per activation of a deciding seat's house (or, 2 players, a
    #: powerhouse acting for the placing player) on the Mason, Architect, Market and Wharf (the choice or
    #: its pass), and on the Winery, Oil Press, Silversmith and Fishmonger (the pass closing the trade
    #: window before it); at most one wall per segment (MASON-1), one tower per tower spot (ARCHITECT-1)
    buildings: int
    #: FISH-1: the fish trades, each at least 2 of the fish the deciding seats ever hold
    trades: int
    #: END-2: the pass closing each deciding seat's end-game trade window
    end_passes: int

    @property
    def total(self) -> int:
        return sum(attrs.astuple(self))


def activations(landings: int) -> int:
    """ACT-3: the most house activations of a hex on which `landings` pieces are placed: the j-th
    piece placed there activates every piece on it, j in all, so 1 + 2 + ... + landings."""
    return landings * (landings + 1) // 2


def asking_hexes() -> tuple[int, ...]:
    """The city hexes with the clockwise arrow (ACT-3) whose activation can ask its beneficiary
    something: Mason, Architect, Market, Wharf (R-8), and the buildings that read a resource, before
    whose activations a trade window opens (FISH-2). Ascending."""
    asking = READS_RESOURCE | {MASON, ARCHITECT, MARKET, WHARF}
    return tuple(h for h, b in enumerate(BOARD.hex_building) if BOARD.hex_kind[h] == KIND_CITY and b in asking)


@functools.lru_cache(maxsize=256)
def order_decisions(spot: int, power: bool = False) -> int:
    """ACT-5: the most choices of the next hex a placement on `spot` can ask (0, 1 or 2): the
    placing player chooses while two or more hexes are left and the rule's `order_matters` says the
    order can change the outcome, for any fish the player may hold and whether or not the bonus deck
    has cards (otherwise the hexes go in the spot's listed order). A powerhouse activates only its
    city hexes (TWO-4, TWO-5)."""
    hexes = tuple(h for h in BOARD.spot_hexes[spot] if not power or BOARD.hex_kind[h] == KIND_CITY)
    return _orders(hexes)


def _orders(pending: tuple[int, ...]) -> int:
    if len(pending) < 2:
        return 0
    asked = any(order_matters(pending, fish, deck) for fish in range(_FISH_PERIOD) for deck in (0, 2))
    if not asked:  # the spot's listed order: its first hex, then the rest
        return _orders(pending[1:])
    return 1 + max(_orders(pending[:i] + pending[i + 1 :]) for i in range(len(pending)))


def _largest(values: Iterable[int], count: int) -> int:
    """The sum of the `count` largest of `values` (every one if fewer)."""
    return sum(heapq.nlargest(max(count, 0), values))


def solo_activations(hexes: Iterable[int], touches: int, opening: Iterable[int], human: Iterable[int]) -> int:
    """ACT-3 in the solo game: the most activations of the human's houses on `hexes`. A hex with k spots
    of which p hold an opening house (SOLO-1, `opening`: the spots of every colour's) sees at most
    L = k - p pieces placed during play, and a house there is activated by its own placement and by
    each piece placed after it: an opening house of the human's (`human`: their spots) at most L times,
    the i-th house the human places there at most L - i + 1 times. The human's houses placed during play
    touch these hexes `touches` times in all, so at most the `touches` largest of those counts, over
    the hexes, add to the opening houses' L each."""
    first, own = set(opening), set(human)
    counts: list[int] = []
    fixed = 0
    for h in hexes:
        spots = BOARD.hex_spots[h]
        landings = len(spots) - sum(1 for s in spots if s in first)
        fixed += landings * sum(1 for s in spots if s in own)
        counts.extend(range(landings, 0, -1))
    return fixed + _largest(counts, touches)


def _deciding(state: GameState) -> tuple[list[int], list[int]]:
    """The deciding seats and the other seats of a new game (the solo bots decide inside the engine)."""
    bots = set(state.solo.bot_seats) if state.solo is not None else set()
    seats = range(len(state.players))
    return [s for s in seats if s not in bots], [s for s in seats if s in bots]


def _opening_spots(seats: Iterable[int]) -> list[int]:
    """The spots of the solo opening houses (SOLO-1) of `seats`."""
    chosen = set(seats)
    return [
        BOARD.spot_index[s]
        for colour, seat in COLOUR_SEAT.items()
        if seat in chosen
        for s in getattr(COMPONENTS.solo_setup, colour)
    ]


def hex_touches(spot: int, hexes: Iterable[int]) -> int:
    """How many of `hexes` the spot touches (a piece placed there lands on each)."""
    chosen = set(hexes)
    return sum(1 for h in BOARD.spot_hexes[spot] if h in chosen)


def landing_activations(hexes: tuple[int, ...], landings: int, caps: dict[int, int]) -> int:
    """ACT-3: the most activations of `hexes` together (each at most its `caps`) when pieces land on
    them `landings` times in all: the largest sum of `activations(m)` (capped) over the ways to
    share the landings, m of them on a hex, at most its spots (each spot holds one piece)."""
    best = [0] * (landings + 1)  # the most activations of the hexes seen so far, by landings used
    for h in hexes:
        room = len(BOARD.hex_spots[h])
        best = [
            max(best[used - m] + min(activations(m), caps.get(h, activations(m))) for m in range(min(room, used) + 1))
            for used in range(landings + 1)
        ]
    return best[landings]


def _buildings(state: GameState, deciding: list[int], own: int, all_pieces: int, free: list[int]) -> int:
    """The `buildings` term: the activations of the asking hexes, with the walls, the tower spots
    and the towers there are as caps (MASON-1, ARCHITECT-1); solo, those of the human's houses."""
    towers = sum(state.players[s].towers_left for s in deciding)
    caps = {
        BOARD.building_hex[MASON]: len(BOARD.wall_ids),
        BOARD.building_hex[ARCHITECT]: min(len(BOARD.tower_spots), towers),
    }
    asking = asking_hexes()
    spots = range(len(BOARD.spot_ids))
    if state.solo is None:  # every piece placed (all_pieces, on distinct spots) lands on the asking hexes it touches
        landings = _largest((hex_touches(s, asking) for s in spots), all_pieces)
        return landing_activations(asking, landings, caps)
    opening, human = _opening_spots(range(len(state.players))), _opening_spots(deciding)
    per_hex = {h: solo_activations([h], own, opening, human) for h in asking}
    touches = _largest((hex_touches(s, asking) for s in free), own)
    joint = solo_activations(asking, touches, opening, human)
    return min(joint, sum(min(v, caps.get(h, v)) for h, v in per_hex.items()))


def _bound_of(state: GameState) -> DecisionBound:
    """The bound for games from `state`, a new game (counted from its pieces, towers and resources)."""
    deciding, bots = _deciding(state)
    players = state.players
    pieces = [p.houses_left + p.powerhouses_left for p in players]
    own = sum(pieces[s] for s in deciding)
    # the spots a deciding seat can place on: all but the solo opening houses' (SOLO-1), one piece each
    taken = set(_opening_spots(range(len(players)))) if state.solo is not None else set()
    free = [s for s in range(len(BOARD.spot_ids)) if s not in taken]
    power = any(players[s].powerhouses_left for s in deciding)
    orders = _largest((max(order_decisions(s), order_decisions(s, power)) for s in free), own)
    if state.solo is None:
        # a pass that does not end the game is followed, before the passing seat's next turn,
        # by another seat's placement; so a seat passes at most once more than the others place
        passes = sum(1 + sum(pieces) - pieces[s] for s in deciding)
    else:
        passes = sum(1 + sum(pieces[b] for b in bots) for _ in deciding)
    rector = BOARD.building_hex[RECTOR]
    sea = (sum(1 for h in BOARD.spot_hexes[s] if BOARD.hex_kind[h] == KIND_SEA) for s in free)
    fish = sum(players[s].resources[FISH] for s in deciding) + _largest(sea, own)
    return DecisionBound(
        setup=sum(1 for s in deciding if s < len(state.dealt) and state.dealt[s]),
        placements=own,
        turn_passes=passes,
        orders=orders,
        rector=2 * min(sum(1 for s in free if rector in BOARD.spot_hexes[s]), own),
        buildings=_buildings(state, deciding, own, sum(pieces), free),
        trades=fish // MIN_TRADE,
        end_passes=len(deciding),
    )


@functools.lru_cache(maxsize=8)
def decision_bound(players: int) -> DecisionBound:
    """The bound on the decisions of a game of `players` (1 = solo), by kind: the largest over both
    editions and the solo variants (docs: Adapters, "How long a game can be")."""
    variants = [Options()]
    if players == 1:
        variants = [Options(solo_human_first=first) for first in (False, True)]
    bounds = [_bound_of(new_game(players, seed=0, edition=e, options=o)) for e in EDITIONS for o in variants]
    return max(bounds, key=lambda b: b.total)


def max_decisions(players: int) -> int:
    """A bound no game of `players` (1 = solo) exceeds: the decisions of all deciding seats together,
    from the start to the end (`decision_bound(players).total`)."""
    return decision_bound(players).total
