"""The trust boundary against semantic mutations of reachable positions, family by family (the kinds
and their reasons: tests/boundary_mutation_kinds.py). Every mutation must be refused, or be a
position some game reaches; each family is exercised on positions of every mode."""

from __future__ import annotations

import functools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ragusa import GameState, Options, apply, is_terminal, legal_actions, new_game, validate
from ragusa.spec.loading import default_registry
from tests.boundary_mutation_kinds import KINDS
from tests.boundary_mutations import FAMILIES, MODES, reachable_positions, table, tally


@functools.cache
def positions() -> tuple[GameState, ...]:
    return tuple(reachable_positions())


@functools.cache
def other_positions() -> tuple[GameState, ...]:
    """Positions of other games than the table's: every fifth state of two games per mode, one seeded
    (seeds 100 up) and one with explicit chance (its outcomes drawn here, seeds 200 up)."""
    out: list[GameState] = []
    for k, (players, edition, options) in enumerate(MODES):
        for chance in (False, True):
            rng = random.Random(200 + k if chance else 100 + k)
            state = new_game(players, seed=None if chance else 100 + k, edition=edition, options=options, chance=chance)
            for i in range(10_000):
                if i % 5 == 0 or is_terminal(state):
                    out.append(state)
                if is_terminal(state):
                    break
                state = apply(state, rng.choice(legal_actions(state)))
    return tuple(out)


def _known(state: GameState) -> bool:
    """Whether `state` is one of the positions the games above reached."""
    return state in positions() or state in other_positions()


@functools.cache
def sweep() -> dict[str, Counter[str]]:
    """The table's counts."""
    return tally(KINDS, list(positions()))


def test_every_mutation_of_the_table_is_refused() -> None:
    counts = sweep()
    accepted = {family: [k for k in c if k.startswith("accepted")] for family, c in counts.items()}
    assert accepted == {family: [] for family in FAMILIES}
    for family in FAMILIES:
        # every family is exercised on many positions, and each refusal names a clause
        assert counts[family]["made"] >= 50, family
        assert counts[family]["refused"] == counts[family]["made"], family
        # most refusals name the rule the mutation breaks (others refuse it earlier for another reason)
        assert counts[family]["named"] >= 0.9 * counts[family]["made"], family


def test_every_kind_applies_somewhere_and_names_its_clauses() -> None:
    known = {c.id for c in default_registry().clauses}
    made = {k.removeprefix("kind ") for c in sweep().values() for k in c if k.startswith("kind ")}
    for kind in KINDS:
        assert kind.family in FAMILIES and kind.clauses <= known, kind.why
        assert kind.name in made, f"{kind.name} applies to none of the positions"


def test_the_table_counts_every_family() -> None:
    lines = table(KINDS, list(positions())[:40])
    assert [line.split()[0] for line in lines[2:]] == [f.split()[0] for f in FAMILIES]


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutation_of_another_game_is_refused_or_reached(family: str, data: st.DataObject) -> None:
    kinds = [k for k in KINDS if k.family == family]
    kind = data.draw(st.sampled_from(kinds), label="kind")
    state = data.draw(st.sampled_from(other_positions()), label="position")
    mutant = kind.make(state, random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed")))
    if mutant is None or mutant == state:
        return
    found = validate(mutant)
    assert found or _known(mutant), f"accepted: {kind.name} ({kind.why})"


def test_the_positions_cover_every_mode_and_phase() -> None:
    modes = {(s.n_players if s.solo is None else 1, s.edition, s.options) for s in positions()}
    assert modes == {(p, e, o) for p, e, o in MODES}
    assert {s.phase.value for s in positions()} >= {"setup_bonus", "place", "order", "mason", "over", "end_trade"}
    assert Options() in {o for _, _, o in MODES}
