"""Random games of every mode for the AI interface tests (tests/test_ai_*.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import strategies as st

from ragusa import GameState, Options, apply, is_terminal, legal_actions, new_game

#: (players, edition, options): every mode (solo with each variant, 2-5 players, strict R-3)
MODES: list[tuple[int, str, Options]] = [
    (n, ed, opt)
    for ed in ("1st", "2nd")
    for n, opt in (
        (1, Options()),
        (1, Options(solo_human_first=True, solo_easier_rector=True)),
        (1, Options(solo_harder=True)),
        (2, Options()),
        (3, Options(strict=True)),
        (4, Options()),
        (5, Options()),
    )
]

modes = st.sampled_from(MODES)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def random_game(mode: tuple[int, str, Options], seed: int) -> Iterator[GameState]:
    """Every state of one game of ``mode`` played by uniformly random choices (the last is terminal)."""
    players, edition, options = mode
    state = new_game(players, seed=seed, edition=edition, options=options)
    rng = random.Random(seed)
    while True:
        yield state
        if is_terminal(state):
            return
        acts = legal_actions(state)
        state = apply(state, acts[rng.randrange(len(acts))])
