"""How long a game can be (`ragusa.adapters.game_length`): each term of the bound against numbers
worked out by hand from the board, and games of every kind (random, the bots', the long games of
tests/long_games/) checked against every term."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from ragusa.adapters.game_length import (
    DecisionBound,
    activations,
    asking_hexes,
    decision_bound,
    hex_touches,
    landing_activations,
    max_decisions,
    order_decisions,
    solo_activations,
)
from ragusa.bots import make_bot
from ragusa.contract.records import initial_state, record_from_json, verify
from ragusa.core.actions import Action, ActivateHex, ChooseBonus, Pass, Place, Trade
from ragusa.core.board import BOARD
from ragusa.core.components import BUILDINGS
from ragusa.core.state import (
    PHASE_END_TRADE,
    PHASE_ORDER,
    PHASE_PLACE,
    PHASE_RECTOR_DRAW,
    PHASE_RECTOR_KEEP,
    PHASE_SETUP_BONUS,
    GameState,
)
from ragusa.rules.game import new_game
from ragusa.rules.legal import legal_actions
from ragusa.rules.queries import is_terminal
from ragusa.rules.resolution import apply

LONG_GAMES = sorted((Path(__file__).resolve().parent / "long_games").glob("*.json"))


def _spot(name: str) -> int:
    return BOARD.spot_index[name]


def _kind(state: GameState, action: Action) -> str:
    """The term of `DecisionBound` that counts `action`, taken in `state`."""
    if isinstance(action, Trade):
        return "trades"
    phase = state.phase
    if phase == PHASE_SETUP_BONUS:
        assert isinstance(action, ChooseBonus)
        return "setup"
    if phase == PHASE_PLACE:
        return "placements" if isinstance(action, Place) else "turn_passes"
    if phase == PHASE_ORDER:
        assert isinstance(action, ActivateHex)
        return "orders"
    if phase in (PHASE_RECTOR_DRAW, PHASE_RECTOR_KEEP):
        return "rector"
    if phase == PHASE_END_TRADE:
        assert isinstance(action, Pass)
        return "end_passes"
    return "buildings"  # Mason, Architect, Market, Wharf, and the pass closing a trade window


def _check(players: int, state: GameState, actions: list[Action]) -> int:
    """Apply `actions` from `state` (the game must end), checking every term; the decisions."""
    bound = decision_bound(players)
    counts: Counter[str] = Counter()
    for action in actions:
        counts[_kind(state, action)] += 1
        state = apply(state, action)
    assert is_terminal(state)
    for kind, n in counts.items():
        assert n <= getattr(bound, kind), (kind, n, bound)
    assert len(actions) <= bound.total == max_decisions(players)
    return len(actions)


def _played(players: int, seed: int, bot: str) -> tuple[GameState, list[Action]]:
    start = state = new_game(players, seed=seed)
    chooser, rng, actions = make_bot(bot), random.Random(seed), []
    while not is_terminal(state):
        action = chooser.choose(state, legal_actions(state), rng)
        actions.append(action)
        state = apply(state, action)
    return start, actions


def test_each_term_from_the_board() -> None:
    # every building's hex has 6 spots: 6 pieces land there at most, the j-th activating j houses
    assert [activations(m) for m in (0, 1, 2, 6)] == [0, 1, 3, 21]
    asking = asking_hexes()
    names = {BUILDINGS[BOARD.hex_building[h]] for h in asking}
    assert names == {"mason", "architect", "market", "wharf", "winery", "oil-press", "silversmith", "fishmonger"}
    assert {len(BOARD.hex_spots[h]) for h in asking} == {6}
    # 32 spots touch these hexes: 16 touch two of them, 16 one (8 hexes x 6 spots = 48 = 2 x 16 + 16)
    touches = Counter(hex_touches(s, asking) for s in range(len(BOARD.spot_ids)))
    assert touches == Counter({0: 43, 1: 16, 2: 16})
    # 2 players, 28 pieces: at most 16 x 2 + 12 x 1 = 44 landings; 7 hexes full (7 x 21) and 2 on
    # the eighth (1 + 2): 150. From 3 players on every spot can be taken: 48 landings, 8 x 21 = 168
    assert landing_activations(asking, 44, {}) == 150
    assert landing_activations(asking, 48, {}) == 168
    # a cap (the Mason's 22 wall segments, 15 towers of one seat) holds a hex below its 21
    mason = BOARD.building_hex[BUILDINGS.index("mason")]
    assert landing_activations(asking, 48, {mason: 15}) == 162
    # solo: the human's 9 houses touch the asking hexes at most 9 x 2 = 18 times; no opening house
    # stands on a city hex, so the 18 largest counts of 6, 5, ..., 1 per hex are 8 x 6 + 8 x 5 + 2 x 4
    assert solo_activations(asking, 18, [], []) == 96
    # an opening house of the human's on the one hex: activated by each of the 6 - 1 = 5 later pieces
    hexes = [h for h in asking if h == mason]
    assert solo_activations(hexes, 0, [BOARD.hex_spots[mason][0]], [BOARD.hex_spots[mason][0]]) == 5


@pytest.mark.clause("ACT-5", "ED-6", "R-5", "TWO-5")
def test_order_decisions_by_spot() -> None:
    # s33: silver mine, Silversmith, vineyard. The mine's ore feeds the Silversmith: with the three
    # left the order matters (1); the vineyard first leaves the mine and the Silversmith (2)
    assert order_decisions(_spot("s33")) == 2
    # s74: Fishmonger and two sea hexes: both seas give fish the Fishmonger reads
    assert order_decisions(_spot("s74")) == 2
    # s2: quarry and two silver mines: nothing reads what another writes
    assert order_decisions(_spot("s2")) == 0
    # a powerhouse on s60 (Rector's Palace, Wharf, Winery) activates the three city hexes: the
    # Rector's cards before the Wharf's sale, the Winery's wine before it (2)
    assert order_decisions(_spot("s60"), True) == 2
    # 15 spots can ask twice, none once; the 28 pieces of 2 players: 15 x 2 = 30
    assert Counter(order_decisions(s) for s in range(len(BOARD.spot_ids))) == Counter({0: 60, 2: 15})
    assert decision_bound(2).orders == 30


@pytest.mark.clause("SETUP-2", "SETUP-6", "TURN-1", "R-14", "RECTOR-1", "FISH-1", "ACT-2", "END-2")
def test_the_terms_of_4_players() -> None:
    # 4 x 10 houses; each seat passes at most once more than the 30 pieces of the others: 4 x 31;
    # the Rector's Palace's 6 spots, a draw and a keep each; 9 spots touch two sea hexes and 9 one:
    # 27 fish, 13 trades of 2
    assert decision_bound(4) == DecisionBound(
        setup=4,
        placements=40,
        turn_passes=124,
        orders=30,
        rector=12,
        buildings=168,
        trades=13,
        end_passes=4,
    )
    assert max_decisions(4) == 4 + 40 + 124 + 30 + 12 + 168 + 13 + 4 == 395


@pytest.mark.clause("SETUP-2", "TWO-1", "R-14", "ACT-3")
@pytest.mark.parametrize(
    ("players", "pieces", "passes", "buildings", "total"),
    [
        # 2 x (12 + 2) pieces; 2 + 28 passes; 44 landings on the asking hexes: 150
        (2, 28, 30, 150, 2 + 28 + 30 + 30 + 12 + 150 + 13 + 2),
        # 3 x 12; 3 + 2 x 36 passes; every asking spot taken: 168
        (3, 36, 75, 168, 3 + 36 + 75 + 30 + 12 + 168 + 13 + 3),
        # 5 x 9; 5 + 4 x 45 passes
        (5, 45, 185, 168, 5 + 45 + 185 + 30 + 12 + 168 + 13 + 5),
    ],
)
def test_the_terms_by_players(players: int, pieces: int, passes: int, buildings: int, total: int) -> None:
    bound = decision_bound(players)
    assert (bound.setup, bound.placements, bound.turn_passes) == (players, pieces, passes)
    assert (bound.orders, bound.rector, bound.buildings, bound.trades, bound.end_passes) == (
        30,
        12,
        buildings,
        13,
        players,
    )
    assert max_decisions(players) == bound.total == total


@pytest.mark.clause("SOLO-1", "SOLO-3", "R-22", "R-14")
def test_the_terms_of_solo() -> None:
    # the human places 9 houses and chooses no setup card; with the human first the bots keep 18
    # pieces to place, each a chance for the human to pass once more: 19
    bound = decision_bound(1)
    assert (bound.setup, bound.placements, bound.turn_passes, bound.end_passes) == (0, 9, 19, 1)
    # 9 placements on spots that ask two orders; the 9 spots with the most sea hexes give 9 x 2 fish
    assert (bound.orders, bound.rector, bound.buildings, bound.trades) == (18, 12, 96, 9)
    assert max_decisions(1) == 164


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_and_bot_games_stay_within_every_term(players: int) -> None:
    for bot, games in (("random", 40), ("greedy", 3), ("expert", 2)):
        for seed in range(games):
            _check(players, *_played(players, seed, bot))


@pytest.mark.parametrize("path", LONG_GAMES, ids=[p.name for p in LONG_GAMES])
def test_the_long_games_are_legal_and_within_every_term(path: Path) -> None:
    record = record_from_json(path.read_text(encoding="utf-8"))
    result = verify(record)
    assert result.ok and result.over and result.applied == len(record.actions)
    decisions = _check(record.players, initial_state(record), list(record.actions))
    # the bound is within twice the longest game known (solo 164 for 83; 5 players 463 for 238)
    assert max_decisions(record.players) <= 2 * decisions


def test_no_proven_bound_is_within_twice_the_random_games() -> None:
    # the longest of 100 random games (seeds 0-99) by players, and the long game of each: every long
    # game is more than twice as long, so any true bound is too
    longest_random = {1: 33, 2: 75, 3: 91, 4: 107, 5: 118}
    long_games = [record_from_json(p.read_text(encoding="utf-8")) for p in LONG_GAMES]
    assert sorted(r.players for r in long_games) == [1, 2, 3, 4, 5]
    for record in long_games:
        assert len(record.actions) > 2 * longest_random[record.players]
    for players, length in longest_random.items():
        games = (_played(players, seed, "random") for seed in range(100))
        assert max(len(actions) for _, actions in games) == length
