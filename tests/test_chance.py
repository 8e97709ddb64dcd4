"""Explicit chance: chance nodes with exact probabilities, the same games as the
seeded mode when given the seeded draws, and chance-mode states through JSON and validation."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ragusa import (
    IllegalActionError,
    InvalidInputError,
    Options,
    apply,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    state_from_json,
    state_to_json,
    validate,
    view,
    view_from_json,
    view_to_json,
)
from ragusa.ai.chance import NUM_OUTCOMES, OUTCOMES, chance_ids, outcome_from_id, outcome_id
from ragusa.contract.records import record_from_json, record_of, record_to_json, verify
from ragusa.core.actions import ChanceOutcome, ChooseBonus, DrawBonus, Pass
from ragusa.core.state import CHANCE, GameState, Phase
from ragusa.rules.chance import chance_outcomes, is_chance, with_chance
from tests.chance_support import BONUS, MODES, PATRICIAN, RESOLVED, SHIPS, replay, same_position

#: seeded games replayed per mode
SEEDS = 5


@pytest.mark.clause("SETUP-5", "SETUP-6", "SETUP-7", "SOLO-2", "SOLO-4", "MARKET-1", "RECTOR-1")
@pytest.mark.parametrize("mode", MODES, ids=lambda m: f"{m[0]}p-{m[1]}-{m[2]}")
def test_given_the_seeded_draws_a_chance_game_is_the_seeded_game(mode: tuple[int, str, Options]) -> None:
    RESOLVED.clear()
    for seed in range(SEEDS):
        for chance, seeded in replay(mode, seed):
            same_position(chance, seeded)
        assert is_terminal(chance) and is_terminal(seeded)
    players = mode[0]
    assert RESOLVED["ship"] >= SEEDS * 5 and RESOLVED["bonus"] >= SEEDS * (3 if players == 1 else 3 * players)
    if players == 1:  # the bots draw a card for each of their houses, 8 or 9 (SOLO-4, SOLO-7)
        assert RESOLVED["patrician"] == SEEDS * 6 and RESOLVED["bot_card"] >= SEEDS * 2 * 8
    else:
        assert RESOLVED["start_seat"] == SEEDS


@pytest.mark.clause("SETUP-5")
def test_the_setup_starts_at_a_chance_node_over_every_ship() -> None:
    state = new_game(3, chance=True)
    assert is_chance(state) and current_player(state) == CHANCE and not is_terminal(state)
    outcomes = chance_outcomes(state)
    assert sorted(str(o.outcome) for o, _ in outcomes) == sorted(SHIPS)
    assert {p for _, p in outcomes} == {Fraction(1, 26)}
    assert legal_actions(state) == tuple(o for o, _ in outcomes)


@pytest.mark.clause("SETUP-5", "SETUP-6", "SETUP-7")
def test_setup_from_explicit_outcomes() -> None:
    state = new_game(2, edition="1st", chance=True)
    ships = ["ship-3", "ship-1", "ship-26", "ship-7", "ship-12"]
    for k, ship in enumerate(ships):
        assert chance_outcomes(state)[0][1] == Fraction(1, 26 - k)
        state = apply(state, ChanceOutcome(ship))
    dealt = BONUS[:6]
    for k, card in enumerate(dealt):
        assert len(chance_outcomes(state)) == 16 - k
        state = apply(state, ChanceOutcome(card))
    assert [o.outcome for o, _ in chance_outcomes(state)] == [0, 1]
    assert [p for _, p in chance_outcomes(state)] == [Fraction(1, 2)] * 2
    state = apply(state, ChanceOutcome(1))
    assert not is_chance(state) and current_player(state) == 1 and state.phase == Phase.SETUP_BONUS
    assert state.slots == tuple(ships) and state.dealt == (tuple(BONUS[:3]), tuple(BONUS[3:6]))
    assert state.bonus_deck == tuple(sorted(BONUS[6:])) and state.chance is not None
    assert (state.chance.ship_hidden, state.chance.bonus_hidden) == (21, 10)
    # SETUP-6: the returned cards are shuffled back: the whole deck is unknown again
    state = apply(apply(state, ChooseBonus(BONUS[3])), ChooseBonus(BONUS[0]))
    assert state.chance is not None and state.chance.bonus_hidden == len(state.bonus_deck) == 14


@pytest.mark.clause("SOLO-2", "SOLO-4")
def test_solo_setup_deals_patrician_cards_one_by_one_then_bots_draw_theirs() -> None:
    state = new_game(1, chance=True)
    for k in range(14):  # 6 Patrician cards, 3 bonus cards, 5 ships
        node = state.chance.node if state.chance else None
        assert node is not None
        assert node.kind == ("patrician" if k < 6 else "bonus" if k < 9 else "ship")
        if k < 6:
            assert len(node.outcomes) == 10 - k
        state = apply(state, ChanceOutcome(node.outcomes[0]))
    assert state.chance is not None and state.chance.node is not None
    assert state.chance.node.kind == "bot_card" and state.chance.node.seat == 1  # bot A opens round 1
    assert state.chance.node.outcomes == tuple(sorted(PATRICIAN)[:3])
    assert [p for _, p in chance_outcomes(state)] == [Fraction(1, 3)] * 3


@pytest.mark.clause("R-23", "SETUP-5")
def test_outcomes_are_refused_by_name_when_wrong() -> None:
    state = new_game(2, chance=True)
    with pytest.raises(IllegalActionError, match="cannot come out of this ship draw") as wrong:
        apply(state, ChanceOutcome("bonus-wood"))
    assert wrong.value.rule == "SETUP-5"  # the ship deck's clause: what a ship draw can give
    with pytest.raises(IllegalActionError, match="a random event is pending") as pending:
        apply(state, Pass())
    assert pending.value.rule == "R-23"
    seeded = new_game(2, seed=1)
    with pytest.raises(IllegalActionError, match="legal only at a chance node") as seeded_outcome:
        apply(seeded, ChanceOutcome("ship-1"))
    assert seeded_outcome.value.rule == "R-23"
    with pytest.raises(ValueError, match="takes no seed"):
        new_game(2, seed=1, chance=True)


def _sample(state: GameState, pick: random.Random) -> GameState:
    if is_chance(state):
        outcomes = chance_outcomes(state)
        weights = [float(p) for _, p in outcomes]
        return apply(state, pick.choices([o for o, _ in outcomes], weights)[0])
    return apply(state, pick.choice(legal_actions(state)))


@settings(max_examples=12, deadline=None)
@given(mode=st.sampled_from(MODES), seed=st.integers(0, 2**32))
def test_random_chance_games_stay_valid_and_round_trip(mode: tuple[int, str, Options], seed: int) -> None:
    players, edition, options = mode
    state = new_game(players, edition=edition, options=options, chance=True)
    pick = random.Random(seed)
    steps = 0
    while not is_terminal(state):
        assert validate(state) == []
        if is_chance(state) or steps % 7 == 0:
            assert state_from_json(state_to_json(state)) == state
        if is_chance(state):
            outcomes = chance_outcomes(state)
            assert sum(p for _, p in outcomes) == 1 and all(p > 0 for _, p in outcomes)
        state = _sample(state, pick)
        steps += 1
    assert validate(state) == [] and state_from_json(state_to_json(state)) == state


def _rector_node() -> GameState:
    """A chance node of a 3-player game: the Rector's draw waiting for its first card."""
    pick = random.Random(5)
    state = new_game(3, chance=True)
    while not (is_chance(state) and state.chance is not None and state.chance.action == (DrawBonus(),)):
        state = _sample(state, pick)
    return state


