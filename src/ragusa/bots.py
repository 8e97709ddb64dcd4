"""Built-in bots: `RandomBot` and `GreedyBot`, a game driver, and a comparison.

A bot is anything with `choose(state, actions, rng) -> Action` (`Bot`): it gets the
state, the tuple `legal_actions(state)` of the deciding seat and a `random.Random`
owned by the caller. Bots draw randomness only from that `rng`, never from the game's own
generator (`GameState.rng`), so a game played by bots is reproducible from the game seed
and the bots' seed, and the game's shuffles are the same whoever plays.

Compare the two bots from the command line::

    python -m ragusa.bots compare --games 200 --players 4
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

from ragusa.core.actions import Action, DrawBonus, Trade
from ragusa.core.board import BOARD, BUILDING_INDEX, COM_INDEX, RES_INDEX
from ragusa.core.components import COMPONENTS
from ragusa.core.events import Event
from ragusa.core.state import GameState, Options, Phase
from ragusa.rules.buildings.market import COSTS, SHIPS, affordable_slots
from ragusa.rules.buildings.mason import free_segments, mason_vp
from ragusa.rules.buildings.production import CAP
from ragusa.rules.game import new_game
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import is_terminal, scores, winners
from ragusa.rules.resolution import apply, step
from ragusa.rules.scoring import bonus_card_score, cathedral_score, wall_score

__all__ = [
    "BOTS",
    "Bot",
    "CompareResult",
    "GreedyBot",
    "RandomBot",
    "SPEC_BOTS",
    "compare",
    "evaluate",
    "bot_names",
    "make_bot",
    "make_bots",
    "play",
    "register_bot",
]


class Bot(Protocol):
    """What the driver asks of a bot: pick one of `actions` (never empty) for the deciding seat."""

    name: str

    def choose(self, state: GameState, actions: Sequence[Action], rng: random.Random) -> Action: ...


class RandomBot:
    """Uniform over the legal actions (trades and passes included), drawn from `rng`."""

    name = "random"

    def choose(self, state: GameState, actions: Sequence[Action], rng: random.Random) -> Action:
        return actions[rng.randrange(len(actions))]


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
            v = evaluate(apply(state, a), seat)
            if type(a) is Trade:
                v -= TRADE_PENALTY
            if v > best_v + 1e-9:
                best_v = v
                best = [a]
            elif v > best_v - 1e-9:
                best.append(a)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


#: the built-in bots by name
BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "greedy": GreedyBot}

#: bots that take an argument or live in other modules: name -> factory of the spec's argument
#: (the text after ``name:``, or None). Entries given as ``"module:function"`` are imported on first use.
SPEC_BOTS: dict[str, Callable[[str | None], Bot] | str] = {"ismcts": "ragusa.ai.ismcts:from_spec"}


def register_bot(name: str, factory: Callable[[str | None], Bot]) -> None:
    """Make `make_bot(f"{name}:ARG")` call `factory("ARG")` (`factory(None)` for a bare name)."""
    if not name or ":" in name or "," in name:
        raise ValueError(f"a bot name is a word without ':' or ','; got {name!r}")
    SPEC_BOTS[name] = factory


def bot_names() -> list[str]:
    """Every name `make_bot` knows."""
    return sorted(set(BOTS) | set(SPEC_BOTS))


def make_bot(spec: str) -> Bot:
    """A new bot from a spec: a name (`"random"`, `"greedy"`, `"ismcts"`), optionally with an
    argument after a colon (`"ismcts:200"`: 200 iterations per decision; `"ismcts:0.5s"`: half a
    second). Raises `ValueError` naming the problem."""
    name, colon, arg = str(spec).strip().partition(":")
    if name in BOTS:
        if colon:
            raise ValueError(f"bot {name!r} takes no argument; got {spec!r}")
        return BOTS[name]()
    factory = SPEC_BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {spec!r}; choose from {', '.join(bot_names())}")
    if isinstance(factory, str):
        module, _, func = factory.partition(":")
        factory = getattr(importlib.import_module(module), func)
        assert callable(factory)
    return factory(arg if colon else None)


def make_bots(specs: str, seats: int) -> list[Bot]:
    """One bot per seat from comma-separated specs (`"ismcts:200,greedy"`); a single spec plays
    every seat. Raises `ValueError` when the count fits neither."""
    parts = [p.strip() for p in specs.split(",")]
    if len(parts) == 1:
        return [make_bot(parts[0])] * seats
    if len(parts) != seats:
        raise ValueError(f"--bots lists {len(parts)} bots for {seats} deciding seats; give 1 or {seats}")
    return [make_bot(p) for p in parts]


# --------------------------------------------------------------------------- playing a game

#: called after each action: (state before, action, state after, events)
StepHook = Callable[[GameState, Action, GameState, tuple[Event, ...]], None]


def play(state: GameState, bots: Sequence[Bot], rng: random.Random, on_step: StepHook | None = None) -> GameState:
    """Play `state` to the end, the deciding seat's bot choosing each action (`bots[seat]`).

    With `on_step` the game runs through `ragusa.step` and the hook sees every action
    and its events; without it, through the faster `ragusa.apply`.
    """
    while not is_terminal(state):
        seat = state.seat
        assert seat is not None
        actions = legal_actions(state)
        action = bots[seat].choose(state, actions, rng)
        if on_step is None:
            state = apply(state, action)
        else:
            new, events = step(state, action)
            on_step(state, action, new, events)
            state = new
    return state


# --------------------------------------------------------------------------- greedy vs random


@attrs.frozen
class CompareResult:
    games: int
    players: int
    #: average final VP of a greedy seat / a random seat
    greedy_vp: float
    random_vp: float
    #: share of games won by a greedy seat / a random seat (shared victories split evenly)
    greedy_wins: float
    random_wins: float
    #: wall-clock seconds for all games
    seconds: float

    def lines(self) -> list[str]:
        g, r = self.greedy_wins / self.games, self.random_wins / self.games
        return [
            f"{self.games} games, {self.players} players, greedy seats alternate (0,2,.. in even games; 1,3,.. in odd)",
            f"average VP per seat: greedy {self.greedy_vp:.2f}, random {self.random_vp:.2f} "
            f"(difference {self.greedy_vp - self.random_vp:+.2f})",
            f"games won: greedy {g:.1%}, random {r:.1%} (a shared victory split evenly)",
            f"time: {self.seconds:.1f} s ({1000 * self.seconds / max(self.games, 1):.0f} ms per game)",
        ]


def greedy_seats(game: int, players: int) -> tuple[int, ...]:
    """Seats played by the greedy bot in game number `game`: even seats in even games, odd seats in odd games."""
    return tuple(s for s in range(players) if s % 2 == game % 2)


def compare(
    games: int = 200, players: int = 4, *, seed: int = 0, edition: str = "2nd", options: Options | None = None
) -> CompareResult:
    """Play `games` seeded games, greedy seats (`greedy_seats`) against random ones."""
    greedy, rand = GreedyBot(), RandomBot()
    g_vp = r_vp = 0
    g_n = r_n = 0
    g_w = r_w = 0.0
    t0 = time.perf_counter()
    for k in range(games):
        gs = set(greedy_seats(k, players))
        bots: list[Bot] = [greedy if s in gs else rand for s in range(players)]
        final = play(new_game(players, seed=seed + k, edition=edition, options=options), bots, random.Random(seed + k))
        sc = scores(final)
        win = winners(final)
        for s in range(players):
            if s in gs:
                g_vp += sc[s]
                g_n += 1
            else:
                r_vp += sc[s]
                r_n += 1
        for s in win:
            if s in gs:
                g_w += 1 / len(win)
            else:
                r_w += 1 / len(win)
    return CompareResult(
        games=games,
        players=players,
        greedy_vp=g_vp / max(g_n, 1),
        random_vp=r_vp / max(r_n, 1),
        greedy_wins=g_w,
        random_wins=r_w,
        seconds=time.perf_counter() - t0,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ragusa.bots", description="The built-in bots.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    cmp_ = sub.add_parser("compare", help="play greedy seats against random seats and report VP and wins")
    cmp_.add_argument("--games", type=int, default=200)
    cmp_.add_argument("--players", type=int, default=4, choices=range(2, 6), metavar="{2..5}")
    cmp_.add_argument("--seed", type=int, default=0, help="seed of the first game (game k uses seed + k)")
    cmp_.add_argument("--edition", choices=("1st", "2nd"), default="2nd")
    args = parser.parse_args(argv)
    result = compare(args.games, args.players, seed=args.seed, edition=args.edition)
    for line in result.lines():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
