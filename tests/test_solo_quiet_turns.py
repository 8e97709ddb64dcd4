"""The solo bots' turns: one choice, carried out the same way by `apply` and `step`.

Every bot decision is a pure choice of the position (its decision record's `bot`, `ragusa.rules.phases.TURNS`), executed by
the rule code of the human's actions. `apply` records nothing, so it plays the choice quietly; `step`
also words it (`explain_*`) and reports it as a `BotDecision`. These tests check, over seeded solo
games in every variant and edition, that the reported decision is the one played (the events that
follow it do what it says), and that `decide` reports a bot's choice with its explanation. That
`apply` and `step` pass through the same states is checked in `tests/test_solo_fast_paths.py`."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest

from ragusa import Options, is_terminal, legal_actions, new_game, step
from ragusa.core import rng
from ragusa.core.actions import BuildWall, Place
from ragusa.core.board import BOARD
from ragusa.core.events import (
    BonusDrawn,
    BotDecision,
    CommoditySold,
    Event,
    FishTraded,
    HexActivated,
    HousePlaced,
    Passed,
    ShipBought,
    TowerBuilt,
    WallBuilt,
)
from ragusa.core.state import RESERVED, GameState, Phase
from ragusa.rules.buildings import mason
from ragusa.rules.resolution import decide
from ragusa.rules.solo import policy
from ragusa.rules.solo.patrician import PATRICIAN, BotMove

VARIANTS = (
    ("2nd", Options()),
    ("1st", Options()),
    ("2nd", Options(solo_human_first=True, solo_easier_rector=True)),
    ("1st", Options(solo_harder=True)),
    ("2nd", Options(solo_harder=True, solo_easier_rector=True)),
)


def _played(decision: BotDecision, after: Sequence[Event]) -> bool:
    """Whether the events `after` a bot's decision (up to the next one) do what its text says."""
    seat, text = decision.seat, decision.decision
    mine = [e for e in after if getattr(e, "seat", seat) == seat]
    if text.startswith("place "):
        return HousePlaced(seat, text.removeprefix("place "), False) in mine
    if text == "pass":
        return Passed(seat, "turn: no Patrician card with a free spot") in mine
    if text.startswith("activate "):
        return bool(after) and after[0] == HexActivated(text.removeprefix("activate "))
    if text.startswith("build wall "):
        return any(isinstance(e, WallBuilt) and e.segment == text.removeprefix("build wall ") for e in mine)
    if text.startswith("build tower "):
        return TowerBuilt(seat, text.removeprefix("build tower ")) in mine
    if text.startswith("buy slot "):
        slot, ship = text.removeprefix("buy slot ").rstrip(")").split(" (")
        return any(isinstance(e, ShipBought) and (e.slot, e.ship) == (int(slot), ship) for e in mine)
    if text.startswith("sell "):
        return any(isinstance(e, CommoditySold) and e.commodity == text.removeprefix("sell ") for e in mine)
    if text.startswith("take "):
        return BonusDrawn(seat, int(text.split()[1])) in mine
    if text.startswith("trade fish for "):
        return [e.resource for e in mine if isinstance(e, FishTraded)] == text.removeprefix("trade fish for ").split(
            ", "
        )
    assert text in ("no sale", "no purchase", "no trade"), text
    return not any(isinstance(e, CommoditySold | ShipBought | FishTraded) for e in mine)


@pytest.mark.clause("SOLO-4", "SOLO-5", "SOLO-7", "R-15", "R-16", "R-17", "R-18", "R-19")
def test_each_reported_decision_is_the_one_played() -> None:
    seen: set[str] = set()
    for k in range(30):
        edition, options = VARIANTS[k % len(VARIANTS)]
        rng = random.Random(k)
        state = new_game(1, seed=k, edition=edition, options=options)
        while not is_terminal(state):
            acts = legal_actions(state)
            state, events = step(state, acts[rng.randrange(len(acts))])
            at = [i for i, e in enumerate(events) if isinstance(e, BotDecision)]
            for i, j in zip(at, at[1:] + [len(events)]):
                decision = events[i]
                assert isinstance(decision, BotDecision) and decision.reason
                assert _played(decision, events[i + 1 : j]), (decision, events[i + 1 : j])
                seen.add(decision.decision.split()[0])
    # every kind of bot decision was met: place, activate, build (wall, tower), buy, sell, take, trade, no ...
    assert seen >= {"place", "activate", "build", "buy", "sell", "take", "trade", "no"}


def _bot_deciding(phase: Phase) -> GameState:
    """Bot A deciding in `phase`, in a solo game's opening position (the engine never returns one:
    `decide` reads a bot's decision without playing it)."""
    start = new_game(1, seed=3, options=Options(solo_human_first=True))
    return attrs.evolve(start, phase=phase, seat=1, turn_seat=1)


@pytest.mark.clause("SOLO-4", "R-19")
def test_decide_reports_the_placement_with_its_draw() -> None:
    state = _bot_deciding(Phase.PLACE)
    assert state.solo is not None
    choice = policy.choose_placement(state, 1)
    spot, drawn, r, solo = choice
    # Nothing is placed yet, so the first card drawn (one of bot A's 3) gives its lowest-numbered spot,
    # a black house; one draw from the state's generator, no card discarded.
    assert len(drawn) == 1 and drawn[0] in state.solo.bot_cards[0]
    assert spot == PATRICIAN[drawn[0]][0] and state.houses[spot] == RESERVED
    assert r == rng.below(state.rng, 3)[1] and solo is state.solo
    move = decide(state)
    assert move == BotMove(1, Place(BOARD.spot_ids[spot]), *policy.explain_placement(state, 1, choice), r, solo)
    assert move.decision == f"place {BOARD.spot_ids[spot]}"


@pytest.mark.clause("SOLO-5", "R-18")
def test_decide_reports_the_mason_without_a_draw() -> None:
    # The opening position has no wall and none of bot A's houses on the wall ring: every segment scores
    # 1 VP and makes a 1-segment wall, so w1, the first clockwise; no draw changes the generator.
    state = _bot_deciding(Phase.MASON)
    assert state.solo is not None
    i = mason.choose_wall(state, 1)
    assert i == BOARD.wall_index["w1"]
    move = decide(state)
    assert move == BotMove(1, BuildWall(BOARD.wall_ids[i]), *mason.explain_wall(state, 1, i), state.rng, state.solo)


def test_decide_refuses_a_seat_or_phase_without_a_bot_decision() -> None:
    with pytest.raises(ValueError, match="not a bot"):
        decide(attrs.evolve(_bot_deciding(Phase.PLACE), seat=0))
    with pytest.raises(ValueError, match="no decision in phase"):
        decide(_bot_deciding(Phase.RECTOR_KEEP))
