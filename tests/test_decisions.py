"""Each decision (phase) is declared once, as one record beside its rule (`ragusa.rules.decision`),
and every table is built from the records (`ragusa.rules.phases`): the legal moves of a phase are
its record's `offers`, the actions `apply` takes in it are its record's `resolve`, the building
whose activation opens it is its record's `building`, a solo bot's turn is its `BotTurn`."""

from __future__ import annotations

import pytest

from ragusa import Options, Pass, Place, apply, legal_actions
from ragusa.core.actions import BuildWall, Trade
from ragusa.core.board import BUILDING_INDEX
from ragusa.core.errors import IllegalActionError
from ragusa.core.state import Phase
from ragusa.rules import activation, phases
from ragusa.rules.decision import Then
from ragusa.rules.legal import legal_moves
from ragusa.rules.solo.bot_turns import BOT_TURNS
from ragusa.spec import default_registry
from tests.boundary_positions import game
from tests.support import position

#: the clause of each phase's decision (`Phase.rule`), each once
PHASE_CLAUSES = (
    "SETUP-6",
    "TURN-1",
    "ACT-5",
    "FISH-2",
    "MASON-1",
    "ARCHITECT-1",
    "MARKET-1",
    "WHARF-1",
    "RECTOR-1",
    "END-2",
    "TURN-3",
)


@pytest.mark.clause(*PHASE_CLAUSES)
def test_every_phase_has_exactly_one_record_in_its_place() -> None:
    assert [d.phase for d in phases.DECISIONS] == list(Phase)
    assert [p.ordinal for p in Phase] == list(range(12))
    assert tuple(dict.fromkeys(p.rule for p in Phase)) == PHASE_CLAUSES
    records = [id(d) for d in phases.DECISIONS]
    assert len(set(records)) == len(records) == len(Phase)


@pytest.mark.clause(*PHASE_CLAUSES)
def test_a_record_names_its_phase_clause_first_and_only_clauses_of_the_rules() -> None:
    registry = default_registry()
    for d in phases.DECISIONS:
        assert d.clauses[0] == d.phase.rule
        assert [c for c in d.clauses if c not in registry] == []


@pytest.mark.clause(*PHASE_CLAUSES)
def test_the_tables_are_the_records() -> None:
    for d in phases.DECISIONS:
        i = d.phase.ordinal
        assert phases.OFFERS[i] is d.offers
        assert list(phases.HANDLERS[i]) == [r.kind for r in d.resolve]
        # an effect with nothing after it is the handler itself
        if d.then is Then.NOTHING:
            assert [phases.HANDLERS[i][r.kind] for r in d.resolve] == [r.effect for r in d.resolve]
    assert [p for p in Phase if phases.TURNS[p.ordinal] is not None] == [t.phase for t in BOT_TURNS]
    assert all(phases.TURNS[t.phase.ordinal] is t for t in BOT_TURNS)


@pytest.mark.clause("R-8", "MASON-1", "ARCHITECT-1", "MARKET-1", "WHARF-1", "RECTOR-1")
def test_an_activation_opens_the_decisions_whose_record_names_a_building() -> None:
    opened = {BUILDING_INDEX[d.building]: (d.phase, d.has_choice) for d in phases.DECISIONS if d.building is not None}
    assert activation.DECISIONS == opened
    assert {phase for phase, _ in opened.values()} == {
        Phase.MASON,
        Phase.ARCHITECT,
        Phase.MARKET,
        Phase.WHARF,
        Phase.RECTOR_DRAW,
    }
    assert all(has_choice is not None for _, has_choice in opened.values())


@pytest.mark.clause("SOLO-4", "SOLO-5", "R-15")
def test_a_bot_decides_in_the_phases_of_its_rules_once_each() -> None:
    # SOLO-4: placements; R-15: the hex order; SOLO-5: the Mason, Architect, Market, Wharf and the
    # Rector's Palace (a bot keeps both cards: no RECTOR_KEEP), never a trade window
    assert [t.phase for t in BOT_TURNS] == [
        Phase.PLACE,
        Phase.ORDER,
        Phase.MASON,
        Phase.ARCHITECT,
        Phase.MARKET,
        Phase.WHARF,
        Phase.RECTOR_DRAW,
    ]


#: random games whose states, together, are in every phase (the 5-player game in all 12)
GAMES = [
    (5, "2nd", Options(), 1),
    (4, "2nd", Options(), 1),
    (2, "2nd", Options(), 2),
    (3, "1st", Options(strict=True), 3),
    (1, "2nd", Options(solo_harder=True), 4),
    (1, "2nd", Options(solo_easier_rector=True), 5),
]


@pytest.mark.clause(*PHASE_CLAUSES)
@pytest.mark.parametrize(("players", "edition", "options", "seed"), GAMES)
def test_the_legal_moves_of_every_state_are_its_records_offers_and_resolve_takes_them(
    players: int, edition: str, options: Options, seed: int
) -> None:
    seen = set()
    for state in game(players, edition, options, seed):
        seen.add(state.phase)
        if state.seat is None:  # the game is over (TURN-3): nothing is offered
            assert state.phase == Phase.OVER and legal_moves(state).actions == ()
            continue
        d = phases.DECISIONS[state.phase.ordinal]
        listed = legal_moves(state).actions
        assert d.offers(state, state.seat).actions == listed
        # every kind it offers is one it resolves (fish trades, FISH-2, in every phase)
        assert {type(a) for a in listed} - {Trade} <= {r.kind for r in d.resolve}
    assert {Phase.PLACE, Phase.OVER} <= seen
    if players == 5:
        assert seen == set(Phase)


@pytest.mark.clause("MASON-1", "R-8")
def test_an_action_its_record_does_not_resolve_is_refused_with_the_phase_clause() -> None:
    # s34 touches the Mason, olive-grove-4 and vineyard-4 (board data): 1 stone for the city hex
    # (BUILD-3), 1 wood for each country hex (BUILD-2). All 22 wall segments are free, so the
    # Mason's wall is compulsory and its 22 walls are every choice (seat 0 has no fish)
    state = apply(position(4, turn=0, res={0: {"stone": 1, "wood": 2}}), Place("s34"))
    assert (state.phase, state.seat) == (Phase.MASON, 0)
    assert [type(a) for a in legal_actions(state)] == [BuildWall] * 22
    with pytest.raises(IllegalActionError) as e:
        apply(state, Pass())
    assert e.value.rule == "MASON-1"
    assert "must choose a free wall segment (BuildWall) now; Pass is not a choice here" in str(e.value)
