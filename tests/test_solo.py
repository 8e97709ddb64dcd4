"""Solo mode against the Patrician's two bots (SOLO-1 to SOLO-8, ED-2, ED-3, R-12, R-15 to R-22).

Seats: the human is seat 0, bot A seat 1, bot B seat 2. Positions are built by ``solo_pos``
from a real solo game with a cleared board, so every piece a test relies on is named in it.
Bot decisions are checked twice where it matters: the pure choice (``ragusa.rules.solo.choose_*``)
with its explanation (``explain_*``) on a hand-built position, and the engine executing it when a
placement activates a bot's house.
Every expected number is worked out by hand in a comment. Useful board facts (standard.json):

* wall ring clockwise from the Silversmith's top corner (positions 0..21):
  s33 s41 s34 s42 s49 s57 s63 s68 s72 s75 s71 s74 s70 s73 s69 s65 s59 s53 s46 s39 s32 s40;
  segment w(i+1) joins positions i and i+1 (w1 = s33-s41, w4 = s42-s49, w5 = s49-s57, w22 = s40-s33);
* market track values by bead index: 1 1 1 2 2 3 3 4 4 5 5 6 6 7 7;
* market slots' base costs: 0: 1 oil, 1: 1 wine, 2: 1 silver, 3: 2 oil, 4: 2 wine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ragusa import (
    ActivateHex,
    BuildWall,
    DrawBonus,
    GameState,
    IllegalActionError,
    KeepBonus,
    Options,
    Pass,
    Place,
    apply,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    score_breakdown,
    scores,
    state_from_json,
    state_to_json,
    step,
    winners,
)
from ragusa.contract.serialization import event_to_data
from ragusa.core import rng
from ragusa.core.actions import Action, Trade
from ragusa.core.board import BOARD, COM_INDEX
from ragusa.core.components import COMPONENTS
from ragusa.core.errors import ComponentDataError
from ragusa.core.events import (
    BonusChosen,
    BonusDrawn,
    BotDecision,
    CommoditySold,
    Event,
    GameEnded,
    HexActivated,
    HousePlaced,
    Passed,
    WallBuilt,
)
from ragusa.core.state import EMPTY, RESERVED, VP_MASON, VP_SOURCES, Phase
from ragusa.rules import solo
from ragusa.rules.buildings import architect, market, mason, wharf
from ragusa.rules.game import new_solo_game
from ragusa.rules.resolution import decide
from ragusa.rules.scoring import winners as scoring_winners
from ragusa.rules.solo import deal as solo_deal
from ragusa.text.log import describe_result
from tests.support import BLACK, commodities, of, play, resources

HUMAN_FIRST = Options(solo_human_first=True)
ALL_SPOTS_OF = {c.id: c.spots for c in COMPONENTS.patrician_cards}


def sid(spot: str) -> int:
    return BOARD.spot_index[spot]


def solo_pos(
    *,
    edition: str = "2nd",
    options: Options | None = None,
    seed: int = 0,
    houses: Mapping[str, int] | None = None,
    towers: Mapping[str, int] | None = None,
    walls: Sequence[str] | Mapping[str, int] = (),
    res: Mapping[int, Mapping[str, int]] | None = None,
    com: Mapping[int, Mapping[str, int]] | None = None,
    market: Mapping[str, int] | None = None,
    slots: Sequence[str | None] | None = None,
    player: Mapping[int, Mapping[str, Any]] | None = None,
    cards: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    deck: tuple[str, ...] | None = None,
    turn: int = 0,
) -> GameState:
    """A solo position, the board cleared, where the human (``turn``) is to place.

    Each seat has 12 houses minus those on the board; towers 15 minus those on the board; no
    resources, commodities, VP, bonus cards or ships unless given.
    """
    base = new_game(1, seed=seed, edition=edition, options=options)
    n = len(BOARD.spot_ids)
    h = [EMPTY] * n
    t = [EMPTY] * n
    wl = [EMPTY] * len(BOARD.wall_ids)
    for spot, who in (houses or {}).items():
        h[sid(spot)] = who
    for spot, who in (towers or {}).items():
        t[sid(spot)] = who
    for seg, who in walls.items() if isinstance(walls, Mapping) else ((w, 0) for w in walls):
        wl[BOARD.wall_index[seg]] = who
    players = []
    for seat, p in enumerate(base.players):
        changes: dict[str, Any] = {
            "resources": resources(**(res or {}).get(seat, {})),
            "commodities": commodities(**(com or {}).get(seat, {})),
            "houses_left": 12 - h.count(seat),
            "towers_left": 15 - t.count(seat),
            "vp": (0,) * len(VP_SOURCES),
            "bonus_cards": (),
            "ships": (),
            "bonus_vp": (),
            "fish_traded": 0,
        }
        changes.update((player or {}).get(seat, {}))
        players.append(attrs.evolve(p, **changes))
    m = list(base.market)
    for name, idx in (market or {}).items():
        m[COM_INDEX[name]] = idx
    assert base.solo is not None
    return attrs.evolve(
        base,
        players=tuple(players),
        houses=tuple(h),
        towers=tuple(t),
        walls=tuple(wl),
        market=(m[0], m[1], m[2]),
        slots=tuple(slots) if slots is not None else base.slots,
        bonus_deck=deck if deck is not None else base.bonus_deck,
        phase=Phase.PLACE,
        seat=turn,
        turn_seat=turn,
        placed=-1,
        pending_hexes=(),
        current_hex=-1,
        queue=(),
        passes=0,
        solo=attrs.evolve(base.solo, bot_cards=cards, bot_pairs=((), ()), round=1),
    )


def decisions(events: Sequence[Event], seat: int | None = None) -> list[BotDecision]:
    return [e for e in of(events, BotDecision) if seat is None or e.seat == seat]


def first_policy(state: GameState) -> Action:
    """Place on the first legal spot, else the first non-trade action."""
    acts = legal_actions(state)
    return next((a for a in acts if not isinstance(a, Trade)), acts[0])


# --------------------------------------------------------------------------- SOLO-1


@pytest.mark.clause("SOLO-1", "SETUP-2", "SETUP-3")
@pytest.mark.parametrize("edition", ["1st", "2nd"])
def test_opening_houses_give_the_rulebook_resources_and_activate_nothing(edition: str) -> None:
    # Human first, so the state is the setup itself: nobody has played yet.
    state = new_game(1, seed=7, edition=edition, options=HUMAN_FIRST)
    setup = COMPONENTS.solo_setup
    for colour, seat in (("player", 0), ("bot_a", 1), ("bot_b", 2)):
        for spot in getattr(setup, colour):
            assert state.houses[sid(spot)] == seat
        assert state.houses.count(seat) == 3
    # SOLO-1: bots 3 wood, 3 stone, 1 silver ore, 1 grapes, 1 olives; human 2 wood, 3 stone, 2 ore, 1 grapes, 1 olives.
    bot = resources(wood=3, stone=3, silver_ore=1, grapes=1, olives=1)
    assert [p.resources for p in state.players] == [
        resources(wood=2, stone=3, silver_ore=2, grapes=1, olives=1),
        bot,
        bot,
    ]
    for p in state.players:
        assert (p.houses_left, p.towers_left) == (9, 15)  # 12 houses - 3 on the board; 15 towers
        assert p.commodities == (0, 0, 0) and p.vp == (0,) * len(VP_SOURCES)  # they activated nothing
    assert set(state.walls) == {EMPTY} and set(state.towers) == {EMPTY}
    assert (state.phase, current_player(state), state.turn_seat) == (Phase.PLACE, 0, 0)


@pytest.mark.clause("SOLO-1")
def test_opening_resources_come_from_the_data_and_bad_data_is_refused() -> None:
    data = COMPONENTS
    assert solo_deal.opening_resources(data, data.solo_setup.bot_a) == resources(
        wood=3, stone=3, silver_ore=1, grapes=1, olives=1
    )
    solo_deal.check_solo_components(data)  # the standard data fits
    # Move bot A's house from s1 (forest-1, olive-grove-2, quarry-1) to s7 (forest-1, olive-grove-1,
    # olive-grove-2): bot A would get 3 wood, 2 stone, 1 ore, 1 grapes, 2 olives, not the rulebook's.
    bad = attrs.evolve(data, solo_setup=attrs.evolve(data.solo_setup, bot_a=("s16", "s6", "s7")))
    with pytest.raises(ComponentDataError, match=r"solo_setup\.bot_a.*2 stone.*2 olives"):
        solo_deal.check_solo_components(bad)
    # A Patrician card naming an opening spot is refused too.
    cards = (attrs.evolve(data.patrician_cards[0], spots=("s16", "s66", "s75")),) + data.patrician_cards[1:]
    with pytest.raises(ComponentDataError, match="s16"):
        solo_deal.check_solo_components(attrs.evolve(data, patrician_cards=cards))


# --------------------------------------------------------------------------- SOLO-2


@pytest.mark.clause("SOLO-2", "SETUP-4", "SETUP-5")
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_patrician_cards_bonus_cards_and_ships(seed: int) -> None:
    state = new_game(1, seed=seed, options=HUMAN_FIRST)
    assert state.solo is not None
    a, b = state.solo.bot_cards
    assert len(a) == len(b) == 3 and not set(a) & set(b)
    reserved = {i for i, h in enumerate(state.houses) if h == RESERVED}
    # 6 cards x 3 distinct spots, no spot on two cards: 18 black houses, exactly the bots' cards' spots.
    assert reserved == {sid(s) for c in a + b for s in ALL_SPOTS_OF[c]}
    assert len(reserved) == 18
    # Bonus: 1 card each (the human's face up, the bots' hidden), the other 13 in the deck.
    assert [len(p.bonus_cards) for p in state.players] == [1, 1, 1]
    held = [c for p in state.players for c in p.bonus_cards]
    assert sorted(held + list(state.bonus_deck)) == sorted(c.id for c in COMPONENTS.bonus_cards)
    assert len(state.bonus_deck) == 13
    # Ships as SETUP-5: 5 dealt, 21 in the deck; each dealt ship raised its arrival commodity.
    assert None not in state.slots and len(state.ship_deck) == 21
    track_end = len(COMPONENTS.market.track) - 1
    ships = {s.id: s for s in COMPONENTS.ships}
    for c, name in enumerate(("silver", "wine", "oil")):
        raised = sum(
            ships[x].arrival.steps for x in state.slots if x is not None and ships[x].arrival.commodity == name
        )
        assert state.market[c] == min(track_end, COMPONENTS.market.start + raised)


@pytest.mark.clause("SOLO-2", "SOLO-4")
def test_solo_setup_is_reproducible_from_the_seed() -> None:
    assert state_to_json(new_game(1, seed=11)) == state_to_json(new_game(1, seed=11))
    dealt = set()
    for seed in range(6):
        s = new_game(1, seed=seed, options=HUMAN_FIRST)
        assert s.solo is not None
        dealt.add(s.solo.bot_cards)
    assert len(dealt) > 1  # the draw depends on the seed


# --------------------------------------------------------------------------- SOLO-3, ED-3, R-12, R-22


@pytest.mark.clause("SOLO-3", "ED-3", "R-12")
@pytest.mark.parametrize("edition", ["1st", "2nd"])
def test_each_round_is_bot_a_bot_b_then_the_human(edition: str) -> None:
    opening: list[Event] = []
    state = new_solo_game(5, edition, None, opening)
    assert [e.seat for e in of(opening, HousePlaced)] == [1, 2]  # round 1: bot A, then bot B
    assert (current_player(state), state.turn_seat) == (0, 0)
    assert state.solo is not None and state.solo.round == 1
    state, events = play(state, first_policy(state))
    while state.phase != Phase.PLACE:  # finish the human's turn if it asks for more
        state, more = play(state, first_policy(state))
        events += more
    assert [e.seat for e in of(events, HousePlaced)] == [0, 1, 2]
    assert state.solo is not None and state.solo.round == 2
    assert new_game(1, seed=5, edition=edition) == state_from_json(state_to_json(new_solo_game(5, edition)))


@pytest.mark.clause("SOLO-3")
def test_easier_variant_the_human_goes_first() -> None:
    opening: list[Event] = []
    state = new_solo_game(5, "2nd", HUMAN_FIRST, opening)
    assert of(opening, HousePlaced) == []  # nobody placed before the human
    assert state.start_seat == 0 and state.solo is not None and state.solo.round == 1
    state, events = play(state, first_policy(state))
    while state.phase != Phase.PLACE:
        state, more = play(state, first_policy(state))
        events += more
    assert [e.seat for e in of(events, HousePlaced)] == [0, 1, 2]


def _play_out(state: GameState) -> tuple[GameState, list[list[Event]]]:
    steps: list[list[Event]] = []
    while not is_terminal(state):
        state, events = play(state, first_policy(state))
        steps.append(events)
    return state, steps


@pytest.mark.clause("SOLO-3", "SOLO-7", "TURN-3")
@pytest.mark.parametrize("edition", ["1st", "2nd"])
def test_nine_rounds_and_the_game_ends_after_the_humans_last_house(edition: str) -> None:
    opening: list[Event] = []
    state = new_solo_game(2, edition, None, opening)
    final, steps = _play_out(state)
    placed = [e.seat for e in of(opening + [e for s in steps for e in s], HousePlaced)]
    assert [placed.count(s) for s in range(3)] == [9, 9, 9]  # 3 opening + 9 = 12 houses each
    assert final.solo is not None and final.solo.round == 9
    assert [p.houses_left for p in final.players] == [0, 0, 0]
    last = steps[-1]
    assert [e.seat for e in of(last, HousePlaced)] == [0]  # the human's last house ends it
    assert isinstance(last[-1], GameEnded)


@pytest.mark.clause("SOLO-7", "SOLO-3", "R-22")
@pytest.mark.parametrize("edition", ["1st", "2nd"])
def test_solo7_human_first_the_game_ends_right_after_the_humans_ninth_house(edition: str) -> None:
    final, steps = _play_out(new_game(1, seed=2, edition=edition, options=HUMAN_FIRST))
    # 12 houses each: 3 opening + 9 for the human; the bots placed 8 (human, A, B per round, and
    # round 9 stops after the human), so each bot keeps 1 house
    assert [p.houses_left for p in final.players] == [0, 1, 1]
    assert [e.seat for e in of(steps[-1], HousePlaced)] == [0]  # the human's 9th house, nothing after
    assert isinstance(steps[-1][-1], GameEnded)
    assert final.solo is not None and final.solo.round == 9


# --------------------------------------------------------------------------- SOLO-4, R-19


@pytest.mark.clause("SOLO-4", "R-19")
def test_bot_places_on_the_lowest_numbered_free_spot_of_its_card() -> None:
    # Bot A's only card is patrician-9 (s54, s63, s70); s54 is taken by the human, s63 and s70 are black.
    # Bot B has no house left, so after the human's s16 only bot A plays, then the human again.
    state = solo_pos(
        houses={"s54": 0, "s63": BLACK, "s70": BLACK},
        cards=(("patrician-9",), ()),
        player={2: {"houses_left": 0}},
    )
    state, events = play(state, Place("s16"))
    assert state.houses[sid("s63")] == 1  # the lowest-numbered still free; the black house is replaced
    assert state.houses[sid("s70")] == RESERVED
    bot = decisions(events, 1)[0]
    assert bot.decision == "place s63"
    assert "patrician-9" in bot.reason and "s54 taken" in bot.reason and "black house" in bot.reason
    assert state.players[1].houses_left == 11 and current_player(state) == 0


@pytest.mark.clause("SOLO-4", "R-19")
def test_a_card_with_all_spots_taken_is_discarded_and_another_drawn() -> None:
    # patrician-1 (s49, s66, s75) is fully taken; patrician-2 (s33, s41, s71) is free. Order bot A's two
    # cards so that the generator's first draw (below(rng, 2)) picks patrician-1: it must be discarded.
    probe = solo_pos()
    first, _ = rng.below(probe.rng, 2)
    cards = ["", ""]
    cards[first], cards[1 - first] = "patrician-1", "patrician-2"
    state = attrs.evolve(
        solo_pos(houses={"s49": 2, "s66": 2, "s75": 2, "s33": BLACK}),
        seat=1,
        turn_seat=1,
    )
    assert state.solo is not None
    state = attrs.evolve(state, solo=attrs.evolve(state.solo, bot_cards=(tuple(cards), ())))
    choice = solo.choose_placement(state, 1)
    spot, drawn, r, after = choice
    assert (spot, drawn) == (sid("s33"), ("patrician-1", "patrician-2"))
    assert after.bot_cards == (("patrician-2",), ())
    assert r == rng.below(rng.below(state.rng, 2)[1], 1)[1]  # two draws from the state's generator
    assert solo.choose_placement(state, 1) == choice  # pure: same state, same choice
    decision, reason = solo.explain_placement(state, 1, choice)
    assert decision == "place s33"
    assert reason == (
        "drew patrician-1 (s49, s66, s75): all three spots taken, discarded; then SOLO-4: drew patrician-2 at "
        "random from its 1 card; of its spots s33, s41, s71, s33 is the lowest-numbered still free; it "
        "replaces the black house"
    )


@pytest.mark.clause("SOLO-4")
def test_bots_never_check_requirements() -> None:
    # s48 touches the Cathedral, the Mason and the Silversmith: a human needs 1 stone and 1 silver ore.
    human = solo_pos(houses={"s48": EMPTY})
    with pytest.raises(IllegalActionError) as err:
        apply(human, Place("s48"))
    assert err.value.rule == "BUILD-3"
    # Bot A, with no resource at all, places there (its card patrician-4: s48, s62, s73).
    state = solo_pos(houses={"s48": BLACK}, cards=(("patrician-4",), ()), player={2: {"houses_left": 0}})
    state, events = play(state, Place("s16"))
    assert state.houses[sid("s48")] == 1
    assert HousePlaced(1, "s48", False) in events
    # The Mason is compulsory. s48 is off the wall ring, so every segment scores 1 VP and makes a
    # 1-segment wall: SOLO-5's last tie-break takes w1, the first clockwise from s33.
    assert [d.decision for d in decisions(events, 1)] == ["place s48", "build wall w1"]
    assert state.players[1].vp[VP_MASON] == 1


@pytest.mark.clause("R-19", "R-14")
def test_a_bot_without_a_usable_card_passes() -> None:
    # Bot A's only card, patrician-1 (s49, s66, s75), is fully taken: it is discarded and the bot, with
    # no card left, passes (impossible with the standard cards: here the board is set by hand).
    start = solo_pos(
        houses={"s49": 0, "s66": 2, "s75": 2}, cards=(("patrician-1",), ()), player={2: {"houses_left": 0}}
    )
    state, events = play(start, Place("s16"))
    assert Passed(1, "turn: no Patrician card with a free spot") in events
    assert decisions(events, 1) == [
        BotDecision(
            1,
            "pass",
            "drew patrician-1 (s49, s66, s75): all three spots taken, discarded; "
            "SOLO-4: no Patrician card with a free spot is left, so the bot passes (R-19, R-14)",
        )
    ]
    assert state.solo is not None and state.solo.bot_cards == ((), ())
    assert state.players[1].houses_left == 12 and current_player(state) == 0
    assert apply(start, Place("s16")) == state  # the same pass without events


# --------------------------------------------------------------------------- SOLO-5: Rector


@pytest.mark.clause("SOLO-5", "R-4")
@pytest.mark.parametrize("easier", [False, True])
def test_bot_at_the_rector_takes_both_cards(easier: bool) -> None:
    # Bot A's card patrician-5 (s53, s61, s72): s53 taken, so it places on s61 (Cathedral, Fishmonger,
    # Rector's Palace) and takes the top two cards, with no keep decision.
    state = solo_pos(
        options=Options(solo_easier_rector=easier),
        houses={"s53": 0, "s61": BLACK},
        cards=(("patrician-5",), ()),
        deck=("bonus-wood", "bonus-stone", "bonus-fish"),
        player={2: {"houses_left": 0}},
    )
    state, events = play(state, Place("s16"))
    assert state.players[1].bonus_cards == ("bonus-wood", "bonus-stone")
    assert state.bonus_deck == ("bonus-fish",)
    assert BonusDrawn(1, 2) in events and BonusChosen(1, "bonus-stone") in events
    assert current_player(state) == 0 and state.rector_hand == ()
    assert state.solo is not None
    assert state.solo.bot_pairs == (((("bonus-wood", "bonus-stone"),), ()) if easier else ((), ()))


def _last_house(**kw: Any) -> GameState:
    """The human is to place its last house; the bots have none left, so the game then ends."""
    player = {0: {"houses_left": 1}, 1: {"houses_left": 0}, 2: {"houses_left": 0}}
    for seat, extra in kw.pop("player", {}).items():
        player[seat] = {**player[seat], **extra}
    return solo_pos(player=player, **kw)


@pytest.mark.clause("SOLO-5", "SOLO-7", "END-BONUS-1")
@pytest.mark.parametrize("easier, bonus", [(False, 15), (True, 9)])
def test_easier_variant_scores_the_better_card_of_each_rector_pair(easier: bool, bonus: int) -> None:
    # Bot A holds wood 3 and stone 3 and the pair (bonus-wood, bonus-stone): wood 2 x 3 = 6, stone 3 x 3 = 9.
    # Normal: both score, 15. Easier: only the better of the pair, 9 (the wood card scores 0).
    state = _last_house(
        options=Options(solo_easier_rector=easier),
        res={1: {"wood": 3, "stone": 3}},
        player={1: {"bonus_cards": ("bonus-wood", "bonus-stone")}},
    )
    assert state.solo is not None
    state = attrs.evolve(state, solo=attrs.evolve(state.solo, bot_pairs=(((("bonus-wood", "bonus-stone"),), ()))))
    final, _ = play(state, Place("s16"))
    assert is_terminal(final)
    assert final.players[1].bonus_vp == ((0, 9) if easier else (6, 9))
    assert score_breakdown(final)[1]["bonus:bonus-stone"] == 9
    assert scores(final)[1] == bonus


# --------------------------------------------------------------------------- SOLO-5: Wharf


def _wharf(
    com: Mapping[str, int], market: Mapping[str, int], houses: Mapping[str, int] | None = None
) -> tuple[int, str, str]:
    """Bot A's Wharf choice (a commodity index, -1: none), with its decision and reason."""
    state = solo_pos(com={1: com}, market=market, houses=houses)
    c = wharf.choose_sale(state, 1)
    return (c, *wharf.explain_sale(state, 1, c))


