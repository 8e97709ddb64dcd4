"""Setting up a game (SETUP-1 to SETUP-7), through the public API."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ragusa import (
    ChooseBonus,
    GameState,
    IllegalActionError,
    Options,
    Phase,
    Place,
    apply,
    is_terminal,
    legal_actions,
    new_game,
)
from ragusa.core.board import BOARD
from ragusa.core.components import COMMODITIES, COMPONENTS
from ragusa.core.state import RESERVED
from ragusa.rules.requirements import BoardFacts, board_facts, seat_needs

ALL_SHIPS = {s.id: s for s in COMPONENTS.ships}
ALL_BONUS = [c.id for c in COMPONENTS.bonus_cards]
TRACK = COMPONENTS.market.track
START = COMPONENTS.market.start
HOUSES = {2: 12, 3: 12, 4: 10, 5: 9}


def choose_all(state: GameState) -> tuple[GameState, list[int]]:
    """Every seat keeps its first dealt card; returns the state and the seats in the order they chose."""
    order: list[int] = []
    while state.phase == Phase.SETUP_BONUS:
        seat = state.seat
        assert seat is not None
        order.append(seat)
        state = apply(state, ChooseBonus(state.dealt[seat][0]))
    return state, order


# --------------------------------------------------------------------------- SETUP-1, SETUP-2, SETUP-3


@pytest.mark.clause("SETUP-1")
@pytest.mark.parametrize("players", [0, 6, -1, 100])
def test_player_count_out_of_range(players: int) -> None:
    with pytest.raises(ValueError) as info:
        new_game(players, seed=0)
    assert "1 to 5 players" in str(info.value)
    assert repr(players) in str(info.value)


@pytest.mark.clause("SETUP-1", "SETUP-2", "SETUP-3", "TWO-1")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_pieces_and_empty_holdings(players: int) -> None:
    state = new_game(players, seed=11)
    assert state.n_players == players
    for p in state.players:
        # SETUP-2: houses 2p 12 (+2 powerhouses), 3p 12, 4p 10, 5p 9; 15 towers each
        assert p.houses_left == HOUSES[players]
        assert p.powerhouses_left == (2 if players == 2 else 0)
        assert p.towers_left == 15
        # SETUP-3: no VP, no resources, no commodities
        assert p.vp == (0,) * 7 and p.total_vp == 0
        assert p.resources == (0,) * 6
        assert p.commodities == (0, 0, 0)
        assert p.ships == () and p.bonus_cards == ()
    assert all(h == -1 for h in state.houses)
    assert all(t == -1 for t in state.towers)
    assert all(w == -1 for w in state.walls)
    assert state.placements == 0


# --------------------------------------------------------------------------- SETUP-4, SETUP-5


@pytest.mark.clause("SETUP-4", "SETUP-5", "RES-3", "R-2")
@pytest.mark.parametrize("seed", range(8))
def test_ships_dealt_and_arrivals_raise_the_market(seed: int) -> None:
    state = new_game(4, seed=seed)
    slots = [s for s in state.slots if s is not None]
    assert len(slots) == len(state.slots) == 5
    # 26 ships: 5 in the slots and 21 in the deck, each exactly once
    assert len(state.ship_deck) == 21
    assert Counter(slots + list(state.ship_deck)) == Counter(list(ALL_SHIPS))
    # each bead starts on market.start (index 2) and each dealt ship raises its arrival commodity by its steps
    for c, name in enumerate(COMMODITIES):
        steps = sum(ALL_SHIPS[s].arrival.steps if ALL_SHIPS[s].arrival.commodity == name else 0 for s in slots)
        assert state.market[c] == min(START + steps, len(TRACK) - 1), name


@pytest.mark.clause("SETUP-4", "SETUP-5")
def test_market_start_worked_example() -> None:
    # seed 1, 4 players deals ship-19 (wine +1), ship-25 (oil +1), ship-3 (silver +2), ship-7 (wine +2),
    # ship-2 (silver +2): silver 2 + 4 = 6, wine 2 + 3 = 5, oil 2 + 1 = 3 (track values 3, 3, 2)
    state = new_game(4, seed=1)
    assert state.slots == ("ship-19", "ship-25", "ship-3", "ship-7", "ship-2")
    assert state.market == (6, 5, 3)
    assert [TRACK[i] for i in state.market] == [3, 3, 2]


@pytest.mark.clause("SETUP-5")
def test_ship_shuffle_depends_on_the_seed() -> None:
    deals = {tuple(new_game(3, seed=s).slots) for s in range(10)}
    assert len(deals) > 1


# --------------------------------------------------------------------------- SETUP-6


@pytest.mark.clause("SETUP-6")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bonus_cards_dealt_kept_and_returned(players: int) -> None:
    state = new_game(players, seed=5)
    assert state.phase == Phase.SETUP_BONUS
    # 3 cards each, 16 in all accounted for
    assert [len(d) for d in state.dealt] == [3] * players
    dealt = [c for d in state.dealt for c in d]
    assert len(state.bonus_deck) == 16 - 3 * players
    assert Counter(dealt + list(state.bonus_deck)) == Counter(ALL_BONUS)
    # the deciding seat is offered exactly its three cards
    seat = state.seat
    assert seat is not None
    assert set(legal_actions(state)) == {ChooseBonus(c) for c in state.dealt[seat]}
    hands = state.dealt
    after, order = choose_all(state)
    # seats choose in turn order from the start seat
    assert order == [(state.start_seat + k) % players for k in range(players)]
    kept = [p.bonus_cards for p in after.players]
    assert kept == [(hands[s][0],) for s in range(players)]
    returned = [c for s in range(players) for c in hands[s][1:]]
    # 16 - n cards in the deck: the undealt ones and the 2n returned ones; kept cards are not in it
    assert len(after.bonus_deck) == 16 - players
    assert set(returned) <= set(after.bonus_deck)
    assert not {c for k in kept for c in k} & set(after.bonus_deck)
    assert Counter(list(after.bonus_deck) + [c for k in kept for c in k]) == Counter(ALL_BONUS)
    assert after.dealt == ()
    # play begins with the start seat
    assert (after.phase, after.seat, after.turn_seat) == (Phase.PLACE, state.start_seat, state.start_seat)


@pytest.mark.clause("SETUP-6")
def test_returned_cards_are_shuffled_in() -> None:
    # if the returned cards were simply put under the deck, its last 2n cards would be exactly them
    # for every seed; the shuffle mixes them in for some seed
    mixed = 0
    for seed in range(10):
        state = new_game(4, seed=seed)
        hands = state.dealt
        after, _ = choose_all(state)
        returned = {c for h in hands for c in h[1:]}
        if set(after.bonus_deck[-8:]) != returned:
            mixed += 1
    assert mixed > 0


@pytest.mark.clause("SETUP-6")
def test_choosing_a_card_not_dealt_is_refused() -> None:
    state = new_game(3, seed=2)
    seat = state.seat
    assert seat is not None
    other = next(c for c in ALL_BONUS if c not in state.dealt[seat])
    with pytest.raises(IllegalActionError) as info:
        apply(state, ChooseBonus(other))
    assert info.value.rule == "SETUP-6"
    assert other in str(info.value) and f"seat {seat}" in str(info.value)
    # placing a house during setup is refused: the seat must choose a card
    with pytest.raises(IllegalActionError) as info:
        apply(state, Place("s1"))
    assert info.value.rule == "SETUP-6"
    assert "ChooseBonus" in str(info.value)


# --------------------------------------------------------------------------- SETUP-7, reproducibility


@pytest.mark.clause("SETUP-7")
def test_start_seat_is_drawn_and_deterministic() -> None:
    starts = [new_game(4, seed=s).start_seat for s in range(40)]
    assert starts == [new_game(4, seed=s).start_seat for s in range(40)]
    assert set(starts) == {0, 1, 2, 3}
    for s in range(5):
        state = new_game(4, seed=s)
        # the first decision (the bonus choice) and the first turn belong to the start seat
        assert state.seat == state.start_seat
        after, _ = choose_all(state)
        assert after.seat == state.start_seat


@pytest.mark.clause("SETUP-7", "TURN-1")
def test_turns_go_round_in_seat_order() -> None:
    state, _ = choose_all(new_game(4, seed=9))
    start = state.start_seat
    seats = []
    for _ in range(8):
        seats.append(state.seat)
        # a placement with no decision: the first offered spot touching no city hex is always such a spot here
        place = next(a for a in legal_actions(state) if isinstance(a, Place) and not a.trades)
        state = apply(state, place)
        while state.phase != Phase.PLACE:
            state = apply(state, legal_actions(state)[0])
    assert seats == [(start + k) % 4 for k in range(8)]


@pytest.mark.clause("SETUP-5", "SETUP-6", "SETUP-7")
def test_same_seed_same_game() -> None:
    a, b = new_game(5, seed=123), new_game(5, seed=123)
    assert a == b
    for _ in range(60):
        acts = legal_actions(a)
        assert acts == legal_actions(b)
        a, b = apply(a, acts[-1]), apply(b, acts[-1])
    assert a == b
    assert new_game(5, seed=123) != new_game(5, seed=124)
    assert new_game(5, seed=123, edition="1st") != new_game(5, seed=123)


@pytest.mark.clause("SETUP-1", "SETUP-2", "ED-3")
def test_each_game_has_its_own_edition_and_options_on_the_same_empty_table() -> None:
    # every setup starts from one empty table per player count: what a game is given never leaks
    # into the next one
    strict = new_game(3, seed=4, edition="1st", options=Options(strict=True))
    plain = new_game(3, seed=4)
    assert (strict.edition, strict.options) == ("1st", Options(strict=True))
    assert (plain.edition, plain.options) == ("2nd", Options())
    assert strict.players == plain.players and strict.ship_deck == plain.ship_deck  # the same seed, the same draws
    assert new_game(1, seed=4, edition="1st").edition == "1st" and new_game(1, seed=4).edition == "2nd"


@pytest.mark.clause("TURN-1", "BUILD-2", "BUILD-3", "SETUP-2")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_new_game_comes_with_its_empty_boards_placement_facts(players: int) -> None:
    # the facts the first placements read (ragusa.core.state.Derived): every spot free, no
    # powerhouse, and each seat, with no house yet, needs 1 wood (stone) on a spot by a country
    # (city) hex whose resource it does not gain there, which the fresh facts of the board say too
    state = new_game(players, seed=players)
    facts = getattr(state, "facts", None)
    assert isinstance(facts, BoardFacts) and facts.houses is state.houses
    assert facts.free == (1 << len(BOARD.spot_ids)) - 1 and facts.power == 0
    fresh = board_facts(state.houses, players, None)
    assert len(facts.seats) == players
    for seat, needs in enumerate(facts.seats):
        assert needs is not None
        own = fresh.needs(seat)[1]
        assert list(needs.counts) == [0] * len(BOARD.hex_ids) and needs.country == needs.city == ()
        per_spot = [needs.need(s) for s in range(len(BOARD.spot_ids))]
        assert per_spot == [own.need(s) for s in range(len(BOARD.spot_ids))]
        assert max(wood for wood, _ in per_spot) == 1 and max(stone for _, stone in per_spot) == 1


@pytest.mark.clause("SOLO-1", "SOLO-2", "SOLO-6", "TURN-1", "BUILD-2", "BUILD-3")
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_solo_games_placement_facts_are_its_boards_own(seed: int) -> None:
    # the solo table is made once per set of Patrician cards (the opening houses and the reserved
    # spots, SOLO-1, SOLO-2) with its board's facts: at every state of the game they are what the
    # board gives worked out afresh: the free spots (a reserved one is not free, SOLO-6) and the
    # human's needs
    rng = random.Random(seed)
    state = new_game(1, seed=seed)
    # 18 spots reserved; each bot has played its first house on one of its cards' spots
    assert state.houses.count(RESERVED) == 18 - 2
    first = getattr(state, "facts", None)
    assert isinstance(first, BoardFacts) and first.seats[0] is not None  # come with the new game
    checked = 0
    while not is_terminal(state):
        acts = legal_actions(state)
        facts = getattr(state, "facts", None)
        if isinstance(facts, BoardFacts):
            fresh = board_facts(state.houses, 3, None)
            assert facts.houses is state.houses and facts.free == fresh.free
            assert not any(facts.free >> s & 1 for s, owner in enumerate(state.houses) if owner == RESERVED)
            needs, own = facts.needs(0)[1], seat_needs(state.houses, 0)
            assert needs.counts == own.counts
            assert sorted(needs.country) == sorted(own.country) and sorted(needs.city) == sorted(own.city)
            checked += 1
        state = apply(state, acts[rng.randrange(len(acts))])
    assert checked >= 9
