"""Powerhouse rulings: R-9's literal reading as an option, and TWO-8 with R-10.

Spots (hexes from the board data; all on the wall ring unless said):
- s69: sea-5, sea-9, wharf; s59: forest-7, sea-5, winery (the pair shares only sea-5)
- s33: silver-mine-5, silversmith, vineyard-4; s34: mason, olive-grove-4, vineyard-4 (only vineyard-4)
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ragusa import (
    GameState,
    IllegalActionError,
    Options,
    Pass,
    Place,
    apply,
    is_terminal,
    legal_actions,
    new_game,
    step,
)
from ragusa.contract.serialization import state_from_json, state_to_json
from ragusa.core.board import BOARD, KIND_CITY
from ragusa.core.components import RESOURCES
from ragusa.core.events import PowerhousesConverted
from ragusa.core.state import POWERHOUSE, Phase
from ragusa.rules.fish import TRADE_COST
from ragusa.rules.placement_rule import FISHMONGER_FISH
from ragusa.rules.requirements import (
    FISH,
    GRAPES,
    OLIVES,
    ORE,
    POWERHOUSE_REQUIREMENTS,
    SPOTS,
    placements,
)
from ragusa.rules.two_player import powerhouse_refusal, powerhouse_spots
from tests.support import PH, hexes, position

LITERAL = Options(powerhouse_any_hex=True)
RING_IDS = sorted(BOARD.spot_ids[s] for s in BOARD.ring_spots)
RING_SET = frozenset(RING_IDS)


def powerhouse_offers(state: GameState) -> set[str]:
    return {a.spot for a in legal_actions(state) if isinstance(a, Place) and a.powerhouse}


def test_eight_pairs_of_wall_spots_share_only_an_outside_hex() -> None:
    ring = list(BOARD.ring_spots)
    pairs = []
    for i, a in enumerate(ring):
        for b in ring[i + 1 :]:
            shared = set(BOARD.spot_hexes[a]) & set(BOARD.spot_hexes[b])
            if shared and all(BOARD.hex_kind[h] != KIND_CITY for h in shared):
                pairs.append({BOARD.spot_ids[a], BOARD.spot_ids[b]})
    assert len(pairs) == 8
    assert {"s69", "s59"} in pairs and {"s33", "s34"} in pairs


@pytest.mark.clause("R-9", "TWO-2")
@pytest.mark.parametrize(("placed", "other", "shared"), [("s69", "s59", "sea-5"), ("s33", "s34", "vineyard-4")])
def test_r9_literal_option_blocks_a_shared_outside_hex(placed: str, other: str, shared: str) -> None:
    assert hexes(placed) & hexes(other) == {shared}
    rich = {"grapes": 1, "olives": 1, "silver_ore": 1}
    default = position(2, houses={placed: PH}, res={0: rich}, com={0: {"oil": 1}})
    literal = position(2, options=LITERAL, houses={placed: PH}, res={0: rich}, com={0: {"oil": 1}})
    # the default reading counts city hexes only: the shared outside hex does not block
    assert other in powerhouse_offers(default)
    # the literal reading (option powerhouse_any_hex) counts every hex
    assert other not in powerhouse_offers(literal)
    with pytest.raises(IllegalActionError) as err:
        apply(literal, Place(other, powerhouse=True))
    assert err.value.rule == "R-9"
    assert f"{shared} already has a powerhouse (on {placed})" in str(err.value)


@pytest.mark.clause("R-9")
def test_r9_literal_option_never_offers_more_spots_and_round_trips() -> None:
    state = position(
        2,
        options=LITERAL,
        houses={"s69": PH, "s33": PH},
        player={0: {"powerhouses_left": 1}, 1: {"powerhouses_left": 1}},
    )
    houses = state.houses
    assert set(powerhouse_spots(houses, True)) <= set(powerhouse_spots(houses, False))
    assert BOARD.spot_index["s59"] in set(powerhouse_spots(houses, False)) - set(powerhouse_spots(houses, True))
    fresh = new_game(2, seed=3, options=LITERAL)
    assert state_from_json(state_to_json(fresh)).options.powerhouse_any_hex is True


# --------------------------------------------------------------------------- TWO-8 with R-10


def _converted(res: dict[str, int]) -> GameState:
    # Powerhouses on s40 (architect, silversmith), s49 (mason, oil-press), s65 (wharf, winery) block every
    # ring spot on those hexes; the Market and Fishmonger ring spots are taken by houses. Seat 0 has
    # 1 powerhouse left, seat 1 none; seat 1 places on s1, then seat 0's turn converts it (TWO-8).
    state = position(
        2,
        turn=1,
        houses={"s40": PH, "s49": PH, "s65": PH, "s68": 0, "s71": 0, "s74": 0, "s70": 1, "s72": 1, "s75": 1},
        player={0: {"powerhouses_left": 1}, 1: {"powerhouses_left": 0}},
        res={0: res},
    )
    state, events = step(state, Place("s1"))
    assert PowerhousesConverted(0, 1) in events and state.seat == 0
    return state


@pytest.mark.clause("TWO-8", "R-10", "BUILD-2", "BUILD-3", "BUILD-7")
@pytest.mark.parametrize(
    ("res", "rule"),
    [
        # s46 (architect, olive-grove-5, winery), seat 0's first house on each: 1 wood for the grove
        # (its own olives are no wood), 1 stone for both city hexes, 1 grapes for the Winery
        ({"stone": 1, "grapes": 1}, "BUILD-2"),
        ({"wood": 1, "grapes": 1}, "BUILD-3"),
        ({"wood": 1, "stone": 1}, "BUILD-7"),
        ({"wood": 1, "stone": 1, "grapes": 1}, None),
    ],
)
def test_two8_a_converted_powerhouse_keeps_every_requirement_of_a_house(res: dict[str, int], rule: str | None) -> None:
    assert hexes("s46") == {"architect", "olive-grove-5", "winery"}
    state = _converted(res)
    if rule is None:
        after = apply(state, Place("s46"))
        assert after.houses[BOARD.spot_index["s46"]] == 0  # an ordinary house of seat 0's colour
    else:
        with pytest.raises(IllegalActionError) as err:
            apply(state, Place("s46"))
        assert err.value.rule == rule
        assert not any(isinstance(a, Place) and a.spot == "s46" for a in legal_actions(state))


def _own_houses(state: GameState, seat: int, h: int) -> int:
    return sum(1 for s in BOARD.hex_spots[h] if state.houses[s] == seat)


def _play_2p(state: GameState, seed: int, steps: int) -> int:
    """Random 2p game: after a conversion (TWO-8) the seat has no powerhouse and every placement is an
    ordinary house with every requirement (BUILD-2/3, BUILD-7); a Pass at a placement comes only when
    no placement is legal (R-14). Returns the number of conversions seen."""
    rnd = random.Random(seed)
    options = state.options
    converted: set[int] = set()
    for _ in range(steps):
        if is_terminal(state):
            break
        acts = legal_actions(state)
        if state.phase == Phase.PLACE:
            places = [a for a in acts if isinstance(a, Place)]
            assert (Pass() in acts) == (not places)  # pass only when nothing can be placed
            if state.seat in converted:
                assert not any(a.powerhouse for a in places)
        # seats hold their powerhouses back and put houses on the ring when they can, so the ring
        # fills and strands the powerhouses
        houses_only = [a for a in acts if not (isinstance(a, Place) and a.powerhouse)]
        on_ring = [a for a in houses_only if isinstance(a, Place) and a.spot in RING_SET]
        action = rnd.choice(on_ring or houses_only or acts)
        after, events = step(state, action)
        for e in events:
            if isinstance(e, PowerhousesConverted):
                # TWO-8: only when no legal powerhouse spot is left; the pieces become houses
                assert powerhouse_spots(after.houses, options.powerhouse_any_hex) == []
                assert after.players[e.seat].powerhouses_left == 0
                assert after.players[e.seat].houses_left == state.players[e.seat].houses_left + e.count
                converted.add(e.seat)
        if isinstance(action, Place) and not action.powerhouse:
            _check_ordinary_house(state, action)
        state = after
    return len(converted)


def _check_ordinary_house(before: GameState, action: Place) -> None:
    """The placed house met BUILD-2/3 and BUILD-7's producers with what the seat had, gained and traded."""
    seat = before.seat
    assert seat is not None
    p = before.players[seat]
    s = BOARD.spot_index[action.spot]
    assert before.houses[s] != POWERHOUSE
    wood, stone = p.resources[1], p.resources[2]
    gains = [BOARD.hex_resource[h] for h in BOARD.spot_hexes[s] if BOARD.hex_kind[h] != KIND_CITY]
    wood += gains.count(1) + action.trades.count("wood")
    stone += gains.count(2) + action.trades.count("stone")
    got = {r: p.resources[i] + action.trades.count(r) for r, i in (("grapes", 4), ("olives", 5), ("silver_ore", 3))}
    for h in BOARD.spot_hexes[s]:
        if BOARD.hex_kind[h] != KIND_CITY and BOARD.hex_resource[h] in (3, 4, 5):
            got[("silver_ore", "grapes", "olives")[BOARD.hex_resource[h] - 3]] += 1
    special = {"winery": "grapes", "oil-press": "olives", "silversmith": "silver_ore"}
    for h in BOARD.spot_hexes[s]:
        need = _own_houses(before, seat, h) + 1
        if BOARD.hex_ids[h] in special:  # BUILD-7 (R-10 for powerhouses; a house anyway)
            assert got[special[BOARD.hex_ids[h]]] >= 1, (action, BOARD.hex_ids[h])
        if BOARD.hex_kind[h] == KIND_CITY:
            assert stone >= need, (action, BOARD.hex_ids[h])
        elif BOARD.hex_resource[h] != 0:  # country (resource 0 is fish: sea hexes ask nothing)
            assert wood >= need, (action, BOARD.hex_ids[h])


