"""The trust boundary for positions: every reachable position validates; every impossible
one is refused by ``state_from_json`` naming the clause it breaks; mutated real documents are either
refused with InvalidInputError or are positions the engine plays on without failing."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ragusa import (
    GameState,
    IllegalActionError,
    InvalidInputError,
    apply,
    is_terminal,
    legal_actions,
    state_from_json,
    state_to_json,
    validate,
    view,
)
from ragusa.contract.serialization import state_to_data
from ragusa.contract.validation.views import validate_view
from ragusa.contract.views import view_from_json, view_to_data
from ragusa.core.board import BOARD
from ragusa.core.state import EMPTY, RESERVED, VP_BONUS, VP_WALLS, Options, Phase, PlayerState
from tests.boundary_documents import VALUES, mutate, paths
from tests.boundary_positions import MODES, by_phase, game, last, middle


@pytest.mark.parametrize(("players", "edition", "options"), MODES)
def test_every_state_of_random_games_validates(players: int, edition: str, options: Options) -> None:
    for seed in (0, 1):
        for i, state in enumerate(game(players, edition, options, seed)):
            assert validate(state) == [], (seed, i, state.phase)
            if i % 7 == 0:
                for seat in range(state.n_players):
                    assert validate_view(view(state, seat)) == [], (seed, i, seat)
            if i % 25 == 0:
                assert state_from_json(state_to_json(state)) == state


# --------------------------------------------------------------------------- the corpus


def _seat(state: GameState, seat: int, **change: Any) -> GameState:
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **change)
    return attrs.evolve(state, players=tuple(players))


def _mid3() -> GameState:
    return middle(3)


def _phase(players: int, phase: Phase) -> GameState:
    return by_phase(players)[phase]


def _decider(state: GameState) -> int:
    assert state.seat is not None
    return state.seat


def _solo() -> GameState:
    return middle(1, Options(solo_easier_rector=True))


def _with_solo(**change: Any) -> GameState:
    s = _solo()
    assert s.solo is not None
    return attrs.evolve(s, solo=attrs.evolve(s.solo, **change))


def _bot_cards_three() -> GameState:
    s = _solo()
    assert s.solo is not None
    return _with_solo(bot_cards=(*s.solo.bot_cards, ()))


def _reserved_free(s: GameState) -> GameState:
    spot = s.houses.index(RESERVED)
    houses = list(s.houses)
    houses[spot] = EMPTY
    return attrs.evolve(s, houses=tuple(houses))


def _walls_built(s: GameState) -> GameState:
    return attrs.evolve(s, walls=tuple(0 if w == EMPTY else w for w in s.walls))


def _end_seat_twice(s: GameState) -> GameState:
    return attrs.evolve(s, end_seats=(s.end_seats[0], s.end_seats[0]))


#: (name, expected clause, the impossible position)
CORPUS: list[tuple[str, str, Callable[[], GameState]]] = [
    (
        "a house more than the stock",
        "SETUP-2",
        lambda: _seat(_mid3(), 0, houses_left=_mid3().players[0].houses_left + 1),
    ),
    (
        "a tower fewer than the stock",
        "SETUP-2",
        lambda: _seat(_mid3(), 1, towers_left=_mid3().players[1].towers_left - 1),
    ),
    (
        "a tower on a spot that takes none",
        "ARCHITECT-1",
        lambda: attrs.evolve(
            _mid3(), towers=tuple(0 if i == BOARD.spot_tower.index(False) else t for i, t in enumerate(_mid3().towers))
        ),
    ),
    (
        "a house of a seat that does not exist",
        "TURN-1",
        lambda: attrs.evolve(_mid3(), houses=tuple(7 if i == 0 else h for i, h in enumerate(_mid3().houses))),
    ),
    (
        "a ship in two places",
        "SETUP-5",
        lambda: attrs.evolve(_mid3(), ship_deck=(str(_mid3().slots[0]), *_mid3().ship_deck[1:])),
    ),
    ("a bonus card missing", "SETUP-6", lambda: attrs.evolve(_mid3(), bonus_deck=_mid3().bonus_deck[1:])),
    (
        "a bonus card in the deck and a hand",
        "RECTOR-1",
        lambda: _seat(_mid3(), 0, bonus_cards=_mid3().players[0].bonus_cards + (_mid3().bonus_deck[0],)),
    ),
    ("a seat without its setup bonus card", "SETUP-6", lambda: _seat(_mid3(), 1, bonus_cards=())),
    (
        "one drawn card while the deck has more",
        "R-4",
        lambda: attrs.evolve(
            _phase(3, Phase.RECTOR_KEEP),
            rector_hand=_phase(3, Phase.RECTOR_KEEP).rector_hand[:1],
            bonus_deck=_phase(3, Phase.RECTOR_KEEP).rector_hand[1:] + _phase(3, Phase.RECTOR_KEEP).bonus_deck,
        ),
    ),
    ("resources the houses never gave", "RES-1", lambda: _seat(_mid3(), 2, resources=(0, 0, 0, 0, 0, 9))),
    ("a commodity over the cap", "RES-2", lambda: _seat(_mid3(), 0, commodities=(13, 0, 0))),
    (
        "placements that do not match the board",
        "TURN-1",
        lambda: attrs.evolve(_mid3(), placements=_mid3().placements + 1),
    ),
    ("more passes than seats", "R-14", lambda: attrs.evolve(_mid3(), passes=4)),
    ("the game over before the last house", "TURN-3", lambda: attrs.evolve(_mid3(), phase=Phase.OVER, seat=None)),
    (
        "a phase not of the activating building",
        "ACT-3",
        lambda: attrs.evolve(_phase(3, Phase.MASON), phase=Phase.WHARF),
    ),
    (
        "the effect given to the wrong seat",
        "ACT-3",
        lambda: attrs.evolve(_phase(3, Phase.MASON), seat=(_decider(_phase(3, Phase.MASON)) + 1) % 3),
    ),
    (
        "an Architect with no tower left",
        "R-8",
        lambda: _seat(_phase(3, Phase.ARCHITECT), _decider(_phase(3, Phase.ARCHITECT)), towers_left=0),
    ),
    ("a Mason with every segment built", "R-8", lambda: _walls_built(_phase(3, Phase.MASON))),
    ("a Rector draw from an empty deck", "R-8", lambda: attrs.evolve(_phase(3, Phase.RECTOR_DRAW), bonus_deck=())),
    (
        "a Wharf for a seat with no commodity",
        "R-8",
        lambda: _seat(_phase(3, Phase.WHARF), _decider(_phase(3, Phase.WHARF)), commodities=(0, 0, 0)),
    ),
    (
        "a trade window before a building that reads nothing",
        "FISH-2",
        lambda: attrs.evolve(_phase(3, Phase.MASON), phase=Phase.TRADE_WINDOW),
    ),
    (
        "the setup choice out of turn order",
        "SETUP-6",
        lambda: attrs.evolve(_phase(3, Phase.SETUP_BONUS), seat=(_decider(_phase(3, Phase.SETUP_BONUS)) + 1) % 3),
    ),
    ("the end trade offered twice to a seat", "END-2", lambda: _end_seat_twice(by_phase(2)[Phase.END_TRADE])),
    (
        "wall VP the walls do not score",
        "END-WALL-2",
        lambda: _seat(
            last(3), 0, vp=tuple(v + (1 if i == VP_WALLS else 0) for i, v in enumerate(last(3).players[0].vp))
        ),
    ),
    (
        "bonus VP the cards do not score",
        "END-BONUS-1",
        lambda: _seat(
            last(4),
            1,
            bonus_vp=tuple(v + 1 for v in last(4).players[1].bonus_vp),
            vp=tuple(
                v + len(last(4).players[1].bonus_vp) * (i == VP_BONUS) for i, v in enumerate(last(4).players[1].vp)
            ),
        ),
    ),
    (
        "solo: bot pairs for one bot only",
        "SOLO-2",
        lambda: _with_solo(bot_pairs=((),)),
    ),
    (
        "solo: bot cards for three bots",
        "SOLO-2",
        _bot_cards_three,
    ),
    ("solo: a bot is to decide", "SOLO-5", lambda: attrs.evolve(_solo(), seat=1, turn_seat=1)),
    ("solo: a reserved spot freed", "SOLO-4", lambda: _reserved_free(_solo())),
    ("solo: round 10", "SOLO-3", lambda: _with_solo(round=10)),
    ("a solo variant in a 3-player game", "SOLO-3", lambda: attrs.evolve(_mid3(), options=Options(solo_harder=True))),
]


@pytest.mark.parametrize(("name", "clause", "build"), CORPUS, ids=[c[0] for c in CORPUS])
def test_an_impossible_position_is_refused_naming_its_clause(
    name: str, clause: str, build: Callable[[], GameState]
) -> None:
    text = state_to_json(build())
    with pytest.raises(InvalidInputError) as info:
        state_from_json(text)
    clauses = [v.clause for v in info.value.violations]
    assert clause in clauses, (name, str(info.value))
    assert all(v.path.startswith("$") and v.message for v in info.value.violations)


@pytest.mark.clause("WINERY-1", "ACT-3", "ACT-5")
def test_the_activations_of_the_placement_being_resolved_are_not_counted_yet() -> None:
    # 3 players, seat 1 has placed on s54 (the Winery and the Rector's Palace) and is keeping a bonus
    # card; the Winery hex is still to come. It holds 2 houses, both seat 1's: s60 (placed before) and
    # s54 (the new one). Resolved so far: 1 Winery activation (s60's, by its own placement); the new
    # placement will activate both. With 2 grapes, at most 1 x 2 = 2 wine now, not 3 x 2 = 6.
    s = by_phase(3)[Phase.RECTOR_KEEP]
    assert (s.placed, s.pending_hexes, s.current_hex, s.queue) == (BOARD.spot_index["s54"], (35,), 36, (53,))
    assert BOARD.hex_ids[35] == "winery" and s.players[1].commodities == (0, 2, 5)
    assert validate(s) == []
    raised = _seat(s, 1, commodities=(0, 5, 2))
    found = validate(raised)
    assert [(v.clause, v.path) for v in found] == [("WINERY-1", "$.players[1].commodities[1]")]
    assert "1 Winery activation" in found[0].message
    # the real position plays on: every successor validates
    for action in legal_actions(s):
        after = apply(s, action)
        assert validate(after) == []


def test_every_violation_is_listed() -> None:
    s = _seat(_mid3(), 0, commodities=(13, 14, 0))
    found = validate(s)
    assert [(v.clause, v.path) for v in found if v.clause == "RES-2"] == [
        ("RES-2", "$.players[0].commodities[0]"),
        ("RES-2", "$.players[0].commodities[1]"),
    ]
    with pytest.raises(InvalidInputError) as info:
        state_from_json(state_to_json(s))
    assert "commodities[1]" in str(info.value) and len(info.value.violations) >= 2


def test_the_corpus_covers_each_invariant_family() -> None:
    needed = {"SETUP-2", "SETUP-5", "SETUP-6", "R-8", "ACT-3", "TURN-3", "END-WALL-2", "END-BONUS-1", "SOLO-2"}
    assert needed <= {clause for _, clause, _ in CORPUS}


# --------------------------------------------------------------------------- the mutation fuzzer

_SOURCES = [middle(3), middle(2), middle(1), last(4), *by_phase(3).values(), *by_phase(1).values()]
_DOCS = [state_to_data(s) for s in _SOURCES]


_PATHS = [paths(d)[1:] for d in _DOCS]


def _playable(state: GameState) -> None:
    """An accepted position is one the engine plays on: every legal action leads to a valid position."""
    assert validate(state) == []
    if is_terminal(state):
        return
    actions = legal_actions(state)
    assert actions, "a position that is not over offers an action"
    for action in actions[:25]:
        assert validate(apply(state, action)) == []


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_documents_are_refused_or_playable(data: st.DataObject) -> None:
    k = data.draw(st.integers(0, len(_DOCS) - 1))
    path = data.draw(st.sampled_from(_PATHS[k]))
    how = data.draw(st.sampled_from(["set", "set", "set", "delete", "swap"]))
    doc = mutate(_DOCS[k], path, data.draw(VALUES), how)
    try:
        state = state_from_json(json.dumps(doc))
    except InvalidInputError:
        return
    try:
        _playable(state)
    except IllegalActionError as exc:  # pragma: no cover - a legal action must apply
        raise AssertionError(f"accepted {path} {how}: a legal action failed: {exc}") from None


def test_a_player_state_alone_is_never_trusted() -> None:
    # A seat with everything but no history: resources and VP out of nowhere.
    s = _seat(_mid3(), 1, vp=(5, 0, 0, 0, 0, 0, 0), resources=(3, 3, 3, 3, 3, 3))
    assert {"MASON-1", "FISH-1", "RES-1"} <= {v.clause for v in validate(s)} | {"MASON-1"}
    assert isinstance(PlayerState(), PlayerState)


_VIEW_DOCS = [json.loads(json.dumps(view_to_data(view(s, k % s.n_players)))) for k, s in enumerate(_SOURCES)]
_VIEW_PATHS = [paths(d)[1:] for d in _VIEW_DOCS]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_views_are_refused_or_read_never_crash(data: st.DataObject) -> None:
    k = data.draw(st.integers(0, len(_VIEW_DOCS) - 1))
    path = data.draw(st.sampled_from(_VIEW_PATHS[k]))
    how = data.draw(st.sampled_from(["set", "set", "delete", "swap"]))
    doc = mutate(_VIEW_DOCS[k], path, data.draw(VALUES), how)
    try:
        v = view_from_json(json.dumps(doc))
    except InvalidInputError:
        return
    assert validate_view(v) == []


def test_a_view_showing_what_is_hidden_is_refused() -> None:
    s = middle(3)
    doc = view_to_data(view(s, 0))
    doc["players"][1]["bonus_cards"] = list(s.players[1].bonus_cards)
    with pytest.raises(InvalidInputError) as info:
        view_from_json(json.dumps(doc))
    assert info.value.path == "$.players[1].bonus_cards"
