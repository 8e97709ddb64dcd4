"""The greedy bot: one step ahead, each result scored with `evaluate`.

`evaluate(state, seat)` estimates `seat`'s final VP: the VP scored, the end-of-game scoring as if
the game ended now, and potential that fades as the seat runs out of pieces. `GreedyBot` applies
each legal action and takes the one whose result `evaluate` rates best for the deciding seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ragusa.core.actions import Action, DrawBonus, Trade
from ragusa.core.board import BOARD, BUILDING_INDEX, COM_INDEX, RES_INDEX
from ragusa.core.components import COMPONENTS
from ragusa.core.state import GameState, Phase
from ragusa.rules.buildings.market import COSTS, SHIPS, affordable_slots
from ragusa.rules.buildings.mason import free_segments, mason_vp
from ragusa.rules.buildings.production import CAP
from ragusa.rules.resolution import apply
from ragusa.rules.scoring import bonus_card_score, cathedral_score, wall_score

__all__ = ["TRADE_PENALTY", "GreedyBot", "evaluate", "worth"]


# --------------------------------------------------------------------------- the greedy heuristic

_TRACK: tuple[int, ...] = COMPONENTS.market.track
_FISH, _WOOD, _STONE, _ORE, _GRAPES, _OLIVES = (
    RES_INDEX[r] for r in ("fish", "wood", "stone", "silver_ore", "grapes", "olives")
)
#: production resource -> (spots of its building, commodity made)
_PRODUCTION: tuple[tuple[int, tuple[int, ...], int], ...] = tuple(
    (RES_INDEX[r], BOARD.hex_spots[BOARD.building_hex[BUILDING_INDEX[b]]], COM_INDEX[c])
    for r, b, c in (
        ("grapes", "winery", "wine"),
        ("olives", "oil-press", "oil"),
        ("silver_ore", "silversmith", "silver"),
    )
)

# Weights of the heuristic, in VP. "Potential" terms are scaled by the share of the seat's
# pieces still to place, so they fade to nothing as the game ends; the exact end-of-game
# terms (walls, Cathedral, bonus cards) are counted in full, so that near the end the
# estimate is the score the game would give.
W_FISH = 0.45  # per fish: worth a little less than what it trades for (2 fish = 1 wood)
W_WOOD = 0.8  # per wood or stone, up to a useful number: access to more spots
W_STONE = 0.9
USEFUL_ACCESS = 4
W_COMMODITY = 0.55  # per commodity held, times its market value: Wharf sales, ships
W_PRODUCTION = 0.35  # per production resource, per own house on its building (future output)
W_RING_HOUSE = 0.6  # own house or tower on the wall ring: future walls score it
W_DRAW = 2.0  # a Rector draw about to be resolved (the cards are not looked at)
TRADE_PENALTY = 0.05  # a trade must gain something: one that changes nothing is not made


def _pieces(state: GameState, seat: int) -> tuple[int, int]:
    p = state.players[seat]
    left = p.houses_left + p.powerhouses_left
    n = state.n_players
    key = "solo" if state.solo is not None else str(n)
    total = COMPONENTS.pieces.houses.get(key, 12) + (COMPONENTS.pieces.powerhouses_2p if n == 2 else 0)
    return left, max(total, 1)


def evaluate(state: GameState, seat: int) -> float:
    """The greedy bot's estimate of `seat`'s final VP in `state`.

    Game over: the exact score. Otherwise: VP scored so far, plus the end-of-game scoring as if
    the game ended now (longest wall stretch, Cathedral sets, each bonus card), plus potential
    that fades as the seat runs out of pieces (resources, commodities at market value, houses
    on production buildings and on the wall ring), plus the value of the seat's own decision
    that is about to be taken (a Mason wall, a ship, a sale, a Rector draw).
    """
    p = state.players[seat]
    if state.phase == Phase.OVER:
        return float(p.total_vp)
    v = float(p.total_vp)
    v += wall_score(state, seat) + cathedral_score(state, seat)
    for card in p.bonus_cards:
        v += bonus_card_score(state, seat, card)
    if state.phase == Phase.END_TRADE:
        return v
    left, total = _pieces(state, seat)
    frac = left / total
    res, com = p.resources, p.commodities
    houses = state.houses
    market = state.market
    v += W_FISH * res[_FISH] * (0.3 + 0.7 * frac)
    v += frac * (W_WOOD * min(res[_WOOD], USEFUL_ACCESS) + W_STONE * min(res[_STONE], USEFUL_ACCESS))
    for c in range(3):
        v += W_COMMODITY * com[c] * _TRACK[market[c]] * (0.4 + 0.6 * frac)
    for r, spots, c in _PRODUCTION:
        own = sum(1 for s in spots if houses[s] == seat)
        if own and com[c] < CAP:
            # an activation makes res[r] but the stock stops at the cap (RES-2): count only what fits
            v += W_PRODUCTION * frac * min(res[r], CAP - com[c]) * own * _TRACK[market[c]]
    ring = sum(1 for s in BOARD.ring_spots if houses[s] == seat or state.towers[s] == seat)
    v += W_RING_HOUSE * frac * ring
    if state.seat == seat:
        v += _pending(state, seat)
    return v


def _pending(state: GameState, seat: int) -> float:
    """The value of the building decision `seat` is about to take (cheap, no lookahead)."""
    phase = state.phase
    p = state.players[seat]
    if phase == Phase.MASON:
        return float(
            max((mason_vp(state.houses, state.towers, seat, i) for i in free_segments(state.walls)), default=0)
        )
    if phase == Phase.ARCHITECT:
        return 0.5
    if phase == Phase.MARKET:
        best = 0.0
        for i in affordable_slots(state.slots, p.commodities):
            ship = state.slots[i]
            assert ship is not None
            cost = COSTS[i, ship]
            paid = sum(cost[c] * _TRACK[state.market[c]] for c in range(3))
            best = max(best, SHIPS[ship].stars - W_COMMODITY * paid)
        return best
    if phase == Phase.WHARF:
        return max(((1 - W_COMMODITY) * _TRACK[state.market[c]] for c in range(3) if p.commodities[c]), default=0.0)
    if phase in (Phase.RECTOR_DRAW, Phase.RECTOR_KEEP):
        return W_DRAW
    return 0.0


_DRAW = DrawBonus()


def worth(state: GameState, seat: int, action: Action) -> float:
    """What the greedy bot thinks `action` is worth to `seat`: `evaluate` one action ahead (an
    estimate of its final VP), less `TRADE_PENALTY` for a trade."""
    v = evaluate(apply(state, action), seat)
    return v - TRADE_PENALTY if type(action) is Trade else v


class GreedyBot:
    """One-step lookahead: apply each legal action, score the result with `evaluate` for the
    acting seat, take the best; ties are broken with `rng`."""

    name = "greedy"

    def choose(self, state: GameState, actions: Sequence[Action], rng: random.Random) -> Action:
        if len(actions) == 1:
            return actions[0]
        seat = state.seat
        assert seat is not None
        if state.phase == Phase.RECTOR_DRAW and _DRAW in actions:
            # Drawing never costs VP (a kept card scores >= 0), and judging it would mean
            # looking at the cards before they are drawn; the one-step lookahead also
            # undervalues it when declining lets the rest of the turn (a Mason wall) resolve.
            return _DRAW
        best: list[Action] = []
        best_v = float("-inf")
        for a in actions:
            v = worth(state, seat, a)
            if v > best_v + 1e-9:
                best_v = v
                best = [a]
            elif v > best_v - 1e-9:
                best.append(a)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]