def _crowded_ring(taken: list[str], literal: bool, seed: int) -> GameState:
    """A 2p game after setup whose ring spots ``taken`` hold houses (alternating seats), so that
    powerhouse spots run short; seat 0 is to place, each seat with its two powerhouses."""
    houses = {spot: k % 2 for k, spot in enumerate(taken)}
    return position(2, seed=seed, options=Options(powerhouse_any_hex=literal), houses=houses)


@pytest.mark.clause("TWO-8", "R-10", "R-14")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    taken=st.lists(st.sampled_from(RING_IDS), min_size=10, max_size=18, unique=True),
    literal=st.booleans(),
    seed=st.integers(0, 2**16),
)
def test_two8_converted_powerhouses_are_ordinary_houses_and_no_forced_pass(
    taken: list[str], literal: bool, seed: int
) -> None:
    _play_2p(_crowded_ring(taken, literal, seed), seed, steps=400)


@pytest.mark.clause("TWO-8", "R-10")
def test_two8_crowded_random_games_do_reach_conversions() -> None:
    # the property test above is only worth something if its games strand powerhouses
    rnd = random.Random(17)
    seen = 0
    for seed in range(12):
        taken = rnd.sample(RING_IDS, 14)
        seen += _play_2p(_crowded_ring(taken, seed % 2 == 1, seed), seed, steps=400) > 0
    assert seen >= 3


