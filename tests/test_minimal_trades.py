"""The minimal fish trades of a placement against a brute-force oracle written from the rule text.

The oracle tries every multiset of fish trades the seat can afford, checks each BUILD clause
directly, and keeps the minimal legal sets. The library claims the minimal set is unique (each
requirement is a threshold on one resource) and equal to its shortfall; this checks both, on
random inputs and on every free spot of played games, and that every refused spot is explained.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ragusa import apply, is_terminal, legal_actions, new_game
from ragusa.core.board import BOARD, KIND_CITY, KIND_COUNTRY
from ragusa.core.components import BUILDINGS, RESOURCES
from ragusa.core.state import EMPTY, Phase
from ragusa.rules.legal import legal_moves
from ragusa.rules.moves import board_facts_of
from ragusa.rules.placement_rule import explain_refusal
from ragusa.rules.requirements import (
    HOUSE_REQUIREMENTS,
    POWERHOUSE_REQUIREMENTS,
    needs_from_counts,
    placements,
)

N_HEX = len(BOARD.hex_ids)
N_SPOT = len(BOARD.spot_ids)
FISH, WOOD, STONE, ORE, GRAPES, OLIVES = range(6)
# FISH-1: fish per unit of wood, stone, silver ore, grapes, olives
RATES = {WOOD: 2, STONE: 3, ORE: 4, GRAPES: 2, OLIVES: 2}
PRODUCER_NEEDS = {"winery": GRAPES, "oil-press": OLIVES, "silversmith": ORE}


def oracle(
    res: list[int], com: list[int], counts: Sequence[int], spot: int, power: bool, strict: bool
) -> list[tuple[str, ...]]:
    hexes = BOARD.spot_hexes[spot]
    base = list(res)
    if not power:  # BUILD-6: the house's own gains count; TWO-4: a powerhouse gains nothing
        for h in hexes:
            if BOARD.hex_kind[h] != KIND_CITY:
                base[BOARD.hex_resource[h]] += 1
    buildings = [BUILDINGS[BOARD.hex_building[h]] for h in hexes if BOARD.hex_kind[h] == KIND_CITY]
    legal: list[tuple[int, ...]] = []
    ranges = [range(base[FISH] // RATES[r] + 1) for r in (WOOD, STONE, ORE, GRAPES, OLIVES)]
    for buy in itertools.product(*ranges):
        cost = sum(n * RATES[r] for n, r in zip(buy, (WOOD, STONE, ORE, GRAPES, OLIVES)))
        if cost > base[FISH]:
            continue
        have = list(base)
        have[FISH] -= cost
        for n, r in zip(buy, (WOOD, STONE, ORE, GRAPES, OLIVES)):
            have[r] += n
        ok = True
        for h in hexes:
            if power:
                continue  # TWO-3: no wood or stone for a powerhouse
            if BOARD.hex_kind[h] == KIND_COUNTRY and counts[h] + 1 > have[WOOD]:
                ok = False  # BUILD-2
            if BOARD.hex_kind[h] == KIND_CITY and counts[h] + 1 > have[STONE]:
                ok = False  # BUILD-3
        for b in buildings:  # BUILD-7 (R-10: powerhouses too)
            if b in PRODUCER_NEEDS and have[PRODUCER_NEEDS[b]] < 1:
                ok = False
            if b == "fishmonger" and have[FISH] < 2:
                ok = False
            if b in ("market", "wharf") and sum(com) == 0:
                if strict or not any(x in PRODUCER_NEEDS for x in buildings):
                    ok = False
        if ok:
            legal.append(buy)
    minimal = [b for b in legal if not any(o != b and all(x <= y for x, y in zip(o, b)) for o in legal)]
    names = (RESOURCES[WOOD], RESOURCES[STONE], RESOURCES[ORE], RESOURCES[GRAPES], RESOURCES[OLIVES])
    return [tuple(n for n, k in zip(names, b) for _ in range(k)) for b in minimal]


def trades_for(
    res: list[int], com: list[int], counts: Sequence[int], spot: int, power: bool, strict: bool
) -> tuple[str, ...] | None:
    """What the placement rule gives for one free spot: its minimal trades, or None if illegal."""
    if power:
        legal, traded = placements(POWERHOUSE_REQUIREMENTS, 1 << spot, None, tuple(res), tuple(com), strict)
    else:
        needs = needs_from_counts(counts)
        legal, traded = placements(HOUSE_REQUIREMENTS, 1 << spot, needs, tuple(res), tuple(com), strict)
    return traded.get(spot, ()) if legal >> spot & 1 else None


def check(res: list[int], com: list[int], counts: Sequence[int], spot: int, power: bool, strict: bool) -> None:
    expected = oracle(res, com, counts, spot, power, strict)
    got = trades_for(res, com, counts, spot, power, strict)
    if not expected:
        assert got is None
        refusal = explain_refusal(counts, res, com, spot, power, strict, 0)
        assert refusal.rule in {"BUILD-2", "BUILD-3", "BUILD-7"} and refusal.message
    else:
        assert len(expected) == 1, f"minimal trades not unique: {expected}"
        assert got == expected[0]


@pytest.mark.clause(
    "BUILD-1", "BUILD-2", "BUILD-3", "BUILD-4", "BUILD-5", "BUILD-6", "BUILD-7", "BUILD-8", "R-3", "TWO-3", "R-10"
)
@settings(max_examples=600, deadline=None)
@given(
    res=st.lists(st.integers(0, 9), min_size=6, max_size=6),
    com=st.lists(st.sampled_from([0, 0, 0, 1, 4, 12]), min_size=3, max_size=3),
    counts=st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 5]), min_size=N_HEX, max_size=N_HEX),
    spot=st.integers(0, N_SPOT - 1),
    power=st.booleans(),
    strict=st.booleans(),
)
def test_minimal_trades_match_the_oracle(
    res: list[int], com: list[int], counts: list[int], spot: int, power: bool, strict: bool
) -> None:
    check(res, com, counts, spot, power, strict)


@pytest.mark.clause("BUILD-1", "BUILD-2", "BUILD-3", "BUILD-6", "BUILD-7", "BUILD-8", "TURN-1")
def test_the_legal_moves_of_played_positions_match_the_oracle() -> None:
    # every free spot, for the seat to place, at every placement of 6 random games (2 to 5 players):
    # the state's own legal moves (what legal_actions lists and apply checks) against the oracle
    checked = 0
    for seed in range(6):
        state = new_game(2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not is_terminal(state):
            seat = state.seat
            if state.phase == Phase.PLACE and seat is not None and state.players[seat].houses_left:
                p = state.players[seat]
                moves = legal_moves(state)
                counts = board_facts_of(state).needs(seat)[1].counts
                for s in range(N_SPOT):
                    if state.houses[s] == EMPTY:
                        expected = oracle(list(p.resources), list(p.commodities), counts, s, False, False)
                        assert moves.trades_for(s, False) == (expected[0] if expected else None)
                        checked += 1
            actions = legal_actions(state)
            state = apply(state, actions[rng.randrange(len(actions))])
    assert checked > 2000
