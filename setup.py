"""Extension modules for the opt-in compiled build (`RAGUSA_MYPYC=1`); all metadata is in pyproject.toml.

Without the variable the wheel is pure Python and this file adds nothing. With it, mypyc (from the
mypy that `tools/build_backend/ragusa_build.py` adds to the build requirements) compiles the
modules below to C extensions that sit beside their sources in the wheel and are imported first.
The list was chosen by measurement (docs/benchmarks.md); `ragusa.core.build` reports what a given
install has.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import setup

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "tools", "build_backend"))
from ragusa_build import compiled

#: the modules compiled by the opt-in build, paths from the project root
MYPYC_MODULES = [
    "src/ragusa/core/work.py",
    "src/ragusa/rules/scan.py",
    "src/ragusa/rules/requirements.py",
    "src/ragusa/rules/activation.py",
    "src/ragusa/rules/flow.py",
    "src/ragusa/rules/legal.py",
    "src/ragusa/rules/engine.py",
    "src/ragusa/rules/two_player.py",
    "src/ragusa/rules/fish.py",
    "src/ragusa/rules/queries.py",
    "src/ragusa/rules/scoring.py",
    "src/ragusa/rules/buildings/market.py",
    "src/ragusa/rules/buildings/production.py",
    "src/ragusa/rules/solo/policy.py",
    "src/ragusa/rules/solo/walls.py",
]


def ext_modules() -> list[Any]:
    """The mypyc extensions when `RAGUSA_MYPYC=1`, else none (the pure wheel)."""
    if not compiled():
        return []
    from mypyc.build import mypycify

    return list(mypycify(MYPYC_MODULES, opt_level="3", group_name="ragusa"))


setup(ext_modules=ext_modules())
