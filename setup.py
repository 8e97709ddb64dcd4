"""Extension modules for the opt-in compiled build (`RAGUSA_MYPYC=1`); all metadata is in pyproject.toml.

Without the variable the wheel is pure Python and this file adds nothing. With it, mypyc (from the
mypy that `tools/build_backend/ragusa_build.py` adds to the build requirements) compiles the
modules below to C extensions that sit beside their sources in the wheel and are imported first.
The list was chosen by measurement (docs/benchmarks.md); `ragusa.core.build` reports what a given
install has.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from typing import Any

from setuptools import setup

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "tools", "build_backend"))
from ragusa_build import compiled, marks_after_definitions

#: the modules compiled by the opt-in build, paths from the project root: every rule module a playout
#: runs (compiling only the 15 hottest was no faster than pure Python: calls between compiled and
#: interpreted code cost what compiling saved; docs/benchmarks.md). Not compiled: the attrs data classes
#: of the state, actions and events (their instances are the public API) and everything above the rules
MYPYC_MODULES = [
    # the scratch copy (its field-by-field parts written out from the state's fields) and the generator
    "src/ragusa/core/scratch_fields.py",
    "src/ragusa/core/scratch.py",
    "src/ragusa/core/rng.py",
    # sets of spots as masks, listed at every placement
    "src/ragusa/core/spot_masks.py",
    # legality: the building requirements, the legal moves, the action forms
    "src/ragusa/rules/requirements.py",
    "src/ragusa/rules/moves.py",
    "src/ragusa/rules/legal.py",
    "src/ragusa/rules/action_form.py",
    "src/ragusa/rules/queries.py",
    # resolving an action: the decisions' records and tables, its resolution, the turn, activation, fish, two
    # players, scoring, the end, random draws and chance nodes
    "src/ragusa/rules/decision.py",
    "src/ragusa/rules/phases.py",
    "src/ragusa/rules/resolution.py",
    "src/ragusa/rules/turn_flow.py",
    "src/ragusa/rules/end_of_game.py",
    "src/ragusa/rules/activation.py",
    "src/ragusa/rules/fish.py",
    "src/ragusa/rules/two_player.py",
    "src/ragusa/rules/scoring.py",
    "src/ragusa/rules/chance.py",
    # the buildings (and where the Mason and the Architect find the site an action names)
    "src/ragusa/rules/buildings/__init__.py",
    "src/ragusa/rules/buildings/architect.py",
    "src/ragusa/rules/buildings/cathedral.py",
    "src/ragusa/rules/buildings/fishmonger.py",
    "src/ragusa/rules/buildings/market.py",
    "src/ragusa/rules/buildings/mason.py",
    "src/ragusa/rules/buildings/production.py",
    "src/ragusa/rules/buildings/rector.py",
    "src/ragusa/rules/buildings/wharf.py",
    # the solo game's bots, walls, deal and scoring
    "src/ragusa/rules/solo/patrician.py",
    "src/ragusa/rules/solo/deal.py",
    "src/ragusa/rules/solo/policy.py",
    "src/ragusa/rules/solo/scoring.py",
    # starting a game (a solo playout is short: its setup counts)
    "src/ragusa/rules/game.py",
    "src/ragusa/rules/setup.py",
]


def compiled_setup() -> dict[str, Any]:
    """`setup()` arguments of the compiled build: the mypyc extensions, built in a fresh temporary
    directory (never `build/`, whose files an earlier build may have left: a stale extension
    would be imported in place of its source).

    mypyc compiles a copy of the sources in which the modules it compiles make their `@implements`
    marks after their definitions (`marks_after_definitions`): compiled code then calls the rule
    functions directly rather than through their Python-level wrappers (in a playout about 7% of the
    instructions). The wheel ships the sources as written."""
    from mypyc.build import mypycify

    base = tempfile.mkdtemp(prefix="ragusa-mypyc-")
    atexit.register(shutil.rmtree, base, True)
    root = os.path.dirname(os.path.abspath(__file__))
    shutil.copytree(os.path.join(root, "src"), os.path.join(base, "src"))
    for path in MYPYC_MODULES:
        with open(os.path.join(root, path), encoding="utf-8") as source:
            text = marks_after_definitions(source.read())
        with open(os.path.join(base, path), "w", encoding="utf-8") as copy:
            copy.write(text)
    paths = [os.path.join(base, path) for path in MYPYC_MODULES]
    extensions = mypycify(paths, opt_level="3", group_name="ragusa", target_dir=os.path.join(base, "c"))
    return {"ext_modules": extensions, "options": {"build": {"build_base": base}}}


setup(**(compiled_setup() if compiled() else {}))