@pytest.mark.clause("R-9")
def test_r9_option_is_offered_by_the_protocol() -> None:
    from ragusa.service.store import MemoryStore
    from tests.protocol_support import send

    store = MemoryStore(9)
    assert "powerhouse_any_hex" in send(store, {"op": "info"})["options"]
    request = {"op": "new_game", "players": 2, "seats": ["human", "human"], "options": {"powerhouse_any_hex": True}}
    reply = send(store, request)
    assert reply["ok"], reply
    (session,) = store.sessions.values()
    assert session.options == LITERAL


@pytest.mark.clause("TWO-2", "R-9")
@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.sampled_from((-1, -1, -1, 0, 1, POWERHOUSE)), min_size=len(BOARD.spot_ids), max_size=len(BOARD.spot_ids)
    ),
    st.booleans(),
)
def test_powerhouse_spots_are_the_free_ring_spots_the_refusal_allows(houses: list[int], any_hex: bool) -> None:
    """`powerhouse_spots` works from precomputed masks; on any board it lists exactly the free ring
    spots, in ring order, that `powerhouse_refusal` (hex by hex) allows."""
    board = tuple(houses)
    expected = [s for s in BOARD.ring_spots if board[s] == -1 and powerhouse_refusal(board, s, any_hex) is None]
    assert powerhouse_spots(board, any_hex) == expected


def _powerhouse_trades_by_hand(res: list[int], com: list[int], spot: int, strict: bool) -> tuple[str, ...] | None:
    """TWO-3, R-10: a powerhouse needs only the special requirements (BUILD-7, R-3), its shortfall
    bought with fish (BUILD-8); the trades in the order silver ore, grapes, olives; None if illegal."""
    info = SPOTS[spot]
    if info.needs_commodity and not any(com) and (strict or not info.needs_one):
        return None
    trades = tuple(RESOURCES[r] for r in (ORE, GRAPES, OLIVES) if r in info.needs_one and res[r] < 1)
    left = res[FISH] - sum(TRADE_COST[t] for t in trades)
    return trades if left >= (FISHMONGER_FISH if info.fishmonger else 0) else None


@pytest.mark.clause("TWO-3", "R-10", "BUILD-7", "BUILD-8", "R-3")
@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 14), st.lists(st.integers(0, 1), min_size=5, max_size=5)).map(lambda t: [t[0], *t[1]]),
        min_size=1,
        max_size=6,
    ),
    st.lists(st.integers(0, 1), min_size=3, max_size=3),
    st.sets(st.sampled_from(BOARD.ring_spots), min_size=1),
    st.booleans(),
)
def test_powerhouse_placements_answer_what_the_rules_say(
    holdings: list[list[int]], com: list[int], spots: set[int], strict: bool
) -> None:
    """For any holdings, the powerhouse placements on the given spots are what TWO-3 and BUILD-7 give
    spot by spot."""
    mask = sum(1 << s for s in spots)
    for res in holdings:
        expected = {s: t for s in spots if (t := _powerhouse_trades_by_hand(res, com, s, strict)) is not None}
        legal, traded = placements(POWERHOUSE_REQUIREMENTS, mask, None, tuple(res), tuple(com), strict)
        assert {s: traded.get(s, ()) for s in spots if legal >> s & 1} == expected
        assert legal & ~mask == 0