@pytest.mark.clause("SOLO-5")
def test_wharf_sells_the_most_valuable_commodity() -> None:
    # silver at index 5 (value 3), wine 5 (3), oil 9 (5): oil is worth most, though it holds least of it.
    assert _wharf({"silver": 2, "wine": 3, "oil": 1}, {"silver": 5, "wine": 5, "oil": 9}) == (
        COM_INDEX["oil"],
        "sell oil",
        "SOLO-5 Wharf: oil has the highest market value, 5",
    )


@pytest.mark.clause("SOLO-5")
def test_wharf_tie_sells_what_it_holds_most_of() -> None:
    # oil at index 3 (value 2); silver and wine tie at 3: it holds 3 wine > 2 silver.
    c, decision, reason = _wharf({"silver": 2, "wine": 3, "oil": 1}, {"silver": 5, "wine": 5, "oil": 3})
    assert (c, decision) == (COM_INDEX["wine"], "sell wine")
    assert reason == "SOLO-5 Wharf: silver and wine tie at market value 3; it holds most wine (3)"


@pytest.mark.clause("R-17")
def test_wharf_full_tie_goes_silver_wine_oil() -> None:
    c, _, reason = _wharf({"silver": 0, "wine": 2, "oil": 2}, {"silver": 5, "wine": 5, "oil": 5})
    assert c == COM_INDEX["wine"]  # wine before oil; silver is not held
    assert reason.endswith("wine and oil tie at 2 held; wine comes first in the order silver, wine, oil (R-17)")


