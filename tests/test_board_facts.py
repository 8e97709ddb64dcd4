"""What the placement rules read of a board, kept with each state (`BoardFacts`): the free spots and,
per seat, the wood and stone its next house needs on each spot. Worked out afresh or brought up to
date from an earlier board, they are what the rule text gives for that board."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ragusa import apply, is_terminal, legal_actions, new_game
from ragusa.core.board import BOARD
from ragusa.core.state import EMPTY, GameState
from ragusa.rules.moves import board_facts_of
from ragusa.rules.requirements import (
    SPOTS,
    STONE,
    WOOD,
    BoardFacts,
    SeatNeeds,
    board_facts,
    needs_from_counts,
    seat_needs,
)

N_HEXES = len(BOARD.hex_ids)
N_SPOTS = len(BOARD.spot_ids)
SEATS = 4


def needs_by_hand(counts: list[int]) -> tuple[list[int], list[int]]:
    """BUILD-2, BUILD-3, BUILD-6: per spot, the houses on its busiest country (city) hex plus the new
    one, less the wood (stone) the house itself gains; 0 on a spot with no such hex."""
    wood: list[int] = []
    stone: list[int] = []
    for sp in SPOTS:
        for hexes, gained, out in ((sp.country, WOOD, wood), (sp.city, STONE, stone)):
            need = max((counts[h] + 1 for h in hexes), default=0)
            out.append(max(0, need - sp.gains[gained]))
    return wood, stone


def counts_by_hand(houses: tuple[int, ...], seat: int) -> list[int]:
    counts = [0] * N_HEXES
    for s, owner in enumerate(houses):
        if owner == seat:
            for h in BOARD.spot_hexes[s]:
                counts[h] += 1
    return counts


def check(facts: BoardFacts, houses: tuple[int, ...]) -> None:
    assert facts.free == sum(1 << s for s, owner in enumerate(houses) if owner == EMPTY)
    for seat in range(SEATS):
        _, needs = facts.needs(seat)
        counts = counts_by_hand(houses, seat)
        assert list(needs.counts) == counts
        wood, stone = needs_by_hand(counts)
        assert [needs.need(s) for s in range(N_SPOTS)] == list(zip(wood, stone))
        check_met(needs, wood, stone)


def check_met(needs: SeatNeeds, wood: list[int], stone: list[int]) -> None:
    """The masks by amounts held agree with the needs per spot."""
    for w in range(9):
        for s in range(9):
            met = needs.met(w, s)
            assert met == sum(1 << x for x in range(N_SPOTS) if wood[x] <= w and stone[x] <= s), (w, s)


@pytest.mark.clause("BUILD-2", "BUILD-3", "BUILD-6")
@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=N_HEXES, max_size=N_HEXES))
def test_a_seats_needs_are_what_the_rule_text_gives(counts: list[int]) -> None:
    needs = needs_from_counts(counts)
    wood, stone = needs_by_hand(counts)
    assert [needs.need(s) for s in range(N_SPOTS)] == list(zip(wood, stone))
    check_met(needs, wood, stone)


@pytest.mark.clause("BUILD-2", "BUILD-3", "BUILD-6", "TURN-1")
@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, N_SPOTS - 1), st.sampled_from((0, 1, 2, 3, -2, -3))), min_size=1, max_size=30),
    st.lists(st.integers(0, SEATS - 1), min_size=1, max_size=30),
)
def test_facts_brought_up_to_date_piece_by_piece_equal_fresh_ones(
    writes: list[tuple[int, int]], asked: list[int]
) -> None:
    # pieces are added one by one on free spots; some seats' needs are known before, some not
    houses = [EMPTY] * N_SPOTS
    facts = board_facts(tuple(houses), SEATS, None)
    for k, (spot, owner) in enumerate(writes):
        if houses[spot] != EMPTY:
            continue
        houses[spot] = owner
        board = tuple(houses)
        facts = board_facts(board, SEATS, facts)
        facts, _ = facts.needs(asked[k % len(asked)])
        check(facts, board)
        check(board_facts(board, SEATS, None), board)


@pytest.mark.clause("BUILD-2", "BUILD-3", "TURN-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_facts_handed_from_state_to_state_are_the_boards_own(players: int) -> None:
    # the scratch copy hands each state's facts to the next; at every placement they equal fresh ones
    rng = random.Random(players)
    state: GameState = new_game(players, seed=players)
    seen = 0
    while not is_terminal(state):
        acts = legal_actions(state)
        if getattr(state, "facts", None) is not None:
            facts = board_facts_of(state)
            fresh = board_facts(state.houses, players, None)
            assert facts.free == fresh.free
            for seat in range(players):
                assert facts.needs(seat)[1].counts == seat_needs(state.houses, seat).counts
            seen += 1
        state = apply(state, acts[rng.randrange(len(acts))])
    assert seen > 20


@pytest.mark.clause("TURN-1")
def test_a_board_that_lost_a_piece_is_worked_out_afresh() -> None:
    # never in a game; an edited position must not inherit facts that no longer hold
    before = tuple([0] + [EMPTY] * (N_SPOTS - 1))
    facts = board_facts(before, 2, None).needs(0)[0]
    after = tuple([EMPTY] * N_SPOTS)
    check_facts = board_facts(after, 2, facts)
    assert check_facts.free == (1 << N_SPOTS) - 1
    assert list(check_facts.needs(0)[1].counts) == [0] * N_HEXES
