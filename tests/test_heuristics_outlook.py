"""The expert's estimate of the final score (ragusa.heuristics.outlook), worked by hand. Tooling:
no clause marker (the rules it reads are tested in their own modules)."""

from __future__ import annotations

import random

import attrs
import pytest

from ragusa import is_terminal, new_game
from ragusa.bots import ExpertBot, play
from ragusa.core.state import VP_BONUS, Phase
from ragusa.heuristics.outlook import HIDDEN_CARD, card_estimate, draw_value, end_bonus, outlooks
from ragusa.rules.scoring import cathedral_score, wall_score
from tests.support import position


def test_end_bonus_buys_what_fills_the_resource_cards() -> None:
    # bonus-wood (2 VP a wood) with 5 wood scores 10, bonus-stone (3 VP a stone) with 3 stone 9;
    # 7 fish buy 1 wood (2 fish) and 1 stone (3 fish): both cards at their cap of 12, 2 fish left
    fish7 = (7, 5, 3, 0, 0, 0)  # fish, wood, stone, silver ore, grapes, olives
    assert end_bonus(("bonus-wood", "bonus-stone"), fish7, "2nd") == (24, (2, 6, 4, 0, 0, 0))
    # no resource card: nothing to trade for
    assert end_bonus(("bonus-towers",), fish7, "2nd") == (0, fish7)


def test_end_bonus_keeps_the_fish_when_trading_gains_nothing() -> None:
    # bonus-fish (1 VP a fish) and bonus-wood (2 VP a wood) with 6 fish: 2 fish make a wood worth
    # 2 VP and cost 2 VP on the fish card: every choice scores 6, and the fish are kept
    assert end_bonus(("bonus-fish", "bonus-wood"), (6, 0, 0, 0, 0, 0), "2nd") == (6, (6, 0, 0, 0, 0, 0))


def test_card_estimates_at_the_start_are_the_kinds_potential() -> None:
    state = new_game(4, seed=1)
    # nothing held yet: each card is worth the VP its kind is expected to add over a whole game
    assert {
        c: card_estimate(state, 0, c, 1.0) for c in ("bonus-wood", "bonus-walls", "bonus-towers", "bonus-furs")
    } == {
        "bonus-wood": 9.0,
        "bonus-walls": 9.0,
        "bonus-towers": 6.0,
        "bonus-furs": 3.0,
    }
    # with 5 wood and 4 fish (2 more wood at the end): 2 x 7 = 14, capped at 12
    rich = position(4, res={0: {"wood": 5, "fish": 4}})
    assert card_estimate(rich, 0, "bonus-wood", 0.0) == 12.0
    assert card_estimate(rich, 0, "bonus-wood", 0.5) == 12.0


def test_a_draw_is_worth_the_expected_best_of_two_unseen_cards() -> None:
    # at the start, before any card is kept, the 16 cards are worth (card_estimate, frac 1): the six
    # resource cards and bonus-walls 9, bonus-towers 6, bonus-good-types and bonus-ship-points 4,
    # bonus-commodity-sets and the five cards of one good 3. Sorted, the i-th best (from 0) is the
    # best of 15 - i of the 120 pairs: 9 x (15+14+...+9) + 6 x 8 + 4 x (7+6) + 3 x (5+...+0)
    # = 756 + 48 + 52 + 45 = 901, so E[best of two] = 901 / 120; a draw not yet made counts 90%
    state = new_game(4, seed=1)
    assert state.players[0].bonus_cards == ()
    assert draw_value(state, 0, 1.0) == pytest.approx(0.9 * 901 / 120)


def test_in_the_last_trade_window_the_estimate_is_the_end_scoring() -> None:
    # END-2: seat 0 has 4 fish and bonus-wood: VP so far + walls + Cathedral + 4 VP of wood it can buy
    state = position(3, res={0: {"fish": 4}}, player={0: {"bonus_cards": ("bonus-wood",), "vp": (5, 0, 0, 0, 0, 0, 0)}})
    state = attrs.evolve(state, phase=Phase.END_TRADE, seat=0, end_seats=(0,))
    values = outlooks(state, 0)
    assert values[0] == 5 + wall_score(state, 0) + cathedral_score(state, 0) + 4
    # another seat: its hidden cards count at HIDDEN_CARD each, whatever they are
    cards = len(state.players[1].bonus_cards)
    assert values[1] == wall_score(state, 1) + cathedral_score(state, 1) + HIDDEN_CARD * cards


def test_at_the_end_another_seats_bonus_vp_are_not_read() -> None:
    final = play(new_game(3, seed=5), [ExpertBot()] * 3, random.Random(5))
    assert is_terminal(final)
    values = outlooks(final, 1)
    for seat, p in enumerate(final.players):
        if seat == 1:
            assert values[seat] == p.total_vp
        else:
            assert values[seat] == p.total_vp - p.vp[VP_BONUS] + HIDDEN_CARD * len(p.bonus_cards)
