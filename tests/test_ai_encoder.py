"""The fast observation encoder equals the view-based specification (issue 14.5): tooling, no clause marker."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings

from ragusa import Action, Options, apply, is_terminal, legal_actions, view
from ragusa.ai.encoder import ObservationEncoder, encode_information_state, encode_observation
from ragusa.ai.ids import legal_ids
from ragusa.ai.observation import OBS_SIZE, information_state, observation
from ragusa.rules.game import new_game
from tests.ai_support import MODES, modes, random_game, seeds


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype == np.float32 and a.shape == b.shape and bool((a == b).all())


@settings(max_examples=12, deadline=None)
@given(mode=modes, seed=seeds)
def test_every_seat_of_every_state_equals_the_specification(mode: tuple[int, str, Options], seed: int) -> None:
    # one encoder follows the game (rewriting only what each move changed), for every seat in turn
    encoder = ObservationEncoder()
    for k, state in enumerate(random_game(mode, seed)):
        ids = legal_ids(state)
        for s in range(state.n_players):
            spec = observation(view(state, s))
            assert _same(encoder.observe(state, s, ids if s == state.seat else None), spec)
            if k % 7 == 0:  # afresh, and finding the legal ids itself
                assert _same(encode_observation(state, s), spec)


def test_any_sequence_of_states_of_any_mode() -> None:
    # one encoder fed states of games of every mode, interleaved and out of order
    games = [list(random_game(mode, 40 + k)) for k, mode in enumerate(MODES)]
    picks = [(g, i) for g, game in enumerate(games) for i in range(0, len(game), 9)]
    random.Random(5).shuffle(picks)
    encoder = ObservationEncoder()
    for g, i in picks:
        state = games[g][i]
        for s in range(state.n_players):
            assert _same(encoder.observe(state, s), observation(view(state, s)))


def test_the_returned_vector_is_the_callers() -> None:
    state = new_game(3, seed=2)
    encoder = ObservationEncoder()
    first = encoder.observe(state, 0)
    kept = first.copy()
    first[:] = 7.0  # the caller may write into it: the encoder's next answer does not change
    assert _same(encoder.observe(state, 0), kept) and first.shape == (OBS_SIZE,)


@settings(max_examples=6, deadline=None)
@given(mode=modes, seed=seeds)
def test_the_information_state_equals_the_specification(mode: tuple[int, str, Options], seed: int) -> None:
    players, edition, options = mode
    state = new_game(players, seed=seed, edition=edition, options=options)
    own: list[list[Action]] = [[] for _ in range(state.n_players)]
    rng, encoder = random.Random(seed), ObservationEncoder()
    while True:
        for s in range(state.n_players):
            spec = information_state(view(state, s), own[s])
            assert _same(encoder.information_state(state, s, own[s]), spec)
        assert _same(encode_information_state(state, 0, own[0]), information_state(view(state, 0), own[0]))
        if is_terminal(state):
            return
        acts = legal_actions(state)
        action = acts[rng.randrange(len(acts))]
        own[state.seat or 0].append(action)
        state = apply(state, action)


@pytest.mark.parametrize("bad", [-1, 3, True, "0"])
def test_a_seat_outside_the_game_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match=r"seat must be 0\.\.2"):
        ObservationEncoder().observe(new_game(3, seed=1), bad)  # type: ignore[arg-type]
