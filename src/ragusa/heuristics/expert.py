"""The expert bot: each choice played through to the end of the turn, then judged by the end game.

For a placement (and the choices inside a turn) the bot applies the action, lets the rest of the
turn resolve with quick rules for every seat's choices (`finish_turn`), and scores the position
with `ragusa.heuristics.outlook`: its own estimated final VP less a share of the best other
seat's. It looks at no hidden card: a Rector draw inside a turn being judged is not made but
counted at its expected value, and a ship bought inside it is counted, not bought, so the ship
deck stays unseen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

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
    SellCommodity,
    Trade,
)
from ragusa.core.board import BOARD, KIND_CITY, KIND_SEA
from ragusa.core.components import BUILDINGS, COMMODITIES, COMPONENTS
from ragusa.core.state import (
    EMPTY,
    PHASE_ARCHITECT,
    PHASE_END_TRADE,
    PHASE_MARKET,
    PHASE_MASON,
    PHASE_ORDER,
    PHASE_OVER,
    PHASE_PLACE,
    PHASE_RECTOR_DRAW,
    PHASE_RECTOR_KEEP,
    PHASE_SETUP_BONUS,
    PHASE_TRADE_WINDOW,
    PHASE_WHARF,
    GameState,
)
from ragusa.heuristics.outlook import (
    HIDDEN_CARD,
    WEIGHTS,
    Weights,
    card_estimate,
    draw_value,
    end_bonus,
    outlooks,
    pieces_share,
)
from ragusa.rules.buildings.market import COSTS, SHIPS
from ragusa.rules.buildings.mason import mason_vp
from ragusa.rules.chance import is_chance
from ragusa.rules.legal import legal_actions
from ragusa.rules.resolution import apply
from ragusa.rules.scoring import longest_run, ring_values

__all__ = ["ExpertBot", "Judge", "finish_turn", "judge", "worth"]

TRACK: Final = COMPONENTS.market.track
_PASS: Final = Pass()
_DRAW: Final = DrawBonus()
#: ACT-5 order inside a judged turn: resources first, then what reads them, choices last
_BUILDING_RANK: Final[dict[str, int]] = {
    "winery": 2,
    "oil-press": 2,
    "silversmith": 2,
    "rectors-palace": 3,
    "fishmonger": 4,
    "market": 5,
    "wharf": 6,
    "architect": 7,
    "mason": 8,
    "cathedral": 9,
}
_HEX_RANK: Final[tuple[int, ...]] = tuple(
    0 if kind == KIND_SEA else 1 if kind != KIND_CITY else _BUILDING_RANK[BUILDINGS[b]]
    for kind, b in zip(BOARD.hex_kind, BOARD.hex_building)
)
#: ring position of each ring spot
_RING_POS: Final[dict[int, int]] = {s: j for j, s in enumerate(BOARD.ring_spots)}
#: at most this many decisions to finish a turn (a turn has a handful)
_TURN_STEPS: Final = 40


@attrs.frozen
class Judge:
    """How the expert weighs a position: the estimate's weights and the rivals' share."""

    weights: Weights = WEIGHTS
    #: the best other seat's estimate counts this much against the bot's own (2 players)
    rival_2p: float = 0.5
    #: the same with 3 or more players
    rival_np: float = 0.3


def _hex_rank(a: Action) -> int:
    return _HEX_RANK[BOARD.hex_index[a.hex]] if type(a) is ActivateHex else 99


def _wall_gains(state: GameState, seat: int, segments: Sequence[int]) -> list[float]:
    """Per segment: the Mason's VP for it plus what it adds to the seat's longest stretch."""
    houses, towers, walls = state.houses, state.towers, state.walls
    ok, val = ring_values(houses, towers, seat)
    before = longest_run(walls, ok, val)[1]
    out: list[float] = []
    for seg in segments:
        built = walls[:seg] + (seat,) + walls[seg + 1 :]
        out.append(mason_vp(houses, towers, seat, seg) + longest_run(built, ok, val)[1] - before)
    return out


def _tower_gains(state: GameState, seat: int, spots: Sequence[int]) -> list[float]:
    """Per tower spot: what a tower there adds to the seat's longest stretch, and a little per
    free wall segment it ends (a later wall there scores it)."""
    houses, towers, walls = state.houses, state.towers, state.walls
    ok, val = ring_values(houses, towers, seat)
    before = longest_run(walls, ok, val)[1]
    out = []
    for spot in spots:
        j = _RING_POS[spot]
        was_ok, was_val = ok[j], val[j]
        ok[j], val[j] = True, was_val + 1
        gain = longest_run(walls, ok, val)[1] - before
        ok[j], val[j] = was_ok, was_val
        free_walls = sum(1 for seg in BOARD.spot_walls[spot] if walls[seg] == EMPTY)
        out.append(gain + 0.4 * free_walls)
    return out


def _ship_gain(state: GameState, seat: int, viewer: int, slot: int, cv: Sequence[float]) -> float:
    ship = state.slots[slot]
    assert ship is not None
    cost = COSTS[slot, ship]
    p = state.players[seat]
    gain = float(SHIPS[ship].stars) - sum(cost[c] * cv[c] for c in range(3))
    if seat == viewer:
        com = p.commodities
        after = attrs.evolve(
            p, ships=(*p.ships, ship), commodities=(com[0] - cost[0], com[1] - cost[1], com[2] - cost[2])
        )
        moved = attrs.evolve(state, players=state.players[:seat] + (after,) + state.players[seat + 1 :])
        for card in p.bonus_cards:
            gain += card_estimate(moved, seat, card, 0.0) - card_estimate(state, seat, card, 0.0)
    return gain


def _commodity_worth(state: GameState) -> list[float]:
    """A plain value per commodity unit for the quick choices: half its market value."""
    return [0.5 * TRACK[state.market[c]] for c in range(3)]


def finish_turn(state: GameState, viewer: int, j: Judge) -> tuple[GameState, list[float]]:
    """Resolve the turn in progress with quick choices for every seat, up to the next placement
    or the end: the position and, per seat, the value of what was counted rather than played
    (a Rector draw, a ship)."""
    extra = [0.0] * state.n_players
    for _ in range(_TURN_STEPS):
        phase = state.phase
        if phase in (PHASE_PLACE, PHASE_OVER, PHASE_END_TRADE, PHASE_SETUP_BONUS, PHASE_RECTOR_KEEP):
            break
        seat = state.seat
        assert seat is not None
        if is_chance(state):  # a draw with explicit chance (`new_game(..., chance=True)`): the look-ahead stops there
            break
        acts = legal_actions(state)
        if phase == PHASE_ORDER:
            choice: Action = min(acts, key=_hex_rank)
        elif phase == PHASE_TRADE_WINDOW:
            choice = _PASS
        elif phase == PHASE_MASON:
            walls = [a for a in acts if type(a) is BuildWall]
            gains = _wall_gains(state, seat, [BOARD.wall_index[a.segment] for a in walls])
            choice = walls[max(range(len(walls)), key=gains.__getitem__)]
        elif phase == PHASE_ARCHITECT:
            towers = [a for a in acts if type(a) is BuildTower]
            gains = _tower_gains(state, seat, [BOARD.spot_index[a.spot] for a in towers])
            choice = towers[max(range(len(towers)), key=gains.__getitem__)]
        elif phase == PHASE_MARKET:
            cv = _commodity_worth(state)
            best = max((_ship_gain(state, seat, viewer, a.slot, cv) for a in acts if type(a) is BuyShip), default=0.0)
            extra[seat] += max(best, 0.0)
            choice = _PASS
        elif phase == PHASE_WHARF:
            cv = _commodity_worth(state)
            com = state.players[seat].commodities
            sells = [(TRACK[state.market[c]] - cv[c], c) for c in range(3) if com[c]]
            choice = SellCommodity(COMMODITIES[max(sells)[1]]) if sells else _PASS
        elif phase == PHASE_RECTOR_DRAW:
            extra[seat] += _draw_worth(state, seat, viewer, j)
            choice = _PASS
        else:  # pragma: no cover - every phase inside a turn is listed above
            choice = acts[0]
        if choice not in acts:
            choice = acts[0]
        state = apply(state, choice)
    return state, extra


def _draw_worth(state: GameState, seat: int, viewer: int, j: Judge) -> float:
    if seat != viewer:
        return HIDDEN_CARD * j.weights.draw_share
    return draw_value(state, seat, pieces_share(state, seat), j.weights)


def judge(state: GameState, seat: int, j: Judge, extra: Sequence[float] = ()) -> float:
    """The expert's score of a position for `seat`: its estimate less a share of the best rival's."""
    values = outlooks(state, seat, j.weights)
    if extra:
        values = [v + e for v, e in zip(values, extra)]
    if len(values) < 2:
        return values[seat]
    rival = max(v for s, v in enumerate(values) if s != seat)
    share = j.rival_2p if len(values) == 2 else j.rival_np
    return values[seat] - share * rival


def worth(state: GameState, seat: int, action: Action, j: Judge = Judge()) -> float:
    """What the expert thinks `action` is worth to `seat`: played, the rest of the turn resolved
    with quick rules (`finish_turn`), the position judged (`judge`: the seat's estimated final VP
    less a share of the best rival's, a VP margin)."""
    after, extra = finish_turn(apply(state, action), seat, j)
    return judge(after, seat, j, extra)


class ExpertBot:
    """Plans for the end of the game; see the module docs. Ties are broken with `rng`."""

    name = "expert"

    def __init__(self, judge: Judge = Judge()) -> None:
        self.judge = judge

    def choose(self, state: GameState, actions: Sequence[Action], rng: random.Random) -> Action:
        if len(actions) == 1:
            return actions[0]
        seat = state.seat
        assert seat is not None
        phase = state.phase
        if phase == PHASE_SETUP_BONUS:
            return max(actions, key=lambda a: card_estimate(state, seat, a.card, 1.0) if type(a) is ChooseBonus else -1)
        if phase == PHASE_RECTOR_DRAW:
            return _DRAW if _DRAW in actions else actions[0]
        if phase == PHASE_RECTOR_KEEP:
            frac = pieces_share(state, seat)
            return max(actions, key=lambda a: card_estimate(state, seat, a.card, frac) if type(a) is KeepBonus else -1)
        if phase == PHASE_END_TRADE:
            return _end_trade(state, seat, actions)
        if phase == PHASE_MARKET:
            cv = _commodity_worth(state)
            best: Action = _PASS
            best_v = 0.0
            for a in actions:
                if type(a) is BuyShip:
                    v = _ship_gain(state, seat, seat, a.slot, cv)
                    if v > best_v:
                        best, best_v = a, v
            return best if best in actions else actions[0]
        if phase == PHASE_TRADE_WINDOW:
            candidates: Sequence[Action] = actions
        else:  # a trade is worth making only before a building reads the resource (the window)
            candidates = [a for a in actions if type(a) is not Trade] or actions
        return self._best(state, seat, candidates, rng)

    def _best(self, state: GameState, seat: int, candidates: Sequence[Action], rng: random.Random) -> Action:
        j = self.judge
        best: list[Action] = []
        best_v = float("-inf")
        for a in candidates:
            v = worth(state, seat, a, j)
            if v > best_v + 1e-9:
                best_v, best = v, [a]
            elif v > best_v - 1e-9:
                best.append(a)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def _end_trade(state: GameState, seat: int, actions: Sequence[Action]) -> Action:
    """END-2: the trades that make the resource bonus cards score most, one at a time."""
    p = state.players[seat]
    _, target = end_bonus(p.bonus_cards, p.resources, state.edition)
    for r, name in enumerate(("fish", "wood", "stone", "silver_ore", "grapes", "olives")):
        if r and target[r] > p.resources[r] and Trade(name) in actions:
            return Trade(name)
    return _PASS if _PASS in actions else actions[0]