@pytest.mark.clause("RECTOR-1")
def test_a_view_at_a_chance_node_shows_the_position_before_the_draw_and_no_outcome() -> None:
    state = _rector_node()
    assert state.chance is not None and state.chance.node is not None
    assert state.chance.node.kind == "bonus" and state.chance.fixed == ()
    before = attrs.evolve(state, chance=attrs.evolve(state.chance, node=None, action=()))
    for seat in range(3):
        v = view(state, seat)
        assert v.chance == "bonus" and v.legal_actions == ()
        assert attrs.evolve(v, chance=None) == attrs.evolve(view(before, seat), legal_actions=())
        assert view_from_json(view_to_json(v)) == v
    # the second card of the draw: the first is fixed but not shown to anyone
    second = apply(state, chance_outcomes(state)[0][0])
    assert second.chance is not None and len(second.chance.fixed) == 1
    assert [view(second, s) for s in range(3)] == [view(state, s) for s in range(3)]
    assert len(chance_outcomes(second)) == len(chance_outcomes(state)) - 1


@pytest.mark.clause("R-23")
def test_validation_finds_tampered_chance_states() -> None:
    state = _rector_node()
    ch = state.chance
    assert ch is not None and ch.node is not None and validate(state) == []
    node = ch.node
    wrong_node = attrs.evolve(state, chance=attrs.evolve(ch, node=attrs.evolve(node, counts=(2,) * len(node.counts))))
    assert [v.path for v in validate(wrong_node)] == ["$.chance.node"]
    bad_fixed = attrs.evolve(state, chance=attrs.evolve(ch, fixed=("ship-1",)))
    assert [v.path for v in validate(bad_fixed)] == ["$.chance.fixed"]
    assert [v.path for v in validate(attrs.evolve(state, rng=5))] == ["$.rng"]
    hidden = ch.bonus_hidden
    deck = state.bonus_deck
    unsorted = attrs.evolve(state, bonus_deck=(*reversed(deck[:hidden]), *deck[hidden:]))
    assert [v.path for v in validate(unsorted)] == ["$.bonus_deck"]
    table = new_game(2, chance=True)
    assert validate(table) == []
    assert [v.path for v in validate(attrs.evolve(table, placements=3))] == ["$"]
    with pytest.raises(InvalidInputError, match="chance.node"):
        state_from_json(state_to_json(wrong_node))


