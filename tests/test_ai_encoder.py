"""The fast observation encoder equals the view-based specification: tooling, no clause marker."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings

from ragusa import Action, Options, apply, is_terminal, legal_actions, view
from ragusa.ai import encoder_parts
from ragusa.ai.batch_encoder import BatchEncoder
from ragusa.ai.encoder import ObservationEncoder, encode_information_state, encode_observation
from ragusa.ai.ids import legal_ids
from ragusa.ai.observation_vectors import LAYOUT, OBS_SIZE, information_state, observation
from ragusa.rules.chance import chance_outcomes, is_chance
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


def _without_legal(vec: np.ndarray) -> np.ndarray:
    out = vec.copy()
    out[LAYOUT["legal"]] = 0.0
    return out


@pytest.mark.parametrize("seat", [0, 1])
def test_a_batch_of_games_equals_the_specification_row_by_row(seat: int) -> None:
    # rows of games of every mode with two seats or more, each row following its game at its own pace
    # (states skipped, a game over, then another game with another number of seats in the same row):
    # each row is the seat's observation without its legal ids
    games = [list(random_game(mode, 60 + k)) for k, mode in enumerate(MODES) if mode[0] > 1]
    rows = len(games) // 2
    encoder, out = BatchEncoder(rows), np.full((rows, OBS_SIZE), 9.0, np.float32)
    rng = random.Random(seat)
    at = [0] * len(games)
    for _ in range(60):
        states = []
        for r in range(rows):
            g = r if at[r] < len(games[r]) else rows + (r + 1) % rows  # then a game of other seats
            at[g] = min(at[g] + rng.randrange(1, 4), len(games[g]))
            states.append(games[g][at[g] - 1])
        encoder.observe(states, seat, out)
        for row, state in zip(out, states):
            assert _same(row, _without_legal(observation(view(state, seat))))
    assert all(a == len(g) for a, g in zip(at[:rows], games[:rows])) and all(at[rows:])  # every row switched
    # one row alone, as a new array, with its legal ids
    state = games[-1][len(games[-1]) // 2]
    assert _same(encoder.row(0, state, seat), observation(view(state, seat)))
    with pytest.raises(ValueError, match="seat must be"):
        encoder.observe(states, 5, out)


def test_the_places_a_move_changed() -> None:
    # owners a byte a place: the first, a middle and the last of 75 places change (a reserved spot
    # taken by seat 0, an empty one by a powerhouse, an empty one by seat 4); the others stay
    old = [-1] * 75
    old[0] = -3
    new = list(old)
    new[0], new[9], new[74] = 0, -2, 4
    key = encoder_parts.owners_key
    assert encoder_parts.changed_places(key(old), key(new)) == [74, 9, 0]
    assert encoder_parts.changed_places(key(new), key(new)) == []


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


@settings(max_examples=12, deadline=None)
@given(mode=modes, seed=seeds)
def test_the_deciding_seat_along_a_game_as_the_adapters_ask(mode: tuple[int, str, Options], seed: int) -> None:
    # the adapters' use: the deciding seat only, its ids given, each state right after `apply` made it
    encoder = ObservationEncoder()
    for state in random_game(mode, seed):
        seat = state.seat if state.seat is not None else 0
        ids = legal_ids(state) if state.seat is not None else None
        assert _same(encoder.observe(state, seat, ids), observation(view(state, seat)))


def test_states_of_other_games_and_states_skipped() -> None:
    # two games interleaved, states skipped, while the engine makes boards of a third: the
    # encoder compares each state with the last one it wrote
    rng = random.Random(3)
    for mode in MODES:
        games = [list(random_game(mode, 70 + k)) for k in range(2)]
        encoder = ObservationEncoder()
        for i in range(0, max(map(len, games)), 1 + rng.randrange(3)):
            for game in games:
                state = game[min(i, len(game) - 1)]
                seat = rng.randrange(state.n_players)
                other = games[0][rng.randrange(len(games[0]))]
                if not is_terminal(other):
                    apply(other, legal_actions(other)[0])
                assert _same(encoder.observe(state, seat), observation(view(state, seat)))


def test_the_shared_memos_emptied() -> None:
    # the parts kept in memos shared by every encoder (by what they show), emptied again and
    # again, give the same vectors
    memos = (
        encoder_parts.decision,
        encoder_parts.vp,
        encoder_parts.gather,
    )
    for k, mode in enumerate(MODES):
        encoders = [ObservationEncoder(), ObservationEncoder()]
        for i, state in enumerate(random_game(mode, 90 + k)):
            memos[i % len(memos)].cache_clear()
            seat = state.seat if state.seat is not None else i % state.n_players
            assert _same(encoders[i % 2].observe(state, seat), observation(view(state, seat)))


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_games_with_explicit_chance(players: int) -> None:
    # at a chance node nobody decides: no Rector cards and no legal ids, as the view shows
    rng, encoder = random.Random(players), ObservationEncoder()
    state, nodes = new_game(players, chance=True), 0
    for _ in range(400):
        if is_terminal(state):
            break
        node = is_chance(state)
        nodes += node
        for s in range(state.n_players):
            assert _same(encoder.observe(state, s), observation(view(state, s)))
        if node:
            state = apply(state, rng.choice([o for o, _ in chance_outcomes(state)]))
        else:
            acts = legal_actions(state)
            state = apply(state, acts[rng.randrange(len(acts))])
    assert nodes > 0


def test_observe_writes_into_a_row_of_a_batch() -> None:
    state = new_game(3, seed=9)
    batch = np.full((2, OBS_SIZE), 7.0, np.float32)
    encoder = ObservationEncoder()
    for row, seat in ((0, 0), (1, 2)):
        got = encoder.observe(state, seat, None, batch[row])
        assert np.shares_memory(got, batch) and np.array_equal(batch[row], observation(view(state, seat)))
