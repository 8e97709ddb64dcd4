"""The activation in progress and the end of the game, checked against the way the rules get there
(`ragusa.contract.validation.progress`): the queue, the hexes to come, the current hex, the
deciding seat, the passes and the last turn."""

from __future__ import annotations

import functools

import attrs
import pytest

from ragusa import GameState, Options, Pass, apply, is_terminal, legal_actions, validate
from ragusa.contract.validation.common import Found
from ragusa.contract.validation.progress import check_end
from ragusa.core.board import BOARD, KIND_CITY
from ragusa.core.state import Phase
from tests.boundary_positions import game, last
from tests.support import position


@functools.cache
def _game3() -> tuple[GameState, ...]:
    """A random 3-player game (2nd edition, seed 0), every state."""
    return tuple(game(3, "2nd", Options(), 0))


def _hexes(ids: list[str]) -> tuple[int, ...]:
    return tuple(BOARD.hex_ids.index(h) for h in ids)


def _clauses(s: GameState) -> list[tuple[str, str]]:
    return [(v.clause, v.path) for v in validate(s)]


@pytest.mark.clause("ACT-3")
def test_the_queue_is_the_rest_of_the_ring_clockwise_from_the_new_house() -> None:
    # seat 0 has placed on s49 (Mason, Oil Press, vineyard): the Mason hex queues s49 (the new house,
    # seat 0) then s34 (seat 2's), clockwise; s49's Mason decision is open
    s = _game3()[11]
    spots = [BOARD.spot_ids[x] for x in s.queue]
    assert (s.phase, BOARD.spot_ids[s.placed], spots, s.seat) == (Phase.MASON, "s49", ["s49", "s34"], 0)
    assert validate(s) == []
    # s34 first, its owner deciding: every count as before, the order not the ring's
    reordered = attrs.evolve(s, queue=tuple(reversed(s.queue)), seat=2)
    assert _clauses(reordered) == [("ACT-3", "$.queue")]
    # s34's turn comes once s49's is done: the queue (s34,) with seat 2 deciding is a position of the ring
    assert ("ACT-3", "$.queue") not in _clauses(attrs.evolve(s, queue=s.queue[1:], seat=2))


@pytest.mark.clause("ACT-4")
def test_the_rectors_palace_activates_only_the_new_house() -> None:
    # seat 1 has placed on s54 and draws at the Rector's Palace; its older house s60 stands there too
    s = next(x for x in _game3() if x.phase == Phase.RECTOR_DRAW and x.placed == BOARD.spot_index["s54"])
    assert (BOARD.spot_ids[s.placed], s.turn_seat, s.houses[BOARD.spot_index["s60"]]) == ("s54", 1, 1)
    assert validate(s) == []
    older = attrs.evolve(s, queue=(BOARD.spot_index["s60"],))
    assert _clauses(older) == [("ACT-4", "$.queue")]


@pytest.mark.clause("ACT-5")
def test_the_hexes_to_come_keep_the_spots_order() -> None:
    # seat 2 has placed on s34 (Mason, olive-grove-4, vineyard-4): the two country hexes are to come
    s = _game3()[9]
    assert s.pending_hexes == _hexes(["olive-grove-4", "vineyard-4"])
    assert validate(s) == []
    swapped = attrs.evolve(s, pending_hexes=tuple(reversed(s.pending_hexes)))
    assert _clauses(swapped) == [("ACT-5", "$.pending_hexes")]


@pytest.mark.clause("ACT-5")
def test_a_hex_out_of_the_spots_order_was_chosen_when_the_order_mattered() -> None:
    # s62 (Cathedral, Market, Oil Press): the Market activates before the Cathedral, as seat 1 chose
    # (the Oil Press makes what the Market reads, so the order could change the outcome)
    s = _game3()[54]
    assert BOARD.spot_hexes[s.placed] == _hexes(["cathedral", "market", "oil-press"])
    assert (s.phase, s.current_hex, s.pending_hexes) == (
        Phase.MARKET,
        *_hexes(["market"]),
        _hexes(["cathedral", "oil-press"]),
    )
    assert validate(s) == []


@pytest.mark.clause("TURN-2", "ACT-5")
def test_before_the_first_hex_starts_every_hex_is_to_come() -> None:
    # seat 1 has placed on s60 (Rector's Palace, Wharf, Winery) and chooses the first hex
    s = _game3()[17]
    assert (s.phase, s.current_hex, s.pending_hexes) == (
        Phase.ORDER,
        -1,
        _hexes(["rectors-palace", "wharf", "winery"]),
    )
    assert validate(s) == []
    # the Rector's Palace done, yet no hex started: impossible
    assert _clauses(attrs.evolve(s, pending_hexes=s.pending_hexes[1:])) == [("TURN-2", "$.current_hex")]


def _stuck(players: int, houses_left: dict[int, int]) -> GameState:
    """Seat 0 to place; every spot touching no city hex is taken, and with no stone, fish or
    commodity nobody can place on a city hex (BUILD-3): every seat with houses left must pass."""
    country = [
        sid for s, sid in enumerate(BOARD.spot_ids) if KIND_CITY not in {BOARD.hex_kind[h] for h in BOARD.spot_hexes[s]}
    ]
    owners = {sid: k % players for k, sid in enumerate(country)}
    left = {seat: {"houses_left": n} for seat, n in houses_left.items()}
    return position(players, houses=owners, player=left)


def _ended_by_passes() -> GameState:
    state = _stuck(4, {0: 2, 1: 2, 2: 2, 3: 0})
    for seat in (0, 1, 2):  # seat 3 has no house left: no turn
        assert (state.seat, legal_actions(state)) == (seat, (Pass(),))
        state = apply(state, Pass())
    assert is_terminal(state) and (state.passes, state.turn_seat) == (3, 2)
    return state


def _end(s: GameState) -> list[tuple[str, str]]:
    found = Found()
    check_end(s, found)
    return [(v.clause, v.path) for v in found.items]


@pytest.mark.clause("R-14")
def test_a_game_ended_by_passes_ended_at_the_last_seat_with_pieces_and_none_could_place() -> None:
    s = _ended_by_passes()
    assert _end(s) == []
    # 3 seats with pieces passed in a row: the third pass ended the game, a fourth never came
    assert _end(attrs.evolve(s, passes=4)) == [("R-14", "$.passes")]
    # the last turn was a pass by a seat with pieces, not seat 3's
    assert _end(attrs.evolve(s, turn_seat=3)) == [("R-14", "$.turn_seat")]
    # seat 1 with 1 stone and 1 silver ore could place on s55 (Cathedral, Rector's Palace, Silversmith)
    players = list(s.players)
    players[1] = attrs.evolve(players[1], resources=(0, 0, 1, 1, 0, 0))
    assert _end(attrs.evolve(s, players=tuple(players))) == [("R-14", "$.passes")]


@pytest.mark.clause("SOLO-7")
def test_the_solo_game_ends_on_the_humans_turn() -> None:
    s = last(1)
    assert s.phase == Phase.OVER and s.turn_seat == 0 and validate(s) == []
    assert ("SOLO-7", "$.turn_seat") in _clauses(attrs.evolve(s, turn_seat=1))


@pytest.mark.clause("R-19", "R-14")
def test_a_solo_game_ends_by_a_pass_only_once_the_human_alone_has_pieces() -> None:
    s = last(1)
    players = [attrs.evolve(p, houses_left=1) for p in s.players]  # every colour with a house left
    passed = attrs.evolve(s, players=tuple(players), passes=1)
    assert _end(passed) == [("R-19", "$.passes")]
