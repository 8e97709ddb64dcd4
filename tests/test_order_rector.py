"""ACT-5 with the Rector's Palace: drawing bonus cards first can change a later choice, so the
placing player is offered the order whenever the Rector's Palace and a building with a choice
(Architect, Mason, Market, Wharf) activate from one placement.

Spots (from the board data): s54 touches the Architect, the Rector's Palace and the Winery;
s47 the Architect, the Rector's Palace and the Silversmith.
"""

from __future__ import annotations

import attrs
import pytest

from ragusa import ActivateHex, DrawBonus, KeepBonus, Pass, Place, apply, legal_actions
from ragusa.core.board import BOARD
from ragusa.core.state import Phase
from ragusa.rules.activation import order_matters
from tests.support import commodities, hexes, non_trade, player, position


@pytest.mark.clause("ACT-5", "RECTOR-1", "ARCHITECT-1", "WINERY-1")
def test_act5_rector_palace_before_the_architect_is_offered_on_s54() -> None:
    assert hexes("s54") == {"architect", "rectors-palace", "winery"}
    # first house there: 1 stone per city hex (BUILD-3), 1 grapes for the Winery (BUILD-7)
    state = position(4, turn=0, res={0: {"stone": 1, "grapes": 1}})
    s1 = apply(state, Place("s54"))
    assert (s1.phase, s1.seat) == (Phase.ORDER, 0)
    assert non_trade(s1) == {ActivateHex("architect"), ActivateHex("rectors-palace"), ActivateHex("winery")}
    # the Rector's Palace first: seat 0 draws the top 2 of the 12 cards left (16 - 4 kept) ...
    s2 = apply(s1, ActivateHex("rectors-palace"))
    assert (s2.phase, len(s1.bonus_deck)) == (Phase.RECTOR_DRAW, 12)
    s3 = apply(s2, DrawBonus())
    drawn = s3.rector_hand
    assert s3.phase == Phase.RECTOR_KEEP and drawn == s1.bonus_deck[:2]
    # ... keeps the first: the Architect and the Winery do not interact, so no further order
    # question; the Architect (listed first) asks for a tower spot, with the new card in hand
    s4 = apply(s3, KeepBonus(drawn[0]))
    assert (s4.phase, s4.seat) == (Phase.ARCHITECT, 0)
    assert player(s4, 0).bonus_cards[-1] == drawn[0]
    # then the Winery: 1 grapes -> 1 wine, and the turn passes to seat 1
    s5 = apply(s4, legal_actions(s4)[0])
    assert player(s5, 0).commodities == commodities(wine=1)
    assert (s5.phase, s5.seat) == (Phase.PLACE, 1)


@pytest.mark.clause("ACT-5", "RECTOR-1", "ARCHITECT-1", "SILVERSMITH-1")
def test_act5_the_architect_first_is_still_allowed_on_s47() -> None:
    assert hexes("s47") == {"architect", "rectors-palace", "silversmith"}
    state = position(4, turn=0, res={0: {"stone": 1, "silver_ore": 1}})
    s1 = apply(state, Place("s47"))
    assert s1.phase == Phase.ORDER
    assert ActivateHex("rectors-palace") in legal_actions(s1)
    # the Architect first: the tower goes on before any card is seen
    s2 = apply(s1, ActivateHex("architect"))
    assert s2.phase == Phase.ARCHITECT
    assert player(s2, 0).bonus_cards == player(s1, 0).bonus_cards


@pytest.mark.clause("ACT-5", "R-4")
def test_act5_no_order_question_when_the_bonus_deck_is_empty() -> None:
    # with no card to draw the Rector's Palace shows nothing, so on s54 nothing links the
    # three hexes: they activate in the spot's listed order without asking
    state = position(4, turn=0, res={0: {"stone": 1, "grapes": 1}})
    s1 = apply(attrs.evolve(state, bonus_deck=()), Place("s54"))
    assert s1.phase != Phase.ORDER


@pytest.mark.clause("ACT-5")
@pytest.mark.parametrize(
    ("pending", "deck", "matters"),
    [
        (("rectors-palace", "architect"), 12, True),
        (("mason", "rectors-palace"), 12, True),
        (("rectors-palace", "market"), 1, True),
        (("wharf", "rectors-palace"), 2, True),
        (("rectors-palace", "market"), 0, False),  # nothing to draw
        (("rectors-palace", "cathedral"), 12, False),  # no choice at the Cathedral
        (("rectors-palace", "fishmonger"), 12, False),  # nor at the Fishmonger
        (("rectors-palace", "winery"), 12, False),  # nor at a producer
    ],
)
def test_act5_rector_palace_links_to_buildings_with_a_choice(
    pending: tuple[str, ...], deck: int, matters: bool
) -> None:
    assert order_matters(tuple(BOARD.hex_index[h] for h in pending), 0, deck) is matters


@pytest.mark.clause("ACT-5", "R-8")
def test_act5_declining_the_draw_keeps_the_order_choice_honest() -> None:
    # the draw stays optional when taken first: Pass, then the Winery and the Architect
    state = position(4, turn=0, res={0: {"stone": 1, "grapes": 1}})
    s2 = apply(apply(state, Place("s54")), ActivateHex("rectors-palace"))
    s3 = apply(s2, Pass())
    assert s3.phase == Phase.ARCHITECT
    assert s3.bonus_deck == s2.bonus_deck
