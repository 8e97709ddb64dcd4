"""The end of the game through ``apply``/``step``: TURN-3, END-1, END-2 and the final scoring flow.

``tests/test_scoring.py`` checks the scoring functions themselves (walls, Cathedral,
bonus cards, winners); here the same rules are reached by playing the last placement:
who gets the END-2 trade window and in which order, the order of the VPScored events,
the score breakdown, and what is legal once the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs
import pytest

from ragusa import (
    GameState,
    IllegalActionError,
    Pass,
    Place,
    Trade,
    apply,
    current_player,
    is_terminal,
    legal_actions,
    score_breakdown,
    scores,
    winners,
)
from ragusa.core.board import BOARD
from ragusa.core.events import GameEnded, VPScored
from ragusa.core.state import Phase
from tests.support import of, play, player, position, resources


def last_turn(
    *,
    start_seat: int,
    fish: Mapping[int, int],
    extra_res: Mapping[int, Mapping[str, int]] | None = None,
) -> GameState:
    """A 3-player game where seat 2 places the last house (on s10: olive-grove-3, quarry-3,
    vineyard-1, three country hexes, 1 wood needed; it gains no fish).

    Board: seat 0 has a house on s73 between the built walls w13 (s70-s73) and w14
    (s73-s69); seat 1 has a house on the Cathedral (s56) and 1 silver, 2 wine, 1 oil with
    beads silver 3 (value 2), wine 5 (value 3), oil 7 (value 4); seat 2 has a tower on s40.
    Bonus cards: seat 0 fish + wood, seat 1 commodity sets, seat 2 towers.
    """
    res: dict[int, dict[str, int]] = {s: {"fish": n} for s, n in fish.items()}
    res.setdefault(2, {})["wood"] = 1
    for s, more in (extra_res or {}).items():
        res.setdefault(s, {}).update(more)
    state = position(
        3,
        turn=2,
        houses={"s73": 0, "s56": 1},
        towers={"s40": 2},
        walls=["w13", "w14"],
        res=res,
        com={1: {"silver": 1, "wine": 2, "oil": 1}},
        market={"silver": 3, "wine": 5, "oil": 7},
        player={
            0: {"houses_left": 0, "bonus_cards": ("bonus-fish", "bonus-wood")},
            1: {"houses_left": 0, "bonus_cards": ("bonus-commodity-sets",)},
            2: {"houses_left": 1, "bonus_cards": ("bonus-towers",)},
        },
    )
    return attrs.evolve(state, start_seat=start_seat)


@pytest.mark.clause("END-1", "END-2", "TURN-3", "FISH-2", "END-WALL-2", "END-CATH-1", "END-BONUS-1")
def test_end_trade_windows_from_the_start_seat_then_walls_cathedral_bonus() -> None:
    # Fish: seat 0 5, seat 1 2, seat 2 1. Start seat 1: the END-2 order is 1, 2, 0 and only
    # seats with >= 2 fish are asked: seat 1, then seat 0.
    state = last_turn(start_seat=1, fish={0: 5, 1: 2, 2: 1}, extra_res={0: {"wood": 1}})
    s1, events = play(state, Place("s10"))
    assert of(events, VPScored) == []
    assert (s1.phase, s1.seat) == (Phase.END_TRADE, 1)
    assert not is_terminal(s1)
    assert set(legal_actions(s1)) == {Pass(), Trade("wood"), Trade("grapes"), Trade("olives")}
    with pytest.raises(IllegalActionError) as err:
        apply(s1, Place("s11"))
    assert err.value.rule == "END-2"

    s2, events = play(s1, Pass())
    assert of(events, VPScored) == []
    assert (s2.phase, s2.seat) == (Phase.END_TRADE, 0)
    # seat 0 holds the fish card and trades 2 fish for 1 wood before the cards score
    s3 = apply(s2, Trade("wood"))
    assert (s3.phase, s3.seat) == (Phase.END_TRADE, 0)
    assert player(s3, 0).resources == resources(fish=3, wood=2)
    assert set(legal_actions(s3)) == {Pass(), Trade("wood"), Trade("grapes"), Trade("olives"), Trade("stone")}

    final, events = play(s3, Pass())
    assert is_terminal(final) and final.phase == Phase.OVER
    assert current_player(final) is None
    scored = [(e.seat, e.source, e.vp, e.reason) for e in of(events, VPScored)]
    # walls: seat 0's stretch w13 + w14 with its own house on s73 inside: 2 + 1 = 3; for
    # seats 1 and 2, seat 0's house on s73 ends the stretch: 1 segment = 1.
    # Cathedral: seat 1, one house, one set at 2 + 3 + 4 = 9.
    # Bonus: seat 0 fish 1 x 3 = 3 (after the trade; 5 before), wood 2 x 2 = 4;
    # seat 1 sets 2 x min(1, 2, 1) = 2; seat 2 towers 2 x 1 tower = 2 (2nd edition).
    assert scored == [
        (0, "walls", 3, "longest wall stretch"),
        (0, "cathedral", 0, "Cathedral sets"),
        (0, "bonus", 3, "bonus card bonus-fish"),
        (0, "bonus", 4, "bonus card bonus-wood"),
        (1, "walls", 1, "longest wall stretch"),
        (1, "cathedral", 9, "Cathedral sets"),
        (1, "bonus", 2, "bonus card bonus-commodity-sets"),
        (2, "walls", 1, "longest wall stretch"),
        (2, "cathedral", 0, "Cathedral sets"),
        (2, "bonus", 2, "bonus card bonus-towers"),
    ]
    # END-1: for each seat walls, then Cathedral, then bonus cards
    for seat in range(3):
        order = [src for s, src, _, _ in scored if s == seat]
        assert order.index("walls") < order.index("cathedral") < min(i for i, src in enumerate(order) if src == "bonus")
    # the game-ended event comes last, after every score
    assert isinstance(events[-1], GameEnded)
    assert events[-1].scores == (10, 12, 3)
    assert events[-1].winners == (1,)
    assert score_breakdown(final) == (
        {
            "mason": 0,
            "fishmonger": 0,
            "wharf": 0,
            "ships": 0,
            "walls": 3,
            "cathedral": 0,
            "bonus:bonus-fish": 3,
            "bonus:bonus-wood": 4,
            "total": 10,
        },
        {
            "mason": 0,
            "fishmonger": 0,
            "wharf": 0,
            "ships": 0,
            "walls": 1,
            "cathedral": 9,
            "bonus:bonus-commodity-sets": 2,
            "total": 12,
        },
        {
            "mason": 0,
            "fishmonger": 0,
            "wharf": 0,
            "ships": 0,
            "walls": 1,
            "cathedral": 0,
            "bonus:bonus-towers": 2,
            "total": 3,
        },
    )
    assert scores(final) == (10, 12, 3)
    assert winners(final) == (1,)


@pytest.mark.clause("END-2", "END-BONUS-1")
def test_fish_card_scores_the_fish_held_when_no_trade_is_made() -> None:
    # Same end with seat 0 passing: the fish card scores all 5 fish, the wood card 2 x 1 = 2.
    state = last_turn(start_seat=1, fish={0: 5, 1: 2, 2: 1}, extra_res={0: {"wood": 1}})
    final = apply(apply(apply(state, Place("s10")), Pass()), Pass())
    assert score_breakdown(final)[0]["bonus:bonus-fish"] == 5
    assert score_breakdown(final)[0]["bonus:bonus-wood"] == 2


@pytest.mark.clause("END-2")
def test_end_trade_order_follows_the_start_seat() -> None:
    # Every seat has >= 2 fish; start seat 2: the windows go 2, 0, 1.
    state = last_turn(start_seat=2, fish={0: 2, 1: 2, 2: 2})
    s = apply(state, Place("s10"))
    asked = []
    while s.phase == Phase.END_TRADE:
        assert s.seat is not None
        asked.append(s.seat)
        s = apply(s, Pass())
    assert asked == [2, 0, 1]
    assert s.phase == Phase.OVER


@pytest.mark.clause("END-1", "END-2", "TURN-3")
def test_no_window_when_nobody_has_two_fish() -> None:
    state = last_turn(start_seat=0, fish={0: 1, 1: 0, 2: 1})
    final, events = play(state, Place("s10"))
    assert final.phase == Phase.OVER
    assert [e.source for e in of(events, VPScored)][:2] == ["walls", "cathedral"]
    assert isinstance(events[-1], GameEnded)


@pytest.mark.clause("TURN-3", "WIN-1")
def test_nothing_is_legal_after_the_end() -> None:
    state = last_turn(start_seat=0, fish={0: 1, 1: 0, 2: 1})
    final = apply(state, Place("s10"))
    assert legal_actions(final) == ()
    for action in (Pass(), Trade("wood"), Place("s11")):
        with pytest.raises(IllegalActionError) as err:
            apply(final, action)
        assert err.value.rule == "TURN-3"


@pytest.mark.clause("TURN-1", "TURN-3")
def test_the_game_goes_on_while_a_seat_has_houses_and_skips_seats_without() -> None:
    # 3 players: seat 0 1 house, seat 1 none, seat 2 2 houses; seat 2 to place.
    state = position(
        3,
        turn=2,
        res={0: {"wood": 1}, 2: {"wood": 2}},
        player={0: {"houses_left": 1}, 1: {"houses_left": 0}, 2: {"houses_left": 2}},
    )
    s1 = apply(state, Place("s10"))
    assert (s1.phase, s1.seat) == (Phase.PLACE, 0)
    s2 = apply(s1, Place("s7"))  # forest-1, olive-grove-1, olive-grove-2
    # seat 1 has nothing to place: skipped
    assert (s2.phase, s2.seat) == (Phase.PLACE, 2)
    # s4: olive-grove-3, silver-mine-2, vineyard-1; 2nd house of seat 2 on two of them: 2 wood
    s3 = apply(s2, Place("s4"))
    # every house placed; nobody holds fish, so no END-2 window: the game is over
    assert s3.phase == Phase.OVER
    placed = {BOARD.spot_ids[i]: h for i, h in enumerate(s3.houses) if h >= 0}
    assert placed == {"s10": 2, "s7": 0, "s4": 2}
