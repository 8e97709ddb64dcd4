"""Observation vectors: tooling, no clause marker."""

from __future__ import annotations

import random

import attrs
import numpy as np
from hypothesis import given, settings

from ragusa import GameState, Options, Place, apply, legal_actions, new_game, view
from ragusa.ai.encoder import ObservationEncoder, encode_observation
from ragusa.ai.ids import NUM_ACTIONS, action_id
from ragusa.ai.observation_vectors import (
    INFO_LAYOUT,
    INFO_SIZE,
    LAYOUT,
    OBS_SIZE,
    information_state,
    observation,
    observation_list,
)
from ragusa.bots import GreedyBot, play
from tests.ai_support import modes, random_game, seeds


def _midgame(players: int, seed: int, decisions: int) -> GameState:
    state = new_game(players, seed=seed)
    greedy, rng = GreedyBot(), random.Random(seed)
    for _ in range(decisions):
        state = apply(state, greedy.choose(state, legal_actions(state), rng))
    return state


def _hidden_changed(state: GameState, seat: int) -> GameState:
    """``state`` with everything ``seat`` cannot see changed: the other seats' bonus cards swapped
    with deck cards, both decks reordered, another generator."""
    deck = list(state.bonus_deck)
    players = list(state.players)
    for s, p in enumerate(players):
        if s != seat and p.bonus_cards:
            swap = deck.pop(0)
            deck.append(p.bonus_cards[0])
            players[s] = attrs.evolve(p, bonus_cards=(swap,) + p.bonus_cards[1:])
    return attrs.evolve(
        state,
        players=tuple(players),
        bonus_deck=tuple(reversed(deck)),
        ship_deck=tuple(reversed(state.ship_deck)),
        rng=state.rng ^ 0x5DEECE66D,
    )


def test_layout_is_contiguous_and_fixed() -> None:
    parts = list(LAYOUT.values())
    assert parts[0].start == 0 and parts[-1].stop == OBS_SIZE
    assert all(a.stop == b.start for a, b in zip(parts, parts[1:]))
    assert LAYOUT["legal"].stop - LAYOUT["legal"].start == NUM_ACTIONS
    assert INFO_SIZE == OBS_SIZE + 2 * NUM_ACTIONS and INFO_LAYOUT["own_last"].stop == INFO_SIZE


@settings(max_examples=6, deadline=None)
@given(mode=modes, seed=seeds)
def test_every_seat_every_state_has_the_fixed_length(mode: tuple[int, str, Options], seed: int) -> None:
    for k, state in enumerate(random_game(mode, seed)):
        if k % 5:
            continue
        for s in range(state.n_players):
            vec = observation(view(state, s))
            assert vec.shape == (OBS_SIZE,) and vec.dtype == np.float32
            assert np.isfinite(vec).all() and vec.min() >= 0.0


def test_what_a_seat_cannot_see_does_not_change_its_observation() -> None:
    state = _midgame(4, seed=3, decisions=20)
    other = _hidden_changed(state, seat=0)
    assert other != state and other.players[1].bonus_cards != state.players[1].bonus_cards
    assert (observation(view(state, 0)) == observation(view(other, 0))).all()
    # ... while seat 1 sees its own card change
    assert not (observation(view(state, 1)) == observation(view(other, 1))).all()


def test_what_a_seat_cannot_see_does_not_change_its_fast_observation() -> None:
    # the same for ragusa.ai.encoder, which reads the full state: afresh, and one encoder
    # going from one state to the other (its kept part must not carry hidden information over)
    state = _midgame(4, seed=3, decisions=20)
    other = _hidden_changed(state, seat=0)
    assert (encode_observation(state, 0) == encode_observation(other, 0)).all()
    encoder = ObservationEncoder()
    assert (encoder.observe(state, 0) == encoder.observe(other, 0)).all()
    assert (encoder.observe(state, 0) == observation(view(other, 0))).all()
    assert not (encode_observation(state, 1) == encode_observation(other, 1)).all()
    for s in range(4):  # the legal ids, the Rector's cards and the dealt cards too, at every seat
        assert (encoder.observe(other, s) == observation(view(other, s))).all()


def test_the_viewer_is_always_relative_seat_zero() -> None:
    state = _midgame(3, seed=8, decisions=30)
    for s in range(3):
        obs = observation_list(view(state, s))
        seats = obs[LAYOUT["seats"]]
        per_seat = len(seats) // 5
        fish = seats[1]  # relative seat 0: present flag, then resources (fish first)
        assert seats[0] == 1.0 and fish == state.players[s].resources[0] / 10.0
        assert seats[3 * per_seat] == 0.0  # a 3-player game has no relative seats 3 and 4
    houses = observation(view(state, 1))[LAYOUT["houses"]].reshape(-1, 7)
    own = [i for i, h in enumerate(state.houses) if h == 1]
    assert sorted(np.nonzero(houses[:, 0])[0].tolist()) == own


def test_the_mask_part_is_the_legal_ids() -> None:
    state = _midgame(2, seed=1, decisions=7)
    seat = state.seat
    assert seat is not None
    part = observation(view(state, seat))[LAYOUT["legal"]]
    assert sorted(np.nonzero(part)[0].tolist()) == sorted(action_id(a) for a in legal_actions(state))
    assert not observation(view(state, 1 - seat))[LAYOUT["legal"]].any()


def test_information_state_adds_the_seats_own_actions() -> None:
    state = _midgame(2, seed=2, decisions=4)
    v = view(state, 0)
    history = [Place("s46"), Place("s46"), Place("s1")]
    info = information_state(v, history)
    assert info.shape == (INFO_SIZE,)
    assert (info[:OBS_SIZE] == observation(v)).all()
    counts = info[INFO_LAYOUT["own_actions"]]
    assert counts[action_id(Place("s46"))] == np.float32(0.2) and counts.sum() == np.float32(0.3)
    assert info[INFO_LAYOUT["own_last"]].tolist().index(1.0) == action_id(Place("s1"))
    assert not information_state(v, [])[OBS_SIZE:].any()


def test_a_finished_game_reveals_every_card() -> None:
    final = play(new_game(2, seed=4), [GreedyBot()] * 2, random.Random(4))
    seats = observation(view(final, 0))[LAYOUT["seats"]]
    per_seat = len(seats) // 5
    cards = seats[per_seat : 2 * per_seat][-16:]
    assert cards.sum() == len(final.players[1].bonus_cards)
