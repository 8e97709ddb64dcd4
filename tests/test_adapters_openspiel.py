"""The OpenSpiel adapter: OpenSpiel's random simulation test and bots, and what they
do not check (explicit chance nodes, tensors, resampling, serialization, returns)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from ragusa.adapters.openspiel import RagusaGame, RagusaState
from ragusa.ai.chance import NUM_OUTCOMES, OUTCOMES, outcome_id
from ragusa.ai.ids import legal_ids
from ragusa.ai.observation_vectors import INFO_LAYOUT, INFO_SIZE, LAYOUT, OBS_SIZE, information_state, observation
from ragusa.contract.views import view
from ragusa.core.actions import ChanceOutcome
from ragusa.rules.game import new_game
from ragusa.rules.queries import winners
from tests.chance_support import Oracle, setup_oracle


def _load(**params: Any) -> Any:
    return pyspiel.load_game("python_ragusa", params)


@pytest.mark.parametrize("edition", ["1st", "2nd"])
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_openspiel_random_sim_test_passes(players: int, edition: str) -> None:
    pyspiel.random_sim_test(_load(players=players, edition=edition), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", ["human_first", "easier_rector", "harder"])
def test_openspiel_random_sim_test_passes_for_each_solo_variant(variant: str) -> None:
    for edition in ("1st", "2nd"):
        game = _load(players=1, edition=edition, **{variant: True})
        assert getattr(game.options, f"solo_{variant}")
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def _random_walk(state: Any, steps: int, seed: int) -> Any:
    """`steps` random actions and outcomes, then on to the next decision."""
    rng = random.Random(seed)
    k = 0
    while not state.is_terminal() and (k < steps or state.is_chance_node()):
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        k += 1
    return state


def test_chance_nodes_have_exact_probabilities_and_fixed_outcome_ids() -> None:
    game = _load(players=2)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == NUM_OUTCOMES == len(set(OUTCOMES)) == 26 + 16 + 10 + 5
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.chance_outcomes() == [(i, 1 / 26) for i in range(26)]  # the setup's first ship: any of 26
    assert state.legal_actions() == list(range(26))
    state.apply_action(3)
    assert [i for i, _ in state.chance_outcomes()] == [i for i in range(26) if i != 3]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == f"chance: {OUTCOMES[3]}"
    with pytest.raises(Exception, match="cannot come out here"):
        state.apply_action(3)


def test_the_seeded_draws_as_chance_actions_give_the_engines_seeded_game() -> None:
    game = _load(players=3, edition="1st")
    state = game.new_initial_state()
    oracle: Oracle = setup_oracle(3, 21)
    while state.is_chance_node():
        node = state.ragusa_state.chance.node
        state.apply_action(outcome_id(ChanceOutcome(oracle.outcome(node))))
    expected = new_game(3, seed=21, edition="1st")
    assert state.current_player() == expected.seat
    assert state.ragusa_state.slots == expected.slots and state.ragusa_state.dealt == expected.dealt
    assert state.legal_actions() == sorted(legal_ids(expected))
    assert game.num_distinct_actions() > max(state.legal_actions())


def test_tensors_are_the_ai_vectors_of_each_players_view() -> None:
    game = _load(players=4)
    state = _random_walk(game.new_initial_state(), 40, 8)
    assert game.observation_tensor_size() == OBS_SIZE and game.information_state_tensor_size() == INFO_SIZE
    for p in range(4):
        v = view(state.ragusa_state, p)
        assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32), observation(v))
        own = state.held.own[p]
        assert own  # every seat has acted in 40 steps of a 4-player game (18 are the setup's draws)
        assert np.array_equal(np.asarray(state.information_state_tensor(p), np.float32), information_state(v, own))
        assert state.observation_string(p) != state.observation_string((p + 1) % 4)


def test_the_observer_names_the_layout_parts() -> None:
    game = _load(players=2)
    for perfect_recall, layout in ((False, LAYOUT), (True, INFO_LAYOUT)):
        obs = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=perfect_recall))
        assert list(obs.dict) == sorted(layout, key=lambda k: layout[k].start)
        assert sum(a.size for a in obs.dict.values()) == obs.tensor.size
        obs.set_from(game.new_initial_state(), 0)
        assert not obs.dict["legal"].any()  # at a chance node nobody has legal actions
        state = _random_walk(game.new_initial_state(), 0, 0)
        obs.set_from(state, state.current_player())
        assert obs.dict["legal"].any()  # the deciding seat's own legal ids in its observation
    with pytest.raises(ValueError, match="one player's observation"):
        game.make_py_observer(
            pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
        )


@pytest.mark.parametrize("players", [1, 2, 4])
def test_serialize_round_trip(players: int) -> None:
    game = _load(players=players)
    state = _random_walk(game.new_initial_state(), 40, players)
    back = game.deserialize_state(state.serialize())
    assert back.ragusa_state == state.ragusa_state
    assert back.history() == state.history()
    assert back.held.own == state.held.own
    assert back.information_state_string(0) == state.information_state_string(0)
    assert back.legal_actions() == state.legal_actions()


def test_resampling_keeps_the_information_state_and_redraws_hidden_cards() -> None:
    game = _load(players=3)
    state = _random_walk(game.new_initial_state(), 20, 6)
    player = state.current_player()
    key = state.information_state_string(player)
    others: set[tuple[str, ...]] = set()
    for k in range(20):
        sample = state.resample_from_infostate(player, lambda k=k: (k + 0.5) / 20)
        assert isinstance(sample, RagusaState)
        assert sample.information_state_string(player) == key
        assert sample.legal_actions() == state.legal_actions()
        chance = sample.ragusa_state.chance  # the sample's undrawn cards are unknown again
        assert chance is not None and chance == state.ragusa_state.chance
        other = (player + 1) % 3
        others.add(tuple(sample.ragusa_state.players[other].bonus_cards))
    assert len(others) > 1  # another seat's hidden bonus card is drawn again, not copied


def test_returns_are_win_shares() -> None:
    for players, seed in ((1, 4), (2, 4), (5, 4)):
        state = _random_walk(_load(players=players).new_initial_state(), 10_000, seed)
        assert state.is_terminal()
        won = winners(state.ragusa_state)
        assert state.returns() == [1 / len(won) if s in won else 0.0 for s in range(players)]
        if players > 1:
            assert sum(state.returns()) == pytest.approx(1.0)


def test_openspiel_mcts_and_ismcts_bots_play_to_the_end() -> None:
    for players in (1, 2):
        game = _load(players=players)
        rs = np.random.RandomState(0)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        bots = [
            ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=rs),
            mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=evaluator, random_state=rs),
        ]
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rs.choice(ids, p=probs)))
            else:
                state.apply_action(bots[state.current_player()].step(state))
        assert state.is_terminal() and len(state.returns()) == players


@pytest.mark.parametrize(
    "params,message",
    [
        ({"players": 6}, "players must be 1"),
        ({"edition": "3rd"}, "edition must be one of"),
        ({"players": 2, "harder": True}, "only to the solo game"),
    ],
)
def test_bad_parameters_are_named(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RagusaGame(params)


def test_the_seed_parameter_is_gone() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'seed'"):
        _load(seed=1)


def test_an_illegal_id_is_refused_by_name() -> None:
    state = _random_walk(_load(players=2).new_initial_state(), 0, 1)
    assert not state.is_chance_node()
    illegal = next(i for i in range(state.num_distinct_actions()) if i not in state.legal_actions())
    with pytest.raises(Exception, match="is not legal"):
        state.apply_action(illegal)


@pytest.mark.parametrize("players", [1, 2, 5])
def test_the_fast_tensors_are_the_specification_at_every_node_of_a_game(players: int) -> None:
    """The observer writes through the fast encoder: at every node of a whole game, chance nodes
    and the end included, both tensors of every player equal the specification's vectors."""
    game = _load(players=players)
    state, rng, nodes = game.new_initial_state(), random.Random(players), 0
    seats = len(state.held.own)
    while True:
        for p in range(seats):
            v = view(state.ragusa_state, p)
            assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32), observation(v))
            info = np.asarray(state.information_state_tensor(p), np.float32)
            assert np.array_equal(info, information_state(v, state.held.own[p]))
        nodes += 1
        if state.is_terminal():
            break
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert nodes > 40


def test_the_game_length_bound_holds_and_is_counted_from_the_rules() -> None:
    from ragusa.adapters.openspiel import MAX_GAME_LENGTH

    # 2 players (ragusa.adapters.game_length, term by term in tests/test_game_length.py): 2 setup cards,
    # 28 placements, 30 turn passes, 30 orders, 12 at the Rector's Palace, 150 building decisions, 13
    # trades, 2 end passes: 267
    assert MAX_GAME_LENGTH[2] == 267
    assert _load(players=2).max_game_length() == 267
    for players in (2, 4):
        game, longest = _load(players=players), 0
        for seed in range(5):
            state = _random_walk(game.new_initial_state(), 10**6, seed)
            decisions = sum(1 for h in state.full_history() if h.player >= 0)
            longest = max(longest, decisions)
        assert longest <= MAX_GAME_LENGTH[players]
