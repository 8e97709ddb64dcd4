"""The scratch copy (:mod:`ragusa.core.work`) cannot drift from the state it copies (issue 10).

``apply`` copies a :class:`GameState` into a :class:`Work`, lets the rules edit it and freezes it
back. A field added to the state but not to the copy would be silently reset to its default by
every action; these tests fail as soon as the two disagree. (Tooling: no clause marker.)"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import attrs
import pytest

from ragusa import apply, is_terminal, legal_actions, new_game
from ragusa.core import work as work_module
from ragusa.core.build import compiled_modules
from ragusa.core.state import GameState, PlayerState
from ragusa.core.work import PlayerWork, Work

STATE_FIELDS = tuple(f.name for f in attrs.fields(GameState))
PLAYER_FIELDS = tuple(f.name for f in attrs.fields(PlayerState))


def instance_attributes(cls: type) -> tuple[str, ...]:
    """The attributes an instance of `cls` has: its `__slots__`, or, where mypyc compiled the class
    (the optional compiled build), the attribute list of the native class, which replaces them."""
    if "ragusa.core.work" in compiled_modules():
        attributes: tuple[str, ...] = cls.__mypyc_attrs__  # type: ignore[attr-defined]
        assert "__slots__" not in cls.__dict__
        return attributes
    slots: tuple[str, ...] = cls.__slots__  # type: ignore[attr-defined]
    return slots


def test_work_copies_every_state_field_and_nothing_else() -> None:
    copied = set(instance_attributes(Work)) - {"n", "_pw", "ev"}
    assert copied == {"_players" if name == "players" else name for name in STATE_FIELDS}


def test_player_work_copies_every_player_field_and_nothing_else() -> None:
    renamed = {"resources": "res", "commodities": "com"}
    assert set(instance_attributes(PlayerWork)) == {renamed.get(name, name) for name in PLAYER_FIELDS}


def test_copy_and_freeze_is_the_identity_on_real_positions() -> None:
    for players in (1, 2, 3, 4, 5):
        rng = random.Random(players)
        state = new_game(players, seed=players)
        while not is_terminal(state):
            work = Work(state)
            for seat in range(state.n_players):
                work.p(seat)  # force every player through the mutable copy as well
            assert work.freeze() == state
            acts = legal_actions(state)
            state = apply(state, acts[rng.randrange(len(acts))])
        assert Work(state).freeze() == state


def function_source(module: str, cls: str | None, name: str) -> str:
    """The source of function `name` (a method of `cls`, if given) in the installed
    `ragusa/core/{module}.py`. It is read from the file, not with `inspect` (a function compiled by
    mypyc has no source), and the file is the installed one: the compiled build ships it beside
    the extension made from it."""
    path = Path(work_module.__file__).with_name(f"{module}.py")
    source = path.read_text(encoding="utf-8")
    body = ast.parse(source).body
    if cls is not None:
        body = next(node.body for node in body if isinstance(node, ast.ClassDef) and node.name == cls)
    for item in body:
        if isinstance(item, ast.FunctionDef) and item.name == name:
            segment = ast.get_source_segment(source, item)
            assert segment is not None
            return segment
    raise AssertionError(f"{cls}.{name} is not in {path}")


def listed(source: str) -> list[str]:
    """The names listed one a line (``name,``) in a function's source: a target or value list."""
    return [line.strip()[:-1] for line in source.splitlines() if re.fullmatch(r"(self\.|[sop]\.)?\w+,", line.strip())]


def test_copy_and_freeze_name_every_field() -> None:
    """Each field is read in ``__init__`` and written back in ``freeze`` (a new field missing from
    either would be reset to its default by every action, even where real games never show it).
    The fields travel as one tuple in declaration order (`ragusa.core.shells`): the shells' readers
    and builders name each field in that order, and the scratch copy takes and gives them in it."""
    for fields, kind, cls, copied in (
        (STATE_FIELDS, "game_state", "Work", {"players": "self._players"}),
        (PLAYER_FIELDS, "player_state", "PlayerWork", {"resources": "res", "commodities": "com", "vp": "vp"}),
    ):
        read, build = function_source("shells", None, f"{kind}_values"), function_source("shells", None, f"{kind}_of")
        var = "s" if kind == "game_state" else "p"
        assert listed(read) == [f"{var}.{name}" for name in fields]
        assert listed(build) == [f"o.{name}" for name in fields]
        assert listed(function_source("work", cls, "__init__")) == [copied.get(n, f"self.{n}") for n in fields]
    freeze = function_source("work", "Work", "freeze")
    assert listed(freeze) == [("players" if n == "players" else f"self.{n}") for n in STATE_FIELDS]
    freeze = function_source("work", "PlayerWork", "freeze")
    for name in PLAYER_FIELDS:
        assert f"self.{ {'resources': 'res', 'commodities': 'com'}.get(name, name) }" in freeze, name


def test_frozen_copies_are_true_frozen_instances_equal_to_constructed_ones() -> None:
    """`freeze` fills a shell and gives it the frozen class (`ragusa.core.state`): the result is
    an instance of exactly that class, frozen, and equal (with the same hash) to the state the
    class's own `__init__` builds from the same fields."""
    state = new_game(2, seed=3)
    work = Work(state)
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
