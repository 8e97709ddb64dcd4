"""Regenerate the long games in this folder: ``python tests/long_games/make_long_games.py``.

Each is a complete legal game, written as a game record (``ragusa verify`` confirms it), found by a
beam search for games with many decisions: every seat places where the placement and what it sets
off ask the most decisions, keeps its fish, commodities and cards so that later activations ask
again (a pass at every trade window, Market and Wharf; the Rector's draw and keep), and trades its
fish only in the end-game window. The search keeps the `WIDTH` best games at each placement, by
decisions so far plus what the position promises (stone, fish, commodities, pieces in the city).
They show how long a game can really be (docs: Adapters, "How long a game can be"): far longer
than random games, so no proven bound on a game's length is near the length of random games.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from ragusa import apply, is_terminal, legal_actions, new_game
from ragusa.contract.records import GameRecord, record_of, record_to_json
from ragusa.core.actions import Action, DrawBonus, Pass, Place, Trade
from ragusa.core.board import BOARD, KIND_CITY, RES_INDEX
from ragusa.core.state import PHASE_END_TRADE, PHASE_PLACE, PHASE_RECTOR_DRAW, POWERHOUSE, GameState

HERE = Path(__file__).resolve().parent

#: file name -> (players, seed, beam width, weight of the position's promise)
GAMES: dict[str, tuple[int, int, int, float]] = {
    "solo-long.json": (1, 6, 150, 0.0),
    "2p-long.json": (2, 0, 100, 0.5),
    "3p-long.json": (3, 1, 100, 0.5),
    "4p-long.json": (4, 2, 100, 1.0),
    "5p-long.json": (5, 1, 100, 0.5),
}

_CITY = frozenset(h for h in range(len(BOARD.hex_ids)) if BOARD.hex_kind[h] == KIND_CITY)
_STONE, _FISH, _WOOD = RES_INDEX["stone"], RES_INDEX["fish"], RES_INDEX["wood"]


def between_placements(state: GameState, actions: tuple[Action, ...], rng: random.Random) -> Action:
    """Every decision but a placement: trade fish only at the end, draw at the Rector's Palace,
    pass wherever a pass is offered, otherwise any choice but a trade."""
    if state.phase == PHASE_END_TRADE:
        return next((a for a in actions if isinstance(a, Trade)), actions[-1])
    if state.phase == PHASE_RECTOR_DRAW:
        return next(a for a in actions if isinstance(a, DrawBonus))
    passing = [a for a in actions if isinstance(a, Pass)]
    if passing and state.phase != PHASE_PLACE:
        return passing[0]
    choices = [a for a in actions if not isinstance(a, Trade)]
    return rng.choice(choices or list(actions))


def promise(state: GameState) -> float:
    """What a position promises for later decisions: stone, fish and wood to place in the city,
    commodities to keep the Market and Wharf asking, pieces already on city hexes."""
    value = 0.0
    for p in state.players:
        r = p.resources
        value += 1.5 * min(r[_STONE], 6) + 0.5 * min(r[_FISH], 3) + 0.3 * min(sum(p.commodities), 3) + 0.3 * r[_WOOD]
    on_city = sum(
        1 for s, o in enumerate(state.houses) if o >= 0 or o == POWERHOUSE for h in BOARD.spot_hexes[s] if h in _CITY
    )
    return value + 0.8 * on_city


def long_game(players: int, seed: int, width: int, weight: float) -> tuple[GameState, list[Action]]:
    """The longest game the beam search finds: its start and its actions."""
    rng = random.Random(seed)
    start = state = new_game(players, seed=seed)
    actions: list[Action] = []
    while not is_terminal(state) and state.phase != PHASE_PLACE:
        action = between_placements(state, legal_actions(state), rng)
        actions.append(action)
        state = apply(state, action)
    beam = [(state, actions)]
    best: list[Action] = actions
    while beam:
        grown: list[tuple[GameState, list[Action]]] = []
        for state, done in beam:
            if is_terminal(state):
                best = max(best, done, key=len)
                continue
            legal = legal_actions(state)
            placements: list[Action] = [a for a in legal if isinstance(a, Place)] or [legal[0]]
            for place in placements:
                after, steps = apply(state, place), [place]
                while not is_terminal(after) and after.phase != PHASE_PLACE:
                    action = between_placements(after, legal_actions(after), rng)
                    steps.append(action)
                    after = apply(after, action)
                grown.append((after, done + steps))
        grown.sort(key=lambda g: -(len(g[1]) + weight * promise(g[0])))
        beam = grown[:width]
    return start, best


def long_record(players: int, seed: int, width: int, weight: float) -> GameRecord:
    start, actions = long_game(players, seed, width, weight)
    final = start
    for action in actions:
        final = apply(final, action)
    return record_of(start, seed, actions, final=final)


def main() -> int:
    for name, args in GAMES.items():
        record = long_record(*args)
        (HERE / name).write_text(record_to_json(record), encoding="utf-8")
        print(f"wrote {name}: {len(record.actions)} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
