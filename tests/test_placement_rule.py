"""The placement requirement stated once (`ragusa.rules.placement_rule.placement_need`); the fast
masks of the legal moves checked against it on every free spot of every position of the golden games,
and the bounds validation reads from it on every free spot of every placement of the golden games and
of a seeded game of every mode."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from ragusa import apply, new_game
from ragusa.contract.validation.census import Census
from ragusa.contract.validation.common import Found
from ragusa.contract.validation.placement import check_requirements
from ragusa.core.board import BOARD
from ragusa.core.state import EMPTY, GameState, Options, Phase
from ragusa.rules.legal import legal_moves
from ragusa.rules.placement_rule import (
    BOUGHT,
    FISH,
    GRAPES,
    OLIVES,
    ORE,
    STONE,
    WOOD,
    explain_refusal,
    placement_need,
)
from ragusa.rules.two_player import powerhouse_refusal
from tests.boundary_positions import MODES, game
from tests.golden.transcript import actions_of, options_of

GOLDEN = sorted((Path(__file__).resolve().parent / "golden").glob("*.txt"))
S46 = BOARD.spot_index["s46"]


def _counts(houses: tuple[int, ...], seat: int) -> list[int]:
    """The seat's houses per hex, counted here from the board."""
    return [sum(houses[s] == seat for s in BOARD.hex_spots[h]) for h in range(len(BOARD.hex_ids))]


@pytest.mark.clause("BUILD-1", "BUILD-2", "BUILD-3", "BUILD-5", "BUILD-7", "BUILD-8")
def test_the_rulebook_example_spot_needs_what_its_hexes_ask() -> None:
    """s46 touches olive-grove-5 (country: wood), the Architect and the Winery (city: stone; the
    Winery 1 grapes). With one house of the seat on each of the three hexes, the new one is the
    2nd on each: 2 wood, 2 stone, 1 grapes. Holding 1 wood, 2 stone, 1 grapes and 3 fish, it is 1
    wood short, which 2 fish buy (FISH-1), leaving 1; the olive grove gives olives, not wood."""
    counts = [0] * len(BOARD.hex_ids)
    for name in ("olive-grove-5", "architect", "winery"):
        counts[BOARD.hex_index[name]] = 1
    res = [3, 1, 2, 0, 1, 0]  # fish, wood, stone, silver ore, grapes, olives
    need = placement_need(counts, res, (0, 0, 0), S46, False, False)
    assert (need.need[WOOD], need.need[STONE], need.need[GRAPES]) == (2, 2, 1)
    assert need.worst[WOOD] == BOARD.hex_index["olive-grove-5"]
    assert need.short[WOOD] == 1 and need.short[STONE] == 0 and need.fish_cost == 2
    assert need.legal and need.trades == ("wood",)
    poor = placement_need(counts, [1, *res[1:]], (0, 0, 0), S46, False, False)
    assert not poor.legal and poor.have[FISH] - poor.fish_cost == -1
    refusal = explain_refusal(counts, [1, *res[1:]], (0, 0, 0), S46, False, False, 0)
    assert refusal.rule == "BUILD-2"
    assert refusal.message.startswith("the 2nd house on olive-grove-5 needs 2 wood; seat 0 has 1")


def _positions(path: Path) -> list[GameState]:
    head, actions = actions_of(path.read_text(encoding="utf-8"))
    state = new_game(head["players"], seed=head["seed"], edition=head["edition"], options=options_of(head))
    out = [state]
    for action in actions:
        state = apply(state, action)
        out.append(state)
    return out


def _check_position(state: GameState) -> int:
    """Every free spot of the deciding seat's placement: the legal moves' verdict and trades are
    `placement_need`'s (and the powerhouse rule's); a refusal names a BUILD clause. The count."""
    seat = state.seat
    assert seat is not None
    p = state.players[seat]
    moves = legal_moves(state)
    counts = _counts(state.houses, seat)
    checked = 0
    for s in range(len(BOARD.spot_ids)):
        if state.houses[s] != EMPTY:
            assert moves.trades_for(s, False) is None and moves.trades_for(s, True) is None
            continue
        for power, left in ((False, p.houses_left), (True, p.powerhouses_left)):
            need = placement_need(counts, p.resources, p.commodities, s, power, state.options.strict)
            spot_ok = not power or powerhouse_refusal(state.houses, s, state.options.powerhouse_any_hex) is None
            expected = need.trades if left and spot_ok and need.legal else None
            assert moves.trades_for(s, power) == expected, (BOARD.spot_ids[s], power)
            if left and spot_ok and not need.legal:
                why = explain_refusal(counts, p.resources, p.commodities, s, power, state.options.strict, seat)
                assert why.rule in {"BUILD-2", "BUILD-3", "BUILD-7"} and why.message
            checked += 1
    return checked


