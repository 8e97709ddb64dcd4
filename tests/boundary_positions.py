"""Real positions for the boundary tests: random games of every mode, and the first state of each
phase met in them."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

from ragusa import GameState, Options, apply, is_terminal, legal_actions, new_game
from ragusa.core.state import Phase

DEFAULT = Options()

#: (players, edition, options) of the games the tests play: every mode and variant
MODES: tuple[tuple[int, str, Options], ...] = (
    (2, "2nd", Options()),
    (2, "1st", Options(strict=True)),
    (3, "2nd", Options()),
    (4, "1st", Options()),
    (5, "2nd", Options(strict=True)),
    (1, "2nd", Options()),
    (1, "1st", Options(solo_easier_rector=True)),
    (1, "2nd", Options(solo_harder=True, solo_human_first=True)),
)


def game(players: int, edition: str, options: Options, seed: int, *, chance: bool = False) -> Iterator[GameState]:
    """Every state of one random game (`seed` picks the moves), from the new game to the end; with
    `chance`, a game with explicit chance whose outcomes are picked like its moves, chance nodes included."""
    rng = random.Random(seed)
    if chance:
        state = new_game(players, edition=edition, options=options, chance=True)
    else:
        state = new_game(players, seed=seed, edition=edition, options=options)
    yield state
    while not is_terminal(state):
        state = apply(state, rng.choice(legal_actions(state)))
        yield state


@functools.cache
def by_phase(players: int, options: Options = DEFAULT) -> dict[Phase, GameState]:
    """The first state of each phase met in a few random games of ``players``."""
    found: dict[Phase, GameState] = {}
    for seed in range(12):
        for state in game(players, "2nd", options, seed):
            found.setdefault(state.phase, state)
        if len(found) == len(Phase) - (1 if players == 1 else 0):
            break
    return found


def middle(players: int, options: Options = DEFAULT, seed: int = 1) -> GameState:
    """A place-phase position half-way through a random game."""
    states = [s for s in game(players, "2nd", options, seed) if s.phase == Phase.PLACE]
    return states[len(states) // 2]


def last(players: int, options: Options = DEFAULT, seed: int = 1) -> GameState:
    """The final position of a random game."""
    *_, end = game(players, "2nd", options, seed)
    return end
