"""Property tests: random games (2-5 players, both editions, strict R-3 or not) checked after every action.

Hypothesis draws the game's seed and a ``random.Random`` that picks among the legal
actions. After every action the tests check the decision model (a non-terminal state
has a deciding seat and legal actions; every legal action applies; sampled actions that
are not legal raise :class:`IllegalActionError` naming a clause, never anything else),
purity (inputs unchanged, JSON round trip, replay from seed and actions gives the same
game) and the rules' invariants (RES-1, RES-2, MASON-1, ARCHITECT-1, SETUP-2, TURN-3 ...).
"""

from __future__ import annotations

import copy
import random
import re
import tomllib
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ragusa
from ragusa import (
    ActivateHex,
    BuildTower,
    BuildWall,
    BuyShip,
    ChooseBonus,
    DrawBonus,
    GameState,
    IllegalActionError,
    KeepBonus,
    Options,
    Pass,
    Place,
    SellCommodity,
    Trade,
    apply,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    state_from_json,
    state_to_json,
    step,
)
from ragusa.core.actions import Action
from ragusa.core.board import BOARD
from ragusa.core.components import COMMODITIES, COMPONENTS, RESOURCES
from ragusa.core.events import Event, FishTraded
from ragusa.core.state import EMPTY, PHASES, POWERHOUSE, Phase

FISH = RESOURCES.index("fish")
CAP = COMPONENTS.pieces.commodity_cap
TOWERS = COMPONENTS.pieces.towers_per_player
N_WALLS = COMPONENTS.pieces.walls
BONUS_IDS = tuple(c.id for c in COMPONENTS.bonus_cards)
#: an upper bound on a game's actions, far above any real game (a 5-player game has 45
#: placements, each with a handful of decisions; trades are bounded by the fish gained)
MAX_ACTIONS = 5000

_RULE_SHAPE = re.compile(r"^[A-Z]+(-[A-Z]+)*-\d+[a-z]?$")
_CLAUSES_TOML = Path(ragusa.__file__).parent / "spec" / "clauses.toml"


def _known_rules() -> frozenset[str] | None:
    if not _CLAUSES_TOML.exists():
        return None
    data = tomllib.loads(_CLAUSES_TOML.read_text(encoding="utf-8"))
    return frozenset(c["id"] for c in data.get("clause", []))


KNOWN_RULES = _known_rules()


# --------------------------------------------------------------------------- candidates


_PLACES: tuple[Action, ...] = tuple(Place(s, p) for s in BOARD.spot_ids for p in (False, True))
_FIXED: tuple[Action, ...] = (
    *(Trade(r) for r in RESOURCES),
    *(BuyShip(i) for i in range(-1, 6)),
    *(SellCommodity(c) for c in (*COMMODITIES, "gold")),
    DrawBonus(),
    Pass(),
    BuildWall("w0"),
    BuildWall("nowhere"),
    BuildTower("s0"),
    ActivateHex("nowhere"),
    KeepBonus("nope"),
    ChooseBonus("nope"),
)


def candidates(rnd: random.Random, places: int) -> list[Action]:
    """Every fixed candidate, ids drawn at random for the others, and ``places`` of the Place
    candidates (every spot, with and without powerhouse) drawn at random."""
    out = list(_FIXED)
    out += [BuildWall(w) for w in rnd.sample(BOARD.wall_ids, 4)]
    out += [BuildTower(s) for s in rnd.sample(BOARD.spot_ids, 4)]
    out += [ActivateHex(h) for h in rnd.sample(BOARD.hex_ids, 4)]
    out += [KeepBonus(c) for c in rnd.sample(BONUS_IDS, 3)]
    out += [ChooseBonus(c) for c in rnd.sample(BONUS_IDS, 3)]
    out += rnd.sample(_PLACES, places)
    return out


# --------------------------------------------------------------------------- invariants


def initial_pieces(n: int) -> int:
    """SETUP-2 / TWO-1: houses plus powerhouses per seat."""
    houses = COMPONENTS.pieces.houses[str(n)]
    return houses + (COMPONENTS.pieces.powerhouses_2p if n == 2 else 0)