@pytest.mark.clause("SOLO-5", "R-17")
def test_wharf_cathedral_exception() -> None:
    # Values: silver 5 (index 9), wine 2 (index 3), oil 4 (index 7); it holds 1 silver, 3 wine, 1 oil.
    market = {"silver": 9, "wine": 3, "oil": 7}
    held = {"silver": 1, "wine": 3, "oil": 1}
    assert _wharf(held, market)[0] == COM_INDEX["silver"]  # no Cathedral house: the most valuable
    # With a house on the Cathedral (s61) the Cathedral scores min(1 house, 1 set) = 1 set; selling the
    # only silver or the only oil would break it, so it sells wine (3 > 1 set).
    c, _, reason = _wharf(held, market, {"s61": 1})
    assert c == COM_INDEX["wine"]
    assert reason == (
        "SOLO-5 Wharf: Cathedral exception: it holds 1 silver, 3 wine, 1 oil and its Cathedral houses score "
        "1 set, so selling silver or oil would break one; wine has the highest market value, 2"
    )
    # Holding exactly one set, every sale breaks it: it does not sell.
    c, decision, reason = _wharf({"silver": 1, "wine": 1, "oil": 1}, market, {"s61": 1})
    assert (c, decision) == (-1, "no sale")
    assert reason.endswith("would break one; no sale leaves its sets whole, so it does not sell (R-17)")


