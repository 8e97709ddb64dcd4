"""Each decision (phase) is declared once, as one record beside its rule (`ragusa.rules.decision`),
and every table is built from the records (`ragusa.rules.phases`): the legal moves of a phase are
its record's `offers`, the actions `apply` takes in it are its record's `resolve`, the building
whose activation opens it is its record's `building`, the way a solo bot takes it is its `bot`
(`ragusa.rules.decision.BotTurn`)."""

from __future__ import annotations

import attrs
import grimp
import pytest

from ragusa import Options, Pass, Place, apply, legal_actions
from ragusa.core.actions import BuildWall, Trade
from ragusa.core.board import BUILDING_INDEX
from ragusa.core.errors import IllegalActionError
from ragusa.core.state import Phase
from ragusa.rules import activation, phases
from ragusa.rules.decision import Then
from ragusa.rules.legal import legal_moves
from ragusa.rules.solo.patrician import BOT_PHASES
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
def test_a_phase_with_two_records_or_none_is_refused() -> None:
    records = phases.DECISIONS
    with pytest.raises(RuntimeError, match="one decision record per phase"):
        phases.in_phase_order((*records, records[4]))  # the Mason's twice
    with pytest.raises(RuntimeError, match="one decision record per phase"):
        phases.in_phase_order(records[:-1])  # no record for the game's end
    assert phases.in_phase_order(tuple(reversed(records))) == records


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
    assert phases.TURNS == tuple(d.bot for d in phases.DECISIONS)
    # a bot's own rule (SOLO-4's placement) is followed by what follows in its decision
    own = [(d.phase, d.bot.execute) for d in phases.DECISIONS if d.bot is not None and d.bot.execute is not None]
    assert [p for p, _ in own] == [Phase.PLACE]
    assert phases.BOT_RULES[Phase.PLACE.ordinal] is own[0][1]  # the turn's decision: nothing follows
    assert [p for p in Phase if phases.BOT_RULES[p.ordinal] is not None] == [Phase.PLACE]


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


@pytest.mark.clause("SOLO-4", "SOLO-5", "R-15", "R-16")
def test_a_bot_decides_in_the_phases_of_its_rules_and_their_records_say_how() -> None:
    # SOLO-4: placements; R-15: the hex order; SOLO-5: the Mason, Architect, Market, Wharf and the
    # Rector's Palace (a bot keeps both cards: no RECTOR_KEEP), never a trade window
    bot = [Phase.PLACE, Phase.ORDER, Phase.MASON, Phase.ARCHITECT, Phase.MARKET, Phase.WHARF, Phase.RECTOR_DRAW]
    assert sorted(BOT_PHASES, key=lambda p: p.ordinal) == bot
    assert [d.phase for d in phases.DECISIONS if d.bot is not None] == bot
    # each record with a bot part names the bots' rule among its clauses
    rule = {Phase.PLACE: "SOLO-4", Phase.ORDER: "R-15"}
    assert all(rule.get(d.phase, "SOLO-5") in d.clauses for d in phases.DECISIONS if d.bot is not None)


@pytest.mark.clause("SOLO-5", "R-16")
def test_a_record_missing_its_bot_part_or_with_one_a_bot_never_uses_is_refused() -> None:
    records = phases.DECISIONS
    mason = records[Phase.MASON.ordinal]
    window = records[Phase.TRADE_WINDOW.ordinal]
    with pytest.raises(RuntimeError, match=r"a bot decides in phases .*their records say how in"):
        phases.in_phase_order(tuple(attrs.evolve(d, bot=None) if d is mason else d for d in records))
    with pytest.raises(RuntimeError, match=r"their records say how in .*'trade_window'"):
        phases.in_phase_order(tuple(attrs.evolve(d, bot=mason.bot) if d is window else d for d in records))


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


#: the modules that declare decisions, and those that build and play the tables from them
DECLARING = (
    "ragusa.rules.buildings",
    "ragusa.rules.turn_flow",
    "ragusa.rules.activation",
    "ragusa.rules.end_of_game",
    "ragusa.rules.phases",
    "ragusa.rules.resolution",
)


@pytest.mark.clause("SOLO-4", "SOLO-5", "R-15")
def test_what_the_bots_choices_share_sits_below_the_records_that_name_them() -> None:
    # a record names its bot part, so the solo modules it reads import none of the records' modules
    graph = grimp.build_graph("ragusa", include_external_packages=False)
    for module in ("ragusa.rules.solo", "ragusa.rules.solo.patrician", "ragusa.rules.solo.policy"):
        above = graph.find_upstream_modules(module)
        assert sorted(m for m in above if m.startswith(DECLARING)) == [], module
    assert "ragusa.rules.solo.patrician" in graph.find_modules_directly_imported_by("ragusa.rules.buildings.mason")
