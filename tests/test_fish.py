"""Fish trade (FISH-1, FISH-2) and the end-game trade window (END-2), through the public API.

Spots used (hexes from ``standard.json``):
- s1: forest-1, olive-grove-2, quarry-1 (no city hex: a placement there needs no decision)
- s59: forest-7, sea-5, winery ; s54: architect, rectors-palace, winery
- s34: mason, olive-grove-4, vineyard-4
Winery ring clockwise from its top corner: s46, s54, s60, s65, s59, s53.
"""

from __future__ import annotations

import random

import pytest

from ragusa import (
    BuildWall,
    GameState,
    IllegalActionError,
    Pass,
    Phase,
    Place,
    Trade,
    apply,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    score_breakdown,
    step,
)
from ragusa.core.board import RES_INDEX
from ragusa.core.events import CommodityProduced, FishTraded
from tests.support import player, position, resources, run

FISH = RES_INDEX["fish"]
TWO = {Trade("wood"), Trade("grapes"), Trade("olives")}
THREE = TWO | {Trade("stone")}
FOUR = THREE | {Trade("silver_ore")}


def trades(state: GameState) -> set[Trade]:
    return {a for a in legal_actions(state) if isinstance(a, Trade)}


# --------------------------------------------------------------------------- FISH-1


@pytest.mark.clause("FISH-1", "FISH-2")
@pytest.mark.parametrize("fish, offered", [(0, set()), (1, set()), (2, TWO), (3, THREE), (4, FOUR), (9, FOUR)])
def test_trades_offered_match_the_rates(fish: int, offered: set[Trade]) -> None:
    # FISH-1: 2 fish buy wood/grapes/olives, 3 stone, 4 silver ore
    assert trades(position(4, res={0: {"fish": fish}})) == offered


@pytest.mark.clause("FISH-1", "RES-1")
@pytest.mark.parametrize("resource, cost", [("wood", 2), ("grapes", 2), ("olives", 2), ("stone", 3), ("silver_ore", 4)])
def test_each_trade_costs_its_rate(resource: str, cost: int) -> None:
    state = position(4, res={0: {"fish": 10}})
    after, events = step(state, Trade(resource))
    p = player(after, 0)
    assert p.resources == resources(fish=10 - cost, **{resource: 1})
    assert p.fish_traded == cost
    assert events == (FishTraded(0, resource, cost),)
    # a trade is not a turn: the same seat still decides the same thing
    assert (after.phase, after.seat, after.placements) == (Phase.PLACE, 0, state.placements)


@pytest.mark.clause("FISH-1")
def test_trades_repeat_and_are_permanent() -> None:
    state = position(4, res={0: {"fish": 9}})
    state = run(state, Trade("wood"), Trade("wood"), Trade("stone"))
    # 9 - 2 - 2 - 3 = 2 fish; 2 wood; 1 stone
    assert player(state, 0).resources == resources(fish=2, wood=2, stone=1)
    assert player(state, 0).fish_traded == 7
    # the bought wood stays after a placement (s1 needs 1 wood and gives 1 wood, 1 olives, 1 stone)
    state = apply(state, Place("s1"))
    assert player(state, 0).resources == resources(fish=2, wood=3, stone=2, olives=1)


@pytest.mark.clause("FISH-1")
def test_unaffordable_or_unknown_trades_are_refused() -> None:
    state = position(4, res={0: {"fish": 2}})
    with pytest.raises(IllegalActionError) as info:
        apply(state, Trade("stone"))
    assert info.value.rule == "FISH-1"
    assert "1 stone costs 3 fish; seat 0 has 2" in str(info.value)
    with pytest.raises(IllegalActionError) as info:
        apply(position(4, res={0: {"fish": 3}}), Trade("silver_ore"))
    assert "1 silver_ore costs 4 fish; seat 0 has 3" in str(info.value)
    for bad in ("fish", "gold", "wine"):
        with pytest.raises(IllegalActionError) as info:
            apply(state, Trade(bad))
        assert info.value.rule == "FISH-1"
        assert repr(bad) in str(info.value)
    assert player(state, 0).resources == resources(fish=2)