@pytest.mark.clause("SOLO-5", "WHARF-1")
def test_human_placement_activates_the_bots_wharf_house() -> None:
    # The human places on s65 (sea-5, Wharf, Winery) with 1 stone, 1 grapes, 1 wine; bot A has a house on
    # s70 (Wharf), 2 silver and 1 oil; values silver 2 (index 3), oil 4 (index 7).
    state = solo_pos(
        houses={"s70": 1},
        res={0: {"stone": 1, "grapes": 1}},
        com={0: {"wine": 1}, 1: {"silver": 2, "oil": 1}},
        market={"silver": 3, "oil": 7},
        player={1: {"houses_left": 0}, 2: {"houses_left": 0}},
    )
    state, events = play(state, Place("s65"))
    assert state.phase == Phase.ORDER
    # The Wharf first: the human passes its own sale; then the bot's house (clockwise from s65: s60, s66,
    # s70) sells oil for 4 VP, the most valuable commodity it holds.
    state, more = play(state, ActivateHex("wharf"), Pass())
    events += more
    assert decisions(events, 1)[0].decision == "sell oil"
    assert CommoditySold(1, "oil", 4) in events
    assert state.players[1].commodities == commodities(silver=2)


# --------------------------------------------------------------------------- SOLO-5: Market


def _market(
    com: Mapping[str, int], slots: Sequence[str], houses: Mapping[str, int] | None = None
) -> tuple[int, str, str]:
    """Bot A's Market choice (a slot, -1: none), with its decision and reason."""
    state = solo_pos(com={1: com}, slots=slots, houses=houses)
    i = market.choose_ship(state, 1)
    return (i, *market.explain_ship(state, 1, i))


@pytest.mark.clause("SOLO-5")
def test_market_buys_the_ship_with_most_stars() -> None:
    # ship-9 is clothing (3 stars), the others spices (2 stars); it can pay for all of them.
    move = _market({"silver": 3, "wine": 3, "oil": 3}, ["ship-12", "ship-9", "ship-13", "ship-14", "ship-15"])
    assert move == (1, "buy slot 1 (ship-9)", "SOLO-5 Market: slot 1 has the most stars it can pay for (3)")


