"""Speed-ups must not change results: each fast path against the plain reference it replaces.

Tooling tests (no clause marker): the rules themselves are checked by the rule tests, which
run through the fast paths.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ragusa import apply, is_terminal, legal_actions, new_game
from ragusa.board import BOARD
from ragusa.requirements import evaluate, evaluate_reference, own_house_counts
from ragusa.state import EMPTY, Phase

N_HEX = len(BOARD.hex_ids)
N_SPOT = len(BOARD.spot_ids)


@settings(max_examples=800, deadline=None)
@given(
    res=st.lists(st.integers(0, 9), min_size=6, max_size=6),
    com=st.lists(st.sampled_from([0, 0, 0, 1, 4, 12]), min_size=3, max_size=3),
    counts=st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 5]), min_size=N_HEX, max_size=N_HEX),
    spot=st.integers(0, N_SPOT - 1),
    power=st.booleans(),
    strict=st.booleans(),
)
def test_fast_requirements_equal_the_reference(
    res: list[int], com: list[int], counts: list[int], spot: int, power: bool, strict: bool
) -> None:
    assert evaluate(res, com, counts, spot, power, strict) == evaluate_reference(res, com, counts, spot, power, strict)
    assert evaluate(res, com, counts, spot, power, strict, 1, explain=True) == evaluate_reference(
        res, com, counts, spot, power, strict, 1, explain=True
    )


def test_fast_requirements_on_played_positions() -> None:
    # every free spot, for the seat to place, at every placement of 8 random games (2 to 5 players)
    checked = 0
    for seed in range(8):
        state = new_game(2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not is_terminal(state):
            if state.phase == Phase.PLACE and state.seat is not None:
                p = state.players[state.seat]
                counts = own_house_counts(state.houses, state.seat)
                for s in range(N_SPOT):
                    if state.houses[s] == EMPTY:
                        for power in (False, True):
                            for strict in (False, True):
                                args = (p.resources, p.commodities, counts, s, power, strict)
                                assert evaluate(*args) == evaluate_reference(*args)
                                checked += 1
            actions = legal_actions(state)
            state = apply(state, actions[rng.randrange(len(actions))])
    assert checked > 3000