# --------------------------------------------------------------------------- FISH-2


@pytest.mark.clause("FISH-2", "ACT-3")
def test_trade_window_in_another_players_turn() -> None:
    # Seat 0 places on s59 (forest-7, sea-5, winery): 1 wood from its own forest, 1 stone, 1 grapes held.
    # Seat 1 has a house on the Winery (s54), 1 grapes and 3 fish.
    state = position(
        4,
        houses={"s54": 1},
        res={0: {"stone": 1, "grapes": 1}, 1: {"grapes": 1, "fish": 3}},
    )
    state, events = step(state, Place("s59"))
    # Seat 0's 0 fish plus the sea's 1 cannot buy grapes (2 fish), so the order cannot change the
    # outcome (ACT-5): the hexes activate in the spot's order, forest-7, sea-5, then the Winery.
    # Clockwise from s59: s59 (seat 0: 1 fish, no window; 1 grapes -> 1 wine), then s54 (seat 1).
    assert CommodityProduced(0, "wine", 1, 0, 1) in events
    assert state.phase == Phase.TRADE_WINDOW
    assert current_player(state) == 1 and state.turn_seat == 0
    assert set(legal_actions(state)) == {Pass()} | THREE
    # seat 1 trades 2 fish for 1 grapes in seat 0's turn; the window stays open, now without trades (1 fish)
    state = apply(state, Trade("grapes"))
    assert state.phase == Phase.TRADE_WINDOW and state.seat == 1
    assert legal_actions(state) == (Pass(),)
    state, events = step(state, Pass())
    # seat 1's house makes wine from its 2 grapes
    assert CommodityProduced(1, "wine", 2, 0, 2) in events
    assert player(state, 1).resources == resources(fish=1, grapes=2)
    # seat 0 got its wood and fish from forest-7 and sea-5 before the Winery; seat 1's turn begins
    assert player(state, 0).resources == resources(fish=1, wood=1, stone=1, grapes=1)
    assert (state.phase, state.seat) == (Phase.PLACE, 1)


@pytest.mark.clause("FISH-2")
def test_trade_window_before_own_new_house() -> None:
    # as above, seat 0 alone with 2 fish. The sea's 1 more fish (3) buys no more grapes than 2
    # fish do, so there is no order decision (ACT-5): forest-7, sea-5, then a window opens
    # before its own new Winery house, with 3 fish.
    state = position(4, res={0: {"stone": 1, "grapes": 1, "fish": 2}})
    state = run(state, Place("s59"))
    assert (state.phase, state.seat) == (Phase.TRADE_WINDOW, 0)
    assert set(legal_actions(state)) == {Pass()} | THREE
    state, events = step(state, Trade("grapes"))
    state, events = step(state, Pass())
    # 2 grapes -> 2 wine
    assert CommodityProduced(0, "wine", 2, 0, 2) in events


@pytest.mark.clause("FISH-2")
def test_no_trade_window_below_two_fish() -> None:
    # seat 1 with 1 fish: no window; its house activates at once
    state = position(4, houses={"s54": 1}, res={0: {"stone": 1, "grapes": 1}, 1: {"grapes": 1, "fish": 1}})
    state, events = step(state, Place("s59"))
    assert CommodityProduced(1, "wine", 1, 0, 1) in events
    assert (state.phase, state.seat) == (Phase.PLACE, 1)


