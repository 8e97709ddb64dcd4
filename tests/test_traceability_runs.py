"""Traceability is honest: every function that names a clause with `@implements` is code the engine
runs. The golden games (played through `step` and through `apply`) and seeded games with explicit
chance in every mode are played under a profiler; a marked function that never runs fails.
(Tooling: no clause marker.)"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import pytest

import ragusa
from ragusa import apply, new_game, step
from ragusa.core.build import COMPILED
from ragusa.core.clauses import IMPLEMENTATIONS
from tests.chance_support import MODES, replay
from tests.golden.transcript import actions_of, options_of

GOLDEN = Path(__file__).resolve().parent / "golden"


def _function(qualified: str) -> Callable[..., Any]:
    """The function named `module.qualname` (the name `@implements` records)."""
    parts = qualified.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            target: Any = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            target = getattr(target, name)
        function: Callable[..., Any] = getattr(target, "__wrapped__", target)  # a memo (lru_cache) around it
        return function
    raise LookupError(qualified)


def _marked() -> dict[str, CodeType]:
    for module in pkgutil.walk_packages(ragusa.__path__, "ragusa."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    # the docs' renderers name the clauses they render (R-13: the contradictions page), not rule code
    names = {name for found in IMPLEMENTATIONS.values() for name in found if not name.startswith("ragusa.spec.")}
    return {name: _function(name).__code__ for name in sorted(names)}


def _play_everything() -> None:
    for path in sorted(GOLDEN.glob("*.txt")):
        head, actions = actions_of(path.read_text(encoding="utf-8"))
        start = new_game(head["players"], seed=head["seed"], edition=head["edition"], options=options_of(head))
        quiet = noisy = start
        for action in actions:
            quiet = apply(quiet, action)
            noisy, _ = step(noisy, action)
    for k, mode in enumerate(MODES):
        for seed in (15, 100 + k):  # seed 15 takes the harder variant's Rector (SOLO-8)
            for _ in replay(mode, seed):
                pass


def _run_profiled() -> set[CodeType]:
    seen: set[CodeType] = set()

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event == "call":
            seen.add(frame.f_code)

    sys.setprofile(profile)
    try:
        _play_everything()
    finally:
        sys.setprofile(None)
    return seen


@pytest.mark.skipif(COMPILED, reason="a profiler sees no call into the compiled build's rule modules")
def test_every_function_marked_with_a_clause_runs_in_real_games() -> None:
    marked = _marked()
    assert len(marked) > 60
    seen = _run_profiled()
    assert [name for name, code in marked.items() if code not in seen] == []
