"""The scratch copy (`ragusa.core.scratch`) cannot drift from the state it copies.

``apply`` copies a `GameState` into a `Scratch`, lets the rules edit it and freezes it back. The
field-by-field code of that copy is written out from the state's field declarations
(`tools/generate_fields.py`); these tests fail when the written-out modules are not what the fields
give, or when a copy and freeze changes any field of a real position. (Tooling: no clause marker.)"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import attrs
import pytest

from ragusa import apply, is_terminal, legal_actions, new_game
from ragusa.core.scratch import Scratch
from ragusa.core.state import GameState, Options, PlayerState, SoloState
from ragusa.rules.solo.patrician import solo_with
from tests.support import tool

STATE_FIELDS = tuple(f.name for f in attrs.fields(GameState))
PLAYER_FIELDS = tuple(f.name for f in attrs.fields(PlayerState))


def generator() -> ModuleType:
    return tool("generate_fields.py")


def test_the_written_out_modules_are_what_the_fields_give() -> None:
    gen = generator()
    assert gen.MODULES, "the generator writes the scratch copy's modules"
    for path, make in gen.MODULES.items():
        assert path.read_text(encoding="utf-8") == make(), f"run python tools/generate_fields.py ({path.name})"


def real_states() -> list[GameState]:
    """Positions of random games of every mode (solo, 2 to 5 players, both editions, strict)."""
    out: list[GameState] = []
    modes = ((1, "2nd", Options()), (2, "1st", Options(strict=True)), (3, "2nd", Options()), (5, "2nd", Options()))
    for players, edition, options in modes:
        rng = random.Random(players)
        state = new_game(players, seed=players, edition=edition, options=options)
        while not is_terminal(state):
            out.append(state)
            acts = legal_actions(state)
            state = apply(state, acts[rng.randrange(len(acts))])
        out.append(state)
    state = new_game(2, chance=True)  # explicit chance: its chance nodes and decisions
    for _ in range(40):
        out.append(state)
        state = apply(state, legal_actions(state)[-1])
    return out


def test_copy_and_freeze_is_the_identity_on_real_positions() -> None:
    for state in real_states():
        work = Scratch(state)
        for seat in range(state.n_players):
            work.p(seat)  # force every player through the mutable copy as well
        assert work.freeze() == state


@pytest.mark.parametrize("name", STATE_FIELDS)
def test_each_field_of_the_state_is_carried_through_the_copy(name: str) -> None:
    # a position whose field `name` is taken from another real position: copy and freeze keep it
    states = real_states()
    base = states[len(states) // 3]
    others = [getattr(s, name) for s in states if getattr(s, name) != getattr(base, name)]
    if name == "passes":  # turns passed in a row, never met in random games
        others = [2]
    assert others, f"no two positions differ in {name}"
    changed = attrs.evolve(base, **{name: others[0]})
    assert Scratch(changed).freeze() == changed


@pytest.mark.parametrize("name", PLAYER_FIELDS)
def test_each_field_of_a_seat_is_carried_through_its_copy(name: str) -> None:
    players = [p for s in real_states() for p in s.players]
    base = players[len(players) // 2]
    other = next(p for p in players if getattr(p, name) != getattr(base, name))
    state = attrs.evolve(real_states()[5], players=(attrs.evolve(base, **{name: getattr(other, name)}),) * 3)
    work = Scratch(state)
    work.p(1)
    assert work.freeze() == state


def test_frozen_copies_are_true_frozen_instances_equal_to_constructed_ones() -> None:
    """`freeze` fills a shell and gives it the frozen class: the result is an instance of exactly
    that class, frozen, and equal (with the same hash) to the state the class's own `__init__`
    builds from the same fields."""
    state = new_game(2, seed=3)
    work = Scratch(state)
    work.p(0).res[1] += 2
    frozen = work.freeze()
    assert type(frozen) is GameState and type(frozen.players[0]) is PlayerState
    rebuilt = GameState(**{name: getattr(frozen, name) for name in STATE_FIELDS})
    player = PlayerState(**{name: getattr(frozen.players[0], name) for name in PLAYER_FIELDS})
    assert rebuilt == frozen and hash(rebuilt) == hash(frozen)
    assert player == frozen.players[0] and player.resources[1] == state.players[0].resources[1] + 2
    assert frozen != state and state.players[0].resources[1] + 2 == frozen.players[0].resources[1]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        frozen.rng = 0  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        frozen.players[0].houses_left = 0  # type: ignore[misc]


def test_solo_states_built_in_their_shell_are_true_frozen_instances_equal_to_constructed_ones() -> None:
    """`solo_with` builds the solo state in a shell (`ragusa.core.state_tuples.solo_state_of`): for
    every field it changes, and none, the result is exactly a `SoloState`, frozen, equal (with the
    same hash) to what `attrs.evolve` builds, and the state it came from is left as it was."""
    solo = next(s.solo for s in real_states() if s.solo is not None and s.solo.round > 0)
    before = attrs.evolve(solo)
    changes: list[dict[str, Any]] = [
        {},
        {"bot_cards": (("c1",), ())},
        {"bot_pairs": ((("b1", "b2"),), ())},
        {"round": solo.round + 1},
        {"bot_cards": ((), ()), "round": 9},
    ]
    for change in changes:
        made = solo_with(solo, **change)
        expected = attrs.evolve(solo, **change)
        assert type(made) is SoloState and made == expected and hash(made) == hash(expected)
        assert [getattr(made, f.name) for f in attrs.fields(SoloState)] == [
            change.get(f.name, getattr(solo, f.name)) for f in attrs.fields(SoloState)
        ]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            made.round = 0  # type: ignore[misc]
    assert solo == before


def test_what_the_rules_derived_is_handed_on_but_is_not_the_position() -> None:
    state = new_game(3, seed=2)
    while state.phase != "place":
        state = apply(state, legal_actions(state)[0])
    legal_actions(state)  # works the legal moves and the board facts out, kept with the state
    facts = getattr(state, "facts", None)
    assert facts is not None and getattr(state, "moves", None) is not None
    assert Scratch(state).freeze().facts is facts  # handed on to the state made from the copy
    rebuilt = attrs.evolve(state)
    assert getattr(rebuilt, "facts", None) is None and rebuilt == state and hash(rebuilt) == hash(state)


def test_no_rule_reads_whether_events_are_recorded() -> None:
    """`apply` and `step` run the same code: outside the scratch copy's reports (`emit` and the typed
    ones of a placement), no code of the rules or the core reads `ev` (whether events are recorded),
    so recording changes what is returned, never what happens. Assigning the list to record into is
    allowed."""
    import ast
    from pathlib import Path

    src = Path(__file__).resolve().parents[1] / "src" / "ragusa"
    reads = []
    for path in sorted([*(src / "rules").rglob("*.py"), *(src / "core").rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if path.name == "scratch.py":  # the scratch copy records the events: its reports read `ev`
                continue
            for leaf in ast.walk(node) if isinstance(node, ast.FunctionDef) else ():
                if isinstance(leaf, ast.Attribute) and leaf.attr == "ev" and isinstance(leaf.ctx, ast.Load):
                    reads.append(f"{path.relative_to(src)}:{leaf.lineno}")
    assert sorted(set(reads)) == []