def check_state(s: GameState, ph_placed: Sequence[int]) -> None:
    """Invariants of a single state. ``ph_placed``: powerhouses each seat has placed so far."""
    n = s.n_players
    assert s.phase in PHASES
    if s.phase == Phase.OVER:
        assert is_terminal(s) and current_player(s) is None and legal_actions(s) == ()
    else:
        assert not is_terminal(s)
        assert current_player(s) == s.seat and s.seat is not None and 0 <= s.seat < n
    for seat, p in enumerate(s.players):
        # RES-1: resources are counts >= 0; RES-2: commodities 0..12
        assert all(r >= 0 for r in p.resources), p.resources
        assert all(0 <= c <= CAP for c in p.commodities), p.commodities
        assert p.fish_traded >= 0
        assert all(v >= 0 for v in p.vp)
        # ARCHITECT-1 / SETUP-2: towers on the board plus towers left is always 15
        on_board = sum(1 for t in s.towers if t == seat)
        assert on_board + p.towers_left == TOWERS, (seat, on_board, p.towers_left)
        # SETUP-2 / TURN-1 / TWO-1 / TWO-8: pieces on the board plus pieces left
        houses = sum(1 for h in s.houses if h == seat)
        assert p.houses_left >= 0 and p.powerhouses_left >= 0
        if n == 2:
            assert houses + p.houses_left + p.powerhouses_left + ph_placed[seat] == initial_pieces(2)
        else:
            assert p.powerhouses_left == 0
            assert houses == COMPONENTS.pieces.houses[str(n)] - p.houses_left
    assert sum(1 for h in s.houses if h == POWERHOUSE) == sum(ph_placed)
    assert all(h == EMPTY or h == POWERHOUSE or 0 <= h < n for h in s.houses)
    # towers only on tower spots, one (an owner) per spot
    for spot, t in enumerate(s.towers):
        if t != EMPTY:
            assert BOARD.spot_tower[spot] and 0 <= t < n
    # MASON-1: at most the 22 segments of the ring
    assert len(s.walls) == N_WALLS
    assert all(w == EMPTY or 0 <= w < n for w in s.walls)


def check_transition(old: GameState, new: GameState, events: Sequence[Event]) -> None:
    """What one action may change."""
    traded = [0] * old.n_players
    for e in events:
        if isinstance(e, FishTraded):
            traded[e.seat] += e.fish
    for seat, (a, b) in enumerate(zip(old.players, new.players)):
        # RES-1: resources only grow, except fish given away in trades (FISH-1)
        for r in range(len(RESOURCES)):
            if r != FISH:
                assert b.resources[r] >= a.resources[r], (seat, RESOURCES[r])
        assert b.fish_traded - a.fish_traded == traded[seat]
        assert b.resources[FISH] + traded[seat] >= a.resources[FISH]
        # VP never decreases, source by source
        assert all(y >= x for x, y in zip(a.vp, b.vp)), (seat, a.vp, b.vp)
        assert b.towers_left <= a.towers_left
        assert b.houses_left + b.powerhouses_left <= a.houses_left + a.powerhouses_left
        assert set(a.ships) <= set(b.ships)
    # pieces stay where they are
    for x, y in zip(old.houses, new.houses):
        assert x == EMPTY or x == y
    for x, y in zip(old.towers, new.towers):
        assert x == EMPTY or x == y
    for x, y in zip(old.walls, new.walls):
        assert x == EMPTY or x == y
    assert new.placements >= old.placements


def check_rule(err: IllegalActionError) -> None:
    assert isinstance(err.rule, str) and err.rule, err
    assert _RULE_SHAPE.match(err.rule), err.rule
    if KNOWN_RULES is not None:
        assert err.rule in KNOWN_RULES, err.rule