@pytest.mark.clause(
    "BUILD-1", "BUILD-2", "BUILD-3", "BUILD-4", "BUILD-5", "BUILD-6", "BUILD-7", "BUILD-8", "R-3", "TWO-3", "R-10"
)
@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_the_legal_masks_are_the_rule_on_every_golden_position(path: Path) -> None:
    checked = 0
    for state in _positions(path):
        if state.phase == Phase.PLACE and state.seat is not None:
            checked += _check_position(state)
    assert checked > 500  # every free spot of every placement of the game, house and powerhouse


def _placed(state: GameState, seat: int, spot: int, resources: list[int]) -> GameState:
    """`state` with a house of `seat` on `spot` and the seat holding `resources`."""
    houses = list(state.houses)
    houses[spot] = seat
    p = state.players[seat]
    fish, wood, stone, ore, grapes, olives = resources
    player = attrs.evolve(p, houses_left=p.houses_left - 1, resources=(fish, wood, stone, ore, grapes, olives))
    players = tuple(player if i == seat else q for i, q in enumerate(state.players))
    return attrs.evolve(state, houses=tuple(houses), players=players)


def _requirement_violations(state: GameState) -> list[tuple[str, str]]:
    found = Found()
    check_requirements(state, Census(state), found)
    return [(v.clause, v.path) for v in found.items]


#: the clause a shortfall of each resource breaks: wood BUILD-2, stone BUILD-3, a producer's BUILD-7
SHORT_CLAUSE = {WOOD: "BUILD-2", STONE: "BUILD-3", ORE: "BUILD-7", GRAPES: "BUILD-7", OLIVES: "BUILD-7"}
#: per seat, the JSON paths of the resources a shortfall names
RESOURCE_PATHS = [{f"$.players[{seat}].resources[{r}]" for r in BOUGHT} for seat in range(5)]


def _check_bounds(state: GameState) -> int:
    """Every free spot of the deciding seat's placement, with a house put there: placed with the
    trades `placement_need` makes when it allows the house, validation's requirements find nothing;
    placed with no trades, they find a shortfall of exactly the resources the rule finds short, each
    under its clause. (The Fishmonger's fish and the Market's commodity are bounded by what the
    board shows the seat's houses gave: a weaker bound, since fish are spent and commodities sold.)"""
    seat = state.seat
    assert seat is not None
    p = state.players[seat]
    if not p.houses_left:
        return 0
    counts = _counts(state.houses, seat)
    checked = 0
    for s in range(len(BOARD.spot_ids)):
        if state.houses[s] != EMPTY:
            continue
        need = placement_need(counts, p.resources, p.commodities, s, False, state.options.strict)
        if need.legal:
            paid = [n + need.short[r] for r, n in enumerate(need.have)]
            paid[FISH] -= need.fish_cost
            assert _requirement_violations(_placed(state, seat, s, paid)) == [], BOARD.spot_ids[s]
        short = {(SHORT_CLAUSE[r], f"$.players[{seat}].resources[{r}]") for r in BOUGHT if need.short[r]}
        found = _requirement_violations(_placed(state, seat, s, list(need.have)))
        assert {v for v in found if v[1] in RESOURCE_PATHS[seat]} == short, BOARD.spot_ids[s]
        checked += 1
    return checked


@pytest.mark.clause("BUILD-1", "BUILD-2", "BUILD-3", "BUILD-4", "BUILD-5", "BUILD-6", "BUILD-7", "BUILD-8", "R-3")
@pytest.mark.parametrize(
    "game_of",
    [*GOLDEN, *MODES],
    ids=[*(p.stem for p in GOLDEN), *(f"{n}p-{edition}-seed{40 + i}" for i, (n, edition, _) in enumerate(MODES))],
)
def test_the_validation_bounds_are_the_rule_on_every_reachable_position(
    game_of: Path | tuple[int, str, Options],
) -> None:
    """`ragusa.validate`'s requirement bounds against `placement_need`, on every free spot of every
    placement of the golden games and of a seeded random game of every mode (solo to 5 players, both
    editions, strict, the solo variants)."""
    if isinstance(game_of, Path):
        states = _positions(game_of)
    else:
        players, edition, options = game_of
        states = list(game(players, edition, options, seed=40 + MODES.index(game_of)))
    checked = 0
    for state in states:
        bots = state.solo.bot_seats if state.solo is not None else ()
        if state.phase == Phase.PLACE and state.seat is not None and state.seat not in bots:
            checked += _check_bounds(state)
    assert checked > 300