@pytest.mark.clause("SOLO-5", "R-17")
def test_market_tie_uses_the_commodity_held_most() -> None:
    # Slots 0, 1, 2 hold clothing (3 stars) costing 1 oil, 1 wine, 1 silver. It holds 1 silver, 4 wine,
    # 2 oil: slot 1's cost uses wine, held most.
    slots = ["ship-9", "ship-10", "ship-11", "ship-12", "ship-13"]
    i, _, reason = _market({"silver": 1, "wine": 4, "oil": 2}, slots)
    assert i == 1
    assert (
        reason == "SOLO-5 Market: slots 0, 1, 2 tie at 3 stars; slot 1's cost uses the commodity it holds most of (4)"
    )
    # All held equally: the leftmost, slot 0.
    i, _, reason = _market({"silver": 2, "wine": 2, "oil": 2}, slots)
    assert i == 0
    assert reason.endswith("slots 0, 1, 2 on the commodity held most (2); slot 0 is the leftmost")


@pytest.mark.clause("SOLO-5", "R-17")
def test_market_cathedral_exception() -> None:
    # Slot 0 ship-12 (spices 2*, 1 oil), slot 1 ship-7 (silk 4*, 1 wine + 1 wine extra), slot 2 ship-9
    # (clothing 3*, 1 silver). It holds 2 silver, 2 wine, 1 oil.
    slots = ["ship-12", "ship-7", "ship-9", "ship-13", "ship-14"]
    held = {"silver": 2, "wine": 2, "oil": 1}
    assert _market(held, slots)[0] == 1  # no Cathedral house: the silk ship, 4 stars
    # One house on the Cathedral scores 1 set: silk leaves 0 wine and spices 0 oil (set broken);
    # clothing leaves 1 silver, 2 wine, 1 oil: still a set. Slot 3 (2 oil) is too dear, slot 4 (2 wine)
    # leaves no wine. It buys slot 2.
    i, _, reason = _market(held, slots, {"s61": 1})
    assert i == 2
    assert reason == (
        "SOLO-5 Market: Cathedral exception: it holds 2 silver, 2 wine, 1 oil and its Cathedral houses score "
        "1 set; buying slot 0, 1, 4 would break one; slot 2 has the most stars it can pay for (3)"
    )
    # Holding 1 silver only, every ship it can pay for breaks the set: no purchase.
    i, decision, _ = _market({"silver": 1, "wine": 2, "oil": 1}, slots, {"s61": 1})
    assert (i, decision) == (-1, "no purchase")


# --------------------------------------------------------------------------- SOLO-5: Mason


def _mason(state: GameState) -> tuple[str, str]:
    """Bot A's Mason decision and reason (the segment chosen is the one the decision names)."""
    i = mason.choose_wall(state, 1)
    decision, reason = mason.explain_wall(state, 1, i)
    assert decision == f"build wall {BOARD.wall_ids[i]}"
    return decision, reason


@pytest.mark.clause("SOLO-5", "MASON-1")
def test_mason_picks_the_segment_scoring_most() -> None:
    # Bot A: house on s49, tower on s57. w5 (s49-s57) scores 1 + 1 + 1 = 3; w4 (s42-s49) and w6 (s57-s63) 2.
    assert _mason(solo_pos(houses={"s49": 1}, towers={"s57": 1})) == (
        "build wall w5",
        "SOLO-5 Mason: w5 scores most now, 3 VP (1 + 2 own houses/towers at its ends)",
    )


@pytest.mark.clause("SOLO-5", "R-18")
def test_mason_tie_lengthens_the_longest_wall() -> None:
    # House on s49: w4 and w5 tie at 2 VP. w6 (s57-s63) is built: w5 joins it through the empty s57 into a
    # 2-segment stretch; w4 only makes 1-segment stretches. So w5, though w4 comes first clockwise.
    assert _mason(solo_pos(houses={"s49": 1}, walls={"w6": 0})) == (
        "build wall w5",
        "SOLO-5 Mason: w4, w5 tie at 2 VP; w5 makes its longest wall 2 segments (the others at most 1)",
    )


@pytest.mark.clause("SOLO-5", "R-18")
def test_mason_full_tie_takes_the_first_clockwise_from_the_silversmith() -> None:
    # House on s49, no wall: w4 and w5 tie at 2 VP and both make a 1-segment wall; w4 is first clockwise.
    assert _mason(solo_pos(houses={"s49": 1})) == (
        "build wall w4",
        "SOLO-5 Mason: w4, w5 tie at 2 VP; w4, w5 each make its longest wall 1 segment; w4 is the first "
        "clockwise from s33 (the Silversmith's top corner)",
    )


@pytest.mark.clause("SOLO-5", "MASON-1")
def test_human_placement_activates_the_bots_mason_house() -> None:
    # The human places on s42 (Mason, olive-grove-4, vineyard-6) with 1 wood, 1 stone and builds w1.
    # Clockwise from s42 the Mason ring goes s49 (bot A's house): the bot then builds w5 for 3 VP
    # (1 + its house on s49 + its tower on s57), not w4 (2 VP: s42 is the human's).
    state = solo_pos(
        houses={"s49": 1},
        towers={"s57": 1},
        res={0: {"wood": 1, "stone": 1}},
        player={1: {"houses_left": 0}, 2: {"houses_left": 0}},
    )
    state, events = play(state, Place("s42"))
    assert state.phase == Phase.MASON and current_player(state) == 0
    state, more = play(state, BuildWall("w1"))
    events += more
    assert WallBuilt(1, "w5", 3) in events
    assert [d.decision for d in decisions(events)] == ["build wall w5"]
    assert state.players[1].vp[VP_MASON] == 3 and current_player(state) == 0


# --------------------------------------------------------------------------- SOLO-5: Architect, ED-2


def _architect(state: GameState) -> tuple[str, str]:
    """Bot A's Architect decision and reason (the spot chosen is the one the decision names)."""
    s = architect.choose_tower(state, 1)
    decision, reason = architect.explain_tower(state, 1, s)
    assert decision == f"build tower {BOARD.spot_ids[s]}"
    return decision, reason


# Blocked ring spots for bot A: s42 (position 3, the human's house), s71 (10, black), s59 (16, bot B's).
# Potential stretches: s42..s71 7 segments, s71..s59 6, s59..s42 9 (positions 16 -> 3 through 0).
# Bot A's own house on s33 (position 0) keeps it passable but makes it no "spot with no house".
ARCH = {"s42": 0, "s71": BLACK, "s59": 2, "s33": 1}


