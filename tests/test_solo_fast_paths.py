"""The solo fast paths (issue 12) decide exactly as the plain ones.

The solo bots explain themselves only when someone reads it.

`apply` records no events, so the engine asks the bots' policy for its decisions without their
decision text and reason (`decide(state, explain=False)`); `step` asks for them. These tests
check, at every bot decision of real solo games in every variant, that the unexplained decision
is the explained one: the same action, generator and solo state. The bots' end trades weigh their
bonus cards from the resources alone; that must score as `bonus_scores` does on the traded state."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest

from ragusa import Options, apply, is_terminal, legal_actions, new_game, step
from ragusa.core.components import RESOURCES
from ragusa.core.position import Position
from ragusa.core.state import GameState, Phase
from ragusa.rules.fish import TRADE_COST
from ragusa.rules.solo import policy
from ragusa.rules.solo.common import BotMove
from ragusa.rules.solo.scoring import _bonus_total_after, bonus_scores

VARIANTS = (
    ("2nd", Options()),
    ("1st", Options()),
    ("2nd", Options(solo_easier_rector=True, solo_human_first=True)),
    ("1st", Options(solo_harder=True, solo_easier_rector=True)),
)


@pytest.mark.clause("SOLO-4", "SOLO-5", "R-15", "R-16", "R-17", "R-18")
def test_unexplained_bot_decisions_are_the_explained_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    real = policy.decide
    phases: set[Phase] = set()

    def both(state: Position, explain: bool = True) -> BotMove:
        quiet, loud = real(state, False), real(state, True)
        assert (quiet.seat, quiet.action, quiet.rng, quiet.solo) == (loud.seat, loud.action, loud.rng, loud.solo)
        assert (quiet.decision, quiet.reason) == ("", "") and loud.decision and loud.reason
        phases.add(state.phase)
        return loud if explain else quiet

    monkeypatch.setattr(policy, "decide", both)
    for k, (edition, options) in enumerate(VARIANTS * 3):
        rng = random.Random(k)
        state = new_game(1, seed=k, edition=edition, options=options)
        while not is_terminal(state):
            acts = legal_actions(state)
            state = apply(state, acts[rng.randrange(len(acts))])
    # every kind of bot decision was met
    assert phases >= {Phase.PLACE, Phase.ORDER, Phase.MASON, Phase.ARCHITECT, Phase.MARKET, Phase.WHARF}
    assert phases >= {Phase.TRADE_WINDOW, Phase.RECTOR_DRAW}


@pytest.mark.clause("SOLO-4", "SOLO-5")
def test_apply_and_step_reach_the_same_solo_states() -> None:
    """`step` (bots explained, events built) and `apply` (neither) give equal states all game long."""
    for k, (edition, options) in enumerate(VARIANTS):
        rng = random.Random(100 + k)
        state = new_game(1, seed=100 + k, edition=edition, options=options)
        while not is_terminal(state):
            acts = legal_actions(state)
            action = acts[rng.randrange(len(acts))]
            stepped, events = step(state, action)
            state = apply(state, action)
            assert stepped == state
            assert events


def _traded(state: GameState, seat: int, trades: dict[int, int]) -> GameState:
    p = state.players[seat]
    res = list(p.resources)
    for r, n in trades.items():
        res[r] += n
        res[0] -= n * TRADE_COST[RESOURCES[r]]
    after = attrs.evolve(p, resources=(res[0], res[1], res[2], res[3], res[4], res[5]))
    return attrs.evolve(state, players=tuple(after if i == seat else q for i, q in enumerate(state.players)))


@pytest.mark.clause("SOLO-7", "R-16", "SOLO-5", "END-BONUS-1")
def test_end_trade_totals_are_the_bonus_scores_of_the_traded_state() -> None:
    checked = 0
    for k, (edition, options) in enumerate(VARIANTS * 2):
        rng = random.Random(200 + k)
        state = new_game(1, seed=200 + k, edition=edition, options=options)
        while not is_terminal(state):
            acts = legal_actions(state)
            state = apply(state, acts[rng.randrange(len(acts))])
        for seat in (1, 2):
            for counts in itertools.product(range(3), repeat=3):
                trades = {r: n for r, n in zip((1, 2, 4), counts) if n}
                expected = sum(vp for vp, _ in bonus_scores(_traded(state, seat, trades), seat))
                assert _bonus_total_after(state, seat, trades) == expected
                checked += 1
    assert checked == 8 * 2 * 27
