"""Traceability is honest: every function that names a clause with `@implements` is code the engine
runs. In a fresh interpreter, profiled from before `import ragusa` (tables worked out at import
count), the golden games are played through `step` and through `apply`, and seeded games with
explicit chance in every mode; a marked function that never ran fails (`tests/trace_support.py`).
(Tooling: no clause marker.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ragusa.core.build import COMPILED

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(COMPILED, reason="a profiler sees no call into the compiled build's rule modules")
def test_every_function_marked_with_a_clause_runs_in_real_games() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tests.trace_support"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout.splitlines()[-1]) == []