def test_a_seeded_position_goes_on_with_explicit_chance() -> None:
    seeded = new_game(4, seed=9)
    state = with_chance(seeded)
    assert state.chance is not None and state.chance.ship_hidden == len(seeded.ship_deck) == 21
    assert state.rng == 0 and sorted(state.bonus_deck) == list(state.bonus_deck) and validate(state) == []
    assert legal_actions(state) == legal_actions(seeded)
    pick = random.Random(2)
    while not is_terminal(state):
        state = _sample(state, pick)
    with pytest.raises(ValueError, match="already has explicit chance"):
        with_chance(state)


def test_a_record_of_a_chance_game_replays_with_its_outcomes() -> None:
    start = new_game(1, edition="1st", options=Options(solo_harder=True), chance=True)
    state, actions, pick = start, [], random.Random(4)
    while not is_terminal(state):
        before = state
        state = _sample(state, pick)
        actions.append(next(a for a in legal_actions(before) if apply(before, a) == state))
    record = record_from_json(record_to_json(record_of(start, 0, actions, final=state)))
    assert record.chance and any(isinstance(a, ChanceOutcome) for a in record.actions)
    result = verify(record)
    assert result.ok and result.state == state
    assert '"chance"' not in record_to_json(record_of(new_game(2, seed=1), 1, []))


@pytest.mark.clause("SOLO-4")
def test_a_bot_that_draws_a_used_up_card_discards_it_and_draws_again_at_another_chance_node() -> None:
    redraws = 0
    for seed in range(4):
        state, pick = new_game(1, chance=True), random.Random(seed)
        while not is_terminal(state):
            before = state
            state = _sample(state, pick)
            old, new = before.chance, state.chance
            assert old is not None and new is not None
            if old.node is None or new.node is None or (old.node.kind, new.node.kind) != ("bot_card", "bot_card"):
                continue
            if new.fixed[:-1] == old.fixed and new.node.seat == old.node.seat:
                drawn = new.fixed[-1]  # drawn in the same placement: its spots were all taken
                assert new.node.outcomes == tuple(o for o in old.node.outcomes if o != drawn)
                assert [p for _, p in chance_outcomes(state)] == [Fraction(1, len(new.node.outcomes))] * len(
                    new.node.outcomes
                )
                redraws += 1
    assert redraws > 0


def _chance_corpus() -> list[dict[str, Any]]:
    """Chance nodes of each kind and a decision with explicit chance, as JSON data."""
    found: dict[str, GameState] = {}
    for players in (1, 3):
        state, pick = new_game(players, chance=True), random.Random(players)
        while not is_terminal(state) and len(found) < 7:
            node = state.chance.node if state.chance is not None else None
            found.setdefault(node.kind if node else f"decision-{players}", state)
            state = _sample(state, pick)
    return [json.loads(state_to_json(s)) for s in found.values()]


_CORPUS = _chance_corpus()
_MUTANTS = st.one_of(
    st.integers(-2, 30), st.booleans(), st.none(), st.sampled_from(["ship-1", "bonus-wood", "patrician-3", "x"])
)


def _leaves(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(doc, dict):
        return [p for k, v in doc.items() for p in _leaves(v, (*path, k))] or [path]
    if isinstance(doc, list):
        return [p for i, v in enumerate(doc) for p in _leaves(v, (*path, i))] or [path]
    return [path]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_chance_states_are_refused_or_playable(data: st.DataObject) -> None:
    doc = json.loads(json.dumps(data.draw(st.sampled_from(_CORPUS))))
    chance_paths = [p for p in _leaves(doc) if p and p[0] in ("chance", "rng", "ship_deck", "bonus_deck")]
    path = data.draw(st.sampled_from(chance_paths))
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = data.draw(_MUTANTS)
    try:
        state = state_from_json(json.dumps(doc))
    except InvalidInputError:
        return
    assert validate(state) == []
    for action in legal_actions(state)[:10]:
        assert validate(apply(state, action)) == []


def test_outcome_ids_are_one_fixed_space() -> None:
    assert NUM_OUTCOMES == 57 and len(set(OUTCOMES)) == 57
    assert [outcome_id(outcome_from_id(i)) for i in range(57)] == list(range(57))
    assert OUTCOMES[:26] == tuple(SHIPS) and OUTCOMES[26:42] == tuple(BONUS) and OUTCOMES[42:52] == tuple(PATRICIAN)
    assert outcome_id(ChanceOutcome(0)) == 52 and outcome_id(ChanceOutcome(4)) == 56
    assert outcome_id(ChanceOutcome("bonus-fish")) == 26
    with pytest.raises(ValueError, match="not a chance outcome"):
        outcome_id(ChanceOutcome("0"))
    with pytest.raises(ValueError, match="0..56"):
        outcome_from_id(57)
    state = new_game(1, chance=True)  # the solo setup deals Patrician cards first: 1/10 each
    assert chance_ids(state) == [(i, Fraction(1, 10)) for i in range(42, 52)]