@pytest.mark.clause("SOLO-5", "ED-2", "R-18")
def test_architect_2nd_edition_extends_the_longest_stretch_on_a_house() -> None:
    # The longest potential stretch (9 segments) ends at s59 and s42; both have a house and no tower.
    # No wall is built, so both give 0 wall VP now and a 0-segment wall; s42 (position 3) is first
    # clockwise from s33 (s59 is position 16).
    decision, reason = _architect(solo_pos(houses=ARCH))
    assert decision == "build tower s42"
    assert reason == (
        "SOLO-5 Architect (2nd ed., all segments supposed built): a tower on s42 (seat 0's house) extends its "
        "potential stretch (9 segments from s59 to s42) (a spot with a house, preferred in the 2nd edition, "
        "ED-2); tie among s59, s42 (0 wall VP now, longest wall 0 segments): s42 is the first clockwise from s33"
    )


@pytest.mark.clause("SOLO-5", "ED-2", "R-18")
def test_architect_1st_edition_prefers_a_spot_with_no_house() -> None:
    # Same position, 1st edition: the free spots with no house inside the 9-segment stretch are s53, s46,
    # s39, s32, s40, s41, s34 (s33 holds its own house); all tie, s41 (position 1) is first clockwise.
    decision, reason = _architect(solo_pos(edition="1st", houses=ARCH))
    assert decision == "build tower s41"
    assert reason.startswith(
        "SOLO-5 Architect (1st ed., all segments supposed built): its longest potential stretch (9 segments "
        "from s59 to s42) has a free spot with no house inside, preferred in the 1st edition (ED-2): s41; "
        "tie among s53, s46, s39, s32, s40, s41, s34 "
    )


@pytest.mark.clause("SOLO-5", "R-18")
def test_architect_tie_goes_to_the_most_wall_vp_now() -> None:
    # Built walls w16 (s65-s59) and w17 (s59-s53): a tower on s59 joins them, 2 segments + 1 tower = 3 VP
    # now; a tower on s42 adds nothing (no wall there), 1 VP. So s59, though s42 is first clockwise.
    decision, reason = _architect(solo_pos(houses=ARCH, walls={"w16": 0, "w17": 0}))
    assert decision == "build tower s59"
    assert reason.endswith("; tie among s59, s42: s59 gives its longest wall most VP now (3)")


@pytest.mark.clause("SOLO-5", "R-18")
def test_architect_both_ends_blocked_tries_the_next_stretch() -> None:
    # Towers (the human's) on s59 and s42: the 9-segment stretch cannot be extended; the next longest,
    # s42..s71 (7 segments), can at s71 (a black house) only, since s42 has a tower.
    decision, reason = _architect(solo_pos(houses=ARCH, towers={"s59": 0, "s42": 0}))
    assert decision == "build tower s71"
    assert reason == (
        "SOLO-5 Architect (2nd ed., all segments supposed built): longer stretches cannot be extended "
        "(9 segments from s59 to s42: ends s59, s42 already have towers); a tower on s71 (a black house) "
        "extends its potential stretch (7 segments from s42 to s71) (a spot with a house, preferred in the "
        "2nd edition, ED-2)"
    )


@pytest.mark.clause("SOLO-5", "R-18")
def test_architect_with_no_stretch_to_extend_takes_an_empty_spot() -> None:
    # Only s42 blocks (the human's house and tower): one stretch of all 22 segments from s42 back to s42,
    # whose only end has a tower. So an empty tower spot: s33 has bot A's house, s41 is first clockwise.
    decision, reason = _architect(solo_pos(houses={"s42": 0, "s33": 1}, towers={"s42": 0}))
    assert decision == "build tower s41"
    assert reason.startswith(
        "SOLO-5 Architect (2nd ed.): no stretch can be extended (22 segments from s42 to s42: ends s42 "
        "already have towers); an empty tower spot, s41; tie among s32, s34, s39, "
    )


@pytest.mark.clause("SOLO-5", "ED-2")
@pytest.mark.parametrize("edition, spot", [("1st", "s41"), ("2nd", "s42")])
def test_architect_edition_difference_through_the_engine(edition: str, spot: str) -> None:
    # Bot A's card patrician-10 (s40, s47, s57): it places on s40 (Architect, silver-mine-5, Silversmith),
    # a ring spot itself, and builds its tower by ED-2. s40 (position 21) is now its house, still passable.
    houses = {**ARCH, "s40": BLACK}
    state = solo_pos(edition=edition, houses=houses, cards=(("patrician-10",), ()), player={2: {"houses_left": 0}})
    state, events = play(state, Place("s16"))
    assert state.houses[sid("s40")] == 1 and state.towers[sid(spot)] == 1
    assert f"build tower {spot}" in [d.decision for d in decisions(events, 1)]


# ---------------------------------------------------------------------------


@pytest.mark.clause("R-15", "R-16", "ACT-5")
def test_bot_activates_sea_hexes_before_the_oil_press_and_never_trades() -> None:
    # Bot A places on s63 (listed: oil-press, sea-3, sea-6) with 2 olives. The order matters (the sea
    # hexes give fish the Oil Press's trade window reads), so R-15 decides: sea-3, sea-6, then the press.
    # With 2 fish the bot gets a trade window and passes it: it keeps 2 fish, makes 2 oil.
    state = solo_pos(
        houses={"s54": 0, "s63": BLACK},
        res={1: {"olives": 2}},
        cards=(("patrician-9",), ()),
        player={2: {"houses_left": 0}},
    )
    state, events = play(state, Place("s16"))
    hexes = [e.hex for e in of(events, HexActivated)]
    assert hexes[-3:] == ["sea-3", "sea-6", "oil-press"]
    bot = [d.decision for d in decisions(events, 1)]
    assert bot == ["place s63", "activate sea-3", "activate sea-6", "no trade"]
    assert state.players[1].resources == resources(fish=2, olives=2)
    assert state.players[1].commodities == commodities(oil=2)


# --------------------------------------------------------------------------- SOLO-6


@pytest.mark.clause("SOLO-6")
def test_the_human_cannot_place_on_a_reserved_spot() -> None:
    state = new_game(1, seed=3, options=HUMAN_FIRST)
    reserved = [BOARD.spot_ids[i] for i, h in enumerate(state.houses) if h == RESERVED]
    assert len(reserved) == 18
    places = {a.spot for a in legal_actions(state) if isinstance(a, Place)}
    assert places and not places & set(reserved)
    # Even a human who meets every requirement (plenty of everything) is refused, naming SOLO-6.
    rich = attrs.evolve(
        state,
        players=(attrs.evolve(state.players[0], resources=(9, 9, 9, 9, 9, 9), commodities=(3, 3, 3)),)
        + state.players[1:],
    )
    for spot in reserved:
        with pytest.raises(IllegalActionError) as err:
            apply(rich, Place(spot))
        assert err.value.rule == "SOLO-6"


# --------------------------------------------------------------------------- SOLO-7, R-16, R-20


