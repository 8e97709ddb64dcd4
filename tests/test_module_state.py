"""The rules, the core and the AI interface keep no state of their own between calls: no `global`
statement, no module-level container that playing games changes, and where a memo pays it is the
one bounded mechanism, `functools.lru_cache` with a size. (Tooling: no clause marker.)"""

from __future__ import annotations

import ast
import functools
import importlib
import pkgutil
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import ragusa
from ragusa import apply, is_terminal, legal_actions, new_game, step
from ragusa.core.state import Options

PACKAGES = ("ragusa.core", "ragusa.rules", "ragusa.ai")
SRC = Path(ragusa.__file__).resolve().parent


def modules() -> list[ModuleType]:
    found = []
    for package in PACKAGES:
        pkg = importlib.import_module(package)
        found.append(pkg)
        for info in pkgutil.walk_packages(pkg.__path__, package + "."):
            found.append(importlib.import_module(info.name))
    return found


def snapshot(value: Any) -> Any:
    """`value`'s content: containers entered, scalars by value, any other object by identity."""
    if isinstance(value, dict):
        return ("dict", tuple((snapshot(k), snapshot(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(snapshot(v) for v in value))
    if isinstance(value, set | frozenset):
        return ("set", frozenset(snapshot(v) for v in value))
    if isinstance(value, bytearray):
        return ("bytearray", bytes(value))
    if value is None or isinstance(value, int | float | str | bytes):
        return value
    return ("object", id(value))


def containers() -> dict[str, Any]:
    """Every module-level dict, list, set or bytearray of those packages, as its content."""
    out = {}
    for module in modules():
        for name, value in vars(module).items():
            if isinstance(value, dict | list | set | bytearray) and not name.startswith("__"):
                out[f"{module.__name__}.{name}"] = snapshot(value)
    return out


def play_every_mode() -> None:
    from ragusa.ai import legal_ids, legal_mask_list
    from ragusa.ai.encoder import ObservationEncoder

    modes = [
        (1, Options()),
        (1, Options(solo_easier_rector=True)),
        (2, Options()),
        (3, Options(strict=True)),
        (5, Options()),
    ]
    for players, options in modes:
        for through_step in (False, True):
            rng = random.Random(players)
            state = new_game(players, seed=players, options=options)
            encoder = ObservationEncoder()
            while not is_terminal(state):
                acts = legal_actions(state)
                legal_mask_list(state)
                assert state.seat is not None
                encoder.observe(state, state.seat, legal_ids(state))
                action = acts[rng.randrange(len(acts))]
                state = step(state, action)[0] if through_step else apply(state, action)
    state = new_game(3, chance=True)
    for _ in range(60):
        state = apply(state, legal_actions(state)[-1])


def test_no_global_statement_in_the_rules_the_core_or_the_ai() -> None:
    found = []
    for package in PACKAGES:
        for path in (SRC / package.split(".")[1]).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Global):
                    found.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert found == []


def test_playing_games_changes_no_module_level_container() -> None:
    before = containers()
    assert len(before) > 20
    play_every_mode()
    after = containers()
    assert [name for name in before if before[name] != after.get(name)] == []


def test_every_memo_is_bounded() -> None:
    memos = {
        f"{module.__name__}.{name}": value
        for module in modules()
        for name, value in vars(module).items()
        if isinstance(value, functools._lru_cache_wrapper)
    }
    assert {
        name: memo.cache_parameters()["maxsize"]
        for name, memo in memos.items()
        if memo.cache_parameters()["maxsize"] is None
    } == {}


@pytest.mark.parametrize("package", PACKAGES)
def test_the_packages_are_found(package: str) -> None:
    assert any(m.__name__.startswith(package + ".") for m in modules())
