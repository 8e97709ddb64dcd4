"""What `tests/test_traceability_runs.py` runs in a fresh interpreter: it imports nothing of ragusa
before the profiler starts, so the rule code run at import (tables worked out once) counts too."""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
from collections.abc import Callable
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


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


def never_run() -> list[str]:
    """Run in the fresh interpreter: the marked functions that did not run."""
    seen: set[CodeType] = set()

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event == "call":
            seen.add(frame.f_code)

    sys.setprofile(profile)
    try:
        import ragusa
        from ragusa.core.clauses import IMPLEMENTATIONS

        for module in pkgutil.walk_packages(ragusa.__path__, "ragusa."):
            if not module.name.endswith("__main__"):
                importlib.import_module(module.name)
        _play_everything()
    finally:
        sys.setprofile(None)
    # the docs' renderers name the clauses they render (R-13: the contradictions page), not rule code
    names = {n for found in IMPLEMENTATIONS.values() for n in found if not n.startswith("ragusa.spec.")}
    assert len(names) > 60
    return sorted(n for n in names if _function(n).__code__ not in seen)


def _play_everything() -> None:
    from ragusa import apply, new_game, step
    from tests.chance_support import MODES, replay
    from tests.golden.transcript import actions_of, options_of

    for path in sorted((ROOT / "tests" / "golden").glob("*.txt")):
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


if __name__ == "__main__":
    print(json.dumps(never_run()))
