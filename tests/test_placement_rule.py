"""The placement requirement stated once (`ragusa.rules.placement_rule.placement_need`), and the fast
masks of the legal moves checked against it on every free spot of every position of the golden games."""

from __future__ import annotations

from pathlib import Path

import pytest

from ragusa import apply, new_game
from ragusa.core.board import BOARD
from ragusa.core.state import EMPTY, GameState, Phase
from ragusa.rules.legal import legal_moves
from ragusa.rules.placement_rule import FISH, GRAPES, STONE, WOOD, explain_refusal, placement_need
from ragusa.rules.two_player import powerhouse_refusal
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
