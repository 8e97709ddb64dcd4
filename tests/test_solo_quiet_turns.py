"""The solo bots' quiet turns (issue 12) play as their reported ones.

`apply` records nothing, so the engine takes a bot's decisions quietly
(`ragusa.rules.solo.turns.QUIET`): the policy's choice as an index (no decision text, reason or
action object), executed by the rule code the action would reach, without its dispatch. `step`
takes every decision through `policy.decide` and the action handlers, and reports it. These tests
check, at every bot decision of seeded solo games in every variant and edition, that the quiet
choice is the reported one, and that `apply` and `step` reach equal states all game long."""

from __future__ import annotations

import random

import pytest

from ragusa import Options, apply, is_terminal, legal_actions, new_game, step
from ragusa.core.actions import ActivateHex, BuildTower, BuildWall, BuyShip, Pass, Place, SellCommodity
from ragusa.core.board import BOARD, COM_INDEX
from ragusa.core.position import Position
from ragusa.core.state import Phase
from ragusa.rules.solo import policy, walls
from ragusa.rules.solo.common import BotMove

VARIANTS = (
    ("2nd", Options()),
    ("1st", Options()),
    ("2nd", Options(solo_human_first=True, solo_easier_rector=True)),
    ("1st", Options(solo_harder=True)),
    ("2nd", Options(solo_harder=True, solo_easier_rector=True)),
)


def _quiet_choice(state: Position, seat: int) -> object:
    """The quiet path's choice in `state`, in the terms of the reported action."""
    phase = state.phase
    if phase == Phase.PLACE:
        s, r, solo = policy.placement_choice(state, seat)
        return (BOARD.spot_ids[s] if s >= 0 else None), r, solo
    if phase == Phase.ORDER:
        return BOARD.hex_ids[policy.hex_choice(state)]
    if phase == Phase.MASON:
        return BOARD.wall_ids[walls.wall_choice(state, seat)]
    if phase == Phase.ARCHITECT:
        return BOARD.spot_ids[walls.tower_choice(state, seat)]
    if phase == Phase.MARKET:
        return policy.ship_choice(state, seat)
    if phase == Phase.WHARF:
        return policy.sale_choice(state, seat)
    return None  # the trade window (a pass) and the Rector (a draw) have no choice to compare


def _reported_choice(move: BotMove, phase: Phase) -> object:
    a = move.action
    if phase == Phase.PLACE:
        return (a.spot if isinstance(a, Place) else None), move.rng, move.solo
    if isinstance(a, ActivateHex):
        return a.hex
    if isinstance(a, BuildWall):
        return a.segment
    if isinstance(a, BuildTower):
        return a.spot
    if phase == Phase.MARKET:
        return a.slot if isinstance(a, BuyShip) else -1
    if phase == Phase.WHARF:
        return COM_INDEX[a.commodity] if isinstance(a, SellCommodity) else -1
    assert isinstance(a, Pass) or phase == Phase.RECTOR_DRAW
    return None


@pytest.mark.clause("SOLO-4", "SOLO-5", "R-15", "R-17", "R-18", "R-19")
def test_quiet_choices_are_the_reported_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    real = policy.decide
    seen: dict[Phase, int] = {}

    def checked(state: Position, explain: bool = True) -> BotMove:
        move = real(state, explain)
        assert state.seat is not None
        assert _quiet_choice(state, state.seat) == _reported_choice(move, state.phase)
        seen[state.phase] = seen.get(state.phase, 0) + 1
        return move

    monkeypatch.setattr(policy, "decide", checked)
    for k in range(30):
        edition, options = VARIANTS[k % len(VARIANTS)]
        rng = random.Random(k)
        state = new_game(1, seed=k, edition=edition, options=options)
        while not is_terminal(state):
            acts = legal_actions(state)
            state = step(state, acts[rng.randrange(len(acts))])[0]
    assert set(seen) >= {Phase.PLACE, Phase.ORDER, Phase.MASON, Phase.ARCHITECT, Phase.MARKET, Phase.WHARF}


@pytest.mark.clause("SOLO-4", "SOLO-5")
def test_apply_playouts_are_step_playouts() -> None:
    """Games played with `apply` alone (every bot decision quiet) pass through the states that
    `step` (every bot decision reported) reaches from the same actions."""
    for k in range(40):
        edition, options = VARIANTS[k % len(VARIANTS)]
        rng = random.Random(1000 + k)
        applied = stepped = new_game(1, seed=1000 + k, edition=edition, options=options)
        assert applied == new_game(1, seed=1000 + k, edition=edition, options=options)
        while not is_terminal(applied):
            acts = legal_actions(applied)
            action = acts[rng.randrange(len(acts))]
            applied = apply(applied, action)
            stepped = step(stepped, action)[0]
            assert applied == stepped
