"""Turns (TURN-1..3), resources and commodities (RES-1..3, R-1, R-2), passing (R-14) and the
errors of illegal actions, through the public API.

Spots used (hexes from ``standard.json``):
- s1: forest-1, olive-grove-2, quarry-1 ; s7: forest-1, olive-grove-1, olive-grove-2
- s33 (wall ring, tower spot): silver-mine-5, silversmith, vineyard-4
- s59: forest-7, sea-5, winery ; s72: market, sea-12, sea-6 ; s69: sea-5, sea-9, wharf
- s55: cathedral, rectors-palace, silversmith
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest

from ragusa import (
    Action,
    ActivateHex,
    BuildWall,
    BuyShip,
    ChooseBonus,
    DrawBonus,
    GameState,
    IllegalActionError,
    KeepBonus,
    Pass,
    Phase,
    Place,
    SellCommodity,
    Trade,
    apply,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    step,
)
from ragusa.core.board import BOARD, KIND_CITY, RES_INDEX
from ragusa.core.components import COMPONENTS
from ragusa.core.events import CommodityProduced, MarketMoved, Passed
from tests.support import PH, player, position, resources, run, track_value

FISH = RES_INDEX["fish"]
TOP = len(COMPONENTS.market.track) - 1
PIECES = {2: 2 * (12 + 2), 3: 3 * 12, 4: 4 * 10, 5: 5 * 9}


def refused(state: GameState, action: Action) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.rule and str(err).startswith(f"[{err.rule}] ")
    return err


def random_game(players: int, seed: int) -> Iterator[GameState]:
    """Play a whole game with random legal actions (mostly not trades); yield every state."""
    rnd = random.Random(seed)
    state = new_game(players, seed=seed)
    yield state
    while not is_terminal(state):
        acts = legal_actions(state)
        assert acts, "a non-terminal state must offer an action"
        plain = [a for a in acts if not isinstance(a, Trade)]
        action = rnd.choice(plain) if plain and rnd.random() < 0.9 else rnd.choice(acts)
        state = apply(state, action)
        yield state


# --------------------------------------------------------------------------- TURN-1


@pytest.mark.clause("TURN-1", "ARCHITECT-1")
def test_a_tower_does_not_occupy_a_spot() -> None:
    # seat 1's tower on s33; seat 0 (1 wood, 1 stone; the silver mine gives the ore) may build a house there
    state = position(4, towers={"s33": 1}, res={0: {"wood": 1, "stone": 1}})
    assert Place("s33") in legal_actions(state)
    after = apply(state, Place("s33"))
    i = BOARD.spot_index["s33"]
    assert after.houses[i] == 0 and after.towers[i] == 1


@pytest.mark.clause("TURN-1")
def test_an_occupied_spot_is_refused() -> None:
    state = position(4, houses={"s1": 2}, res={0: {"wood": 5}})
    assert Place("s1") not in legal_actions(state)
    err = refused(state, Place("s1"))
    assert err.rule == "TURN-1"
    assert "s1 is not free: seat 2's house stands there" in str(err)
    err = refused(position(2, houses={"s1": PH}), Place("s1"))
    assert err.rule == "TURN-1"
    assert "s1 is not free: a powerhouse stands there" in str(err)


@pytest.mark.clause("TURN-1")
@pytest.mark.parametrize("bad", ["s0", "s76", "S1", "", "forest-1"])
def test_unknown_spot_is_refused(bad: str) -> None:
    err = refused(position(4, res={0: {"wood": 3}}), Place(bad))
    assert err.rule == "TURN-1"
    assert f"there is no spot {bad!r}" in str(err)


@pytest.mark.clause("TURN-1", "TURN-2", "ACT-1")
def test_a_turn_is_one_placement_then_the_next_seat() -> None:
    state = position(4, turn=2)
    after = apply(state, Place("s1"))
    # s1 gives 1 wood, 1 olives, 1 stone to seat 2 (ACT-1); seat 3 is next
    assert player(after, 2).resources == resources(wood=1, olives=1, stone=1)
    assert player(after, 2).houses_left == player(state, 2).houses_left - 1
    assert (after.phase, after.seat, after.turn_seat) == (Phase.PLACE, 3, 3)
    assert after.placements == state.placements + 1


# --------------------------------------------------------------------------- TURN-3


@pytest.mark.clause("TURN-3", "TWO-1")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_full_random_game_places_every_piece(players: int) -> None:
    states = list(random_game(players, seed=players))
    final = states[-1]
    assert is_terminal(final)
    # the game ended with every piece placed (2p: 12 houses + 2 powerhouses each)
    assert final.placements == PIECES[players]
    assert all(p.houses_left == 0 and p.powerhouses_left == 0 for p in final.players)
    on_board = sum(1 for h in final.houses if h != -1)
    assert on_board == PIECES[players]
    assert legal_actions(final) == () and current_player(final) is None


@pytest.mark.clause("RES-1", "RES-2", "FISH-1")
def test_resources_only_grow_and_fish_only_go_by_trade() -> None:
    for players in (2, 4):
        states = list(random_game(players, seed=10 + players))
        for before, after in zip(states, states[1:]):
            for b, a in zip(before.players, after.players):
                # RES-1: resources other than fish never go down; fish go down only by what was traded
                assert all(x >= y for x, y in zip(a.resources[1:], b.resources[1:]))
                spent = a.fish_traded - b.fish_traded
                assert a.resources[FISH] >= b.resources[FISH] - spent
                # RES-2: commodities stay within 0..12
                assert all(0 <= c <= 12 for c in a.commodities)


@pytest.mark.clause("TURN-3", "END-1")
def test_game_ends_when_the_last_piece_is_placed() -> None:
    state = position(3, player={0: {"houses_left": 1}, 1: {"houses_left": 0}, 2: {"houses_left": 0}})
    state, events = step(state, Place("s1"))
    assert is_terminal(state) and state.phase == Phase.OVER and state.seat is None
    # acting after the end is refused with TURN-3
    for action in (Place("s7"), Pass(), Trade("wood"), ChooseBonus("bonus-fish")):
        err = refused(state, action)
        assert err.rule == "TURN-3"
        assert "the game is over" in str(err)


@pytest.mark.clause("TURN-3")
def test_seat_without_pieces_is_skipped() -> None:
    # seat 1 has nothing left: after seat 0, seat 2 plays
    state = position(3, player={1: {"houses_left": 0}})
    assert apply(state, Place("s1")).seat == 2


# --------------------------------------------------------------------------- RES, R-1, R-2


@pytest.mark.clause("R-1", "RES-1", "ACT-1")
def test_resources_above_eight_are_kept() -> None:
    # 8 wood + 1 from forest-1 = 9; 12 stone + 1 from quarry-1 = 13 (no limit)
    state = apply(position(4, res={0: {"wood": 8, "stone": 12}}), Place("s1"))
    assert player(state, 0).resources == resources(wood=9, stone=13, olives=1)


@pytest.mark.clause("RES-2", "WINERY-1")
def test_commodities_are_capped_at_twelve() -> None:
    # s59 (forest-7, sea-5, winery): 10 wine held + 5 grapes = 15 -> 12 kept, 3 lost
    # (no fish: the sea's 1 fish cannot buy grapes, so no order decision, ACT-5)
    state = position(4, res={0: {"stone": 1, "grapes": 5}}, com={0: {"wine": 10}})
    state, events = step(state, Place("s59"))
    assert CommodityProduced(0, "wine", 5, 3, 12) in events
    assert player(state, 0).commodities == (0, 12, 0)
    # already at 12: all of it is lost
    full = position(4, res={0: {"stone": 1, "grapes": 2}}, com={0: {"wine": 12}})
    full, events = step(full, Place("s59"))
    assert CommodityProduced(0, "wine", 2, 2, 12) in events


@pytest.mark.clause("RES-3", "WHARF-1")
def test_market_value_is_the_track_value_under_the_bead() -> None:
    # s69 (sea-5, sea-9, wharf): 1 stone, 2 wine held; wine bead on index 9 -> value 5
    state = position(4, res={0: {"stone": 1}}, com={0: {"wine": 2}}, market={"wine": 9})
    assert track_value(9) == 5
    state = apply(state, Place("s69"))
    assert state.phase == Phase.WHARF
    state = apply(state, SellCommodity("wine"))
    assert player(state, 0).vp[2] == 5
    assert player(state, 0).commodities == (0, 1, 0)
    assert state.market[1] == 9  # selling does not move the market


@pytest.mark.clause("RES-3", "R-2", "MARKET-1")
def test_beads_stop_at_the_ends_of_the_track() -> None:
    # s72 (market, sea-12, sea-6): 1 stone and 1 oil. Slot 0 (cost 1 oil, lowers oil) holds ship-9
    # (clothing, no extra cost). The oil bead is at 0: lowering it loses the step. The next ship,
    # ship-1, raises silver by 2 from index 13: it stops at the end (14), one step lost.
    base = position(
        4,
        res={0: {"stone": 1}},
        com={0: {"oil": 1}},
        market={"silver": TOP - 1, "wine": 4, "oil": 0},
        slots=["ship-9", "ship-10", "ship-11", "ship-12", "ship-13"],
    )
    base = attrs.evolve(base, ship_deck=("ship-1", "ship-2"))
    state = apply(base, Place("s72"))
    assert state.phase == Phase.MARKET
    assert BuyShip(0) in legal_actions(state)
    state, events = step(state, BuyShip(0))
    assert state.market == (TOP, 4, 0)
    assert [e for e in events if isinstance(e, MarketMoved)] == [MarketMoved("silver", 1, track_value(TOP))]
    assert state.slots == ("ship-10", "ship-11", "ship-12", "ship-13", "ship-1")
    assert player(state, 0).ships == ("ship-9",) and player(state, 0).vp[3] == 3


# ---------------------------------------------------------------------------


@pytest.mark.clause("R-4", "MARKET-1")
def test_empty_ship_deck_leaves_the_slot_empty() -> None:
    # as above, with no ship left in the deck: slot 0's ship-9 is bought, the others slide left, the
    # rightmost slot stays empty and no bead is raised; only oil is lowered (index 3 -> 2)
    base = position(
        4,
        res={0: {"stone": 1}},
        com={0: {"oil": 1, "wine": 2}},
        market={"silver": 5, "wine": 4, "oil": 3},
        slots=["ship-9", "ship-10", "ship-11", "ship-12", "ship-13"],
    )
    base = attrs.evolve(base, ship_deck=())
    state, events = step(apply(base, Place("s72")), BuyShip(0))
    assert state.slots == ("ship-10", "ship-11", "ship-12", "ship-13", None)
    assert state.market == (5, 4, 2)
    assert [e for e in events if isinstance(e, MarketMoved)] == [MarketMoved("oil", -1, track_value(2))]


@pytest.mark.clause("R-4", "MARKET-1")
def test_an_empty_slot_cannot_be_bought() -> None:
    # slot 4 (cost 2 wine) is empty; seat 0 holds 2 wine and 1 oil: only slot 0 (1 oil) can be bought
    base = position(
        4,
        res={0: {"stone": 1}},
        com={0: {"oil": 1, "wine": 2}},
        slots=["ship-9", None, None, None, None],
    )
    state = apply(base, Place("s72"))
    assert state.phase == Phase.MARKET
    assert set(legal_actions(state)) == {BuyShip(0), Pass()}
    err = refused(state, BuyShip(4))
    assert err.rule == "R-4"
    assert "market slot 4 is empty" in str(err)


@pytest.mark.clause("R-4", "RECTOR-1")
def test_rector_draws_what_is_left() -> None:
    # s55 (cathedral, rectors-palace, silversmith): 1 stone, 1 silver ore. One card left in the bonus deck.
    base = position(4, res={0: {"stone": 1, "silver_ore": 1}})
    base = attrs.evolve(base, bonus_deck=("bonus-fish",))
    state = apply(base, Place("s55"))
    assert state.phase == Phase.RECTOR_DRAW
    state = apply(state, DrawBonus())
    assert state.phase == Phase.RECTOR_KEEP
    assert legal_actions(state) == (KeepBonus("bonus-fish"),)
    state = apply(state, KeepBonus("bonus-fish"))
    assert "bonus-fish" in player(state, 0).bonus_cards and state.bonus_deck == ()
    # with an empty deck the Rector offers nothing: the placement resolves without a decision
    empty = attrs.evolve(base, bonus_deck=())
    after = apply(empty, Place("s55"))
    assert (after.phase, after.seat) == (Phase.PLACE, 1)
    assert player(after, 0).bonus_cards == player(base, 0).bonus_cards


# ---------------------------------------------------------------------------


def _only_city_spots_free(players: int, res: dict[int, dict[str, int]]) -> GameState:
    """Every spot touching no city hex is taken (by seats in rotation); each seat has 3 houses left."""
    taken = {}
    k = 0
    for s, sid in enumerate(BOARD.spot_ids):
        if all(BOARD.hex_kind[h] != KIND_CITY for h in BOARD.spot_hexes[s]):
            taken[sid] = k % players
            k += 1
    return position(
        players,
        houses=taken,
        res=res,
        player={seat: {"houses_left": 3} for seat in range(players)},
    )


@pytest.mark.clause("R-14", "BUILD-3")
def test_no_legal_placement_means_pass_only() -> None:
    # every free spot touches a city hex (1 stone) and none gives stone: with 0 stone and 0 fish, nothing
    state = _only_city_spots_free(3, {0: {"wood": 5, "grapes": 1, "olives": 1, "silver_ore": 1}})
    free = [s for s, h in enumerate(state.houses) if h == -1]
    assert free and all(any(BOARD.hex_kind[h] == KIND_CITY for h in BOARD.spot_hexes[s]) for s in free)
    assert all(BOARD.hex_resource[h] != RES_INDEX["stone"] for s in free for h in BOARD.spot_hexes[s])
    assert legal_actions(state) == (Pass(),)
    # a placement is refused with the city's stone requirement
    err = refused(state, Place("s55"))
    assert err.rule == "BUILD-3"
    # passing moves on to the next seat without placing anything
    after, events = step(state, Pass())
    assert events == (Passed(0, "turn: no legal placement"),)
    assert (after.phase, after.seat) == (Phase.PLACE, 1)
    assert after.placements == state.placements and player(after, 0).houses_left == 3


@pytest.mark.clause("R-14", "FISH-2")
def test_stuck_seat_with_fish_is_offered_pass_and_trades() -> None:
    # 2 fish cannot buy stone (3): still no placement, but trades are offered (FISH-2) with the Pass
    state = _only_city_spots_free(3, {0: {"wood": 5, "fish": 2}})
    assert set(legal_actions(state)) == {Pass(), Trade("wood"), Trade("grapes"), Trade("olives")}


@pytest.mark.clause("R-14")
def test_pass_is_refused_when_a_placement_exists() -> None:
    # with 1 stone, 1 silver ore seat 0 may place on s55 (cathedral, rectors-palace, silversmith)
    state = _only_city_spots_free(3, {0: {"stone": 1, "silver_ore": 1}})
    assert Place("s55") in legal_actions(state)
    assert Pass() not in legal_actions(state)
    err = refused(state, Pass())
    assert err.rule == "R-14"
    assert "seat 0 has a legal placement" in str(err)
    # on a fresh position too
    assert refused(position(4), Pass()).rule == "R-14"


@pytest.mark.clause("R-14", "TURN-3")
def test_game_ends_when_every_seat_passes_in_a_row() -> None:
    state = _only_city_spots_free(3, {})
    for seat in (0, 1, 2):
        assert (state.seat, legal_actions(state)) == (seat, (Pass(),))
        state = apply(state, Pass())
    assert is_terminal(state)
    assert [p.houses_left for p in state.players] == [3, 3, 3]


@pytest.mark.clause("R-14")
def test_a_placement_breaks_the_run_of_passes() -> None:
    # seat 1 can place on s55 (1 stone, 1 silver ore); seats 0 and 2 cannot place
    state = _only_city_spots_free(3, {1: {"stone": 1, "silver_ore": 1}})
    state = apply(state, Pass())
    state = apply(state, Place("s55"))
    # Cathedral: nothing; Rector: the optional draw; Silversmith: 1 silver
    while state.phase != Phase.PLACE:
        state = apply(state, Pass())
    assert state.seat == 2
    state = apply(state, Pass())  # seat 2
    state = apply(state, Pass())  # seat 0: two passes since the placement, seat 1 has not passed
    assert not is_terminal(state)
    # seat 1 decides again (three passes in a row would have ended the game: see the test above)
    assert (state.phase, state.seat) == (Phase.PLACE, 1)


# --------------------------------------------------------------------------- illegal actions: one per family


@pytest.mark.clause("TURN-1", "MASON-1", "FISH-2", "ACT-5")
def test_action_of_the_wrong_phase_is_refused() -> None:
    placing = position(4, res={0: {"wood": 1}})
    err = refused(placing, BuildWall("w1"))
    assert err.rule == "TURN-1"
    assert "seat 0 must place a house (Place) or trade fish now; BuildWall is not a choice here" in str(err)
    # in the Mason's decision (s34: mason, olive-grove-4, vineyard-4) a Place is refused with MASON-1
    mason = apply(position(4, res={0: {"wood": 1, "stone": 1}}), Place("s34"))
    assert mason.phase == Phase.MASON
    err = refused(mason, Place("s1"))
    assert err.rule == "MASON-1"
    assert "Place is not a choice here" in str(err)
    err = refused(mason, BuildWall("w99"))
    assert err.rule == "MASON-1" and "'w99'" in str(err)
    # in a trade window only trades and Pass
    window = run(position(4, res={0: {"stone": 1, "grapes": 1, "fish": 2}}), Place("s59"))
    assert window.phase == Phase.TRADE_WINDOW
    assert refused(window, Place("s1")).rule == "FISH-2"
    # an ORDER decision names hexes still to activate (1 fish + the sea's 1 buys 1 grapes: it matters)
    order = apply(position(4, res={0: {"stone": 1, "grapes": 1, "fish": 1}}), Place("s59"))
    assert order.phase == Phase.ORDER
    err = refused(order, ActivateHex("mason"))
    assert err.rule == "ACT-5" and "'mason'" in str(err)


@pytest.mark.clause("TURN-1")
def test_non_action_objects_are_refused() -> None:
    state = position(4)
    for junk in (None, "Place('s1')", 3, ("s1",)):
        err = refused(state, junk)  # type: ignore[arg-type]
        assert err.rule == "TURN-1"
        assert "is not a ragusa action" in str(err)