@pytest.mark.clause("FISH-2")
def test_trades_offered_in_order_and_mason_decisions() -> None:
    # ORDER decision with 3 fish held: the sea's fish (4) would buy a second grapes for the Winery
    state = apply(position(4, res={0: {"stone": 1, "grapes": 1, "fish": 3}}), Place("s59"))
    assert state.phase == Phase.ORDER
    assert trades(state) == THREE
    # MASON decision: s34 (mason, olive-grove-4, vineyard-4) with 1 wood, 1 stone, 3 fish
    state = apply(position(4, res={0: {"wood": 1, "stone": 1, "fish": 3}}), Place("s34"))
    assert state.phase == Phase.MASON
    assert trades(state) == THREE
    assert BuildWall("w1") in legal_actions(state)
    state = apply(state, Trade("stone"))
    assert state.phase == Phase.MASON and player(state, 0).resources[FISH] == 0
    assert trades(state) == set()


@pytest.mark.clause("FISH-2", "FISH-1")
@pytest.mark.parametrize("players", [2, 3, 5])
def test_trades_offered_at_every_decision_of_a_seat_with_fish(players: int) -> None:
    # random games: at every decision, the deciding seat is offered exactly the trades its fish afford
    rnd = random.Random(players)
    state = new_game(players, seed=100 + players)
    phases_with_trades = set()
    while not is_terminal(state):
        seat = state.seat
        assert seat is not None
        fish = player(state, seat).resources[FISH]
        expected = FOUR if fish >= 4 else THREE if fish == 3 else TWO if fish == 2 else set()
        assert trades(state) == expected, (state.phase, fish)
        if expected:
            phases_with_trades.add(state.phase)
        acts = legal_actions(state)
        plain = [a for a in acts if not isinstance(a, Trade)]
        state = apply(state, rnd.choice(plain) if plain and rnd.random() < 0.95 else rnd.choice(acts))
    # the games reached trades in placements and in other decisions
    assert Phase.PLACE in phases_with_trades and len(phases_with_trades) >= 5


# --------------------------------------------------------------------------- END-2


@pytest.mark.clause("END-2", "FISH-2", "END-1", "END-BONUS-1")
def test_end_game_trade_window() -> None:
    # 3 players, every piece placed but seat 0's last house. Seat 0 holds 5 fish, 1 grapes and the
    # grapes card (2 VP per grapes); seat 1 holds 1 fish (no window); seat 2 holds 2 fish.
    base = position(
        3,
        res={0: {"fish": 5, "grapes": 1}, 1: {"fish": 1}, 2: {"fish": 2}},
        player={
            0: {"houses_left": 1, "bonus_cards": ("bonus-grapes",)},
            1: {"houses_left": 0, "bonus_cards": ()},
            2: {"houses_left": 0, "bonus_cards": ()},
        },
    )
    state = apply(base, Place("s1"))  # forest-1, olive-grove-2, quarry-1: no decision
    # seats with >= 2 fish, in turn order from the start seat
    order = [(base.start_seat + k) % 3 for k in range(3)]
    expected = [s for s in order if s != 1]
    seen = []
    while state.phase == Phase.END_TRADE:
        seat = state.seat
        assert seat is not None
        seen.append(seat)
        assert Pass() in legal_actions(state)
        assert trades(state) == (FOUR if seat == 0 else TWO)  # 5 fish / 2 fish
        if seat == 0:
            state = run(state, Trade("grapes"), Trade("grapes"))
            assert trades(state) == set()  # 1 fish left
        state = apply(state, Pass())
    assert seen == expected
    assert is_terminal(state)
    # seat 0: 1 + 2 traded = 3 grapes -> 6 VP on the card; 1 fish left
    assert player(state, 0).resources[RES_INDEX["grapes"]] == 3
    assert score_breakdown(state)[0]["bonus:bonus-grapes"] == 6
    # a trade after the game is over is refused (TURN-3)
    with pytest.raises(IllegalActionError) as info:
        apply(state, Trade("wood"))
    assert info.value.rule == "TURN-3"


@pytest.mark.clause("END-2")
def test_no_end_window_without_fish() -> None:
    base = position(
        2,
        player={0: {"houses_left": 1, "powerhouses_left": 0}, 1: {"houses_left": 0, "powerhouses_left": 0}},
        res={0: {"fish": 1}},
    )
    assert is_terminal(apply(base, Place("s1")))
