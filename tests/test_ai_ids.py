"""Fixed action ids: tooling, no clause marker."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings

from ragusa import (
    Action,
    ActivateHex,
    BuildTower,
    BuildWall,
    BuyShip,
    ChooseBonus,
    DrawBonus,
    IllegalActionError,
    KeepBonus,
    Options,
    Pass,
    Place,
    SellCommodity,
    Trade,
    apply,
    is_terminal,
    legal_actions,
    new_game,
)
from ragusa.ai import (
    BLOCKS,
    NUM_ACTIONS,
    action_from_id,
    action_id,
    chance_ids,
    describe_id,
    legal_ids,
    legal_mask,
    legal_mask_list,
)
from ragusa.ai.ids import LegalIds, ids_of, legal_action, write_masks
from ragusa.ai.lazy_legal import LegalActions
from ragusa.core.board import BOARD
from ragusa.core.components import COMMODITIES, COMPONENTS
from tests.ai_support import MODES, modes, random_game, seeds
from tests.support import position


def test_the_space_is_sized_from_the_component_data() -> None:
    cards, spots, hexes = len(COMPONENTS.bonus_cards), len(BOARD.spot_ids), len(BOARD.hex_ids)
    walls, towers, slots = len(BOARD.wall_ids), len(BOARD.tower_spots), len(COMPONENTS.market.slots)
    # choose + keep per card, house + powerhouse per spot, 5 tradeable resources, draw, pass
    assert NUM_ACTIONS == 2 * cards + 2 * spots + 5 + hexes + walls + towers + slots + len(COMMODITIES) + 2
    # the standard data: 2*16 + 2*75 + 5 + 52 + 22 + 22 + 5 + 3 + 2
    assert NUM_ACTIONS == 293
    assert [b.name for b in BLOCKS][:3] == ["choose_bonus", "place_house", "place_powerhouse"]
    assert BLOCKS[-1].stop == NUM_ACTIONS and all(a.stop == b.start for a, b in zip(BLOCKS, BLOCKS[1:]))


def test_known_ids() -> None:
    first_spot, first_hex = BOARD.spot_ids[0], BOARD.hex_ids[0]
    assert action_id(ChooseBonus(COMPONENTS.bonus_cards[0].id)) == 0
    assert action_id(Place(first_spot)) == 16
    assert action_id(Place(first_spot, True)) == 16 + 75
    assert action_id(Place(first_spot, False, ("wood", "stone"))) == 16  # trades do not change the id
    assert action_id(Trade("wood")) == 166
    assert action_id(ActivateHex(first_hex)) == 171
    assert action_id(BuildWall(BOARD.wall_ids[-1])) == 171 + 52 + 21
    assert action_id(BuyShip(4)) == 171 + 52 + 22 + 22 + 4
    assert action_id(DrawBonus()) == NUM_ACTIONS - 18
    assert action_id(KeepBonus(COMPONENTS.bonus_cards[-1].id)) == NUM_ACTIONS - 2
    assert action_id(Pass()) == NUM_ACTIONS - 1
    assert describe_id(16) == f"place_house:{first_spot}"


@pytest.mark.parametrize(
    "bad",
    [Place("nowhere"), Trade("fish"), BuildTower(BOARD.spot_ids[0]), BuyShip(5), BuyShip(True), SellCommodity("gold")],
)
def test_unknown_components_have_no_id(bad: object) -> None:
    with pytest.raises(ValueError, match="has no action id"):
        action_id(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "bad",
    [
        Place("nowhere"),
        Place("nowhere", True),
        Trade("fish"),
        ActivateHex("nowhere"),
        BuildWall("nowhere"),
        BuildTower(BOARD.spot_ids[0]),
        BuyShip(5),
        BuyShip(True),
        SellCommodity("gold"),
        ChooseBonus("nothing"),
        KeepBonus("nothing"),
    ],
)
def test_ids_of_names_an_unknown_component(bad: Action) -> None:
    # ids_of's lookups straight by field: an unknown key still gets action_id's error, bools too
    with pytest.raises(ValueError, match="has no action id"):
        ids_of([Pass(), DrawBonus(), bad])


@settings(max_examples=10, deadline=None)
@given(mode=modes, seed=seeds)
def test_ids_of_gives_each_actions_id(mode: tuple[int, str, Options], seed: int) -> None:
    for state in random_game(mode, seed):
        acts = legal_actions(state)
        assert ids_of(acts) == [action_id(a) for a in acts]


@pytest.mark.parametrize("bad", [-1, NUM_ACTIONS, True, "3"])
def test_bad_ids_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="an action id is an integer"):
        action_from_id(position(4), bad)  # type: ignore[arg-type]


def test_a_placement_id_brings_back_its_minimal_trades() -> None:
    # Seat 0 has 4 fish and nothing else: a first house needs 1 wood (BUILD-6: unless it touches a
    # forest), bought with 2 fish; the id names only the spot, the trades come from the state.
    state = position(4, res={0: {"fish": 4}})
    with_trades = [a for a in legal_actions(state) if isinstance(a, Place) and a.trades]
    assert with_trades
    for a in with_trades:
        assert action_from_id(state, action_id(a)) == a
    assert {t for a in with_trades for t in a.trades} <= {"wood", "stone", "silver_ore", "grapes", "olives"}


def test_an_illegal_id_gives_an_action_apply_refuses() -> None:
    state = position(4)
    legal = set(legal_ids(state))
    for i in range(NUM_ACTIONS):
        if i not in legal and i % 7 == 0:
            with pytest.raises(IllegalActionError):
                apply(state, action_from_id(state, i))


def _check(state: object) -> None:
    from ragusa import GameState

    assert isinstance(state, GameState)
    acts = legal_actions(state)
    ids = legal_ids(state)
    assert len(set(ids)) == len(acts)
    for a, i in zip(acts, ids):
        assert 0 <= i < NUM_ACTIONS
        assert action_from_id(state, i) == a
    mask = legal_mask(state)
    assert mask.shape == (NUM_ACTIONS,) and mask.dtype == bool
    assert set(mask.nonzero()[0].tolist()) == set(ids)
    assert legal_mask_list(state) == mask.tolist()


@settings(max_examples=10, deadline=None)
@given(mode=modes, seed=seeds)
def test_every_state_of_random_games_round_trips(mode: tuple[int, str, Options], seed: int) -> None:
    for state in random_game(mode, seed):
        _check(state)


def _check_legal_ids(state: object) -> None:
    """`LegalIds` lists `legal_actions` as ids, in order, and gives back each action (at a
    placement: from the spot masks, with the same minimal trades), and None for any other id."""
    from ragusa import GameState

    assert isinstance(state, GameState)
    acts = legal_actions(state)
    moves = LegalIds(state)
    assert moves.ids == ids_of(acts)
    for i, a in zip(moves.ids, acts):
        assert moves.action(i) == a
    legal = set(moves.ids)
    assert all(moves.action(i) is None for i in range(NUM_ACTIONS) if i not in legal)
    # the same from the legal moves alone, with the choices' ids given or not
    choice_ids = ids_of(moves.moves.choices)
    for i in range(NUM_ACTIONS):
        found = moves.action(i)
        assert legal_action(moves.moves, i) == found == legal_action(moves.moves, i, choice_ids)
        assert moves.action(np.int64(i)) == found  # type: ignore[arg-type]  # a sampler's numpy id
    assert moves.action("1") is None and legal_action(moves.moves, 1.5) is None  # type: ignore[arg-type]
    # read lazily: the length and each index (from either end) without listing, then the rest
    lazy = LegalActions(state)
    assert len(lazy) == len(acts)
    assert [lazy[k] for k in range(len(acts))] == list(acts) == [lazy[k - len(acts)] for k in range(len(acts))]
    with pytest.raises(IndexError):
        lazy[len(acts)]
    assert list(lazy) == list(acts) and lazy[1:] == acts[1:] and all(a in lazy for a in acts)


@settings(max_examples=10, deadline=None)
@given(mode=modes, seed=seeds)
def test_legal_ids_list_the_legal_actions(mode: tuple[int, str, Options], seed: int) -> None:
    for state in random_game(mode, seed):
        if state.chance is None or state.chance.node is None:
            _check_legal_ids(state)


def test_the_masks_of_many_states_are_written_at_once() -> None:
    # rows of states of every mode, a placement with trades among them: each row is the state's mask,
    # and the ids of its choices are returned (None for a row with none)
    states = [s for k, mode in enumerate(MODES) for s in list(random_game(mode, 300 + k))[::11]]
    states = [s for s in states if not is_terminal(s) and (s.chance is None or s.chance.node is None)]
    states.append(position(4, res={0: {"fish": 4}}))
    moves = [LegalIds(s).moves for s in states]
    out = np.full((len(states), NUM_ACTIONS), 7, np.int8)
    choices = write_masks(moves, out)
    for row, state, m, ids in zip(out, states, moves, choices):
        assert row.tolist() == legal_mask(state).astype(np.int8).tolist()
        assert ids == (ids_of(m.choices) if m.choices else None)
    assert any(ids is None for ids in choices) and any(ids is not None for ids in choices)


def test_legal_ids_of_placements_with_trades() -> None:
    # BUILD-8: seat 0 holds 4 fish and nothing else, so a house needing 1 wood (BUILD-2) comes
    # with the trade of 2 fish for it (FISH-1); with 2 fish or 1 wood besides, other spots trade
    for res in ({0: {"fish": 4}}, {0: {"fish": 2}}, {0: {"fish": 9, "wood": 1}}):
        _check_legal_ids(position(4, res=res))
    moves = LegalIds(position(4, res={0: {"fish": 4}}))
    traded = [a for a in map(moves.action, moves.ids) if isinstance(a, Place) and a.trades]
    assert {("wood",), ("stone",)} <= {a.trades for a in traded}


def test_every_mode_once() -> None:
    # one seeded random game of each mode; over them every block of the space is offered
    seen: set[str] = set()
    for k, mode in enumerate(MODES):
        for state in random_game(mode, 1000 + k):
            _check(state)
            if state.chance is None or state.chance.node is None:
                _check_legal_ids(state)
            seen.update(describe_id(i).split(":")[0] for i in legal_ids(state))
    assert seen == {b.name for b in BLOCKS}


def test_a_chance_node_has_chance_ids_not_action_ids() -> None:
    state = new_game(2, chance=True)  # the first setup draw: a ship of the 26 (SETUP-5)
    assert chance_ids(state)[:2] == [(0, Fraction(1, 26)), (1, Fraction(1, 26))]
    with pytest.raises(ValueError, match=r"chance node \(ship draw\).*chance_ids"):
        legal_ids(state)
    with pytest.raises(ValueError, match="chance node"):
        legal_mask(state)