@pytest.mark.clause("SOLO-7", "R-16")
def test_rulebook_example_five_fish_become_one_grapes_and_one_stone() -> None:
    # Bot B: 5 fish, 1 grapes, 2 stone, cards grapes (2 VP each) and stone (3 VP each): 2 + 6 = 8 VP.
    # 1 stone (3 fish) + 1 grapes (2 fish) = 3 x 3 + 2 x 2 = 13 (+5); 2 grapes (4 fish) only 12 (+4);
    # 1 stone alone 11 (+3). So +5, as in the rulebook.
    state = _last_house(
        res={2: {"fish": 5, "grapes": 1, "stone": 2}},
        player={2: {"bonus_cards": ("bonus-grapes", "bonus-stone")}},
    )
    trades = solo.choose_end_trades(state, 2)
    assert trades == ("stone", "grapes")
    assert solo.explain_end_trades(state, 2, trades) == (
        "trade fish for stone, grapes",
        "SOLO-7: no fish card; with 5 fish and resource cards bonus-grapes (2 VP each), bonus-stone (3 VP each), "
        "trading for 1 stone (3 fish) + 1 grapes (2 fish) scores most: bonus cards 8 -> 13 VP (+5)",
    )
    final, events = play(state, Place("s16"))
    assert is_terminal(final)
    bot = final.players[2]
    assert bot.resources == resources(grapes=2, stone=3) and bot.fish_traded == 5
    assert bot.bonus_vp == (4, 9) and scores(final)[2] == 13  # no walls, no Cathedral: bonus cards only
    assert decisions(events, 2)[-1].decision == "trade fish for stone, grapes"


@pytest.mark.clause("SOLO-7", "R-16", "END-BONUS-1")
def test_end_trade_respects_the_twelve_vp_cap_and_ties() -> None:
    # Stone 4 already scores 12 (3 x 4, capped): stone + grapes would give 12 + 4 = 16, two grapes 12 + 6 = 18.
    state = solo_pos(
        res={2: {"fish": 5, "grapes": 1, "stone": 4}}, player={2: {"bonus_cards": ("bonus-grapes", "bonus-stone")}}
    )
    assert solo.choose_end_trades(state, 2) == ("grapes", "grapes")
    # 4 fish, wood (2 VP) and grapes (2 VP) cards: 2 wood, 1 + 1, 2 grapes all give +4 for 4 fish; R-16 takes
    # more of the earlier resource, wood.
    tie = solo_pos(res={2: {"fish": 4}}, player={2: {"bonus_cards": ("bonus-wood", "bonus-grapes")}})
    assert solo.choose_end_trades(tie, 2) == ("wood", "wood")
    # 4 fish, silver ore (3 VP each, 4 fish) and stone (3 VP each, 3 fish) cards: either gives +3; the
    # stone costs fewer fish.
    cheap = solo_pos(res={2: {"fish": 4}}, player={2: {"bonus_cards": ("bonus-silver-ore", "bonus-stone")}})
    assert solo.choose_end_trades(cheap, 2) == ("stone",)


@pytest.mark.clause("SOLO-7")
def test_end_trade_not_with_the_fish_card_or_without_resource_cards() -> None:
    fish_card = solo_pos(res={1: {"fish": 5}}, player={1: {"bonus_cards": ("bonus-fish", "bonus-stone")}})
    assert solo.choose_end_trades(fish_card, 1) == ()
    assert solo.explain_end_trades(fish_card, 1, ()) == (
        "no trade",
        "SOLO-7: it holds the fish card (bonus-fish), so it keeps its 5 fish",
    )
    no_card = solo_pos(res={1: {"fish": 5}}, player={1: {"bonus_cards": ("bonus-towers",)}})
    assert solo.choose_end_trades(no_card, 1) == ()
    assert solo.explain_end_trades(no_card, 1, ()) == (
        "no trade",
        "SOLO-7: it holds no resource bonus card, so it keeps its fish",
    )
    # 1 fish buys nothing (the cheapest trade costs 2): no trade, worded from the cards' score, 3 x 2 stone.
    poor = solo_pos(res={1: {"fish": 1, "stone": 2}}, player={1: {"bonus_cards": ("bonus-stone",)}})
    assert solo.choose_end_trades(poor, 1) == ()
    assert solo.explain_end_trades(poor, 1, ()) == (
        "no trade",
        "SOLO-7: no trade of its 1 fish raises what its resource cards bonus-stone (3 VP each) score (6 VP)",
    )


@pytest.mark.clause("SOLO-7", "END-2", "R-16")
def test_only_the_human_gets_the_end_trade_window() -> None:
    state = _last_house(res={0: {"fish": 2}, 1: {"fish": 4}, 2: {"fish": 4}})
    state = apply(state, Place("s16"))
    assert (state.phase, current_player(state), state.end_seats) == (Phase.END_TRADE, 0, (0,))
    final = apply(state, Pass())
    assert is_terminal(final) and current_player(final) is None


def _totals(state: GameState, vps: Sequence[int], com: Sequence[tuple[int, int, int]] = ()) -> GameState:
    players = []
    for seat, p in enumerate(state.players):
        change: dict[str, Any] = {"vp": (vps[seat], 0, 0, 0, 0, 0, 0)}
        if com:
            change["commodities"] = com[seat]
        players.append(attrs.evolve(p, **change))
    return attrs.evolve(state, players=tuple(players))


@pytest.mark.clause("SOLO-7", "R-20", "WIN-1", "R-7")
def test_the_human_wins_only_with_strictly_more_vp_than_each_bot() -> None:
    base = solo_pos()
    assert scoring_winners(_totals(base, [50, 49, 30])) == (0,)
    # A tie with one bot is a loss, whatever the commodities (no WIN-1 tie-break for the human).
    assert scoring_winners(_totals(base, [50, 50, 30], [(5, 5, 5), (0, 0, 0), (0, 0, 0)])) == (1,)
    # The scores are not added up: 40 beats neither 45 nor 41 even though each is "close".
    assert scoring_winners(_totals(base, [40, 45, 41])) == (1,)
    # Bots tied on VP: WIN-1's commodity value decides between them, then R-7 shares.
    assert scoring_winners(_totals(base, [30, 45, 45], [(0, 0, 0), (1, 0, 0), (0, 2, 0)])) == (2,)
    assert scoring_winners(_totals(base, [30, 45, 45])) == (1, 2)


@pytest.mark.clause("SOLO-7", "R-20")
def test_solo_result_line() -> None:
    over = attrs.evolve(solo_pos(), phase=Phase.OVER, seat=None)
    # 50 VP beats bot A's 49 but only ties bot B's 50: the Patrician wins, with bot B.
    lines = describe_result(_totals(over, [50, 49, 50]))
    assert lines[-2:] == [
        "Solo result (SOLO-7): seat 1 (50 VP) beats seat 2 (49 VP) and ties seat 3 (50 VP): the Patrician wins.",
        "Winner: the Patrician, with seat 3.",
    ]
    lines = describe_result(_totals(over, [50, 49, 30]))
    assert lines[-2:] == [
        "Solo result (SOLO-7): seat 1 (50 VP) beats seat 2 (49 VP) and beats seat 3 (30 VP): the human wins.",
        "Winner: the human, seat 1.",
    ]


# --------------------------------------------------------------------------- SOLO-8, R-21