def play_checked(
    players: int,
    edition: str,
    strict: bool,
    seed: int,
    rnd: random.Random,
    *,
    places: int,
    every_legal: bool,
    round_trip: bool,
) -> list[Action]:
    """Play a random game, checking after every action; return its actions.

    The moves come from ``rnd``; the sample of other actions from a generator seeded by it
    (``places``: how many Place candidates to try at each decision).
    ``every_legal``: apply every legal action (not only the one played) and check each result.
    ``round_trip``: check ``state_from_json(state_to_json(s)) == s`` (with its validation) after
    every action.
    """
    probe = random.Random(rnd.getrandbits(64))
    state = new_game(players, seed=seed, edition=edition, options=Options(strict=strict))
    ph_placed = [0] * players
    check_state(state, ph_placed)
    actions: list[Action] = []
    for _ in range(MAX_ACTIONS):
        if is_terminal(state):
            break
        legal = legal_actions(state)
        assert legal, f"no legal action in phase {state.phase}"
        legal_set = set(legal)
        assert len(legal_set) == len(legal), "legal actions must be distinct"
        frozen = state_to_json(state)
        twin = copy.deepcopy(state)
        seat = state.seat
        assert seat is not None
        # every legal action applies, and each result keeps the invariants
        for a in legal if every_legal else ():
            nxt, events = step(state, a)
            ph = list(ph_placed)
            if isinstance(a, Place) and a.powerhouse:
                ph[seat] += 1
            check_transition(state, nxt, events)
            check_state(nxt, ph)
        # a sample of other actions: illegal ones raise IllegalActionError naming a clause
        for a in candidates(probe, places):
            if a in legal_set:
                apply(state, a)
                continue
            try:
                apply(state, a)
            except IllegalActionError as err:
                check_rule(err)
            else:
                raise AssertionError(f"{a!r} is not in legal_actions but applied (phase {state.phase})")
        # inputs are never mutated
        assert state_to_json(state) == frozen
        assert state == twin
        action = rnd.choice(legal)
        if isinstance(action, Place) and action.powerhouse:
            ph_placed[seat] += 1
        new, events = step(state, action)
        check_transition(state, new, events)
        check_state(new, ph_placed)
        state = new
        actions.append(action)
        if round_trip:
            assert state_from_json(state_to_json(state)) == state
    else:
        raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")
    # TURN-3 / R-14: at the end nobody can place (no pieces left, or a full round of passes)
    assert state.phase == Phase.OVER
    able = [p for p in state.players if p.houses_left + p.powerhouses_left]
    assert not able or state.passes >= len(able)
    # replay: the same seed and actions give the same game
    replay = new_game(players, seed=seed, edition=edition, options=Options(strict=strict))
    for a in actions:
        replay = apply(replay, a)
    assert replay == state
    assert state_to_json(replay) == state_to_json(state)
    return actions


CLAUSES = (
    "SETUP-2",
    "SETUP-6",
    "RES-1",
    "RES-2",
    "TURN-1",
    "TURN-2",
    "TURN-3",
    "ACT-5",
    "FISH-1",
    "FISH-2",
    "MASON-1",
    "ARCHITECT-1",
    "R-8",
    "END-1",
    "END-2",
    "TWO-1",
    "TWO-8",
)
GAMES = dict(
    players=st.integers(min_value=2, max_value=5),
    edition=st.sampled_from(["1st", "2nd"]),
    strict=st.booleans(),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    rnd=st.randoms(use_true_random=False),
)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**GAMES)
@pytest.mark.clause(*CLAUSES)
def test_random_games_keep_every_invariant(
    players: int, edition: str, strict: bool, seed: int, rnd: random.Random
) -> None:
    """Every legal action applies and keeps the invariants; sampled illegal ones raise; inputs
    are never mutated; every game ends; a replay gives the same game."""
    actions = play_checked(players, edition, strict, seed, rnd, places=10, every_legal=True, round_trip=False)
    # every seat made its setup choice (SETUP-6) and placed at least once
    assert sum(isinstance(a, ChooseBonus) for a in actions) == players
    assert sum(isinstance(a, Place) for a in actions) >= players


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**GAMES)
@pytest.mark.clause(*CLAUSES)
def test_random_games_survive_the_json_round_trip(
    players: int, edition: str, strict: bool, seed: int, rnd: random.Random
) -> None:
    """``state_from_json(state_to_json(s)) == s`` for every state of a played game (the reader
    validates each state, so every position reached in play must pass its checks)."""
    play_checked(players, edition, strict, seed, rnd, places=4, every_legal=False, round_trip=True)