@pytest.mark.clause("SOLO-8", "R-21", "RECTOR-1")
@pytest.mark.parametrize("harder", [False, True])
def test_harder_variant_the_human_takes_the_top_card(harder: bool) -> None:
    # s55 (Cathedral, Rector's Palace, Silversmith) needs 1 stone and 1 silver ore.
    state = solo_pos(
        options=Options(solo_harder=harder),
        res={0: {"stone": 1, "silver_ore": 1}},
        deck=("bonus-wood", "bonus-stone", "bonus-fish"),
        player={1: {"houses_left": 0}, 2: {"houses_left": 0}},
    )
    state = apply(state, Place("s55"))
    assert state.phase == Phase.RECTOR_DRAW and set(legal_actions(state)) >= {DrawBonus(), Pass()}
    state, events = play(state, DrawBonus())
    if harder:
        assert state.players[0].bonus_cards == ("bonus-wood",)  # the top card, no choice
        assert state.bonus_deck == ("bonus-stone", "bonus-fish")
        assert BonusDrawn(0, 1) in events and state.phase == Phase.PLACE
    else:
        assert state.phase == Phase.RECTOR_KEEP and state.rector_hand == ("bonus-wood", "bonus-stone")
        state = apply(state, KeepBonus("bonus-stone"))
        assert state.players[0].bonus_cards == ("bonus-stone",)


# --------------------------------------------------------------------------- API and events


@pytest.mark.clause("SOLO-4", "SOLO-5")
def test_bot_decisions_are_events_with_reasons_and_serialize() -> None:
    opening: list[Event] = []
    state = new_solo_game(4, "2nd", None, opening)
    bots = decisions(opening)
    assert [b.seat for b in bots if b.decision.startswith("place")] == [1, 2]
    for b in bots:
        assert b.reason and b.seat in (1, 2)
        data = event_to_data(b)
        assert data["type"] == "bot_decision" and data["reason"] == b.reason
    with pytest.raises(ValueError):
        decide(state)  # the human decides here, not a bot


# --------------------------------------------------------------------------- properties


def _check(before: GameState, after: GameState, cards: Mapping[int, set[int]]) -> None:
    assert current_player(after) in (0, None)
    assert after.seat in (0, None)
    if not is_terminal(after):
        assert legal_actions(after)
    assert state_from_json(state_to_json(after)) == after
    for s, (p, q) in enumerate(zip(before.players, after.players)):
        assert all(0 <= c <= 12 for c in q.commodities)
        assert all(b >= a for a, b in zip(p.vp, q.vp)), "VP never decrease"
        assert after.houses.count(s) + q.houses_left == 12
        assert after.towers.count(s) + q.towers_left == 15
    assert all(BOARD.spot_tower[i] for i, t in enumerate(after.towers) if t != EMPTY)
    for i, h in enumerate(after.houses):
        if h == RESERVED:
            assert any(i in spots for spots in cards.values())
    for seat, spots in cards.items():  # a bot's card spots hold black houses or its own houses
        assert all(after.houses[i] in (RESERVED, seat) for i in spots)


@pytest.mark.clause(
    "SOLO-1", "SOLO-2", "SOLO-3", "SOLO-4", "SOLO-5", "SOLO-6", "SOLO-7", "SOLO-8", "ED-2", "ED-3", "RES-2", "TURN-3"
)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    edition=st.sampled_from(["1st", "2nd"]),
    human_first=st.booleans(),
    easier=st.booleans(),
    harder=st.booleans(),
    policy=st.integers(0, 2**16),
)
def test_random_solo_games(seed: int, edition: str, human_first: bool, easier: bool, harder: bool, policy: int) -> None:
    options = Options(solo_human_first=human_first, solo_easier_rector=easier, solo_harder=harder)
    start = new_game(1, seed=seed, edition=edition, options=options)
    assert start.solo is not None
    cards = {
        seat: {sid(s) for c in start.solo.bot_cards[k] for s in ALL_SPOTS_OF[c]}
        for k, seat in enumerate(start.solo.bot_seats)
    }
    rnd = random.Random(policy)
    state = start
    actions: list[Action] = []
    for _ in range(2000):
        if is_terminal(state):
            break
        acts = legal_actions(state)
        # Mostly placements and effects, sometimes a trade, so that games also see trades.
        non_trade = [a for a in acts if not isinstance(a, Trade)]
        a = rnd.choice(acts) if rnd.random() < 0.2 or not non_trade else rnd.choice(non_trade)
        before = state_to_json(state)
        after, events = step(state, a)
        assert state_to_json(state) == before  # the input is unchanged (pure)
        assert all(e.seat in (1, 2) for e in of(events, BotDecision))
        _check(state, after, cards)
        actions.append(a)
        state = after
    assert is_terminal(state), "every game ends"
    bots_left = [p.houses_left for p in state.players][1:]
    if human_first and state.players[0].houses_left == 0:
        assert bots_left == [1, 1]  # SOLO-7: it ends after the human's 9th house, before the bots' 9th
    else:
        assert bots_left == [0, 0]  # the bots place all their houses
    assert state.solo is not None and state.solo.round == 9
    totals = scores(state)
    human_wins = all(totals[0] > totals[b] for b in (1, 2))
    assert (winners(state) == (0,)) == human_wins
    for p in state.players:
        assert len(p.bonus_vp) == len(p.bonus_cards)
        assert p.total_vp == sum(p.vp)
    replay = new_game(1, seed=seed, edition=edition, options=options)
    for a in actions:
        replay = apply(replay, a)
    assert replay == state, "same seed and actions, same game"


# --------------------------------------------------------------------------- command line


@pytest.mark.clause("SOLO-4", "SOLO-7")
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_ragusa_play_solo_prints_the_bots_reasons_and_the_result(bot: str, capsys: pytest.CaptureFixture[str]) -> None:
    from ragusa.bots import make_bot
    from ragusa.bots import play as play_out
    from ragusa.cli import main

    assert main(["play", "--players", "1", "--seed", "2", "--bot", bot]) == 0
    out = capsys.readouterr().out
    assert "Round 1 opens with the Patrician's bots" in out
    assert "seat 2 (Patrician bot) decides: place a house on s" in out and "SOLO-4: drew patrician-" in out
    # The same game through the API: the printed totals and the human-vs-each-bot line match it.
    final = play_out(new_game(1, seed=2), [make_bot(bot)] * 3, random.Random(2))
    totals = scores(final)
    for seat in range(3):
        assert f"  seat {seat + 1}: " in out and f"| total {totals[seat]}\n" in out
    line = next(x for x in out.splitlines() if x.startswith("Solo result (SOLO-7): "))
    assert line.startswith(f"Solo result (SOLO-7): seat 1 ({totals[0]} VP) ")  # people count seats from 1
    assert f" seat 2 ({totals[1]} VP) and " in line and f" seat 3 ({totals[2]} VP): " in line
    assert line.endswith(": the human wins." if winners(final) == (0,) else ": the Patrician wins.")
